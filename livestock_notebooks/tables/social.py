"""What the players at a table share besides the game: a short chat and the rematch. Pure Python.

- :func:`post_chat` / :func:`chat_lines`: a seated player's one-line messages (at most
  :data:`CHAT_MAX` characters; at most :data:`CHAT_BURST` in :data:`CHAT_WINDOW` seconds and one a
  :data:`CHAT_GAP`), stored as plain text with the seat's name; pages escape them where they draw
  them. A message marks the table changed, so every page's poll shows it.
- :func:`rematch`: the same game and options, the same seats (names, bots, the people's seat
  tokens: each browser keeps its seat) and host, a new deal. Made once: the first player to ask
  makes it, everyone else (asking or polling with :func:`rematch_of`) gets the same table.
- :func:`seat_move_code` / :func:`move_seat`: "continue on another device". The seated player
  gets a one-time code (valid :data:`MOVE_SECONDS`); whoever opens the link with it gets a new
  token for that seat (and the host's rights, for the host's seat) and the old token stops
  holding it. Only the code's hash is stored.
- :func:`set_public` / :func:`open_tables`: the host may list a table publicly; the tables page
  lists the public tables that still have a free seat.
- :func:`set_turn_timer` / :func:`turn_timer` / :func:`when_late` / :func:`last_move_at`: the
  host's turn timer and what happens when a person takes longer than it
  (:meth:`~livestock_notebooks.tables.service.TableService.play_for_late`): a bot moves for them
  (``"bot"``), or their seat passes (``"skip"``, in the games that have a pass: ``GameInfo.passes``).
"""
from __future__ import annotations

import json
import secrets
import time
from typing import Any, NamedTuple, Sequence

from ..core.session import fresh_seed
from .store import BadToken, TableError, TableStore, hash_token

__all__ = ["TIMER_CHOICES", "WHEN_LATE", "can_skip", "last_move_at", "pass_action",
           "set_turn_timer", "turn_timer", "when_late", "OpenTable", "is_public", "open_tables", "set_public", "MOVE_SECONDS", "move_seat", "seat_move_code", "CHAT_BURST", "CHAT_GAP", "CHAT_MAX", "CHAT_WINDOW", "ChatLine", "ChatRefused", "chat_lines",
           "post_chat", "rematch", "rematch_of"]

#: the longest message, in characters
CHAT_MAX = 200
#: at most this many messages of one seat in :data:`CHAT_WINDOW` seconds
CHAT_BURST = 5
CHAT_WINDOW = 30.0
#: seconds between two messages of one seat
CHAT_GAP = 1.0
#: how long a "continue on another device" link works, in seconds
MOVE_SECONDS = 600.0
#: the turn timers a host may choose, in seconds (0: none)
TIMER_CHOICES = (0, 30, 60, 120, 300, 900)
#: how many of the latest lines a page shows
CHAT_SHOWN = 30
#: what happens to a person out of time: a bot plays their move, or their seat passes
WHEN_LATE = ("bot", "skip")
# A skipped seat (the tables' house rule: no rulebook has a turn timer) plays the first legal
# action of its game's ``GameInfo.passes``, again while the decision stays its own (so its turn
# ends); a decision with none of them (a choice the rules require, such as where a barn goes) is
# made by the bot. A game without passes (BattleGoats: laying out, attacking and defending are
# all required) has no skip: its timer only offers the bot.
#: at most this many passes in a row for one late seat
MAX_PASSES = 12


class ChatRefused(TableError):
    """A message not sent: empty, too long, or too many too fast (the text says which)."""


class ChatLine(NamedTuple):
    at: float
    seat: int
    name: str
    text: str


def post_chat(store: TableStore, table_id: str, token: str | None, text: str, *, now: float | None = None) -> ChatLine:
    """Send ``text`` from ``token``'s seat; :class:`BadToken` without a seat, :class:`ChatRefused`
    for an empty, long or hurried message (nothing stored)."""
    seat = store.seat_of(table_id, token)
    if seat is None:
        raise BadToken("take a seat to chat")
    line = " ".join(str(text).split())
    if not line:
        raise ChatRefused("type a message first")
    if len(line) > CHAT_MAX:
        raise ChatRefused(f"a message is at most {CHAT_MAX} characters (this one has {len(line)})")
    now = time.time() if now is None else now
    recent = [r[0] for r in store._read("SELECT at FROM lsn_chat WHERE table_id = ? AND seat = ? AND at > ?",
                                        (table_id, seat, now - CHAT_WINDOW))]
    if len(recent) >= CHAT_BURST or (recent and max(recent) > now - CHAT_GAP):
        raise ChatRefused("slow down: wait a few seconds before the next message")
    name = store.get(table_id).seats[seat].name
    with store._tx() as conn:
        store._run(conn, "INSERT INTO lsn_chat (table_id, at, seat, name, text) VALUES (?, ?, ?, ?, ?)",
                   (table_id, now, seat, name, line))
        store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (max(now, time.time()), table_id))
    return ChatLine(now, seat, name, line)


