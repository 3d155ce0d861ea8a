"""Space Pigs widgets: the hex galaxy map, clan displays, order-of-play track, sequence
indicator and hand (the combat and election screens are in :mod:`.panels`).

Everything shown to a player is drawn from the typed view ``state.player_view(viewer)``
(:class:`~livestock_notebooks.space_pigs.views.SpacePigsPlayerView`; ``viewer`` ``None``: a
spectator): other hands are card counts, other recipes ``None``, other travel-marker choices
only "chosen" and the other side's face-down combat cards a count, so no text of the widget
tree can name them. The engine decides what a seat may see, never these widgets.

The map (:class:`GalaxyMap`) is drawn in two stacked inline SVGs with the same viewBox, each in
one HTML widget: the galaxy itself (hex outlines, planets, labels; it changes only when the
galaxy does: a hex laid or turned, a planet destroyed) and above it the pieces (troop chips,
aliens, owners' borders, marks, the last move: small), so a move sends and re-parses only the
small picture. Over both lies one hex-shaped transparent button per hex, absolutely
positioned, which takes the click and the keyboard (Tab, Enter) and whose tooltip says what is
on the hex. Marks (legal destinations, sources, selection) are drawn in the pieces' SVG (group
``g.lsn-sp-hexg[data-hex=N]`` per hex), so marking hexes changes only that picture.

CSS classes for tests: ``lsn-sp-map``, ``lsn-sp-hex-<index>`` (the hex buttons),
``lsn-sp-cell-<q>_<r>`` (free cells while the galaxy is laid out), ``lsn-sp-clans``,
``lsn-sp-order``, ``lsn-sp-seq``, ``lsn-sp-hand``, ``lsn-sp-card``.
"""
from __future__ import annotations

import html
import math
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as w

from ...space_pigs import troops_text
from ...space_pigs.data import CARDS, RULES
from ...space_pigs.game import PLAYER_COLOURS
from ...space_pigs.pictures import ALIEN_FILL, PLANET_COLOURS
from ...space_pigs.views import COLOUR_WORDS, HexView, SpacePigsPlayerView
from ..common.dom import ButtonPool, set_classes, set_layout, show_first
from .style import SP_CSS

__all__ = [
    "PLAYER_COLOURS",
    "PLANET_COLOURS",
    "SP_CSS",
    "GalaxyMap",
    "ClanPanel",
    "OrderTrack",
    "SequenceBar",
    "HandPanel",
    "HtmlPanel",
    "card_label",
    "hex_tooltip",
]

ALIEN_CODES = {-1: "pirates", -2: "porcophages", -3: "acorn worm"}
ALIEN_SHORT = {-1: "pir", -2: "por", -3: "worm"}
WIPEOUT = 6
MARK_STYLE = {
    "dest": ("#00e676", "Legal destination"),
    "attack": ("#ff1744", "Legal destination, held by someone else"),
    "source": ("#40c4ff", "You can act from here"),
    "selected": ("#ffffff", "Selected"),
    "choose": ("#e040fb", "Choose this hex"),
    "combat": ("#ff9100", "Combat here"),
}


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def colour_of(p: int | None) -> str:
    return "#999" if p is None or p < 0 else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]


def chip(p: int) -> str:
    return f'<span class="lsn-sp-chip" style="background:{colour_of(p)}"></span>'


def acorn_dots(counts: Sequence[int], *, zero: bool = True) -> str:
    out = []
    for code, k in zip("ryb", counts):
        if k or zero:
            fg = "#000" if code == "y" else "#fff"
            out.append(f'<span class="lsn-sp-dot" title="{COLOUR_WORDS[code]}: {k}" '
                       f'style="background:{PLANET_COLOURS[code]};color:{fg}">{k}</span>')
    return "".join(out)


# --------------------------------------------------------------------------- words
def alien_text(code: int, count: int) -> str:
    if code == -3:
        return "the acorn worm"
    name = {-1: ("pirate", "pirates"), -2: ("porcophage", "porcophages")}[code]
    return f"{count} {name[0] if count == 1 else name[1]}"


def hex_tooltip(view: SpacePigsPlayerView, h: int) -> str:
    parts = [view.hex_label(h)]
    occ = view.hexes[h].occupants
    for i, o in enumerate(occ):
        who = (f"{view.name(o.who)}: {troops_text(o.piglets, o.hogs)}" if not o.is_alien
               else alien_text(o.who, o.count))
        if i == 0 and len(occ) > 1:
            who += " (holds it)"
        elif i > 0:
            who += " (attacking)"
        parts.append(who)
    if not occ:
        parts.append("empty")
    return "; ".join(parts)


