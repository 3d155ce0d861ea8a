"""The new-game screen of :class:`~.app.GameApp`: how many players, who plays each seat
(a human or a bot by its stable name), the game's own options, and starting.

:class:`SetupScreen` is a part of ``GameApp`` (a mixin): it builds the widgets
(``players``, ``seat_dropdowns``, ``seat_rows``, ``seed``, ``advanced``, ``start_button``,
``setup_box``) and starts games; the app supplies ``spec``, ``view``, ``_enter`` and ``_message``.

The seed is hidden information (it fixes every deal and die), so a new game draws a fresh one
from the system. The Seed box sits in a closed "Advanced" section, empty by default; a number
typed there gives a fixed deal (to replay a shared game). Pages show the seed at the end.
"""
from __future__ import annotations

import html
import re
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w
import traitlets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from ...core.session import GameInfo, LogEntry, Seat, Session
from ..common.dom import button, hide, set_layout, show

__all__ = ["HUMAN_LABEL", "SetupScreen", "choose_from_query", "page_query"]

#: the seat menu's entry for a human player (bots show their labels; the values are their stable names)
HUMAN_LABEL = "Human"
#: the longest seed the Seed box accepts, in digits
MAX_SEED_DIGITS = 30


def page_query() -> dict[str, str]:
    """The page address's query (``?rules=simple_b&turns=4``) as Voila hands it to the kernel
    (``QUERY_STRING``); ``{}`` outside Voila. Only short plain words are kept: the values only
    ever choose among a page's own options."""
    import os
    from urllib.parse import parse_qsl

    return {k: v for k, v in parse_qsl(os.environ.get("QUERY_STRING", ""))[:10]
            if re.fullmatch(r"\w{1,20}", k) and re.fullmatch(r"[\w.-]{0,20}", v)}


def choose_from_query(widget: w.Widget, text: str | None, cast: Callable[[str], Any] = str) -> None:
    """Set a menu (Dropdown, ToggleButtons with (label, value) options) to the value ``text``
    names, when it is one of its options; anything else leaves it as it is."""
    try:
        value = cast(text) if text is not None else None
    except ValueError:
        return
    if value is not None and value in [v for _label, v in widget.options]:
        widget.value = value


class SeedText(w.Text):
    """The Seed box: text, empty for a fresh seed; a number set from Python becomes its text."""

    value = traitlets.CUnicode("", help="the seed typed, or empty for a fresh one").tag(sync=True)


