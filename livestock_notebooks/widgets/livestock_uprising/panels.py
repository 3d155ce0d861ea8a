"""Livestock Uprising side panels: armies, the hand of command cards, marshalling, the battle
dialog and the decisions a battle asks for. All are built once and updated in place, from a
the engine's view for the viewer (:class:`~livestock_notebooks.livestock_uprising.views.LivestockView`)
and the viewer's legal actions. Buttons call back into the game view with an action.
"""
from __future__ import annotations

import html
from typing import Callable, Iterable, Mapping, Sequence

import ipywidgets as w

from ...livestock_uprising import actions as A
from ...livestock_uprising import data as D
from ...livestock_uprising.events import EventKind
from ...livestock_uprising.views import LivestockView
from ...odds.display import chance_note, format_percent
from ..common.dom import ButtonPool, button, hide, set_classes, show
from .board import FACTION_COLOURS, general_chip

__all__ = [
    "ArmyPanel",
    "BattleDialog",
    "ActionRow",
    "DecisionPanel",
    "HandPanel",
    "MarshalPanel",
    "attack_badge",
    "defense_badge",
    "unit_html",
]

#: Events that end a battle without dice; events whose text the battle dialog lists.
_AFTER_BATTLE = (EventKind.DESTROYED, EventKind.ADVANCE, EventKind.OUT, EventKind.WIN)
_BATTLE_LINES = (EventKind.BATTLE, EventKind.CASUALTY, EventKind.RETREAT, *_AFTER_BATTLE, EventKind.CARD)

