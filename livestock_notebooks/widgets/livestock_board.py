"""The Livestock Uprising board: a clickable grid of tiles that updates in place.

Each square is a small box holding a picture (an HTML widget: terrain colour, resource icon,
barn in its faction's colour, Generals as faction-coloured chips with their stars) under a
transparent button that takes the click and the keyboard (Tab, Enter). Only squares whose
picture changes are sent to the page.

The board knows nothing of the rules: the game view tells it which squares to highlight
(``moves``, ``attacks``, ``targets``, ``selected``) from ``legal_actions()``, and
``on_click(callback)`` reports clicks by square name (``"c3"``).

Everything here draws from a *public* state: :func:`public_state` rebuilds a state object from
``state.player_view(viewer)`` with the hidden parts (other hands, the deck, the dice) emptied,
so a board built from it cannot show what the viewer may not know.
"""
from __future__ import annotations

import html
from typing import Callable, Iterable, Mapping

import ipywidgets as w

from ..livestock_uprising import data as D
from ..rng import Dice

__all__ = [
    "FACTION_COLOURS",
    "RESOURCE_COLOURS",
    "LivestockBoard",
    "public_state",
    "resource_icon",
    "general_chip",
    "terrain_icon",
    "stars",
]

#: CSS colours of the factions (the rulebook's barn colours: blue, red, green, black).
FACTION_COLOURS = {"chickens": "#1f5fbf", "cows": "#c62828", "goats": "#2e7d32", "pigs": "#212121"}
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
HIGHLIGHT = {
    "selected": ("#ffb300", "Selected"),
    "move": ("#1b8e3a", "Move here"),
    "attack": ("#d50000", "Attack"),
    "target": ("#1565c0", "Choose"),
}


# --------------------------------------------------------------------------- icons (inline SVG)
def _svg(body: str, px: int, label: str) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{px}' viewBox='0 0 20 20' "
            f"role='img' aria-label='{label}' class='lsn-icon'><title>{label}</title>{body}</svg>")


def resource_icon(resource: str, px: int = 18) -> str:
    """A small picture of a resource (grass, hay, corn, carrot, apple)."""
    if resource == "grass":
        body = ("<path d='M3 18 L5 8 L7 18 Z M8 18 L10 4 L12 18 Z M13 18 L15 9 L17 18 Z' fill='#43a047' "
                "stroke='#1b5e20' stroke-width='0.8'/>")
    elif resource == "hay":
        body = ("<rect x='3' y='6' width='14' height='10' rx='2' fill='#e8c547' stroke='#8d6e00' stroke-width='1'/>"
                "<path d='M3 9 H17 M3 13 H17' stroke='#8d6e00' stroke-width='1'/>")
    elif resource == "corn":
        body = ("<ellipse cx='10' cy='9' rx='4' ry='7' fill='#fbc02d' stroke='#a67c00' stroke-width='1'/>"
                "<path d='M6 17 Q9 11 10 16 Q11 11 14 17 Z' fill='#66bb6a' stroke='#2e7d32' stroke-width='0.8'/>")
    elif resource == "carrot":
        body = ("<path d='M10 19 L6 7 H14 Z' fill='#fb8c00' stroke='#bf360c' stroke-width='1'/>"
                "<path d='M8 7 L7 2 M10 7 V1 M12 7 L13 2' stroke='#2e7d32' stroke-width='1.6'/>")
    elif resource == "apple":
        body = ("<circle cx='10' cy='12' r='6.5' fill='#e53935' stroke='#8e0000' stroke-width='1'/>"
                "<path d='M10 6 Q10 3 12 2' stroke='#5d4037' stroke-width='1.4' fill='none'/>"
                "<ellipse cx='13' cy='4.5' rx='2.2' ry='1.2' fill='#43a047'/>")
    else:
        return ""
    return _svg(body, px, resource)


def terrain_icon(terrain: str | None, px: int = 18, colour: str = "#555") -> str:
    """Pictures for the closed squares and barns; resources use :func:`resource_icon`."""
    if terrain in RESOURCE_COLOURS:
        return resource_icon(terrain, px)
    if terrain == "forest":
        body = ("<path d='M6 3 L1 12 H11 Z M14 2 L8 13 H19 Z' fill='#1b5e20' stroke='#0d3311' stroke-width='0.8'/>"
                "<rect x='5' y='12' width='2' height='5' fill='#5d4037'/><rect x='13' y='13' width='2' height='5' fill='#5d4037'/>")
        return _svg(body, px, "forest")
    if terrain == "lake":
        body = ("<path d='M1 7 Q4 4 7 7 T13 7 T19 7 M1 12 Q4 9 7 12 T13 12 T19 12 M1 17 Q4 14 7 17 T13 17 T19 17' "
                "stroke='#0d47a1' stroke-width='1.5' fill='none'/>")
        return _svg(body, px, "lake")
    if terrain == "barn":
        body = (f"<path d='M2 9 L10 2 L18 9 V18 H2 Z' fill='{colour}' stroke='#000' stroke-width='0.8'/>"
                "<rect x='7' y='11' width='6' height='7' fill='#fff' stroke='#000' stroke-width='0.6'/>"
                "<path d='M7 11 L13 18 M13 11 L7 18' stroke='#000' stroke-width='0.6'/>")
        return _svg(body, px, "barn")
    return ""


