"""The Livestock Uprising board: a clickable grid of tiles that updates in place.

The pictures of the squares (terrain colour, resource icon, barn in its faction's colour,
Generals as faction-coloured chips with their stars, highlights) are drawn in one HTML widget,
so an update is one message however many squares change; over them lies a grid of transparent
buttons, one per square, that take the click and the keyboard (Tab, Enter) and whose tooltips
say what stands on the square.

The board knows nothing of the rules: the game view tells it which squares to highlight
(``moves``, ``attacks``, ``targets``, ``selected``) from ``legal_actions()``, and
``on_click(callback)`` reports clicks by square name (``"c3"``).

Everything here draws from the engine's view for the viewer
(:class:`~livestock_notebooks.livestock_uprising.views.LivestockView`, ``state.player_view(viewer)``),
which holds nothing the viewer may not know.
"""
from __future__ import annotations

import html
from typing import Callable, Iterable, Mapping

import ipywidgets as w

from ...livestock_uprising import data as D
from ...livestock_uprising.pictures import (FACTION_COLOURS, FACTION_SHAPES, RESOURCE_COLOURS, TERRAIN_COLOURS,
                                            resource_icon, terrain_icon)
from ...livestock_uprising.views import GeneralView, LivestockView, SquareView
from ..common.dom import set_layout

__all__ = [
    "FACTION_COLOURS",
    "RESOURCE_COLOURS",
    "LivestockBoard",
    "resource_icon",
    "FACTION_SHAPES",
    "general_chip",
    "terrain_icon",
    "stars",
]

HIGHLIGHT = {
    "selected": ("#ffb300", "Selected"),
    "move": ("#1b8e3a", "Move here"),
    "attack": ("#d50000", "Attack"),
    "target": ("#1565c0", "Choose"),
}


def stars(n: int) -> str:
    return "\u2605" * int(n)


def general_chip(name: str, stars_: int, colour: str, *, super_army: bool = False, done: bool = False,
                 small: bool = False, faction: str | None = None) -> str:
    """A General as a faction token: the faction's colour and shape (``faction``), its stars and
    name (a Super Army has a crown ring; a General done for the turn is faded)."""
    size = "0.72em" if small else "0.8em"
    ring = "box-shadow:0 0 0 2px #ffd600;" if super_army else ""
    fade = "opacity:0.55;" if done else ""
    label = f"{name} ({stars_} star{'s' if stars_ != 1 else ''}){', Super Army' if super_army else ''}"
    shape = FACTION_SHAPES.get(faction or "", "")
    shape_html = f'<span class="lsn-gen-shape" aria-hidden="true">{shape}</span>' if shape else ""
    text = f"{'SA ' if super_army else ''}{stars(stars_)}"
    cls = f"lsn-gen lsn-gen-{html.escape(faction)}" if faction else "lsn-gen"
    return (f'<span class="{cls}" title="{html.escape(label)}" style="background:{colour};{ring}{fade}'
            f'font-size:{size}"><span class="lsn-gen-top">{shape_html}{text}</span>'
            f'<span class="lsn-gen-name">{html.escape(name[:7])}</span></span>')


def _icon_css() -> str:
    """CSS classes drawing each terrain's icon as a background (one copy of each picture per
    page, so the board's HTML stays small and quick to redraw)."""
    import base64

    rules = []
    items = [(t, terrain_icon(t, 22)) for t in ("grass", "hay", "corn", "carrot", "apple", "forest", "lake")]
    items += [(f"barn-{k}", terrain_icon("barn", 26, c)) for k, c in FACTION_COLOURS.items()]
    for key, svg in items:
        svg = svg.replace("<svg ", "<svg ", 1)
        data = base64.b64encode(svg.encode()).decode()
        size = 26 if key.startswith("barn") else 22
        rules.append(f".lsn-ico-{key} {{ width:{size}px; height:{size}px; background:url('data:image/svg+xml;base64,{data}') "
                     "no-repeat center / contain; }")
    return "\n".join(rules)


