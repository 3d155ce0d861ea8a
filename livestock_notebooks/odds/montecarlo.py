"""Monte Carlo of the same models as the exact odds: vectorised numpy, or plain Python.

Used to cross-check the exact results and by the explorers' "simulate" button. Every
simulation comes in two forms:

``simulate_*(..., n, seed=..., chunk=...)``
    runs ``n`` trials and returns a :class:`MonteCarloResult`;
``iter_*(..., n, seed=..., chunk=...)``
    a generator yielding the *cumulative* :class:`MonteCarloResult` after each chunk of
    ``chunk`` trials, so a progress bar can update (``result.n / result.n_target``).

With the same ``seed`` and ``chunk`` both forms draw the same dice. The rules are written
again here in array form (rather than calling the scalar rule per trial); the tests check that
both forms agree with the exact odds within a few standard errors.

Without numpy (the static web edition's Python in the browser) the same functions run the
plain-Python kernels of :mod:`.montecarlo_pure` (a seeded :class:`random.Random`), slower but
with the same results API. ``use_numpy(False)`` or the environment variable
``LIVESTOCK_MONTECARLO=python`` chooses them where numpy is installed (tests).
"""
from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Sequence

try:
    import numpy as np
except ImportError:  # the browser's Python of the static web edition: plain-Python kernels
    np = None  # type: ignore[assignment]

from . import montecarlo_pure as pure
from .display import REPORT_DIGITS, format_percent
from .livestock_uprising import _check_totals
from .space_pigs_sides import MAX_PIRATE_BONUS, MAX_PORCOPHAGE_BONUS, MAX_PORCOPHAGES, SIDE_TYPES
from .space_pigs_combat_odds import (
    ATTACKER_FLED,
    ATTACKER_LEFT,
    DEFENDER_FLED,
    DEFENDER_LEFT,
    _check_flee,
    _check_side,
)
from .space_pigs_tech import WIPEOUT_THRESHOLD, _normalise_deck, _take_hand

__all__ = [
    "MonteCarloResult",
    "simulate_livestock_battle",
    "iter_livestock_battle",
    "simulate_space_pigs_combat",
    "iter_space_pigs_combat",
    "simulate_tech_wipeout",
    "iter_tech_wipeout",
    "simulate_tech_wipeout_two_sided",
    "iter_tech_wipeout_two_sided",
    "numpy_in_use",
    "use_numpy",
]

DEFAULT_CHUNK = 1_000_000
TECH_CHUNK = 100_000
#: the chunk when the plain-Python kernels run (a progress step every few tenths of a second)
PURE_CHUNK = 20_000

_numpy_wanted: Optional[bool] = None


def use_numpy(flag: Optional[bool]) -> None:
    """Run the numpy kernels (``True``, numpy must import), the plain-Python ones (``False``),
    or choose by what is installed and ``LIVESTOCK_MONTECARLO`` (``None``, the default)."""
    if flag and np is None:
        raise ImportError("numpy is not installed")
    global _numpy_wanted
    _numpy_wanted = flag


def numpy_in_use() -> bool:
    """Whether the simulations run on numpy now (see :func:`use_numpy`)."""
    if _numpy_wanted is not None:
        return _numpy_wanted
    return np is not None and os.environ.get("LIVESTOCK_MONTECARLO", "").strip().lower() != "python"


def _rng(seed: Any, vectorised: bool) -> Any:
    return np.random.default_rng(seed) if vectorised else random.Random(seed)


def _chunk_size(chunk: Optional[int], vectorised: bool, default: int = DEFAULT_CHUNK) -> Optional[int]:
    return chunk if chunk is not None or vectorised else min(default, PURE_CHUNK)


