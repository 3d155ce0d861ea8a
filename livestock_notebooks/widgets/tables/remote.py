"""A game at a table, on one browser's game screen: :class:`TableSession` and :class:`TablePlay`.

A table's game lives in the store (``livestock_notebooks.tables``), not in a kernel. Each page
at the table shows it with the same :class:`~..shell.app.GameApp` as the hot-seat page, through
a :class:`TableSession`: a :class:`~livestock_notebooks.core.session.Session` whose viewer is
this browser's seat (``None`` for a spectator) and whose moves go through
:meth:`TableService.act <livestock_notebooks.tables.service.TableService.act>` with the version
they were made on. The screen is built from ``player_view(seat)`` only, as on the hot-seat page;
the game's save (every hand in it) never reaches the page: it is not offered for download.

:class:`TablePlay` joins a session to its page: a poll on the kernel's loop (every
:data:`POLL_SECONDS`) reads the table's version and redraws when another browser moved; a move
refused because the table moved on meanwhile redraws with a short note; bot seats play on the
server (:meth:`TableService.play_bots`) as soon as it is their turn.
"""
from __future__ import annotations

import logging
import re
import time
from typing import Any, Callable

from ...core.errors import IllegalAction, NotYourDecision
from ...core.protocol import Action, Event
from ...core.session import GameInfo, LogEntry, Seat, Session
from ...review import review_seats
from ...tables.service import action_from_legal
from ...tables.social import turn_timer
from ...tables.store import StaleVersion
from ..shell.pacing import Ticker
from ..common.dom import set_layout

__all__ = ["POLL_SECONDS", "StaleMove", "TablePlay", "TableSession", "table_seats"]

_log = logging.getLogger(__name__)
#: what a visitor is told when the tables' database fails; its host, port and the driver's words
#: go to the server's log only
STORE_DOWN = "The tables' database cannot be reached just now; try again in a minute."
#: how often a page reads its table's version
POLL_SECONDS = 0.3
#: the note shown when a move was refused because the table had moved on
STALE_NOTE = "Another move was made first; the table now shows the game as it is."


class StaleMove(IllegalAction):
    """A move made on a version of the table that is no longer the current one."""


def table_seats(record: Any) -> list[Seat]:
    """The session's seats for a table record: a bot seat plays its bot, any other seat is a
    person's (taken or free)."""
    return [Seat.bot(s.bot) if s.kind == "bot" and s.bot else Seat.human() for s in record.seats]


