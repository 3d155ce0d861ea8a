"""A game in progress, as the game pages run it: seats, turns, undo, saves. No widgets here.

The widget shell (:mod:`livestock_notebooks.widgets.shell.app`) is a thin view over a
:class:`Session`; everything that decides something lives here so it can be tested without a
widget library, and reused by every game page (Livestock Uprising, BattleGoats, Space Pigs).

- :class:`~livestock_notebooks.core.game_info.GameInfo` (each game's ``GAME``) says how to make,
  load and describe one game.
- :class:`Seat` says who plays a seat: a human, or a bot by name (``spec.bots[name]``).
- :class:`Session` applies actions, runs bot decisions, keeps the log in words (from the
  engine's events), decides who may look at the screen (hot-seat), which steps may be undone,
  and writes and reads save files.

Undo rule: a human may take back their own steps of the current turn, one at a time, never
past an event marked ``irreversible`` (a die roll, revealed information) and never past a
decision of another player or of a bot. Undo survives a save: the envelope keeps the steps undo
can still reach (:meth:`Session.undoable_tail`, at most :data:`MAX_SAVED_UNDO`), each as the
engine save of the position before it and the index of its action among that position's legal
actions. A load replays every kept step and keeps the history only when each one reproduces
the next position exactly; anything else drops the history (the game loads all the same).

Save files are JSON: a small envelope (game, seats, log) around the engine's own
``state.to_json()``, with the game's ``record`` (its first position and each move as its index
among the legal actions) so that :mod:`livestock_notebooks.review` can replay it. A bare engine save (``state.to_json()``) loads too, with every seat human.
Anything else raises :class:`~livestock_notebooks.core.errors.SaveFileError` with a message a player
can act on.

Seeds: a new game draws a fresh seed from the system (:func:`fresh_seed`) unless one is given
(a fixed deal). The save keeps it, so a save replays exactly; pages show it only at the end.

Autosave files (where they live, the lock, atomic writes, the envelope) are in
:mod:`livestock_notebooks.core.save_files`; this module re-exports their public names.
"""
from __future__ import annotations

import datetime as _dt
import contextlib
import inspect
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

from .game_info import GameInfo
from .protocol import Action, Event, GameState
from .errors import IllegalAction, NotYourDecision, SaveFileError
from .save_files import (
    BROWSER_ENV,
    MAX_AUTOSAVE_BYTES,
    MAX_LOADED_LOG,
    MAX_SAVED_LOG,
    REMOVE_HOOKS,
    SAVE_DIR_ENV,
    WRITE_HOOKS,
    SAVE_FORMAT,
    AutosaveCheck,
    AutosaveConflict,
    AutosaveInfo,
    AutosaveKey,
    _autosave_key,
    _folder_lock,
    _short,
    _stamped_path,
    atomic_write_text,
    autosave_path,
    browser_id,
    notify,
    parse_session_save,
    save_dir,
    set_aside,
)

__all__ = [
    "HUMAN",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "AutosaveCheck",
    "AutosaveConflict",
    "AutosaveInfo",
    "HistoryEntry",
    "LogEntry",
    "Seat",
    "Session",
    "atomic_write_text",
    "check_autosave",
    "find_autosave",
    "fresh_seed",
    "parse_session_save",
    "save_dir",
    "set_aside",
    "autosave_path",
    "browser_id",
]

HUMAN = "human"
SAVE_VERSION = 1
#: a save keeps at most this many undoable steps, and at most this many characters of them
MAX_SAVED_UNDO = 40
MAX_SAVED_UNDO_CHARS = 4_000_000


def fresh_seed() -> int:
    """A new game's seed, drawn from the system's randomness: a 10-digit number (short enough
    to share for a replay, never guessable from earlier games)."""
    return 10**9 + secrets.randbelow(9 * 10**9)


def new_owner_id() -> str:
    """A random id for one session's autosaves."""
    return secrets.token_hex(8)


