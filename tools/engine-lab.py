#!/usr/bin/env python3
"""The shogi engine's measurement bench against Fairy-Stockfish (FSF), which lives beside the
project (never in it): docs/shogi-engine.md, "How the numbers are taken".

  engine-lab.py build-fsf MIRROR [DIR]        clone FSF from MIRROR (a git repository: the library's
                                              `fetch github:fairy-stockfish/Fairy-Stockfish`) into
                                              DIR (default ../outside/fsf) and build its large-board
                                              binary
  engine-lab.py tally GAMES.txt               W-L-D so far of a `shogi match --verbose` log
  engine-lab.py ttd GAMES.txt PLIES DEPTH N CONFIG...
                                              total nodes to DEPTH per engine configuration, over
                                              the positions after PLIES (e.g. 20,50,80) of the log's
                                              first N games
  engine-lab.py reach GAMES.txt PLIES N MS PROGRAM...
                                              the depth and nodes a USI program (ours: `shogi usi`)
                                              reaches in MS milliseconds on those positions

Environment: SHOGI (our binary, default target/release/shogi).
"""
import os
import re
import subprocess
import sys

SHOGI = os.environ.get('SHOGI', 'target/release/shogi')


def games(path, count):
    """The move lists of the first `count` games of a `shogi match --verbose` log."""
    found = []
    for line in open(path, encoding='utf-8'):
        m = re.match(r'game\s+\d+: .*?\): (.*)$', line.strip())
        if m:
            found.append(m.group(1).split())
    return found[:count]


def positions(path, plies, count):
    """The positions (as moves from the start) after each of `plies` in the first games."""
    return [g[:p] for g in games(path, count) for p in plies if len(g) > p]


def search(program, moves, go, config=None):
    """The last `info` line a USI program prints for `go` from the position after `moves`."""
    proc = subprocess.Popen(program, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    commands = 'usi\n'
    if config:
        commands += f'setoption name Config value {config}\n'
    commands += f"isready\nusinewgame\nposition startpos moves {' '.join(moves)}\ngo {go}\n"
    proc.stdin.write(commands)
    proc.stdin.flush()
    last = ''
    for line in proc.stdout:
        # FSF also prints `info depth N currmove …` lines, which carry no node count.
        if line.startswith('info depth') and ' nodes ' in line:
            last = line
        if line.startswith('bestmove'):
            break
    proc.stdin.write('quit\n')
    proc.stdin.flush()
    proc.wait()
    field = lambda name: int(re.search(rf' {name} (\d+)', last).group(1))
    return field('depth'), field('nodes')


def main(args):
    if len(args) >= 2 and args[0] == 'build-fsf':
        target = args[2] if len(args) > 2 else '../outside/fsf'
        subprocess.run(['git', 'clone', '-q', args[1], target], check=True)
        subprocess.run(['make', '-j2', 'build', 'ARCH=x86-64-modern', 'largeboards=yes'],
                       cwd=os.path.join(target, 'src'), check=True)
        print(os.path.join(target, 'src', 'stockfish'))
    elif len(args) == 2 and args[0] == 'tally':
        text = open(args[1], encoding='utf-8').read()
        won, lost, drew = (len(re.findall(rf'^game .*: A as \S+ +{w}', text, re.M))
                           for w in ('won', 'lost', 'drew'))
        print(f'{won}-{lost}-{drew}')
    elif len(args) >= 5 and args[0] == 'ttd':
        plies = [int(p) for p in args[2].split(',')]
        todo = positions(args[1], plies, int(args[4]))
        for config in args[5:] or ['']:
            nodes = [search([SHOGI, 'usi'], moves, f'depth {args[3]}', config)[1] for moves in todo]
            print(f"'{config}': {len(todo)} positions, {sum(nodes) / 1e6:.1f} M nodes "
                  f"({' '.join(str(n // 1000) for n in nodes)} k)", flush=True)
    elif len(args) >= 6 and args[0] == 'reach':
        plies = [int(p) for p in args[2].split(',')]
        for moves in positions(args[1], plies, int(args[3])):
            depth, nodes = search(args[5:], moves, f'movetime {args[4]}')
            print(f'after ply {len(moves)}: depth {depth}, {nodes} nodes', flush=True)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
