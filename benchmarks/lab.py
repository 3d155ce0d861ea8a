"""Balance lab throughput: games per second serially and on a local Dask cluster of 1 and 2
worker processes, the scaling efficiency and the lab's overhead per game against the serial
tournament runner.

    python benchmarks/lab.py [--game livestock_uprising] [--seats greedy,greedy] [--games 200]

The cluster's start is timed apart (it is paid once per run, not per game); the runs themselves
include sending the chunks, playing, returning the rows and writing the Parquet files.
"""
from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

from livestock_notebooks import lab, tournament


def serial_rate(game: str, seats: list[str], games: int, seed: int) -> float:
    start = time.perf_counter()
    tournament.play_games(game, seats, games=games, seed=seed)
    return games / (time.perf_counter() - start)


def cluster_rate(experiment: lab.Experiment, workers: int, folder: Path, repeat: int) -> tuple[float, float]:
    """(median games per second of ``repeat`` runs, seconds to start the cluster)."""
    from distributed import LocalCluster

    start = time.perf_counter()
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:
        started = time.perf_counter() - start
        # warm the workers (imports, data files) as a long run would have
        lab.run(lab.Experiment(experiment.game, experiment.seats, games=2 * workers, seed=99), folder / "warm",
                scheduler=cluster.scheduler_address, chunk_size=1)
        rates = []
        for attempt in range(repeat):
            begin = time.perf_counter()
            lab.run(experiment, folder / f"run{workers}-{attempt}", scheduler=cluster.scheduler_address)
            rates.append(experiment.games / (time.perf_counter() - begin))
        return statistics.median(rates), started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="livestock_uprising")
    parser.add_argument("--seats", default="greedy,greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind; the median is printed")
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    experiment = lab.Experiment(args.game, seats, games=args.games, seed=args.seed)
    serial = statistics.median(serial_rate(args.game, seats, args.games, args.seed) for _ in range(args.repeat))
    print(f"{args.game} {','.join(seats)}, {args.games} games, median of {args.repeat} runs")
    print(f"serial (tournament.play_games): {serial:7.1f} games/s")
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, 2):
            rate, started = cluster_rate(experiment, workers, Path(tmp), args.repeat)
            rates[workers] = rate
            print(f"lab, {workers} worker{'s' if workers > 1 else ' '}:            {rate:7.1f} games/s"
                  f"  (cluster start {started:.1f} s)")
    print(f"scaling efficiency 1 -> 2 workers: {rates[2] / (2 * rates[1]):.0%}")
    print(f"overhead per game against serial: {1000 * (1 / rates[1] - 1 / serial):+.2f} ms "
          f"({rates[1] / serial:.0%} of the serial rate on one worker)")
    million = 1_000_000 / (rates[1] * 100 * min(1.0, rates[2] / (2 * rates[1])))
    print(f"a million games on 100 workers at this rate and efficiency: about {million / 60:.0f} minutes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
