"""Space Pigs widgets: the hex galaxy map, clan displays, order-of-play track, sequence
indicator, hand, combat screen and election screen.

Everything shown to a player is drawn from ``state.player_view(viewer)`` (a JSON dict): other
hands are card counts, other recipes ``None``, other travel-marker choices ``"?"`` and the
other side's face-down combat cards a count, so no text of the widget tree can name them.
:func:`public_state` rebuilds an engine state from such a view (the engine's ``from_view``:
hidden parts emptied) for reading public facts through the engine's public API
(``trip_destinations``, ``can_land``), never for playing.

The map (:class:`GalaxyMap`) draws all hexes as one inline SVG in one HTML widget (one message
per update, however many hexes change); over it lies one hex-shaped transparent button per
hex, absolutely positioned, which takes the click and the keyboard (Tab, Enter) and whose
tooltip says what is on the hex. Marks (legal destinations, sources, selection) are drawn in
the SVG, so marking hexes changes only the picture.

CSS classes for tests: ``lsn-sp-map``, ``lsn-sp-hex-<index>`` (the hex buttons),
``lsn-sp-cell-<q>_<r>`` (free cells while the galaxy is laid out), ``lsn-sp-clans``,
``lsn-sp-order``, ``lsn-sp-seq``, ``lsn-sp-hand``, ``lsn-sp-card``, ``lsn-sp-combat``,
``lsn-sp-odds``, ``lsn-sp-election``.
"""
from __future__ import annotations

import html
import math
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as w

from ...odds import AcornWorm, Pigs, Pirates, Porcophages, default_tech_deck, space_pigs_combat
from ...odds import tech_wipeout_two_sided
from ...space_pigs import troops_text
from ...space_pigs.data import CARDS
from ...space_pigs.game import PLAYER_COLOURS
from ..common.dice import die_svg
from ..common.odds_panel import format_fraction, format_percent

__all__ = [
    "PLAYER_COLOURS",
    "PLANET_COLOURS",
    "SP_CSS",
    "GalaxyMap",
    "ClanPanel",
    "OrderTrack",
    "SequenceBar",
    "HandPanel",
    "CombatPanel",
    "ElectionPanel",
    "public_state",
    "hex_text",
    "occupants",
    "card_label",
    "pname",
]

PLANET_COLOURS = {"r": "#e53935", "y": "#fdd835", "b": "#1e88e5"}
COLOUR_WORDS = {"r": "red", "y": "yellow", "b": "blue"}
ALIEN_CODES = {-1: "pirates", -2: "porcophages", -3: "acorn worm"}
ALIEN_SHORT = {-1: "pir", -2: "por", -3: "worm"}
ALIEN_FILL = {-1: "#212121", -2: "#8e0000", -3: "#4e6b12"}
WIPEOUT = 6
MARK_STYLE = {
    "dest": ("#00e676", "Legal destination"),
    "attack": ("#ff1744", "Legal destination, held by someone else"),
    "source": ("#40c4ff", "You can act from here"),
    "selected": ("#ffffff", "Selected"),
    "choose": ("#e040fb", "Choose this hex"),
    "combat": ("#ff9100", "Combat here"),
}

