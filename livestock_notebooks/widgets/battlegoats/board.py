"""BattleGoats widgets: battlefields, hand, attack odds and the step-by-step battle report.

Everything a player sees is drawn from ``state.player_view(viewer)`` (a typed
:class:`~livestock_notebooks.battlegoats.views.BattleGoatsPlayerView`; ``player_view(None)`` when only
bots play, the engine's spectator view): a face-down
card of another player that the viewer has not seen revealed is drawn as a card back, and no
text of the widget tree (descriptions, values, tooltips) names it. The only other source is
the engine's own :func:`~livestock_notebooks.battlegoats.attack_odds`, which works from the
attacking player's knowledge and returns counts, never the unknown cards themselves.

:class:`BattleGoatsView` is a :class:`~livestock_notebooks.widgets.shell.app.GameView` for the
shared :class:`GameApp` shell (the play page) and is reused by the tutorial, which drives it
with its own small "app" (anything with ``act(action) -> bool`` and ``message(text, kind)``).

Clicking: choose a card from your hand, then a slot of your battlefield (laying out); choose
your attacking card, then a target, look at the odds, then press *Attack* (attacking). Every
card is a real button, so Tab and Enter work. CSS classes (``lsn-bg-...``) name every part for
browser tests: ``lsn-bg-board-<seat>``, ``lsn-bg-slot-<F1..B3>``, ``lsn-bg-hand-card``,
``lsn-bg-confirm``, ``lsn-bg-choice``, ``lsn-bg-odds``, ``lsn-bg-report`` ...
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...battlegoats import SLOT_NAMES, attack_odds, standard_cards
from ...battlegoats import actions as act
from ...battlegoats import events as ev
from ...battlegoats.game import PLAYER_COLOURS, result_text
from ...battlegoats.views import BattleGoatsPlayerView, PendingView
from ...core.errors import IllegalAction
from ..shell.app import GameView, Ticker, illegal_message

__all__ = [
    "BG_CSS",
    "PLAYER_COLOURS",
    "TYPE_COLOURS",
    "BattleGoatsView",
    "BattleReport",
    "BoardWidget",
    "OddsBox",
    "attack_steps",
]

#: Card colours by type, after the rulebook's icons (Heroes purple, Equipment blue, Goats
#: orange, Creatures green).
TYPE_COLOURS = {"hero": "#e3d1f5", "equipment": "#cfe0f7", "goat": "#fde0bd", "creature": "#d3efd0"}
TYPE_MARKS = {"hero": "\u2605 Hero", "equipment": "\u2699 Equipment", "goat": "Goat", "creature": "Creature"}
BACK_COLOUR = "#6d4c41"
EMPTY_COLOUR = "#f3efe9"
ROW_NAMES = ("Front", "Middle", "Back")

BG_CSS = """
<style>
.lsn-bg-view { gap: 6px; }
.lsn-bg-boards { display: flex; flex-flow: row wrap; gap: 14px; align-items: flex-start; }
.lsn-bg-board { border: 2px solid #bbb; border-radius: 8px; padding: 4px 10px 8px 6px; background: #fffdf8;
  width: max-content; overflow: visible; }