def stars(n: int) -> str:
    return "\u2605" * int(n)


def general_chip(name: str, stars_: int, colour: str, *, super_army: bool = False, done: bool = False,
                 small: bool = False) -> str:
    """A General as a faction-coloured chip with its stars (a Super Army has a crown ring)."""
    size = "0.72em" if small else "0.8em"
    ring = "box-shadow:0 0 0 2px #ffd600;" if super_army else ""
    fade = "opacity:0.55;" if done else ""
    label = f"{name} ({stars_} star{'s' if stars_ != 1 else ''}){', Super Army' if super_army else ''}"
    text = f"{'SA ' if super_army else ''}{stars(stars_)}"
    return (f'<span class="lsn-gen" title="{html.escape(label)}" style="background:{colour};{ring}{fade}'
            f'font-size:{size}">{text}<span class="lsn-gen-name">{html.escape(name[:7])}</span></span>')


# --------------------------------------------------------------------------- public state
def public_state(view: Mapping):
    """A LivestockState rebuilt from ``state.player_view(viewer)``: other hands empty, no deck,
    neutral dice. Use it for reading (``.board``, ``.generals``, ``.hand(viewer)`` ...), never
    for playing: it does not know what the viewer may not know."""
    from ..livestock_uprising.state import LivestockState

    d = dict(view)
    d.pop("viewer", None)
    d["hands"] = [list(h) if isinstance(h, list) else [] for h in d["hands"]]
    d["deck"] = []
    d["dice"] = Dice(0).to_dict()
    return LivestockState.from_dict(d)


def hand_counts(view: Mapping) -> list[int]:
    return [len(h) if isinstance(h, list) else int(h) for h in view["hands"]]


# --------------------------------------------------------------------------- the board
BOARD_CSS = """
<style>
.lsn-board { display: grid; gap: 3px; background: #6d5f4b; padding: 4px; border-radius: 6px; width: max-content; }
.lsn-tile { position: relative; width: 66px; height: 66px; margin: 0 !important; padding: 0; overflow: hidden; }
.lsn-tile > .lsn-tile-face { position: absolute; inset: 0; margin: 0; padding: 0; }
.lsn-tile > .lsn-tile-face .widget-html-content { height: 66px; line-height: normal; }
.lsn-tile > .lsn-tile-hit { position: absolute; inset: 0; width: 66px; height: 66px; margin: 0; padding: 0;
  background: transparent; border: none; box-shadow: none; z-index: 2; cursor: pointer; }
.lsn-tile > .lsn-tile-hit:hover { background: rgba(255,255,255,0.18); }
.lsn-tile > .lsn-tile-hit:focus { outline: 3px solid #1976d2; outline-offset: -3px; }
.lsn-face { position: relative; width: 66px; height: 66px; box-sizing: border-box; border-radius: 4px;
  font-family: sans-serif; font-size: 11px; color: #222; overflow: hidden; }
.lsn-face .lsn-sq { position: absolute; left: 3px; top: 1px; font-size: 10px; color: #333; opacity: 0.75; }
.lsn-face .lsn-ico { position: absolute; right: 2px; top: 2px; }
.lsn-face .lsn-gens { position: absolute; left: 2px; right: 2px; bottom: 2px; display: flex; flex-wrap: wrap; gap: 1px; }
.lsn-face .lsn-mark { position: absolute; left: 3px; top: 15px; font-size: 10px; font-weight: bold; }
.lsn-gen { display: inline-flex; flex-direction: column; align-items: center; color: #fff; border-radius: 5px;
  padding: 0 3px; line-height: 1.1; border: 1px solid #fff; }
.lsn-gen .lsn-gen-name { font-size: 8px; }
.lsn-face.lsn-unplaced { background-image: repeating-linear-gradient(45deg, #d9d4cc 0 6px, #cfc9bf 6px 12px); }
</style>
"""