SP_CSS = """
<style>
.lsn-sp-view { gap: 6px; }
.lsn-sp-view .widget-html-content { line-height: 1.35; }
.lsn-sp-seq .lsn-sp-turnno { margin-right: 6px; }
.lsn-sp-top { display: flex; flex-flow: row wrap; gap: 12px; align-items: flex-start; }
.lsn-sp-mapstack { position: relative; margin: 0; flex: none; }
.lsn-sp-mapstack > .lsn-sp-faces { margin: 0 !important; }
.lsn-sp-mapstack > .lsn-sp-faces .widget-html-content { line-height: normal; height: auto; }
.lsn-sp-hits { position: absolute !important; top: 0; left: 0; margin: 0 !important; padding: 0 !important;
  background: transparent; overflow: visible; }
.lsn-sp-hits > .widget-button.lsn-sp-hit { position: absolute; margin: 0 !important; padding: 0; border: none;
  background: transparent; box-shadow: none; cursor: pointer; min-width: 0;
  clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%); }
.lsn-sp-hits.lsn-sp-flat > .widget-button.lsn-sp-hit { clip-path: polygon(25% 0, 75% 0, 100% 50%, 75% 100%, 25% 100%, 0 50%); }
.lsn-sp-hits > .widget-button.lsn-sp-hit:hover { background: rgba(255,255,255,0.16); }
.lsn-sp-hits > .widget-button.lsn-sp-hit:focus-visible { background: rgba(255,255,255,0.3); outline: none; }
.lsn-sp-hits > .widget-button.lsn-sp-hit:focus { outline: none; }
.lsn-sp-side { display: flex; flex-direction: column; gap: 6px; min-width: 340px; max-width: 560px; flex: 1 1 360px; }
.lsn-sp-panel { border: 1px solid #c9c3d9; border-radius: 6px; padding: 4px 8px; background: #fbfaff; }
.lsn-sp-panel-title { font-weight: 600; margin: 2px 0; }
.lsn-sp-chip { display: inline-block; width: 0.85em; height: 0.85em; border-radius: 50%; margin-right: 0.3em;
  vertical-align: -0.08em; border: 1px solid #333; }
.lsn-sp-dot { display: inline-block; min-width: 1.25em; height: 1.25em; line-height: 1.25em; border-radius: 50%;
  text-align: center; font-size: 0.8em; font-weight: 700; margin-right: 2px; border: 1px solid #555; }
.lsn-sp-badge { display: inline-block; border-radius: 8px; padding: 0 6px; font-size: 0.78em; font-weight: 700;
  background: #ffd54f; color: #4e342e; border: 1px solid #a1887f; margin-left: 3px; }
.lsn-sp-clans table { border-collapse: collapse; font-size: 0.88em; width: 100%; }
.lsn-sp-clans td, .lsn-sp-clans th { padding: 2px 4px; text-align: left; vertical-align: middle; border-bottom: 1px solid #e6e2f0; }
.lsn-sp-clans tr.lsn-sp-actor { background: #fff3cd; }
.lsn-sp-clans tr.lsn-sp-me td:first-child { font-weight: 700; }
.lsn-sp-clans tr.lsn-sp-out { opacity: 0.55; }
.lsn-sp-marker { display: inline-block; width: 1.2em; text-align: center; border: 1px solid #777; border-radius: 3px;
  margin-right: 1px; font-size: 0.8em; background: #eceff1; }
.lsn-sp-marker.lsn-sp-used { opacity: 0.3; text-decoration: line-through; }
.lsn-sp-order { display: flex; flex-flow: row wrap; gap: 4px; align-items: center; }
.lsn-sp-order .lsn-sp-slot { border: 2px solid #bbb; border-radius: 14px; padding: 1px 8px; background: #fff; font-size: 0.88em; }
.lsn-sp-order .lsn-sp-slot.lsn-sp-now { border-color: #ff6f00; background: #fff3e0; font-weight: 700; }
.lsn-sp-seq { display: flex; flex-flow: row wrap; gap: 3px; align-items: center; font-size: 0.82em; }
.lsn-sp-seq .lsn-sp-phase { border: 1px solid #bbb; border-radius: 4px; padding: 1px 3px; background: #fafafa; white-space: nowrap; }
.lsn-sp-seq .lsn-sp-s { display: inline-block; padding: 0 4px; border-radius: 3px; color: #555; }
.lsn-sp-seq .lsn-sp-s.lsn-sp-now { background: #4527a0; color: #fff; font-weight: 700; }
.lsn-sp-seq .lsn-sp-s.lsn-sp-skip { color: #bbb; }
.lsn-sp-prompt { font-size: 1.02em; padding: 4px 8px; border-left: 4px solid #4527a0; background: #ede7f6; }
.lsn-sp-actions { display: flex; flex-flow: row wrap; gap: 4px; }
.lsn-sp-actions .widget-button, .lsn-sp-tools .widget-button { width: auto; }
.lsn-sp-hand { display: flex; flex-flow: row wrap; gap: 4px; }
.widget-button.lsn-sp-card { white-space: pre-line; line-height: 1.15; font-size: 12px; width: 118px; height: 64px;
  padding: 2px 3px; border: 1px solid #8d6e63; border-radius: 6px; overflow: hidden; background: #fffdf5; }
.widget-button.lsn-sp-card.lsn-sp-combatcard { background: #fff8e1; border-color: #e65100; }
.widget-button.lsn-sp-card.lsn-sp-eventcard { background: #e8f5e9; border-color: #2e7d32; }
.widget-button.lsn-sp-card.lsn-sp-playable { box-shadow: 0 0 0 3px #4527a0; }
.widget-button.lsn-sp-card:focus { outline: 3px solid #0d47a1; outline-offset: 1px; }
.lsn-sp-combat table { border-collapse: collapse; }
.lsn-sp-combat td, .lsn-sp-combat th { padding: 1px 8px 1px 0; text-align: left; }
.lsn-sp-techbar { position: relative; height: 16px; width: 260px; border: 1px solid #555; border-radius: 3px;
  background: #f1f8e9; overflow: hidden; }
.lsn-sp-techbar .lsn-sp-techfill { position: absolute; left: 0; top: 0; bottom: 0; background: #ffb300; }
.lsn-sp-techbar .lsn-sp-techline { position: absolute; top: 0; bottom: 0; width: 3px; background: #b71c1c; }
.lsn-sp-oddsbar { display: flex; height: 14px; width: 260px; border: 1px solid #555; border-radius: 3px; overflow: hidden; }
.lsn-sp-rounds { margin: 2px 0; padding-left: 1.4em; }
.lsn-sp-rounds li { margin: 2px 0; }
.lsn-sp-rounds svg { vertical-align: middle; }
.lsn-sp-election table { border-collapse: collapse; }
.lsn-sp-election td, .lsn-sp-election th { padding: 1px 8px 1px 0; text-align: left; }
</style>
"""


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def pname(view: Mapping, p: int) -> str:
    """"P1 Porcus" from a view (or "P1" before clans are known)."""
    clans = view.get("clans") or []
    return f"P{p + 1} {clans[p]}" if p < len(clans) else f"P{p + 1}"


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


# --------------------------------------------------------------------------- reading a view
def occupants(view: Mapping, h: int) -> list[dict]:
    """The occupants of hex ``h`` in arrival order: ``{"player", "piglets", "hogs"}`` or
    ``{"alien", "count"}`` (alien codes -1 pirates, -2 porcophages, -3 the worm)."""
    out = []
    for e in view["occ"][h]:
        if e[0] >= 0:
            out.append({"player": e[0], "piglets": e[1] + e[3], "hogs": e[2] + e[4]})
        else:
            out.append({"alien": e[0], "count": e[1]})
    return out


def alien_text(code: int, count: int) -> str:
    if code == -3:
        return "the acorn worm"
    name = {-1: ("pirate", "pirates"), -2: ("porcophage", "porcophages")}[code]
    return f"{count} {name[0] if count == 1 else name[1]}"


def hex_kind(view: Mapping, h: int) -> str:
    if view["hid"][h]:
        return "face-down"
    return {"P": "planet", "D": "double planet", "A": "asteroid", "S": "sun"}.get(view["kind"][h], "?")