def card_label(card_id: int) -> str:
    c = CARDS[card_id]
    return c.name if c.kind == "combat" else c.english


#: the name of each sequence, as the sequence bar and the cards say it
SEQUENCE_NAMES = {"1A": "Draw", "1B": "Colonists", "1C": "Order", "1D": "Deploy", "1E": "Aliens", "2A": "Marker",
                  "2B": "Travel", "3A": "Combat", "3B": "Redeploy", "3C": "Aliens move", "4A": "Production",
                  "4B": "Governors", "4C": "Election"}


def card_face(card_id: int) -> str:
    """The text on a card button: its name (the card's coloured first line), when it is played
    and what it does, all in words (a phone shows no tooltip)."""
    c = CARDS[card_id]
    if c.kind == "combat":
        return f"{c.name}\nCombat card\nAttack +{c.attack}, defence +{c.defense}\nTechnology {c.tech}"
    when = f"{c.sequence} ({SEQUENCE_NAMES.get(c.sequence, '').lower()})" if c.sequence in SEQUENCE_NAMES else c.sequence
    return f"{c.english}\nEvent, play in {when}\n{c.text}"


def card_tip(card_id: int) -> str:
    c = CARDS[card_id]
    if c.kind == "combat":
        return (f"{c.name}: combat card, +{c.attack} when attacking, +{c.defense} when defending, technology "
                f"index {c.tech}; played face down in combat (3A, 3C).")
    return f"{c.english} ({c.name}): event card for sequence {c.sequence}. {c.text}"


# --------------------------------------------------------------------------- the map
_CORNERS: dict[tuple, str] = {}  # (cx, cy, r, flat) -> the points of a hexagon, as SVG text


