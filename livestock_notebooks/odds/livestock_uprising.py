"""Livestock Uprising battle odds, exact.

Reading (project GUIDE, section 3):

* Each side rolls one six-sided die (a Super Army rolls two) and adds its total: the attacker
  its attack total, the defender its defense total. The higher sum wins; equal sums tie.
* A defender whose defense total is 0 loses at once; nobody rolls.
* An attacker needs an attack total of at least 1 (rulebook section "Attacking").
* Super Army: a natural 12 (double six) wins and a natural 2 (double one) loses, whatever the
  totals. When both sides are Super Armies, 12 against 12 and 2 against 2 tie, and 12 against
  2 goes to the side that rolled 12.

The rule for one battle from rolled dice is :func:`livestock_outcome`; the exact odds
(:func:`livestock_battle`) enumerate every roll through the same decision function, so the
engine, the odds and the Monte Carlo agree by construction.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Iterable, Literal

from ..core.errors import IllegalAction
from .display import html_table, prob_text

__all__ = [
    "BattleOdds",
    "BattleTable",
    "livestock_battle",
    "livestock_outcome",
    "livestock_table",
    "natural",
    "ATTACK_RULE",
    "ATTACK_SECTION",
]

Outcome = Literal["attacker", "tie", "defender"]

ATTACK_RULE = "An attacking General needs an attack total of at least 1"
ATTACK_SECTION = "Livestock Uprising, Attacking"


def _check_totals(attack: int, defense: int) -> None:
    for name, value in (("attack", attack), ("defense", defense)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} total must be an int, got {value!r}")
    if attack < 1:
        raise IllegalAction(f"{ATTACK_RULE}; got {attack}", ATTACK_SECTION)
    if defense < 0:
        raise ValueError(f"a defense total cannot be negative, got {defense}")


def natural(dice: tuple[int, ...], super_army: bool) -> int:
    """+1 for a Super Army's natural 12 (double six), -1 for its natural 2 (double one), else 0."""
    if not super_army:
        return 0
    if dice == (6, 6):
        return 1
    if dice == (1, 1):
        return -1
    return 0


def _decide(attacker_sum: int, defender_sum: int, attacker_natural: int, defender_natural: int) -> Outcome:
    """One battle from the two strengths and the natural-roll flags (see :func:`natural`)."""
    if attacker_natural or defender_natural:
        if attacker_natural > defender_natural:
            return "attacker"
        if attacker_natural < defender_natural:
            return "defender"
        return "tie"  # 12 v 12 or 2 v 2 between two Super Armies
    if attacker_sum > defender_sum:
        return "attacker"
    if attacker_sum < defender_sum:
        return "defender"
    return "tie"


def _check_dice(name: str, dice: tuple[int, ...], super_army: bool) -> tuple[int, ...]:
    dice = tuple(dice)
    expected = 2 if super_army else 1
    if len(dice) != expected:
        raise ValueError(f"{name} rolls {expected} dice, got {dice!r}")
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValueError(f"{name} die faces run 1 to 6, got {dice!r}")
    return dice


def livestock_outcome(
    attack: int,
    defense: int,
    attacker_dice: tuple[int, ...] = (),
    defender_dice: tuple[int, ...] = (),
    attacker_super: bool = False,
    defender_super: bool = False,
) -> Outcome:
    """Decide one battle from the dice actually rolled: ``"attacker"``, ``"tie"`` or ``"defender"``.

    ``attacker_dice``/``defender_dice`` are the faces rolled (one die, two for a Super Army).
    With a defense total of 0 the defender loses without a roll and the dice are ignored (they
    may be empty). An attack total below 1 raises :class:`~livestock_notebooks.IllegalAction`
    (a ``ValueError``).
    """
    _check_totals(attack, defense)
    if defense == 0:
        return "attacker"
    a = _check_dice("the attacker", attacker_dice, attacker_super)
    d = _check_dice("the defender", defender_dice, defender_super)
    return _decide(attack + sum(a), defense + sum(d), natural(a, attacker_super), natural(d, defender_super))


@lru_cache(maxsize=None)
def _roll_classes(super_army: bool) -> tuple[tuple[int, int, int], ...]:
    """Every roll grouped as (sum of dice, natural flag, number of ways)."""
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=2 if super_army else 1):
        key = (sum(dice), natural(dice, super_army))
        counts[key] = counts.get(key, 0) + 1
    return tuple((s, n, w) for (s, n), w in sorted(counts.items()))


@lru_cache(maxsize=None)
def _counts_for_difference(diff: int, attacker_super: bool, defender_super: bool) -> tuple[int, int, int]:
    """Ways (attacker, tie, defender) when attack total - defense total is ``diff``."""
    ways = {"attacker": 0, "tie": 0, "defender": 0}
    d_classes = _roll_classes(defender_super)
    for a_sum, a_nat, a_ways in _roll_classes(attacker_super):
        for d_sum, d_nat, d_ways in d_classes:
            ways[_decide(diff + a_sum, d_sum, a_nat, d_nat)] += a_ways * d_ways
    return ways["attacker"], ways["tie"], ways["defender"]