def hex_text(view: Mapping, h: int) -> str:
    """"H3 (red planet)" from a view."""
    if view["hid"][h]:
        return f"H{h} (unexplored {view['fam'][h]} hex)"
    k = view["kind"][h]
    if k in ("P", "D"):
        return f"H{h} ({COLOUR_WORDS.get(view['col'][h], '?')} {hex_kind(view, h)})"
    return f"H{h} ({hex_kind(view, h)})"


def hex_tooltip(view: Mapping, h: int) -> str:
    parts = [hex_text(view, h)]
    occ = occupants(view, h)
    for i, o in enumerate(occ):
        who = pname(view, o["player"]) + ": " + troops_text(o["piglets"], o["hogs"]) if "player" in o else \
            alien_text(o["alien"], o["count"])
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


def card_face(card_id: int) -> str:
    """The text on a card button (a few short lines)."""
    c = CARDS[card_id]
    if c.kind == "combat":
        return f"{c.name}\nAtt +{c.attack}  Def +{c.defense}\nTech {c.tech}  (3A/3C)"
    name = c.english if len(c.english) <= 30 else c.english[:28] + "…"
    return f"{name}\nEvent, seq {c.sequence}"


def card_tip(card_id: int) -> str:
    c = CARDS[card_id]
    if c.kind == "combat":
        return (f"{c.name}: combat card, +{c.attack} when attacking, +{c.defense} when defending, technology "
                f"index {c.tech}; played face down in combat (3A, 3C).")
    return f"{c.english} ({c.name}): event card for sequence {c.sequence}. {c.text}"


def public_state(view: Mapping):
    """A read-only state rebuilt from ``player_view(viewer)`` (the engine's
    :meth:`~livestock_notebooks.space_pigs.state.SpacePigsState.from_view`: other hands empty,
    recipes unknown, no deck, neutral dice). For reading public facts, never for playing."""
    from ...space_pigs.state import SpacePigsState

    return SpacePigsState.from_view(view)


# --------------------------------------------------------------------------- the map
_CORNERS: dict[tuple, str] = {}  # (cx, cy, r, flat) -> the points of a hexagon, as SVG text