PANEL_CSS = """
<style>
.lsn-livestock .widget-html-content { line-height: 1.35; }
.lsn-livestock .widget-html { margin-top: 1px; margin-bottom: 1px; }
.lsn-panel { border: 1px solid #d0c8bb; border-radius: 6px; padding: 6px 8px; background: #fffdf8; margin-bottom: 6px; }
.lsn-panel h4 { margin: 0 0 4px 0; font-size: 1em; }
/* the Generals' panel keeps one height (the cards under it stay put), and the marshalling panel
   lies over the cards under it for its phase: its buttons on view, the Generals still to be
   chosen, and nothing moves as it comes and goes (the hand keeps one height, style.py) */
.lsn-app .lsn-side .lsn-hand { position: relative; }
.lsn-app .lsn-side .lsn-hand > .lsn-generals-panel { height: 7.2em; overflow-y: auto; box-sizing: border-box; }
.lsn-app .lsn-side .lsn-hand > .lsn-marshal-panel { position: absolute; top: calc(7.2em + 6px); left: 0; right: 0;
  min-height: calc(100% - 7.2em - 6px); z-index: 5; margin: 0; box-sizing: border-box; }
.lsn-generals-panel .lsn-selection { min-height: 3.2em; }
.lsn-app button.lsn-select-general::before { content: "\\25b6"; margin-right: 0.35em; visibility: hidden; }
.lsn-app button.lsn-select-general.mod-warning::before { visibility: visible; }
/* on a phone the phase chips keep to one line, and the prompt's text keeps the room of the
   longest prompt there (three lines under the round and the chips): nothing under it moves */
@media (max-width: 760px) { .lsn-app .lsn-phase-step { font-size: 0.85em; padding: 1px 5px !important; }
  /* the battle and decision boxes lie over the top of the screen, their buttons in view (under
     the board they sat behind the pinned prompt), until closed */
  .lsn-app .lsn-side > .lsn-dialogs > .lsn-dialog.lsn-livestock { position: fixed; top: 0; left: 0; right: 0;
    z-index: 30; max-height: 62vh; overflow-y: auto; box-shadow: 0 2px 10px rgba(0,0,0,0.3); }
  .lsn-app .lsn-prompt > .lsn-view-prompt.lsn-livestock { --lsn-prompt-text: 7.9em; } }
/* the End button first in the prompt's row: the chosen General's buttons (stay, harvest) come
   and go after it, and it never moves sideways */
.lsn-app .lsn-actions:has(> .lsn-livestock-actions) > .lsn-end-turn { order: -1; }
/* on a phone the marshalling panel comes after the cards: there the page scrolls, and a panel
   that comes first for one phase pushed the Generals and cards off the screen and back */
@media (max-width: 760px) { .lsn-app .lsn-side .lsn-hand > .lsn-marshal-panel { order: 5; position: static; min-height: 0; }
  .lsn-app .lsn-side .lsn-hand > .lsn-generals-panel { height: auto; min-height: 6.7em; } }
.lsn-badge { display: inline-block; min-width: 1.2em; text-align: center; border-radius: 50%; color: #fff;
  font-weight: bold; font-size: 0.8em; padding: 1px 2px; margin-right: 2px; }
.lsn-badge-attack { background: #ef6c00; }
.lsn-badge-defense { background: #1565c0; }
.lsn-unit { display: inline-flex; align-items: center; gap: 2px; border: 1px solid #ccc; border-radius: 4px;
  padding: 1px 4px; margin: 1px 2px; background: #fff; font-size: 0.85em; white-space: nowrap; }
.lsn-unit.lsn-sf { border-color: #8e24aa; }
.lsn-house { font-size: 0.7em; color: #6a1b9a; border: 1px dashed #6a1b9a; border-radius: 3px; padding: 0 2px; }
.lsn-army-table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
.lsn-army-table td { padding: 2px 4px; vertical-align: middle; border-top: 1px solid #eee; }
.lsn-res { display: inline-flex; align-items: center; margin-right: 6px; }
.lsn-marshal-table { border-collapse: collapse; font-size: 0.88em; }
.lsn-marshal-table td, .lsn-marshal-table th { padding: 2px 5px; border-top: 1px solid #eee; text-align: left; }
.lsn-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 4px; }
.lsn-card { border: 1px solid #7e57c2; border-radius: 8px; margin: 0; background: #fbf9ff; overflow: hidden;
  font-size: 0.82em; line-height: 1.3; }
.lsn-card .lsn-card-head { background: #7e57c2; color: #fff; padding: 2px 6px; }
.lsn-card.lsn-card-defending { border-color: #1565c0; }
.lsn-card.lsn-card-defending .lsn-card-head { background: #1565c0; }
.lsn-card .lsn-card-head .lsn-house { color: #fff; border-color: #fff; }
.lsn-card .lsn-card-when { color: #555; padding: 1px 6px 0 6px; font-style: italic; }
.lsn-card .lsn-card-text { padding: 1px 6px 4px 6px; }
.lsn-card-name { font-weight: 600; }
.lsn-cards.widget-box { display: grid; }
.lsn-card.widget-vbox { display: flex; flex-direction: column; justify-content: space-between; }
.lsn-card .widget-html, .lsn-card .widget-html-content { font-size: inherit; line-height: 1.3; margin: 0; }
.lsn-card.lsn-card-playable { border-width: 2px; box-shadow: 0 0 0 2px #b39ddb; }
.lsn-card .lsn-play-card-box { padding: 0 6px 6px 6px; }
/* on a phone the cards sit in the page's flow, two a row: each card keeps one play button's room,
   and the room of the most play buttons it has shown (a card played on any of three Generals
   shows three, then two, one, none as they act; the spare ones are hidden in their place), so
   a card becoming playable, or less so, moves no card under it */
.lsn-card .lsn-play-card-box > .lsn-spare { visibility: hidden; }
@media (min-width: 761px) { .lsn-card .lsn-play-card-box > .lsn-spare { display: none !important; } }
@media (max-width: 760px) { .lsn-card .lsn-play-card-box { min-height: 32px; box-sizing: border-box; } }
.lsn-card .widget-button.lsn-play-card { width: 100%; height: auto; min-height: 26px; white-space: normal;
  line-height: 1.2; font-size: 0.95em; }
.lsn-odds { font-size: 1.05em; }
.lsn-odds b { font-size: 1.1em; }
.lsn-battle-box { border: 2px solid #d50000; border-radius: 8px; padding: 8px; background: #fff7f7; }
.lsn-decision-box { border: 2px solid #1565c0; border-radius: 8px; padding: 8px; background: #f3f8ff; }
</style>
"""


def html_box(css_class: str) -> w.HTML:
    """An empty HTML widget with its CSS class (tests and browser tests find it by the class)."""
    widget = w.HTML()
    widget.add_class(css_class)
    return widget


def text_with_buttons(text_class: str, pool: "ActionRow", *box_classes: str) -> tuple[w.HTML, w.VBox]:
    """A text above a row of buttons, in one box with ``box_classes``."""
    text = html_box(text_class)
    box = w.VBox([text, pool.box])
    for css in box_classes:
        box.add_class(css)
    return text, box


def _note(p) -> str:
    """`` (5/18)`` or `` (about 1 in 43)`` after a percent, or nothing (certain or long)."""
    note = chance_note(p)
    return f" ({note})" if note else ""


def _dice_text(super_army: bool) -> str:
    return "2d6 (Super Army)" if super_army else "1d6"


def _battle_line(event) -> str:
    """An event's line in the battle box: a card played is named without its rule text (which
    may speak of cases that are not this battle's, "loses without a roll" beside a roll)."""
    text = event.text
    if event.kind == EventKind.CARD:
        for card in D.CARDS:
            suffix = ": " + card["text"]
            if text.endswith(suffix):
                return text[: -len(suffix)]
    return text


