"""Pictures of a Livestock Uprising position, pure Python (SVG and HTML strings).

The play page, the front page and a state shown in a notebook draw with the same code:
:func:`board_svg` (terrain with its resource, barns in their owner's colour, Generals as
faction tokens with their stars), :func:`players_html` (each player's resources, Generals,
units and strengths) and :func:`position_html` (both). They read a
:class:`~livestock_notebooks.livestock_uprising.views.LivestockView` only, so a picture shows
what that viewer may know.

    >>> from livestock_notebooks.livestock_uprising import new_game
    >>> html = position_html(new_game(players=2, seed=1).player_view(None))
    >>> "<svg" in html and "Resources" in html
    True
"""
from __future__ import annotations

from typing import Any

from ..core.pictures import esc, html_table, icon_svg, svg_picture
from . import data as D

__all__ = ["FACTION_COLOURS", "FACTION_SHAPES", "RESOURCE_COLOURS", "TERRAIN_COLOURS", "board_svg",
           "players_html", "position_html", "resource_icon", "terrain_icon"]

#: Each faction's colour on the board, in the pieces and in the players strip.
FACTION_COLOURS = {"chickens": "#1f5fbf", "cows": "#c62828", "goats": "#2e7d32", "pigs": "#212121"}
#: a shape per faction as well as a colour (colour-blind players)
FACTION_SHAPES = {"chickens": "\u25cf", "cows": "\u25a0", "goats": "\u25b2", "pigs": "\u25c6"}
TERRAIN_COLOURS = {
    "grass": "#b9e08a",
    "hay": "#f3e19b",
    "corn": "#f7d257",
    "carrot": "#f6c28b",
    "apple": "#f4b6b0",
    "forest": "#5b8f4e",
    "lake": "#8cc4ee",
    "barn": "#eeeeee",
    None: "#d9d4cc",
}
RESOURCE_COLOURS = {"grass": "#43a047", "hay": "#c9a227", "corn": "#f2b705", "carrot": "#ef6c00", "apple": "#d32f2f"}
STAR = "\u2605"

#: The SVG drawing (20 x 20 box) of each resource's icon.
_RESOURCE_SVG = {
    "grass": "<path d='M3 18 L5 8 L7 18 Z M8 18 L10 4 L12 18 Z M13 18 L15 9 L17 18 Z' fill='#43a047' "
             "stroke='#1b5e20' stroke-width='0.8'/>",
    "hay": "<rect x='3' y='6' width='14' height='10' rx='2' fill='#e8c547' stroke='#8d6e00' stroke-width='1'/>"
           "<path d='M3 9 H17 M3 13 H17' stroke='#8d6e00' stroke-width='1'/>",
    "corn": "<ellipse cx='10' cy='9' rx='4' ry='7' fill='#fbc02d' stroke='#a67c00' stroke-width='1'/>"
            "<path d='M6 17 Q9 11 10 16 Q11 11 14 17 Z' fill='#66bb6a' stroke='#2e7d32' stroke-width='0.8'/>",
    "carrot": "<path d='M10 19 L6 7 H14 Z' fill='#fb8c00' stroke='#bf360c' stroke-width='1'/>"
              "<path d='M8 7 L7 2 M10 7 V1 M12 7 L13 2' stroke='#2e7d32' stroke-width='1.6'/>",
    "apple": "<circle cx='10' cy='12' r='6.5' fill='#e53935' stroke='#8e0000' stroke-width='1'/>"
             "<path d='M10 6 Q10 3 12 2' stroke='#5d4037' stroke-width='1.4' fill='none'/>"
             "<ellipse cx='13' cy='4.5' rx='2.2' ry='1.2' fill='#43a047'/>",
}


def resource_icon(resource: str, px: int = 18) -> str:
    """A small picture of a resource (grass, hay, corn, carrot, apple)."""
    body = _RESOURCE_SVG.get(resource)
    return icon_svg(body, px, resource) if body else ""


def terrain_icon(terrain: str | None, px: int = 18, colour: str = "#555") -> str:
    """Pictures for the closed squares and barns; resources use :func:`resource_icon`."""
    if terrain in RESOURCE_COLOURS:
        return resource_icon(terrain, px)
    if terrain == "forest":
        body = ("<path d='M6 3 L1 12 H11 Z M14 2 L8 13 H19 Z' fill='#1b5e20' stroke='#0d3311' stroke-width='0.8'/>"
                "<rect x='5' y='12' width='2' height='5' fill='#5d4037'/><rect x='13' y='13' width='2' height='5' fill='#5d4037'/>")
        return icon_svg(body, px, "forest")
    if terrain == "lake":
        body = ("<path d='M1 7 Q4 4 7 7 T13 7 T19 7 M1 12 Q4 9 7 12 T13 12 T19 12 M1 17 Q4 14 7 17 T13 17 T19 17' "
                "stroke='#0d47a1' stroke-width='1.5' fill='none'/>")
        return icon_svg(body, px, "lake")
    if terrain == "barn":
        body = (f"<path d='M2 9 L10 2 L18 9 V18 H2 Z' fill='{esc(colour)}' stroke='#000' stroke-width='0.8'/>"
                "<rect x='7' y='11' width='6' height='7' fill='#fff' stroke='#000' stroke-width='0.6'/>"
                "<path d='M7 11 L13 18 M13 11 L7 18' stroke='#000' stroke-width='0.6'/>")
        return icon_svg(body, px, "barn")
    return ""