class GalaxyMap:
    """The clickable hex galaxy. ``update(view, marks=..., ghosts=...)`` redraws it in place;
    ``on_click(callback)`` reports clicks as ``("hex", index)`` or ``("cell", (q, r))``."""

    MAX_WIDTH = 760
    #: the window height the map leaves to the top bar and the turn and order bars above it
    RESERVED_HEIGHT = 166

    def __init__(self, radius: int = 46):
        self.base_radius = radius
        self.radius = radius
        self.buttons: dict[Any, w.Button] = {}
        self._callbacks: list[Callable[[tuple], None]] = []
        self._geometry_key = None
        self._tips: dict[Any, str] = {}
        self._frags: dict[int, tuple] = {}  # hex -> (what it shows, pieces' svg, tooltip)
        self._bases: dict[int, tuple] = {}  # hex -> (what it shows, galaxy's svg)
        self._pending_tips: dict[Any, str] = {}
        self._frag_geometry = None
        self.base_svg = ""  # the galaxy: hexes, planets, labels
        self.pieces_svg = ""  # what moves: troops, aliens, owners' borders, marks, the last move
        self.base = w.HTML()
        self.base.add_class("lsn-sp-faces")
        self.base.add_class("lsn-sp-galaxy")
        self.faces = w.HTML()
        self.faces.add_class("lsn-sp-faces")
        self.faces.add_class("lsn-sp-pieces")
        self.hits = w.Box()  # the hex buttons' layer: placed and sized by SP_CSS, as the map's stack's child
        self.hits.add_class("lsn-sp-hits")
        self.stack = w.Box([self.base, self.faces, self.hits])
        self.stack.add_class("lsn-sp-mapstack")
        self.widget = self.stack
        self.widget.add_class("lsn-sp-map")
        self.keys: list[Any] = []
        self.centres: dict[Any, tuple[float, float]] = {}
        self.last: frozenset = frozenset()  # the hexes of the last step (lsn-last-move)
        self.button_size = (0.0, 0.0)
        self._pending_layer: tuple | None = None  # a new galaxy's hex buttons, until its picture is drawn

    @property
    def svg(self) -> str:
        """Both pictures' markup, the galaxy then the pieces (what a test reads)."""
        return self.base_svg + self.pieces_svg

    # -- clicks -----------------------------------------------------------------------
    def on_click(self, callback: Callable[[tuple], None]) -> None:
        self._callbacks.append(callback)

    def click(self, key) -> None:
        """Click a hex (int) or a free cell ((q, r)) from Python: the same path as the page."""
        self._button(key).click()

    def _fire(self, key) -> None:
        item = ("cell", key) if isinstance(key, tuple) else ("hex", key)
        for cb in self._callbacks:
            cb(item)

    def _button(self, key) -> w.Button:
        b = self.buttons.get(key)
        if b is None:
            b = w.Button(description="", tooltip="")
            b.add_class("lsn-sp-hit")
            if isinstance(key, tuple):
                b.add_class(f"lsn-sp-cell-{key[0]}_{key[1]}".replace("-", "m"))
            else:
                b.add_class(f"lsn-sp-hex-{key}")
            b.on_click(lambda _b, key=key: self._fire(key))
            self.buttons[key] = b
        return b

    # -- geometry ---------------------------------------------------------------------
    def _layout(self, cells: Sequence[tuple[Any, int, int]], flat: bool = False) -> None:
        """Place one button per (key, q, r); only when the set of cells changes. Hexes are
        pointy-top (x = sqrt3 (q + r/2), y = 1.5 r), or flat-top (x = 1.5 q, y = sqrt3 (r + q/2))
        for the pancake galaxy, whose columns are then upright; adjacency is the same."""
        key = (tuple(cells), flat)
        if key == self._geometry_key:
            return
        self._geometry_key = key
        if not cells:
            self.centres = {}
            self.keys = []
            self.hits.children = ()
            self._pending_layer = None
            self.width = self.height = 0
            return
        if self.hits.children:
            # another galaxy (a tutorial's next step, a new game): its hex buttons go in a new
            # layer (new elements, shown once placed: see SP_CSS), never slide across the map
            # from their old places to their new ones
            self.stack.children = (self.base, self.faces)  # the old layer goes before the map is resized
            self.hits = w.Box()
            self.hits.add_class("lsn-sp-hits")
        s3 = math.sqrt(3)
        self.flat = flat
        if flat:
            xs = [1.5 * q for _, q, r in cells]
            ys = [s3 * (r + q / 2) for _, q, r in cells]
            half_w, half_h = 1.0, s3 / 2
        else:
            xs = [s3 * (q + r / 2) for _, q, r in cells]
            ys = [1.5 * r for _, q, r in cells]
            half_w, half_h = s3 / 2, 1.0
        span_x = (max(xs) - min(xs)) + 2 * half_w
        span_y = (max(ys) - min(ys)) + 2 * half_h
        base = self.base_radius if len(cells) > 12 else max(self.base_radius, 58)
        radius = min(base, self.MAX_WIDTH / span_x)
        self.radius = R = max(22.0, radius)
        pad = 4
        self.width = int(math.ceil(span_x * R + 2 * pad))
        self.height = int(math.ceil(span_y * R + 2 * pad))
        x0 = min(xs) - half_w
        y0 = min(ys) - half_h
        self.centres = {}
        children = []
        bw, bh = 2 * half_w * R, 2 * half_h * R
        set_classes(self.hits, {"lsn-sp-flat": flat})
        W, H = self.width, self.height
        self.button_size = (bw, bh)
        for (k, q, r), x, y in zip(cells, xs, ys):
            cx = (x - x0) * R + pad
            cy = (y - y0) * R + pad
            self.centres[k] = (cx, cy)
            b = self._button(k)
            # in per cent of the picture, so the hex buttons scale with it (a phone, a short screen)
            set_layout(b, width=f"{bw / W * 100:.3f}%", height=f"{bh / H * 100:.3f}%",
                       left=f"{(cx - bw / 2) / W * 100:.3f}%", top=f"{(cy - bh / 2) / H * 100:.3f}%")
            children.append(b)
        self.keys = [k for k, _, _ in cells]
        # as wide as the column allows, never wider than drawn, short enough to fit the
        # window's height under the page's top bar and the bars above the map, and never
        # taller than the window is wide (a phone: a galaxy being laid out may be tall)
        set_layout(self.stack, width=(f"min(100%, {max(W, self.MAX_WIDTH)}px, "
                                      f"calc((100vh - {self.RESERVED_HEIGHT}px) * {W / H:.4f}), "
                                      f"calc((100vw - 30px) * {W / H:.4f}))"), height="auto")
        self._pending_layer = tuple(children)  # joins the map once its picture is drawn: update()

    def _attach_layer(self) -> None:
        """Give the hex buttons' layer its buttons and put it on the map, after the map's new
        picture: the buttons are placed in per cent of the map, whose height the picture sets, so
        buttons shown before it would move once it came."""
        children, self._pending_layer = self._pending_layer, None
        if children is None:
            return
        self.hits.children = children
        if self.hits not in self.stack.children:
            self.stack.children = (self.base, self.faces, self.hits)

    # -- drawing ----------------------------------------------------------------------
    def update(self, view: SpacePigsPlayerView, *, marks: Mapping[Any, str] | None = None,
               ghosts: Iterable[tuple[int, int]] = (), viewer: int | None = None, tooltips: bool = True,
               last: Iterable[int] = ()) -> None:
        """Redraw the pictures in place (one message for each that changes: a move usually
        changes only the pieces). ``tooltips=False`` keeps
        the hex buttons' tooltips for :meth:`update_tooltips` (a page sends them after the
        picture, as they are not seen at once). ``last``: the hexes the last step touched,
        outlined and given the class ``lsn-last-move`` (picture and hex buttons) until the next."""
        marks = dict(marks or {})
        last = frozenset(h for h in last if 0 <= h < len(view.hexes))
        cells: list[tuple[Any, int, int]] = [(x.index, x.q, x.r) for x in view.hexes]
        cells += [((q, r), q, r) for q, r in ghosts]
        self._layout(cells, flat=view.option("layout") == "pancake")
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='100%' viewBox='0 0 {self.width} {self.height}' "
               f"style='display:block;width:100%;height:auto")
        base = [svg + ";background:#0d1b2a;border-radius:8px' role='img' aria-label='The galaxy'>"]
        pieces = [svg + "' aria-hidden='true'>"]
        tips = {}
        cb_hex = view.combat.hex if view.combat is not None else None
        if self._frag_geometry is not self._geometry_key:  # laid out anew: every hex redrawn
            self._frag_geometry = self._geometry_key
            self._frags = {}
            self._bases = {}
        names = tuple(view.name(p) for p in range(view.players))
        for x in view.hexes:
            h = x.index
            # a hex's picture and tooltip depend on these only: unchanged hexes are not redrawn
            key = (x, marks.get(h), cb_hex == h, names, h in last)
            frag = self._frags.get(h)
            if frag is None or frag[0] != key:
                frag = self._frags[h] = (key, self._hex_svg(x, marks.get(h), cb_hex == h, h in last),
                                         hex_tooltip(view, h))
            look = (x.kind, x.colour, x.family)  # what the galaxy picture shows of the hex
            drawn = self._bases.get(h)
            if drawn is None or drawn[0] != look:
                drawn = self._bases[h] = (look, self._hex_base_svg(x))
            base.append(drawn[1])
            pieces.append(frag[1])
            tips[h] = frag[2]
        for q, r in ghosts:
            pieces.append(self._ghost_svg((q, r), marks.get((q, r))))
            tips[(q, r)] = f"Free cell ({q},{r}): lay a hex here"
        base.append("</svg>")
        pieces.append("</svg>")
        base_svg, pieces_svg = "".join(base), "".join(pieces)
        if base_svg != self.base_svg:  # the galaxy changed (or was laid out anew): rare
            self.base_svg = self.base.value = base_svg
        if pieces_svg != self.pieces_svg:
            self.pieces_svg = self.faces.value = pieces_svg
        self._attach_layer()
        if last != self.last:  # the hex buttons' marks after the picture (what a click waits for)
            for h in self.last | last:
                if h in self.buttons:
                    set_classes(self.buttons[h], {"lsn-last-move": h in last})
            self.last = last
        self._pending_tips = tips
        if tooltips:
            self.update_tooltips()

    def update_tooltips(self) -> None:
        """Set the tooltips of the last :meth:`update` on the hex buttons (changed ones only)."""
        tips, self._pending_tips = self._pending_tips, {}
        for k, tip in tips.items():
            if self._tips.get(k) != tip and k in self.buttons:
                self._tips[k] = tip
                self.buttons[k].tooltip = tip

    def clear(self) -> None:
        self.base_svg = self.pieces_svg = ""
        self.base.value = self.faces.value = ""
        self._tips = {}
        self._frags = {}
        self._bases = {}
        self._pending_tips = {}
        for b in self.buttons.values():
            b.tooltip = ""
        self._geometry_key = None
        self._pending_layer = None
        self.hits.children = ()
        for h in self.last:
            if h in self.buttons:
                set_classes(self.buttons[h], {"lsn-last-move": False})
        self.last = frozenset()

    def _corners(self, cx: float, cy: float, r: float) -> str:
        flat = getattr(self, "flat", False)
        key = (cx, cy, r, flat)
        text = _CORNERS.get(key)
        if text is None:
            offset = 0 if flat else -30
            pts = []
            for k in range(6):
                a = math.radians(60 * k + offset)
                pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
            text = " ".join(pts)
            if len(_CORNERS) > 4096:
                _CORNERS.clear()
            _CORNERS[key] = text
        return text

    def _ghost_svg(self, key, mark) -> str:
        cx, cy = self.centres[key]
        R = self.radius
        colour = MARK_STYLE.get(mark, ("#90a4ae", ""))[0]
        return (f"<polygon points='{self._corners(cx, cy, R - 3)}' fill='rgba(144,164,174,0.12)' stroke='{colour}' "
                f"stroke-width='2' stroke-dasharray='5 4'/>"
                f"<text x='{cx:.1f}' y='{cy + 5:.1f}' text-anchor='middle' font-size='16' fill='{colour}' "
                f"font-family='sans-serif'>+</text>")

    def _hex_base_svg(self, x: HexView) -> str:
        """The hex as the galaxy picture shows it: its outline, planet(s), asteroid, sun or face
        down tile, and its label (what changes only when the galaxy does)."""
        h = x.index
        cx, cy = self.centres[h]
        R = self.radius
        k = R / 40.0
        kind, col = x.kind, x.colour
        fill = "#15263d" if kind != "S" else "#3e2a00"
        out = [f"<g class='lsn-sp-hexbase' data-hex='{h}'>",
               f"<polygon points='{self._corners(cx, cy, R - 2.5 * k)}' fill='{fill}' stroke='#4a5a78' "
               f"stroke-width='1.5'/>"]
        py = cy - 7 * k
        if kind == "P":
            out.append(f"<circle cx='{cx:.1f}' cy='{py:.1f}' r='{12 * k:.1f}' fill='{PLANET_COLOURS.get(col, '#999')}' "
                       f"stroke='#fff' stroke-width='1'/>")
        elif kind == "D":
            c = PLANET_COLOURS.get(col, "#999")
            out.append(f"<circle cx='{cx - 8 * k:.1f}' cy='{py:.1f}' r='{9.5 * k:.1f}' fill='{c}' stroke='#fff' stroke-width='1'/>"
                       f"<circle cx='{cx + 9 * k:.1f}' cy='{py - 1 * k:.1f}' r='{8 * k:.1f}' fill='{c}' stroke='#fff' "
                       f"stroke-width='1'/>")
        elif kind == "A":
            pts = [(-11, -3), (-6, -10), (3, -11), (11, -5), (9, 4), (1, 7), (-8, 5)]
            poly = " ".join(f"{cx + x * k:.1f},{py + y * k:.1f}" for x, y in pts)
            out.append(f"<polygon points='{poly}' fill='#8d8d8d' stroke='#cfcfcf' stroke-width='1'/>"
                       f"<circle cx='{cx - 2 * k:.1f}' cy='{py - 3 * k:.1f}' r='{2 * k:.1f}' fill='#6d6d6d'/>")
        elif kind == "S":
            out.append(f"<circle cx='{cx:.1f}' cy='{cy:.1f}' r='{20 * k:.1f}' fill='#ffca28' stroke='#ff6f00' stroke-width='3'/>"
                       f"<text x='{cx:.1f}' y='{cy + 4 * k:.1f}' text-anchor='middle' font-size='{10 * k:.1f}' "
                       f"font-family='sans-serif' fill='#5d4037'>sun</text>")
        else:  # face down
            fam = x.family
            c = {"red": PLANET_COLOURS["r"], "yellow": PLANET_COLOURS["y"], "blue": PLANET_COLOURS["b"]}.get(fam, "#222")
            out.append(f"<circle cx='{cx:.1f}' cy='{py:.1f}' r='{11 * k:.1f}' fill='{c}' opacity='0.55' "
                       f"stroke='#cfd8dc' stroke-dasharray='3 2'/>"
                       f"<text x='{cx:.1f}' y='{py + 4 * k:.1f}' text-anchor='middle' font-size='{12 * k:.1f}' "
                       f"font-family='sans-serif' fill='#fff'>?</text>")
        if kind != "S":
            out.append(f"<text x='{cx:.1f}' y='{cy - 24 * k:.1f}' text-anchor='middle' font-size='{8.5 * k:.1f}' "
                       f"font-family='sans-serif' fill='#b0bec5'>H{h}</text>")
        out.append("</g>")
        return "".join(out)

    def _hex_svg(self, x: HexView, mark: str | None, fighting: bool, last: bool = False) -> str:
        """What is on the hex, drawn over the galaxy: the holder's border, troop and alien
        chips, a fight, the mark and the last move (a group per hex, empty when nothing)."""
        h = x.index
        cx, cy = self.centres[h]
        R = self.radius
        k = R / 40.0
        occ = x.occupants
        holder = x.holder
        out = [f"<g class='lsn-sp-hexg' data-hex='{h}'>"]
        if holder is not None:
            stroke, sw = (colour_of(holder), 4.5 * k) if holder >= 0 else (ALIEN_FILL[holder], 4 * k)
            out.append(f"<polygon points='{self._corners(cx, cy, R - 2.5 * k)}' fill='none' stroke='{stroke}' "
                       f"stroke-width='{sw:.1f}'/>")
        # occupants
        chips = []
        for o in occ:
            if not o.is_alien:
                text = f"{o.piglets}" + (f"+{o.hogs}H" if o.hogs else "")
                chips.append((colour_of(o.who), text, "#fff"))
            else:
                text = ALIEN_SHORT[o.who] + (str(o.count) if o.who != -3 else "")
                chips.append((ALIEN_FILL[o.who], text, "#fff"))
        if chips:
            cw = min(30 * k, (R * 1.6) / len(chips) - 2)
            total = len(chips) * (cw + 2) - 2
            x = cx - total / 2
            y = cy + 9 * k
            for fillc, text, fg in chips:
                fs = min(10 * k, cw / max(1, len(text)) * 1.7)
                out.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{cw:.1f}' height='{13 * k:.1f}' rx='{4 * k:.1f}' "
                           f"fill='{fillc}' stroke='#fff' stroke-width='0.8'/>"
                           f"<text x='{x + cw / 2:.1f}' y='{y + 10 * k:.1f}' text-anchor='middle' font-size='{fs:.1f}' "
                           f"font-weight='bold' font-family='sans-serif' fill='{fg}'>{_esc(text)}</text>")
                x += cw + 2
        if len(occ) > 1 or fighting:
            out.append(f"<text x='{cx + 17 * k:.1f}' y='{cy - 14 * k:.1f}' font-size='{12 * k:.1f}' "
                       f"font-family='sans-serif' font-weight='bold' fill='#ff9100'>!</text>")
        if mark is not None:
            colour = MARK_STYLE[mark][0]
            dash = "" if mark in ("selected", "combat") else " stroke-dasharray='6 3'"
            out.append(f"<polygon points='{self._corners(cx, cy, R - 7 * k)}' fill='{colour}' fill-opacity='0.14' "
                       f"stroke='{colour}' stroke-width='{3 * k:.1f}'{dash} class='lsn-sp-mark lsn-sp-mark-{mark}'/>")
        if last:
            out.append(f"<polygon points='{self._corners(cx, cy, R - 1)}' fill='none' stroke='#ffea00' "
                       f"stroke-width='{2.5 * k:.1f}' stroke-dasharray='2 3' class='lsn-last-move'/>")
        out.append("</g>")
        return "".join(out)


