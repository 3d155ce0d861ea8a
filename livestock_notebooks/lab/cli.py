"""``livestock-notebooks lab``: play an experiment on Dask from the command line.

    livestock-notebooks lab --game livestock_uprising --seats greedy,greedy --games 10000 \\
        --out results [--scheduler tcp://host:port] [--workers N]

It shows a progress bar (tqdm) while chunks come back, then a short summary (win rates by bot
and seat, with 95% intervals). Run it again with the same ``--out`` to resume a stopped run.
Every bad value (no games, no rounds, an unwritable folder, another experiment's folder, an
unreachable scheduler, the ``lab`` extra not installed) ends in one line and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any, Sequence, TextIO

from .. import tournament
from ..command import CommandError
from ..games import GAMES

__all__ = ["add_arguments", "build_parser", "main", "progress_bar", "run"]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Play bot games on a Dask cluster into a Parquet folder (one file per chunk; run again "
                          "to resume), then print win rates with 95% intervals. Needs the [lab] extra.")
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--seats", required=True, help="bot names in seat order, comma-separated (greedy,greedy)")
    parser.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="base seed: game i's seed derives from it and i")
    parser.add_argument("--max-rounds", type=_positive, default=None, help="stop each game after this many rounds")
    parser.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat (default: turn the seats)")
    parser.add_argument("--options", default="{}",
                        help='new_game options as JSON, e.g. \'{"factions": "draw"}\' or \'{"rules": "basic"}\'')
    parser.add_argument("--out", required=True, help="the Parquet folder to write (and resume)")
    parser.add_argument("--scheduler", default=None,
                        help="address of a running Dask scheduler (default $DASK_SCHEDULER_ADDRESS, else a local "
                             "cluster); 'serial' plays in this process")
    parser.add_argument("--workers", type=_positive, default=2, help="worker processes of the local cluster (default 2)")
    parser.add_argument("--chunk-size", type=_positive, default=None, help="games per task (default: about 4 per worker)")


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``livestock-notebooks lab``."""
    from ..command import subcommand_parser

    return subcommand_parser("lab")


class progress_bar:
    """A ``progress(done, total)`` callback drawing a tqdm bar of games on ``stream`` (default
    standard error); closed when ``done`` reaches ``total``, or by :meth:`close` (which wipes an
    unfinished bar, so that an error message stands alone)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        from tqdm import tqdm

        if self.bar is None:
            self.bar = tqdm(total=total, initial=done, file=self.stream, unit="game", dynamic_ncols=True,
                            bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}]")
        elif done != self.bar.n:
            self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()

    def close(self) -> None:
        if self.bar is not None and self.bar.n < (self.bar.total or 0):
            self.bar.leave = False
        if self.bar is not None:
            self.bar.close()


def run(args: argparse.Namespace) -> int:
    from .runner import Experiment

    try:
        try:
            options = json.loads(args.options)
        except ValueError as exc:
            raise ValueError(f"--options is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        seats = tuple(s.strip() for s in args.seats.split(",") if s.strip())
        experiment = Experiment(args.game, seats, args.games, args.seed, args.max_rounds, not args.no_rotate, options)
    except (ValueError, TypeError) as exc:
        raise CommandError(str(exc).splitlines()[0]) from None
    bar = progress_bar()
    with warnings.catch_warnings():
        warnings.showwarning = _one_line_warning
        return _play(args, experiment, bar)


def _one_line_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None,
                      line: Any = None) -> None:
    print(f"livestock-notebooks lab: warning: {message}", file=sys.stderr)


def _play(args: argparse.Namespace, experiment: Any, bar: progress_bar) -> int:
    from . import analysis
    from .runner import LabError, require_lab
    from .runner import run as run_experiment
    from .store import read_frame, records

    try:
        require_lab(serial=args.scheduler == "serial", also=("tqdm",))
        out = run_experiment(experiment, args.out, scheduler=args.scheduler, workers=args.workers,
                             chunk_size=args.chunk_size, progress=bar)
    except LabError as exc:
        raise CommandError(str(exc)) from None
    finally:
        bar.close()
    frame = read_frame(out)
    print(f"{len(frame)} games in {out}")
    print(tournament.format_summary(tournament.summary(records(frame))))
    for title, table in (("by seat", analysis.by_seat(frame)), ("first player", analysis.by_first_player(frame))):
        print(f"{title}:")
        for row in table.to_dict("records"):
            print(f"  {row['label']}: {row['rate']:.1%} [95% {row['low']:.1%} .. {row['high']:.1%}] of {row['n']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``livestock-notebooks lab ARGS`` (kept for callers of the old entry point)."""
    from ..cli import main as cli_main

    return cli_main(["lab", *(sys.argv[1:] if argv is None else argv)])
