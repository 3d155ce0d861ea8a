"""Pictures of a Space Pigs position, pure Python (SVG and HTML strings).

:func:`galaxy_svg` draws the galaxy (hexes at their axial coordinates, planets in their colour,
the clans' troops and the aliens on them); :func:`clans_html` each clan's troops, acorns, cards
and governors; :func:`position_html` both. They read a
:class:`~livestock_notebooks.space_pigs.views.SpacePigsPlayerView` only, so a face-down hex or a
hand the viewer may not see stays hidden.

    >>> from livestock_notebooks.space_pigs import new_game
    >>> html = position_html(new_game(players=4, seed=3).player_view(None))
    >>> "lsn-picture-space-pigs" in html and "Acorns" in html
    True
"""
from __future__ import annotations

import math
from typing import Any

from ..core.pictures import esc, html_table, svg_picture
from .board import troops_text

__all__ = ["ALIEN_FILL", "ALIEN_NAMES", "PLANET_COLOURS", "PLAYER_COLOURS", "clans_html", "galaxy_svg",
           "position_html"]

#: Clan colours by seat (kept apart from the red, yellow and blue of the planets).
PLAYER_COLOURS = ("#7b1fa2", "#00897b", "#c2185b", "#6d4c41", "#9e9d24", "#455a64")
PLANET_COLOURS = {"r": "#e53935", "y": "#fdd835", "b": "#1e88e5"}
ALIEN_FILL = {-1: "#212121", -2: "#8e0000", -3: "#4e6b12"}
ALIEN_NAMES = {-1: "pirates", -2: "porcophages", -3: "acorn worm"}
HEX_FILL = {"A": "#9e9e9e", "S": "#ffb300", "?": "#37474f"}


def galaxy_svg(view: Any, radius: float = 26) -> str:
    """The galaxy of a Space Pigs view: pointy-top hexes at their axial coordinates."""
    if not view.hexes:
        return svg_picture(240, 40, "The galaxy is not laid out yet",
                           '<text x="120" y="25" font-size="13" text-anchor="middle" fill="#555">'
                           'The galaxy is not laid out yet</text>', "lsn-picture-space-pigs")
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
        parts.append(f'<polygon points="{corners}" fill="#0d1b2a" stroke="#90a4ae" stroke-width="1">'
                     f'<title>{esc(view.hex_label(h.index))}</title></polygon>')
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
        shown = h.occupants[:2]
        for k, occupant in enumerate(shown):
            parts.append(_troop_token(occupant, cx + (k - (len(shown) - 1) / 2) * radius * 0.8,
                                      cy + radius * 0.45, radius * 0.32, view))
    width = max(xs) - min(xs) + 2 * pad_x
    height = max(ys) - min(ys) + 2 * pad_y
    label = f"A Space Pigs galaxy of {len(view.hexes)} hexes"
    return svg_picture(width, height, label, "".join(parts), "lsn-picture-space-pigs")


def _troop_token(occupant: Any, x: float, y: float, radius: float, view: Any) -> str:
    if occupant.is_alien:
        colour, name = ALIEN_FILL.get(occupant.who, "#000"), ALIEN_NAMES.get(occupant.who, "aliens")
        what = f"{name}: {occupant.count}"
    else:
        colour, name = PLAYER_COLOURS[occupant.who % len(PLAYER_COLOURS)], view.name(occupant.who)
        what = f"{name}: {troops_text(occupant.piglets, occupant.hogs)}"
    return (f'<g><title>{esc(what)}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}" stroke="#fff" stroke-width="1"/>'
            f'<text x="{x:.1f}" y="{y + radius * 0.4:.1f}" font-size="{radius * 1.15:.1f}" text-anchor="middle" '
            f'fill="#fff">{occupant.count}</text></g>')


def _acorns(counts: tuple[int, ...]) -> str:
    dots = []
    for colour, n in zip("ryb", counts):
        dots.append(f'<span style="color:{PLANET_COLOURS[colour]}" title="{esc(colour)}">\u25cf</span>{n}')
    return " ".join(dots)


def clans_html(view: Any) -> str:
    """One row per clan: troops on the map, acorns by planet colour, cards in hand, governors."""
    rows = []
    for clan in view.clans:
        p = clan.player
        piglets = sum(o.piglets for h in view.hexes for o in h.occupants if o.who == p)
        hogs = sum(o.hogs for h in view.hexes for o in h.occupants if o.who == p)
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        who = (f'<span style="color:{colour}">\u25cf</span> {esc(view.name(p))}'
               f'{" (Royal Pig)" if p == view.royal_pig else ""}{" - out" if clan.out else ""}')
        rows.append([who, troops_text(piglets, hogs), _acorns(clan.acorns), clan.cards, clan.governors])
    return html_table(["Clan", "Troops", "Acorns", "Cards", "Governors"], rows, raw=(0, 2))


def _aliens_text(view: Any) -> str:
    counts: dict[str, int] = {}
    for h in view.hexes:
        for o in h.occupants:
            if o.is_alien:
                name = ALIEN_NAMES.get(o.who, "aliens")
                counts[name] = counts.get(name, 0) + o.count
    return ", ".join(f"{n} {name}" for name, n in counts.items()) or "none"


def position_html(view: Any) -> str:
    """The whole position: galaxy, clans, aliens on the map and whose turn it is."""
    if view.over:
        status = "Game over: " + (", ".join(view.name(p) for p in view.winners) or "nobody") + " won"
    else:
        status = f"Turn {view.turn}, {view.sequence_title}" + (
            "" if view.actor is None else f": {view.name(view.actor)} to act")
    return ('<div class="lsn-position lsn-position-space-pigs" style="display:flex;flex-flow:row wrap;gap:14px;'
            'align-items:flex-start">'
            f'<div style="min-width:260px;max-width:480px;flex:1">{galaxy_svg(view)}</div>'
            f'<div style="flex:1;min-width:280px"><p><b>{esc(status)}</b></p>{clans_html(view)}'
            f'<p>Aliens on the map: {esc(_aliens_text(view))}</p></div></div>')