# --------------------------------------------------------------------------- panels
class HtmlPanel:
    """One HTML widget with CSS classes whose text is sent only when it changes."""

    def __init__(self, *classes: str):
        self.widget = w.HTML()
        for css in classes:
            self.widget.add_class(css)

    def set(self, value: str) -> None:
        if self.widget.value != value:
            self.widget.value = value

    def clear(self) -> None:
        self.widget.value = ""


class SequenceBar(HtmlPanel):
    """Turn number and the four phases with their sequences on one compact line: each
    sequence by its code (its name in the tooltip), the current one marked and named."""

    PHASES = (("Phase 1", ("1A", "1B", "1C", "1D", "1E")), ("Phase 2", ("2A", "2B")),
              ("Phase 3", ("3A", "3B", "3C")), ("Phase 4", ("4A", "4B", "4C")))

    def __init__(self):
        super().__init__("lsn-sp-seq")

    def update(self, view: SpacePigsPlayerView, title: str = "") -> None:
        seq = view.sequence
        if seq == "2X":
            seq = "2B"
        simple = view.simple
        turn = view.turn
        limit = f" of {view.max_rounds}" if view.max_rounds else ""
        parts = [f'<b class="lsn-sp-turnno">Turn {turn}{limit}</b>' if turn else '<b class="lsn-sp-turnno">Setting up</b>']
        for phase, seqs in self.PHASES:
            cells = []
            for code in seqs:
                name = SEQUENCE_NAMES[code]
                skip = (simple and code in ("1B", "1E", "3C", "4B", "4C")) or (turn == 1 and code in ("1B", "3C"))
                cls = "lsn-sp-s" + (" lsn-sp-now" if code == seq else "") + (" lsn-sp-skip" if skip else "")
                text = f"{code} {name}" if code == seq else code
                cells.append(f'<span class="{cls}" title="{_esc(code)} {_esc(name)}">{_esc(text)}</span>')
            parts.append(f'<span class="lsn-sp-phase" title="{phase}">{"".join(cells)}</span>')
        if seq in ("layout", "start", "return"):
            label = {"layout": "Laying out the galaxy", "start": "Initial deployment",
                     "return": "Eliminated clans return"}[seq]
            parts.insert(1, f'<span class="lsn-sp-s lsn-sp-now">{label}</span>')
        if title:
            parts.append(f'<div class="lsn-sp-seqtitle" style="width:100%">{_esc(title)}</div>')
        self.set(" ".join(parts))


