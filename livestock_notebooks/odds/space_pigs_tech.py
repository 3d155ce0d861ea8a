"""Space Pigs technology-index wipeout odds, exact, and the shared combat-card data.

Reading of the rulebook (project GUIDE, section 3): each combat card shows a technology index.
The indices of *all* combat cards played in one combat, by the attacker and the defender
together, are added; a total of 6 or more (``threshold``) destroys every troop of every player
on the hex. Event cards have no index and do not count.

A *deck* is a mapping ``technology index -> number of cards`` (a plain list of indices is
accepted too). Cards are drawn without replacement, so the chance of a total is a multivariate
hypergeometric sum, computed exactly here by dynamic programming over the distinct indices.

The printed card values are unknown: :func:`default_tech_deck` reads the house values in
``livestock_notebooks/data/space_pigs/combat_cards.json`` (every card marked ``"house"``).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from math import comb
from typing import Iterable, Mapping, Optional, Sequence, Union

from .display import html_table, prob_text

__all__ = [
    "CombatCard",
    "WipeoutOdds",
    "WIPEOUT_THRESHOLD",
    "combat_cards",
    "combat_cards_note",
    "default_tech_deck",
    "tech_total_distribution",
    "tech_wipeout",
    "tech_wipeout_curve",
    "tech_wipeout_two_sided",
]

WIPEOUT_THRESHOLD = 6

Deck = Union[Mapping[int, int], Iterable[int]]


@dataclass(frozen=True)
class CombatCard:
    """One Space Pigs combat card: bonuses when attacking / defending and technology index."""

    name: str
    attack: int
    defense: int
    tech: int
    source: str = "house"


@lru_cache(maxsize=1)
def _load_cards() -> tuple[str, tuple[CombatCard, ...]]:
    path = resources.files("livestock_notebooks") / "data" / "space_pigs" / "combat_cards.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = tuple(
        CombatCard(c["name"], int(c["attack"]), int(c["defense"]), int(c["tech"]), c.get("source", "house"))
        for c in data["cards"]
    )
    return data["source_note"], cards


def combat_cards() -> list[CombatCard]:
    """The 30 combat cards from the data file (house values unless replaced by printed ones)."""
    return list(_load_cards()[1])


def combat_cards_note() -> str:
    """The data file's note saying where the values come from (show it beside any chart)."""
    return _load_cards()[0]


def default_tech_deck() -> dict[int, int]:
    """The combat deck as ``technology index -> number of cards``, from the data file."""
    return dict(sorted(Counter(card.tech for card in combat_cards()).items()))


def _normalise_deck(deck: Deck) -> dict[int, int]:
    if isinstance(deck, Mapping):
        items = deck.items()
    else:
        items = Counter(deck).items()
    out: dict[int, int] = {}
    for index, count in items:
        for name, value in (("technology index", index), ("card count", count)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"a deck maps technology index >= 0 to card count >= 0; bad {name} {value!r}")
        if count:
            out[index] = out.get(index, 0) + count
    return out


def _check_count(name: str, cards: object) -> int:
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0:
        raise ValueError(f"{name} must be a number of cards >= 0, got {cards!r}")
    return cards


def _draw_distribution(deck: dict[int, int], cards: int) -> dict[int, Fraction]:
    """Exact distribution of the index total of ``cards`` cards drawn without replacement."""
    size = sum(deck.values())
    if cards > size:
        raise ValueError(f"cannot draw {cards} cards from a deck of {size}")
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards drawn, total) -> combinations
    for index, count in deck.items():
        nxt: dict[tuple[int, int], int] = {}
        for (drawn, total), w in ways.items():
            for j in range(0, min(count, cards - drawn) + 1):
                key = (drawn + j, total + j * index)
                nxt[key] = nxt.get(key, 0) + w * comb(count, j)
        ways = nxt
    all_ways = comb(size, cards)
    return {total: Fraction(w, all_ways) for (drawn, total), w in sorted(ways.items()) if drawn == cards}


