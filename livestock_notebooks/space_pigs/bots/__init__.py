"""Space Pigs' bots, apart from the rules: they read the rules package, which imports nothing
from here (``GAME.bots`` names this package and reads :data:`BOTS` when first asked).

- :mod:`.heuristic`: :class:`GreedyBot`, a plan per turn from its seat's view.
- :mod:`.strong_policy`: :class:`~.strong_policy.StrongPolicy`, the strong bot's heuristic.
- :mod:`.strong`: :class:`StrongBot`, ``core.search.SearchBot`` on the decisions worth a search.
"""
from ...core.bots import RandomBot
from ...core.search import with_strong
from .heuristic import GreedyBot
from .strong import StrongBot

#: The bots by stable name (the names written into saves); the last is a page's default.
BOTS = with_strong({"random": RandomBot, "greedy": GreedyBot}, StrongBot)

__all__ = ["BOTS", "GreedyBot", "RandomBot", "StrongBot"]
