"""Bots that need nothing but the public engine protocol."""
from __future__ import annotations

import random

from .protocol import Action, GameState


class RandomBot:
    """Picks uniformly among the legal actions. Seeded, so bot games replay."""

    name = "Random"

    def __init__(self, seed: int | None = 0):
        self._random = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        return self._random.choice(actions)


def play_out(state: GameState, bots: dict | list, *, max_actions: int = 1_000_000, on_step=None):
    """Let ``bots`` (one per player) play ``state`` to the end; returns the events.

    ``on_step(state, action, events)`` is called after each action (a progress display).
    """
    events = []
    for _ in range(max_actions):
        if state.is_over:
            break
        player = state.current_player
        assert player is not None, "a game that is not over has a player to decide"
        bot = bots[player]
        action = bot.choose(state)
        new = state.apply(action)
        events.extend(new)
        if on_step is not None:
            on_step(state, action, new)
    return events
