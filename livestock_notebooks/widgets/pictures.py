"""Small standalone pictures of the games, drawn as SVG from real positions.

Each renderer reads an engine's public (spectator) view only, so a picture never shows what a
player could not see at the table, and returns one ``<svg>`` string (no images fetched from
anywhere). The drawing lives in the engines' pure-Python ``pictures`` modules (a state shown in
a notebook uses it too); the colours are the play pages' own.

* :func:`livestock_board_svg`: a Livestock Uprising farm, terrain squares with their resource,
  barns in their owner's colour, Generals as faction tokens with their stars.
* :func:`battlegoats_battlefield_svg`: one player's 3x3 battlefield, cards face up (type colour,
  name) or as card backs.
* :func:`space_pigs_galaxy_svg`: the galaxy's hexes, planets in their colour, the clans' troops
  and the aliens on them.

:func:`sample_positions` plays each game a little way with its own bots from a fixed seed (as
:data:`livestock_notebooks.widgets.games.PAGES` says) and returns the spectator views the
landing page draws (cached: the same seed gives the same picture).

    >>> views = sample_positions()
    >>> livestock_board_svg(views["livestock_uprising"]).startswith("<svg")
    True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..battlegoats.pictures import battlefield_svg as battlegoats_battlefield_svg
from ..livestock_uprising.pictures import board_svg as livestock_board_svg
from ..space_pigs.pictures import galaxy_svg as space_pigs_galaxy_svg
from .games import pages

__all__ = [
    "battlegoats_battlefield_svg",
    "livestock_board_svg",
    "sample_positions",
    "space_pigs_galaxy_svg",
]


# --------------------------------------------------------------------------- positions
def _play(state: Any, game: Any, bot: str, steps: int, stop=None) -> Any:
    """``steps`` actions of ``game``'s ``bot`` in every seat (fewer if ``stop(state)``)."""
    bots = [game.make_bot(bot, seed=seat) for seat in range(game.count_players(state))]
    for _ in range(steps):
        if state.is_over or (stop is not None and stop(state)):
            break
        state.apply(bots[state.current_player].choose(state))
    return state


@lru_cache(maxsize=4)
def sample_positions(seed: int = 7) -> dict[str, Any]:
    """The spectator views of real positions, one per game (game name -> view), each reached as
    its :class:`~livestock_notebooks.widgets.games.GamePages` says."""
    views = {}
    for p in pages():
        state = p.info.new_game(players=p.sample_players, seed=seed)
        views[p.game] = _play(state, p.info, p.sample_bot, p.sample_steps, p.sample_stop).player_view(None)
    return views