def attack_badge(v: int) -> str:
    return f'<span class="lsn-badge lsn-badge-attack" title="attack {v}">{v}</span>'


def defense_badge(v: int) -> str:
    return f'<span class="lsn-badge lsn-badge-defense" title="defense {v}">{v}</span>'


def _unit_info(key: str) -> dict:
    return D.UNITS[D.UNIT_CODE[key]]


def resource_mark(resource: str, px: int) -> str:
    """A resource's icon drawn by the board's stylesheet (``.lsn-ico-<resource>``, one copy of
    each picture per page): much less markup than the icon's SVG, which the armies panel,
    redrawn at every move, would repeat for every resource and troop."""
    if resource not in D.RESOURCES:
        return ""
    return (f'<span class="lsn-ico lsn-ico-{resource} lsn-ico-inline" role="img" aria-label="{resource}" '
            f'title="{resource}" style="width:{px}px;height:{px}px"></span>')


def unit_html(key: str) -> str:
    """A troop card in small: name, attack (orange), defense (blue), harvest icons."""
    u = _unit_info(key)
    sf = "faction" in u
    icons = "".join(resource_mark(r, 13) for r in u["harvests"])
    abil = "".join(f' <i title="{html.escape(D.RULES["abilities"][a]["text"])}">{a}</i>' for a in u.get("abilities", ()))
    return (f'<span class="lsn-unit{" lsn-sf" if sf else ""}" title="{html.escape(u["name"])}">'
            f'{html.escape(u["name"])} {attack_badge(u["attack"])}{defense_badge(u["defense"])}{icons}{abil}</span>')


def tokens_html(counts: Mapping[str, int], px: int = 14, *, skip_zero: bool = False) -> str:
    """Resource counts as number + icon, in resource order (``skip_zero``: leave out the zeros)."""
    return "".join(f'<span class="lsn-res">{counts.get(r, 0)}{resource_mark(r, px)}</span>'
                   for r in D.RESOURCES if counts.get(r, 0) or not skip_zero)


def cost_html(cost: Mapping[str, int]) -> str:
    return tokens_html(cost, 14, skip_zero=True)


def house_tag(source: str, what: str = "house value") -> str:
    if source == "house":
        return f' <span class="lsn-house" title="Not in the rulebook: a value these notebooks chose">{what}</span>'
    return ""


class ActionRow:
    """A row of buttons, each playing an action: :class:`~livestock_notebooks.widgets.common.dom.ButtonPool`'s
    buttons (made when first needed, relabelled in place) in a box that keeps every button it has
    made and hides the spare ones (a new list of children is drawn a moment later in the browser,
    and the panel would jump meanwhile). With ``keep_room`` a spare button is marked ``lsn-spare``
    instead (the CSS hides it, or on a phone keeps its room: see the cards' play buttons).

    A hidden button is blanked (no stale label in the widget state a browser holds: in a hot-seat
    game a card's play names the card). A spare that keeps its room keeps its label, and with it
    the label's height, unless ``set(..., blank=True)``: the card panel blanks them whenever a
    card face changes owner or card, so a label never outlives the card it played."""

    def __init__(self, css: str, on_action: Callable[[object], None], *, style: str = "", wrap: bool = True,
                 keep_room: bool = False):
        self.on_action = on_action
        self.keep_room = keep_room
        self.pool = ButtonPool(css, self._clicked, button_style=style)
        self.actions: list = []
        self.box = w.Box(layout=w.Layout(flex_flow="row wrap" if wrap else "column", grid_gap="3px"))
        self.box.add_class(f"{css}-box")

    @property
    def buttons(self) -> list[w.Button]:
        return self.pool.buttons

    def set(self, items: Sequence[tuple[str, object]], *, blank: bool | None = None) -> None:
        """Show one button per ``(label, action)``; the spare ones are hidden (or marked
        ``lsn-spare``) and blanked (by default unless they keep their room: ``blank``)."""
        self.actions = [a for _label, a in items]
        for i, (label, _a) in enumerate(items):
            b = self.pool[i]
            b.description = label
            b.tooltip = label
        if len(self.box.children) != len(self.buttons):
            self.box.children = tuple(self.buttons)
        for i, b in enumerate(self.buttons):
            if self.keep_room:
                set_classes(b, {"lsn-spare": i >= len(items)})
                continue
            want = None if i < len(items) else "none"
            if b.layout.display != want:
                b.layout.display = want
        if blank if blank is not None else not self.keep_room:
            for b in self.buttons[len(items):]:  # after hiding: a button on view never shrinks first
                if b.description or b.tooltip:
                    b.description = ""
                    b.tooltip = ""

    def _clicked(self, i: int) -> None:
        if i < len(self.actions):
            self.on_action(self.actions[i])

    def clear(self) -> None:
        self.set([], blank=True)

    def click(self, label: str) -> None:
        """Click the button whose label is ``label`` (tests)."""
        for b in self.shown:
            if b.description == label:
                b.click()
                return
        raise KeyError(f"no button {label!r}; have {self.labels}")

    @property
    def shown(self) -> list[w.Button]:
        """The buttons on view (the spare ones are hidden)."""
        return self.buttons[: len(self.actions)]

    @property
    def labels(self) -> list[str]:
        return [b.description for b in self.shown]