class GalaxyMap:
    """The clickable hex galaxy. ``update(view, marks=..., ghosts=...)`` redraws it in place;
    ``on_click(callback)`` reports clicks as ``("hex", index)`` or ``("cell", (q, r))``."""

    MAX_WIDTH = 760

    def __init__(self, radius: int = 46):
        self.base_radius = radius
        self.radius = radius
        self.buttons: dict[Any, w.Button] = {}
        self._callbacks: list[Callable[[tuple], None]] = []
        self._geometry_key = None
        self._tips: dict[Any, str] = {}
        self._frags: dict[int, tuple] = {}  # hex -> (what it shows, svg, tooltip)
        self._pending_tips: dict[Any, str] = {}
        self._frag_geometry = None
        self.svg = ""
        self.faces = w.HTML()
        self.faces.add_class("lsn-sp-faces")
        self.hits = w.Box(layout=w.Layout(width="0px", height="0px"))
        self.hits.add_class("lsn-sp-hits")
        self.stack = w.Box([self.faces, self.hits])
        self.stack.add_class("lsn-sp-mapstack")
        self.widget = self.stack
        self.widget.add_class("lsn-sp-map")
        self.keys: list[Any] = []
        self.centres: dict[Any, tuple[float, float]] = {}

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
            self.width = self.height = 0
            return
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
        _set_classes(self.hits, {"lsn-sp-flat": flat})
        for (k, q, r), x, y in zip(cells, xs, ys):
            cx = (x - x0) * R + pad
            cy = (y - y0) * R + pad
            self.centres[k] = (cx, cy)
            b = self._button(k)
            b.layout.width = f"{bw:.1f}px"
            b.layout.height = f"{bh:.1f}px"
            b.layout.left = f"{cx - bw / 2:.1f}px"
            b.layout.top = f"{cy - bh / 2:.1f}px"
            children.append(b)
        self.keys = [k for k, _, _ in cells]
        self.hits.layout.width = f"{self.width}px"
        self.hits.layout.height = f"{self.height}px"
        self.stack.layout.width = f"{self.width}px"
        self.stack.layout.height = f"{self.height}px"
        self.hits.children = tuple(children)

    # -- drawing ----------------------------------------------------------------------
    def update(self, view: Mapping, *, marks: Mapping[Any, str] | None = None,
               ghosts: Iterable[tuple[int, int]] = (), viewer: int | None = None, tooltips: bool = True) -> None:
        """Redraw the picture in place (one message when it changes). ``tooltips=False`` keeps
        the hex buttons' tooltips for :meth:`update_tooltips` (a page sends them after the
        picture, as they are not seen at once)."""
        marks = dict(marks or {})
        n = len(view["cq"])
        cells = [(h, view["cq"][h], view["cr"][h]) for h in range(n)]
        cells += [((q, r), q, r) for q, r in ghosts]
        self._layout(cells, flat=(view.get("opts") or {}).get("layout") == "pancake")
        parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.width}' height='{self.height}' "
                 f"viewBox='0 0 {self.width} {self.height}' role='img' aria-label='The galaxy' "
                 f"style='display:block;background:#0d1b2a;border-radius:8px'>"]
        tips = {}
        cb = view.get("cb")
        cb_hex = cb.get("hex") if cb else None
        if self._frag_geometry is not self._geometry_key:  # laid out anew: every hex redrawn
            self._frag_geometry = self._geometry_key
            self._frags = {}
        clans = tuple(view.get("clans") or ())
        hid, kind, col, fam, occs = view["hid"], view["kind"], view["col"], view["fam"], view["occ"]
        for h in range(n):
            # a hex's picture and tooltip depend on these only: unchanged hexes are not redrawn
            key = (hid[h], kind[h], col[h], fam[h], tuple(tuple(e) for e in occs[h]), marks.get(h), cb_hex == h,
                   clans)
            frag = self._frags.get(h)
            if frag is None or frag[0] != key:
                frag = self._frags[h] = (key, self._hex_svg(view, h, marks.get(h), cb), hex_tooltip(view, h))
            parts.append(frag[1])
            tips[h] = frag[2]
        for q, r in ghosts:
            parts.append(self._ghost_svg((q, r), marks.get((q, r))))
            tips[(q, r)] = f"Free cell ({q},{r}): lay a hex here"
        parts.append("</svg>")
        svg = "".join(parts)
        if svg != self.svg:
            self.svg = svg
            self.faces.value = svg
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
        self.svg = ""
        self.faces.value = ""
        self._tips = {}
        self._frags = {}
        self._pending_tips = {}
        for b in self.buttons.values():
            b.tooltip = ""
        self._geometry_key = None
        self.hits.children = ()

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

    def _hex_svg(self, view: Mapping, h: int, mark: str | None, cb) -> str:
        cx, cy = self.centres[h]
        R = self.radius
        k = R / 40.0
        kind = "?" if view["hid"][h] else view["kind"][h]
        col = view["col"][h]
        occ = view["occ"][h]
        holder = occ[0][0] if occ else None
        stroke, sw = "#4a5a78", 1.5
        if holder is not None and holder >= 0:
            stroke, sw = colour_of(holder), 4.5 * k
        elif holder is not None:
            stroke, sw = ALIEN_FILL[holder], 4 * k
        fill = "#15263d" if kind != "S" else "#3e2a00"
        out = [f"<g class='lsn-sp-hexg' data-hex='{h}'>",
               f"<polygon points='{self._corners(cx, cy, R - 2.5 * k)}' fill='{fill}' stroke='{stroke}' "
               f"stroke-width='{sw:.1f}'/>"]
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
            fam = view["fam"][h]
            c = {"red": PLANET_COLOURS["r"], "yellow": PLANET_COLOURS["y"], "blue": PLANET_COLOURS["b"]}.get(fam, "#222")
            out.append(f"<circle cx='{cx:.1f}' cy='{py:.1f}' r='{11 * k:.1f}' fill='{c}' opacity='0.55' "
                       f"stroke='#cfd8dc' stroke-dasharray='3 2'/>"
                       f"<text x='{cx:.1f}' y='{py + 4 * k:.1f}' text-anchor='middle' font-size='{12 * k:.1f}' "
                       f"font-family='sans-serif' fill='#fff'>?</text>")
        if kind != "S":
            out.append(f"<text x='{cx:.1f}' y='{cy - 24 * k:.1f}' text-anchor='middle' font-size='{8.5 * k:.1f}' "
                       f"font-family='sans-serif' fill='#b0bec5'>H{h}</text>")
        # occupants
        chips = []
        for e in occ:
            if e[0] >= 0:
                pg, hg = e[1] + e[3], e[2] + e[4]
                text = f"{pg}" + (f"+{hg}H" if hg else "")
                chips.append((colour_of(e[0]), text, "#fff"))
            else:
                text = ALIEN_SHORT[e[0]] + (str(e[1]) if e[0] != -3 else "")
                chips.append((ALIEN_FILL[e[0]], text, "#fff"))
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
        if len(occ) > 1 or (cb and cb.get("hex") == h):
            out.append(f"<text x='{cx + 17 * k:.1f}' y='{cy - 14 * k:.1f}' font-size='{12 * k:.1f}' "
                       f"font-family='sans-serif' font-weight='bold' fill='#ff9100'>!</text>")
        if mark is not None:
            colour = MARK_STYLE[mark][0]
            dash = "" if mark in ("selected", "combat") else " stroke-dasharray='6 3'"
            out.append(f"<polygon points='{self._corners(cx, cy, R - 7 * k)}' fill='{colour}' fill-opacity='0.14' "
                       f"stroke='{colour}' stroke-width='{3 * k:.1f}'{dash} class='lsn-sp-mark lsn-sp-mark-{mark}'/>")
        out.append("</g>")
        return "".join(out)


# --------------------------------------------------------------------------- panels
class SequenceBar:
    """Turn number and the four phases with their sequences; the current one is marked."""

    PHASES = (("Phase 1", (("1A", "Draw"), ("1B", "Colonists"), ("1C", "Order"), ("1D", "Deploy"),
                           ("1E", "Aliens"))),
              ("Phase 2", (("2A", "Marker"), ("2B", "Travel"))),
              ("Phase 3", (("3A", "Combat"), ("3B", "Redeploy"), ("3C", "Aliens move"))),
              ("Phase 4", (("4A", "Production"), ("4B", "Governors"), ("4C", "Election"))))

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-sp-seq")

    def update(self, view: Mapping, title: str = "") -> None:
        seq = view["seq"]
        if seq == "2X":
            seq = "2B"
        simple = view["rules"] != "full"
        turn = view["turn"]
        limit = f" of {view['max_rounds']}" if view.get("max_rounds") else ""
        parts = [f'<b class="lsn-sp-turnno">Turn {turn}{limit}</b>' if turn else '<b class="lsn-sp-turnno">Setting up</b>']
        for phase, seqs in self.PHASES:
            cells = []
            for code, name in seqs:
                skip = (simple and code in ("1B", "1E", "3C", "4B", "4C")) or (turn == 1 and code in ("1B", "3C"))
                cls = "lsn-sp-s" + (" lsn-sp-now" if code == seq else "") + (" lsn-sp-skip" if skip else "")
                cells.append(f'<span class="{cls}" title="{_esc(code)}">{code} {name}</span>')
            parts.append(f'<span class="lsn-sp-phase">{phase}: {"".join(cells)}</span>')
        if seq in ("layout", "start", "return"):
            label = {"layout": "Laying out the galaxy", "start": "Initial deployment",
                     "return": "Eliminated clans return"}[seq]
            parts.insert(1, f'<span class="lsn-sp-s lsn-sp-now">{label}</span>')
        if title:
            parts.append(f'<div class="lsn-sp-seqtitle" style="width:100%">{_esc(title)}</div>')
        value = "".join(parts)
        if self.widget.value != value:
            self.widget.value = value

    def clear(self) -> None:
        self.widget.value = ""


