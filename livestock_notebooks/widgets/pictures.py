"""Small standalone pictures of the three games, drawn as SVG from real positions.

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

:func:`sample_positions` plays each game a little way with its own bots from a fixed seed and
returns the three spectator views the landing page draws (cached: the same seed gives the same
picture).

    >>> views = sample_positions()
    >>> livestock_board_svg(views["livestock_uprising"]).startswith("<svg")
    True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..battlegoats import GAME as BATTLEGOATS
from ..battlegoats import new_game as battlegoats_game
from ..battlegoats.pictures import battlefield_svg as battlegoats_battlefield_svg
from ..battlegoats.cards import standard_cards  # noqa: F401  (kept for callers of this module)
from ..battlegoats.pictures import face_up_count
from ..livestock_uprising import GAME as LIVESTOCK
from ..livestock_uprising import new_game as livestock_game
from ..livestock_uprising.pictures import board_svg as livestock_board_svg
from ..space_pigs import GAME as SPACE_PIGS
from ..space_pigs import new_game as space_pigs_game
from ..space_pigs.pictures import galaxy_svg as space_pigs_galaxy_svg

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


def _battle_under_way(state: Any) -> bool:
    """A battlefield still nearly full with some cards turned face up."""
    return any(face_up_count(b) >= 2 and sum(s is not None for s in b) >= 8 for b in state.player_view(None).boards)


@lru_cache(maxsize=4)
def sample_positions(seed: int = 7) -> dict[str, Any]:
    """The spectator views of three real positions, one per game (game key -> view)."""
    livestock = _play(livestock_game(players=4, seed=seed), LIVESTOCK, "greedy", 160)
    goats = _play(battlegoats_game(players=3, seed=seed), BATTLEGOATS, "smart", 400, _battle_under_way)
    pigs = _play(space_pigs_game(players=4, seed=seed), SPACE_PIGS, "greedy", 200)
    return {
        "livestock_uprising": livestock.player_view(None),
        "battlegoats": goats.player_view(None),
        "space_pigs": pigs.player_view(None),
    }