def board_svg(view: Any, cell: int = 30) -> str:
    """The farm of a Livestock Uprising view: one square per board square, rank 1 at the bottom."""
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
                         f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"><title>{esc(square.name)}</title></rect>')
            icon = terrain_icon(square.terrain, cell // 2, colour=stroke)
            if icon and not square.generals:
                parts.append(f'<g transform="translate({x + cell / 4:.1f},{y + cell / 4:.1f})">{icon}</g>')
            shown = square.generals[:2]
            for k, name in enumerate(shown):
                parts.append(_general_token(generals[name], x + cell / 2 + (k - (len(shown) - 1) / 2) * cell / 3,
                                            y + cell / 2, cell / 3))
    label = f"A Livestock Uprising farm of {size} by {size} squares, {len(view.generals)} Generals on it"
    return svg_picture(size * cell, size * cell, label, "".join(parts), "lsn-picture-livestock")


def _general_token(general: Any, x: float, y: float, radius: float) -> str:
    colour = FACTION_COLOURS.get(general.faction, "#555")
    shape = FACTION_SHAPES.get(general.faction, "")
    ring = ' stroke="#ffd600" stroke-width="2.5"' if general.super_army else ' stroke="#fff" stroke-width="1"'
    return (f'<g><title>{esc(general.name)} ({general.stars} star{"s" if general.stars != 1 else ""}), '
            f'attack {general.attack}, defense {general.defense}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}"{ring}/>'
            f'<text x="{x:.1f}" y="{y + radius * 0.35:.1f}" font-size="{radius:.1f}" text-anchor="middle" '
            f'fill="#fff">{shape}</text>'
            f'<text x="{x:.1f}" y="{y - radius * 1.05:.1f}" font-size="{radius * 0.75:.1f}" text-anchor="middle" '
            f'fill="#5d4037">{STAR * general.stars}</text></g>')


def _unit_names(units: tuple[str, ...]) -> str:
    names = dict(zip(D.UNIT_KEYS, D.UNIT_NAMES))
    counts: dict[str, int] = {}
    for key in units:
        counts[names.get(key, key)] = counts.get(names.get(key, key), 0) + 1
    return ", ".join(f"{n} {name}" for name, n in counts.items()) or "none"


def players_html(view: Any) -> str:
    """Each player's faction, resources and hand size, then every General: square, stars,
    units, attack and defense strength."""
    rows = []
    for p in range(view.players):
        faction = view.factions[p]
        colour = FACTION_COLOURS.get(faction, "#555")
        who = (f'<span style="color:{colour}">{FACTION_SHAPES.get(faction, "")}</span> '
               f'{esc(view.faction_name(p))} (player {p}){"" if view.alive[p] else " - out"}')
        stock = " ".join(f'{resource_icon(r, 14)}{n}' for r, n in view.resources(p).items())
        rows.append([who, stock, view.hand_sizes[p], "Super Army" if view.super_army[p] else ""])
    players = html_table(["Player", "Resources", "Cards", ""], rows, raw=(0, 1))
    generals = html_table(
        ["General", "Player", "Square", "Stars", "Units", "Attack", "Defense"],
        [[g.name, g.player, g.square or g.status, g.stars, _unit_names(g.units), g.attack, g.defense]
         for g in view.generals])
    return players + generals


def position_html(view: Any) -> str:
    """The whole position: the board beside the players' and Generals' tables, and whose turn it is."""
    if view.winners:
        status = "Game over: " + ", ".join(view.faction_name(p) for p in view.winners) + " won"
    elif view.current_player is not None:
        status = f"Round {view.rounds_played + 1}, {view.phase} phase: {view.faction_name(view.current_player)} to decide"
    else:
        status = f"Round {view.rounds_played + 1}, {view.phase} phase"
    return ('<div class="lsn-position lsn-position-livestock" style="display:flex;flex-flow:row wrap;gap:14px;'
            'align-items:flex-start">'
            f'<div style="min-width:240px;max-width:420px;flex:1">{board_svg(view)}</div>'
            f'<div style="flex:1;min-width:280px"><p><b>{esc(status)}</b></p>{players_html(view)}</div></div>')
