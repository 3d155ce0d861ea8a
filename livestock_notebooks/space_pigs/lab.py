"""Space Pigs' facts for the balance lab and the tournament (``GAME.lab``).

Features of a game: ``clans``, ``recipes`` (red, yellow, blue planets per seat), ``rules``,
``victory_turn`` (the turn the game was won, or ``None``) and ``cards_used`` (the names of the
combat and event cards each seat played, once per play: public once the game is over).
Pure Python.
"""
from __future__ import annotations

from typing import Any

from ..core.lab_facts import FeatureWatcher, LabFacts, StudyFacts
from .actions import PlayCard
from .data import CARDS

__all__ = ["LAB", "SpacePigsWatcher", "card_name"]


def card_name(card: int) -> str:
    """A combat card by its name, an event card by its English title (``Overdrive``)."""
    c = CARDS[card]
    return c.name if c.kind == "combat" else c.english


class SpacePigsWatcher(FeatureWatcher):
    """Notes the cards each seat plays."""

    def started(self, state: Any) -> None:
        super().started(state)
        self.cards_used: list[list[str]] = [[] for _ in range(self.players)]

    def chose(self, state: Any, action: Any) -> None:
        if isinstance(action, PlayCard):
            self.cards_used[action.player].append(card_name(action.card))

    def first_player_of(self, state: Any) -> Any:
        return state.first

    def features(self) -> dict[str, Any]:
        s = self.state
        won = s.is_over and bool(s.winners)
        return {**super().features(), "clans": list(s.clans),
                "recipes": [list(s.recipe(p)) for p in range(self.players)], "rules": str(s.rules),
                "victory_turn": int(s.turn) if won else None,
                "cards_used": [list(names) for names in self.cards_used]}


LAB = LabFacts(
    rounds_begun=lambda s: s.turn,
    features=(("first_player", "int"), ("clans", "strs"), ("recipes", "intss"), ("rules", "str"),
              ("victory_turn", "int"), ("cards_used", "strss")),
    watcher=SpacePigsWatcher,
    analyses=(("Win rate by recipe", "recipe_colours", "rate"),
              ("Win rate by seat", "by_seat", "rate"),
              ("Going first", "by_first_player", "rate"),
              ("Turn of victory", "victory_turns", "share"),
              ("Win rate by clan", "faction_rates", "rate"),
              ("Cards played (win rate when a seat played the card)", "card_use", "rate")),
    study=StudyFacts(
        "space_pigs_recipes", "Space Pigs: recipes and the turn of victory",
        "Does the colour mix of a secret recipe matter, and on which turn is the game won? Three greedy "
        "bots, full rules.",
        ("greedy", "greedy", "greedy"), games=100),
)