# --------------------------------------------------------------------------- seats, log, history
@dataclass(frozen=True)
class Seat:
    """Who plays a seat: ``kind`` is ``"human"`` or the name of a bot in ``spec.bots``."""

    kind: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN

    def to_dict(self) -> dict:
        return {"kind": self.kind}

    @classmethod
    def human(cls) -> "Seat":
        return cls(HUMAN)

    @classmethod
    def bot(cls, name: str) -> "Seat":
        return cls(name)


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log, in words."""

    text: str
    player: int | None = None
    kind: str = ""

    def to_dict(self) -> dict:
        return {"text": self.text, "player": self.player, "kind": self.kind}

    @classmethod
    def from_event(cls, event: Event) -> "LogEntry":
        return cls(event.text, event.player, event.kind)


@dataclass(frozen=True)
class HistoryEntry:
    """One applied action and what undoing it needs."""

    player: int | None
    action: Action
    events: tuple[Event, ...]
    before: GameState  # a copy of the state before the action
    turn: Hashable
    by_bot: bool
    log_length: int  # length of the log before the action

    @property
    def irreversible(self) -> bool:
        return any(e.irreversible for e in self.events)


def _read_autosave(spec: GameInfo, path: Path) -> AutosaveCheck:
    """Read and fully load the autosave at ``path``; never raises (a bad file is reported in
    ``problem``, nothing is moved)."""
    try:
        if path.stat().st_size > MAX_AUTOSAVE_BYTES:
            return AutosaveCheck(problem="the file is too large to be a save")
        raw = path.read_bytes()
    except FileNotFoundError:
        return AutosaveCheck()
    except OSError as exc:
        return AutosaveCheck(problem=f"it cannot be read: {exc.strerror or exc}")
    try:
        envelope = parse_session_save(raw) or {}
        session = Session.from_save_text(spec, raw, autosave=False)
        summary = str(envelope.get("summary", "")) or session.summary()
        finished = session.state.is_over
    except SaveFileError as exc:
        return AutosaveCheck(problem=str(exc))
    except Exception as exc:  # anything a broken file can raise: the page must open anyway
        return AutosaveCheck(problem=f"the save file is corrupt ({type(exc).__name__})")
    key = _autosave_key(envelope)
    if finished:
        return AutosaveCheck(seen=key)
    text = raw.decode("utf-8")
    info = AutosaveInfo(path=path, text=text, saved_at=str(envelope.get("saved_at", "")), summary=summary, key=key)
    return AutosaveCheck(found=info, seen=key)


def check_autosave(spec: GameInfo, directory: str | os.PathLike | None = None) -> AutosaveCheck:
    """At page open: the autosave of ``spec.name``. A file that does not load (not JSON, nested
    too deeply, another game or version, refused by the engine, or raising anything at all) is
    set aside (renamed, kept) and reported; never raises."""
    path = autosave_path(spec.name, directory)
    check = _read_autosave(spec, path)
    if check.problem is None:
        return check
    try:
        moved: Path | None = set_aside(path)
    except OSError:
        moved = None
    return AutosaveCheck(set_aside=moved, problem=check.problem)


def find_autosave(spec: GameInfo, directory: str | os.PathLike | None = None) -> AutosaveInfo | None:
    """The unfinished autosaved game of ``spec.name``, if there is one that loads (nothing is
    moved; :func:`check_autosave` also sets a bad file aside)."""
    return _read_autosave(spec, autosave_path(spec.name, directory)).found


# --------------------------------------------------------------------------- the session
class Session:
    """One game being played: the engine state plus seats, log, undo history and saving.

    ``autosave=True`` writes the game to :func:`autosave_path` after every change, unless
    another session wrote that file after this one last saw it (``autosave_seen``: the
    ``(owner, revision)`` read when the page opened, ``None`` if there was no file); then
    :attr:`autosave_conflict` is set and ``on_autosave_conflict(conflict)`` is called.
    """

    def __init__(
        self,
        spec: GameInfo,
        state: GameState,
        seats: Sequence[Seat],
        *,
        seed: int = 0,
        log: Iterable[LogEntry] = (),
        autosave: bool = True,
        save_directory: str | os.PathLike | None = None,
        autosave_seen: AutosaveKey | None = None,
    ):
        self.spec = spec
        self.state = state
        self.seats = [s if isinstance(s, Seat) else Seat(str(s)) for s in seats]
        for seat in self.seats:
            if seat.is_bot and spec.bot_name(seat.kind) not in spec.bots:
                raise ValueError(f"unknown bot {seat.kind!r}; this game has {sorted(spec.bots)}")
        self.seed = seed
        self.log: list[LogEntry] = list(log)
        self.history: list[HistoryEntry] = []
        #: the game from its start, for a review: the engine save of the first position and each
        #: decision's index among the legal actions (None: a game loaded without its start)
        self.game_record: dict[str, Any] | None = {"start": state.to_json(), "moves": []} if not log else None
        self.autosave_enabled = autosave
        #: whether the page may offer a hint (what the strong bot would do) in this game
        self.hints = True
        self.save_directory = save_directory
        self.owner = new_owner_id()
        #: the browser this game's page runs in (fixed when the session is made; "" for none)
        self.browser = browser_id() or ""
        self.revision = 0
        self.autosave_seen = autosave_seen
        self.autosave_conflict: AutosaveConflict | None = None
        self.on_autosave_conflict: Callable[[AutosaveConflict], Any] | None = None
        self._bots: dict[int, Any] = {}
        self._hold = 0
        self._dirty = False
        # The human whose view is on screen (hot-seat). None until a human takes the device.
        self.viewer: int | None = None
        humans = self.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        spec: GameInfo,
        seats: Sequence[Seat | str],
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        **kwargs,
    ) -> "Session":
        """A fresh game with ``len(seats)`` players; ``seed=None`` draws a fresh seed."""
        if seed is None:
            seed = fresh_seed()
        opts = dict(spec.new_game_options)
        opts.update(options or {})
        state = spec.new_game(players=len(seats), seed=seed, **opts)
        session = cls(spec, state, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed, **kwargs)
        session.log.append(LogEntry(f"New game: {', '.join(session.seat_label(i) for i in range(len(seats)))}.", None, "new-game"))
        session.write_autosave()
        return session

    @classmethod
    def from_save_text(cls, spec: GameInfo, text: str | bytes, **kwargs) -> "Session":
        """Load a save file (a session save or a bare engine save); raises SaveFileError."""
        envelope = parse_session_save(text)
        if envelope is None:
            raw = text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else str(text)
            state = _load_engine(spec, raw)
            players = spec.count_players(state)
            session = cls(spec, state, [Seat.human()] * players, **kwargs)
            session.log.append(LogEntry("Game loaded from a save file.", None, "load"))
            return session
        if envelope.get("game") != spec.name:
            raise SaveFileError(
                f"this is a save of {envelope.get('game')!r}, not of {spec.name!r}: open it on that game's page"
            )
        version = envelope.get("version")
        if not isinstance(version, int) or version > SAVE_VERSION:
            raise SaveFileError(
                f"this save file was written by a newer version (format {version!r}; this page reads {SAVE_VERSION})"
            )
        engine_text = envelope.get("engine_save")
        if not isinstance(engine_text, str):
            raise SaveFileError("the save file has no game position in it")
        state = _load_engine(spec, engine_text)
        seats_raw = envelope.get("seats")
        if not isinstance(seats_raw, list) or not all(isinstance(s, dict) and isinstance(s.get("kind"), str) for s in seats_raw):
            raise SaveFileError("the save file's seats are unreadable")
        seats = [Seat(s["kind"]) for s in seats_raw]
        unknown = sorted({s.kind for s in seats if s.is_bot and spec.bot_name(s.kind) not in spec.bots})
        if unknown:
            raise SaveFileError(f"the save file names bots this page does not have: {', '.join(unknown)}")
        try:
            players = spec.count_players(state)
        except SaveFileError:
            players = len(seats)
        if players != len(seats):
            raise SaveFileError(f"the save file has {len(seats)} seats for a {players}-player game")
        log_raw = envelope.get("log", [])
        if isinstance(log_raw, list) and len(log_raw) > MAX_LOADED_LOG:
            raise SaveFileError(f"the save file's log has {len(log_raw)} lines (a page writes at most {MAX_SAVED_LOG})")
        log: list[LogEntry] = []
        if isinstance(log_raw, list):
            for item in log_raw:
                if isinstance(item, dict) and isinstance(item.get("text"), str):
                    player = item.get("player")
                    log.append(LogEntry(item["text"], player if isinstance(player, int) else None, str(item.get("kind", ""))))
        seed = envelope.get("seed", 0)
        session = cls(spec, state, seats, seed=seed if isinstance(seed, int) else 0, log=log, **kwargs)
        session.history = _undo_from_save(spec, envelope.get("undo"), state, len(log))
        record = envelope.get("record")
        session.game_record = None
        if isinstance(record, dict) and isinstance(record.get("start"), str) and isinstance(record.get("moves"), list) \
                and all(isinstance(m, int) for m in record["moves"]):
            session.game_record = {"start": record["start"], "moves": list(record["moves"])}
        session.hints = envelope.get("hints") is not False
        if len(session.undoable_tail()) != len(session.history):
            session.history = []  # kept steps that undo could not reach: not a save this page wrote
        return session

    # -- the review ---------------------------------------------------------------------
    @property
    def reviewable(self) -> bool:
        """Whether this page can review the game once it is over (it kept the game's start)."""
        return self.game_record is not None

    def review_input(self) -> tuple[dict[str, Any], list[int] | None]:
        """The game from its start for a review, and the seats it may weigh (``None``: all).

        Against bots, the people's seats only: a bot's decisions weighed from its own view would
        show the players its hand (what it held back, what it could have played). Hot-seat
        players share the screen the review opens on, and each weighs the others' play; a game
        of bots alone keeps no one's secret."""
        assert self.game_record is not None, "a game without its start cannot be reviewed"
        humans = self.human_seats
        return self.game_record, (None if len(humans) in (0, len(self.seats)) else humans)

    # -- seats and whose decision it is -----------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def current_player(self) -> int | None:
        return None if self.state.is_over else self.state.current_player

    @property
    def current_seat(self) -> Seat | None:
        p = self.current_player
        return None if p is None else self.seats[p]

    @property
    def is_human_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.is_human

    @property
    def is_bot_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.is_bot

    def name(self, player: int | None) -> str:
        """A seat's name in this game (``spec.seat_name(player, state)``)."""
        return self.spec.seat_name(player, self.state)

    def named(self, text: str) -> str:
        """``text`` (a turn line, a log line) as this session shows it: unchanged here; a table's
        session puts its players' own names in."""
        return text

    def seat_label(self, player: int) -> str:
        seat = self.seats[player]
        who = "human" if seat.is_human else f"{seat.kind} bot"
        return f"{self.name(player)} ({who})"

    # -- hot-seat -----------------------------------------------------------------------
    @property
    def needs_handoff(self) -> bool:
        """True when a human must take the device before anything private is shown.

        That is when the decision is a human's and someone else's view (or nobody's, at the
        start of a game with several humans) is on screen.
        """
        if not self.is_human_turn:
            return False
        if len(self.human_seats) <= 1:
            return False
        return self.viewer != self.current_player

    def take_device(self, player: int | None = None) -> None:
        """The human to play confirms they have the device: their view is shown from now on."""
        if player is None:
            player = self.current_player
        if player is None or not self.seats[player].is_human:
            raise ValueError("only a human seat can take the device")
        self.viewer = player

    def view(self) -> Any:
        """``state.player_view(viewer)`` for the human on screen; ``None`` when nobody's view
        may be shown (hand-off pending, or no human seat at all: a public spectator view)."""
        if self.needs_handoff or self.viewer is None:
            return None
        return self.state.player_view(self.viewer)

    def legal_for_viewer(self) -> list[Action]:
        """The legal actions when the human on screen is the one to decide, else []."""
        if self.needs_handoff or not self.is_human_turn or self.viewer != self.current_player:
            return []
        return list(self.state.legal_actions())

    # -- playing ------------------------------------------------------------------------
    def apply(self, action: Action, *, by_bot: bool = False) -> list[Event]:
        """Apply ``action`` for the player whose decision it is.

        Raises :class:`IllegalAction` (state unchanged) for anything the engine refuses, and
        :class:`NotYourDecision` when a human tries to act for a bot seat (or after the end).
        """
        if self.state.is_over:
            raise NotYourDecision("The game is over", None, action=action)
        player = self.state.current_player
        seat = self.seats[player] if player is not None else None
        if not by_bot and seat is not None and seat.is_bot:
            raise NotYourDecision(f"It is {self.name(player)}'s decision, and a bot plays that seat", None, action=action)
        before = self.state.copy()
        turn = self.spec.turn_of(self.state)
        log_length = len(self.log)
        legal = list(before.legal_actions()) if self.game_record is not None else []
        events = self.state.apply(action)
        if self.game_record is not None:
            self.game_record["moves"].append(legal.index(action) if action in legal else -1)
        events = list(events or [])
        self.history.append(HistoryEntry(player, action, tuple(events), before, turn, by_bot, log_length))
        if events:
            self.log.extend(LogEntry.from_event(e) for e in events)
        else:
            self.log.append(LogEntry(self.spec.action_text(before, action, player), player, "action"))
        if self.state.is_over:
            self.log.append(LogEntry(self.result_text(), None, "game-over"))
        self.write_autosave()
        return events

    def bot(self, player: int):
        if player not in self._bots:
            self._bots[player] = self.spec.make_bot(self.seats[player].kind, self.seed * 101 + player + 1)
        return self._bots[player]

    def bot_step(self) -> tuple[Action, list[Event]] | None:
        """Let the bot whose decision it is play one action; ``None`` if it is not a bot's turn."""
        if not self.is_bot_turn:
            return None
        player = self.current_player
        assert player is not None  # a bot's turn has a player
        action = self.bot(player).choose(self.state)
        events = self.apply(action, by_bot=True)
        return action, events

    def play_bots(self, max_actions: int | None = None) -> int:
        """Play bot decisions until a human decides or the game ends; returns actions played."""
        limit = self.spec.max_actions if max_actions is None else max_actions
        count = 0
        while count < limit and self.bot_step() is not None:
            count += 1
        return count

    def result_text(self) -> str:
        winners = list(self.state.winners) if self.state.is_over else []
        if not self.state.is_over:
            return "The game is not over."
        if not winners:
            return "Game over: nobody wins."
        names = [self.name(w) for w in winners]
        if len(names) == 1:
            return f"Game over: {names[0]} wins."
        return f"Game over: {', '.join(names[:-1])} and {names[-1]} share the victory."

    # -- undo ---------------------------------------------------------------------------
    def undo_blocker(self) -> str | None:
        """Why the last step cannot be undone now, in words; ``None`` if it can."""
        if not self.history:
            return "Nothing to undo."
        return self._step_blocker(self.history[-1], self.state)

    def _step_blocker(self, last: HistoryEntry, state: GameState) -> str | None:
        """Why ``last`` cannot be undone when ``state`` is the position after it."""
        if last.by_bot:
            return "A bot's move cannot be undone."
        if last.irreversible:
            return "Dice were rolled or something was revealed: that cannot be undone."
        if state.is_over:
            return "The game is over."
        if last.player != state.current_player:
            return "That step was another player's decision."
        if last.player is None or not self.seats[last.player].is_human:
            return "A bot's move cannot be undone."
        if self.spec.turn_of(state) != last.turn:
            return "A new turn has started."
        return None

    def undoable_tail(self) -> list[HistoryEntry]:
        """The steps Undo can take back one after another from now (oldest first; ``[]`` when
        Undo is disabled): what a save keeps of the history."""
        tail: list[HistoryEntry] = []
        state = self.state
        for entry in reversed(self.history):
            if self._step_blocker(entry, state) is not None:
                break
            tail.append(entry)
            state = entry.before
        tail.reverse()
        return tail

    @property
    def can_undo(self) -> bool:
        return self.undo_blocker() is None

    def undo(self) -> HistoryEntry:
        """Take back the last step (see the module doc for the rule); raises ValueError."""
        reason = self.undo_blocker()
        if reason is not None:
            raise ValueError(reason)
        last = self.history.pop()
        if self.game_record is not None and self.game_record["moves"]:
            self.game_record["moves"].pop()
        self.state = last.before
        del self.log[last.log_length:]
        what = (self.spec.action_text(self.state, last.action, last.player) if self.spec.describe_action is not None
                else str(last.action))
        self.log.append(LogEntry(f"{self.name(last.player)} took back: {what}", last.player, "undo"))
        self.write_autosave()
        return last

    # -- saving ---------------------------------------------------------------------------
    def summary(self) -> str:
        seats = ", ".join(self.seat_label(i) for i in range(self.players))
        return f"{self.spec.title}: {seats}; {self.spec.turn_text(self.state)}"

    def to_save_text(self) -> str:
        log = self.log[-MAX_SAVED_LOG:]
        envelope = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.name,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "owner": self.owner,
            "revision": self.revision,
            "hints": self.hints,
            "finished": bool(self.state.is_over),
            "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "summary": self.summary(),
            "log": [e.to_dict() for e in log],
            "engine_save": self.state.to_json(),
            "undo": _undo_to_save(self.spec, self.undoable_tail(), len(self.log) - len(log)),
            "record": self.game_record,
        }
        return json.dumps(envelope, indent=1)

    def save_filename(self) -> str:
        return f"{self.spec.name}-save.json"

    @property
    def autosave_path(self) -> Path:
        return autosave_path(self.spec.name, self.save_directory, browser=self.browser)

    @contextlib.contextmanager
    def autosave_later(self, defer: Callable[[Callable[[], Any]], None] | None = None):
        """Hold autosaves inside the block and write once at its end (a page updates its
        widgets first, then touches the disk). ``defer(fn)``, if given, runs the write later
        (a page passes its loop's ``call_soon``)."""
        self._hold += 1
        try:
            yield self
        finally:
            self._hold -= 1
            if not self._hold and self._dirty:
                if defer is None:
                    self.write_autosave()
                else:
                    defer(self._flush_autosave)

    def _flush_autosave(self) -> None:
        if self._dirty and not self._hold:
            self.write_autosave()

    def write_autosave(self, *, take_over: bool = False) -> Path | None:
        """Write the autosave file (atomically); ``None`` if autosave is off, held, failed, or
        another session wrote the file after this one last saw it (see
        :attr:`autosave_conflict`; ``take_over=True`` overwrites it anyway)."""
        if not self.autosave_enabled:
            return None
        if self._hold:
            self._dirty = True
            return None
        self._dirty = False
        path = self.autosave_path
        with _folder_lock(path.parent):
            conflict = None if take_over else self._foreign_autosave(path)
            if conflict is None:
                self.revision += 1
                try:
                    atomic_write_text(path, self.to_save_text())
                except OSError:
                    self.revision -= 1
                    return None
        if conflict is not None:
            first = self.autosave_conflict is None
            self.autosave_conflict = conflict
            if first and self.on_autosave_conflict is not None:
                self.on_autosave_conflict(conflict)
            return None
        self.autosave_seen = (self.owner, self.revision)
        self.autosave_conflict = None
        return path

    def _foreign_autosave(self, path: Path) -> AutosaveConflict | None:
        """The conflict if another session's unfinished game is in ``path`` and was written
        after this session last saw the file; a bad file there is set aside."""
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        try:
            envelope = parse_session_save(raw)
        except SaveFileError:
            with contextlib.suppress(OSError):
                set_aside(path)
            return None
        if envelope is None or envelope.get("finished") is True:
            return None
        key = _autosave_key(envelope)
        if not key[0] or key[0] == self.owner or key == self.autosave_seen:
            return None
        return AutosaveConflict(path, key[0], str(envelope.get("saved_at", "")), str(envelope.get("summary", "")))

    def take_over_autosave(self) -> Path | None:
        """Overwrite the autosave with this game (after a conflict: "take over here")."""
        return self.write_autosave(take_over=True)

    def save_copy(self) -> Path:
        """Write this game to a new file ``<game>-copy-<UTC time>.json`` next to the autosave
        (after a conflict: "save a copy"); raises OSError."""
        path = _stamped_path(self.autosave_path.parent, f"{self.spec.name}-copy")
        return atomic_write_text(path, self.to_save_text())

    def discard_autosave(self) -> None:
        try:
            self.autosave_path.unlink()
        except OSError:
            return
        notify(REMOVE_HOOKS, self.autosave_path)