class OrderTrack(HtmlPanel):
    """The order-of-play track: clan chiefs in order, the Royal Pig and who decides now."""

    def __init__(self):
        super().__init__("lsn-sp-order")

    def update(self, view: SpacePigsPlayerView) -> None:
        actor = view.actor
        parts = ['<span style="font-weight:600;margin-right:2px">Order:</span>']
        for i, p in enumerate(view.order):
            cls = "lsn-sp-slot" + (" lsn-sp-now" if p == actor and not view.over else "")
            badge = '<span class="lsn-sp-badge" title="Royal Pig">Royal Pig</span>' if p == view.royal_pig else ""
            out = " (out)" if view.clans[p].out else ""
            parts.append(f'<span class="{cls}" data-player="{p}">{i + 1}. {chip(p)}{_esc(view.name(p))}{out}{badge}</span>')
        self.set(" ".join(parts))


TRAVEL_MARKERS = tuple(RULES["components"]["travel_markers"])


class ClanPanel(HtmlPanel):
    """The clan displays, one row per clan: troops, hexes, governors, acorns, travel markers,
    cards in hand (a count) and the sacred recipe (only the viewer's own, unless public)."""

    def __init__(self):
        super().__init__("lsn-sp-clans")

    def update(self, view: SpacePigsPlayerView, viewer: int | None, seat_kinds: Sequence[str] = ()) -> None:
        actor = view.actor
        rows = []
        for p in view.order:
            clan = view.clans[p]
            pg = hg = 0
            held = 0
            for x in view.hexes:
                for i, o in enumerate(x.occupants):
                    if o.who == p:
                        pg += o.piglets
                        hg += o.hogs
                        if i == 0 and len(x.occupants) == 1:
                            held += 1
            cls = []
            if p == actor and not view.over:
                cls.append("lsn-sp-actor")
            if p == viewer:
                cls.append("lsn-sp-me")
            if clan.out:
                cls.append("lsn-sp-out")
            name = _esc(view.name(p))
            if p == viewer:
                name += " <i>(you)</i>"
            if p == view.royal_pig:
                name += '<span class="lsn-sp-badge">Royal Pig</span>'
            kind = seat_kinds[p] if p < len(seat_kinds) else ""
            who = f'<div style="color:#777;font-size:0.85em">{_esc(kind)}</div>' if kind else ""
            troops = f"{pg}p" + (f" {hg}H" if hg else "")
            new = (clan.new_piglets, clan.new_hogs)
            if any(new):
                troops += f' <span title="new colonists to deploy" style="color:#2e7d32">+{new[0]}p' + \
                          (f" +{new[1]}H" if new[1] else "") + "</span>"
            if clan.out:
                troops = "eliminated"
            used = list(clan.used_markers)
            markers = []
            for v in TRAVEL_MARKERS:
                if v in used:
                    used.remove(v)
                    markers.append(f'<span class="lsn-sp-marker lsn-sp-used" title="used this cycle">{v}</span>')
                else:
                    markers.append(f'<span class="lsn-sp-marker" title="available">{v}</span>')
            trips = clan.trips
            travel = "".join(markers)
            if clan.marker_secret:
                travel += ' <span title="marker chosen face down">chosen</span>'
            elif clan.marker:
                travel += f" <span>chose {clan.marker}</span>"
            if trips and view.sequence in ("2B", "2X"):
                travel += f' <b title="trips left this turn">{trips} left</b>'
            cards = clan.cards
            recipe = clan.recipe
            if recipe is None:
                rec = '<span style="color:#888" title="secret">secret</span>'
            else:
                rec = acorn_dots(recipe)
                seventh = clan.seventh
                if seventh in ("r", "y", "b"):
                    rec += f' +1 {COLOUR_WORDS[seventh]}'
                elif seventh == "?":
                    rec += " +1 secret"
            if view.simple and recipe is not None:
                rec += ' <span style="color:#888">(public)</span>'
            gov = clan.governors
            acorns = acorn_dots(clan.acorns)
            faction = clan.faction
            fac = f"voted {_esc(view.name(faction).split()[0])}" if faction >= 0 else ""
            rows.append(
                f'<tr class="{" ".join(cls)}" data-player="{p}"><td>{chip(p)}{name}{who}</td><td>{troops}<br>'
                f'<span style="color:#666">{held} hex{"es" if held != 1 else ""}</span></td>'
                f'<td>{acorns}</td><td title="governors">{gov}</td><td>{travel}</td><td title="cards in hand">{cards}</td>'
                f'<td>{rec}</td><td style="font-size:0.85em;color:#555">{fac}</td></tr>')
        head = ("<tr><th>Clan</th><th>Troops</th><th>Acorns</th><th>Gov.</th><th>Travel markers</th><th>Cards</th>"
                "<th>Recipe</th><th>Faction</th></tr>")
        value = f'<div class="lsn-sp-panel-title">Clan displays</div><table>{head}{"".join(rows)}</table>'
        if view.players:
            self.set(value)


