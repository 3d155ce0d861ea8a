"""Small standalone pictures of the three games, drawn as SVG from real positions.

Each renderer reads an engine's public (spectator) view only, so a picture never shows what a
player could not see at the table, and returns one ``<svg>`` string (no images fetched from
anywhere). The colours are the play pages' own, so a picture looks like the game it links to.

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

import html
import math
from functools import lru_cache
from typing import Any

from ..battlegoats import GAME as BATTLEGOATS
from ..battlegoats import new_game as battlegoats_game
from ..battlegoats.cards import standard_cards
from ..battlegoats.game import PLAYER_COLOURS as GOAT_SEAT_COLOURS
from ..livestock_uprising import GAME as LIVESTOCK
from ..livestock_uprising import new_game as livestock_game
from ..livestock_uprising.game import FACTION_COLOURS
from ..space_pigs import GAME as SPACE_PIGS
from ..space_pigs import new_game as space_pigs_game
from ..space_pigs.game import PLAYER_COLOURS as CLAN_COLOURS
from .battlegoats.style import BACK_COLOUR, EMPTY_COLOUR, TYPE_COLOURS
from .livestock_uprising.board import FACTION_SHAPES, TERRAIN_COLOURS, terrain_icon
from .space_pigs.board import ALIEN_FILL, PLANET_COLOURS

__all__ = [
    "battlegoats_battlefield_svg",
    "livestock_board_svg",
    "sample_positions",
    "space_pigs_galaxy_svg",
]

esc = html.escape
STAR = "\u2605"


def _svg(width: float, height: float, label: str, body: str, css: str) -> str:
    """An ``<svg>`` that scales to its container's width (``max-width: 100%``)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="lsn-picture {css}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{esc(label)}" '
            f'style="max-width:100%;height:auto;font-family:sans-serif"><title>{esc(label)}</title>{body}</svg>')


