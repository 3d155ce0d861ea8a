"""The Monte Carlo of :mod:`.montecarlo` in plain Python (the ``random`` module), for a Python
without numpy: the browser's Python of the static web edition (Pyodide, where numpy would have
to come from a CDN).

The same models as the numpy kernels and the exact odds, written a third time in scalar form,
one trial at a time. :mod:`.montecarlo` calls these when numpy cannot be imported (or when told
to, :func:`.montecarlo.use_numpy`); they take a :class:`random.Random` and return or add to the
same counts, so every ``simulate_*`` / ``iter_*`` function gives the same kind of result either
way (not the same dice: the two draw from different generators).
"""
from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from .space_pigs_combat_odds import ATTACKER_FLED, ATTACKER_LEFT, DEFENDER_FLED, DEFENDER_LEFT
from .space_pigs_sides import MAX_PIRATE_BONUS, MAX_PORCOPHAGE_BONUS, MAX_PORCOPHAGES

__all__ = ["livestock_counts", "space_pigs_chunk", "draw_totals"]


def livestock_counts(rng: random.Random, attack: int, defense: int, m: int, a_super: bool,
                     d_super: bool) -> tuple[int, int, int]:
    """(attacker wins, ties, defender wins) in ``m`` battles."""
    if defense == 0:
        return m, 0, 0
    diff = attack - defense
    rand = rng.random
    wins = ties = 0
    if not a_super and not d_super:
        for _ in range(m):
            score = diff + int(rand() * 6) - int(rand() * 6)
            if score > 0:
                wins += 1
            elif score == 0:
                ties += 1
        return wins, ties, m - wins - ties
    for _ in range(m):
        a1 = int(rand() * 6) + 1
        a2 = int(rand() * 6) + 1 if a_super else 0
        d1 = int(rand() * 6) + 1
        d2 = int(rand() * 6) + 1 if d_super else 0
        # a natural 12 (double six) wins and a natural 2 (double one) loses, whatever the totals
        a_nat = (a1 == 6 and a2 == 6) - (a1 == 1 and a2 == 1)
        d_nat = (d1 == 6 and d2 == 6) - (d1 == 1 and d2 == 1)
        score = a_nat - d_nat if (a_nat or d_nat) else diff + a1 + a2 - d1 - d2
        if score > 0:
            wins += 1
        elif score == 0:
            ties += 1
    return wins, ties, m - wins - ties


def _start(side: Any) -> tuple[int, int]:
    """(piglets or count, hogs) of a side."""
    return (side.piglets, side.hogs) if side.kind == "pigs" else (side.troops, 0)


def _roll(rand: Any, kind: str, a: int, b: int, bonus: int) -> int:
    if kind == "pigs":
        return int(rand() * (8 if b > 0 else 6)) + 1 + (a + b - 1) + bonus
    if kind == "pirates":
        return int(rand() * 6) + 1 + min(a - 1, MAX_PIRATE_BONUS) + bonus
    if kind == "porcophages":
        return int(rand() * 8) + 1 + min(a - 1, MAX_PORCOPHAGE_BONUS) + bonus
    # acorn worm: one creature, 1d6 + 1d8
    return int(rand() * 6) + int(rand() * 8) + 2 + bonus


def space_pigs_chunk(rng: random.Random, attacker: Any, defender: Any, m: int, a_flee: Optional[int],
                     d_flee: Optional[int], counts: dict, hist: dict, max_rounds: int = 100_000) -> None:
    """Fight ``m`` combats; add each ending to ``counts`` and the troops left to ``hist``."""
    rand = rng.random
    a_kind, d_kind = attacker.kind, defender.kind
    a_bonus, d_bonus = attacker.bonus, defender.bonus
    a_hist, d_hist = hist["attacker_survivors"], hist["defender_survivors"]
    for _ in range(m):
        aa, ab = _start(attacker)
        da, db = _start(defender)
        rounds = 0
        while True:
            rounds += 1
            if rounds > max_rounds:  # pragma: no cover - a combat this long has probability ~0
                raise RuntimeError("simulated combat did not end")
            if rounds >= 2:  # pigs may flee from the second round on, the defender first
                if d_flee is not None and da + db <= d_flee:
                    end = DEFENDER_FLED
                    break
                if a_flee is not None and aa + ab <= a_flee:
                    end = ATTACKER_FLED
                    break
            a_total = _roll(rand, a_kind, aa, ab, a_bonus)
            d_total = _roll(rand, d_kind, da, db, d_bonus)
            if a_total > d_total:
                piglet = d_kind == "pigs" and da > 0
                if piglet or d_kind != "pigs":
                    da -= 1
                else:
                    db -= 1
                if a_kind == "porcophages" and piglet:
                    aa = min(aa + 1, MAX_PORCOPHAGES)
            elif d_total > a_total:
                piglet = a_kind == "pigs" and aa > 0
                if piglet or a_kind != "pigs":
                    aa -= 1
                else:
                    ab -= 1
                if d_kind == "porcophages" and piglet:
                    da = min(da + 1, MAX_PORCOPHAGES)
            if da + db == 0:
                end = ATTACKER_LEFT
                break
            if aa + ab == 0:
                end = DEFENDER_LEFT
                break
        counts[end] += 1
        a_hist[aa + ab] = a_hist.get(aa + ab, 0) + 1
        d_hist[da + db] = d_hist.get(da + db, 0) + 1


def draw_totals(rng: random.Random, cards: Sequence[int], k: int, m: int) -> list[int]:
    """Index totals of ``k`` cards drawn without replacement from ``cards``, ``m`` times."""
    if k == 0:
        return [0] * m
    if k > len(cards):
        raise ValueError(f"cannot draw {k} cards from a deck of {len(cards)}")
    if k == len(cards):
        return [sum(cards)] * m
    pool = list(cards)
    sample = rng.sample
    return [sum(sample(pool, k)) for _ in range(m)]
