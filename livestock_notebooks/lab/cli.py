"""``livestock-notebooks lab``: play an experiment on Dask from the command line.

    livestock-notebooks lab --game livestock_uprising --seats greedy,greedy --games 10000 \\
        --out results.parquet [--scheduler tcp://host:port] [--workers N]

It prints a progress bar while chunks come back, then a short summary (win rates by bot and seat,
with 95% intervals). Run it again with the same ``--out`` to resume a stopped run.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Sequence, TextIO

from .. import tournament
from ..games import GAMES
from . import analysis
from .runner import SCHEDULER_ENV, Experiment, run
from .store import read_frame, records

__all__ = ["build_parser", "main", "progress_bar"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="livestock-notebooks lab",
        description="Play bot games on a Dask cluster into a Parquet folder (one file per chunk; "
                    "run again to resume), then print win rates with 95%% intervals.")
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--seats", required=True, help="bot names in seat order, comma-separated (greedy,greedy)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="base seed: game i's seed derives from it and i")
    parser.add_argument("--max-rounds", type=int, default=None)
    parser.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat (default: turn the seats)")
    parser.add_argument("--options", default="{}",
                        help='new_game options as JSON, e.g. \'{"factions": "draw"}\' or \'{"rules": "basic"}\'')
    parser.add_argument("--out", required=True, help="the Parquet folder to write (and resume)")
    parser.add_argument("--scheduler", default=None,
                        help=f"address of a running Dask scheduler (default ${SCHEDULER_ENV}, else a local cluster); "
                             "'serial' plays in this process")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster (default 2)")
    parser.add_argument("--chunk-size", type=int, default=None, help="games per task (default: about 4 per worker)")
    return parser


def progress_bar(stream: TextIO | None = None, width: int = 30):
    """A ``progress(done, total)`` callback drawing ``[#####.....] done/total games, rate`` on one
    line of ``stream`` (default: ``sys.stderr`` as it is when the bar is made)."""
    start = time.perf_counter()
    out = stream if stream is not None else sys.stderr

    def show(done: int, total: int) -> None:
        filled = int(width * done / total) if total else width
        elapsed = time.perf_counter() - start
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  {elapsed:5.1f} s")
        if done >= total:
            out.write("\n")
        out.flush()

    return show


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
        experiment = Experiment(args.game, tuple(s.strip() for s in args.seats.split(",") if s.strip()), args.games,
                                args.seed, args.max_rounds, not args.no_rotate, options)
    except (ValueError, TypeError) as exc:
        parser.error(str(exc))
    out = run(experiment, args.out, scheduler=args.scheduler, workers=args.workers, chunk_size=args.chunk_size,
              progress=progress_bar())
    frame = read_frame(out)
    print(f"{len(frame)} games in {out}")
    print(tournament.format_summary(tournament.summary(records(frame))))
    for title, table in (("by seat", analysis.by_seat(frame)), ("first player", analysis.by_first_player(frame))):
        print(f"{title}:")
        for row in table.to_dict("records"):
            print(f"  {row['label']}: {row['rate']:.1%} [95% {row['low']:.1%} .. {row['high']:.1%}] of {row['n']}")
    return 0
