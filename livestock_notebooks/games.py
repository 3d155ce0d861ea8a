"""The one list of the games: :data:`GAMES`, each game's :class:`~livestock_notebooks.core.game_info.GameInfo`
by its name, in the order pages offer them (the quickest to learn first).

Everything that goes over the games reads this list: the tournament, the tables, the balance lab,
the list of pages (``catalog``), the House rules page, the widgets' pages
(:mod:`livestock_notebooks.widgets.games`) and the tests. Adding a game is one line here (see
"Adding a game" in ``docs/architecture.md``). Pure Python.

    >>> list(GAMES)
    ['battlegoats', 'livestock_uprising', 'space_pigs']
    >>> GAMES["space_pigs"].title
    'Space Pigs'
"""
from __future__ import annotations

from . import battlegoats, livestock_uprising, space_pigs
from .core.game_info import GameInfo

__all__ = ["GAMES", "game_info"]

#: The games by name (``GAME.name``): one line per game.
GAMES: dict[str, GameInfo] = {g.name: g for g in (
    battlegoats.GAME,
    livestock_uprising.GAME,
    space_pigs.GAME,
)}


def game_info(game: str | GameInfo) -> GameInfo:
    """The :class:`GameInfo` of a game name; ``ValueError`` naming the known names otherwise."""
    if isinstance(game, GameInfo):
        return game
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {sorted(GAMES)}")
    return GAMES[game]