# --------------------------------------------------------------------------- armies
class ArmyPanel:
    """Every player's Generals with their troop cards, totals and resources (all public)."""

    def __init__(self):
        self.html = html_box("lsn-armies")
        self.widget = w.VBox([self.html])
        self.widget.add_class("lsn-panel")

    def update(self, pub, hand_counts: Sequence[int], viewer: int | None) -> None:
        parts = ["<h4>Armies</h4>"]
        gens = pub.generals
        for p in range(pub.players):
            faction = pub.faction_of(p)
            colour = FACTION_COLOURS[faction]
            name = D.FACTION_NAMES[D.FACTION_KEYS.index(faction)]
            alive = p in pub.alive_players
            tokens = tokens_html(pub.resources(p), 14)
            tags = []
            if pub.is_super_army(p):
                tags.append("Super Army")
            if not alive:
                tags.append("out of the game")
            if p == viewer:
                tags.append("you")
            tag = f" ({', '.join(tags)})" if tags else ""
            parts.append(
                f'<div class="lsn-army lsn-army-{p}" style="border-left:5px solid {colour};padding-left:6px;margin:4px 0">'
                f'<b style="color:{colour}">{html.escape(name)}</b>{html.escape(tag)} &nbsp; {tokens}'
                f' &nbsp; <span title="command cards in hand">{hand_counts[p]} card{"s" if hand_counts[p] != 1 else ""}</span>'
                '<table class="lsn-army-table">'
            )
            for g in gens:
                if g.player != p or not g.active:
                    continue
                units = "".join(unit_html(k) for k in g.units) or '<i style="color:#888">no troops</i>'
                state = []
                if p == pub.turn_player and pub.phase_name == "action":
                    if g.done:
                        state.append("done")
                    elif g.steps:
                        state.append(f"{g.steps} step{'s' if g.steps != 1 else ''}")
                if g.harvested and p == pub.turn_player:
                    state.append("harvested")
                parts.append(
                    f'<tr><td>{general_chip(g.name, g.stars, colour, super_army=g.super_army, small=True, faction=faction)}</td>'
                    f'<td>{html.escape(g.square or "")}</td><td>{attack_badge(g.attack)}{defense_badge(g.defense)}</td>'
                    f'<td>{units}</td><td style="color:#666">{html.escape(", ".join(state))}</td></tr>'
                )
            parts.append("</table></div>")
        self.html.value = "".join(parts)

    def clear(self) -> None:
        self.html.value = ""


