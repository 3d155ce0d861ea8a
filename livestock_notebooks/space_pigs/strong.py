"""The strong Space Pigs bot: determinized tree search (:mod:`..core.search`).

It draws whole games from its seat's view with :func:`.determinize.determinize` (the other hands,
recipes, secret markers, face-down hexes and dice redrawn), searches them with the engine's own
``apply``, starting from the greedy bot's choice, and scores an unfinished position by how much of
each clan's sacred recipe its planets already produce, plus a little for its troops.
"""
from __future__ import annotations

from typing import Any

from ..core.search import heuristic_rollout, share, strong_factory
from .bots import GreedyBot
from .determinize import determinize

__all__ = ["StrongBot", "evaluate", "progress"]


def progress(state: Any, player: int) -> float:
    """How near ``player`` is to producing its recipe: the share of the acorns it needs that its
    planets make (0 .. 1, weighed heavily), plus a little for its troop strength."""
    need = state.recipe(player)
    made = state.production(player)
    wanted = sum(need)
    covered = sum(min(m, n) for m, n in zip(made, need)) / wanted if wanted else 0.0
    return 0.2 + 3.0 * covered + 0.02 * state.strength(player)


def evaluate(state: Any, player: int) -> float:
    """``player``'s share of the recipe progress of all clans (a number in [0, 1])."""
    return share([progress(state, p) for p in range(state.players)], player, sharpness=3.0)


#: The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None)``
#: (levels ``easy``, ``normal``, ``hard``: ``core.search.LEVELS``).
StrongBot = strong_factory(determinize, evaluate, prior=heuristic_rollout(GreedyBot, 0.0))