class TableSession(Session):
    """The game of one table as one seat sees it (``seat=None``: a spectator).

    ``state`` is the table's position (kept in the kernel: pages draw from
    ``player_view(seat)`` only). :meth:`sync` brings it up to the store's version and returns
    the events of the moves made since, replayed from the action log (public event texts, the
    log every page shows)."""

    #: read by the shell: a table's save holds every seat's cards, so it is never offered
    remote = True

    def __init__(self, spec: GameInfo, service: Any, record: Any, seat: int | None, token: str | None):
        super().__init__(spec, service.load(record), table_seats(record), seed=record.seed, autosave=False)
        self.service = service
        self.store = service.store
        self.table_id = record.id
        self.record = record
        # the moves of the other seats arrive replayed from the store, not through apply: the
        # review reads the game from its start in the store (review_input)
        self.game_record = None
        self.version = record.version
        self.seat = seat
        self.token = token
        self.viewer = seat
        #: set when a move was refused because the table had moved on (the next poll says so)
        self.refused = False
        #: set when the host took this browser's seat back (the page forgets its token)
        self.lost_seat = False
        self.unshown: list[Event] = []  # events of a catch-up no redraw has shown yet
        #: the host's turn timer in seconds (0: none): past it, a bot moves for a late player
        self.timer = turn_timer(self.store, record.id)
        self._seen_at = time.time()  # when this page first saw the version it shows
        self.log.extend(self._named_lines(service.store.actions(record.id)))

    # -- names ----------------------------------------------------------------------------
    def _people(self) -> list[tuple[int, str, str]]:
        """``(seat, the game's name for it, the name shown)`` for each seat a person took under
        a name of their own: "Bob" for BattleGoats' "Player 2", "Ann (Chickens)" where the game's
        name says more than a number."""
        out = []
        for i, seat in enumerate(self.record.seats):
            person = (seat.name or "").strip() if seat.kind == "human" else ""
            base = self.spec.seat_name(i, self.state)
            if person and person != base and person != f"Player {i + 1}":
                out.append((i, base, person if re.fullmatch(r"Player \d+", base) else f"{person} ({base})"))
        return out

    def name(self, player: int | None) -> str:
        for seat, _base, shown in self._people():
            if seat == player:
                return shown
        return super().name(player)

    def named(self, text: str) -> str:
        """``text`` with the game's seat names replaced by the players' own (a whole name only:
        "Player 1" is not the start of "Player 12"; Livestock's "P1 (Chickens)" as one)."""
        for seat, base, shown in self._people():
            text = re.sub(rf"(?<![\w(])P{seat + 1} \({re.escape(base)}\)(?![\w)])", lambda _m: shown, text)
            text = re.sub(rf"(?<![\w(]){re.escape(base)}(?![\w)])", lambda _m: shown, text)
        return text

    # -- whose decision, what may be shown ---------------------------------------------
    @property
    def needs_handoff(self) -> bool:
        return False  # one browser, one seat: nothing is passed on

    @property
    def is_human_turn(self) -> bool:
        """True when the decision is this browser's seat's (hints and the prompt follow it)."""
        return self.seat is not None and self.current_player == self.seat

    @property
    def waiting_for_player(self) -> bool:
        """The decision is a free seat's: the game waits for someone to take it."""
        p = self.current_player
        return p is not None and self.record.seats[p].kind == "free"

    def view(self) -> Any:
        return None if self.seat is None else self.state.player_view(self.seat)

    def legal_for_viewer(self) -> list[Action]:
        return list(self.state.legal_actions()) if self.is_human_turn else []

    @property
    def reviewable(self) -> bool:
        """A seat reviews its own decisions (a spectator nothing, unless the game's rules make
        everything public at its end): see :func:`livestock_notebooks.review.review_seats`."""
        return bool(review_seats(self.spec.name, self.seat, self.players))

    def review_input(self) -> tuple[dict[str, Any], list[int] | None]:
        """The table's game from its start (the store's first position and action log) and the
        seats this browser may see weighed: its own, as hidden information stays hidden."""
        return self.service.game_record(self.table_id), review_seats(self.spec.name, self.seat, self.players)

    def undo_blocker(self) -> str | None:
        return "moves at a table are final"

    @property
    def can_undo(self) -> bool:
        return False

    def write_autosave(self, *, take_over: bool = False):
        return None  # the store keeps the table

    # -- playing --------------------------------------------------------------------------
    def apply(self, action: Action, *, by_bot: bool = False) -> list[Event]:
        """Send this seat's move to the table (against the version shown); returns its events
        (the service's own: the log is not read again), then those of anything played since.
        A move made on an old version raises :class:`StaleMove` after the position is brought
        up to date."""
        if self.seat is None or self.token is None:
            raise NotYourDecision("You are watching this table: take a free seat to play", None, action=action)
        try:
            played = self.service.move(self.table_id, self.token, self.version, action)
        except StaleVersion:
            self.refused = True
            self.unshown = self.sync()
            raise StaleMove(STALE_NOTE, None, action=action) from None
        return self._played(played) + self.sync()

    def bot_step(self) -> tuple[Action | None, list[Event]] | None:
        """Bots play on the server: ask the table's service to play one bot step (two pages
        asking at once: the version check lets one win); the events of that step, then of
        anything played since."""
        if not self.is_bot_turn:
            return None
        events: list[Event] = []
        try:
            played = self.service.play_bot(self.table_id)  # one step a tick: the page's bot speed
        except StaleVersion:
            played = None  # another page played this step: the catch-up below shows it
        if played is not None and played.version == self.version + 1:
            events = self._played(played)
        return None, events + self.sync()

    def play_for_late(self) -> list[Event]:
        """Under a turn timer, when the person to decide is late: the host's choice applies (a bot
        moves for them, or their seat passes; whichever page gets there first); its events
        (``[]`` when no one is late)."""
        if not self.timer or time.time() - self._seen_at < self.timer:
            return []  # no one is late yet as far as this page knows (the service checks the stored time)
        try:
            played = self.service.play_for_late(self.table_id, self.timer)
        except StaleVersion:
            return []
        if played is None or played.version <= self.version:
            return []
        return self.sync()  # one move or several passes: read from the log, with the timer's note

    def _late_note(self, seat: Any, by: str = "timer") -> LogEntry:
        who = self.name(seat) if isinstance(seat, int) else "a player"
        what = "they pass" if by == "skip" else "a bot moved for them"
        return LogEntry(f"Time ran out for {who}: {what}.", seat if isinstance(seat, int) else None, "timer")

    @staticmethod
    def _timer_entries(entries: list[dict]) -> list[dict]:
        """The log entries the turn timer made, one per late player: a bot's move, or the first
        of a run of passes."""
        out, before = [], None
        for e in entries:
            if e.get("by") == "timer" or (e.get("by") == "skip" and not (
                    before is not None and before.get("by") == "skip" and before.get("seat") == e.get("seat"))):
                out.append(e)
            before = e
        return out

    def _played(self, played: Any) -> list[Event]:
        """Take a move this page committed (:class:`~livestock_notebooks.tables.service.Played`):
        its position, version and events, with no replay of the action log."""
        self.state, self.version = played.state, played.version
        self._seen_at = time.time()
        self._logged(played.events)
        return list(played.events)

    def _logged(self, events: list[Event]) -> None:
        self.log.extend(LogEntry(self.named(e.text), e.player, e.kind) for e in events)
        if self.state.is_over:
            self.log.append(LogEntry(self.result_text(), None, "game-over"))

    def sync(self) -> list[Event]:
        """Bring the position up to the table's current version; the events since (``[]``
        when nothing moved). The seats are read again too (a seat taken or given to a bot)."""
        record = self.store.get(self.table_id)
        self.record = record
        self.seats = table_seats(record)
        self.timer = turn_timer(self.store, self.table_id)
        if self.token is not None and self.store.seat_of(self.table_id, self.token) != self.seat:
            self.lost_seat = True  # the host gave the seat to a bot or to a player: watch from now on
            self.seat = self.viewer = self.token = None
        if record.version == self.version:
            return []
        entries = [a for a in self.store.actions(self.table_id) if a.get("version", 0) > self.version]
        self.log.extend(self._late_note(e.get("seat"), e.get("by", "timer")) for e in self._timer_entries(entries))
        events = self._replay(entries, record.save)
        self.state = self.service.load(record)
        self.version = record.version
        self._seen_at = time.time()
        if events is None:  # the public lines the table logged
            self.log.extend(self._named_lines(entries))
            if self.state.is_over:
                self.log.append(LogEntry(self.result_text(), None, "game-over"))
            return []
        self._logged(events)
        return events

    def _named_lines(self, entries: list[dict]) -> list[LogEntry]:
        return [LogEntry(self.named(e.text), e.player, e.kind) for e in _log_lines(entries)]

    def _replay(self, entries: list[dict], save: str) -> list[Event] | None:
        """The events of the logged moves, replayed on a copy of the position shown (what the
        board animates, as after a move on the hot-seat page); ``None`` when they do not lead
        to ``save`` (then the page shows the new position with the logged lines)."""
        try:
            state = self.state.copy()
            events: list[Event] = []
            for entry in entries:
                player = state.current_player
                action = action_from_legal(state, entry["action"])
                line = self.spec.action_text(state, action, player)
                made = list(state.apply(action) or [])
                events.extend(made or [Event("action", line, player)])
            return events if state.to_json() == save else None
        except Exception:  # an action log this page cannot replay: the logged lines instead
            return None