class OrderTrack:
    """The order-of-play track: clan chiefs in order, the Royal Pig and who decides now."""

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-sp-order")

    def update(self, view: Mapping) -> None:
        actor = view.get("actor")
        parts = ['<span style="font-weight:600;margin-right:4px">Order of play:</span>']
        for i, p in enumerate(view["order"]):
            cls = "lsn-sp-slot" + (" lsn-sp-now" if p == actor and not view.get("over") else "")
            badge = '<span class="lsn-sp-badge" title="Royal Pig">Royal Pig</span>' if p == view["rp"] else ""
            out = " (out)" if view["out"][p] else ""
            parts.append(f'<span class="{cls}" data-player="{p}">{i + 1}. {chip(p)}{_esc(pname(view, p))}{out}{badge}</span>')
        value = "".join(parts)
        if self.widget.value != value:
            self.widget.value = value

    def clear(self) -> None:
        self.widget.value = ""


TRAVEL_MARKERS = (2, 2, 3, 3, 4)


class ClanPanel:
    """The clan displays, one row per clan: troops, hexes, governors, acorns, travel markers,
    cards in hand (a count) and the sacred recipe (only the viewer's own, unless public)."""

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-sp-clans")

    def update(self, view: Mapping, viewer: int | None, seat_kinds: Sequence[str] = ()) -> None:
        n = view["n"]
        actor = view.get("actor")
        rows = []
        for p in view["order"]:
            pg = hg = 0
            held = 0
            for occ in view["occ"]:
                for i, e in enumerate(occ):
                    if e[0] == p:
                        pg += e[1] + e[3]
                        hg += e[2] + e[4]
                        if i == 0 and len(occ) == 1:
                            held += 1
            cls = []
            if p == actor and not view.get("over"):
                cls.append("lsn-sp-actor")
            if p == viewer:
                cls.append("lsn-sp-me")
            if view["out"][p]:
                cls.append("lsn-sp-out")
            name = _esc(pname(view, p))
            if p == viewer:
                name += " <i>(you)</i>"
            if p == view["rp"]:
                name += '<span class="lsn-sp-badge">Royal Pig</span>'
            kind = seat_kinds[p] if p < len(seat_kinds) else ""
            who = f'<div style="color:#777;font-size:0.85em">{_esc(kind)}</div>' if kind else ""
            troops = f"{pg}p" + (f" {hg}H" if hg else "")
            new = (view["new_p"][p], view["new_h"][p])
            if any(new):
                troops += f' <span title="new colonists to deploy" style="color:#2e7d32">+{new[0]}p' + \
                          (f" +{new[1]}H" if new[1] else "") + "</span>"
            if view["out"][p]:
                troops = "eliminated"
            used = list(view["used"][p])
            markers = []
            for v in TRAVEL_MARKERS:
                if v in used:
                    used.remove(v)
                    markers.append(f'<span class="lsn-sp-marker lsn-sp-used" title="used this cycle">{v}</span>')
                else:
                    markers.append(f'<span class="lsn-sp-marker" title="available">{v}</span>')
            choice = view["choice"][p]
            trips = view["trips"][p]
            travel = "".join(markers)
            if choice == "?":
                travel += ' <span title="marker chosen face down">chosen</span>'
            elif isinstance(choice, int) and choice:
                travel += f" <span>chose {choice}</span>"
            if trips and view["seq"] in ("2B", "2X"):
                travel += f' <b title="trips left this turn">{trips} left</b>'
            hand = view["hands"][p]
            cards = len(hand) if isinstance(hand, list) else int(hand)
            recipe = view["recipes"][p]
            if recipe is None:
                rec = '<span style="color:#888" title="secret">secret</span>'
            else:
                rec = acorn_dots(recipe)
                seventh = view["seventh"][p]
                if seventh in ("r", "y", "b"):
                    rec += f' +1 {COLOUR_WORDS[seventh]}'
                elif seventh == "?":
                    rec += " +1 secret"
            if view["rules"] != "full" and recipe is not None:
                rec += ' <span style="color:#888">(public)</span>'
            gov = view["gov"][p]
            acorns = acorn_dots(view["acorns"][p])
            faction = view["faction"][p]
            fac = f"voted {_esc(pname(view, faction).split()[0])}" if faction is not None and faction >= 0 else ""
            rows.append(
                f'<tr class="{" ".join(cls)}" data-player="{p}"><td>{chip(p)}{name}{who}</td><td>{troops}<br>'
                f'<span style="color:#666">{held} hex{"es" if held != 1 else ""}</span></td>'
                f'<td>{acorns}</td><td title="governors">{gov}</td><td>{travel}</td><td title="cards in hand">{cards}</td>'
                f'<td>{rec}</td><td style="font-size:0.85em;color:#555">{fac}</td></tr>')
        head = ("<tr><th>Clan</th><th>Troops</th><th>Acorns</th><th>Gov.</th><th>Travel markers</th><th>Cards</th>"
                "<th>Recipe</th><th>Faction</th></tr>")
        value = f'<div class="lsn-sp-panel-title">Clan displays</div><table>{head}{"".join(rows)}</table>'
        if n and self.widget.value != value:
            self.widget.value = value

    def clear(self) -> None:
        self.widget.value = ""


