"""Livestock Uprising's facts for the balance lab and the tournament (``GAME.lab``).

Features of a game: ``factions`` (faction key per seat), ``cards_played`` (command cards each
seat played), ``special_forces`` (special-force units each seat marshalled), ``super_army``
(whether each seat formed its Super Army). An experiment's ``factions="draw"`` gives each game a
different faction per seat, drawn from the game's own seed. Pure Python.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from ..core.lab_facts import FeatureWatcher, LabFacts, StudyFacts
from . import actions as A
from . import data as D

__all__ = ["LAB", "LivestockWatcher", "lab_options"]

_SPECIAL_FORCES = frozenset(sf["key"] for sf in D.SPECIAL_FORCES)


class LivestockWatcher(FeatureWatcher):
    """Counts each seat's command cards and special forces, and notes its Super Army."""

    def started(self, state: Any) -> None:
        super().started(state)
        self.cards_played = [0] * self.players
        self.special_forces = [0] * self.players
        self.super_army = [False] * self.players

    def chose(self, state: Any, action: Any) -> None:
        player = state.current_player
        if isinstance(action, A.PlayCard):
            self.cards_played[player] += 1
        elif isinstance(action, A.Marshal) and action.unit in _SPECIAL_FORCES:
            self.special_forces[player] += 1
        elif isinstance(action, A.FormSuperArmy):
            self.super_army[player] = True

    def features(self) -> dict[str, Any]:
        return {**super().features(), "factions": [D.FACTION_KEYS[f] for f in self.state.factions],
                "cards_played": list(self.cards_played), "special_forces": list(self.special_forces),
                "super_army": list(self.super_army)}


def lab_options(options: Mapping[str, Any], seed: int, players: int) -> dict[str, Any]:
    """``factions="draw"``: a different faction per seat, drawn at random from the game's seed.

    >>> lab_options({"factions": "draw"}, 7, 2)
    {'factions': ['goats', 'cows']}
    """
    out = dict(options)
    if out.get("factions") == "draw":
        out["factions"] = random.Random(f"lab factions {int(seed)}").sample(list(D.FACTION_KEYS), players)
    return out


LAB = LabFacts(
    rounds_begun=lambda s: s.rounds_played + 1,  # rounds_played counts rounds completed
    features=(("first_player", "int"), ("factions", "strs"), ("cards_played", "ints"),
              ("special_forces", "ints"), ("super_army", "bools")),
    watcher=LivestockWatcher,
    options=lab_options,
    analyses=(("Win rate by faction", "faction_rates", "rate"),
              ("Win rate by seat", "by_seat", "rate"),
              ("Going first", "by_first_player", "rate"),
              ("Command cards, special forces and the Super Army", "command_use", "rate"),
              ("Game length (rounds)", "game_length", "share")),
    study=StudyFacts(
        "livestock_factions", "Livestock Uprising: factions, going first, command cards",
        "Which faction wins more often, does going first matter, and do command cards, special forces "
        "and the Super Army win games? Two greedy bots, factions drawn at random each game.",
        ("greedy", "greedy"), games=300, options={"factions": "draw"}),
)