@dataclass
class MonteCarloResult:
    """Counts of simulated outcomes. ``result.attacker`` is a frequency (float)."""

    title: str
    n: int
    n_target: int
    counts: dict
    histograms: dict = field(default_factory=dict)  # e.g. "attacker_survivors" -> {troops: count}

    def frequency(self, name: str) -> float:
        return self.counts[name] / self.n if self.n else float("nan")

    def stderr(self, name: str) -> float:
        """Standard error of the frequency of ``name``."""
        p = self.frequency(name)
        return math.sqrt(p * (1 - p) / self.n) if self.n else float("nan")

    @property
    def frequencies(self) -> dict[str, float]:
        return {k: self.frequency(k) for k in self.counts}

    @property
    def progress(self) -> float:
        return self.n / self.n_target if self.n_target else 1.0

    def histogram(self, name: str) -> dict[int, float]:
        return {k: v / self.n for k, v in sorted(self.histograms[name].items())}

    @property
    def attacker_survivors(self) -> dict[int, float]:
        return self.histogram("attacker_survivors")

    @property
    def defender_survivors(self) -> dict[int, float]:
        return self.histogram("defender_survivors")

    def __getattr__(self, name: str):
        counts = self.__dict__.get("counts", {})
        for key in (name, name.replace("_", " ")):
            if key in counts:
                return self.frequency(key)
        raise AttributeError(name)

    def __repr__(self) -> str:
        parts = ", ".join(f"{k} {format_percent(self.frequency(k), REPORT_DIGITS, clamp=False)}" for k in self.counts)
        return f"MonteCarloResult({self.title}: {self.n:,} trials: {parts})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td style='text-align:left;padding-right:1em'>{k}</td>"
            f"<td style='text-align:right'><b>{format_percent(self.frequency(k), REPORT_DIGITS, clamp=False)}</b></td>"
            f"<td style='text-align:right'>± {format_percent(self.stderr(k), REPORT_DIGITS, clamp=False)}</td></tr>"
            for k in self.counts
        )
        return (
            f"<div class='livestock-odds'><b>Simulated: {self.title}</b> ({self.n:,} trials)"
            f"<table><tbody>{rows}</tbody></table></div>"
        )


def _chunks(n: int, chunk: Optional[int]) -> Iterator[int]:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a number of trials >= 0, got {n!r}")
    size = DEFAULT_CHUNK if chunk is None else int(chunk)
    if size < 1:
        raise ValueError(f"chunk must be >= 1, got {chunk!r}")
    done = 0
    while done < n:
        step = min(size, n - done)
        yield step
        done += step


def _last(gen: Iterator[MonteCarloResult], empty: MonteCarloResult) -> MonteCarloResult:
    result = empty
    for result in gen:
        pass
    return result


# ---------------------------------------------------------------------------------------------
# Livestock Uprising


def _livestock_counts(rng, attack, defense, m, a_super, d_super) -> tuple[int, int, int]:
    if defense == 0:
        return m, 0, 0
    diff = attack - defense
    if not a_super and not d_super:
        # attacker wins when a - d > -diff; with int8 dice this is two compares on one array
        delta = rng.integers(1, 7, size=m, dtype=np.int8) - rng.integers(1, 7, size=m, dtype=np.int8)
        wins = int(np.count_nonzero(delta > -diff))
        ties = int(np.count_nonzero(delta == -diff))
        return wins, ties, m - wins - ties

    def roll(super_army):
        if not super_army:
            return rng.integers(1, 7, size=m, dtype=np.int8), np.zeros(m, dtype=np.int8)
        d1 = rng.integers(1, 7, size=m, dtype=np.int8)
        d2 = rng.integers(1, 7, size=m, dtype=np.int8)
        nat = ((d1 == 6) & (d2 == 6)).astype(np.int8) - ((d1 == 1) & (d2 == 1)).astype(np.int8)
        return d1 + d2, nat

    a_sum, a_nat = roll(a_super)
    d_sum, d_nat = roll(d_super)
    score = np.sign(a_sum.astype(np.int16) + diff - d_sum)
    special = (a_nat != 0) | (d_nat != 0)
    score = np.where(special, np.sign(a_nat - d_nat), score)
    wins = int(np.count_nonzero(score > 0))
    ties = int(np.count_nonzero(score == 0))
    return wins, ties, m - wins - ties