class HandPanel:
    """The viewer's own cards as buttons (a pool, relabelled in place). ``on_card(cb)``."""

    def __init__(self):
        self.title = w.HTML('<div class="lsn-sp-panel-title">Your cards</div>')
        self.box = w.Box()
        self.box.add_class("lsn-sp-hand")
        self.buttons: list[w.Button] = []
        self.cards: list[int] = []
        self._callbacks: list[Callable[[int], None]] = []
        self.widget = w.VBox([self.title, self.box])
        self.widget.add_class("lsn-sp-handbox")

    def on_card(self, callback: Callable[[int], None]) -> None:
        self._callbacks.append(callback)

    def _button(self, i: int) -> w.Button:
        while len(self.buttons) <= i:
            b = w.Button()
            b.add_class("lsn-sp-card")
            index = len(self.buttons)
            b.on_click(lambda _b, index=index: self._clicked(index))
            self.buttons.append(b)
        return self.buttons[i]

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
            b = self._button(i)
            desc = card_face(c)
            if b.description != desc:
                b.description = desc
            tip = card_tip(c)
            if b.tooltip != tip:
                b.tooltip = tip
            kind = CARDS[c].kind
            wanted = {"lsn-sp-combatcard": kind == "combat", "lsn-sp-eventcard": kind == "event",
                      "lsn-sp-playable": c in playable}
            _set_classes(b, wanted)
            shown.append(b)
        if tuple(shown) != tuple(self.box.children):
            self.box.children = tuple(shown)
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


def _set_classes(widget: w.DOMWidget, wanted: Mapping[str, bool]) -> None:
    current = list(widget._dom_classes)
    new = [c for c in current if c not in wanted or wanted[c]]
    for c, on in wanted.items():
        if on and c not in new:
            new.append(c)
    if new != current:
        widget._dom_classes = tuple(new)


# --------------------------------------------------------------------------- combat
def side_of(view: Mapping, h: int, who: int, bonus: int = 0):
    """The odds model's side for occupant ``who`` of hex ``h`` (None if not there)."""
    for e in view["occ"][h]:
        if e[0] == who:
            if who >= 0:
                return Pigs(e[1] + e[3], e[2] + e[4], bonus)
            if who == -1:
                return Pirates(e[1], bonus)
            if who == -2:
                return Porcophages(e[1], bonus)
            return AcornWorm(bonus)
    return None


def side_name(view: Mapping, who: int) -> str:
    return pname(view, who) if who >= 0 else f"the {ALIEN_CODES[who]}"


def strength_text(side) -> str:
    dice = "+".join(f"1D{s}" for s in side.strength_dice())
    mod = side.modifier()
    return f"{dice} {mod:+d}"