def chat_lines(store: TableStore, table_id: str, limit: int = CHAT_SHOWN) -> list[ChatLine]:
    """The latest ``limit`` messages at the table, oldest first."""
    store._check_id(table_id)
    rows = store._read("SELECT at, seat, name, text FROM lsn_chat WHERE table_id = ? ORDER BY at DESC LIMIT ?",
                       (table_id, int(limit)))
    return [ChatLine(float(at), int(seat), str(name), str(text)) for at, seat, name, text in reversed(rows)]


def rematch_of(store: TableStore, table_id: str) -> str | None:
    """The id of ``table_id``'s rematch, if one was made."""
    store._check_id(table_id)
    rows = store._read("SELECT next_id FROM lsn_rematches WHERE table_id = ?", (table_id,))
    return str(rows[0][0]) if rows else None


def rematch(store: TableStore, table_id: str, token: str | None) -> str:
    """The id of ``table_id``'s rematch, made now if there is none yet (see the module doc).
    ``token`` must hold a seat (:class:`BadToken`) and the game must be over (:class:`TableError`)."""
    record = store.get(table_id)
    if store.seat_of(table_id, token) is None:
        raise BadToken("only a player at the table can ask for a rematch")
    if record.status != "over":
        raise TableError("the game is not over yet")
    existing = rematch_of(store, table_id)
    if existing is not None:
        return existing
    from .store import _game_info

    info = _game_info(record.game)
    seed = fresh_seed()
    state = info.new_game(players=len(record.seats), seed=seed, **{**info.new_game_options, **record.options})
    save = state.to_json()
    new_id = secrets.token_urlsafe(12)
    now = time.time()
    host_hash = store._read("SELECT host_hash FROM lsn_tables WHERE id = ?", (table_id,))[0][0]
    seats = store._read("SELECT idx, kind, name, bot, token_hash FROM lsn_seats WHERE table_id = ? ORDER BY idx",
                        (table_id,))
    status = "open" if any(kind == "free" for _i, kind, *_rest in seats) else "playing"
    with store._tx() as conn:
        won = store._run(conn, "INSERT INTO lsn_rematches (table_id, next_id) VALUES (?, ?) ON CONFLICT (table_id) "
                         "DO NOTHING", (table_id, new_id)).rowcount == 1
        if won:
            store._run(conn, "INSERT INTO lsn_tables (id, game, options, seed, version, save, host_seat, created, "
                       "updated, status, initial_save, host_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (new_id, record.game, json.dumps(record.options, sort_keys=True), seed, 0, save,
                        record.host_seat, now, now, status, save, host_hash))
            for idx, kind, name, bot, token_hash in seats:
                store._run(conn, "INSERT INTO lsn_seats (table_id, idx, kind, name, bot, token_hash) "
                           "VALUES (?, ?, ?, ?, ?, ?)", (new_id, idx, kind, name, bot, token_hash))
            store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (now, table_id))  # the pages' polls
    return new_id if won else str(rematch_of(store, table_id))


def seat_move_code(store: TableStore, table_id: str, token: str | None, *, now: float | None = None) -> str:
    """A one-time code that moves ``token``'s seat to whoever uses it (:func:`move_seat`) within
    :data:`MOVE_SECONDS`; :class:`BadToken` without a seat. An earlier code of the seat stops working."""
    seat = store.seat_of(table_id, token)
    if seat is None:
        raise BadToken("only a seated player can move their seat")
    now = time.time() if now is None else now
    code = secrets.token_urlsafe(18)
    with store._tx() as conn:
        store._run(conn, "DELETE FROM lsn_seat_moves WHERE (table_id = ? AND seat = ?) OR expires < ?",
                   (table_id, seat, now))
        store._run(conn, "INSERT INTO lsn_seat_moves (code_hash, table_id, seat, expires) VALUES (?, ?, ?, ?)",
                   (hash_token(code), table_id, seat, now + MOVE_SECONDS))
    return code


def move_seat(store: TableStore, table_id: str, code: str | None, *, now: float | None = None) -> tuple[int, str]:
    """Use a code of :func:`seat_move_code`: ``(seat, the new token)``. The code is used up and the
    seat's old token no longer holds it; :class:`BadToken` for an unknown, used or stale code."""
    store._check_id(table_id)
    if not code or not isinstance(code, str) or len(code) > 100:
        raise BadToken("that seat link is not valid")
    now = time.time() if now is None else now
    token = secrets.token_urlsafe(24)
    with store._tx() as conn:
        row = store._run(conn, "SELECT seat, expires FROM lsn_seat_moves WHERE code_hash = ? AND table_id = ?",
                         (hash_token(code), table_id)).fetchone()
        if row is None or float(row[1]) < now:
            raise BadToken("that seat link was used already or is too old: ask for a new one")
        seat = int(row[0])
        store._run(conn, "DELETE FROM lsn_seat_moves WHERE code_hash = ?", (hash_token(code),))
        old = store._run(conn, "SELECT token_hash FROM lsn_seats WHERE table_id = ? AND idx = ?",
                         (table_id, seat)).fetchone()
        store._run(conn, "UPDATE lsn_seats SET token_hash = ? WHERE table_id = ? AND idx = ?",
                   (hash_token(token), table_id, seat))
        store._run(conn, "UPDATE lsn_tables SET host_hash = ?, updated = ? WHERE id = ? AND host_hash = ?",
                   (hash_token(token), now, table_id, old[0] if old else ""))
        store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (max(now, time.time()), table_id))
    return seat, token


