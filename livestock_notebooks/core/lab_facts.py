"""What the balance lab and the tournament need to know about one game: :class:`LabFacts`.

Each game package writes its facts once, in ``<game>/lab.py`` (``LAB``), and hangs them on its
``GAME`` (``GameInfo.lab``); the lab (:mod:`livestock_notebooks.lab`) and the tournament read them
from the registry (:data:`livestock_notebooks.games.GAMES`) and never name a game. Pure Python.

- ``rounds_begun(state)``: how far a game went, in the unit its ``max_rounds`` counts;
- ``features``: the columns the lab records besides the tournament record, as ``(name, kind)``
  (kinds are those of :mod:`livestock_notebooks.lab.store`), written by a :class:`FeatureWatcher`
  (``watcher()`` makes one per game);
- ``options(options, seed, players)``: an experiment's ``new_game`` options for one game (for
  draws made per game from its own seed); default: the options unchanged;
- ``analyses``: the answers the lab page charts, as ``(title, name of a function of
  :mod:`livestock_notebooks.lab.analysis`, kind)`` with kind ``rate`` or ``share``;
- ``study``: the ready-made study the lab page offers for the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

__all__ = ["FeatureWatcher", "LabFacts", "StudyFacts", "int_or_none"]


class FeatureWatcher:
    """Sees one game: the state ``new_game`` made (:meth:`started`), each bot's action before it
    is applied (:meth:`chose`), and writes the game's :meth:`features` once it is over. This
    base records ``first_player`` (the seat ``first_player_of(state)`` names); a game's watcher
    adds its own."""

    def __init__(self) -> None:
        self.state: Any = None
        self.players = 0

    def started(self, state: Any) -> None:
        self.state = state
        self.players = int(state.players)

    def chose(self, state: Any, action: Any) -> None:
        """Called with the state before ``action`` is applied."""

    def first_player_of(self, state: Any) -> Any:
        return getattr(state, "first_player", None)

    def features(self) -> dict[str, Any]:
        return {"first_player": int_or_none(self.first_player_of(self.state))}


def int_or_none(value: Any) -> int | None:
    """A seat index, or ``None`` for none (``None`` or negative)."""
    return None if value is None or int(value) < 0 else int(value)


def _same_options(options: Mapping[str, Any], seed: int, players: int) -> dict[str, Any]:
    return dict(options)


@dataclass(frozen=True)
class StudyFacts:
    """A ready-made study: its key, title, the question it answers, and its experiment (bots in
    seat order, games, seed, ``new_game`` options)."""

    key: str
    title: str
    question: str
    seats: tuple[str, ...]
    games: int
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LabFacts:
    """One game's facts for the lab and the tournament (see the module docstring)."""

    rounds_begun: Callable[[Any], int]
    features: tuple[tuple[str, str], ...] = (("first_player", "int"),)
    watcher: Callable[[], FeatureWatcher] = FeatureWatcher
    options: Callable[[Mapping[str, Any], int, int], dict[str, Any]] = _same_options
    analyses: tuple[tuple[str, str, str], ...] = ()
    study: StudyFacts | None = None
