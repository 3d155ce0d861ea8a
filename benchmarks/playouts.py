"""How fast the Livestock Uprising strong bot plays, and the same games on another checkout.

Plays whole two-player games between two Livestock bots (default: ``strong`` (normal) against
``strong-easy``, the ladder's "normal v easy" pairing) from fixed seeds and prints, per game,
the CPU seconds it took (the process's own, less disturbed than the clock by other work on a
shared machine), the actions played and a digest of every action and its events; then the
median CPU seconds per game. With ``--against DIR`` (a checkout of another version, e.g. the
code before a speed-up: ``git worktree add /tmp/before <commit>``) every game is played by both
versions, one after the other, each in a fresh process, and it prints the ratio of the medians
and whether each game was the same (the same digest: the same actions and events in the same
order). Load averages are printed at the start and the end: on a shared machine compare the
ratio of one run, not seconds across runs.

    python benchmarks/playouts.py [--games 3] [--seed 1] [--seats strong,strong-easy]
                                  [--max-rounds 100] [--against DIR]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play(seats: list[str], seed: int, max_rounds: int) -> dict:
    """One game of ``seats`` (registry names) from ``seed``: seconds, actions, winners, digest."""
    from livestock_notebooks.livestock_uprising import new_game
    from livestock_notebooks.livestock_uprising.bots import BOTS

    state = new_game(players=len(seats), seed=seed, max_rounds=max_rounds)
    bots = [BOTS[name](seed * 10 + i) for i, name in enumerate(seats)]
    digest = hashlib.sha256()
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while not state.is_over:
        action = bots[state.current_player].choose(state)
        events = state.apply(action)
        digest.update(json.dumps([str(action), [e.text for e in events]]).encode())
        actions += 1
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu, "actions": actions, "winners": state.winners,
            "digest": digest.hexdigest()[:16]}


def in_process(code: Path, seats: list[str], seed: int, max_rounds: int) -> dict:
    """:func:`play` in a fresh Python importing the package from ``code``."""
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run([sys.executable, __file__, "--worker", "--seats", ",".join(seats), "--seed", str(seed),
                          "--max-rounds", str(max_rounds)], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (then seed + 1, ...)")
    parser.add_argument("--seats", default="strong,strong-easy")
    parser.add_argument("--max-rounds", type=int, default=100)
    parser.add_argument("--against", type=Path, help="a checkout of another version to play the same games")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    seats = args.seats.split(",")
    if args.worker:
        print(json.dumps(play(seats, args.seed, args.max_rounds)))
        return
    print(f"load averages at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    versions = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    times: dict[str, list[float]] = {name: [] for name, _ in versions}
    same = 0
    for i in range(args.games):
        seed = args.seed + i
        results = {}
        for name, code in versions:
            r = results[name] = in_process(code, seats, seed, args.max_rounds)
            times[name].append(r["cpu"])
            print(f"seed {seed} {name:>7}: {r['cpu']:6.2f} s CPU ({r['seconds']:.2f} s wall), {r['actions']} actions, winners {r['winners']}, "
                  f"digest {r['digest']}", flush=True)
        if args.against:
            identical = results["this"]["digest"] == results["against"]["digest"]
            same += identical
            print(f"seed {seed}: {'SAME' if identical else 'DIFFERENT'} game, "
                  f"{results['against']['cpu'] / results['this']['cpu']:.2f}x")
    medians = {name: statistics.median(t) for name, t in times.items()}
    print(f"{' v '.join(seats)}, {args.games} games, median CPU seconds per game: "
          + ", ".join(f"{name} {m:.2f}" for name, m in medians.items()))
    if args.against:
        print(f"speed-up (median against / median this): {medians['against'] / medians['this']:.2f}x; "
              f"identical games: {same}/{args.games}")
    print(f"load averages at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