@dataclass(frozen=True)
class BattleOdds:
    """Exact odds of one Livestock Uprising battle. ``attacker + tie + defender == 1``."""

    attack: int
    defense: int
    attacker_super: bool
    defender_super: bool
    attacker: Fraction
    tie: Fraction
    defender: Fraction

    def as_dict(self) -> dict[str, Fraction]:
        return {"attacker": self.attacker, "tie": self.tie, "defender": self.defender}

    def _label(self) -> str:
        a = "Super Army" if self.attacker_super else "army"
        d = "Super Army" if self.defender_super else "army"
        return f"attack {self.attack} ({a}) v defense {self.defense} ({d})"

    def __repr__(self) -> str:
        return (
            f"BattleOdds({self._label()}: attacker {prob_text(self.attacker)}, "
            f"tie {prob_text(self.tie)}, defender {prob_text(self.defender)})"
        )

    def _repr_html_(self) -> str:
        note = "Defense 0: the defender loses without a roll." if self.defense == 0 else None
        return html_table(
            f"Livestock Uprising battle: {self._label()}",
            [("attacker wins", self.attacker), ("tie", self.tie), ("defender wins", self.defender)],
            note,
        )


def livestock_battle(
    attack: int, defense: int, *, attacker_super: bool = False, defender_super: bool = False
) -> BattleOdds:
    """Exact odds of one battle. ``livestock_battle(3, 4).attacker == Fraction(5, 18)``."""
    _check_totals(attack, defense)
    attacker_super, defender_super = bool(attacker_super), bool(defender_super)
    if defense == 0:
        one, zero = Fraction(1), Fraction(0)
        return BattleOdds(attack, defense, attacker_super, defender_super, one, zero, zero)
    a, t, d = _odds_for_difference(attack - defense, attacker_super, defender_super)
    return BattleOdds(attack, defense, attacker_super, defender_super, a, t, d)


@lru_cache(maxsize=None)
def _odds_for_difference(diff: int, attacker_super: bool, defender_super: bool) -> tuple[Fraction, Fraction, Fraction]:
    a, t, d = _counts_for_difference(diff, attacker_super, defender_super)
    total = a + t + d
    return Fraction(a, total), Fraction(t, total), Fraction(d, total)


@dataclass(frozen=True)
class BattleTable:
    """Odds over a grid of totals: ``table[attack, defense]`` is a :class:`BattleOdds`."""

    attacks: tuple[int, ...]
    defenses: tuple[int, ...]
    attacker_super: bool
    defender_super: bool
    cells: dict

    def __getitem__(self, key: tuple[int, int]) -> BattleOdds:
        return self.cells[key]

    def grid(self, outcome: str = "attacker") -> list[list[Fraction]]:
        """Rows by attack, columns by defense, of one outcome's chance (for a heatmap)."""
        return [[getattr(self.cells[a, d], outcome) for d in self.defenses] for a in self.attacks]

    def float_grid(self, outcome: str = "attacker") -> list[list[float]]:
        return [[float(p) for p in row] for row in self.grid(outcome)]

    def __repr__(self) -> str:
        return (
            f"BattleTable(attack {self.attacks[0]}..{self.attacks[-1]} x defense "
            f"{self.defenses[0]}..{self.defenses[-1]}, attacker_super={self.attacker_super}, "
            f"defender_super={self.defender_super})"
        )

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{d}</th>" for d in self.defenses)
        rows = "".join(
            f"<tr><th>{a}</th>"
            + "".join(
                f"<td title='{self.cells[a, d].attacker}'>{float(self.cells[a, d].attacker) * 100:.0f}%</td>"
                for d in self.defenses
            )
            + "</tr>"
            for a in self.attacks
        )
        return (
            "<div class='livestock-odds'><b>Attacker's chance to win (rows: attack, columns: defense;"
            " hover for the exact fraction)</b>"
            f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        )


def livestock_table(
    attacks: Iterable[int],
    defenses: Iterable[int],
    *,
    attacker_super: bool = False,
    defender_super: bool = False,
) -> BattleTable:
    """Exact odds for every (attack, defense) pair, e.g. ``livestock_table(range(1, 32), range(31))``."""
    attacks, defenses = tuple(attacks), tuple(defenses)
    cells = {
        (a, d): livestock_battle(a, d, attacker_super=attacker_super, defender_super=defender_super)
        for a in attacks
        for d in defenses
    }
    return BattleTable(attacks, defenses, bool(attacker_super), bool(defender_super), cells)