class LivestockBoard:
    """The tile grid. ``widget`` is the whole board; ``update(...)`` redraws changed squares."""

    def __init__(self, size: int = 5):
        self.size = 0
        self.tiles: dict[str, tuple[w.Box, w.HTML, w.Button]] = {}
        self._faces: dict[str, str] = {}
        self._callbacks: list[Callable[[str], None]] = []
        self.grid = w.GridBox(layout=w.Layout(grid_gap="3px"))
        self.grid.add_class("lsn-board")
        self.style = w.HTML(BOARD_CSS)
        self.widget = w.VBox([self.style, self.grid])
        self.widget.add_class("lsn-board-box")
        self.resize(size)

    # -- building ----------------------------------------------------------------------
    def resize(self, size: int) -> None:
        """Make (or reuse) the n x n squares; only changes children when the size changes."""
        if size == self.size:
            return
        self.size = size
        names = [f"{chr(97 + c)}{r + 1}" for r in range(size) for c in range(size)]
        for name in names:
            if name not in self.tiles:
                face = w.HTML()
                face.add_class("lsn-tile-face")
                hit = w.Button(description="", tooltip=name, layout=w.Layout(width="66px", height="66px"))
                hit.add_class("lsn-tile-hit")
                hit.add_class(f"lsn-tile-{name}")
                hit.on_click(lambda _b, name=name: self._clicked(name))
                box = w.Box([face, hit])
                box.add_class("lsn-tile")
                self.tiles[name] = (box, face, hit)
        self.grid.layout.grid_template_columns = f"repeat({size}, 66px)"
        self.grid.children = tuple(self.tiles[n][0] for n in names)
        self._faces = {}

    def on_click(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def click(self, square: str) -> None:
        """Click a square from Python (tests): the same path as the page's click."""
        self.tiles[square][2].click()

    def _clicked(self, name: str) -> None:
        for cb in self._callbacks:
            cb(name)

    # -- drawing -----------------------------------------------------------------------
    def update(self, pub, *, selected: str | None = None, moves: Iterable[str] = (), attacks: Iterable[str] = (),
               targets: Iterable[str] = (), selected_general: str | None = None) -> None:
        """Redraw from a public state; ``moves``/``attacks``/``targets`` are squares to mark."""
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
        factions = [D.FACTION_KEYS[f] for f in pub.factions]
        gens = {g["name"]: g for g in pub.generals}
        for row in pub.board:
            for sq in row:
                name = sq["name"]
                face, tip = self._face(sq, factions, gens, marks.get(name), selected_general)
                if self._faces.get(name) != face:
                    self._faces[name] = face
                    _box, face_w, hit = self.tiles[name]
                    face_w.value = face
                    hit.tooltip = tip

    def clear(self) -> None:
        for name, (_box, face, hit) in self.tiles.items():
            face.value = ""
            hit.tooltip = name
        self._faces = {}

    @staticmethod
    def _face(sq: Mapping, factions: list[str], gens: Mapping[str, Mapping], mark: str | None,
              selected_general: str | None) -> tuple[str, str]:
        terrain = sq["terrain"]
        name = sq["name"]
        bg = TERRAIN_COLOURS.get(terrain, "#ddd")
        tip = [name]
        cls = "lsn-face"
        icon = ""
        if terrain is None:
            cls += " lsn-unplaced"
            tip.append("face-down tile")
        elif terrain == "barn":
            owner = sq["barn_of"]
            colour = FACTION_COLOURS.get(factions[owner], "#777") if owner is not None else "#777"
            icon = terrain_icon("barn", 26, colour)
            bg = "#f5efe6"
            tip.append(f"{D.FACTION_NAMES[D.FACTION_KEYS.index(factions[owner])]} barn" if owner is not None else "barn")
        else:
            icon = terrain_icon(terrain, 22)
            tip.append(terrain)
        chips = []
        for gname in sq["generals"]:
            g = gens.get(gname)
            if g is None:
                continue
            colour = FACTION_COLOURS.get(g["faction"], "#555")
            chips.append(general_chip(gname, g["stars"], colour, super_army=g["super"], done=g["done"],
                                      small=len(sq["generals"]) > 1))
            who = f"{gname} ({g['stars']}*, {g['faction']}, attack {g['attack']}, defense {g['defense']})"
            if g["super"]:
                who = f"Super Army of the {g['faction']} (attack {g['attack']}, defense {g['defense']})"
            tip.append(who)
        style = f"background:{bg};"
        mark_html = ""
        if mark is not None:
            colour, word = HIGHLIGHT[mark]
            width = 4 if mark == "selected" else 3
            style += f"box-shadow: inset 0 0 0 {width}px {colour};"
            mark_html = f'<span class="lsn-mark lsn-mark-{mark}" style="color:{colour}">{word}</span>'
            tip.append(word)
        if mark == "selected" and selected_general:
            tip.append(f"selected: {selected_general}")
        face = (f'<div class="{cls}" data-square="{name}" style="{style}"><span class="lsn-sq">{name}</span>'
                f'<span class="lsn-ico">{icon}</span>{mark_html}<div class="lsn-gens">{"".join(chips)}</div></div>')
        return face, "; ".join(tip)
