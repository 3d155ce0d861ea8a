"""Where a table lives between moves: :class:`TableStore` (SQLite or PostgreSQL). Pure Python.

A table is one game that several browsers play at. Its row holds the engine save, a version
number (the count of actions committed) and the seats; a second table holds the action log, so
a whole game can be replayed from the first position. No kernel holds a table: every page reads
it from the store and writes an action back only against the version it was made on
(:meth:`TableStore.commit`, a compare-and-set), so two tabs or two app servers can never both
play on the same version, and no update is lost.

The store is named by a URL:

- ``sqlite:///path/to/tables.db``: one file (WAL mode), created on first use. The default
  (:func:`default_url`) is ``tables.db`` in the app's data folder; ``LIVESTOCK_TABLES_URL``
  overrides it. A write takes SQLite's write lock first (``BEGIN IMMEDIATE``), then checks
  the version in the same ``UPDATE``. (``synchronous=NORMAL``: a power cut may lose the last
  moves, never damage the file.)
- ``postgresql://user:password@host/dbname`` (psycopg 3, the ``postgres`` extra): several app
  servers share one database. ``UPDATE ... WHERE version = %s`` and the row count tell whether
  this writer won.

Seats are guarded by tokens: :func:`secrets.token_urlsafe` values handed to the browser that
took the seat and stored here only as their SHA-256, so reading the database does not give
anyone a seat. Table ids are unguessable too (the invite link carries the id, never a token).
Tables idle longer than ``idle_seconds`` expire (:meth:`TableStore.expire`).

Anything read back that is not what this module wrote (a hand-edited or damaged row) raises
:class:`~livestock_notebooks.core.errors.SaveFileError` naming the field.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..core.errors import SaveFileError
from ..core.session import SAVE_DIR_ENV, fresh_seed, save_dir

__all__ = [
    "DEFAULT_IDLE_SECONDS", "IDLE_ENV", "URL_ENV", "BadToken", "SeatRecord", "SeatTaken", "StaleVersion",
    "TableError", "TableNotFound", "TableRecord", "TableStore", "default_url", "hash_token", "open_store",
]

#: the store's URL, when set (else :func:`default_url`)
URL_ENV = "LIVESTOCK_TABLES_URL"
#: seconds without a change after which a table expires, when set
IDLE_ENV = "LIVESTOCK_TABLES_IDLE_SECONDS"
DEFAULT_IDLE_SECONDS = 7 * 24 * 3600
SEAT_KINDS = ("free", "human", "bot")
STATUSES = ("open", "playing", "over")
MAX_NAME = 40
_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS lsn_tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed BIGINT NOT NULL,
        version BIGINT NOT NULL, save TEXT NOT NULL, initial_save TEXT NOT NULL,
        host_seat INTEGER NOT NULL, host_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL, status TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS lsn_seats (
        table_id TEXT NOT NULL, idx INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
        bot TEXT, token_hash TEXT, PRIMARY KEY (table_id, idx))""",
    """CREATE TABLE IF NOT EXISTS lsn_actions (
        table_id TEXT NOT NULL, version BIGINT NOT NULL, seat INTEGER, entry TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, version))""",
    "CREATE INDEX IF NOT EXISTS lsn_tables_updated ON lsn_tables (updated)",
    # the table's chat and its rematch (livestock_notebooks/tables/social.py)
    """CREATE TABLE IF NOT EXISTS lsn_chat (
        table_id TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
        text TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS lsn_chat_table ON lsn_chat (table_id, at)",
    "CREATE TABLE IF NOT EXISTS lsn_rematches (table_id TEXT PRIMARY KEY, next_id TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS lsn_seat_moves (
        code_hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
        expires DOUBLE PRECISION NOT NULL)""",
    "CREATE TABLE IF NOT EXISTS lsn_public (table_id TEXT PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS lsn_timers (table_id TEXT PRIMARY KEY, seconds INTEGER NOT NULL)",
    # a row: the turn timer skips a late seat (GameInfo.passes) rather than let a bot move for it
    "CREATE TABLE IF NOT EXISTS lsn_timer_skips (table_id TEXT PRIMARY KEY)",
)
_TABLE_COLUMNS = "id, game, options, seed, version, save, host_seat, created, updated, status"


# --------------------------------------------------------------------------- errors and records
class TableError(Exception):
    """Base of the store's refusals."""


