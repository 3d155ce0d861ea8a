"""A cheaper stand-in for ``state.player_view(seat)`` inside the strong bot's playouts.

A playout asks the greedy policy for every action, and building a full view each time (every
square, every General, the odds of every attack) costs more than the rest of the playout. A
:class:`QuickView` answers the same questions the greedy and tactical bots ask, each worked out
only when first asked. It is used only on states the strong bot drew itself (whole games
consistent with its own view), so it exposes nothing the search may not see; the bots facing a
real game still get the real view.
"""
from __future__ import annotations

from typing import Any, Callable

from . import data as D
from .board import SPECIAL_FORCE_STATE_NAMES

__all__ = ["QuickView"]

#: the parts worked out on first use (the others are cheap and read by every decision)
_LAZY: dict[str, Callable[[Any], Any]] = {
    "board": lambda state: state.square_views(),
    "tokens": lambda state: tuple(map(tuple, state.tokens)),
    "factions": lambda state: tuple(map(D.FACTION_KEYS.__getitem__, state.factions)),
    "troop_supply": lambda state: tuple(state.troop_stock),
    "special_forces": lambda state: tuple(map(SPECIAL_FORCE_STATE_NAMES.__getitem__, state.special_force_state)),
}


class QuickView:
    """The parts of :class:`~.views.LivestockView` the bots read, computed from ``state`` (a
    state the searcher drew) for the player about to decide: the cheap ones at once, the others
    (:data:`_LAZY`) on first use."""

    __slots__ = ("_state", "current_player", "players", "phase", "pending", "generals", "super_army", "alive",
                 "rounds_played", "has_acted", "turn_player", "__dict__")

    def __init__(self, state: Any):
        self._state = state
        self.current_player = state.current_player
        self.players = state.players
        self.phase = state.phase
        self.pending = state.pending_decision()
        self.generals = state.general_views()
        self.super_army = tuple(map(bool, state.super_army))
        self.alive = tuple(map(bool, state.alive))
        self.rounds_played = state.round
        self.has_acted = bool(state.has_acted)
        self.turn_player = state.turn

    def __getattr__(self, name: str) -> Any:
        make = _LAZY.get(name)
        if make is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = self.__dict__[name] = make(self._state)
        return value

    def preview(self, attack: Any):
        """The engine's preview of a legal attack of the player in turn."""
        return self._state.attack_preview(attack)
