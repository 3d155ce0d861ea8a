"""Rule values, house values and cards of Space Pigs, read from ``livestock_notebooks/data``.

``RULES`` is ``data/space_pigs/rules.json``; ``EVENTS`` is ``data/space_pigs/event_cards.json``;
the combat cards come from ``data/space_pigs/combat_cards.json`` through
:func:`livestock_notebooks.odds.combat_cards` (the odds package owns that file), so the engine
and the odds use the very same card values.

``CARDS`` is the list of the 80 cards by id: ids 0-29 are the combat cards in the order of
their data file, ids 30-79 the event cards, each copy of an event its own id.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from ..odds import combat_cards


def _load(name: str) -> dict:
    path = resources.files("livestock_notebooks").joinpath("data").joinpath("space_pigs").joinpath(name)
    return json.loads(path.read_text(encoding="utf-8"))


RULES = _load("rules.json")
EVENTS = _load("event_cards.json")


@dataclass(frozen=True)
class Card:
    """One card. Combat cards: ``attack``, ``defense``, ``tech``; sequence ``"3A/3C"``.
    Event cards: ``sequence`` (e.g. ``"2B"``), ``effect`` and ``value``."""

    id: int
    kind: str  # "combat" or "event"
    key: str  # event id ("extra_move"), or "combat"
    name: str
    english: str
    sequence: str
    effect: str
    value: int
    attack: int
    defense: int
    tech: int
    text: str
    source: str

    def __str__(self) -> str:
        if self.kind == "combat":
            return f"{self.name} (+{self.attack} att/+{self.defense} def, tech {self.tech})"
        return f"{self.english} [{self.sequence}]"


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for c in combat_cards():
        cards.append(Card(len(cards), "combat", "combat", c.name, c.name, "3A/3C", "combat", 0,
                          c.attack, c.defense, c.tech,
                          f"+{c.attack} when attacking, +{c.defense} when defending, technology index {c.tech}.",
                          c.source))
    for e in EVENTS["cards"]:
        for _ in range(e["count"]):
            cards.append(Card(len(cards), "event", e["id"], e["name"], e["english"], e["sequence"],
                              e["effect"], int(e["value"]), 0, 0, 0, e["text"], e["source"]))
    return tuple(cards)


CARDS = _build_cards()
N_COMBAT = sum(1 for c in CARDS if c.kind == "combat")
FULL_DECK = tuple(range(len(CARDS)))


def simple_deck() -> tuple[int, ...]:
    """The deck of the simplified rules: combat cards plus the listed event cards."""
    keys = dict(RULES["simple"]["deck_events"])
    ids = [c.id for c in CARDS if c.kind == "combat"]
    taken: dict[str, int] = {}
    for c in CARDS:
        if c.kind == "event" and c.key in keys and taken.get(c.key, 0) < keys[c.key]:
            taken[c.key] = taken.get(c.key, 0) + 1
            ids.append(c.id)
    return tuple(ids)


CLANS = tuple(RULES["clans"]["names"])
CLAN_SHORT = tuple(RULES["clans"]["short"])
POWERS = {clan: tuple(p["id"] for p in plist) for clan, plist in RULES["clan_powers"]["powers"].items()}
POWER_TEXT = {(clan, p["id"]): p["text"] for clan, plist in RULES["clan_powers"]["powers"].items() for p in plist}
RECIPES = tuple(tuple(r) for r in RULES["recipes"]["markers"])
COLONIST_MARKERS = tuple(RULES["colonist_markers"]["values"])


def readings() -> list[dict]:
    """Every rule reading of the engine (rules file, then event-card file)."""
    return list(RULES["readings"]) + list(EVENTS["readings"])