def wide_tile_css(scope: str = "", beside: int = 560) -> str:
    """The tile size per board size on a wide screen: as big as the height allows (at most
    {BIG_TILE}px) and the width leaves beside ``beside`` px of other columns; ``scope``
    (a selector and a space) narrows the rules to one page."""
    rules = []
    for n in range(3, 12):
        gaps = 2 * PAD + GAP * (n - 1)
        tall = f"(100vh - {120 + gaps}px) / {n}"
        wide = f"(100vw - {beside + gaps}px) / {n}"
        rules.append(f"{scope}.lsn-board-stack.lsn-size-{n} {{ --lsn-tile: max({TILE}px, min({BIG_TILE}px, calc({tall}), "
                     f"calc({wide}))); }}")
    return "\n".join(rules)


def _tile_css() -> str:
    """The tile size per board size: on a wide screen as big as the height allows (at most
    {BIG_TILE}px; the board stays whole below the top bar, beside the side column); on a
    phone {TILE}px, or less so the whole board fits the width."""
    rules = [wide_tile_css()]
    for n in range(3, 12):
        gaps = 2 * PAD + GAP * (n - 1)
        # the farm's height before its squares are drawn (the parts under it stay put)
        rules.append(f".lsn-board-stack.lsn-size-{n} {{ min-height: calc({n} * var(--lsn-tile) + {gaps}px); }}")
    rules.append("@media (max-width: 760px) {")
    for n in range(3, 12):
        room = f"(100vw - {32 + 2 * PAD + GAP * (n - 1)}px) / {n}"
        rules.append(f"  .lsn-board-stack.lsn-size-{n} {{ --lsn-tile: min({TILE}px, calc({room})); }}")
    rules.append("}")
    return "\n".join(rules)


def _ico(key: str) -> str:
    if not key:
        return ""
    label = key.replace("-", " ")
    return f'<span class="lsn-ico lsn-ico-{key}" role="img" aria-label="{label}" title="{label}"></span>'


# --------------------------------------------------------------------------- the board
TILE = 66
#: the largest tile on a wide screen
BIG_TILE = 112
GAP = 3
PAD = 4

BOARD_CSS = f"""
<style>
.lsn-board-stack {{ position: relative; width: max-content; margin: 0; }}
/* the farm's column keeps the height of the largest farm that fits the window (the tiles'
   size below): the armies under it stay put as a farm of another size is drawn */
@media (min-width: 761px) {{ .lsn-app .lsn-board-col > .lsn-board.lsn-livestock {{ min-height: calc(100vh - 112px); }} }}
.lsn-board-stack > .lsn-board-faces {{ margin: 0 !important; }}
.lsn-board-stack > .lsn-board-faces .widget-html-content {{ line-height: normal; height: auto; }}
.lsn-board {{ display: grid; gap: {GAP}px; background: #6d5f4b; padding: {PAD}px; border-radius: 6px; width: max-content; }}
.lsn-board-stack > .lsn-board-hits {{ position: absolute; top: 0; left: 0; margin: 0 !important; padding: {PAD}px;
  z-index: 2; background: transparent; }}
.lsn-board-hits > .lsn-tile-hit {{ width: var(--lsn-tile, {TILE}px) !important; height: var(--lsn-tile, {TILE}px) !important;
  margin: 0 !important; padding: 0;
  background: transparent; border: none; box-shadow: none; cursor: pointer; }}
.lsn-board-hits > .lsn-tile-hit:hover {{ background: rgba(255,255,255,0.18); }}
.lsn-board-hits > .lsn-tile-hit:focus {{ outline: 3px solid #1976d2; outline-offset: -3px; }}
.lsn-face {{ position: relative; width: var(--lsn-tile, {TILE}px); height: var(--lsn-tile, {TILE}px); box-sizing: border-box; border-radius: 4px;
  font-family: sans-serif; font-size: 11px; color: #222; overflow: hidden; }}
.lsn-face .lsn-sq {{ position: absolute; left: 3px; top: 1px; font-size: 10px; color: #333; opacity: 0.75; }}
.lsn-face .lsn-ico {{ position: absolute; right: 2px; top: 2px; }}
.lsn-face .lsn-gens {{ position: absolute; left: 2px; right: 2px; bottom: 2px; display: flex; flex-wrap: wrap; gap: 1px; }}
.lsn-face .lsn-mark {{ position: absolute; left: 3px; top: 14px; font-size: 9px; font-weight: bold;
  background: rgba(255,255,255,0.8); border-radius: 3px; padding: 0 2px; }}
.lsn-gen {{ display: inline-flex; flex-direction: column; align-items: center; color: #fff; border-radius: 5px;
  padding: 0 3px; line-height: 1.1; border: 1px solid #fff; }}
.lsn-gen .lsn-gen-name {{ font-size: 8px; }}
.lsn-gen .lsn-gen-shape {{ margin-right: 1px; font-size: 0.9em; }}
.lsn-face.lsn-last-move::after {{ content: ""; position: absolute; inset: 2px; border: 2px dashed #fff;
  border-radius: 4px; box-shadow: 0 0 0 2px #6a1b9a; pointer-events: none; }}
.lsn-face .lsn-res-name {{ position: absolute; right: 2px; top: 25px; font-size: 8px; color: #333; opacity: 0.8; }}
{_tile_css()}
.lsn-face.lsn-unplaced {{ background-image: repeating-linear-gradient(45deg, #d9d4cc 0 6px, #cfc9bf 6px 12px); }}
.lsn-face .lsn-ico {{ display: block; }}
.lsn-ico.lsn-ico-inline {{ display: inline-block; }}
{_icon_css()}
</style>
"""