# --------------------------------------------------------------------------- Livestock Uprising
def livestock_board_svg(view: Any, cell: int = 30) -> str:
    """The farm of a Livestock Uprising view: one square per board square."""
    size = view.size
    generals = {g.name: g for g in view.generals}
    parts = []
    for r, row in enumerate(reversed(view.board)):  # rank 1 at the bottom, as on the play page
        for c, square in enumerate(row):
            x, y = c * cell, r * cell
            fill = TERRAIN_COLOURS.get(square.terrain, TERRAIN_COLOURS[None])
            stroke = "#8d8579"
            width = 1
            if square.barn_of is not None:
                stroke, width = FACTION_COLOURS[view.factions[square.barn_of]], 3
            parts.append(f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{cell - 1}" height="{cell - 1}" rx="3" '
                         f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>')
            icon = terrain_icon(square.terrain, cell // 2, colour=stroke)
            if icon and not square.generals:
                parts.append(f'<g transform="translate({x + cell / 4:.1f},{y + cell / 4:.1f})">{icon}</g>')
            for k, name in enumerate(square.generals[:2]):
                parts.append(_general_token(generals[name], x + cell / 2 + (k - (len(square.generals[:2]) - 1) / 2) * cell / 3,
                                            y + cell / 2, cell / 3))
    label = f"A Livestock Uprising farm of {size} by {size} squares, {len(view.generals)} Generals on it"
    return _svg(size * cell, size * cell, label, "".join(parts), "lsn-picture-livestock")


def _general_token(general: Any, x: float, y: float, radius: float) -> str:
    colour = FACTION_COLOURS.get(general.faction, "#555")
    shape = FACTION_SHAPES.get(general.faction, "")
    ring = ' stroke="#ffd600" stroke-width="2.5"' if general.super_army else ' stroke="#fff" stroke-width="1"'
    return (f'<g><title>{esc(general.name)} ({general.stars} star{"s" if general.stars != 1 else ""})</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}"{ring}/>'
            f'<text x="{x:.1f}" y="{y + radius * 0.35:.1f}" font-size="{radius:.1f}" text-anchor="middle" '
            f'fill="#fff">{shape}</text>'
            f'<text x="{x:.1f}" y="{y - radius * 1.05:.1f}" font-size="{radius * 0.75:.1f}" text-anchor="middle" '
            f'fill="#5d4037">{STAR * general.stars}</text></g>')


# --------------------------------------------------------------------------- BattleGoats
def _face_up(board: Any) -> int:
    return sum(1 for s in board if s is not None and s.card is not None)


def battlegoats_battlefield_svg(view: Any, player: int | None = None, card_w: int = 76, card_h: int = 54) -> str:
    """One player's 3x3 battlefield in a BattleGoats view, front row on top (``player=None``:
    the battlefield with the most cards face up)."""
    if player is None:
        player = max(range(len(view.boards)), key=lambda p: (_face_up(view.boards[p]), -p))
    cards = standard_cards()
    gap = 5
    parts = []
    for slot, seen in enumerate(view.boards[player]):
        x = gap + (slot % 3) * (card_w + gap)
        y = gap + (slot // 3) * (card_h + gap)
        box = f'x="{x}" y="{y}" width="{card_w}" height="{card_h}" rx="6"'
        if seen is None:
            parts.append(f'<rect {box} fill="{EMPTY_COLOUR}" stroke="#ccc" stroke-dasharray="4 3"/>')
        elif seen.card is None or seen.card not in cards:
            parts.append(f'<rect {box} fill="{BACK_COLOUR}" stroke="#3e2723" stroke-width="1.5"/>'
                         f'<rect x="{x + 6}" y="{y + 6}" width="{card_w - 12}" height="{card_h - 12}" rx="4" '
                         'fill="none" stroke="#d7b899" stroke-width="1.2"/>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 + 5}" font-size="15" text-anchor="middle" '
                         'fill="#d7b899">\u2726</text>')
        else:
            card = cards[seen.card]
            parts.append(f'<rect {box} fill="{TYPE_COLOURS.get(card.type, "#eee")}" stroke="#5d4037" stroke-width="1.5"/>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 - 2}" font-size="10.5" font-weight="600" '
                         f'text-anchor="middle" fill="#222">{esc(_fit(card.name, 13))}</text>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 + 13}" font-size="9" text-anchor="middle" '
                         f'fill="#555">{esc(card.type)}</text>')
    colour = GOAT_SEAT_COLOURS[player % len(GOAT_SEAT_COLOURS)]
    width, height = 3 * card_w + 4 * gap, 3 * card_h + 4 * gap
    frame = f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8" fill="#fffdf8" stroke="{colour}" stroke-width="2"/>'
    shown = _face_up(view.boards[player])
    label = f"A BattleGoats battlefield: 3 by 3 cards, {shown} face up"
    return _svg(width, height, label, frame + "".join(parts), "lsn-picture-battlegoats")


def _fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


# --------------------------------------------------------------------------- Space Pigs
HEX_FILL = {"A": "#9e9e9e", "S": "#ffb300", "?": "#37474f"}


def space_pigs_galaxy_svg(view: Any, radius: float = 26) -> str:
    """The galaxy of a Space Pigs view: pointy-top hexes at their axial coordinates."""
    s3 = math.sqrt(3)
    centres = {h.index: (s3 * (h.q + h.r / 2) * radius, 1.5 * h.r * radius) for h in view.hexes}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    pad_x, pad_y = s3 / 2 * radius + 2, radius + 2
    dx, dy = pad_x - min(xs), pad_y - min(ys)
    parts = []
    for h in view.hexes:
        cx, cy = centres[h.index][0] + dx, centres[h.index][1] + dy
        corners = " ".join(
            f"{cx + radius * math.cos(math.radians(60 * k - 30)):.1f},{cy + radius * math.sin(math.radians(60 * k - 30)):.1f}"
            for k in range(6))
        if h.face_down:
            fill = HEX_FILL["?"]
        elif h.kind in ("P", "D"):
            fill = PLANET_COLOURS.get(h.colour, "#bbb")
        else:
            fill = HEX_FILL.get(h.kind, "#bbb")
        parts.append(f'<polygon points="{corners}" fill="#0d1b2a" stroke="#90a4ae" stroke-width="1"/>')
        if not h.face_down and h.kind in ("P", "D", "S"):
            r = radius * (0.42 if h.kind != "S" else 0.55)
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}"/>')
            if h.kind == "D":
                parts.append(f'<circle cx="{cx + r:.1f}" cy="{cy - r:.1f}" r="{r / 2:.1f}" fill="{fill}" stroke="#0d1b2a"/>')
        elif not h.face_down and h.kind == "A":
            parts.append(f'<circle cx="{cx - 5:.1f}" cy="{cy - 3:.1f}" r="4" fill="{fill}"/>'
                         f'<circle cx="{cx + 4:.1f}" cy="{cy + 4:.1f}" r="3" fill="{fill}"/>')
        else:
            parts.append(f'<polygon points="{corners}" fill="{fill}" stroke="#90a4ae" stroke-width="1"/>')
        for k, occupant in enumerate(h.occupants[:2]):
            parts.append(_troop_token(occupant, cx + (k - (len(h.occupants[:2]) - 1) / 2) * radius * 0.8,
                                      cy + radius * 0.45, radius * 0.32, view))
    width = max(xs) - min(xs) + 2 * pad_x
    height = max(ys) - min(ys) + 2 * pad_y
    label = f"A Space Pigs galaxy of {len(view.hexes)} hexes"
    return _svg(width, height, label, "".join(parts), "lsn-picture-space-pigs")


def _troop_token(occupant: Any, x: float, y: float, radius: float, view: Any) -> str:
    if occupant.is_alien:
        colour, name = ALIEN_FILL.get(occupant.who, "#000"), {-1: "pirates", -2: "porcophages", -3: "acorn worm"}.get(
            occupant.who, "aliens")
    else:
        colour, name = CLAN_COLOURS[occupant.who % len(CLAN_COLOURS)], view.name(occupant.who)
    count = occupant.count
    return (f'<g><title>{esc(name)}: {count}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}" stroke="#fff" stroke-width="1"/>'
            f'<text x="{x:.1f}" y="{y + radius * 0.4:.1f}" font-size="{radius * 1.15:.1f}" text-anchor="middle" '
            f'fill="#fff">{count}</text></g>')


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
    return any(_face_up(b) >= 2 and sum(s is not None for s in b) >= 8 for b in state.player_view(None).boards)


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
