"""The strong Livestock Uprising bot: determinized tree search (:mod:`..core.search`).

It draws whole games from its seat's view with :func:`.determinize.determinize`, searches them with
the engine's own ``apply``, starting from the greedy bot's choice and leaving it only for a clearly
better one. Its playouts are played as the greedy bot plays (with a little randomness); the position
where one stops is scored by material: each seat's Generals still in play, the units in their armies
(worth what they cost), a Super Army, and the resource tokens in hand. A seat out of the game scores
nothing.
"""
from __future__ import annotations

from typing import Any

from ..core.search import heuristic_rollout, share, strong_factory
from . import data as D
from .bots import GreedyBot
from .determinize import determinize

__all__ = ["StrongBot", "evaluate", "material"]

_UNIT_WORTH = tuple(1.0 + sum(cost) for cost in D.UNIT_COST)
_TOKEN_WORTH = tuple(0.3 * (i + 1) for i in range(len(D.RESOURCES)))
_IN_PLAY = (0, 1)  # general status: active, merged into a Super Army


def material(state: Any, seat: int) -> float:
    """What ``seat`` has on the board and in hand, in unit-cost points (0 when it is out)."""
    if not state.alive[seat]:
        return 0.0
    total = 0.0
    for slot in range(3 * seat, 3 * seat + 3):
        if state.general_status[slot] in _IN_PLAY:
            total += 3.0 + sum(_UNIT_WORTH[u] for u in state.armies[slot])
    total += sum(w * n for w, n in zip(_TOKEN_WORTH, state.tokens[seat]))
    if state.super_army[seat]:
        total *= 1.3
    return total


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s share of the material of the seats still in play (a number in [0, 1])."""
    return share([material(state, p) for p in range(state.players)], seat)


#: The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None)``
#: (levels ``easy``, ``normal``, ``hard``: ``core.search.LEVELS``).
StrongBot = strong_factory(determinize, evaluate, heuristic_rollout(GreedyBot), prior=heuristic_rollout(GreedyBot, 0.0))