class OpenTable(NamedTuple):
    """A public table with a free seat, as the tables page lists it."""

    id: str
    game: str
    host_name: str
    free: int
    seats: int


def set_public(store: TableStore, table_id: str, token: str | None, public: bool) -> None:
    """List (or stop listing) the table on the tables page; the host's token only (:class:`BadToken`)."""
    if not store.is_host(table_id, token):
        raise BadToken("only the host can list a table")
    with store._tx() as conn:
        store._run(conn, "DELETE FROM lsn_public WHERE table_id = ?", (table_id,))
        if public:
            store._run(conn, "INSERT INTO lsn_public (table_id) VALUES (?)", (table_id,))
        store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (time.time(), table_id))


def is_public(store: TableStore, table_id: str) -> bool:
    store._check_id(table_id)
    return bool(store._read("SELECT 1 FROM lsn_public WHERE table_id = ?", (table_id,)))


def open_tables(store: TableStore, limit: int = 10) -> list[OpenTable]:
    """The public tables waiting for players (a free seat, not expired), the latest first."""
    since = time.time() - store.idle_seconds
    rows = store._read("SELECT t.id, t.game, t.host_seat FROM lsn_tables t JOIN lsn_public p ON p.table_id = t.id "
                       "WHERE t.status = 'open' AND t.updated >= ? ORDER BY t.updated DESC LIMIT ?",
                       (since, int(limit)))
    out = []
    for table_id, game, host_seat in rows:
        seats = store._read("SELECT idx, kind, name FROM lsn_seats WHERE table_id = ? ORDER BY idx", (table_id,))
        host = next((str(name) for idx, _kind, name in seats if idx == host_seat), "")
        free = sum(1 for _idx, kind, _name in seats if kind == "free")
        if free:
            out.append(OpenTable(str(table_id), str(game), host, free, len(seats)))
    return out


def can_skip(game: str) -> bool:
    """Whether a late seat of ``game`` may be skipped (the game has a pass: ``GameInfo.passes``)."""
    from ..games import GAMES

    return game in GAMES and bool(GAMES[game].passes)


def pass_action(game: str, legal: Sequence[Any]) -> Any | None:
    """The first of ``game``'s passes (``GameInfo.passes``) among the ``legal`` actions, else ``None``."""
    from ..games import GAMES

    for wanted in GAMES[game].passes:
        for action in legal:
            data = action.to_dict()
            if all(data.get(key) == value for key, value in wanted.items()):
                return action
    return None


def set_turn_timer(store: TableStore, table_id: str, token: str | None, seconds: int, late: str = "bot") -> None:
    """The host sets the turn timer (one of :data:`TIMER_CHOICES`; 0: none) and what happens to a
    late player (one of :data:`WHEN_LATE`; ``"skip"`` only where :func:`can_skip`);
    :class:`BadToken` for anyone else, ``ValueError`` for another length or choice."""
    if not store.is_host(table_id, token):
        raise BadToken("only the host sets the turn timer")
    if int(seconds) not in TIMER_CHOICES:
        raise ValueError(f"a turn timer is one of {TIMER_CHOICES} seconds")
    if late not in WHEN_LATE:
        raise ValueError(f"a late player's move is one of {WHEN_LATE}")
    if late == "skip" and not can_skip(store.get(table_id).game):
        raise ValueError("this game has no pass: a bot moves for a late player")
    with store._tx() as conn:
        store._run(conn, "DELETE FROM lsn_timers WHERE table_id = ?", (table_id,))
        store._run(conn, "DELETE FROM lsn_timer_skips WHERE table_id = ?", (table_id,))
        if int(seconds):
            store._run(conn, "INSERT INTO lsn_timers (table_id, seconds) VALUES (?, ?)", (table_id, int(seconds)))
            if late == "skip":
                store._run(conn, "INSERT INTO lsn_timer_skips (table_id) VALUES (?)", (table_id,))
        store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (time.time(), table_id))


def when_late(store: TableStore, table_id: str) -> str:
    """What the table's turn timer does to a late player: ``"bot"`` or ``"skip"``."""
    store._check_id(table_id)
    return "skip" if store._read("SELECT 1 FROM lsn_timer_skips WHERE table_id = ?", (table_id,)) else "bot"


def turn_timer(store: TableStore, table_id: str) -> int:
    """The table's turn timer in seconds (0: none)."""
    store._check_id(table_id)
    rows = store._read("SELECT seconds FROM lsn_timers WHERE table_id = ?", (table_id,))
    return int(rows[0][0]) if rows else 0


def last_move_at(store: TableStore, table_id: str, version: int, created: float) -> float:
    """When the move that made ``version`` was stored (``created`` for the first position)."""
    rows = store._read("SELECT at FROM lsn_actions WHERE table_id = ? AND version = ?", (table_id, int(version)))
    return float(rows[0][0]) if rows else float(created)