# --------------------------------------------------------------------------- hand
class HandPanel:
    """The viewer's command cards (and only the viewer's), each a small card with its name, when
    it may be played and what it does; the plays allowed now are buttons on the card itself
    (``plays``: all of them, for tests). Card widgets are made when a hand first needs them."""

    def __init__(self, on_action: Callable[[object], None]):
        self.on_action = on_action
        # the title line (not "lsn-hand": that is the hand region's class, whose fixed height
        # the title took too, pushing the cards a screen down)
        self.html = html_box("lsn-hand-title")
        self.cards_box = w.Box()
        self.cards_box.add_class("lsn-cards")
        self.faces: list[tuple[w.VBox, w.HTML, ActionRow]] = []
        self._owners: list[tuple[int, str] | None] = []  # (viewer, card) each face last showed
        self.plays = CardPlays(self)
        self.widget = w.VBox([self.html, self.cards_box])
        self.widget.add_class("lsn-panel")
        self.widget.add_class("lsn-hand-panel")

    def _face(self, i: int) -> tuple[w.VBox, w.HTML, ActionRow]:
        while len(self.faces) <= i:
            text = html_box("lsn-card-face")
            pool = ActionRow("lsn-play-card", self.on_action, style="info", wrap=False, keep_room=True)
            card = w.VBox([text, pool.box])
            card.add_class("lsn-card")
            self.faces.append((card, text, pool))
            self._owners.append(None)
        return self.faces[i]

    def update(self, pub, viewer: int | None, legal: Sequence, names: Callable[[int], str]) -> None:
        if viewer is None:
            self.clear()
            return
        hand = pub.hand
        title = f"<h4>Your command cards ({len(hand)})</h4>"
        if not hand:
            title += '<div style="color:#777">No command cards.</div>'
        if self.html.value != title:
            self.html.value = title
        plays: dict[str, list] = {}
        for a in legal:
            if isinstance(a, A.PlayCard):
                plays.setdefault(a.card, []).append((self.label(a, names), a))
        shown = []
        for i, key in enumerate(hand):
            card_box, text, pool = self._face(i)
            card = D.CARDS[D.CARD_CODE[key]]
            defending = card["timing"] == "defending"
            when = "when attacked" if defending else "in your " + "/".join(card["phases"]) + " phase"
            face = (f'<div class="lsn-card-head"><span class="lsn-card-name">{html.escape(card["name"])}</span>'
                    f'{house_tag(card.get("source", ""), "house card")}</div>'
                    f'<div class="lsn-card-when">{html.escape(when)}</div>'
                    f'<div class="lsn-card-text">{html.escape(card["text"])}</div>')
            if text.value != face:
                text.value = face
            mine = plays.pop(key, [])  # a second copy of a card plays the same way: the first shows it
            # a face now showing another card or another seat's hand keeps no label of the one before
            pool.set(mine, blank=self._owners[i] != (viewer, key))
            self._owners[i] = (viewer, key)
            wanted = {c: False for c in card_box._dom_classes if c.startswith("lsn-card-")}  # an earlier card's
            wanted.update({f"lsn-card-{key}": True, "lsn-card-defending": defending, "lsn-card-playable": bool(mine)})
            set_classes(card_box, wanted)
            shown.append(card_box)
        if tuple(shown) != tuple(self.cards_box.children):
            self.cards_box.children = tuple(shown)
        for i in range(len(hand), len(self.faces)):  # faces off the page hold no card either
            self._blank(i)

    def _blank(self, i: int) -> None:
        card, text, pool = self.faces[i]
        if text.value:
            text.value = ""
        set_classes(card, {c: False for c in card._dom_classes if c.startswith("lsn-card-")})  # its card's key
        pool.clear()
        self._owners[i] = None

    @staticmethod
    def label(a, names: Callable[[int], str]) -> str:
        return a.describe(general_name=str, player_name=names)

    def clear(self) -> None:
        self.html.value = ""
        self.cards_box.children = ()
        for i in range(len(self.faces)):
            self._blank(i)


class CardPlays:
    """The play buttons on every card of a :class:`HandPanel`, as one row of buttons for tests
    (``labels``, ``click(label)``)."""

    def __init__(self, panel: HandPanel):
        self.panel = panel

    def _buttons(self) -> list[w.Button]:
        shown = set(map(id, self.panel.cards_box.children))
        return [b for card, _text, pool in self.panel.faces if id(card) in shown for b in pool.shown]

    @property
    def labels(self) -> list[str]:
        return [b.description for b in self._buttons()]

    def click(self, label: str) -> None:
        """Click the play whose label is ``label`` (tests)."""
        for b in self._buttons():
            if b.description == label:
                b.click()
                return
        raise KeyError(f"no play {label!r}; have {self.labels}")


# --------------------------------------------------------------------------- marshalling
class MarshalPanel:
    """Costs, supply left and the viewer's tokens; marshal buttons for the selected General;
    transfers. House values are marked as such."""

    def __init__(self, on_action: Callable[[object], None]):
        self.on_action = on_action
        self.head = w.HTML()
        self.table = html_box("lsn-marshal-table-html")
        self.marshal = ActionRow("lsn-marshal", on_action, style="success")
        self.transfers = ActionRow("lsn-transfer", on_action)
        # the buttons before the table of costs: on view without scrolling the hand
        self.widget = w.VBox([self.head, self.marshal.box, self.transfers.box, self.table])
        self.widget.add_class("lsn-panel")
        self.widget.add_class("lsn-marshal-panel")

    def update(self, pub, viewer: int | None, legal: Sequence, general: str | None) -> None:
        if viewer is None:
            self.clear()
            return
        faction = D.FACTION_KEYS.index(pub.faction_of(viewer))
        tokens = tokens_html(pub.resources(viewer), 15)
        left = tokens_html(pub.resource_supply, 12)
        marshals = [a for a in legal if isinstance(a, A.Marshal)]
        target = general
        if marshals and (target is None or not any(a.general == target for a in marshals)):
            target = marshals[0].general
        phase = pub.phase_name
        title = "Marshalling"
        if phase in ("marshal", "super") and marshals:
            title += f": units join <b>{html.escape(target)}</b> (select another General to change)"
        self.head.value = (f"<h4>{title}</h4><div>Your tokens: {tokens}</div>"
                           f'<div style="color:#555;font-size:0.85em">Tokens left in the supply: {left}</div>')
        troops = pub.troops_left
        sfs = pub.special_force_states
        rows = ['<table class="lsn-marshal-table"><tr><th>Unit</th><th>Cost</th><th>Supply left</th></tr>']
        keys = list(D.UNIT_KEYS[: D.N_TROOPS]) + [D.UNIT_KEYS[u] for u in D.faction_special_forces(faction)]
        for key in keys:
            u = _unit_info(key)
            if "faction" in u:
                status = sfs[key]
                supply_text = {"available": "1 (special force)", "in play": "in play", "lost": "lost for good"}[status]
            else:
                supply_text = f"{troops[key]} of {u['count']}"
            house = house_tag(u.get("source", ""), "house values") if u.get("source") == "house" else ""
            rows.append(f'<tr class="lsn-marshal-row-{key}"><td>{unit_html(key)}{house}</td>'
                        f'<td>{cost_html(u["cost"])}</td><td>{html.escape(supply_text)}</td></tr>')
        rows.append("</table>")
        limit = D.MAX_UNITS_SUPER if pub.is_super_army(viewer) else D.MAX_UNITS_GENERAL
        rows.append(f'<div style="font-size:0.85em;color:#555">At most {limit} units under a General.</div>')
        self.table.value = "".join(rows)
        items = []
        for a in marshals:
            if a.general == target:
                items.append((f"Marshal {D.UNIT_NAMES[D.UNIT_CODE[a.unit]]}", a))
        self.marshal.set(items)
        tr = [a for a in legal if isinstance(a, A.Transfer)]
        self.transfers.set([(f"Transfer {D.UNIT_NAMES[D.UNIT_CODE[a.unit]]}: {a.frm} \u2192 {a.to}", a) for a in tr[:24]])

    def clear(self) -> None:
        self.head.value = ""
        self.table.value = ""
        self.marshal.clear()
        self.transfers.clear()