def iter_livestock_battle(
    attack: int,
    defense: int,
    n: int,
    *,
    attacker_super: bool = False,
    defender_super: bool = False,
    seed=None,
    chunk: Optional[int] = None,
) -> Iterator[MonteCarloResult]:
    """Yield cumulative results of ``n`` simulated battles, ``chunk`` at a time."""
    _check_totals(attack, defense)
    vectorised = numpy_in_use()
    rng = _rng(seed, vectorised)
    kernel = _livestock_counts if vectorised else pure.livestock_counts
    counts = {"attacker": 0, "tie": 0, "defender": 0}
    title = f"attack {attack} v defense {defense}"
    done = 0
    for m in _chunks(n, _chunk_size(chunk, vectorised)):
        w, t, d = kernel(rng, attack, defense, m, bool(attacker_super), bool(defender_super))
        counts["attacker"] += w
        counts["tie"] += t
        counts["defender"] += d
        done += m
        yield MonteCarloResult(title, done, n, dict(counts))


def simulate_livestock_battle(attack: int, defense: int, n: int, **options: Any) -> MonteCarloResult:
    """Simulate ``n`` battles (``attacker_super``, ``defender_super``, ``seed``, ``chunk`` as in
    :func:`iter_livestock_battle`); compare ``result.attacker`` with ``livestock_battle(...).attacker``."""
    empty = MonteCarloResult(f"attack {attack} v defense {defense}", 0, n, {"attacker": 0, "tie": 0, "defender": 0})
    return _last(iter_livestock_battle(attack, defense, n, **options), empty)


# ---------------------------------------------------------------------------------------------
# Space Pigs


class _Stack:
    """One side of many simultaneous combats, as arrays (``a``: piglets or count, ``b``: hogs)."""

    def __init__(self, side, m: int):
        self.kind = side.kind
        self.bonus = side.bonus
        if self.kind == "pigs":
            first, second = side.piglets, side.hogs
        else:
            first, second = side.troops, 0
        self.a = np.full(m, first, dtype=np.int16)
        self.b = np.full(m, second, dtype=np.int16)

    def keep(self, mask) -> None:
        self.a = self.a[mask]
        self.b = self.b[mask]

    def troops(self):
        return self.a + self.b

    def roll_total(self, rng):
        m = self.a.shape[0]
        if self.kind == "pigs":
            high = np.where(self.b > 0, 9, 7)
            return rng.integers(1, high, size=m) + (self.a + self.b - 1) + self.bonus
        if self.kind == "pirates":
            return rng.integers(1, 7, size=m) + np.minimum(self.a - 1, MAX_PIRATE_BONUS) + self.bonus
        if self.kind == "porcophages":
            return rng.integers(1, 9, size=m) + np.minimum(self.a - 1, MAX_PORCOPHAGE_BONUS) + self.bonus
        # acorn worm: one creature, 1d6 + 1d8
        return rng.integers(1, 7, size=m) + rng.integers(1, 9, size=m) + self.bonus

    def lose(self, mask):
        """Remove one troop where ``mask``; returns where the casualty was a piglet."""
        if self.kind == "pigs":
            piglet = mask & (self.a > 0)
            hog = mask & ~piglet
            self.a = self.a - piglet
            self.b = self.b - hog
            return piglet
        self.a = self.a - mask
        return np.zeros_like(mask)

    def win(self, mask, killed_piglet) -> None:
        if self.kind == "porcophages":
            self.a = np.where(mask & killed_piglet, np.minimum(self.a + 1, MAX_PORCOPHAGES), self.a)


def _space_pigs_chunk(rng, attacker, defender, m, a_flee, d_flee, counts, hist, max_rounds=100_000):
    A, D = _Stack(attacker, m), _Stack(defender, m)
    rounds = 0
    while A.a.shape[0]:
        rounds += 1
        if rounds > max_rounds:  # pragma: no cover - a combat this long has probability ~0
            raise RuntimeError("simulated combat did not end")
        if rounds >= 2:
            done = np.zeros(A.a.shape[0], dtype=bool)
            for name, side, flee in ((DEFENDER_FLED, D, d_flee), (ATTACKER_FLED, A, a_flee)):
                if flee is None:
                    continue
                fled = ~done & (side.troops() <= flee)
                if fled.any():
                    _record(counts, hist, name, A, D, fled)
                    done |= fled
            if done.any():
                A.keep(~done)
                D.keep(~done)
                if not A.a.shape[0]:
                    break
        a_total = A.roll_total(rng)
        d_total = D.roll_total(rng)
        a_wins = a_total > d_total
        d_wins = d_total > a_total
        killed = D.lose(a_wins)
        A.win(a_wins, killed)
        killed = A.lose(d_wins)
        D.win(d_wins, killed)
        d_gone = D.troops() == 0
        a_gone = A.troops() == 0
        if d_gone.any():
            _record(counts, hist, ATTACKER_LEFT, A, D, d_gone)
        if a_gone.any():
            _record(counts, hist, DEFENDER_LEFT, A, D, a_gone)
        over = d_gone | a_gone
        if over.any():
            A.keep(~over)
            D.keep(~over)


