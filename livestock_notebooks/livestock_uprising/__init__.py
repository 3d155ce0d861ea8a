"""Livestock Uprising: the complete rules engine (placeholder docstring, filled in below)."""
from .actions import *  # noqa
from .state import LivestockState, load
from . import actions, data

def new_game(*, players: int = 2, seed: int = 0, max_rounds: int | None = None, factions=None) -> LivestockState:
    return LivestockState.new(players=players, seed=seed, max_rounds=max_rounds, factions=factions)

CONFORMANCE_CONFIGS = [
    {"players": 2, "max_rounds": 30},
    {"players": 3, "max_rounds": 12},
    {"players": 4, "max_rounds": 8, "factions": ["pigs", "goats", "cows", "chickens"]},
]