# --------------------------------------------------------------------------- battles
class BattleDialog:
    """Before an attack: both totals and the exact odds, with Attack / Cancel. After it: the dice
    (a :class:`~livestock_notebooks.widgets.common.dice.DiceView` each), the outcome and what followed.
    Its parts are made when first used (the first battle), so the page starts with an empty box."""

    #: the parts made on first use (the first battle shown), not with the page
    _PARTS = frozenset({"title", "totals", "odds_html", "attacker_dice", "defender_dice", "dice_box", "outcome",
                        "commit_button", "cancel_button", "close_button", "buttons"})

    def __init__(self, on_commit: Callable[[object], None], on_cancel: Callable[[], None]):
        self.on_commit = on_commit
        self.on_cancel = on_cancel
        self.pending_attack = None
        self._built = False
        self.widget = w.VBox()
        self.widget.add_class("lsn-battle-box")
        self.widget.add_class("lsn-battle")
        self.odds = None
        self._awaiting_title = ""  # an attack shown whose dice are still to come
        self.hide()

    def __getattr__(self, name: str):
        if name in BattleDialog._PARTS and not self.__dict__.get("_built", True):
            self._build()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _build(self) -> None:
        from ..common.dice import DiceView

        self._built = True
        self.title = html_box("lsn-battle-title")
        self.totals = html_box("lsn-battle-totals")
        self.odds_html = html_box("lsn-battle-odds")
        self.attacker_dice = DiceView(caption="Attacker", css_class="lsn-battle-attacker-dice")
        self.defender_dice = DiceView(caption="Defender", css_class="lsn-battle-defender-dice")
        self.dice_box = w.HBox([self.attacker_dice, self.defender_dice], layout=w.Layout(grid_gap="24px"))
        self.outcome = html_box("lsn-battle-outcome")
        self.commit_button = button("Attack!", "lsn-battle-commit", self.commit, button_style="danger", icon="bolt")
        self.cancel_button = button("Cancel", "lsn-battle-cancel", self.cancel, icon="times")
        self.close_button = button("Close", "lsn-battle-close", self.hide, icon="check")
        # the dialog's main button (the first of it in tab order): Attack! before, Close after the dice
        self.commit_button.add_class("lsn-dialog-main")
        self.close_button.add_class("lsn-dialog-main")
        self.cancel_button.add_class("lsn-dialog-cancel")  # Esc clicks it (the template's keyboard.js)
        self.close_button.add_class("lsn-dialog-cancel")
        self.buttons = w.HBox([self.commit_button, self.cancel_button, self.close_button])
        self.widget.children = (self.title, self.totals, self.odds_html, self.dice_box, self.outcome, self.buttons)

    @property
    def visible(self) -> bool:
        return self.widget.layout.display != "none"

    def hide(self) -> None:
        hide(self.widget)
        self.pending_attack = None

    def _reset(self) -> None:
        """Empty every part, so that nothing of an earlier battle stays on screen."""
        self.pending_attack = None
        self.odds = None
        if not self._built:
            return
        self.title.value = ""
        self.totals.value = ""
        self.odds_html.value = ""
        self.outcome.value = ""
        hide(self.dice_box)

    def _show(self) -> None:
        show(self.widget)

    # -- before the dice -----------------------------------------------------------------
    def preview(self, action, pub: LivestockView) -> None:
        """Show the battle ``action`` (one of the viewer's Attacks) would start, with the exact
        odds the engine computed (``pub.preview(action)``)."""
        info = pub.preview(action)
        att = pub.general(action.general)
        if info is None or att is None:
            return
        defenders = [g for g in (pub.general(n) for n in pub.general_at(action.to)) if g is not None]
        self._reset()
        self._awaiting_title = ""
        self.pending_attack = action
        dnames = ", ".join(f'{g.name} ({g.stars}\u2605 {g.faction})' for g in defenders)
        self.title.value = (f'<h4>Battle: {html.escape(att.name)} ({att.stars}\u2605 {att.faction}) attacks '
                            f'{html.escape(dnames)} at {html.escape(action.to)}</h4>')
        bonus_text = f" (including +{info.attack_bonus} from a card)" if info.attack_bonus else ""
        self.totals.value = (f'<div class="lsn-battle-totals-text">Attack total <b class="lsn-attack-total">{info.attack}</b>'
                             f"{html.escape(bonus_text)} + {_dice_text(info.attacker_super)} &nbsp;against&nbsp; "
                             f'defense total <b class="lsn-defense-total">{info.defense}</b> + '
                             f"{_dice_text(info.defender_super)}</div>")
        self.odds = o = info.odds
        note = ""
        if info.destroys:
            note += (f"<div>The Super Army destroys {html.escape(', '.join(info.destroys))}: a General without "
                     "troops cannot stand against it.</div>")
        if o is None:
            self.odds_html.value = f"<div class='lsn-odds'>No battle is fought.</div>{note}"
        else:
            if info.defense == 0:
                note += "<div>Defense 0: the defender loses without a roll.</div>"
            self.odds_html.value = (
                f'<div class="lsn-odds">Exact odds: you win <b class="lsn-odds-win">{format_percent(o.attacker)}</b> '
                f'{_note(o.attacker)}, tie <b class="lsn-odds-tie">{format_percent(o.tie)}</b>, you lose '
                f'<b class="lsn-odds-lose">{format_percent(o.defender)}</b>{_note(o.defender)}.</div>{note}'
                '<div style="color:#666;font-size:0.85em">A defending command card in the other hand could still '
                'change this.</div>'
            )
        self.attacker_dice.clear([6, 6] if info.attacker_super else [6])
        self.defender_dice.clear([6, 6] if info.defender_super else [6])
        hide(self.dice_box)
        self.outcome.value = ""
        show(self.commit_button)
        show(self.cancel_button)
        hide(self.close_button)
        self._show()

    def commit(self) -> None:
        action = self.pending_attack
        if action is not None:
            self.on_commit(action)

    def cancel(self) -> None:
        self.hide()
        self.on_cancel()

    # -- after ---------------------------------------------------------------------------
    def show_events(self, events: Iterable, names: Callable[[int], str] | None = None,
                    pub: LivestockView | None = None) -> bool:
        """Show the battle in ``events`` (dice, outcome, casualties, retreat); False if none.
        Everything shown comes from these events (and the battle in progress in ``pub``): no
        odds, totals or notes of an earlier preview or battle stay."""
        events = list(events)
        battle = [e for e in events if e.kind == EventKind.BATTLE]
        attack = [e for e in events if e.kind == EventKind.ATTACK]
        if not battle and not attack:
            return False
        awaiting = self._awaiting_title
        self._reset()
        if attack:
            d = attack[0].data
            title = (f'Battle: {d.get("attacker", "?")} attacks {", ".join(d.get("defenders", []))} '
                     f'at {d.get("to", "?")}')
        elif pub is not None and pub.battle is not None:
            b = pub.battle
            title = f'Battle: {b.attacker} attacks {", ".join(b.defenders)} at {b.square}'
        else:
            title = awaiting or "Battle"
        self._awaiting_title = "" if battle else title
        self.title.value = f"<h4>{html.escape(title)}</h4>"
        hide(self.commit_button)
        hide(self.cancel_button)
        show(self.close_button)
        lines = []
        if battle:
            data = battle[0].data
            if data.get("outcome") == "cancelled":
                hide(self.dice_box)
                self.totals.value = ""
                self.odds_html.value = ""
            else:
                adice, ddice = list(data.get("attacker_dice", [])), list(data.get("defender_dice", []))
                outcome = data.get("outcome")
                self.totals.value = (f'<div class="lsn-battle-totals-text">Attack total <b class="lsn-attack-total">'
                                     f'{html.escape(str(data.get("attack")))}</b> against defense total '
                                     f'<b class="lsn-defense-total">{html.escape(str(data.get("defense")))}</b></div>')
                if adice:
                    show(self.dice_box)
                    self.attacker_dice.show(adice, outcome={"attacker": "win", "defender": "lose", "tie": "tie"}.get(outcome))
                    self.defender_dice.show(ddice, outcome={"attacker": "lose", "defender": "win", "tie": "tie"}.get(outcome))
                else:
                    hide(self.dice_box)
        else:
            self.totals.value = ""
            hide(self.dice_box)
            if not any(e.kind in _AFTER_BATTLE for e in events):
                lines.append("The defender may answer with a command card before the dice are rolled.")
        for e in events:
            if e.kind in _BATTLE_LINES:
                lines.append(_battle_line(e))
        self.outcome.value = "".join(f'<div class="lsn-battle-line">{html.escape(t)}.</div>'
                                     if not t.endswith(".") else f'<div class="lsn-battle-line">{html.escape(t)}</div>'
                                     for t in lines)
        self._show()
        return True

    def clear(self) -> None:
        self._reset()
        self._awaiting_title = ""
        self.hide()


