"""A seat's chance to win, as a probability: what the hint and the game review show.

The strong bots score a playout by a heuristic share of the position (material in Livestock,
cards and their worth in BattleGoats, recipe progress in Space Pigs), which is not a
probability: a 60% share may win far more or far less often than 60%. Here the raw figure (the
mean score of the same playouts the strong bot runs, :meth:`~livestock_notebooks.core.search.SearchBot.action_values`,
every world drawn from the deciding seat's view alone) is turned into a probability by each
game's calibration table: how often seats whose positions scored that much went on to win, in
bot games (``data/calibration/<game>.json``, fitted and checked by
``benchmarks/calibration.py``, which prints the table and its Brier score on games it was not
fitted on). Without a table the raw figure is shown as it is.

A figure comes with its uncertainty (the spread of its playouts, as a 95% range after the
calibration) and is given only when at least :data:`MIN_PLAYOUTS` playouts back it.
Pure Python; no widgets.
"""
from __future__ import annotations

import json
import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from .games import game_info

__all__ = ["Chance", "MIN_PLAYOUTS", "WORLDS", "calibrate", "calibration_table", "chances", "clearly_better", "estimator"]

#: No figure is shown when fewer playouts than this back it (a mean of fewer is mostly noise).
MIN_PLAYOUTS = 8
#: The worlds (playouts of each action) a figure is computed from, per level.
WORLDS = {"easy": 8, "normal": 12, "hard": 32}

_DATA = Path(__file__).resolve().parent / "data" / "calibration"


@lru_cache(maxsize=None)
def calibration_table(game: str) -> tuple[tuple[float, float], ...]:
    """The game's calibration points ``(raw, probability)``, raw increasing and probability
    never decreasing (empty: no table, the raw figure stands)."""
    path = _DATA / f"{game}.json"
    if not path.exists():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple((float(raw), float(p)) for raw, p in data["points"])


def calibrate(game: str, raw: float) -> float:
    """The probability to win of a position whose playouts scored ``raw`` on average: the
    calibration table read between its points (flat beyond the first and last), kept within
    1% .. 99% (a table of a few hundred positions cannot tell a sure thing) unless every playout
    ended the game the same way (``raw`` 0 or 1).

    >>> calibrate("no such game", 0.42), calibrate("no such game", 1.0)
    (0.42, 1.0)
    """
    if raw <= 0.0 or raw >= 1.0:
        return min(1.0, max(0.0, raw))
    points = calibration_table(game)
    if not points:
        return min(0.99, max(0.01, raw))
    xs = [x for x, _ in points]
    i = bisect_right(xs, raw)
    if i == 0:
        p = points[0][1]
    elif i == len(points):
        p = points[-1][1]
    else:
        (x0, y0), (x1, y1) = points[i - 1], points[i]
        p = y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return min(0.99, max(0.01, p))


@dataclass(frozen=True)
class Chance:
    """The chance to win after one action: ``probability`` (calibrated) with a 95% range
    ``low``..``high``, from ``playouts`` playouts whose scores averaged ``raw``. ``probability``
    is ``None`` when fewer than :data:`MIN_PLAYOUTS` back it."""

    raw: float
    playouts: int
    probability: float | None
    low: float | None
    high: float | None

    def text(self) -> str:
        """"62% (likely 55% to 70%)"; "" when too few playouts back it."""
        if self.probability is None or self.low is None or self.high is None:
            return ""
        return f"{self.probability:.0%} (likely {self.low:.0%} to {self.high:.0%})"


def _chance(game: str, scores: Sequence[float]) -> Chance:
    n = len(scores)
    raw = sum(scores) / n if n else 0.0
    if n < MIN_PLAYOUTS:
        return Chance(raw, n, None, None, None)
    spread = math.sqrt(sum((s - raw) ** 2 for s in scores) / (n - 1) / n)
    return Chance(raw, n, calibrate(game, raw), calibrate(game, raw - 1.96 * spread), calibrate(game, raw + 1.96 * spread))


def clearly_better(rows: Sequence[Sequence[float]], i: int, j: int = 0, errors: float = 1.0) -> bool:
    """Whether action ``i`` scored better than action ``j`` over the same worlds (``rows`` of
    :func:`chances`) by more than ``errors`` standard errors of their paired difference: a lead
    the playouts can tell from their own noise.

    >>> clearly_better([[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]], 1), clearly_better([[0.5, 0.6], [0.6, 0.5]], 1)
    (True, False)
    """
    gains = [row[i] - row[j] for row in rows]
    n = len(gains)
    if n < 2:
        return False
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
    return mean > errors * spread and mean > 0


def estimator(game: str, level: str = "normal", seed: int = 0) -> Any:
    """The strong bot at ``level`` whose playouts the figures come from."""
    name = {"easy": "strong-easy", "normal": "strong", "hard": "strong-hard"}[level]
    return game_info(game).make_bot(name, seed)


def chances(game: str, view: Any, seat: int, actions: Sequence[Any], *, level: str = "normal",
            worlds: int | None = None, seed: int = 0, bot: Any = None, rows: list | None = None) -> list[Chance]:
    """Seat ``seat``'s chance to win after each of ``actions``, from its ``view`` alone: each
    action played out in the same worlds drawn from that view (the same luck for each, so the
    differences are the actions'), ``worlds`` of them (default :data:`WORLDS` of the level).
    ``rows``, when given, receives the playouts' scores (a row a world, a score an action)."""
    bot = bot if bot is not None else estimator(game, level, seed)
    found = bot.action_values(view, seat, list(actions), WORLDS[level] if worlds is None else worlds)
    if rows is not None:
        rows.extend(found)
    rows = found
    return [_chance(game, [row[i] for row in rows]) for i in range(len(actions))]
