"""A table's lobby: the invite link, who sits where, joining, and the host's seat controls.

:class:`Lobby` shows one table record (``livestock_notebooks.tables.store.TableRecord``) to
one browser: every seat as free, a player's name or a bot; a name box and a button per free
seat for a visitor without a seat (late visitors, when every seat is taken, watch); for the
host, a menu per seat to give it to a bot or take it back for a player. It calls back
``on_join(seat, name)`` and ``on_set_seat(seat, kind, bot)``; the page talks to the store.

Only public facts are shown here: seat names, kinds and the table's status.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from ...core.game_info import GameInfo
from ..common.dom import ButtonPool, button, hide, show
from ...tables.social import TIMER_CHOICES, can_skip

__all__ = ["FREE", "Lobby", "invite_html", "late_words", "timer_words"]

#: the host's seat menu: the value for "a player may take it"
FREE = "free"
#: the value shown for a seat a person holds (not one the host can choose)
TAKEN = "human"
STATUS_WORDS = {"open": "waiting for players", "playing": "playing", "over": "the game is over"}


def invite_html(url: str) -> str:
    """The invite link as a link, with a Copy button (the browser's clipboard; else the text is
    selected for the player to copy)."""
    link = html.escape(url, quote=True)
    js = ("var t=this.closest('.lsn-table-lobby').querySelector('.lsn-table-invite input');"
          "if(t){t.select();}"
          "if(navigator.clipboard){navigator.clipboard.writeText(t?t.value:'').catch(function(){});}"
          "else{try{document.execCommand('copy');}catch(e){}}"
          "this.textContent='Copied';")
    return (f'<a class="lsn-table-invite-link" href="{link}" target="_blank" rel="noopener">Open the invite link</a> '
            f'<button class="lsn-table-copy" type="button" onclick="{html.escape(js, quote=True)}">Copy link</button>')


def timer_words(seconds: int) -> str:
    """``timer_words(60)`` is "1 min a move"; ``""`` for no timer."""
    if not seconds:
        return ""
    return f"{seconds} s a move" if seconds < 60 else f"{seconds // 60} min a move"


def late_words(game: str, late: str) -> str:
    """What the turn timer does to a late player, in a few words (``GameInfo.passes_words`` says more)."""
    if late == "skip" and can_skip(game):
        return "a late player is skipped"
    return "a bot moves for a player out of time"


class Lobby:
    """The lobby of one table for one browser (see the module docstring)."""

    def __init__(self, spec: GameInfo, *, on_join: Callable[[int, str], Any],
                 on_set_seat: Callable[[int, str, str | None], Any],
                 on_public: Callable[[bool], Any] | None = None, on_timer: Callable[[int, str], Any] | None = None):
        self.spec = spec
        self.on_join = on_join
        self.on_set_seat = on_set_seat
        self.on_public = on_public
        self.public = w.Checkbox(value=False, description="List this table on the tables page: anyone may take a free seat",
                                 indent=False, layout=w.Layout(width="auto"))
        self.public.add_class("lsn-table-public")
        self._quiet = False
        self.public.observe(self._public_changed, "value")
        self.on_timer = on_timer
        self.timer = 0
        self.timer_menu = w.Dropdown(options=[(timer_words(t) or "No turn timer", t) for t in TIMER_CHOICES], value=0,
                                     description="Turn timer", layout=w.Layout(width="auto"))
        self.timer_menu.add_class("lsn-table-timer")
        self.timer_menu.observe(self._timer_changed, "value")
        # what the timer does: a bot moves, or (in a game with a pass) the late seat passes
        self.late = "bot"
        self.late_menu = w.Dropdown(options=[("A bot moves for them", "bot"), ("They pass (skip)", "skip")], value="bot",
                                    description="Out of time", layout=w.Layout(width="auto"))
        self.late_menu.add_class("lsn-table-late")
        self.late_menu.observe(self._timer_changed, "value")
        self.late_note = w.HTML()
        self.late_note.add_class("lsn-table-late-note")
        self.timer_box = w.VBox([self.timer_menu, self.late_menu, self.late_note])
        if not can_skip(spec.name):
            hide(self.late_menu)
        self.record: Any = None
        self.my_seat: int | None = None
        self.is_host = False
        self.title = w.HTML()
        self.title.add_class("lsn-table-title")
        self.invite = w.Text(description="Invite link", layout=w.Layout(width="min(36em, 100%)"),
                             style={"description_width": "initial"})
        self.invite.add_class("lsn-table-invite")
        self.invite_tools = w.HTML()
        self.invite_note = w.HTML()
        self.invite_note.add_class("lsn-table-invite-note")
        self.seats_html = w.HTML()
        self.seats_html.add_class("lsn-table-seats")
        self.name = w.Text(description="Your name", placeholder="how the others see you", layout=w.Layout(width="20em"))
        self.name.add_class("lsn-table-join-name")
        self.take = ButtonPool("lsn-table-take", self._take, button_style="success", icon="sign-in")
        self.take_box = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.join_box = w.VBox([w.HTML('<div class="lsn-section-title">Join this table</div>'), self.name, self.take_box])
        self.join_box.add_class("lsn-table-join")
        self.watch_note = w.HTML()
        self.watch_note.add_class("lsn-table-watching")
        bot_options = [(f"{spec.bot_label(name)} bot", f"bot:{name}") for name in spec.bots]
        self._host_options = [("Open for a player", FREE), *bot_options]
        self.seat_menus: list[w.Dropdown] = []
        self.apply_buttons: list[w.Button] = []
        self._host_rows: list[w.HBox] = []
        for i in range(spec.max_players):
            menu = w.Dropdown(options=self._host_options, value=FREE, layout=w.Layout(width="14em"))
            menu.add_class("lsn-table-seat-menu")
            menu.add_class(f"lsn-table-seat-menu-{i}")
            go = button("Change", f"lsn-table-seat-apply-{i}", lambda i=i: self._apply(i), width="auto")
            go.add_class("lsn-table-seat-apply")
            label = w.HTML(layout=w.Layout(width="12em"))
            self.seat_menus.append(menu)
            self.apply_buttons.append(go)
            self._host_rows.append(w.HBox([label, menu, go], layout=w.Layout(align_items="center", grid_gap="6px")))
        self.host_box = w.VBox([w.HTML('<div class="lsn-section-title">Host: who plays each seat</div>'),
                                *self._host_rows, self.public, self.timer_box])
        self.host_box.add_class("lsn-table-host")
        invite_row = w.HBox([self.invite, self.invite_tools],
                            layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"))
        # the invite link and the host's seat menus fold away once every seat is taken, so the
        # game screen below starts near the top; "Table details" opens them again
        self.details = w.VBox([invite_row, self.invite_note, self.host_box])
        self.details.add_class("lsn-table-details")
        self.details_toggle = button("Table details", "lsn-table-details-toggle", self._toggle_details,
                                     width="auto", icon="chevron-down")
        self._details_open: bool | None = None  # None: follow the table (open while seats are free)
        self.widget = w.VBox([w.HBox([self.title, self.details_toggle],
                                     layout=w.Layout(align_items="center", grid_gap="8px")),
                              self.seats_html, self.details, self.join_box, self.watch_note])
        self.widget.add_class("lsn-table-lobby")
        hide(self.join_box)
        hide(self.host_box)

    # -- showing ---------------------------------------------------------------------------------
    def set_invite(self, url: str, note: str = "") -> None:
        """Show the invite link, and ``note`` (HTML) when it cannot be shared as it is."""
        self.invite.value = url
        self.invite_tools.value = invite_html(url)
        self.invite_note.value = f'<div class="lsn-msg-error" role="note">{note}</div>' if note else ""

    def seat_word(self, seat: Any) -> str:
        if seat.kind == "free":
            return "free"
        return seat.name

    def update(self, record: Any, my_seat: int | None, is_host: bool, public: bool = False, timer: int = 0,
               late: str | None = None) -> None:
        """Show ``record`` as the browser holding ``my_seat`` (``None``: no seat) sees it;
        ``public``: the table is listed on the tables page; ``timer``: its turn timer (seconds),
        ``late``: what it does to a late player ("bot" or "skip"; ``None``: no timer, the host's
        menu keeps its choice for the next one)."""
        late = late or str(self.late_menu.value)
        self.record, self.my_seat, self.is_host, self.timer, self.late = record, my_seat, is_host, timer, late
        self._quiet = True
        if self.public.value != public:
            self.public.value = public
        if self.timer_menu.value != timer and timer in TIMER_CHOICES:
            self.timer_menu.value = timer
        if self.late_menu.value != late and late in ("bot", "skip"):
            self.late_menu.value = late
        self._quiet = False
        self.late_note.value = (f'<div class="lsn-table-late-text">{html.escape(self.spec.passes_words)}</div>'
                                if can_skip(self.spec.name) and self.late_menu.value == "skip" else "")
        status = STATUS_WORDS.get(record.status, record.status)
        if timer and record.status != "over":
            status += f"; {timer_words(timer)}: {late_words(self.spec.name, late)}"
        self.title.value = (f'<div class="lsn-section-title">{html.escape(self.spec.title)} table '
                            f'<span class="lsn-table-state">({html.escape(status)})</span></div>')
        rows = []
        for seat in record.seats:
            colour = html.escape(self.spec.color(seat.index))
            who = html.escape(self.seat_word(seat))
            tags = [t for t, on in (("you", seat.index == my_seat), ("host", seat.index == record.host_seat)) if on]
            tag = f' <span class="lsn-table-tag">({", ".join(tags)})</span>' if tags else ""
            rows.append(f'<li class="lsn-table-seat lsn-table-seat-{seat.index} lsn-table-seat-{seat.kind}">'
                        f'<span class="lsn-chip" style="background:{colour}"></span>'
                        f'<b>Seat {seat.index + 1}</b>: <span class="lsn-table-who">{who}</span>{tag}</li>')
        self.seats_html.value = f'<ul class="lsn-table-seat-list">{"".join(rows)}</ul>'
        free = record.free_seats if record.status != "over" else []
        if my_seat is None and free:
            shown = []
            for n, index in enumerate(free):
                b = self.take[n]
                b.description = f"Take seat {index + 1}"
                b.tooltip = f"Play seat {index + 1} at this table"
                b._lsn_seat = index
                shown.append(b)
            self.take_box.children = tuple(shown)
            show(self.join_box)
        else:
            hide(self.join_box)
        if my_seat is None:
            self.watch_note.value = ('<div class="lsn-table-watch-text">You are watching: you see only what every '
                                     f'player sees.{" Take a free seat to play." if free else ""}</div>')
        else:
            self.watch_note.value = ""
        self._update_host(record, is_host)
        self._show_details()

    @property
    def details_open(self) -> bool:
        """Whether the invite link and the host's menus show: the player's choice if they
        clicked "Table details", else open while a seat is free or the game is over."""
        if self._details_open is not None:
            return self._details_open
        record = self.record
        return record is None or record.status != "playing" or bool(record.free_seats)

    def _show_details(self) -> None:
        is_open = self.details_open
        (show if is_open else hide)(self.details)
        self.details_toggle.icon = "chevron-up" if is_open else "chevron-down"
        self.details_toggle.tooltip = ("Hide the invite link and seat menus" if is_open
                                       else "Show the invite link and the seat menus")

    def _toggle_details(self) -> None:
        self._details_open = not self.details_open
        self._show_details()

    def _update_host(self, record: Any, is_host: bool) -> None:
        if not is_host or record.status == "over":
            hide(self.host_box)
            return
        for i, row in enumerate(self._host_rows):
            if i >= len(record.seats) or i == record.host_seat:
                hide(row)
                continue
            seat = record.seats[i]
            label, menu, _go = row.children
            label.value = f"Seat {i + 1}: {html.escape(self.seat_word(seat))}"
            options = list(self._host_options)
            current = FREE if seat.kind == "free" else f"bot:{seat.bot}" if seat.kind == "bot" else TAKEN
            if seat.kind == "human":
                options.insert(0, (f"{seat.name} (playing)", TAKEN))
            if tuple(options) != tuple(menu.options):
                menu.options = options
            menu.value = current
            show(row)
        show(self.host_box)

    # -- clicks ----------------------------------------------------------------------------------
    def _take(self, n: int) -> None:
        b = self.take[n]
        index = getattr(b, "_lsn_seat", None)
        if index is not None:
            self.on_join(index, self.name.value)

    def _timer_changed(self, change: Any) -> None:
        if not self._quiet and self.on_timer is not None:
            self.on_timer(int(self.timer_menu.value), str(self.late_menu.value))

    def _public_changed(self, change: Any) -> None:
        if not self._quiet and self.on_public is not None:
            self.on_public(bool(change["new"]))

    def _apply(self, i: int) -> None:
        value = self.seat_menus[i].value
        if value == TAKEN:
            return
        if value == FREE:
            self.on_set_seat(i, "free", None)
        else:
            self.on_set_seat(i, "bot", value[len("bot:"):])

    def take_button(self, seat: int) -> w.Button | None:
        """The button that takes ``seat`` (tests)."""
        for b in self.take_box.children:
            if getattr(b, "_lsn_seat", None) == seat:
                return b
        return None