def _convolve(x: dict[int, Fraction], y: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, p in x.items():
        for b, q in y.items():
            out[a + b] = out.get(a + b, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def tech_total_distribution(deck: Deck, cards: int) -> dict[int, Fraction]:
    """``total -> chance`` for the index total of ``cards`` random cards from ``deck``."""
    return _draw_distribution(_normalise_deck(deck), _check_count("cards", cards))


@dataclass(frozen=True)
class WipeoutOdds:
    """Chance that the technology indices played reach the wipeout threshold."""

    wipeout: Fraction
    threshold: int
    distribution: dict  # index total -> chance
    description: str

    @property
    def safe(self) -> Fraction:
        """Chance the combat is *not* wiped out."""
        return 1 - self.wipeout

    def __repr__(self) -> str:
        return f"WipeoutOdds({self.description}: wipeout {prob_text(self.wipeout)})"

    def _repr_html_(self) -> str:
        return html_table(
            f"Technology-index wipeout: {self.description}",
            [(f"total {self.threshold} or more: every troop destroyed", self.wipeout),
             (f"total below {self.threshold}: combat goes on", self.safe)],
        )


def _wipeout_from(dist: dict[int, Fraction], threshold: int) -> Fraction:
    return sum((p for total, p in dist.items() if total >= threshold), Fraction(0))


def tech_wipeout(deck: Deck, cards: int, threshold: int = WIPEOUT_THRESHOLD) -> WipeoutOdds:
    """Exact chance that ``cards`` cards drawn from ``deck`` have indices totalling >= ``threshold``.

    >>> tech_wipeout({3: 2, 0: 2}, 2).wipeout   # both 3s among 2 of 4 cards
    Fraction(1, 6)
    """
    d = _normalise_deck(deck)
    _check_count("cards", cards)
    dist = _draw_distribution(d, cards)
    return WipeoutOdds(_wipeout_from(dist, threshold), threshold, dist, f"{cards} random card{'s' if cards != 1 else ''}")


def tech_wipeout_curve(deck: Deck, max_cards: int, threshold: int = WIPEOUT_THRESHOLD) -> list[WipeoutOdds]:
    """``[tech_wipeout(deck, n, threshold) for n in 0..max_cards]`` (capped at the deck size)."""
    d = _normalise_deck(deck)
    top = min(_check_count("max_cards", max_cards), sum(d.values()))
    return [tech_wipeout(d, n, threshold) for n in range(top + 1)]


def _take_hand(deck: dict[int, int], hand: Sequence[int], who: str) -> dict[int, int]:
    remaining = dict(deck)
    for index in hand:
        if remaining.get(index, 0) <= 0:
            raise ValueError(f"the {who}'s hand holds a card of index {index} that the deck no longer has")
        remaining[index] -= 1
    return {k: v for k, v in remaining.items() if v}


def tech_wipeout_two_sided(
    deck: Deck,
    attacker_cards: Optional[int],
    defender_cards: Optional[int],
    threshold: int = WIPEOUT_THRESHOLD,
    attacker_hand: Optional[Sequence[int]] = None,
    defender_hand: Optional[Sequence[int]] = None,
) -> WipeoutOdds:
    """Exact wipeout chance when the attacker plays ``attacker_cards`` and the defender
    ``defender_cards`` combat cards in the same combat.

    A side without a hand draws its cards at random; the random draws of both sides come
    without replacement from the one deck. A side with a known ``hand`` (a list of technology
    indices) plays ``cards`` of them (``None`` means all); if it plays fewer than its whole
    hand, which ones is taken as uniformly random. Known hands were dealt from the deck, so
    they are taken out of it before the random draws.
    """
    d = _normalise_deck(deck)
    dist: dict[int, Fraction] = {0: Fraction(1)}
    random_cards = 0
    parts = []
    for who, cards, hand in (("attacker", attacker_cards, attacker_hand), ("defender", defender_cards, defender_hand)):
        if hand is None:
            if cards is None:
                raise ValueError(f"give the {who}'s number of cards or the {who}'s hand")
            random_cards += _check_count(f"{who}_cards", cards)
            parts.append(f"{who} {cards} random")
            continue
        hand = list(hand)
        d = _take_hand(d, hand, who)
        cards = len(hand) if cards is None else _check_count(f"{who}_cards", cards)
        if cards > len(hand):
            raise ValueError(f"the {who} cannot play {cards} cards from a hand of {len(hand)}")
        dist = _convolve(dist, _draw_distribution(_normalise_deck(hand), cards))
        parts.append(f"{who} {cards} from hand {sorted(hand)}")
    dist = _convolve(dist, _draw_distribution(d, random_cards))
    return WipeoutOdds(_wipeout_from(dist, threshold), threshold, dist, ", ".join(parts))