def _record(counts, hist, name, A, D, mask) -> None:
    counts[name] += int(np.count_nonzero(mask))
    for key, side in (("attacker_survivors", A), ("defender_survivors", D)):
        values, numbers = np.unique(side.troops()[mask], return_counts=True)
        h = hist[key]
        for v, c in zip(values.tolist(), numbers.tolist()):
            h[v] = h.get(v, 0) + c


def iter_space_pigs_combat(
    attacker,
    defender,
    n: int,
    *,
    attacker_flee_at: Optional[int] = None,
    defender_flee_at: Optional[int] = None,
    seed=None,
    chunk: Optional[int] = None,
) -> Iterator[MonteCarloResult]:
    """Yield cumulative results of ``n`` simulated Space Pigs combats.

    The counts are keyed ``"defender eliminated"``, ``"defender fled"``, ``"attacker
    eliminated"``, ``"attacker fled"``; ``result.attacker`` / ``result.defender`` give the
    frequency that each side holds the hex, as in the exact :class:`CombatOdds`.
    """
    _check_side("attacker", attacker)
    _check_side("defender", defender)
    a_flee = _check_flee("attacker", attacker, attacker_flee_at)
    d_flee = _check_flee("defender", defender, defender_flee_at)
    vectorised = numpy_in_use()
    rng = _rng(seed, vectorised)
    kernel = _space_pigs_chunk if vectorised else pure.space_pigs_chunk
    title, counts, hist = _combat_start(attacker, defender)
    done = 0
    for m in _chunks(n, _chunk_size(chunk, vectorised)):
        kernel(rng, attacker, defender, m, a_flee, d_flee, counts, hist)
        done += m
        yield _combat_result(title, done, n, counts, hist)


def _combat_start(attacker, defender) -> tuple[str, dict, dict]:
    """The title, zero counts and empty survivor histograms of a combat simulation."""
    counts = {ATTACKER_LEFT: 0, DEFENDER_FLED: 0, DEFENDER_LEFT: 0, ATTACKER_FLED: 0}
    return f"{attacker.describe()} attack {defender.describe()}", counts, {"attacker_survivors": {}, "defender_survivors": {}}


def _combat_result(title, done, n, counts, hist) -> MonteCarloResult:
    c = dict(counts)
    c["attacker"] = counts[ATTACKER_LEFT] + counts[DEFENDER_FLED]
    c["defender"] = counts[DEFENDER_LEFT] + counts[ATTACKER_FLED]
    return MonteCarloResult(title, done, n, c, {k: dict(v) for k, v in hist.items()})


def simulate_space_pigs_combat(attacker, defender, n: int, **options: Any) -> MonteCarloResult:
    """Simulate ``n`` combats (``attacker_flee_at``, ``defender_flee_at``, ``seed``, ``chunk`` as in
    :func:`iter_space_pigs_combat`); compare with ``space_pigs_combat(attacker, defender)``."""
    title, counts, hist = _combat_start(attacker, defender)
    return _last(iter_space_pigs_combat(attacker, defender, n, **options), _combat_result(title, 0, n, counts, hist))


# ---------------------------------------------------------------------------------------------
# Technology-index wipeout


def _deck_cards(deck: dict[int, int]) -> list[int]:
    return [index for index, count in sorted(deck.items()) for _ in range(count)]