class CombatPanel:
    """The combat screen: both sides' strength, the exact odds before cards, the secret card
    choice (your own face-down cards; only a count of the other side's), the reveal with the
    technology total against the wipeout line, the rounds with their dice, and the flee choice
    (offered by the action panel)."""

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-sp-combat")
        self.widget.add_class("lsn-sp-panel")
        self.events: list = []
        self.sizes: dict = {}
        self._sizes = ((), ())
        self.odds = None
        self._odds_key = None
        self.widget.layout.display = "none"

    COMBAT_KINDS = ("combat_card", "reveal_cards", "round", "wipeout", "combat_end", "flee", "tech_adjust", "reroll",
                    "devour")

    def feed(self, events: Iterable) -> None:
        """Keep the events of the combat under way (a new "combat" event starts afresh; a combat
        already under way when the page opened is followed from its next event). Round events
        keep the dice sizes of the sides as last shown (d6, d8)."""
        for e in events:
            if e.kind == "combat":
                self.events = [e]
                self.sizes = {}
            elif e.kind == "turn":
                self.events = []
                self.sizes = {}
            elif e.kind in self.COMBAT_KINDS:
                if self.events and self.events[-1].kind in ("combat_end", "wipeout") and e.kind != "devour":
                    self.events = []
                self.events.append(e)
                if e.kind == "round":
                    self.sizes[id(e)] = self._sizes

    def reset(self) -> None:
        self.events = []
        self.sizes = {}

    def _exact(self, a_side, d_side):
        key = (a_side, d_side)
        if key != self._odds_key:
            self._odds_key = key
            try:
                self.odds = space_pigs_combat(a_side, d_side)
            except Exception:  # a side with no troop left: nothing to compute
                self.odds = None
        return self.odds

    def update(self, view: Mapping, viewer: int | None) -> None:
        cb = view.get("cb")
        if cb is None and not self.events:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = None
        parts = []
        if cb is not None:
            parts.append(self._live(view, viewer, cb))
        else:
            first = self.events[0] if self.events[0].kind == "combat" else self.events[-1]
            parts.append(f'<div class="lsn-sp-panel-title">Last combat</div><div>{_esc(first.text)}</div>')
        parts.append(self._history())
        value = "".join(parts)
        if self.widget.value != value:
            self.widget.value = value

    def _live(self, view: Mapping, viewer: int | None, cb: Mapping) -> str:
        h, a, d = cb["hex"], cb["a"], cb["d"]
        revealed = bool(cb.get("revealed"))
        ab, db = (cb.get("ab", 0), cb.get("db", 0)) if revealed else (0, 0)
        a_side = side_of(view, h, a, ab)
        d_side = side_of(view, h, d, db)
        if a_side is not None and d_side is not None:
            self._sizes = (a_side.strength_dice(), d_side.strength_dice())
        rows = []
        for label, who, side, bonus in (("Attacker", a, a_side, ab), ("Defender", d, d_side, db)):
            if side is None:
                continue
            troops = (troops_text(side.piglets, side.hogs) if who >= 0 else alien_text(who, side.troops))
            rows.append(f'<tr><th>{label}</th><td>{chip(who) if who >= 0 else ""}{_esc(side_name(view, who))}</td>'
                        f'<td>{_esc(troops)}</td><td>strength {_esc(strength_text(side))}</td>'
                        f'<td>{"cards " + format(bonus, "+d") if revealed else ""}</td></tr>')
        stage = cb["stage"]
        stage_text = {"cards_d": "The defender chooses cards face down.",
                      "cards_a": "The attacker chooses cards face down.",
                      "tech": "The cards are revealed; a clan power may adjust the technology total.",
                      "flee_d": f"Round {cb['round']}: the defender may flee or fight on.",
                      "flee_a": f"Round {cb['round']}: the attacker may flee or fight on.",
                      "reroll": "Dice rolled: a clan power may force a re-roll.",
                      "win_tie": "A tie: a clan power may win it."}.get(stage, "")
        head = (f'<div class="lsn-sp-panel-title">Combat on {_esc(hex_text(view, h))} '
                f'<span style="font-weight:400">(round {cb["round"]}, {"sequence " + cb.get("seq", "")})</span></div>')
        odds_html = ""
        if a_side is not None and d_side is not None:
            odds = self._exact(a_side, d_side)
            if odds is not None:
                when = "with the revealed cards" if revealed else "before any card, if both sides fight to the end"
                bar = (f'<div class="lsn-sp-oddsbar"><div style="width:{float(odds.attacker) * 100:.2f}%;'
                       f'background:#ef6c00"></div><div style="width:{float(odds.defender) * 100:.2f}%;'
                       f'background:#1565c0"></div></div>')
                odds_html = (f'<div class="lsn-sp-odds"><b>Exact odds</b> ({when}): attacker holds the hex '
                             f'<b class="lsn-sp-odds-a">{format_percent(odds.attacker)}</b> '
                             f'<code>{_esc(format_fraction(odds.attacker))}</code>, defender '
                             f'<b class="lsn-sp-odds-d">{format_percent(odds.defender)}</b>{bar}</div>')
        tech_html = self._tech(view, viewer, cb)
        return (head + f"<table>{''.join(rows)}</table>" + odds_html + tech_html +
                (f'<div class="lsn-sp-stage"><i>{_esc(stage_text)}</i></div>' if stage_text else ""))

    def _tech(self, view: Mapping, viewer: int | None, cb: Mapping) -> str:
        line = (f'<span style="color:#b71c1c">wipeout line {WIPEOUT}</span>: if the technology indices of the combat '
                f"cards of both sides add up to {WIPEOUT} or more, every troop on the hex is destroyed.")
        if cb.get("revealed"):
            tech = int(cb.get("tech", 0))
            names = []
            for side, key in (("attacker", "acards"), ("defender", "dcards")):
                cards = cb.get(key) or []
                if isinstance(cards, list) and cards:
                    names.append(f"{side}: " + ", ".join(
                        f"{card_label(c)}" + (f" (tech {CARDS[c].tech})" if CARDS[c].kind == "combat" else "")
                        for c in cards))
            shown = ("; ".join(names)) or "no cards were played"
            return (f'<div class="lsn-sp-tech"><b>Cards revealed</b>: {_esc(shown)}.<br>Technology total '
                    f'<b class="lsn-sp-techtotal">{tech}</b> against the {line}'
                    f'{self._bar(tech)}</div>')
        mine_key = "acards" if viewer == cb["a"] else "dcards" if viewer == cb["d"] else None
        other_key = "dcards" if mine_key == "acards" else "acards" if mine_key == "dcards" else None
        text = [f"Cards are played face down, defender first, then revealed together. The {line}"]
        own_tech: list[int] = []
        if mine_key is not None:
            mine = cb.get(mine_key)
            mine = mine if isinstance(mine, list) else []
            own_tech = [CARDS[c].tech for c in mine if CARDS[c].kind == "combat"]
            text.append(f"Your face-down cards: {', '.join(card_label(c) for c in mine) or 'none'} "
                        f"(technology {sum(own_tech)}).")
            other = cb.get(other_key)
            k = other if isinstance(other, int) else len(other or [])
            text.append(f"The other side has played {k} card{'s' if k != 1 else ''} face down.")
            if k:
                try:
                    wo = tech_wipeout_two_sided(default_tech_deck(), attacker_cards=k, defender_cards=None,
                                                defender_hand=own_tech) if own_tech else \
                        tech_wipeout_two_sided(default_tech_deck(), attacker_cards=k, defender_cards=0)
                    text.append(f"If each of them is a random combat card, the chance of a wipeout is "
                                f"<b class='lsn-sp-wipeout'>{format_percent(wo.wipeout)}</b>.")
                except ValueError:
                    pass
        else:
            for key, who in (("dcards", "defender"), ("acards", "attacker")):
                v = cb.get(key)
                k = v if isinstance(v, int) else len(v or [])
                text.append(f"The {who} has played {k} card{'s' if k != 1 else ''} face down.")
        return f'<div class="lsn-sp-tech">{" ".join(text)}{self._bar(sum(own_tech))}</div>'

    @staticmethod
    def _bar(tech: int) -> str:
        scale = 10
        fill = min(tech, scale) / scale * 100
        colour = "#d50000" if tech >= WIPEOUT else "#ffb300"
        return (f'<div class="lsn-sp-techbar" title="technology total {tech}, wipeout at {WIPEOUT}">'
                f'<div class="lsn-sp-techfill" style="width:{fill:.1f}%;background:{colour}"></div>'
                f'<div class="lsn-sp-techline" style="left:{WIPEOUT / scale * 100:.1f}%"></div></div>')

    def _history(self) -> str:
        items = []
        for e in self.events:
            if e.kind == "combat":
                continue
            if e.kind == "round":
                d = e.data
                ar, dr = d.get("attacker_roll") or [], d.get("defender_roll") or []
                win = d.get("winner")
                a_out = "win" if win == "attacker" else "lose" if win == "defender" else "tie"
                d_out = "win" if win == "defender" else "lose" if win == "attacker" else "tie"
                sa, sd_ = self.sizes.get(id(e), ((), ()))
                dice_a = "".join(die_svg(f, _size(sa, i, f), 24, a_out) for i, f in enumerate(ar))
                dice_d = "".join(die_svg(f, _size(sd_, i, f), 24, d_out) for i, f in enumerate(dr))
                items.append(f'<li class="lsn-sp-round">{dice_a} vs {dice_d} {_esc(e.text)}</li>')
            elif e.kind != "combat_card":
                items.append(f"<li>{_esc(e.text)}</li>")
        if not items:
            return ""
        return f'<ol class="lsn-sp-rounds">{"".join(items)}</ol>'

    def clear(self) -> None:
        self.widget.value = ""
        self.widget.layout.display = "none"


