#!/usr/bin/env python3
"""The shogi engine's measurement bench against Fairy-Stockfish (FSF), which lives beside the
project (never in it): docs/shogi-engine.md, "How the numbers are taken".

  engine-lab.py build-fsf MIRROR [DIR]        clone FSF from MIRROR (a git repository: the library's
                                              `fetch github:fairy-stockfish/Fairy-Stockfish`) into
                                              DIR (default ../outside/fsf) and build its large-board
                                              binary
  engine-lab.py tally GAMES.txt               W-L-D so far of a `shogi match --verbose` log
  engine-lab.py beside BASE.txt GAMES.txt...  each log against a baseline run on the same seed and
                                              openings: W-L-D of both over the games both have
                                              played, and which way the results that differ went
  engine-lab.py ttd GAMES.txt PLIES DEPTH N CONFIG...
                                              total nodes to DEPTH per engine configuration, over
                                              the positions after PLIES (e.g. 20,50,80) of the log's
                                              first N games; a CONFIG `program=PATH` measures that
                                              USI program (FSF) instead
  engine-lab.py reach GAMES.txt PLIES N MS PROGRAM...
                                              the depth and nodes a USI program (ours: `shogi usi`)
                                              reaches in MS milliseconds on those positions
  engine-lab.py book FSF COUNT SEED OUT      COUNT opening lines of 8 to 12 plies, each ply a move
                                              FSF rates within 40 of its best (MultiPV 6, depth 9),
                                              kept where FSF's depth-14 score ends within ±60:
                                              balanced and varied, for `shogi match --book OUT`
  engine-lab.py slide FSF GAMES.txt MS [OURS_MS]
                                              where the log's games slip away: FSF's score for A
                                              (MS milliseconds a position) after every ply; per
                                              game the plies where it first falls below -300 and
                                              -600, the mean by ply for the games A won and lost;
                                              with OURS_MS also our search's score (OURS_MS a
                                              position) every 8 plies on A's move beside FSF's

Environment: SHOGI (our binary, default target/release/shogi).
"""
import os
import re
import subprocess
import sys

SHOGI = os.environ.get('SHOGI', 'target/release/shogi')


def records(path):
    """(number, A's side, A's result, moves) of each game of a `shogi match --verbose` log."""
    for line in open(path, encoding='utf-8'):
        m = re.match(r'game\s+(\d+): A as (sente|gote)\s+(won|lost|drew) .*?\): (.*)$',
                     line.strip())
        if m:
            yield m.group(1), m.group(2), m.group(3), m.group(4).split()


def games(path, count):
    """The move lists of the first `count` games of a `shogi match --verbose` log."""
    return [moves for _, _, _, moves in records(path)][:count]


def positions(path, plies, count):
    """The positions (as moves from the start) after each of `plies` in the first games."""
    return [g[:p] for g in games(path, count) for p in plies if len(g) > p]