class TableNotFound(TableError, LookupError):
    """No such table (never made, expired, or the id is not one this store makes)."""


class SeatTaken(TableError):
    """The seat asked for is not free (or there is no free seat left)."""


class BadToken(TableError, PermissionError):
    """The token given holds no seat at this table, or is not the host's."""


class StaleVersion(TableError):
    """The table moved on since the version an action was made on; ``current`` is its version now."""

    def __init__(self, table_id: str, expected: int, current: int):
        self.table_id, self.expected, self.current = table_id, expected, current
        super().__init__(f"table {table_id} is at version {current}, not {expected}: "
                         "someone played first; look again and decide")


@dataclass(frozen=True)
class SeatRecord:
    """Who sits at a seat: ``kind`` ``"free"``, ``"human"`` (``name``) or ``"bot"`` (``bot``)."""

    index: int
    kind: str
    name: str
    bot: str | None = None


@dataclass(frozen=True)
class TableRecord:
    """One table as stored. ``host_seat`` is -1 when the host plays no seat."""

    id: str
    game: str
    options: dict
    version: int
    save: str
    seats: tuple[SeatRecord, ...]
    host_seat: int
    created: float
    updated: float
    status: str
    seed: int = 0

    def seat(self, index: int) -> SeatRecord:
        return self.seats[index]

    @property
    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "free"]


