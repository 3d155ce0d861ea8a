"""BattleGoats' bots, apart from the rules: they read the rules package, which imports nothing
from here (``GAME.bots`` names this package and reads :data:`BOTS` when first asked).

- :mod:`.heuristic`: :class:`SeenBot`, plays on the cards it has seen.
- :mod:`.playout`: ``smart_playout``, the fast playout policy of the search.
- :mod:`.strong`: :class:`StrongBot`, ``core.search.SearchBot`` on the decisions worth a search.
"""
from ...core.bots import RandomBot
from ...core.search import with_strong
from .heuristic import SeenBot
from .strong import StrongBot

#: The bots by stable name (the names written into saves); the last is a page's default.
BOTS = with_strong({"random": RandomBot, "smart": SeenBot}, StrongBot)

__all__ = ["BOTS", "RandomBot", "SeenBot", "StrongBot"]