def _size(sizes: Sequence[int], i: int, face: int) -> int:
    if i < len(sizes):
        return sizes[i]
    return 8 if face > 6 else 6


# --------------------------------------------------------------------------- election
class ElectionPanel:
    """The election screen: candidates, the votes called in the Royal Pig's order with each
    clan's governors, running totals, the result and the factions it makes."""

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-sp-election")
        self.widget.add_class("lsn-sp-panel")
        self.result = None  # the last "election" event
        self.widget.layout.display = "none"

    def reset(self) -> None:
        self.result = None
        self.result_votes = []
        self._votes = []

    def feed(self, events: Iterable) -> None:
        for e in events:
            if e.kind == "candidates":
                self._votes = []
            elif e.kind == "vote":
                self._votes = getattr(self, "_votes", []) + [e.text]
            elif e.kind == "election":
                self.result = e
                self.result_votes = list(getattr(self, "_votes", []))

    def update(self, view: Mapping) -> None:
        sd = view.get("sd") or {}
        live = view["seq"] == "4C" and sd.get("stage") in ("stand", "call", "vote")
        if not live and self.result is None:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = None
        parts = []
        if live:
            caller = view["rp"] if (view["turn"] >= 2 and view["rp"] >= 0) else view["order"][0]
            parts.append(f'<div class="lsn-sp-panel-title">Royal Pig election</div>'
                         f'<div>{chip(caller)}{_esc(pname(view, caller))} calls the votes, in any order, and votes '
                         f'first or last. Each clan gives all its governors to one candidate.</div>')
            cands = sd.get("candidates", [])
            barred = sd.get("barred", [])
            raw = sd.get("votes") or {}
            votes = ({int(k): v for k, v in raw.items()} if isinstance(raw, dict)
                     else {i: v for i, v in enumerate(raw) if v is not None and v >= 0})
            totals = {c: 0 for c in cands}
            for p, c in votes.items():
                totals[c] = totals.get(c, 0) + view["gov"][p]
            if sd.get("stage") == "stand":
                stood = ", ".join(pname(view, c) for c in cands) or "nobody yet"
                parts.append(f"<div>Candidates so far: {_esc(stood)}.</div>")
            else:
                rows = "".join(f'<tr><td>{chip(c)}{_esc(pname(view, c))}</td><td class="lsn-sp-tally" data-c="{c}">'
                               f'{totals.get(c, 0)} vote{"s" if totals.get(c, 0) != 1 else ""}</td></tr>' for c in cands)
                parts.append(f"<table><tr><th>Candidate</th><th>Votes so far</th></tr>{rows}</table>")
            if barred:
                parts.append(f"<div>Barred: {_esc(', '.join(pname(view, b) for b in barred))}.</div>")
            voted = sd.get("voted", [])
            if voted:
                lines = "".join(f"<li>{chip(p)}{_esc(pname(view, p))}: {view['gov'][p]} governor"
                                f"{'s' if view['gov'][p] != 1 else ''} to {_esc(pname(view, votes[p]))}</li>"
                                for p in voted if p in votes)
                parts.append(f'<div>Votes, in the order called:</div><ol class="lsn-sp-votes">{lines}</ol>')
            if sd.get("stage") == "vote" and sd.get("called", -1) >= 0:
                parts.append(f"<div><b>{_esc(pname(view, sd['called']))}</b> is called to vote.</div>")
        elif self.result is not None:
            parts.append(f'<div class="lsn-sp-panel-title">Last election</div><div class="lsn-sp-result">'
                         f"{_esc(self.result.text)}</div>")
            votes = getattr(self, "result_votes", [])
            if votes:
                parts.append("<div>Votes, in the order called:</div><ol class=\"lsn-sp-votes\">"
                             + "".join(f"<li>{_esc(v)}</li>" for v in votes) + "</ol>")
            factions: dict[int, list[int]] = {}
            for p, f in enumerate(view["faction"]):
                if f is not None and f >= 0:
                    factions.setdefault(f, []).append(p)
            if factions:
                lines = "".join(f"<li>Voted for {_esc(pname(view, c))}: "
                                f"{_esc(', '.join(pname(view, p) for p in ps))}"
                                f"{' (may exchange cards)' if len(ps) > 1 else ' (alone: no exchanges)'}</li>"
                                for c, ps in sorted(factions.items()))
                parts.append(f"<div>Factions for this turn:</div><ul>{lines}</ul>")
        value = "".join(parts)
        if self.widget.value != value:
            self.widget.value = value

    def clear(self) -> None:
        self.widget.value = ""
        self.widget.layout.display = "none"