def hash_token(token: str) -> str:
    """What the store keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _new_token() -> str:
    return secrets.token_urlsafe(24)


def clean_name(name: object, index: int) -> str:
    """A player's name as shown to everyone: printable, at most :data:`MAX_NAME` characters;
    ``"Player <n>"`` when empty."""
    text = "".join(c for c in str(name or "") if c.isprintable()).strip()[:MAX_NAME].strip()
    return text or f"Player {index + 1}"


# --------------------------------------------------------------------------- where the store is
def default_url() -> str:
    """``LIVESTOCK_TABLES_URL`` if set; else SQLite in the app's data folder: the save folder when
    ``LIVESTOCK_NOTEBOOKS_SAVE_DIR`` is set, else ``~/.livestock_notebooks``."""
    env = os.environ.get(URL_ENV)
    if env:
        return env
    folder = save_dir() if os.environ.get(SAVE_DIR_ENV) else Path.home() / ".livestock_notebooks"
    return f"sqlite:///{folder / 'tables.db'}"


_STORES: dict[str, "TableStore"] = {}
_STORES_LOCK = threading.Lock()


def open_store(url: str | None = None) -> "TableStore":
    """The store at ``url`` (default :func:`default_url`), one per URL and process."""
    url = url or default_url()
    with _STORES_LOCK:
        store = _STORES.get(url)
        if store is None or store.pid != os.getpid():
            store = _STORES[url] = TableStore(url)
        return store


def _game_info(game: str):
    from ..games import GAMES  # the engines, imported once a table is made or read

    return GAMES.get(game)


# --------------------------------------------------------------------------- the store
class TableStore:
    """Tables in a SQLite file or a PostgreSQL database (see the module docstring).

    One connection per thread and process; every method may be called from any thread."""

    def __init__(self, url: str | None = None, *, idle_seconds: float | None = None):
        self.url = url or default_url()
        if idle_seconds is None:
            idle_seconds = float(os.environ.get(IDLE_ENV) or DEFAULT_IDLE_SECONDS)
        self.idle_seconds = float(idle_seconds)
        self.pid = os.getpid()
        self._local = threading.local()
        self._last_expire = 0.0
        #: a test hook: called inside :meth:`commit` after the version was moved, before the
        #: log entry is written and the transaction commits
        self._pause_in_commit: Callable[[], Any] | None = None
        self.path: Path | None = None
        if self.url.startswith("sqlite:///"):
            self.backend = "sqlite"
            self.path = Path(self.url[len("sqlite:///"):]).expanduser()
        elif self.url.startswith(("postgresql://", "postgres://")):
            self.backend = "postgresql"
        else:
            raise ValueError("a tables URL starts with sqlite:/// or postgresql://")
        self._ensure_schema()

    def __repr__(self) -> str:
        shown = re.sub(r"://([^:/@]*):[^@]*@", r"://\1:***@", self.url)  # no password in logs
        return f"TableStore({shown!r})"

    # -- connections and transactions -------------------------------------------------------
    def _connect(self) -> Any:
        if self.backend == "sqlite":
            assert self.path is not None
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(self.path), timeout=30, isolation_level=None)
            conn.execute("PRAGMA busy_timeout = 30000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            return conn
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - depends on the machine
            raise RuntimeError("a PostgreSQL tables URL needs psycopg: pip install 'livestock-notebooks[postgres]'") from exc
        return psycopg.connect(self.url, autocommit=True)

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is not None and (getattr(conn, "closed", False) or getattr(conn, "broken", False)):
            conn = None  # PostgreSQL went away (a restart, a dropped link): connect again
        if conn is None or getattr(self._local, "pid", None) != os.getpid():
            conn = self._local.conn = self._connect()
            self._local.pid = os.getpid()
        return conn

    def close(self) -> None:
        """Close this thread's connection (a later call opens a new one)."""
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None and getattr(self._local, "pid", None) == os.getpid():
            with contextlib.suppress(Exception):
                conn.close()

    def _sql(self, sql: str) -> str:
        return sql if self.backend == "sqlite" else sql.replace("?", "%s")

    def _run(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> Any:
        return conn.execute(self._sql(sql), tuple(params))

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Any]:
        """A write transaction: SQLite takes the write lock at once (``BEGIN IMMEDIATE``)."""
        conn = self._conn()
        if self.backend == "postgresql":
            with contextlib.ExitStack() as stack:
                try:
                    stack.enter_context(conn.transaction())
                except Exception:  # the link was lost since the last call: nothing was sent yet
                    if not getattr(conn, "broken", False):
                        raise
                    conn = self._conn()
                    stack.enter_context(conn.transaction())
                yield conn
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        conn = self._conn()
        try:
            return list(self._run(conn, sql, params).fetchall())
        except Exception:
            if not getattr(conn, "broken", False):
                raise
            return list(self._run(self._conn(), sql, params).fetchall())  # once more, connected again

    def _ensure_schema(self) -> None:
        with self._tx() as conn:
            if self.backend == "postgresql":  # CREATE ... IF NOT EXISTS races between servers
                conn.execute("SELECT pg_advisory_xact_lock(1521151815)")
            for statement in _SCHEMA:
                conn.execute(statement)

    # -- making and reading tables ------------------------------------------------------------
    def create(self, game: str, options: Mapping[str, Any] | None, seats_spec: Sequence[str],
               host_name: str = "", *, seed: int | None = None) -> tuple[TableRecord, str]:
        """A new table of ``game`` and the host's token. ``seats_spec``: one entry a seat,
        ``"human"`` (the first is the host's; any other waits for a visitor, like ``"free"``),
        ``"free"`` or ``"bot:<name>"``. ``options`` go to the game's ``new_game``."""
        info = _game_info(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}")
        options = dict(options or {})
        try:
            options = json.loads(json.dumps(options))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"table options must be plain JSON values ({exc})") from None
        if not info.min_players <= len(seats_spec) <= info.max_players:
            raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {len(seats_spec)}")
        seats, host_seat = _seats_from_spec(info, seats_spec, host_name)
        seed = fresh_seed() if seed is None else int(seed)
        try:
            state = info.new_game(players=len(seats), seed=seed, **{**info.new_game_options, **options})
        except TypeError as exc:
            raise ValueError(f"options not accepted by {info.title}: {exc}") from None
        save = state.to_json()
        self.expire_now_and_then()
        table_id = secrets.token_urlsafe(12)
        token = _new_token()
        now = time.time()
        status = "open" if any(s.kind == "free" for s in seats) else "playing"
        with self._tx() as conn:
            self._run(conn, f"INSERT INTO lsn_tables ({_TABLE_COLUMNS}, initial_save, host_hash) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (table_id, game, json.dumps(options, sort_keys=True), seed, 0, save, host_seat,
                       now, now, status, save, hash_token(token)))
            for seat in seats:
                token_hash = hash_token(token) if seat.index == host_seat else None
                self._run(conn, "INSERT INTO lsn_seats (table_id, idx, kind, name, bot, token_hash) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (table_id, seat.index, seat.kind, seat.name, seat.bot, token_hash))
        return self.get(table_id), token

    def get(self, table_id: str) -> TableRecord:
        """The table ``table_id``; :class:`TableNotFound` if there is none (or it expired)."""
        self._check_id(table_id)
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM lsn_tables WHERE id = ?", (table_id,))
        if not rows:
            raise TableNotFound(f"no table {table_id}: it never existed or it expired")
        seats = self._read("SELECT idx, kind, name, bot FROM lsn_seats WHERE table_id = ? ORDER BY idx", (table_id,))
        record = _record_from_row(rows[0], seats)
        if record.updated < time.time() - self.idle_seconds:
            raise TableNotFound(f"table {table_id} expired after {self.idle_seconds:.0f} idle seconds")
        return record

    def stamp(self, table_id: str) -> tuple[int, float]:
        """``(version, updated)``: a cheap look to tell whether anything changed (a move moves the
        version; a seat taken or given moves ``updated``)."""
        self._check_id(table_id)
        rows = self._read("SELECT version, updated FROM lsn_tables WHERE id = ?", (table_id,))
        if not rows:
            raise TableNotFound(f"no table {table_id}: it never existed or it expired")
        return int(rows[0][0]), float(rows[0][1])

    def initial_save(self, table_id: str) -> str:
        """The engine save of the table's first position (the start of :meth:`actions`)."""
        self._check_id(table_id)
        rows = self._read("SELECT initial_save FROM lsn_tables WHERE id = ?", (table_id,))
        if not rows:
            raise TableNotFound(f"no table {table_id}")
        if not isinstance(rows[0][0], str):
            raise SaveFileError("table record: initial_save is not text")
        return rows[0][0]

    def actions(self, table_id: str) -> list[dict]:
        """The action log, oldest first: each entry as committed, plus ``version`` (the version
        the action made), ``seat`` and ``at``."""
        self._check_id(table_id)
        rows = self._read("SELECT version, seat, entry, at FROM lsn_actions WHERE table_id = ? ORDER BY version", (table_id,))
        out = []
        for number, (version, seat, entry, at) in enumerate(rows, start=1):
            if version != number:
                raise SaveFileError(f"action log: entry {number} has version {version!r}")
            try:
                data = json.loads(entry)
            except (TypeError, ValueError):
                raise SaveFileError(f"action log: entry {number} is not JSON") from None
            if not isinstance(data, dict):
                raise SaveFileError(f"action log: entry {number} is not an object")
            out.append({**data, "version": version, "seat": seat, "at": at})
        return out

    # -- seats ----------------------------------------------------------------------------------
    def claim(self, table_id: str, seat: int | None, name: str) -> tuple[int, str]:
        """Take ``seat`` (``None``: the first free one) under ``name``; returns the seat and its
        token. :class:`SeatTaken` when that seat (or every seat) is taken."""
        record = self.get(table_id)
        wanted = record.free_seats if seat is None else [seat]
        if seat is not None and not 0 <= seat < len(record.seats):
            raise SeatTaken(f"there is no seat {seat} at this table")
        token = _new_token()
        with self._tx() as conn:
            for index in wanted:
                cursor = self._run(conn, "UPDATE lsn_seats SET kind = 'human', name = ?, bot = NULL, token_hash = ? "
                                   "WHERE table_id = ? AND idx = ? AND kind = 'free'",
                                   (clean_name(name, index), hash_token(token), table_id, index))
                if cursor.rowcount == 1:
                    self._touch(conn, table_id)
                    return index, token
        raise SeatTaken("that seat is taken" if seat is not None else "every seat at this table is taken")

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat ``token`` holds at the table, or ``None``."""
        if not token or not isinstance(token, str):
            return None
        self._check_id(table_id)
        rows = self._read("SELECT idx FROM lsn_seats WHERE table_id = ? AND token_hash = ?", (table_id, hash_token(token)))
        return int(rows[0][0]) if rows else None

    def is_host(self, table_id: str, token: str | None) -> bool:
        if not token or not isinstance(token, str):
            return False
        self._check_id(table_id)
        return bool(self._read("SELECT 1 FROM lsn_tables WHERE id = ? AND host_hash = ?", (table_id, hash_token(token))))

    def set_seat(self, table_id: str, host_token: str, seat: int, kind: str, bot: str | None = None) -> TableRecord:
        """The host gives ``seat`` to a bot (``kind="bot"``, ``bot`` its name) or takes it back
        (``kind="free"``: a visitor may take it; whoever held it loses it). Others get
        :class:`BadToken`."""
        record = self.get(table_id)
        if not self.is_host(table_id, host_token):
            raise BadToken("only the table's host can change who plays a seat")
        if not 0 <= seat < len(record.seats):
            raise ValueError(f"there is no seat {seat} at this table")
        if kind == "bot":
            info = _game_info(record.game)
            if not bot or info is None or info.bot_name(bot) not in info.bots:
                raise ValueError(f"unknown bot {bot!r}")
            bot = info.bot_name(bot)
            name = f"{info.bot_label(bot)} bot"
        elif kind == "free":
            bot, name = None, f"Player {seat + 1}"
        else:
            raise ValueError("a host makes a seat 'bot' or 'free'")
        with self._tx() as conn:
            self._run(conn, "UPDATE lsn_seats SET kind = ?, name = ?, bot = ?, token_hash = NULL "
                      "WHERE table_id = ? AND idx = ?", (kind, name, bot, table_id, seat))
            self._touch(conn, table_id)
        return self.get(table_id)

    def _touch(self, conn: Any, table_id: str) -> None:
        """``updated`` now, and the status from the free seats (a finished table stays over)."""
        free = self._run(conn, "SELECT COUNT(*) FROM lsn_seats WHERE table_id = ? AND kind = 'free'", (table_id,)).fetchone()[0]
        self._run(conn, "UPDATE lsn_tables SET updated = ?, status = CASE WHEN status = 'over' THEN 'over' "
                  "WHEN ? > 0 THEN 'open' ELSE 'playing' END WHERE id = ?", (time.time(), int(free), table_id))

    # -- moves ----------------------------------------------------------------------------------
    def commit(self, table_id: str, expected_version: int, new_save: str, action_json: str | Mapping[str, Any],
               token: str | None = None, *, status: str | None = None) -> int:
        """Store ``new_save`` as version ``expected_version + 1`` and append ``action_json`` to the
        log, in one transaction, only if the table is still at ``expected_version``
        (:class:`StaleVersion` otherwise, nothing written). ``token``, when given, must hold a
        seat (:class:`BadToken`); it is logged as the acting seat. ``status="over"`` marks the
        end of the game. Returns the new version."""
        self._check_id(table_id)
        if not isinstance(new_save, str):
            raise TypeError("new_save is an engine save (text)")
        if status is not None and status not in STATUSES:
            raise ValueError(f"status is one of {STATUSES}")
        entry = json.loads(action_json) if isinstance(action_json, str) else json.loads(json.dumps(dict(action_json)))
        if not isinstance(entry, dict):
            raise ValueError("an action log entry is a JSON object")
        seat = entry.get("seat")
        seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        entry.pop("version", None)
        now = time.time()
        with self._tx() as conn:
            if token is not None:
                row = self._run(conn, "SELECT idx FROM lsn_seats WHERE table_id = ? AND token_hash = ?",
                                (table_id, hash_token(str(token)))).fetchone()
                if row is None:
                    raise BadToken("this token holds no seat at this table")
                seat = int(row[0])
            cursor = self._run(conn, "UPDATE lsn_tables SET version = version + 1, save = ?, updated = ?, "
                               "status = COALESCE(?, status) WHERE id = ? AND version = ?",
                               (new_save, now, status, table_id, int(expected_version)))
            if cursor.rowcount != 1:
                row = self._run(conn, "SELECT version FROM lsn_tables WHERE id = ?", (table_id,)).fetchone()
                if row is None:
                    raise TableNotFound(f"no table {table_id}")
                raise StaleVersion(table_id, int(expected_version), int(row[0]))
            if self._pause_in_commit is not None:
                self._pause_in_commit()
            self._run(conn, "INSERT INTO lsn_actions (table_id, version, seat, entry, at) VALUES (?, ?, ?, ?, ?)",
                      (table_id, int(expected_version) + 1, seat, json.dumps(entry, sort_keys=True), now))
        return int(expected_version) + 1

    # -- expiry -----------------------------------------------------------------------------------
    def expire(self, idle_seconds: float | None = None) -> int:
        """Delete the tables unchanged for ``idle_seconds`` (default :attr:`idle_seconds`), with
        their seats and logs; returns how many went."""
        limit = time.time() - (self.idle_seconds if idle_seconds is None else float(idle_seconds))
        with self._tx() as conn:
            ids = [r[0] for r in self._run(conn, "SELECT id FROM lsn_tables WHERE updated < ?", (limit,)).fetchall()]
            for table_id in ids:
                for sql in ("DELETE FROM lsn_actions WHERE table_id = ?", "DELETE FROM lsn_seats WHERE table_id = ?",
                            "DELETE FROM lsn_chat WHERE table_id = ?", "DELETE FROM lsn_rematches WHERE table_id = ?",
                            "DELETE FROM lsn_seat_moves WHERE table_id = ?", "DELETE FROM lsn_public WHERE table_id = ?",
                            "DELETE FROM lsn_timers WHERE table_id = ?", "DELETE FROM lsn_timer_skips WHERE table_id = ?",
                            "DELETE FROM lsn_tables WHERE id = ?"):
                    self._run(conn, sql, (table_id,))
        self._last_expire = time.time()
        return len(ids)

    def expire_now_and_then(self, every: float = 60.0) -> int:
        """:meth:`expire`, at most once every ``every`` seconds (new tables call it)."""
        if time.time() - self._last_expire < every:
            return 0
        return self.expire()

    def _check_id(self, table_id: object) -> None:
        if not isinstance(table_id, str) or not _ID.fullmatch(table_id):
            raise TableNotFound("that is not a table id")


def _seats_from_spec(info: Any, spec: Sequence[str], host_name: str) -> tuple[list[SeatRecord], int]:
    seats: list[SeatRecord] = []
    host = -1
    for index, item in enumerate(spec):
        item = str(item)
        if item == "human" and host < 0:
            host = index
            seats.append(SeatRecord(index, "human", clean_name(host_name, index)))
        elif item in ("human", "free"):
            seats.append(SeatRecord(index, "free", f"Player {index + 1}"))
        elif item.startswith("bot:") and info.bot_name(item[4:]) in info.bots:
            bot = info.bot_name(item[4:])
            seats.append(SeatRecord(index, "bot", f"{info.bot_label(bot)} bot", bot))
        else:
            raise ValueError(f"seat {index + 1}: {item!r} is not 'human', 'free' or 'bot:<one of {sorted(info.bots)}>'")
    return seats, host


def _record_from_row(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]]) -> TableRecord:
    """A :class:`TableRecord` from its rows, every field checked (:class:`SaveFileError` names
    the first that is not as this module writes it)."""
    table_id, game, options, seed, version, save, host_seat, created, updated, status = row
    info = _game_info(game) if isinstance(game, str) else None
    if info is None:
        raise SaveFileError(f"table record: game {game!r} is not one of this app's games")
    try:
        opts = json.loads(options) if isinstance(options, str) else None
    except ValueError:
        opts = None
    if not isinstance(opts, dict):
        raise SaveFileError("table record: options are not a JSON object")
    for field, value in (("seed", seed), ("version", version), ("host_seat", host_seat)):
        if not isinstance(value, int) or isinstance(value, bool) or (field == "version" and value < 0):
            raise SaveFileError(f"table record: {field} is not a whole number")
    if not isinstance(save, str):
        raise SaveFileError("table record: save is not text")
    for field, value in (("created", created), ("updated", updated)):
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            raise SaveFileError(f"table record: {field} is not a time")
    if status not in STATUSES:
        raise SaveFileError(f"table record: status {status!r} is not one of {STATUSES}")
    seats = []
    for expected, seat_row in enumerate(seat_rows):
        index, kind, name, bot = seat_row
        if index != expected:
            raise SaveFileError(f"table record: seats are not numbered 0 to {len(seat_rows) - 1}")
        if kind not in SEAT_KINDS or not isinstance(name, str) or len(name) > MAX_NAME * 2:
            raise SaveFileError(f"table record: seat {index} is not free, human or bot with a name")
        if kind == "bot" and (not isinstance(bot, str) or info.bot_name(bot) not in info.bots):
            raise SaveFileError(f"table record: seat {index} names an unknown bot {bot!r}")
        seats.append(SeatRecord(index, kind, name, bot if kind == "bot" else None))
    if not info.min_players <= len(seats) <= info.max_players:
        raise SaveFileError(f"table record: seats: {len(seats)} seats for {info.title}")
    if not -1 <= host_seat < len(seats):
        raise SaveFileError("table record: host_seat is not one of the seats")
    return TableRecord(table_id, game, opts, version, save, tuple(seats), host_seat, float(created), float(updated),
                       status, seed)