class Usi:
    """A USI program kept running between searches."""

    def __init__(self, program, options=()):
        self.proc = subprocess.Popen(program, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.send('usi', *(f'setoption name {name} value {value}' for name, value in options),
                  'isready')
        self.wait_for('readyok')

    def send(self, *lines):
        self.proc.stdin.write(''.join(line + '\n' for line in lines))
        self.proc.stdin.flush()

    def wait_for(self, start):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.startswith(start):
                return lines
        raise RuntimeError('the program ended')

    def quit(self):
        self.send('quit')
        self.proc.wait()

    def multipv(self, moves, depth):
        """(score, first move) of each line of the deepest finished iteration."""
        self.send(f"position startpos moves {' '.join(moves)}", f'go depth {depth}')
        best = {}
        for line in self.wait_for('bestmove'):
            m = re.search(r'depth (\d+) .*?(?:multipv (\d+) )?score (cp|mate) (-?\d+) .*? pv (\S+)',
                          line)
            if m:
                best[int(m.group(2) or 1)] = (int(m.group(1)), score_value(m.group(3), m.group(4)),
                                              m.group(5))
        deepest = max((d for d, _, _ in best.values()), default=0)
        return [(score, move) for d, score, move in best.values() if d == deepest]


def search(program, moves, go, config=None):
    """(depth, nodes) of the last `info` line a fresh USI program prints for `go` from the
    position after `moves`."""
    usi = Usi(program, [('Config', config)] if config else [])
    usi.send('usinewgame', f"position startpos moves {' '.join(moves)}", f'go {go}')
    # FSF also prints `info depth N currmove …` lines, which carry no node count.
    last = [line for line in usi.wait_for('bestmove')
            if line.startswith('info depth') and ' nodes ' in line][-1]
    usi.quit()
    field = lambda name: int(re.search(rf' {name} (\d+)', last).group(1))
    return field('depth'), field('nodes')


def score_value(kind, value):
    """A USI score as one number: centipawns, a mate as +-30000."""
    value = int(value)
    return value if kind == 'cp' else 30000 * (1 if value > 0 else -1)


def scored(usi, moves, go):
    """The score (cp, mates as +-30000) for the side to move of the last `info` line with a
    score that a running USI program prints for `go` from the position after `moves`."""
    usi.send('usinewgame', f"position startpos moves {' '.join(moves)}", f'go {go}')
    last = [line for line in usi.wait_for('bestmove') if ' score ' in line][-1]
    return score_value(*re.search(r' score (cp|mate) (-?\d+)', last).groups())


def slide(fsf, path, ms, ours_ms=None):
    """Where the games of a match log slip away (see the module's help)."""
    judge = Usi([fsf], [('Threads', 1), ('USI_Hash', 64)])
    ours = Usi([SHOGI, 'usi'], [('USI_Hash', 128)]) if ours_ms else None
    by_ply = {'won': {}, 'lost': {}}
    for number, side, result, moves in records(path):
        # Scores are for the side to move; A moves at even plies as sente, odd ones as gote.
        a_first = side == 'sente'
        for_a = lambda ply, score: score if (ply % 2 == 0) == a_first else -score
        scores = [for_a(ply, scored(judge, moves[:ply], f'movetime {ms}'))
                  for ply in range(len(moves) + 1)]
        first = lambda limit: next((ply for ply, s in enumerate(scores) if s < limit), None)
        print(f'game {number} ({side}, {result}): below -300 at ply {first(-300)}, '
              f'below -600 at ply {first(-600)}', flush=True)
        for ply, score in enumerate(scores):
            if abs(score) < 30000:
                by_ply.setdefault(result, {}).setdefault(ply // 4 * 4, []).append(score)
        if ours:
            pairs = [(ply, for_a(ply, scored(ours, moves[:ply], f'movetime {ours_ms}')), scores[ply])
                     for ply in range(0 if a_first else 1, len(moves), 2) if ply % 8 in (0, 1)]
            print('  ours / FSF: ' + ', '.join(f'ply {p} {o:+} / {f:+}' for p, o, f in pairs),
                  flush=True)
    for result, table in by_ply.items():
        if table:
            print(f'mean score for A by ply, games A {result}: ' + ', '.join(
                f'{ply} {sum(v) / len(v):+.0f}' for ply, v in sorted(table.items()) if ply <= 60))
    judge.quit()
    if ours:
        ours.quit()


def book(fsf, count, seed, out):
    """Balanced, varied opening lines chosen by FSF (see the module's help)."""
    import random
    rng = random.Random(seed)
    wide = Usi([fsf], [('MultiPV', 6), ('Threads', 1)])
    judge = Usi([fsf], [('Threads', 1)])
    lines = set()
    with open(out, 'w', encoding='utf-8') as file:
        while len(lines) < count:
            moves = []
            for _ in range(rng.randint(8, 12)):
                choices = wide.multipv(moves, 9)
                if not choices:
                    break
                top = max(score for score, _ in choices)
                moves.append(rng.choice([m for score, m in choices if score >= top - 40]))
            line = ' '.join(moves)
            if line in lines:
                continue
            judged = judge.multipv(moves, 14)
            if judged and abs(judged[0][0]) <= 60:
                lines.add(line)
                file.write(line + '\n')
                file.flush()
                print(f'{len(lines)}: {line} ({judged[0][0]:+})', flush=True)
    wide.quit()
    judge.quit()


def main(args):
    if len(args) >= 2 and args[0] == 'build-fsf':
        target = args[2] if len(args) > 2 else '../outside/fsf'
        subprocess.run(['git', 'clone', '-q', args[1], target], check=True)
        subprocess.run(['make', '-j2', 'build', 'ARCH=x86-64-modern', 'largeboards=yes'],
                       cwd=os.path.join(target, 'src'), check=True)
        print(os.path.join(target, 'src', 'stockfish'))
    elif len(args) == 2 and args[0] == 'tally':
        results = [result for _, _, result, _ in records(args[1])]
        print('-'.join(str(results.count(w)) for w in ('won', 'lost', 'drew')))
    elif len(args) >= 3 and args[0] == 'beside':
        base = {number: result for number, _, result, _ in records(args[1])}
        for path in args[2:]:
            run = {number: result for number, _, result, _ in records(path)}
            both = [number for number in run if number in base]

            def score(results):
                return '-'.join(str(sum(results[n] == w for n in both))
                                for w in ('won', 'lost', 'drew'))

            differ = [n for n in both if run[n] != base[n]]
            better = sum(run[n] == 'won' or base[n] == 'lost' for n in differ)
            print(f'{path}: {len(both)} games, {score(run)} (baseline {score(base)}); '
                  f'{len(differ)} differ, {better} of them its way')
    elif len(args) >= 5 and args[0] == 'ttd':
        plies = [int(p) for p in args[2].split(',')]
        todo = positions(args[1], plies, int(args[4]))
        for label in args[5:] or ['']:
            # `program=PATH` measures another USI program (FSF) on the same positions.
            program, config = ([label[8:]], None) if label.startswith('program=') else (
                [SHOGI, 'usi'], label)
            nodes = [search(program, moves, f'depth {args[3]}', config)[1] for moves in todo]
            print(f"'{label}': {len(todo)} positions, {sum(nodes) / 1e6:.1f} M nodes "
                  f"({' '.join(str(n // 1000) for n in nodes)} k)", flush=True)
    elif len(args) == 5 and args[0] == 'book':
        book(args[1], int(args[2]), int(args[3]), args[4])
    elif len(args) in (4, 5) and args[0] == 'slide':
        slide(args[1], args[2], int(args[3]), int(args[4]) if len(args) == 5 else None)
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
