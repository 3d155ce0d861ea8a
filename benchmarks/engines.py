"""Random-play speed of every engine, with python-chess measured in the same run as a yardstick.

Counts one "action" as listing the legal actions and applying one of them, which is what a bot
or a simulation pays. Prints medians over several repeats; these machines are shared and noisy,
so compare the ratios rather than the raw figures.

    python benchmarks/engines.py [--seconds 2] [--repeats 5]
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

ENGINES = ["livestock_uprising", "battlegoats", "space_pigs"]


def _run_engine(module, config, seconds):
    rng = random.Random(1)
    actions = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = module.new_game(seed=seed, **config)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(rng.choice(legal))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def _run_chess(seconds):
    import chess

    rng = random.Random(1)
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            moves = list(board.legal_moves)
            board.push(rng.choice(moves))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)

    rows = []
    try:
        chess_runs = [_run_chess(args.seconds) for _ in range(args.repeats)]
        chess_aps = statistics.median(r[0] for r in chess_runs)
        rows.append(("python-chess (yardstick)", chess_aps, statistics.median(r[1] for r in chess_runs)))
    except ImportError:
        chess_aps = None
        print("python-chess is not installed: no yardstick (pip install chess)")
    for name in ENGINES:
        try:
            module = importlib.import_module(f"livestock_notebooks.{name}")
        except ImportError as exc:
            print(f"{name}: not available ({exc})")
            continue
        for config in getattr(module, "BENCHMARK_CONFIGS", module.CONFORMANCE_CONFIGS[:1]):
            runs = [_run_engine(module, config, args.seconds) for _ in range(args.repeats)]
            label = f"{name} " + " ".join(f"{k}={v}" for k, v in config.items())
            rows.append((label, statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)))

    print(f"random play, median of {args.repeats} x {args.seconds:g}s")
    print(f"{'engine':58} {'actions/s':>11} {'games/s':>9} {'vs chess':>9}")
    for label, aps, gps in rows:
        ratio = f"{aps / chess_aps:8.2f}x" if chess_aps else "      n/a"
        print(f"{label:58} {aps:11,.0f} {gps:9,.1f} {ratio}")
    print("target: 30,000 actions/s or more for each engine")


if __name__ == "__main__":
    main()
