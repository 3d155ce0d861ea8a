"""BattleGoats' facts for the balance lab and the tournament (``GAME.lab``).

Features of a game: ``first_player`` (the first attacker), ``armies`` (the card ids each seat
fought with: dealt, or drafted), ``deal`` (``deal`` or ``draft``), ``card_list`` (``standard`` or
``custom``). An experiment's ``cards`` may be a list of card ids of the built-in list. Pure Python.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core.lab_facts import FeatureWatcher, LabFacts, StudyFacts
from .cards import standard_cards

__all__ = ["LAB", "BattleGoatsWatcher", "lab_options"]


class BattleGoatsWatcher(FeatureWatcher):
    """Notes each seat's army once it is known (dealt at the start, or when the draft ends)."""

    def started(self, state: Any) -> None:
        super().started(state)
        self.armies: list[list[str]] | None = None if state.draft else [list(h) for h in state.hands]

    def chose(self, state: Any, action: Any) -> None:
        if self.armies is None and state.phase != "draft":
            self.armies = [list(h) for h in state.hands]  # the draft is over: nothing laid out yet

    def first_player_of(self, state: Any) -> Any:
        return state.first_attacker

    def features(self) -> dict[str, Any]:
        s = self.state
        return {**super().features(), "armies": self.armies or [], "deal": "draft" if s.draft else "deal",
                "card_list": "standard" if getattr(s.cards, "standard", False) else "custom"}


def lab_options(options: Mapping[str, Any], seed: int, players: int) -> dict[str, Any]:
    """``cards`` given as card ids: those cards of the built-in list (``ValueError`` for an
    unknown id)."""
    out = dict(options)
    cards = out.get("cards")
    if isinstance(cards, (list, tuple)) and all(isinstance(c, str) for c in cards):
        rows = {c.id: c.to_dict() for c in standard_cards()}
        unknown = [c for c in cards if c not in rows]
        if unknown:
            raise ValueError(f"unknown BattleGoats card ids {unknown[:5]}")
        out["cards"] = [rows[c] for c in cards]
    return out


LAB = LabFacts(
    rounds_begun=lambda s: s.round,
    features=(("first_player", "int"), ("armies", "strss"), ("deal", "str"), ("card_list", "str")),
    watcher=BattleGoatsWatcher,
    options=lab_options,
    analyses=(("Win rate by seat", "by_seat", "rate"),
              ("Attacking first", "by_first_player", "rate"),
              ("Cards that carry an army (win rate with the card)", "card_effect", "rate"),
              ("Game length (rounds)", "game_length", "share")),
    study=StudyFacts(
        "battlegoats_cards", "BattleGoats: the cards that carry an army",
        "How often does an army win with each card, against without it? Three smart bots, armies "
        "dealt from the 81 cards.",
        ("smart", "smart", "smart"), games=150),
)
