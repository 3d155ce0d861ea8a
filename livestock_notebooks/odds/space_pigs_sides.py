"""The Space Pigs combat model, written once for the odds, the Monte Carlo and the engine.

A *side* is an immutable, hashable value describing the troops one player (or one alien stack)
has in a combat. Every side answers the same small set of questions:

``side.troops``
    How many troops are left (a piglet and a hog both count as one here).
``side.strength_dice()``
    The die sizes rolled each round, e.g. ``(6,)``, ``(8,)`` or ``(6, 8)``.
``side.modifier()``
    What is added to the roll: the bonus for extra troops plus the card bonus.
``side.after_loss()``
    The side after losing one troop (piglets die before hogs).
``side.next_loss_is_piglet``
    Whether the next troop this side loses is a piglet (porcophages feed on those).
``side.after_win(killed_piglet=...)``
    The side after winning a round: unchanged, except that a porcophage pack grows by one
    when it kills a piglet (up to three).
``side.can_flee``
    Pigs may flee from round 2 on; aliens never flee.

:func:`round_odds` gives the exact chances of one round and :func:`resolve_round` applies one
round from rolled totals, so an engine that rolls its own dice uses the same rule as the odds.

Readings of the rulebook used here (see also the project GUIDE, section 3). They are also
listed in ``livestock_notebooks/data/space_pigs/rules.json`` (topic ``space_pigs_combat`` and
the "(combat model)" readings), and so on the House rules page:

* Pigs: 1d6, or 1d8 when at least one hog is present; plus one per troop beyond the first
  (piglets and hogs alike); plus the card bonus.
* Pirates: 1d6 plus one per pirate beyond the first, at most +3 (a hex holds at most 4).
* Porcophages: 1d8 plus one per porcophage beyond the first, at most +2 (a pack holds at most
  3). When the pack wins a round and the loser's casualty is a piglet, the pack grows by one,
  never beyond three. Killing a hog, a pirate or another alien does not grow the pack.
* Acorn worm: 1d6 + 1d8 plus the card bonus (aliens hold no cards, so it is normally 0). We
  read the worm as a *single troop*: the rulebook describes one immense creature and allows
  one per hex, so it has no extra-troop bonus and one lost round kills it.
* The higher total removes one enemy troop; equal totals remove nothing; the loser chooses
  the casualty but hogs always die last, so the model removes a piglet while any are left.
* ``bonus`` is the side's combat-card bonus (the attack bonus of the attacker's cards, the
  defense bonus of the defender's). It may be negative (an event card can lower a strength).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Union

__all__ = [
    "Pigs",
    "Pirates",
    "Porcophages",
    "AcornWorm",
    "Side",
    "MAX_PIRATES",
    "MAX_PORCOPHAGES",
    "MAX_PIRATE_BONUS",
    "MAX_PORCOPHAGE_BONUS",
    "dice_total_distribution",
    "round_odds",
    "resolve_round",
]

MAX_PIRATES = 4
MAX_PORCOPHAGES = 3
MAX_PIRATE_BONUS = 3
MAX_PORCOPHAGE_BONUS = 2


def _check_int(name: str, value: object, low: int = 0, high: int | None = None) -> int:
    if type(value) is int and value >= low and (high is None or value <= high):
        return value  # the common case, kept cheap: the DP builds many sides
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bound}, got {value}")
    return value


@dataclass(frozen=True)
class Pigs:
    """A player's pigs in one combat: ``Pigs(piglets=3, hogs=1, bonus=2)``."""

    piglets: int = 0
    hogs: int = 0
    bonus: int = 0

    def __post_init__(self) -> None:
        _check_int("piglets", self.piglets)
        _check_int("hogs", self.hogs)
        _check_int("bonus", self.bonus, low=-(10**6))

    kind = "pigs"
    can_flee = True

    @property
    def troops(self) -> int:
        return self.piglets + self.hogs

    def strength_dice(self) -> tuple[int, ...]:
        return (8,) if self.hogs > 0 else (6,)

    def modifier(self) -> int:
        return max(self.troops - 1, 0) + self.bonus

    @property
    def next_loss_is_piglet(self) -> bool:
        return self.piglets > 0

    def after_loss(self) -> "Pigs":
        if self.piglets > 0:
            return Pigs(self.piglets - 1, self.hogs, self.bonus)
        if self.hogs > 0:
            return Pigs(self.piglets, self.hogs - 1, self.bonus)
        raise ValueError("this side has no troops left to lose")

    def after_win(self, killed_piglet: bool = False) -> "Pigs":
        return self

    def with_bonus(self, bonus: int) -> "Pigs":
        return replace(self, bonus=bonus)

    def describe(self) -> str:
        parts = []
        if self.piglets:
            parts.append(f"{self.piglets} piglet{'s' if self.piglets != 1 else ''}")
        if self.hogs:
            parts.append(f"{self.hogs} hog{'s' if self.hogs != 1 else ''}")
        text = " and ".join(parts) or "no pigs"
        return text + (f" ({self.bonus:+d})" if self.bonus else "")