class HandPanel:
    """The viewer's own cards as buttons (a pool, relabelled in place). ``on_card(cb)``."""

    def __init__(self):
        self.title = w.HTML('<div class="lsn-sp-panel-title">Your cards</div>')
        self.box = w.Box()
        self.box.add_class("lsn-sp-hand")
        self.pool = ButtonPool("lsn-sp-card", self._clicked)
        self.buttons = self.pool.buttons
        self.cards: list[int] = []
        self._callbacks: list[Callable[[int], None]] = []
        self.widget = w.VBox([self.title, self.box])
        self.widget.add_class("lsn-sp-handbox")

    def on_card(self, callback: Callable[[int], None]) -> None:
        self._callbacks.append(callback)

    def _clicked(self, index: int) -> None:
        if index < len(self.cards):
            for cb in self._callbacks:
                cb(self.cards[index])

    def click(self, card: int) -> None:
        self.buttons[self.cards.index(card)].click()

    def update(self, cards: Sequence[int], playable: Iterable[int] = (), note: str = "") -> None:
        self.cards = sorted(cards)
        playable = set(playable)
        shown = []
        for i, c in enumerate(self.cards):
            b = self.pool[i]
            desc = card_face(c)
            if b.description != desc:
                b.description = desc
            tip = card_tip(c)
            if b.tooltip != tip:
                b.tooltip = tip
            kind = CARDS[c].kind
            wanted = {"lsn-sp-combatcard": kind == "combat", "lsn-sp-eventcard": kind == "event",
                      "lsn-sp-playable": c in playable}
            set_classes(b, wanted)
            shown.append(b)
        show_first(self.box, self.pool.buttons, len(shown))
        title = f'<div class="lsn-sp-panel-title">Your cards ({len(self.cards)})</div>' + (
            f'<div style="font-size:0.85em;color:#555">{_esc(note)}</div>' if note else "")
        if not self.cards:
            title = '<div class="lsn-sp-panel-title">Your cards: none</div>'
        if self.title.value != title:
            self.title.value = title

    def clear(self) -> None:
        self.cards = []
        for b in self.buttons:
            b.description = ""
            b.tooltip = ""
        self.box.children = ()
        self.title.value = ""
