"""The new-game screen of :class:`~.app.GameApp`: how many players, who plays each seat
(a human or a bot by its stable name), the seed, the game's own options, and starting.

:class:`SetupScreen` is a part of ``GameApp`` (a mixin): it builds the widgets
(``players``, ``seat_dropdowns``, ``seat_rows``, ``seed``, ``start_button``, ``setup_box``)
and starts games; the app supplies ``spec``, ``view``, ``_enter`` and ``_message``.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...core.session import GameInfo, LogEntry, Seat, Session
from ..common.dom import button, hide, show

__all__ = ["HUMAN_LABEL", "SetupScreen"]

#: the seat menu's entry for a human player (bots are listed by their stable names)
HUMAN_LABEL = "Human"


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
        seat_options = [HUMAN_LABEL] + list(spec.bots)
        self.seat_dropdowns: list[w.Dropdown] = []
        self.seat_rows: list[w.HBox] = []
        for i in range(spec.max_players):
            label = w.HTML(
                f'<span class="lsn-chip" style="display:inline-block;width:0.9em;height:0.9em;border-radius:50%;'
                f'background:{html.escape(spec.color(i))};margin-right:0.4em"></span>{html.escape(spec.seat_name(i))}',
                layout=w.Layout(width="11em"),
            )
            default_kind = HUMAN_LABEL if i == 0 or not spec.bots else list(spec.bots)[-1]
            dd = w.Dropdown(options=seat_options, value=default_kind, layout=w.Layout(width="12em"))
            dd.add_class("lsn-seat")
            dd.add_class(f"lsn-seat-{i}")
            self.seat_dropdowns.append(dd)
            row = w.HBox([label, dd])
            self.seat_rows.append(row)
        self.seed = w.IntText(value=1, description="Seed", layout=w.Layout(width="12em"))
        self.seed.add_class("lsn-seed")
        self.start_button = button("Start game", "lsn-start", self.start_from_setup,
                                   button_style="primary", icon="play")
        self.setup_box = w.VBox(
            [w.HTML('<div class="lsn-section-title">New game: who plays each seat?</div>'), self.players, *self.seat_rows,
             *setup_widgets, self.seed, self.start_button]
        )
        self.setup_box.add_class("lsn-setup")
        self._show_seat_rows()

    def _show_seat_rows(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            row.layout.display = None if i < n else "none"

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
        hide(self.resume_box)
        show(self.setup_box)
        hide(self.game_box)
        self.view.clear()
        self.session = None
        self.turn.value = ""
        self._message("Choose the seats, then start.", "info")

    def start_from_setup(self) -> Session:
        options = dict(self.setup_options()) if self.setup_options is not None else {}
        return self.start(self.seats_from_setup(), seed=self.seed.value, options=options)

    def start(self, seats: Sequence[Seat | str], *, seed: int = 0, options: Mapping[str, Any] | None = None) -> Session:
        """Start a new game (also what the Start button does)."""
        session = Session.new(self.spec, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                              options=options, autosave=self.autosave, save_directory=self.save_directory)
        self._enter(session, "New game started.")
        return session

    def start_state(self, state, seats: Sequence[Seat | str], *, seed: int = 0, message: str = "Game started.",
                    autosave: bool | None = None) -> Session:
        """Play on from a given engine state (a prepared position: tutorials, tests)."""
        session = Session(self.spec, state, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                          autosave=self.autosave if autosave is None else autosave,
                          save_directory=self.save_directory)
        session.log.append(LogEntry(message, None, "new-game"))
        session.write_autosave()
        self._enter(session, message)
        return session
