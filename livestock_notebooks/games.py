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

import importlib
from collections.abc import Iterator, Mapping

from .core.game_info import GameInfo

__all__ = ["GAMES", "game_info"]


class _Registry(Mapping[str, GameInfo]):
    """The games by name, each game's package imported when its entry is first read: a page of
    one game (its kernel) loads no other game's rules."""

    def __init__(self, packages: dict[str, str]):
        self._packages = packages
        self._loaded: dict[str, GameInfo] = {}

    def __getitem__(self, name: str) -> GameInfo:
        if name not in self._loaded:
            if name not in self._packages:
                raise KeyError(name)
            info = importlib.import_module(self._packages[name]).GAME
            if info.name != name:
                raise RuntimeError(f"{self._packages[name]}.GAME is named {info.name!r}, registered as {name!r}")
            self._loaded[name] = info
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __contains__(self, name: object) -> bool:
        return name in self._packages

    def __repr__(self) -> str:
        return f"GAMES({list(self._packages)})"


#: The games by name (``GAME.name``) and the package holding each one's ``GAME``: one line per game.
GAMES: Mapping[str, GameInfo] = _Registry({
    "battlegoats": "livestock_notebooks.battlegoats",
    "livestock_uprising": "livestock_notebooks.livestock_uprising",
    "space_pigs": "livestock_notebooks.space_pigs",
})


def game_info(game: str | GameInfo) -> GameInfo:
    """The :class:`GameInfo` of a game name; ``ValueError`` naming the known names otherwise."""
    if isinstance(game, GameInfo):
        return game
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {sorted(GAMES)}")
    return GAMES[game]