class DecisionPanel:
    """A decision the rules ask of the viewer mid-turn: a defending card, a casualty, a retreat."""

    def __init__(self, on_action: Callable[[object], None]):
        self.choices = ActionRow("lsn-decision", on_action, style="primary")
        self.text, self.widget = text_with_buttons("lsn-decision-text", self.choices, "lsn-decision-box", "lsn-decision")
        hide(self.widget)

    @property
    def visible(self) -> bool:
        return self.widget.layout.display != "none"

    def update(self, pub, legal: Sequence, names: Callable[[int], str]) -> None:
        pending = pub.pending
        decisions = [a for a in legal if isinstance(a, (A.Casualty, A.Retreat, A.DeclineCard))
                     or (isinstance(a, A.PlayCard) and pending is not None)]
        if pending is None or not decisions:
            hide(self.widget)
            self.choices.set([])
            self.text.value = ""
            return
        kind = pending.kind
        who = f'{pending.attacker} attacked {", ".join(pending.defenders)} at {pending.square}'
        odds = ""
        if kind == "card":
            head = f"{who}. Answer with a defending command card?"
            odds = self._defender_odds(pub)
        elif kind == "casualty":
            left = pending.casualties_left
            head = f"{who}. Choose a casualty ({left} to go): which troop card is lost?"
        else:
            head = f"{who}. Choose where to retreat (or click a blue square on the board)."
        self.text.value = f'<h4>Your decision</h4><div class="lsn-decision-head">{html.escape(head)}</div>{odds}'
        items = []
        for a in decisions:
            if isinstance(a, A.Casualty):
                items.append((f"Lose {D.UNIT_NAMES[D.UNIT_CODE[a.unit]]} ({a.general})", a))
            elif isinstance(a, A.Retreat):
                items.append((f"Retreat to {a.to}", a))
            elif isinstance(a, A.PlayCard):
                items.append((f"Play {D.CARD_NAMES[D.CARD_CODE[a.card]]}", a))
            else:
                items.append(("Play no card", a))
        self.choices.set(items)
        for i, b in enumerate(self.choices.buttons):
            (b.add_class if i == 0 else b.remove_class)("lsn-dialog-main")
        show(self.widget)

    @staticmethod
    def _defender_odds(pub: LivestockView) -> str:
        """The defender's exact chances before any card (the engine's preview of the battle)."""
        battle = pub.battle
        odds = battle.preview.odds if battle is not None else None
        if battle is None or odds is None:
            return ""
        p = battle.preview
        return (f'<div class="lsn-decision-odds">Attack {p.attack} against your defense {p.defense}: without a card '
                f'you win <b>{format_percent(odds.defender)}</b>, tie <b>{format_percent(odds.tie)}</b>, lose '
                f'<b>{format_percent(odds.attacker)}</b>.</div>')

    def clear(self) -> None:
        self.text.value = ""
        self.choices.clear()
        hide(self.widget)


def readings_html() -> str:
    """The rule readings and house values this page plays by (from the engine's data file)."""
    rows = []
    for r in D.READINGS:
        rows.append(f'<tr><td><b>{html.escape(r["rule"])}</b><br><span style="color:#777">{html.escape(r["section"])}'
                    f'</span></td><td>{html.escape(r["reading"])}</td></tr>')
    return ('<div class="lsn-readings"><p>Where the rulebook is silent or unclear, this page plays by these readings. '
            'Values marked <span class="lsn-house">house value</span> in the panels are not in the rulebook either.</p>'
            '<table class="lsn-marshal-table">' + "".join(rows) + "</table></div>")
