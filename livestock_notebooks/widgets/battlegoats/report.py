"""The attack odds box and the step-by-step battle report of the BattleGoats pages.

:class:`OddsBox` shows the engine's odds of the chosen attack (from the attacker's knowledge
only); :func:`attack_steps` words an attack's events (public facts only: revealed cards,
modifiers with their reasons, results); :class:`BattleReport` shows them one step at a time.
"""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as w

from ...battlegoats import SLOT_NAMES
from ...battlegoats import events as ev
from ...odds.display import chance_note, format_percent
from ..shell.app import Ticker
from .style import esc as _esc
from .style import player_name
from .style import signed as _signed
from ..common.dom import set_classes, set_layout

__all__ = ["BattleReport", "OddsBox", "attack_steps"]


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
                        f'<td>{_esc(chance_note(p))}</td></tr>')
            if p:
                bar.append(f'<div style="width:{float(p) * 100:.2f}%;background:{colour}" title="{_esc(label)}"></div>')
        if odds.known:
            basis = "You have seen this card before, so the result is certain."
        else:
            basis = (f"The target is face down: it could be any of the {odds.pool_size} cards whose place you "
                     "do not know. These odds are exact if each of those cards is equally likely to be the "
                     "one (they do not guess from how the other players have played).")
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
    the kernel loop (``step_delay`` seconds); *Show all* and *Next step* do it by hand.

    ``own(player)`` says whether a seat is a human's: an attack by a human, or against one,
    stays on screen until *OK* is pressed (later bot attacks are listed in the picker and
    marked on the board meanwhile); a human's new attack replaces it."""

    def __init__(self, name: Callable[[str], str], value: Callable[[str], int], *, step_delay: float | None = 0.7,
                 keep: int = 12, loop=None, own: Callable[[int], bool] | None = None):
        self.name = name
        self.own = own if own is not None else (lambda _p: False)
        self.held = False  # the shown attack is a human's: it stays until OK
        self._syncing = False
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
        self.ok_button = w.Button(description="OK", icon="check", button_style="primary", layout=w.Layout(width="auto"),
                                  tooltip="Close this report (the next attacks show here)")
        self.ok_button.add_class("lsn-bg-report-ok")
        self.ok_button.add_class("lsn-dialog-main")  # takes the focus when the report opens
        self.ok_button.on_click(lambda _b: self.dismiss())
        # the buttons under the title: the steps grow below them, moving no button (and OK is on view)
        buttons = w.HBox([self.ok_button, self.next_button, self.all_button, self.replay_button, self.picker],
                         layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("lsn-bg-report-buttons")
        self.widget = w.VBox([self.title, buttons, self.body])
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
                if len(self.entries) > self.keep:
                    self.entries = self.entries[-self.keep:]
                    self.index -= 1
                if not self.held or self.own(d.get("player")):
                    self._ticker.cancel()
                    self.index = len(self.entries) - 1
                    self.shown = 1
                    self.held = False
                changed = True
            if not self.entries or e.kind in ev.SETUP_KINDS:
                continue
            if e.kind in ev.ATTACK_KINDS:
                entry = self.entries[-1]
                entry["events"].append(e)
                entry["steps"] = attack_steps(entry["events"], self.name, self.value)
                changed = True
                if self.index == len(self.entries) - 1 and any(
                        self.own(p) for p in _players_of(e)):
                    self.held = True
        if changed:
            self._sync_picker()
            self._render()
            self._schedule()

    def dismiss(self) -> None:
        """*OK*: the shown report is read; the newest attack (if another) shows, all its steps."""
        self.held = False
        if self.entries and self.index != len(self.entries) - 1:
            self.index = len(self.entries) - 1
            self.shown = len(self.steps)
            self._sync_picker()
        self._render()

    def reset(self) -> None:
        self._ticker.cancel()
        self.held = False
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
        if self._syncing or value is None or value == self.index:
            return
        self.index = value
        self.shown = len(self.steps)
        self._render()

    def _sync_picker(self) -> None:
        options = [(f"{i + 1}. {e['title']}", i) for i, e in enumerate(self.entries)][::-1]
        self._syncing = True  # new options reset the value: that is not the player's pick
        try:
            if list(self.picker.options) != options:
                self.picker.options = options
            if self.entries and self.picker.value != self.index:
                self.picker.value = self.index
        finally:
            self._syncing = False
        set_layout(self.picker, display=None if len(self.entries) > 1 else "none")

    def _render(self) -> None:
        steps = self.steps
        shown = min(self.shown, len(steps))
        empty = not self.entries
        if empty != ("lsn-bg-report-empty" in self.widget._dom_classes):
            (self.widget.add_class if empty else self.widget.remove_class)("lsn-bg-report-empty")
        # OK keeps its place when not needed (hidden, not gone): the buttons after it never move
        set_layout(self.ok_button, visibility=None if self.held else "hidden")
        set_classes(self.widget, {"lsn-bg-report-held": self.held})
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


def _players_of(e) -> list:
    """The seats an attack event involves (attacker, target, defender), from its public data."""
    d = e.data or {}
    return [d[k] for k in ("player", "target_player", "attacker_player", "defender_player") if k in d]