class SetupScreen:
    """The setup screen's widgets and the ways to start a game (part of ``GameApp``)."""

    spec: GameInfo
    session: Session | None
    setup_options: Callable[[], Mapping[str, Any]] | None

    def _build_setup(self, setup_widgets: Sequence[w.Widget]) -> None:
        spec = self.spec
        counts = list(range(spec.min_players, spec.max_players + 1))
        default = spec.default_players if spec.default_players in counts else counts[0]
        self.players = w.Dropdown(options=counts, value=default, description="Players")
        self.players.add_class("lsn-players")
        self.players.observe(lambda _c: self._show_seat_rows(), "value")
        seat_options = [(HUMAN_LABEL, HUMAN_LABEL)] + [(spec.bot_label(name), name) for name in spec.bots]
        self.seat_dropdowns: list[w.Dropdown] = []
        self.seat_rows: list[w.HBox] = []
        # the seats' labels share one layout and one style, and so do their menus (none changes
        # alone): each widget model costs the browser time before the page shows
        label_look = {"layout": w.Layout(width="11em"), "style": HTMLStyle()}
        menu_look = {"layout": w.Layout(width="12em"), "style": DescriptionStyle()}
        for i in range(spec.max_players):
            label = w.HTML(
                f'<span class="lsn-chip" style="display:inline-block;width:0.9em;height:0.9em;border-radius:50%;'
                f'background:{html.escape(spec.color(i))};margin-right:0.4em"></span>{html.escape(spec.seat_name(i))}',
                **label_look,
            )
            default_kind = HUMAN_LABEL if i == 0 or not spec.bots else list(spec.bots)[-1]
            dd = w.Dropdown(options=seat_options, value=default_kind, **menu_look)
            dd.add_class("lsn-seat")
            dd.add_class(f"lsn-seat-{i}")
            self.seat_dropdowns.append(dd)
            row = w.HBox([label, dd])
            self.seat_rows.append(row)
        self.seed = SeedText(value="", description="Seed", placeholder="empty: a fresh deal",
                             layout=w.Layout(width="16em"))
        self.seed.add_class("lsn-seed")
        self.advanced = w.Accordion(
            children=[w.VBox([w.HTML('<div style="color:#555">Type a seed to deal a fixed game (to replay '
                                     'one shared at its end); leave it empty for a fresh deal.</div>'),
                              self.seed])],
            titles=("Advanced",), selected_index=None)
        self.advanced.add_class("lsn-advanced")
        self.start_button = button("Start game", "lsn-start", self.start_from_setup,
                                   button_style="primary", icon="play")
        self.setup_box = w.VBox(
            [w.HTML('<div class="lsn-section-title">New game: who plays each seat?</div>'), self.players, *self.seat_rows,
             *setup_widgets, self.advanced, self.start_button]
        )
        self.setup_box.add_class("lsn-setup")
        self._show_seat_rows()

    def _show_seat_rows(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            set_layout(row, display=None if i < n else "none")

    def _headless_seats(self) -> list[str]:
        names = list(self.spec.bots)
        out = []
        for dd in self.seat_dropdowns[: self.players.value]:
            out.append(dd.value if dd.value != HUMAN_LABEL else names[-1])
        return out

    def seats_from_setup(self) -> list[Seat]:
        return [Seat.human() if dd.value == HUMAN_LABEL else Seat.bot(dd.value)
                for dd in self.seat_dropdowns[: self.players.value]]

    def show_setup(self) -> None:
        """Back to the new-game screen (the game in progress stays autosaved until a new one starts)."""
        self._ticker.cancel()
        self._leave_session()
        hide(self.resume_box)
        self._place_status(in_game=False)
        show(self.setup_box)
        if self.screen_built:  # else there is no game screen to put away yet
            hide(self.confirm_box)
            hide(self.game_box)
            self.view.clear()
            self.turn.value = ""
        self.session = None
        self.seed_note.value = ""
        self._message("Choose the seats, then start.", "info")

    def seed_from_setup(self) -> int | None:
        """The seed typed under Advanced; ``None`` when empty (a fresh seed). Raises ValueError
        (with a message for the page) for anything but a whole number."""
        text = self.seed.value.strip()
        if not text:
            return None
        if not re.fullmatch(rf"[+-]?[0-9]{{1,{MAX_SEED_DIGITS}}}", text):
            raise ValueError(f"The seed must be a whole number of at most {MAX_SEED_DIGITS} digits, "
                             "or empty for a fresh deal.")
        return int(text)

    def start_from_setup(self) -> Session | None:
        options = dict(self.setup_options()) if self.setup_options is not None else {}
        try:
            seed = self.seed_from_setup()
        except ValueError as exc:
            self.advanced.selected_index = 0
            self._message(str(exc), "error")
            return None
        return self.start(self.seats_from_setup(), seed=seed, options=options,
                          hints=bool(self.hints_checkbox.value))

    def start(self, seats: Sequence[Seat | str], *, seed: int | None = None,
              options: Mapping[str, Any] | None = None, hints: bool = True) -> Session:
        """Start a new game (also what the Start button does); ``seed=None`` draws a fresh one;
        ``hints=False``: the page offers no hint in this game."""
        session = Session.new(self.spec, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                              options=options, autosave=False, save_directory=self.save_directory,
                              autosave_seen=self._seen_now())
        session.hints = hints
        session.autosave_enabled = self.autosave
        session.write_autosave()
        self._enter(session, "New game started.")
        return session

    def start_state(self, state, seats: Sequence[Seat | str], *, seed: int = 0, message: str = "Game started.",
                    autosave: bool | None = None) -> Session:
        """Play on from a given engine state (a prepared position: tutorials, tests)."""
        session = Session(self.spec, state, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                          autosave=self.autosave if autosave is None else autosave,
                          save_directory=self.save_directory, autosave_seen=self._seen_now())
        session.log.append(LogEntry(message, None, "new-game"))
        session.write_autosave()
        self._enter(session, message)
        return session
