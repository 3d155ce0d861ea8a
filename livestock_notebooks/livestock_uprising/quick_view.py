"""A cheaper stand-in for ``state.player_view(seat)`` inside the strong bot's playouts.

A playout asks the greedy policy for every action, and building a full view each time (every
square, every General, the odds of every attack) costs more than the rest of the playout. A
:class:`QuickView` answers the same questions the greedy and tactical bots ask, each worked out
only when first asked. It is used only on states the strong bot drew itself (whole games
consistent with its own view), so it exposes nothing the search may not see; the bots facing a
real game still get the real view.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from . import data as D
from .board import SPECIAL_FORCE_STATE_NAMES

__all__ = ["QuickView"]


class QuickView:
    """The parts of :class:`~.views.LivestockView` the bots read, computed on first use from
    ``state`` (a state the searcher drew) for the player about to decide."""

    __slots__ = ("_state", "__dict__")

    def __init__(self, state: Any):
        self._state = state

    @cached_property
    def current_player(self) -> int | None:
        return self._state.current_player

    @cached_property
    def players(self) -> int:
        return self._state.players

    @cached_property
    def phase(self) -> str:
        return self._state.phase

    @cached_property
    def pending(self):
        return self._state.pending_decision()

    @cached_property
    def generals(self):
        return self._state.general_views()

    @cached_property
    def board(self):
        return self._state.square_views()

    @cached_property
    def tokens(self):
        return tuple(tuple(t) for t in self._state.tokens)

    @cached_property
    def factions(self):
        return tuple(D.FACTION_KEYS[f] for f in self._state.factions)

    @cached_property
    def troop_supply(self):
        return tuple(self._state.troop_stock)

    @cached_property
    def special_forces(self):
        return tuple(SPECIAL_FORCE_STATE_NAMES[v] for v in self._state.special_force_state)

    @cached_property
    def super_army(self):
        return tuple(bool(a) for a in self._state.super_army)

    @cached_property
    def alive(self):
        return tuple(bool(a) for a in self._state.alive)

    @cached_property
    def rounds_played(self) -> int:
        return self._state.round

    @cached_property
    def has_acted(self) -> bool:
        return bool(self._state.has_acted)

    @cached_property
    def turn_player(self) -> int:
        return self._state.turn

    def preview(self, attack: Any):
        """The engine's preview of a legal attack of the player in turn."""
        return self._state.attack_preview(attack)
