"""The strong BattleGoats bot: determinized tree search (:mod:`..core.search`).

It draws whole games from its seat's view with :func:`.determinize.determinize` (the face-down cards
it has not seen, the other hands and packs redrawn), searches them with the engine's own ``apply``,
starting from the smart bot's choice; a game is short, so its playouts (random actions) mostly run
to the end; one cut short is scored by the cards each player still has (on the battlefield, in
hand), weighted by their values.
"""
from __future__ import annotations

from typing import Any

from ..core.search import heuristic_rollout, share, strong_factory
from .bots import SeenBot
from .determinize import determinize

__all__ = ["StrongBot", "evaluate", "strength"]


def strength(state: Any, player: int) -> float:
    """The cards ``player`` still has, each worth 1 plus a tenth of its value."""
    by_id = state.cards.by_id
    cards = [c for c in state.board[player] if c is not None] + list(state.hands[player])
    return sum(1.0 + 0.1 * by_id[c].value for c in cards)


def evaluate(state: Any, player: int) -> float:
    """``player``'s share of the cards still in play (a number in [0, 1])."""
    return share([strength(state, p) for p in range(state.players)], player)


#: The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None)``
#: (levels ``easy``, ``normal``, ``hard``: ``core.search.LEVELS``).
StrongBot = strong_factory(determinize, evaluate, prior=heuristic_rollout(SeenBot, 0.0), rollout_depth=200)