@dataclass(frozen=True)
class _AlienStack:
    """What pirates and porcophages share: a count, a card bonus, one die, a capped bonus."""

    count: int = 1
    bonus: int = 0

    # given by each kind as class keywords: ``class Pirates(_AlienStack, kind="pirates", ...)``
    kind = "?"
    noun = "?"
    die = 6
    max_count = 0
    max_bonus = 0
    can_flee = False
    next_loss_is_piglet = False

    def __init_subclass__(cls, *, kind: str, noun: str, die: int, max_count: int, max_bonus: int, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind, cls.noun, cls.die, cls.max_count, cls.max_bonus = kind, noun, die, max_count, max_bonus

    def __post_init__(self) -> None:
        _check_int("count", self.count, 0, self.max_count)
        _check_int("bonus", self.bonus, low=-(10**6))

    @property
    def troops(self) -> int:
        return self.count

    def strength_dice(self) -> tuple[int, ...]:
        return (self.die,)

    def modifier(self) -> int:
        return min(max(self.count - 1, 0), self.max_bonus) + self.bonus

    def after_loss(self):
        if self.count <= 0:
            raise ValueError("this side has no troops left to lose")
        return type(self)(self.count - 1, self.bonus)

    def after_win(self, killed_piglet: bool = False):
        return self

    def with_bonus(self, bonus: int):
        return replace(self, bonus=bonus)

    def describe(self) -> str:
        text = f"{self.count} {self.noun}{'s' if self.count != 1 else ''}"
        return text + (f" ({self.bonus:+d})" if self.bonus else "")


@dataclass(frozen=True)
class Pirates(_AlienStack, kind="pirates", noun="pirate", die=6, max_count=MAX_PIRATES, max_bonus=MAX_PIRATE_BONUS):
    """A stack of pirates: ``Pirates(3)``. At most four share a hex."""


@dataclass(frozen=True)
class Porcophages(_AlienStack, kind="porcophages", noun="porcophage", die=8, max_count=MAX_PORCOPHAGES,
                  max_bonus=MAX_PORCOPHAGE_BONUS):
    """A porcophage pack: ``Porcophages(1)``. It grows by one per piglet killed, up to 3."""

    def after_win(self, killed_piglet: bool = False) -> "Porcophages":
        if killed_piglet and self.count < MAX_PORCOPHAGES:
            return Porcophages(self.count + 1, self.bonus)
        return self


@dataclass(frozen=True)
class AcornWorm:
    """The acorn worm: one creature rolling 1d6 + 1d8. ``alive=False`` once it is killed."""

    bonus: int = 0
    alive: bool = field(default=True, kw_only=True)

    def __post_init__(self) -> None:
        _check_int("bonus", self.bonus, low=-(10**6))
        if not isinstance(self.alive, bool):
            raise TypeError(f"alive must be a bool, got {self.alive!r}")

    kind = "acorn_worm"
    can_flee = False
    next_loss_is_piglet = False

    @property
    def troops(self) -> int:
        return 1 if self.alive else 0

    def strength_dice(self) -> tuple[int, ...]:
        return (6, 8)

    def modifier(self) -> int:
        return self.bonus

    def after_loss(self) -> "AcornWorm":
        if not self.alive:
            raise ValueError("this side has no troops left to lose")
        return replace(self, alive=False)

    def after_win(self, killed_piglet: bool = False) -> "AcornWorm":
        return self

    def with_bonus(self, bonus: int) -> "AcornWorm":
        return replace(self, bonus=bonus)

    def describe(self) -> str:
        text = "the acorn worm" if self.alive else "no acorn worm"
        return text + (f" ({self.bonus:+d})" if self.bonus else "")


Side = Union[Pigs, Pirates, Porcophages, AcornWorm]
SIDE_TYPES = (Pigs, Pirates, Porcophages, AcornWorm)


@lru_cache(maxsize=None)
def dice_total_distribution(dice: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Ways to roll each total with ``dice`` (die sizes): ``((total, ways), ...)``."""
    ways: dict[int, int] = {0: 1}
    for size in dice:
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, size + 1):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    return tuple(sorted(ways.items()))


@lru_cache(maxsize=None)
def _round_counts(a_dice: tuple[int, ...], d_dice: tuple[int, ...], diff: int) -> tuple[int, int, int]:
    """Integer counts (attacker wins, ties, defender wins) when attacker modifier - defender
    modifier is ``diff``; they sum to the product of all die sizes."""
    a_win = tie = d_win = 0
    d_dist = dice_total_distribution(d_dice)
    for a_total, a_ways in dice_total_distribution(a_dice):
        for d_total, d_ways in d_dist:
            score = a_total + diff - d_total
            if score > 0:
                a_win += a_ways * d_ways
            elif score == 0:
                tie += a_ways * d_ways
            else:
                d_win += a_ways * d_ways
    return a_win, tie, d_win


def round_counts(attacker: Side, defender: Side) -> tuple[int, int, int]:
    """Like :func:`round_odds` but as integer counts over all equally likely rolls."""
    return _round_counts(
        attacker.strength_dice(), defender.strength_dice(), attacker.modifier() - defender.modifier()
    )


def round_odds(attacker: Side, defender: Side) -> tuple[Fraction, Fraction, Fraction]:
    """Exact chances of one round: (attacker wins it, tie, defender wins it)."""
    a_win, tie, d_win = round_counts(attacker, defender)
    total = a_win + tie + d_win
    return Fraction(a_win, total), Fraction(tie, total), Fraction(d_win, total)


def resolve_round(
    attacker: Side, defender: Side, attacker_roll: int, defender_roll: int
) -> tuple[Side, Side, str]:
    """Apply one round from the *sum of the dice* each side rolled (before modifiers).

    Returns ``(attacker_after, defender_after, winner)`` where ``winner`` is ``"attacker"``,
    ``"defender"`` or ``"tie"``. A tie changes nothing.
    """
    a_total = attacker_roll + attacker.modifier()
    d_total = defender_roll + defender.modifier()
    if a_total > d_total:
        killed_piglet = defender.next_loss_is_piglet
        return attacker.after_win(killed_piglet=killed_piglet), defender.after_loss(), "attacker"
    if d_total > a_total:
        killed_piglet = attacker.next_loss_is_piglet
        return attacker.after_loss(), defender.after_win(killed_piglet=killed_piglet), "defender"
    return attacker, defender, "tie"