class LivestockBoard:
    """The tile grid. ``widget`` is the whole board; ``update(...)`` redraws it in place.

    The pictures of all squares are one HTML widget (one message to the page per update, however
    many squares change); over it lies a grid of transparent buttons, one per square, which take
    clicks and the keyboard and carry a tooltip naming what is on the square. ``face(square)`` is
    the HTML of one square, ``buttons[square]`` its button.
    """

    def __init__(self, size: int = 5):
        self.size = 0
        self.names: list[str] = []
        self.buttons: dict[str, w.Button] = {}
        self.faces: dict[str, str] = {}
        self._tips: dict[str, str] = {}
        self._callbacks: list[Callable[[str], None]] = []
        self.faces_html = w.HTML()
        self.faces_html.add_class("lsn-board-faces")
        self.hits = w.GridBox(layout=w.Layout(grid_gap=f"{GAP}px"))
        self.hits.add_class("lsn-board-hits")
        self.stack = w.Box([self.faces_html, self.hits])
        self.stack.add_class("lsn-board-stack")
        self.style = w.HTML(BOARD_CSS)
        self.widget = w.VBox([self.style, self.stack])
        self.widget.add_class("lsn-board-box")
        self.resize(size)

    # -- building ----------------------------------------------------------------------
    def resize(self, size: int) -> None:
        """Make (or reuse) the n x n buttons; only changes children when the size changes."""
        if size == self.size:
            return
        self.size = size
        self.names = [f"{chr(97 + c)}{r + 1}" for r in range(size) for c in range(size)]
        for name in self.names:
            if name not in self.buttons:
                hit = w.Button(description="", tooltip=name, layout=w.Layout(width=f"{TILE}px", height=f"{TILE}px"))
                hit.add_class("lsn-tile-hit")
                hit.add_class(f"lsn-tile-{name}")
                hit.on_click(lambda _b, name=name: self._clicked(name))
                self.buttons[name] = hit
        set_layout(self.hits, grid_template_columns=f"repeat({size}, var(--lsn-tile, {TILE}px))")
        for cls in [c for c in self.stack._dom_classes if c.startswith("lsn-size-")]:
            self.stack.remove_class(cls)
        self.stack.add_class(f"lsn-size-{size}")
        self.hits.children = tuple(self.buttons[n] for n in self.names)
        self.faces = {}
        self._tips = {}
        self._pending_tips: dict[str, str] = {}

    def on_click(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def click(self, square: str) -> None:
        """Click a square from Python (tests): the same path as the page's click."""
        self.buttons[square].click()

    def face(self, square: str) -> str:
        """The HTML picture of one square as last drawn ("" before the first update)."""
        return self.faces.get(square, "")

    def _clicked(self, name: str) -> None:
        for cb in self._callbacks:
            cb(name)

    # -- drawing -----------------------------------------------------------------------
    def update(self, pub: LivestockView, *, selected: str | None = None, moves: Iterable[str] = (), attacks: Iterable[str] = (),
               targets: Iterable[str] = (), selected_general: str | None = None, last: Iterable[str] = (),
               tooltips: bool = True) -> None:
        """Redraw from the viewer's view; ``moves``/``attacks``/``targets`` are squares to mark,
        ``last`` the squares the last move touched (class ``lsn-last-move``). ``tooltips=False``
        keeps the squares' tooltips for :meth:`update_tooltips` (a page sends them after the
        picture, which is what a click waits for)."""
        last = set(last)
        self.resize(pub.size)
        marks: dict[str, str] = {}
        for sq in targets:
            marks[sq] = "target"
        for sq in moves:
            marks[sq] = "move"
        for sq in attacks:
            marks[sq] = "attack"
        if selected:
            marks[selected] = "selected"
        factions = list(pub.factions)
        gens = {g.name: g for g in pub.generals}
        faces = {}
        tips = {}
        for row in pub.board:
            for sq in row:
                name = sq.name
                faces[name], tips[name] = self._face(sq, factions, gens, marks.get(name), selected_general,
                                                     name in last)
        if faces != self.faces:
            self.faces = faces
            self.faces_html.value = (f'<div class="lsn-board" style="grid-template-columns:repeat({self.size}, '
                                     f'var(--lsn-tile, {TILE}px))">'
                                     + "".join(faces[n] for n in self.names) + "</div>")
        self._pending_tips = tips
        if tooltips:
            self.update_tooltips()

    def update_tooltips(self) -> None:
        """Set the tooltips of the last :meth:`update` on the square buttons (changed ones only)."""
        tips, self._pending_tips = self._pending_tips, {}
        for name, tip in tips.items():
            if self._tips.get(name) != tip:
                self._tips[name] = tip
                self.buttons[name].tooltip = tip

    def clear(self) -> None:
        self.faces_html.value = ""
        for name, hit in self.buttons.items():
            hit.tooltip = name
        self.faces = {}
        self._tips = {}
        self._pending_tips = {}

    @staticmethod
    def _face(sq: SquareView, factions: list[str], gens: Mapping[str, GeneralView], mark: str | None,
              selected_general: str | None, last: bool = False) -> tuple[str, str]:
        """(HTML of the square, its tooltip). The tooltip leaves the marks out, so that marking
        squares changes only the pictures."""
        terrain = sq.terrain
        name = sq.name
        bg = TERRAIN_COLOURS.get(terrain, "#ddd")
        tip = [name]
        cls = "lsn-face lsn-last-move" if last else "lsn-face"
        icon = ""
        res_name = ""
        if terrain is None:
            cls += " lsn-unplaced"
            tip.append("face-down tile")
        elif terrain == "barn":
            owner = sq.barn_of
            icon = f"barn-{factions[owner]}" if owner is not None else "barn-pigs"
            bg = "#f5efe6"
            tip.append(f"{D.FACTION_NAMES[D.FACTION_KEYS.index(factions[owner])]} barn" if owner is not None else "barn")
        else:
            icon = terrain
            tip.append(terrain)
            if terrain in RESOURCE_COLOURS:
                res_name = f'<span class="lsn-res-name">{terrain}</span>'

        chips = []
        for gname in sq.generals:
            g = gens.get(gname)
            if g is None:
                continue
            colour = FACTION_COLOURS.get(g.faction, "#555")
            chips.append(general_chip(gname, g.stars, colour, super_army=g.super_army, done=g.done,
                                      small=len(sq.generals) > 1, faction=g.faction))
            who = f"{gname} ({g.stars}*, {g.faction}, attack {g.attack}, defense {g.defense})"
            if g.super_army:
                who = f"Super Army of the {g.faction} (attack {g.attack}, defense {g.defense})"
            tip.append(who)
        style = f"background:{bg};"
        mark_html = ""
        if mark is not None:
            colour, word = HIGHLIGHT[mark]
            width = 4 if mark == "selected" else 3
            style += f"box-shadow: inset 0 0 0 {width}px {colour};"
            mark_html = f'<span class="lsn-mark lsn-mark-{mark}" style="color:{colour}">{word}</span>'
        face = (f'<div class="{cls}" data-square="{name}" style="{style}"><span class="lsn-sq">{name}</span>'
                f'{_ico(icon)}{res_name}{mark_html}<div class="lsn-gens">{"".join(chips)}</div></div>')
        return face, "; ".join(tip)