.lsn-bg-grid { overflow: visible; padding: 3px; }
.lsn-bg-board.lsn-bg-mine { border-color: #1f5fbf; background: #f5f9ff; }
.lsn-bg-board.lsn-bg-out { opacity: 0.55; }
.lsn-bg-board-head { font-weight: 600; }
.lsn-bg-chip { display: inline-block; width: 0.85em; height: 0.85em; border-radius: 50%; margin-right: 0.35em;
  vertical-align: -0.08em; border: 1px solid #333; }
.lsn-bg-rowlabel { font-size: 0.78em; color: #555; writing-mode: vertical-rl; transform: rotate(180deg);
  text-align: center; height: 100%; display: flex; align-items: center; justify-content: center; }
.widget-button.lsn-bg-slot, .widget-button.lsn-bg-hand-card {
  white-space: pre-line; line-height: 1.15; font-size: 12px; padding: 2px 3px; margin: 0;
  border: 1px solid #8d8170; border-radius: 6px; overflow: hidden; }
.widget-button.lsn-bg-slot:disabled { opacity: 1; cursor: default; }
.widget-button.lsn-bg-slot.lsn-bg-facedown { border: 2px dashed #3e2723; }
.widget-button.lsn-bg-slot.lsn-bg-faceup { border: 2px solid #000; box-shadow: 0 0 0 2px #ffd54f inset; }
.widget-button.lsn-bg-slot.lsn-bg-empty { border: 1px dashed #c8bfb2; color: #9e9384; }
.widget-button.lsn-bg-selectable { box-shadow: 0 0 0 3px #1976d2 !important; }
.widget-button.lsn-bg-selected { box-shadow: 0 0 0 4px #ff6f00 !important; font-weight: 700; }
.widget-button.lsn-bg-aimed { box-shadow: 0 0 0 4px #d50000 !important; font-weight: 700; }
.widget-button.lsn-bg-slot:focus, .widget-button.lsn-bg-hand-card:focus { outline: 2px solid #0d47a1; outline-offset: -5px; }
.widget-button.lsn-bg-unknown:focus { outline-color: #fff; }
.lsn-bg-compact .widget-button.lsn-bg-slot { font-size: 10.5px; line-height: 1.1; }
.lsn-bg-compact .lsn-bg-discard { max-width: 270px; }
.lsn-bg-discard { font-size: 0.85em; color: #333; max-width: 330px; }
.lsn-bg-discard .lsn-bg-mini { display: inline-block; border-radius: 4px; padding: 0 4px; margin: 1px; border: 1px solid #999; }
.lsn-bg-hint { font-size: 1.02em; padding: 4px 8px; border-left: 4px solid #1976d2; background: #eef4fb; }
.lsn-bg-hand { display: flex; flex-flow: row wrap; gap: 4px; }
.lsn-bg-odds table { border-collapse: collapse; }
.lsn-bg-odds td { padding: 1px 8px 1px 0; }
.lsn-bg-oddsbar { display: flex; height: 14px; width: 260px; border: 1px solid #555; border-radius: 3px; overflow: hidden; }
.lsn-bg-report { border: 1px solid #ccc; border-radius: 6px; padding: 4px 10px; background: #fcfcf7; }
.lsn-bg-report ol { margin: 2px 0; padding-left: 1.4em; }
.lsn-bg-report li { margin: 2px 0; }
.lsn-bg-report .lsn-bg-mod { color: #333; }
.lsn-bg-details { font-size: 0.92em; }
.lsn-bg-panel-title { font-weight: 600; margin-top: 4px; }
</style>
"""


def format_percent(p: Fraction) -> str:
    """A chance as a short percent that never rounds a possible outcome to 0 or 100 (the odds
    panel's rule; kept here so this page does not import the chart library)."""
    p = Fraction(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    text = f"{float(p) * 100:.1f}"
    if text == "0.0":
        return "<0.1%"
    if text == "100.0":
        return ">99.9%"
    return text + "%"


def format_fraction(p: Fraction) -> str:
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def player_name(p: int | None) -> str:
    return "nobody" if p is None else f"Player {p + 1}"


def player_colour(p: int | None) -> str:
    return "#999" if p is None else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]


def _set_classes(widget: w.DOMWidget, wanted: Mapping[str, bool]) -> None:
    """Add and remove state classes in one trait change (only when something changes)."""
    current = list(widget._dom_classes)
    new = [c for c in current if c not in wanted or wanted[c]]
    for c, on in wanted.items():
        if on and c not in new:
            new.append(c)
    if new != current:
        widget._dom_classes = tuple(new)


# --------------------------------------------------------------------------- odds
class OddsBox:
    """The attack odds for the chosen attacker and target: win, tie, loss (and dodge)."""

    ROWS = (("win", "Win: the target is defeated", "#2e7d32"),
            ("tie", "Tie: both cards are defeated", "#f9a825"),
            ("loss", "Loss: your card is defeated", "#c62828"),
            ("dodge", "The target avoids the battle", "#78909c"))

    def __init__(self):
        self.widget = w.HTML()
        self.widget.add_class("lsn-bg-odds")
        self.odds = None

    def clear(self) -> None:
        self.odds = None
        self.widget.value = ""

    def note(self, text: str) -> None:
        self.odds = None
        self.widget.value = f'<div class="lsn-bg-odds-note">{_esc(text)}</div>'

    def show(self, odds, title: str) -> None:
        self.odds = odds
        rows, bar = [], []
        for key, label, colour in self.ROWS:
            p = getattr(odds, key)
            if key == "dodge" and not p:
                continue
            rows.append(f'<tr class="lsn-bg-odds-row-{key}"><td><span class="lsn-bg-chip" style="background:{colour}">'
                        f'</span>{_esc(label)}</td><td class="lsn-bg-odds-{key}"><b>{format_percent(p)}</b></td>'
                        f'<td><code>{_esc(format_fraction(p))}</code></td></tr>')
            if p:
                bar.append(f'<div style="width:{float(p) * 100:.2f}%;background:{colour}" title="{_esc(label)}"></div>')
        if odds.known:
            basis = "You have seen this card before, so the result is certain."
        else:
            basis = (f"The target is face down: it could be any of the {odds.pool_size} cards whose place you "
                     "do not know, each equally likely.")
        note = f'<div style="font-size:0.9em;color:#555">{_esc(basis)}'
        if odds.note:
            note += " " + _esc(odds.note)
        note += "</div>"
        self.widget.value = (f'<div class="lsn-bg-panel-title">Attack odds: {_esc(title)}</div>'
                             f'<table>{"".join(rows)}</table><div class="lsn-bg-oddsbar">{"".join(bar)}</div>{note}')


# --------------------------------------------------------------------------- battle report
def attack_steps(events: Sequence, name: Callable[[str], str], value: Callable[[str], int]) -> list[str]:
    """The steps of an attack, as HTML list items, from the engine's events (public facts only:
    revealed cards, modifiers with their reasons, results)."""
    steps: list[str] = []
    for e in events:
        d = e.data or {}
        kind = e.kind
        if kind == ev.ATTACK:
            steps.append(f"{_esc(player_name(d.get('player')))} attacks with the card in {SLOT_NAMES[d['slot']]}: "
                         f"it is turned face up: <b>{_esc(name(d['card']))}</b> (printed value {value(d['card'])}).")
        elif kind == ev.NAME_OPPONENT:
            steps.append(_esc(e.text) + ".")
        elif kind in (ev.TARGET, ev.DEFENDER, ev.OWN, ev.NO_DODGE, ev.SINGLE):
            steps.append(_esc(e.text) + ".")
        elif kind == ev.DODGE:
            steps.append(f"<b>{_esc(e.text)}</b>: no battle for that card.")
        elif kind == ev.REVEAL:
            steps.append(f"The defending card is turned face up: <b>{_esc(name(d['card']))}</b> "
                         f"(printed value {value(d['card'])}).")
        elif kind == ev.BATTLE:
            for who, total, parts in (("attacker", d["attack"], d["attack_parts"]),
                                      ("defender", d["defense"], d["defense_parts"])):
                cid = d["attacker"] if who == "attacker" else d["defender"]
                base = value(cid)
                if parts:
                    mods = "".join(f'<li class="lsn-bg-mod">{_signed(int(a))}: {_esc(t)}</li>' for t, a in parts)
                    steps.append(f"{_esc(name(cid))} ({who}) starts at {base}; modifiers:<ul>{mods}</ul>"
                                 f"total <b>{total}</b>.")
                else:
                    steps.append(f"{_esc(name(cid))} ({who}): no modifier applies, total <b>{total}</b>.")
            a, b = d["attack"], d["defense"]
            out = d["outcome"]
            an, dn = name(d["attacker"]), name(d["defender"])
            if out == "win":
                text = f"{a} beats {b}: {dn} is defeated; {an} wins and turns face down again."
            elif out == "loss":
                text = f"{b} beats {a}: {an} is defeated; {dn} wins and turns face down again."
            elif out == "tie":
                text = f"{a} against {b} is a tie: both cards are defeated."
            else:
                text = "It explodes: both cards are defeated, whatever the numbers."
            steps.append(f"<b>{_esc(text)}</b>")
        elif kind in (ev.DEFEATED, ev.CAPTURE, ev.OUT, ev.STAY_UP, ev.ENDING, ev.GAME_OVER):
            steps.append(_esc(e.text) + ".")
    return steps


class BattleReport:
    """The latest attacks, one step at a time: the reveal, each modifier with its reason, the
    result. Newest attack shown first; older ones stay selectable. Steps appear one by one on
    the kernel loop (``step_delay`` seconds); *Show all* and *Next step* do it by hand."""

    def __init__(self, name: Callable[[str], str], value: Callable[[str], int], *, step_delay: float | None = 0.7,
                 keep: int = 12, loop=None):
        self.name = name
        self.value = value
        self.step_delay = step_delay
        self.keep = keep
        self.entries: list[dict] = []  # {"title": str, "events": list, "steps": list[str]}
        self.index = -1
        self.shown = 0
        self.title = w.HTML()
        self.body = w.HTML()
        self.body.add_class("lsn-bg-report-steps")
        self.next_button = w.Button(description="Next step", icon="step-forward", layout=w.Layout(width="auto"))
        self.next_button.add_class("lsn-bg-report-next")
        self.next_button.on_click(lambda _b: self.next_step())
        self.all_button = w.Button(description="Show all steps", icon="fast-forward", layout=w.Layout(width="auto"))
        self.all_button.add_class("lsn-bg-report-all")
        self.all_button.on_click(lambda _b: self.show_all())
        self.replay_button = w.Button(description="Replay", icon="redo", layout=w.Layout(width="auto"))
        self.replay_button.add_class("lsn-bg-report-replay")
        self.replay_button.on_click(lambda _b: self.replay())
        self.picker = w.Dropdown(options=[], description="Attack", layout=w.Layout(width="30em"))
        self.picker.add_class("lsn-bg-report-pick")
        self.picker.observe(self._picked, "value")
        self.widget = w.VBox([self.title, self.body, w.HBox([self.next_button, self.all_button, self.replay_button,
                                                             self.picker], layout=w.Layout(flex_flow="row wrap"))])
        self.widget.add_class("lsn-bg-report")
        self._ticker = Ticker(self._tick, loop=loop)
        self._render()

    # -- feeding ----------------------------------------------------------------------
    def add_events(self, events: Sequence) -> None:
        """Feed the events of one action; an ``attack`` event starts a new entry."""
        changed = False
        for e in events:
            if e.kind == ev.ATTACK:
                d = e.data
                title = f"{player_name(d.get('player'))} attacks with {self.name(d['card'])}"
                self.entries.append({"title": title, "events": [], "steps": []})
                self.entries = self.entries[-self.keep:]
                if self.index >= 0:
                    self.shown = 10 ** 6
                self.index = len(self.entries) - 1
                self.shown = 1
                changed = True
            if not self.entries or e.kind in ev.SETUP_KINDS:
                continue
            if e.kind in ev.ATTACK_KINDS:
                entry = self.entries[-1]
                entry["events"].append(e)
                entry["steps"] = attack_steps(entry["events"], self.name, self.value)
                changed = True
        if changed:
            self._sync_picker()
            self._render()
            self._schedule()

    def reset(self) -> None:
        self._ticker.cancel()
        self.entries = []
        self.index = -1
        self.shown = 0
        self._sync_picker()
        self._render()

    # -- stepping ----------------------------------------------------------------------
    @property
    def steps(self) -> list[str]:
        return self.entries[self.index]["steps"] if 0 <= self.index < len(self.entries) else []

    def remaining_seconds(self) -> float:
        """How long the step-by-step reveal of the shown attack still runs (0 when done)."""
        if self.step_delay is None or not self._ticker.available:
            return 0.0
        return max(0, len(self.steps) - self.shown) * self.step_delay

    def next_step(self) -> None:
        if self.shown < len(self.steps):
            self.shown += 1
            self._render()

    def show_all(self) -> None:
        self._ticker.cancel()
        self.shown = len(self.steps)
        self._render()

    def replay(self) -> None:
        self.shown = 1
        self._render()
        self._schedule()

    def _schedule(self) -> None:
        if self.step_delay is None or self.shown >= len(self.steps):
            if self.step_delay is None:
                self.shown = len(self.steps)
                self._render()
            return
        self._ticker.schedule(self.step_delay)

    def _tick(self) -> None:
        self.next_step()
        if self.shown < len(self.steps):
            self._ticker.schedule(self.step_delay)

    def _picked(self, change) -> None:
        value = change["new"]
        if value is None or value == self.index:
            return
        self.index = value
        self.shown = len(self.steps)
        self._render()

    def _sync_picker(self) -> None:
        options = [(f"{i + 1}. {e['title']}", i) for i, e in enumerate(self.entries)][::-1]
        if list(self.picker.options) != options:
            self.picker.options = options
        if self.entries and self.picker.value != self.index:
            self.picker.value = self.index
        self.picker.layout.display = None if len(self.entries) > 1 else "none"

    def _render(self) -> None:
        steps = self.steps
        shown = min(self.shown, len(steps))
        if not self.entries:
            self.title.value = '<div class="lsn-bg-panel-title">Battle report</div>'
            self.body.value = '<div style="color:#666">No attack yet. Each attack is explained here step by step.</div>'
        else:
            entry = self.entries[self.index]
            self.title.value = (f'<div class="lsn-bg-panel-title">Battle report: {_esc(entry["title"])} '
                                f'<span class="lsn-bg-report-count" style="font-weight:400;color:#555">'
                                f'(step {shown} of {len(steps)})</span></div>')
            items = "".join(f'<li class="lsn-bg-step">{s}</li>' for s in steps[:shown])
            self.body.value = f'<ol>{items}</ol>'
        self.next_button.disabled = shown >= len(steps)
        self.all_button.disabled = shown >= len(steps)
        self.replay_button.disabled = not steps


# --------------------------------------------------------------------------- one battlefield
class BoardWidget:
    """One player's 3x3 battlefield (row labels, 9 slot buttons), header and discard pile.

    ``flipped`` draws the front row at the bottom (an opponent facing you across the table)."""

    SLOT_W, SLOT_H = "98px", "62px"

    def __init__(self, player: int, on_click: Callable[[int, int], None]):
        self.player = player
        self.header = w.HTML()
        self.header.add_class("lsn-bg-board-head")
        self.slots: list[w.Button] = []
        for s in range(9):
            b = w.Button(description="", layout=w.Layout(width=self.SLOT_W, height=self.SLOT_H))
            b.add_class("lsn-bg-slot")
            b.add_class(f"lsn-bg-slot-{SLOT_NAMES[s]}")
            b.on_click(lambda _b, s=s: on_click(self.player, s))
            self.slots.append(b)
        self.row_labels = []
        for r, label in enumerate(ROW_NAMES):
            h = w.HTML(f'<div class="lsn-bg-rowlabel">{label}</div>', layout=w.Layout(height=self.SLOT_H))
            self.row_labels.append(h)
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns=f"18px repeat(3, {self.SLOT_W})", grid_gap="4px"))
        self.grid.add_class("lsn-bg-grid")
        self.discard = w.HTML()
        self.discard.add_class("lsn-bg-discard")
        self.widget = w.VBox([self.header, self.grid, self.discard])
        self.widget.add_class("lsn-bg-board")
        self.widget.add_class(f"lsn-bg-board-{player}")
        self.flipped = None
        self.set_flipped(False)

    def set_compact(self, compact: bool) -> None:
        """Smaller slots (for 4 or more players, so the battlefields fit side by side)."""
        width, height = ("78px", "50px") if compact else (self.SLOT_W, self.SLOT_H)
        if self.slots[0].layout.width == width:
            return
        for b in self.slots:
            b.layout.width = width
            b.layout.height = height
        for h in self.row_labels:
            h.layout.height = height
        self.grid.layout.grid_template_columns = f"18px repeat(3, {width})"
        _set_classes(self.widget, {"lsn-bg-compact": compact})

    def set_flipped(self, flipped: bool) -> None:
        if flipped == self.flipped:
            return
        self.flipped = flipped
        order = (2, 1, 0) if flipped else (0, 1, 2)
        children = []
        for r in order:
            children.append(self.row_labels[r])
            children.extend(self.slots[r * 3:r * 3 + 3])
        self.grid.children = tuple(children)


# --------------------------------------------------------------------------- the game view
class BattleGoatsView(GameView):
    """The BattleGoats board for :class:`GameApp`: every battlefield, your hand, the choices of
    the moment, attack odds, the battle report and the discard piles.

    ``state_getter()`` returns the live engine state (used only for the card list and the
    engine's attack odds, which use the attacker's knowledge only); by default the bound app's
    session state.
    """

    def __init__(self, *, state_getter: Callable[[], Any] | None = None, step_delay: float | None = 0.7,
                 loop=None, max_players: int = 6):
        super().__init__()
        self._state_getter = state_getter
        self.ctx = None
        self.view: BattleGoatsPlayerView | None = None
        self.viewer: int | None = None
        self.legal: list = []
        self.sel_hand: str | None = None
        self.sel_attacker: int | None = None
        self.sel_target: tuple[int, int] | None = None
        self._last_events_obj = None
        self._session = None
        #: ``move_filter(actions) -> bool``: may refuse the viewer's moves before they are played
        self.move_filter: Callable[[list], bool] | None = None
        #: ``after_move()``: called after each move of the viewer that was played
        self.after_move: Callable[[], None] | None = None

        self.style = w.HTML(BG_CSS)
        self.hint = w.HTML()
        self.hint.add_class("lsn-bg-hint")
        self.boards = [BoardWidget(p, self.click_slot) for p in range(max_players)]
        self.others_box = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap"))
        self.others_box.add_class("lsn-bg-boards")
        self.others_box.add_class("lsn-bg-opponents")
        self.mine_box = w.Box()
        self.mine_box.add_class("lsn-bg-boards")
        self.mine_box.add_class("lsn-bg-own")
        self.hand_title = w.HTML()
        self.hand_buttons: list[w.Button] = []
        self._hand_cards: list[str] = []
        self.hand_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("lsn-bg-hand")
        self.details = w.HTML()
        self.details.add_class("lsn-bg-details")
        self.confirm_button = w.Button(description="Attack!", button_style="danger", icon="bolt",
                                       layout=w.Layout(width="auto"))
        self.confirm_button.add_class("lsn-bg-confirm")
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.clear_button = w.Button(description="Clear choice", icon="times", layout=w.Layout(width="auto"))
        self.clear_button.add_class("lsn-bg-clear")
        self.clear_button.on_click(lambda _b: self.clear_selection())
        self.choice_buttons: list[w.Button] = []
        self._choices: list = []
        self.choice_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.choice_box.add_class("lsn-bg-choices")
        self.odds = OddsBox()
        self.report = BattleReport(self._card_name, self._card_value, step_delay=step_delay, loop=loop)
        self.action_row = w.HBox([self.confirm_button, self.clear_button, self.choice_box],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.action_row.add_class("lsn-bg-actions")
        self.left = w.VBox([self.others_box, self.mine_box])
        self.right = w.VBox([self.hand_title, self.hand_box, self.details, self.report.widget],
                            layout=w.Layout(min_width="340px", max_width="520px", flex="1 1 360px"))
        self.main = w.Box([self.left, self.right], layout=w.Layout(display="flex", flex_flow="row wrap", grid_gap="14px"))
        self.widget = w.VBox([self.style, self.hint, self.action_row, self.odds.widget, self.main])
        self.widget.add_class("lsn-bg-view")
        self._hide(self.confirm_button)
        self._hide(self.clear_button)

    # -- plumbing ---------------------------------------------------------------------
    @staticmethod
    def _hide(widget) -> None:
        widget.layout.display = "none"

    @staticmethod
    def _show(widget) -> None:
        widget.layout.display = None

    def listen(self, app) -> None:
        """Follow ``app``'s actions (for the battle report): ``app.on_change(view.app_changed)``."""
        app.on_change(self.app_changed)

    def app_changed(self, app, events) -> None:
        session = getattr(app, "session", None)
        if session is not self._session:
            self._session = session
            self.report.reset()
        if events is self._last_events_obj:
            return
        self._last_events_obj = events
        self.report.add_events(events)

    def state(self):
        if self._state_getter is not None:
            return self._state_getter()
        if self.app is not None and getattr(self.app, "session", None) is not None:
            return self.app.session.state
        return None

    def _cards(self):
        s = self.state()
        return s.cards if s is not None else standard_cards()

    def _card(self, cid: str):
        return self._cards().by_id[cid]

    def _card_name(self, cid: str) -> str:
        try:
            return self._card(cid).name
        except KeyError:
            return cid

    def _card_value(self, cid: str) -> int:
        try:
            return self._card(cid).value
        except KeyError:
            return 0

    def say(self, text: str, kind: str = "error") -> None:
        if self.app is not None and hasattr(self.app, "message"):
            self.app.message(text, kind)

    def act(self, action) -> bool:
        """Play the viewer's move: ``move_filter([action])`` may refuse it first (a tutorial that
        explains why a move is not the step's goal); ``after_move()`` runs after a played one."""
        if self.app is None:
            raise RuntimeError("view is not bound to an app")
        if self.move_filter is not None and not self.move_filter([action]):
            return False
        played = bool(self.app.act(action))
        if played and self.after_move is not None:
            self.after_move()
        return played

    # -- GameView protocol -------------------------------------------------------------
    def update(self, ctx) -> None:
        self.ctx = ctx
        view = ctx.view
        if view is None and ctx.session is not None:
            # nobody's private view may be shown (bots only): a spectator's view
            view = ctx.session.state.player_view(None)
        self.view = view
        new_viewer = ctx.viewer if ctx.view is not None else None
        if new_viewer != self.viewer:
            self.sel_hand = self.sel_attacker = self.sel_target = None
        self.viewer = new_viewer
        self.legal = list(ctx.legal)
        self._drop_stale_selection()
        self._render()

    def clear(self) -> None:
        """Drop everything private (hot-seat hand-off)."""
        self.view = None
        self.viewer = None
        self.legal = []
        self.sel_hand = self.sel_attacker = self.sel_target = None
        for board in self.boards:
            for b in board.slots:
                b.description = ""
                b.tooltip = None
            board.discard.value = ""
            board.header.value = ""
        self._set_hand([])
        self.hand_title.value = ""
        self.details.value = ""
        self.odds.clear()
        self.hint.value = ""
        self._set_choices([])
        self._hide(self.confirm_button)
        self._hide(self.clear_button)

    # -- selection --------------------------------------------------------------------
    def _legal_of(self, cls) -> list:
        return [a for a in self.legal if type(a) is cls]

    def _drop_stale_selection(self) -> None:
        v = self.view
        if v is None or not self.legal:
            self.sel_hand = self.sel_attacker = self.sel_target = None
            return
        phase, stage = v.phase, v.stage
        if self.sel_hand is not None and self.sel_hand not in (v.hand if phase == "layout" else v.pack):
            self.sel_hand = None
        if not (phase == "attack" and stage in ("attacker", "target", "second")):
            self.sel_attacker = self.sel_target = None
        if stage in ("target", "second"):
            self.sel_attacker = v.pending.attacker
        mine = v.boards[self.viewer] if self.viewer is not None else None
        if self.sel_attacker is not None and (mine is None or mine[self.sel_attacker] is None):
            self.sel_attacker = self.sel_target = None
        if self.sel_target is not None:
            tp, ts = self.sel_target
            if v.boards[tp][ts] is None or (v.pending and (tp, ts) in v.pending.targets):
                self.sel_target = None

    def clear_selection(self) -> None:
        v = self.view
        self.sel_hand = self.sel_target = None
        if not (v and v.stage in ("target", "second")):
            self.sel_attacker = None
        self._render()

    def click_hand(self, index: int) -> None:
        if index >= len(self._hand_cards):
            return
        cid = self._hand_cards[index]
        self.sel_hand = None if self.sel_hand == cid else cid
        self._render()

    def click_slot(self, player: int, slot: int) -> None:
        """A click on a battlefield slot: what it does depends on the moment (see the hint)."""
        v = self.view
        if v is None:
            return
        if not self.legal:
            self.say("It is not your decision now.")
            return
        me = self.viewer
        phase, stage = v.phase, v.stage
        if phase == "layout":
            if self.sel_hand is None:
                self.say("First choose a card from your hand, then click an empty slot of your battlefield.")
                return
            if player != me:
                self.say("Lay your cards out on your own battlefield (the one marked 'you').")
                return
            card = self.sel_hand
            if self.act(act.Place(me, card, slot)):
                self.sel_hand = None
                self._render()
            return
        if phase == "move":
            mover = self._legal_of(act.MoveAtStart)[0].slot
            if player != me:
                self.say("The card may only swap with another card of your own battlefield.")
                return
            self.act(act.MoveAtStart(me, mover, slot))
            return
        if phase != "attack":
            self.say("Use the buttons above for this choice.")
            return
        if stage == "attacker":
            if player == me:
                if v.boards[me][slot] is None:
                    self.say("Not allowed: attack with one of your own cards in play (rulebook: Attacking).")
                    return
                self.sel_attacker = None if self.sel_attacker == slot else slot
                self.sel_target = None
            elif self.sel_attacker is None:
                self.say("First choose one of your own cards to attack with, then the card to attack.")
                return
            else:
                self.sel_target = (player, slot)
            self._render()
            return
        if stage in ("target", "second"):
            if player == me:
                self.say("Not allowed: the target must be an opponent's card (rulebook: Attacking).")
                return
            self.sel_target = (player, slot)
            self._render()
            return
        if stage == "defender":
            self.act(act.ChooseDefender(me, slot) if player == me else act.ChooseDefender(me, -1))
            return
        if stage == "own":
            self.act(act.ChooseOwnAdjacent(me, slot) if player == me else act.ChooseOwnAdjacent(me, -1))
            return
        if stage == "capture":
            self.act(act.PlaceCaptured(me, slot) if player == me else act.PlaceCaptured(me, -1))
            return
        self.say("Use the buttons above for this choice.")

    def confirm(self) -> None:
        """The confirm button: keep a drafted card, or launch the chosen attack."""
        v = self.view
        if v is None or not self.legal:
            return
        me = self.viewer
        if v.phase == "draft":
            if self.sel_hand is not None and self.act(act.Pick(me, self.sel_hand)):
                self.sel_hand = None
            return
        if v.phase != "attack":
            return
        stage = v.stage
        if stage == "attacker":
            if self.sel_attacker is None or self.sel_target is None:
                self.say("Choose your attacking card and a target first.")
                return
            tp, ts = self.sel_target
            attacker, target = self.sel_attacker, self.sel_target
            cid = v.boards[me][attacker].card
            second = act.ChooseOpponent(me, tp) if self._card(cid).defender_chooses else act.ChooseTarget(me, *target)
            if self.move_filter is not None and not self.move_filter([act.ChooseAttacker(me, attacker), second]):
                return  # the tutorial checks both moves first
            if self.act(act.ChooseAttacker(me, attacker)):
                self.act(second)
            return
        if stage in ("target", "second"):
            if self.sel_target is None:
                self.say("Choose the card to attack first.")
                return
            self.act(act.ChooseTarget(me, *self.sel_target))

    def click_choice(self, index: int) -> None:
        if index < len(self._choices):
            self.act(self._choices[index])

    # -- drawing ------------------------------------------------------------------------
    def _set_hand(self, cards: list[str]) -> None:
        self._hand_cards = list(cards)
        while len(self.hand_buttons) < len(cards):
            i = len(self.hand_buttons)
            b = w.Button(layout=w.Layout(width="112px", height="62px"))
            b.add_class("lsn-bg-hand-card")
            b.on_click(lambda _b, i=i: self.click_hand(i))
            self.hand_buttons.append(b)
        shown = []
        for i, cid in enumerate(cards):
            b = self.hand_buttons[i]
            card = self._card(cid)
            b.description = f"{card.name}\n{card.value} \u00b7 {TYPE_MARKS[card.type]}"
            b.tooltip = f"{card.name} ({card.type}, {card.value}): {card.ability}"
            b.style.button_color = TYPE_COLOURS[card.type]
            _set_classes(b, {"lsn-bg-selected": cid == self.sel_hand})
            shown.append(b)
        for b in self.hand_buttons[len(cards):]:
            b.description = ""
            b.tooltip = None
        if tuple(shown) != tuple(self.hand_box.children):
            self.hand_box.children = tuple(shown)

    def _set_choices(self, actions: list, labels: list[str] | None = None) -> None:
        self._choices = list(actions)
        while len(self.choice_buttons) < len(actions):
            i = len(self.choice_buttons)
            b = w.Button(layout=w.Layout(width="auto"), button_style="info")
            b.add_class("lsn-bg-choice")
            b.on_click(lambda _b, i=i: self.click_choice(i))
            self.choice_buttons.append(b)
        shown = []
        for i, a in enumerate(actions):
            b = self.choice_buttons[i]
            b.description = labels[i] if labels else str(a)
            b.tooltip = b.description
            shown.append(b)
        if tuple(shown) != tuple(self.choice_box.children):
            self.choice_box.children = tuple(shown)

    def _slot_targets(self) -> dict[tuple[int, int], str]:
        """Slots to highlight now: (player, slot) -> 'selectable' / 'selected' / 'aimed'."""
        v = self.view
        out: dict[tuple[int, int], str] = {}
        if v is None or not self.legal or self.viewer is None:
            return out
        me = self.viewer
        phase, stage = v.phase, v.stage
        if phase == "layout" and self.sel_hand is not None:
            for a in self._legal_of(act.Place):
                if a.card == self.sel_hand:
                    out[(me, a.slot)] = "selectable"
        elif phase == "move":
            for a in self._legal_of(act.MoveAtStart):
                out[(me, a.to)] = "selected" if a.to == a.slot else "selectable"
        elif phase == "attack":
            if stage == "attacker":
                for a in self._legal_of(act.ChooseAttacker):
                    out[(me, a.slot)] = "selectable"
                if self.sel_attacker is not None:
                    for p, row in enumerate(v.boards):
                        if p != me:
                            for s, cell in enumerate(row):
                                if cell is not None:
                                    out[(p, s)] = "selectable"
            elif stage in ("target", "second"):
                for a in self._legal_of(act.ChooseTarget):
                    out[(a.target_player, a.target_slot)] = "selectable"
                for tp, ts in (v.pending.targets if v.pending else ()):
                    out[(tp, ts)] = "aimed"
            elif stage == "defender":
                for a in self._legal_of(act.ChooseDefender):
                    out[(me, a.slot)] = "selectable"
            elif stage == "own":
                for a in self._legal_of(act.ChooseOwnAdjacent):
                    out[(me, a.slot)] = "selectable"
            elif stage == "capture":
                for a in self._legal_of(act.PlaceCaptured):
                    out[(me, a.slot)] = "selectable"
            if self.sel_attacker is not None:
                out[(me, self.sel_attacker)] = "selected"
            if self.sel_target is not None:
                out[self.sel_target] = "aimed"
        return out

    def _render(self) -> None:
        v = self.view
        if v is None:
            return
        me = self.viewer
        n = v.players
        cards = self._cards().by_id
        marks = self._slot_targets()
        pend = v.pending
        attacking = None
        if v.phase == "attack" and pend is not None and pend.attacker is not None and v.turn is not None:
            attacking = (v.turn, pend.attacker)
        my_turn = bool(self.legal)
        # battlefields
        for p in range(n):
            board = self.boards[p]
            board.set_flipped(me is not None and p != me)
            board.set_compact(n >= 4)
            alive = any(c is not None for c in v.boards[p])
            who = " (you)" if p == me else ""
            turn = ""
            if v.current_player == p and (p != me or my_turn):
                turn = " \u2014 to decide"
            counts = ""
            if v.phase in ("draft", "layout"):
                counts = f" \u00b7 {v.hand_sizes[p]} in hand"
            board.header.value = (f'<span class="lsn-bg-chip" style="background:{player_colour(p)}"></span>'
                                  f'{_esc(player_name(p))}{who}{turn}{counts}')
            _set_classes(board.widget, {"lsn-bg-mine": p == me,
                                        "lsn-bg-out": v.phase in ("attack", "over") and not alive})
            for s, cell in enumerate(v.boards[p]):
                b = board.slots[s]
                mark = marks.get((p, s))
                where = f"{player_name(p)}, {ROW_NAMES[s // 3].lower()} row, {SLOT_NAMES[s]}"
                if cell is None:
                    b.description = SLOT_NAMES[s]
                    b.tooltip = f"{where}: empty"
                    b.style.button_color = EMPTY_COLOUR
                    b.style.text_color = "#9e9384"
                    state = "empty"
                elif cell.card is None:
                    b.description = "?"
                    b.tooltip = f"{where}: a face-down card"
                    b.style.button_color = BACK_COLOUR
                    b.style.text_color = "#fff"
                    state = "back"
                else:
                    card = cards[cell.card]
                    up = cell.face_up
                    status = "face up" if up else "face down"
                    if cell.counts_face_up:
                        status = "face up (counts as face up)"
                    b.description = f"{card.name}\n{card.value} \u00b7 {TYPE_MARKS[card.type]}" + ("\n(face up)" if up else "")
                    b.tooltip = f"{where}: {card.name} ({card.type}, {card.value}), {status}. {card.ability}"
                    b.style.button_color = TYPE_COLOURS[card.type]
                    b.style.text_color = "#000"
                    state = "up" if up else "known"
                _set_classes(b, {
                    "lsn-bg-empty": state == "empty",
                    "lsn-bg-facedown": state in ("back", "known"),
                    "lsn-bg-unknown": state == "back",
                    "lsn-bg-faceup": state == "up",
                    "lsn-bg-selectable": mark == "selectable",
                    "lsn-bg-selected": mark == "selected" or (attacking == (p, s)),
                    "lsn-bg-aimed": mark == "aimed",
                })
                b.disabled = not my_turn
            disc = v.discards[p]
            if disc:
                chips = "".join(f'<span class="lsn-bg-mini" style="background:{TYPE_COLOURS[cards[c].type]}" '
                                f'title="{_esc(cards[c].name)}: {_esc(cards[c].ability)}">{_esc(cards[c].name)} '
                                f'{cards[c].value}</span>' for c in disc)
                board.discard.value = f"Discard pile ({len(disc)}): {chips}"
            else:
                board.discard.value = '<span style="color:#777">Discard pile: empty</span>'
        others = tuple(self.boards[p].widget for p in range(n) if p != me)
        mine = (self.boards[me].widget,) if me is not None else ()
        if self.others_box.children != others:
            self.others_box.children = others
        if self.mine_box.children != mine:
            self.mine_box.children = mine
        self._render_panel(v, my_turn)

    def _render_panel(self, v: BattleGoatsPlayerView, my_turn: bool) -> None:
        me = self.viewer
        phase, stage = v.phase, v.stage
        cards = self._cards().by_id
        confirm = None
        choices: list = []
        labels: list[str] = []
        hint = ""
        self.odds.clear()
        hand: list[str] = []
        hand_title = ""
        if me is not None and phase == "layout" and v.hand:
            hand = list(v.hand)
            hand_title = f"Your hand ({len(hand)} to lay out)"
        elif me is not None and phase == "draft":
            hand = list(v.pack) if my_turn else []
            hand_title = (f"The pack in front of you ({len(v.pack)} cards); kept so far: "
                          + (", ".join(cards[c].name for c in v.hand) or "none"))
        if phase == "over":
            hint = result_text(v.winners, v.result) + "."
        elif me is None:
            hint = "Bots are playing; you are watching (only face-up and revealed cards are shown)."
        elif not my_turn:
            cp = v.current_player
            hint = f"Waiting for {player_name(cp)}."
            if phase == "attack" and pend_text(v, cards):
                hint += " " + pend_text(v, cards)
        elif phase == "draft":
            hint = "Draft: choose one card of the pack to keep; the rest is passed to the player on your right."
            if self.sel_hand is not None:
                confirm = f"Keep {cards[self.sel_hand].name}"
        elif phase == "layout":
            if self.sel_hand is None:
                hint = ("Lay out your battlefield: choose a card from your hand, then an empty slot. The front row "
                        "faces your opponents; 'in front of' means nearer the front row.")
            else:
                hint = f"Now click an empty slot of your battlefield for {cards[self.sel_hand].name}."
        elif phase == "first":
            hint = "You finished laying out first: choose who attacks first."
            choices = self._legal_of(act.ChooseFirstAttacker)
            labels = [("I attack first" if a.first == me else f"{player_name(a.first)} attacks first") for a in choices]
        elif phase == "move":
            acts = self._legal_of(act.MoveAtStart)
            mover = acts[0].slot
            name = cards[v.boards[me][mover].card].name
            hint = f"As the battle begins, {name} ({SLOT_NAMES[mover]}) may swap places with one of your cards: click it, or leave it."
            choices = [a for a in acts if a.to == a.slot]
            labels = ["Leave it where it is"]
        elif phase == "attack":
            hint, confirm, choices, labels = self._attack_panel(v, cards)
        self.hint.value = f'<span class="lsn-bg-hint-text">{_esc(hint)}</span>' if hint else ""
        self._set_hand(hand)
        self.hand_title.value = f'<div class="lsn-bg-panel-title">{_esc(hand_title)}</div>' if hand_title else ""
        if confirm:
            self.confirm_button.description = confirm
            self.confirm_button.tooltip = confirm
            self.confirm_button.button_style = "success" if phase == "draft" else "danger"
            self._show(self.confirm_button)
        else:
            self._hide(self.confirm_button)
        if my_turn and (self.sel_hand is not None or self.sel_target is not None
                        or (self.sel_attacker is not None and stage == "attacker")):
            self._show(self.clear_button)
        else:
            self._hide(self.clear_button)
        self._set_choices(choices, labels)
        self._render_details(v, cards)

    def _attack_panel(self, v, cards):
        me = self.viewer
        stage = v.stage
        pend = v.pending or PendingView("none")
        confirm = None
        choices: list = []
        labels: list[str] = []
        if stage == "attacker":
            if self.sel_attacker is None:
                hint = "Your turn to attack: choose one of your cards (you must attack)."
            else:
                acard = cards[v.boards[me][self.sel_attacker].card]
                if self.sel_target is None:
                    if acard.defender_chooses:
                        hint = (f"{acard.name} attacks a player: click any card of the opponent you pick; that "
                                "player then chooses which card defends.")
                    else:
                        hint = f"Now choose the opponent's card that {acard.name} attacks."
                else:
                    tp, ts = self.sel_target
                    if acard.defender_chooses:
                        hint = f"{player_name(tp)} will choose which of their cards defends against {acard.name}."
                        confirm = f"Attack {player_name(tp)} with {acard.name}"
                        self.odds.note(f"No odds: {player_name(tp)} chooses the defending card.")
                    else:
                        hint = "Check the odds, then attack (or choose another card)."
                        confirm = f"Attack {player_name(tp)}'s {SLOT_NAMES[ts]} with {acard.name}"
                        self._show_odds(self.sel_attacker, self.sel_target, acard.name)
        elif stage in ("target", "second"):
            acard = cards[pend.card]
            if stage == "second":
                hint = f"{acard.name} may strike a second card: choose it, or strike only one."
                choices = self._legal_of(act.SkipSecondTarget)
                labels = ["Strike only one card"]
            else:
                hint = f"Choose the opponent's card that {acard.name} attacks."
            if self.sel_target is not None:
                tp, ts = self.sel_target
                confirm = f"Attack {player_name(tp)}'s {SLOT_NAMES[ts]}"
                self._show_odds(pend.attacker, self.sel_target, acard.name)
        elif stage == "opponent":
            hint = f"{cards[pend.card].name} attacks a player: name the opponent who picks the defending card."
            choices = self._legal_of(act.ChooseOpponent)
            labels = [f"{player_name(a.opponent)} picks the defender" for a in choices]
        elif stage == "defender":
            hint = (f"{player_name(v.turn)} attacks you with {cards[pend.card].name}: "
                    "click the card of yours that defends.")
        elif stage == "own":
            hint = (f"{cards[pend.card].name} also attacks one of your own neighbouring cards: click which.")
        elif stage == "dodge":
            p, s = pend.dodge_queue[0]
            mine = v.boards[me][s]
            name = cards[mine.card].name if mine and mine.card else "your card"
            hint = (f"{cards[pend.card].name} attacks your {name} ({SLOT_NAMES[s]}). It is face down, so you may "
                    "flip it face up and avoid the battle (both cards stay face up), or fight.")
            choices = self._legal_of(act.Dodge)
            labels = ["Flip it face up and avoid the battle" if a.dodge else "Fight" for a in choices]
        elif stage == "capture":
            hint = "Your attacker captured a card: click an empty slot of your battlefield for it."
        elif stage == "ending":
            hint = ("The last cards in play fell together. Do you share the victory, or do all of you lose, "
                    "fallen on the battlefield? A shared victory needs everyone to agree.")
            choices = self._legal_of(act.ChooseEnding)
            labels = ["Share the victory" if a.share else "No victors: we all lose" for a in choices]
        else:
            hint = "Choose."
        known = {type(a) for a in (choices or [])}
        if not choices:
            # a safety net: anything the board cannot click is offered as a button
            extra = [a for a in self.legal if type(a) in (act.ChooseFirstAttacker, act.ChooseOpponent, act.SkipSecondTarget,
                                                          act.Dodge, act.ChooseEnding) and type(a) not in known]
            choices, labels = extra, [str(a) for a in extra]
        return hint, confirm, choices, labels

    def _show_odds(self, attacker_slot: int, target: tuple[int, int], attacker_name: str) -> None:
        state = self.state()
        if state is None or self.viewer is None:
            return
        try:
            odds = attack_odds(state, self.viewer, attacker_slot, target)
        except IllegalAction as exc:
            self.odds.note(illegal_message(exc))
            return
        tp, ts = target
        self.odds.show(odds, f"{attacker_name} against {player_name(tp)}'s {SLOT_NAMES[ts]}")

    def _render_details(self, v, cards) -> None:
        me = self.viewer
        cid = None
        if self.sel_hand is not None:
            cid = self.sel_hand
        elif self.sel_attacker is not None and me is not None:
            cell = v.boards[me][self.sel_attacker]
            cid = cell.card if cell else None
        shown = [cid] if cid is not None else []
        if self.sel_target is not None:
            tp, ts = self.sel_target
            cell = v.boards[tp][ts]
            if cell is not None and cell.card is not None:  # a card the viewer knows
                shown.append(cell.card)
        parts = []
        for c in shown:
            card = cards[c]
            parts.append(f'<div class="lsn-bg-card-detail" style="background:{TYPE_COLOURS[card.type]};'
                         f'border-radius:6px;padding:4px 8px;margin:4px 0">'
                         f'<b>{_esc(card.name)}</b> \u00b7 {_esc(TYPE_MARKS[card.type])} \u00b7 value {card.value}'
                         f'<br>{_esc(card.ability)}</div>')
        self.details.value = "".join(parts)


def pend_text(v: BattleGoatsPlayerView, cards: Mapping) -> str:
    """The attack in progress, in words (public: the attacking card is face up)."""
    pend = v.pending
    if v.phase != "attack" or pend is None or pend.card is None or pend.attacker is None:
        return ""
    return f"{player_name(v.turn)} is attacking with {cards[pend.card].name} ({SLOT_NAMES[pend.attacker]})."
