"""What the players at a table share besides the game: a short chat and the rematch. Pure Python.

- :func:`post_chat` / :func:`chat_lines`: a seated player's one-line messages (at most
  :data:`CHAT_MAX` characters; at most :data:`CHAT_BURST` in :data:`CHAT_WINDOW` seconds and one a
  :data:`CHAT_GAP`), stored as plain text with the seat's name; pages escape them where they draw
  them. A message marks the table changed, so every page's poll shows it.
- :func:`rematch`: the same game and options, the same seats (names, bots, the people's seat
  tokens: each browser keeps its seat) and host, a new deal. Made once: the first player to ask
  makes it, everyone else (asking or polling with :func:`rematch_of`) gets the same table.
"""
from __future__ import annotations

import json
import secrets
import time
from typing import NamedTuple

from ..core.session import fresh_seed
from .store import BadToken, TableError, TableStore

__all__ = ["CHAT_BURST", "CHAT_GAP", "CHAT_MAX", "CHAT_WINDOW", "ChatLine", "ChatRefused", "chat_lines",
           "post_chat", "rematch", "rematch_of"]

#: the longest message, in characters
CHAT_MAX = 200
#: at most this many messages of one seat in :data:`CHAT_WINDOW` seconds
CHAT_BURST = 5
CHAT_WINDOW = 30.0
#: seconds between two messages of one seat
CHAT_GAP = 1.0
#: how many of the latest lines a page shows
CHAT_SHOWN = 30


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