def _log_lines(entries: list[dict]) -> list[LogEntry]:
    """The public lines of logged moves (``log`` of each entry; never its ``action``, which may
    name a card only its player saw)."""
    out = []
    for entry in entries:
        seat = entry.get("seat")
        for line in entry.get("log") or ():
            if isinstance(line, str):
                out.append(LogEntry(line, seat if isinstance(seat, int) else None, "table"))
    return out


class TablePlay:
    """Keeps one page's game screen in step with its table: a poll every :data:`POLL_SECONDS`
    on the kernel loop (none without a loop: tests call :meth:`poll`) reads the table's stamp
    (version, last change) and redraws after another browser's move, with a note after a
    refused move; bots are asked to play when it is their turn. ``on_record(record)`` is called
    when the table changed (the lobby redraws its seats)."""

    def __init__(self, app: Any, session: TableSession, *, loop=None,
                 on_record: Callable[[Any], Any] | None = None, interval: float = POLL_SECONDS):
        self.app = app
        self.session = session
        self.interval = interval
        self.on_record = on_record
        #: what the screen last showed: the table's version, this browser's seat, who plays each seat
        self.drawn: tuple = (-1, None, [])
        self._stamp: tuple | None = None
        self._ticker = Ticker(self._tick, loop=loop)
        self._stopped = False
        app.on_change(self._drawn)

    def _drawn(self, app: Any, _events: list) -> None:
        if app.session is self.session:
            self.drawn = (self.session.version, self.session.seat, list(self.session.seats))

    def start(self, message: str) -> None:
        """Show the table's game on the app's screen and start polling."""
        app = self.app
        for part in (app.undo_button, app.new_game_button, app.save_box, app.bot_tools, app.headless_box):
            set_layout(part, display="none")  # a table's moves are final, its save private, its bots on the server
        app.show_remote(self.session, message)  # the game screen, bots scheduled
        self._note_waiting()
        self._stamp = self.session.store.stamp(self.session.table_id)
        self._ticker.schedule(self.interval)

    def stop(self) -> None:
        self._stopped = True
        self._ticker.cancel()

    def _tick(self) -> None:
        if self._stopped or self.app.session is not self.session:
            return
        try:
            self.poll()
        except Exception as exc:  # the store out of reach for a moment: say so (no host, port or driver text), keep polling
            _log.warning("tables: could not read table %s: %s: %s", self.session.table_id, type(exc).__name__, exc)
            self.app.message(STORE_DOWN, "error")
        self._ticker.schedule(self.interval)

    def poll(self) -> bool:
        """Read the table; redraw when it moved or a refused move is to be shown. Returns True
        when the screen was redrawn."""
        s = self.session
        if self.app.session is not s:
            return False
        events, s.unshown = s.unshown + s.play_for_late(), []
        stamp = s.store.stamp(s.table_id)
        if stamp != self._stamp:
            self._stamp = stamp
            events += s.sync()
            if self.on_record is not None:
                self.on_record(s.record)
        if (s.version, s.seat, s.seats) == self.drawn and not s.refused:
            return False
        note = STALE_NOTE if s.refused else "Your turn." if s.is_human_turn else ""
        s.refused = False
        self.app.hint_output.value = ""
        self.app.moved_elsewhere(events, note)  # a seat given to a bot: its bot is scheduled
        self._note_waiting()
        return True

    def _note_waiting(self) -> None:
        s = self.session
        if s.waiting_for_player:
            name = s.name(s.current_player)
            self.app.message(f"Waiting for a player to take the seat of {name}: share the invite link.", "info")
