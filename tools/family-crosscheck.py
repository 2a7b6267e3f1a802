#!/usr/bin/env python3
"""The shogi family's move generator against Fairy-Stockfish's, on random games.

For each variant Fairy-Stockfish plays, plays GAMES random games of up to PLIES plies from the
start position; at every position it asks both programs for the legal moves (ours:
`shogi moves --game NAME --moves ...`; Fairy-Stockfish: `go perft 1` in USI mode) and
compares them as sets, and for the position's SFEN (`shogi sfen`; Fairy-Stockfish's `d`). Every difference is printed with the moves that lead to it, and the
run ends with a count of positions and differences per variant. One difference is known and
counted apart: Fairy-Stockfish lists a pawn drop that mates (a swallow's in tori shogi) as a
move, which the rules forbid.

Fairy-Stockfish is built beside the project, never in it (docs/shogi-family-crosscheck.md says
how): pass its binary and its variants.ini (for cannon shogi).

usage: tools/family-crosscheck.py FAIRY_STOCKFISH VARIANTS_INI [GAMES] [PLIES] [SEED]
"""
import random
import subprocess
import sys

# Our name -> Fairy-Stockfish's.
VARIANTS = {
    'minishogi': 'minishogi',
    'kyotoshogi': 'kyotoshogi',
    'microshogi': 'micro',
    'dobutsu': 'dobutsu',
    'judkinshogi': 'judkins',
    'torishogi': 'torishogi',
    'yarishogi': 'yarishogi',
    'shoshogi': 'shoshogi',
    'cannonshogi': 'cannonshogi',
    'checkshogi': 'checkshogi',
    'standard': 'shogi',
}

SHOGI = './target/release/shogi'


class Fairy:
    """A Fairy-Stockfish process in USI mode."""

    def __init__(self, binary, ini):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('usi')
        self.send(f'setoption name VariantPath value {ini}')
        self.wait('usiok')

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError('Fairy-Stockfish stopped')
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sfen(self, variant, played):
        self.send(f'setoption name USI_Variant value {variant}')
        self.send('position startpos' + (' moves ' + ' '.join(played) if played else ''))
        self.send('d')
        line = self.wait('Sfen:')[-1]
        return line.split(':', 1)[1].strip()

    def moves(self, variant, played):
        self.send(f'setoption name USI_Variant value {variant}')
        self.send('position startpos' + (' moves ' + ' '.join(played) if played else ''))
        self.send('go perft 1')
        lines = self.wait('Nodes searched')
        return {line.split(':')[0] for line in lines if line.endswith(': 1') and not line.startswith('Nodes')}


def our_sfen(variant, played):
    return subprocess.run([SHOGI, 'sfen', '--game', variant, '--moves', ' '.join(played)],
                          capture_output=True, text=True, check=True).stdout.strip()


def ours(variant, played):
    out = subprocess.run([SHOGI, 'moves', '--game', variant, '--moves', ' '.join(played)],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    fairy = Fairy(sys.argv[1], sys.argv[2])
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 80
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    total_positions = total_differences = 0
    for name, fsf_name in VARIANTS.items():
        positions = differences = known_differences = 0
        for _ in range(games):
            played = []
            for _ in range(plies):
                a, b = ours(name, played), fairy.moves(fsf_name, played)
                positions += 1
                # Fairy-Stockfish lists a pawn (or swallow) drop that mates as a move, and
                # scores it as lost afterwards; the rules forbid it. Such a drop, after which
                # Fairy-Stockfish itself finds no reply, is a known difference.
                drop_mates = {m for m in b - a if m[:2] in ('P*', 'S*') and not fairy.moves(fsf_name, played + [m])}
                known_differences += len(drop_mates)
                sfens = our_sfen(name, played), fairy.sfen(fsf_name, played)
                if sfens[0] != sfens[1]:
                    differences += 1
                    print(f'{name} after [{" ".join(played)}]: SFEN {sfens[0]} against {sfens[1]}')
                    break
                if a != b - drop_mates:
                    differences += 1
                    print(f'{name} after [{" ".join(played)}]: only ours {sorted(a - b)}, only Fairy-Stockfish {sorted(b - a - drop_mates)}')
                    break
                if not a:
                    break
                played.append(rng.choice(sorted(a)))
        print(f'{name}: {positions} positions, {differences} differences, {known_differences} drop mates Fairy-Stockfish allows', flush=True)
        total_positions += positions
        total_differences += differences
    print(f'all: {total_positions} positions, {total_differences} differences')
    sys.exit(1 if total_differences else 0)


if __name__ == '__main__':
    main()
