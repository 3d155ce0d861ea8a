"""What the lab records about each game besides the tournament record: its features.

A game is still played by :func:`livestock_notebooks.tournament.play_one` (so its record is the
tournament's, byte for byte); the lab hands it a copy of the game's :class:`GameInfo` whose
``new_game`` keeps the state it made and whose bots report each action they choose. From the
final state and those actions the game's watcher (``GAME.lab.watcher``, written in each game's
``<game>/lab.py``: :class:`~livestock_notebooks.core.lab_facts.FeatureWatcher`) writes the
features of one game. Every game records ``first_player``; the others are listed in
:data:`FEATURE_COLUMNS`. This module names no game: it reads :data:`livestock_notebooks.games.GAMES`.

Pure Python.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable, Mapping

from ..core.game_info import GameInfo
from ..core.lab_facts import FeatureWatcher
from ..games import GAMES

__all__ = ["FEATURE_COLUMNS", "game_options", "watched_info", "watcher"]

#: The feature columns of each game, as (name, kind): kinds are those of :mod:`.store`.
FEATURE_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    name: info.lab.features for name, info in GAMES.items() if info.lab is not None}


def game_options(game: str, options: Mapping[str, Any], seed: int, players: int) -> dict[str, Any]:
    """The ``new_game`` options of one game from an experiment's ``options``: the same for every
    game, except where the game's lab facts draw them from the game's own seed (so from its
    index alone; Livestock Uprising ``factions="draw"``, BattleGoats ``cards`` as card ids).

    >>> game_options("livestock_uprising", {"factions": "draw"}, 7, 2)
    {'factions': ['goats', 'cows']}
    """
    lab = GAMES[game].lab if game in GAMES else None
    return lab.options(options, seed, players) if lab is not None else dict(options)


def watcher(game: str) -> FeatureWatcher:
    """A new watcher of one game of ``game`` (its ``GAME.lab.watcher``)."""
    lab = GAMES[game].lab if game in GAMES else None
    return lab.watcher() if lab is not None else FeatureWatcher()


def watched_info(info: GameInfo, watcher: FeatureWatcher) -> GameInfo:
    """A copy of ``info`` whose games report to ``watcher``: the game plays exactly as before
    (same state, same bots, same seeds); the watcher only looks."""
    def new_game(**kwargs: Any) -> Any:
        state = info.new_game(**kwargs)
        watcher.started(state)
        return state

    bots = {name: _watched_factory(factory, watcher) for name, factory in info.bots.items()}
    return dataclasses.replace(info, new_game=new_game, bots=bots)


def _watched_factory(factory: Callable[..., Any], watcher: FeatureWatcher) -> Callable[..., Any]:
    @functools.wraps(factory)  # the signature stays the factory's (seed or not, options)
    def make(*args: Any, **kwargs: Any) -> Any:
        return _WatchedBot(factory(*args, **kwargs), watcher)

    return make


class _WatchedBot:
    """A bot whose every choice is shown to a watcher before it is returned."""

    def __init__(self, bot: Any, watcher: FeatureWatcher):
        self.bot = bot
        self.watcher = watcher

    def choose(self, state: Any) -> Any:
        action = self.bot.choose(state)
        self.watcher.chose(state, action)
        return action
