#!/usr/bin/env python3
"""Perft speed of the shogi family's rules against Fairy-Stockfish's `go perft`, one variant at a
time, from each start position at the same depth: both counts (which must agree), both times
(the best of RUNS, each less the same program's time for perft 1, which is its start-up), and
the ratio: how many times faster ours is. Fairy-Stockfish is built beside the project
(docs/shogi-family-crosscheck.md says how).

usage: tools/family-perft-speed.py FAIRY_STOCKFISH VARIANTS_INI [RUNS]
"""
import subprocess
import sys
import time

# Our name, Fairy-Stockfish's, and a depth that takes each program a few seconds (start-up
# then weighs little).
CASES = [
    ('minishogi', 'minishogi', 6),
    ('kyotoshogi', 'kyotoshogi', 7),
    ('microshogi', 'micro', 8),
    ('dobutsu', 'dobutsu', 9),
    ('judkinshogi', 'judkins', 5),
    ('torishogi', 'torishogi', 5),
    ('yarishogi', 'yarishogi', 6),
    ('shoshogi', 'shoshogi', 5),
    ('cannonshogi', 'cannonshogi', 4),
    ('checkshogi', 'checkshogi', 5),
    ('standard', 'shogi', 5),
]


def fairy(binary, ini, variant, depth):
    script = (f'usi\nsetoption name VariantPath value {ini}\nsetoption name USI_Variant value {variant}\n'
              f'position startpos\ngo perft {depth}\nquit\n')
    start = time.perf_counter()
    out = subprocess.run([binary], input=script, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    nodes = int(next(l for l in out.splitlines() if l.startswith('Nodes searched')).split(':')[1])
    return nodes, seconds


def ours(variant, depth):
    start = time.perf_counter()
    out = subprocess.run(['./target/release/shogi', 'perft', str(depth), '--game', variant],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]), time.perf_counter() - start


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    binary, ini = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print('| variant | depth | leaves | ours (s) | Fairy-Stockfish (s) | ours faster by |')
    print('|---|---|---|---|---|---|')
    for name, fsf_name, depth in CASES:
        a = min((ours(name, depth) for _ in range(runs)), key=lambda r: r[1])
        b = min((fairy(binary, ini, fsf_name, depth) for _ in range(runs)), key=lambda r: r[1])
        a_start = min(ours(name, 1)[1] for _ in range(runs))
        b_start = min(fairy(binary, ini, fsf_name, 1)[1] for _ in range(runs))
        a, b = (a[0], a[1] - a_start), (b[0], b[1] - b_start)
        if a[0] != b[0]:
            # Deeper, Fairy-Stockfish counts pawn-drop mates, which the rules forbid (judkins
            # shogi's perft 6: one more).
            print(f'{name}: the counts differ, {a[0]} against {b[0]}')
            sys.exit(1)
        print(f'| {name} | {depth} | {a[0]:,} | {a[1]:.2f} | {b[1]:.2f} | {b[1] / a[1]:.2f} |', flush=True)


if __name__ == '__main__':
    main()