def _load_engine(spec: GameInfo, text: str) -> GameState:
    try:
        return spec.load(text)
    except SaveFileError:
        raise
    except Exception as exc:  # whatever an engine raises on a broken file is a bad save
        raise SaveFileError(f"the save file is corrupt ({type(exc).__name__}: {_short(str(exc), 120)})") from None


# --------------------------------------------------------------------------- undo in saves
def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists); raises for what JSON cannot hold."""
    return json.loads(json.dumps(value))


def _undo_to_save(spec: GameInfo, tail: Sequence[HistoryEntry], log_offset: int) -> list[dict]:
    """The save form of the undoable steps ``tail`` (oldest first): the newest ones that fit the
    bounds, down to the first that cannot be written (its log cut off, an action that is not
    among the legal ones, a turn key JSON cannot hold). Never raises."""
    kept: list[dict] = []
    size = 0
    for entry in reversed(tail[-MAX_SAVED_UNDO:]):
        try:
            legal = list(entry.before.legal_actions())
            index = legal.index(entry.action)
            item = {
                "before": entry.before.to_json(),
                "action": index,
                "action_type": type(entry.action).__name__,
                "events": [e.text for e in entry.events],
                "turn": _plain(entry.turn),
                "player": entry.player,
                "by_bot": entry.by_bot,
                "log_length": entry.log_length - log_offset,
            }
            size += len(item["before"]) + sum(len(t) for t in item["events"])
        except Exception:  # an engine that cannot say it: the older steps are not kept
            break
        if item["log_length"] < 0 or size > MAX_SAVED_UNDO_CHARS:
            break
        kept.append(item)
    kept.reverse()
    return kept


def _undo_from_save(spec: GameInfo, raw: Any, state: GameState, log_length: int) -> list[HistoryEntry]:
    """The history kept in a save (see :func:`_undo_to_save`), each step replayed on the
    position before it and checked against the next one; ``[]`` for anything that does not
    check out exactly. Never raises."""
    if not isinstance(raw, list) or not raw or len(raw) > MAX_SAVED_UNDO:
        return []
    try:
        history: list[HistoryEntry] = []
        befores: list[GameState] = []
        for item in raw:
            before = _saved_before(spec, item)
            if before is None:
                return []
            befores.append(before)
        afters = [b.to_json() for b in befores[1:]] + [state.to_json()]
        previous_log = 0
        for item, before, after in zip(raw, befores, afters):
            entry = _replay_saved_step(spec, item, before, after)
            if entry is None or not previous_log <= entry.log_length <= log_length:
                return []
            previous_log = entry.log_length
            history.append(entry)
        return history
    except Exception:  # a history the engine cannot replay: the game loads without it
        return []


def _saved_before(spec: GameInfo, item: Any) -> GameState | None:
    if not isinstance(item, dict) or not isinstance(item.get("before"), str):
        return None
    if len(item["before"]) > MAX_SAVED_UNDO_CHARS:
        return None
    return spec.load(item["before"])


def _replay_saved_step(spec: GameInfo, item: dict, before: GameState, after: str) -> HistoryEntry | None:
    """One saved step, if playing it on ``before`` gives the position ``after`` (an engine
    save) with the saved events, player and turn; ``None`` otherwise."""
    index, events_text, log_at = item.get("action"), item.get("events"), item.get("log_length")
    if type(index) is not int or type(log_at) is not int or item.get("by_bot") is not False:
        return None
    if not isinstance(events_text, list):
        return None
    player = before.current_player
    if before.is_over or item.get("player") != player or type(player) is not int:
        return None
    turn = spec.turn_of(before)
    if _plain(turn) != item.get("turn"):
        return None
    probe = before.copy()
    legal = list(probe.legal_actions())
    if not 0 <= index < len(legal) or type(legal[index]).__name__ != item.get("action_type"):
        return None
    action = legal[index]
    events = tuple(probe.apply(action) or ())
    if [e.text for e in events] != events_text or probe.to_json() != after:
        return None
    return HistoryEntry(player, action, events, before, turn, False, log_at)