def _draw_totals(rng, cards, k: int, m: int):
    """Index totals of ``k`` cards drawn without replacement from ``cards``, ``m`` times."""
    if k == 0:
        return np.zeros(m, dtype=np.int64)
    if k > cards.shape[0]:
        raise ValueError(f"cannot draw {k} cards from a deck of {cards.shape[0]}")
    if k == cards.shape[0]:
        return np.full(m, int(cards.sum()), dtype=np.int64)
    keys = rng.random((m, cards.shape[0]))
    picked = np.argpartition(keys, k - 1, axis=1)[:, :k]
    return cards[picked].sum(axis=1)


def iter_tech_wipeout_two_sided(
    deck,
    attacker_cards: Optional[int],
    defender_cards: Optional[int],
    n: int,
    *,
    threshold: int = WIPEOUT_THRESHOLD,
    attacker_hand: Optional[Sequence[int]] = None,
    defender_hand: Optional[Sequence[int]] = None,
    seed=None,
    chunk: Optional[int] = None,
) -> Iterator[MonteCarloResult]:
    """Yield cumulative simulated wipeout frequencies (same reading as ``tech_wipeout_two_sided``)."""
    remaining = _normalise_deck(deck)
    plan: list[tuple[list[int], int]] = []  # (cards, number to draw)
    random_cards = 0
    for who, cards, hand in (("attacker", attacker_cards, attacker_hand), ("defender", defender_cards, defender_hand)):
        if hand is None:
            if cards is None:
                raise ValueError(f"give the {who}'s number of cards or the {who}'s hand")
            random_cards += int(cards)
            continue
        hand = list(hand)
        remaining = _take_hand(remaining, hand, who)
        k = len(hand) if cards is None else int(cards)
        if k > len(hand):
            raise ValueError(f"the {who} cannot play {k} cards from a hand of {len(hand)}")
        plan.append((hand, k))
    plan.append((_deck_cards(remaining), random_cards))
    vectorised = numpy_in_use()
    rng = _rng(seed, vectorised)
    counts = {"wipeout": 0, "safe": 0}
    done = 0
    # one row of random sort keys per trial: keep chunks small enough for memory
    for m in _chunks(n, _chunk_size(chunk, vectorised, TECH_CHUNK)):
        if vectorised:
            totals = np.zeros(m, dtype=np.int64)
            for pile, k in plan:
                totals += _draw_totals(rng, np.array(pile, dtype=np.int64), k, m)
            wiped = int(np.count_nonzero(totals >= threshold))
        else:
            sums = [0] * m
            for pile, k in plan:
                sums = [a + b for a, b in zip(sums, pure.draw_totals(rng, pile, k, m))]
            wiped = sum(1 for total in sums if total >= threshold)
        counts["wipeout"] += wiped
        counts["safe"] += m - wiped
        done += m
        yield MonteCarloResult("technology-index wipeout", done, n, dict(counts))


def _no_wipeout_yet(n: int) -> MonteCarloResult:
    return MonteCarloResult("technology-index wipeout", 0, n, {"wipeout": 0, "safe": 0})


def simulate_tech_wipeout_two_sided(deck, attacker_cards, defender_cards, n, **options: Any) -> MonteCarloResult:
    """Simulate ``n`` combats' card draws (options as in :func:`iter_tech_wipeout_two_sided`)."""
    return _last(iter_tech_wipeout_two_sided(deck, attacker_cards, defender_cards, n, **options), _no_wipeout_yet(n))


def iter_tech_wipeout(
    deck, cards: int, n: int, *, threshold: int = WIPEOUT_THRESHOLD, seed=None, chunk: Optional[int] = None
) -> Iterator[MonteCarloResult]:
    """Yield cumulative simulated frequencies that ``cards`` random cards reach ``threshold``."""
    return iter_tech_wipeout_two_sided(deck, cards, 0, n, threshold=threshold, seed=seed, chunk=chunk)


def simulate_tech_wipeout(deck, cards: int, n: int, **options: Any) -> MonteCarloResult:
    """Simulate ``n`` draws (``threshold``, ``seed``, ``chunk`` as in :func:`iter_tech_wipeout`);
    compare ``result.wipeout`` with ``tech_wipeout(deck, cards).wipeout``."""
    return _last(iter_tech_wipeout(deck, cards, n, **options), _no_wipeout_yet(n))
