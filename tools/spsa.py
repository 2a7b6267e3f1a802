#!/usr/bin/env python3
"""SPSA tuning of the shogi search's parameters by short matches (docs/shogi-engine.md,
"Tuning the reductions together").

Each iteration moves every parameter up or down by its perturbation `c` at random (theta+ and
theta-), plays them on one opening of the book (plus two random plies, both colours), and
moves each parameter by `rate * c * (score+ - score-) * its direction`. Without `--opponent`
theta+ plays theta- (two games); with it, each plays the outside engine (two games each, at
once on the two cores), which measures the right thing at the cost of noise. Two such
pairs run at a time in self-play. The state is saved after every iteration (resume by
running again), one log line per iteration beside it; create `<state>.stop` to stop.

    python3 tools/spsa.py STATE.json [--bin target/release/shogi] [--limit nodes=30000]
                          [--opponent "program=<USI engine> nodes=20000"] [--rate 0.02]

The opponent's limit is its own (an outside engine may search fewer nodes a second).
"""
import argparse
import json
import os
import random
import subprocess
import time

# name: (start, least, most, perturbation c, tuned in log2)
PARAMETERS = {
    "lmrdiv": (200, 100, 400, 30, False),
    "pvr": (100, -100, 300, 80, False),
    "cutc": (100, -100, 400, 80, False),
    "hred": (0, -500, 1500, 200, False),
    "hbon": (5.0, 1.0, 12.0, 1.0, True),
    "cbon": (4.0, 0.0, 9.0, 1.0, True),
    "cont": (16, 2, 64, 5, False),
    "fut": (150, 50, 300, 25, False),
    "seep": (100, 30, 250, 20, False),
    "probcut": (200, 80, 400, 40, False),
    "nmpb": (2, 1, 6, 0.7, False),
    "nmpd": (4, 2, 8, 1.0, False),
    "extd": (0, 0, 8, 1.5, False),
    "lmro": (0, -200, 300, 60, False),
    "lmrupd": (0, 0, 64, 8, False),
}


def value(name, x):
    _, least, most, _, log = PARAMETERS[name]
    x = min(max(x, least), most)
    return round(2**x) if log else round(x)


def config(theta):
    return " ".join(f"{name}={value(name, x)}" for name, x in theta.items())


def start_match(args, a, b, book_line, seed, slot):
    book = f"{args.state}.book{slot}"
    with open(book, "w") as f:
        f.write(book_line + "\n")
    command = [args.bin, "match", "--a", a, "--b", b, "--games", "2", "--seed", str(seed),
               "--threads", "1", "--book", book, "--opening-plies", "2"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def wins_minus_losses(process):
    out = process.communicate()[0]
    for line in out.splitlines():
        if line.startswith("W-L-D"):
            wins, losses, _ = map(int, line.split()[1].split("-"))
            return wins - losses
    raise RuntimeError(f"no result in the match's output:\n{out}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("state")
    parser.add_argument("--bin", default="target/release/shogi")
    parser.add_argument("--book", default="benches/shogi-book.txt")
    parser.add_argument("--limit", default="nodes=30000")
    parser.add_argument("--opponent", default="")
    parser.add_argument("--rate", type=float, default=0.02)
    args = parser.parse_args()
    book = [line.strip() for line in open(args.book) if line.strip() and not line.startswith("#")]
    if os.path.exists(args.state):
        state = json.load(open(args.state))
        # A state from before a parameter was added starts it at its default.
        for name, (start, *_) in PARAMETERS.items():
            state["theta"].setdefault(name, start)
    else:
        state = {"k": 0, "theta": {n: p[0] for n, p in PARAMETERS.items()}}
    log = open(args.state + ".log", "a")
    player = lambda theta: f"{args.limit} hash=16 {config(theta)}"
    while not os.path.exists(args.state + ".stop"):
        k = state["k"] + 1
        c = {n: p[3] / k**0.101 for n, p in PARAMETERS.items()}
        theta = state["theta"]
        pairs = 1 if args.opponent else 2
        jobs = []
        for slot in range(pairs):
            direction = {n: random.choice((-1, 1)) for n in PARAMETERS}
            plus = {n: theta[n] + c[n] * direction[n] for n in PARAMETERS}
            minus = {n: theta[n] - c[n] * direction[n] for n in PARAMETERS}
            line, seed = random.choice(book), random.randrange(1 << 30)
            if args.opponent:
                matches = [start_match(args, player(plus), args.opponent, line, seed, 0),
                           start_match(args, player(minus), args.opponent, line, seed, 1)]
            else:
                matches = [start_match(args, player(plus), player(minus), line, seed, slot)]
            jobs.append((direction, matches))
        for direction, matches in jobs:
            results = [wins_minus_losses(m) for m in matches]
            difference = results[0] - results[1] if args.opponent else results[0]
            for n, (_, least, most, perturbation, _) in PARAMETERS.items():
                step = args.rate * perturbation * difference * direction[n]
                theta[n] = min(max(theta[n] + step, least), most)
        state["k"] = k
        with open(args.state, "w") as f:
            json.dump(state, f)
        rounded = {n: round(x, 3) for n, x in theta.items()}
        print(k, time.strftime("%H:%M:%S"), config(theta), json.dumps(rounded), file=log, flush=True)


if __name__ == "__main__":
    main()
