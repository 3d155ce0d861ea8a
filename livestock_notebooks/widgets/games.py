"""Each game's pages, in one place: :data:`PAGES`, by game name, for every game of
:data:`livestock_notebooks.games.GAMES`.

Every game's widgets package has the same entry points, which pages, notebooks and tests call:

- ``widgets/<game>/app.py``: ``play_app(**options)``, the play page
  (``notebooks/<game>_play.ipynb``);
- ``widgets/<game>/tutorial.py``: ``tutorial_app(**options)``, the tutorial
  (``notebooks/<game>_tutorial.ipynb``).

:class:`GamePages` finds them by that name (imported when first asked for, so the front page does
not load every game's widgets) and says how the front page draws the game: the engine's picture
of a spectator view, and the short bot game that reaches a position worth drawing.
``tests/test_package_shape.py`` checks that every game has an entry here and both entry points.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

from ..battlegoats import pictures as battlegoats_pictures
from ..core.game_info import GameInfo
from ..games import GAMES
from ..livestock_uprising import pictures as livestock_pictures
from ..space_pigs import pictures as space_pigs_pictures

__all__ = ["GamePages", "PAGES", "pages"]


@dataclass(frozen=True)
class GamePages:
    """One game's pages. ``picture(view)``: the game drawn from a spectator view (SVG); the front
    page plays ``sample_steps`` actions of ``sample_bot`` in each of ``sample_players`` seats
    (fewer if ``sample_stop(state)``) to reach the position it draws."""

    game: str
    picture: Callable[[Any], str]
    sample_players: int
    sample_bot: str
    sample_steps: int
    sample_stop: Callable[[Any], bool] | None = None

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game]

    @property
    def play_notebook(self) -> str:
        return f"{self.game}_play.ipynb"

    @property
    def tutorial_notebook(self) -> str:
        return f"{self.game}_tutorial.ipynb"

    def play_app(self, **options: Any) -> Any:
        """The play page (``widgets/<game>/app.py``'s ``play_app``)."""
        return import_module(f"{__package__}.{self.game}.app").play_app(**options)

    def tutorial_app(self, **options: Any) -> Any:
        """The tutorial page (``widgets/<game>/tutorial.py``'s ``tutorial_app``)."""
        return import_module(f"{__package__}.{self.game}.tutorial").tutorial_app(**options)


#: Each game's pages: one line per game.
PAGES: dict[str, GamePages] = {p.game: p for p in (
    GamePages("battlegoats", battlegoats_pictures.battlefield_svg, 3, "smart", 400, battlegoats_pictures.battle_under_way),
    GamePages("livestock_uprising", livestock_pictures.board_svg, 4, "greedy", 160),
    GamePages("space_pigs", space_pigs_pictures.galaxy_svg, 4, "greedy", 200),
)}


def pages() -> list[GamePages]:
    """Every game's pages, in the registry's order (:data:`livestock_notebooks.games.GAMES`)."""
    return [PAGES[name] for name in GAMES]
