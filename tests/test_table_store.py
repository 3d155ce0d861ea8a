"""The table store and service (issue 15): a table lives in SQLite or PostgreSQL, actions are
accepted only against the version they were made on, seats are guarded by tokens.

Every test runs on SQLite, and on PostgreSQL when ``LIVESTOCK_TEST_POSTGRES_URL`` names a
database (``.ci/run`` starts one); with ``CI`` set and no such variable, the PostgreSQL cases
fail instead of skipping. Each run works in a schema of its own, dropped at the end.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import secrets
import signal
import threading
import time
from pathlib import Path

import pytest

from livestock_notebooks.core.errors import IllegalAction, NotYourDecision, SaveFileError
from livestock_notebooks.tables import (
    BadToken, SeatTaken, StaleVersion, TableNotFound, TableService, TableStore, open_store, world_for,
)
from livestock_notebooks.tables import store as store_module

PG_ENV = "LIVESTOCK_TEST_POSTGRES_URL"


# --------------------------------------------------------------------------- both backends
@pytest.fixture(scope="module")
def postgres_url():
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {PG_ENV} is not: .ci/run starts PostgreSQL and sets it")
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL database to test against")
    import psycopg

    schema = "lsn_test_" + secrets.token_hex(4)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def store(url):
    store = TableStore(url)
    yield store
    store.close()


def raw(store: TableStore, sql: str, params=()):
    """Run SQL on the store's database as someone editing it by hand would."""
    cursor = store._run(store._conn(), sql, params)
    return cursor.fetchall() if cursor.description else None


def new_table(store, game="battlegoats", seats=("human", "free", "bot:random"), name="Ann", seed=7):
    return store.create(game, {}, list(seats), name, seed=seed)


# --------------------------------------------------------------------------- seats and tokens
def test_create_gives_the_host_the_first_human_seat_and_an_unguessable_id(store):
    record, token = new_table(store)
    assert [(s.kind, s.name, s.bot) for s in record.seats] == [
        ("human", "Ann", None), ("free", "Player 2", None), ("bot", "Random bot", "random")]
    assert record.host_seat == 0 and record.version == 0 and record.status == "open"
    assert store.seat_of(record.id, token) == 0 and store.is_host(record.id, token)
    assert len(record.id) >= 16 and record.id != new_table(store)[0].id
    with pytest.raises(ValueError, match="not 'human', 'free' or 'bot"):
        store.create("battlegoats", {}, ["human", "bot:nobody"], "Ann")
    with pytest.raises(ValueError, match="2 to 6 players"):
        store.create("battlegoats", {}, ["human"], "Ann")


def test_claims_take_free_seats_once(store):
    record, _ = new_table(store, seats=("human", "free", "free"))
    seat, bob = store.claim(record.id, None, "  Bob\x00\n ")
    assert seat == 1 and store.get(record.id).seats[1].name == "Bob"
    with pytest.raises(SeatTaken):
        store.claim(record.id, 1, "Eve")
    with pytest.raises(SeatTaken):
        store.claim(record.id, 0, "Eve")
    seat, cat = store.claim(record.id, None, "x" * 500)
    assert seat == 2 and len(store.get(record.id).seats[2].name) == 40
    assert store.get(record.id).status == "playing"
    with pytest.raises(SeatTaken, match="every seat"):
        store.claim(record.id, None, "Dan")
    assert (store.seat_of(record.id, bob), store.seat_of(record.id, cat)) == (1, 2)


def test_tokens_are_stored_hashed_and_a_wrong_token_is_refused(store):
    record, host = new_table(store)
    seat, bob = store.claim(record.id, None, "Bob")
    stored = json.dumps(raw(store, "SELECT * FROM lsn_seats") + raw(store, "SELECT * FROM lsn_tables"))
    assert host not in stored and bob not in stored
    assert hashlib.sha256(bob.encode()).hexdigest() in stored
    assert store.seat_of(record.id, bob + "x") is None
    assert store.seat_of(record.id, hashlib.sha256(bob.encode()).hexdigest()) is None  # the hash is no key
    assert store.seat_of(record.id, None) is None and not store.is_host(record.id, bob)
    with pytest.raises(BadToken):
        store.commit(record.id, 0, record.save, {"action": {}}, "not-a-token")
    assert store.get(record.id).version == 0 and store.actions(record.id) == []
    service = TableService(store)
    with pytest.raises(NotYourDecision, match="holds no seat"):
        service.act(record.id, "wrong", 0, service.legal_actions(record.id, host)[1][0])


def test_only_the_host_gives_a_seat_to_a_bot_or_takes_it_back(store):
    record, host = new_table(store)
    seat, bob = store.claim(record.id, None, "Bob")
    with pytest.raises(BadToken, match="host"):
        store.set_seat(record.id, bob, 2, "free")
    assert store.get(record.id).seats[2].kind == "bot"
    after = store.set_seat(record.id, host, 1, "bot", "smart")
    assert (after.seats[1].kind, after.seats[1].bot) == ("bot", "smart")
    assert store.seat_of(record.id, bob) is None  # Bob's seat went to the bot: his token holds nothing
    after = store.set_seat(record.id, host, 1, "free")
    assert after.seats[1].kind == "free" and after.status == "open"
    assert store.claim(record.id, 1, "Cat")[0] == 1
    with pytest.raises(ValueError, match="unknown bot"):
        store.set_seat(record.id, host, 2, "bot", "nobody")


# --------------------------------------------------------------------------- expiry
def test_idle_tables_expire_and_busy_ones_stay(store):
    old, _ = new_table(store)
    fresh, _ = new_table(store)
    raw(store, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (time.time() - 7200, old.id))
    assert store.expire(3600) == 1
    with pytest.raises(TableNotFound):
        store.get(old.id)
    assert store.actions(old.id) == [] and not raw(store, "SELECT * FROM lsn_seats WHERE table_id = ?", (old.id,))
    assert store.get(fresh.id).id == fresh.id
    short = TableStore(store.url, idle_seconds=60)  # a store configured with a shorter idle time
    raw(store, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (time.time() - 120, fresh.id))
    with pytest.raises(TableNotFound, match="expired"):
        short.get(fresh.id)


def test_default_store_is_sqlite_in_the_app_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(store_module.URL_ENV, raising=False)
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    store = open_store()
    assert store.backend == "sqlite" and store.path == tmp_path / "saves" / "tables.db" and store.path.exists()
    assert raw(store, "PRAGMA journal_mode") == [("wal",)]
    monkeypatch.setenv(store_module.URL_ENV, f"sqlite:///{tmp_path / 'other.db'}")
    assert open_store().path == tmp_path / "other.db"


# --------------------------------------------------------------------------- concurrency
def test_threads_racing_on_one_version_never_both_win(store):
    record, _ = new_table(store)
    for version in range(5):
        results: list[str] = []
        barrier = threading.Barrier(4)

        def write(n: int) -> None:
            barrier.wait()
            try:
                store.commit(record.id, version, record.save, {"writer": n})
                results.append("won")
            except StaleVersion as exc:
                results.append(f"stale at {exc.current}")
            finally:
                store.close()

        threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == ["stale at %d" % (version + 1)] * 3 + ["won"]
    assert store.get(record.id).version == 5
    assert [e["version"] for e in store.actions(record.id)] == [1, 2, 3, 4, 5]


def _writer_process(url: str, table_id: str, writer: int, rounds: int, out: str) -> None:
    store = TableStore(url)
    won = []
    for _ in range(rounds):
        version = store.get(table_id).version
        try:
            won.append(store.commit(table_id, version, store.get(table_id).save, {"writer": writer}))
        except StaleVersion:
            pass
    Path(out).write_text(json.dumps(won))


def test_processes_racing_never_both_win_a_version(store, tmp_path):
    record, _ = new_table(store)
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer_process, args=(store.url, record.id, n, 15, str(tmp_path / f"w{n}")))
             for n in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    won = {n: json.loads((tmp_path / f"w{n}").read_text()) for n in range(3)}
    every = sorted(v for versions in won.values() for v in versions)
    log = store.actions(record.id)
    assert every == list(range(1, len(every) + 1)) == [e["version"] for e in log]  # each version won once
    assert store.get(record.id).version == len(every) >= 15
    assert all(log[v - 1]["writer"] == n for n, versions in won.items() for v in versions)


def _killed_in_commit(url: str, table_id: str, flag: str) -> None:
    store = TableStore(url)

    def pause() -> None:
        Path(flag).write_text("in commit")
        time.sleep(60)

    store._pause_in_commit = pause
    record = store.get(table_id)
    store.commit(table_id, record.version, '{"half": "written"}', {"writer": "killed"})


def test_a_process_killed_during_a_commit_leaves_the_table_as_it_was(store, tmp_path):
    record, _ = new_table(store)
    flag = tmp_path / "flag"
    proc = multiprocessing.get_context("fork").Process(target=_killed_in_commit, args=(store.url, record.id, str(flag)))
    proc.start()
    deadline = time.time() + 30
    while not flag.exists() and time.time() < deadline:
        time.sleep(0.02)
    assert flag.exists(), "the writer never reached its commit"
    os.kill(proc.pid, signal.SIGKILL)
    proc.join(10)
    after = store.get(record.id)
    assert (after.version, after.save, store.actions(record.id)) == (0, record.save, [])
    assert store.commit(record.id, 0, record.save, {"writer": "next"}) == 1  # the lock went with the process
    assert [e["writer"] for e in store.actions(record.id)] == ["next"]


# --------------------------------------------------------------------------- hostile records
@pytest.mark.parametrize("column,value,field", [
    ("game", "chess", "game"),
    ("options", "{not json", "options"),
    ("options", "[1, 2]", "options"),
    ("status", "hacked", "status"),
    ("host_seat", 9, "host_seat"),
])
def test_a_corrupt_table_row_is_a_save_file_error_naming_the_field(store, column, value, field):
    record, _ = new_table(store)
    raw(store, f"UPDATE lsn_tables SET {column} = ? WHERE id = ?", (value, record.id))
    with pytest.raises(SaveFileError, match=field):
        store.get(record.id)


@pytest.mark.parametrize("sql,params,field", [
    ("UPDATE lsn_seats SET kind = 'alien' WHERE idx = 1", (), "seat 1"),
    ("UPDATE lsn_seats SET bot = 'skynet' WHERE idx = 2", (), "unknown bot"),
    ("DELETE FROM lsn_seats WHERE idx = 1", (), "seats"),
])
def test_corrupt_seats_are_a_save_file_error(store, sql, params, field):
    record, _ = new_table(store)
    raw(store, sql.replace("WHERE", "WHERE table_id = ? AND"), (record.id, *params))
    with pytest.raises(SaveFileError, match=field):
        store.get(record.id)


def test_a_damaged_save_or_log_is_a_save_file_error_and_odd_ids_find_nothing(store):
    service = TableService(store)
    record, host = new_table(store, seats=("human", "bot:random"))
    for save in ("not json", '{"game":"space_pigs","state":{},"version":1}', '{"game":"battlegoats","state":{"x":1},"version":1}'):
        raw(store, "UPDATE lsn_tables SET save = ? WHERE id = ?", (save, record.id))
        with pytest.raises(SaveFileError):
            service.state(record.id)
    other, host = new_table(store, seats=("human", "bot:random"))
    legal = service.legal_actions(other.id, host)[1]
    service.act(other.id, host, 0, legal[0])
    raw(store, "UPDATE lsn_actions SET entry = ? WHERE table_id = ?", ('{"action": {"type": "Cheat"}}', other.id))
    with pytest.raises(SaveFileError, match="entry 1"):
        service.replay(other.id)
    raw(store, "UPDATE lsn_actions SET entry = ? WHERE table_id = ?", ("[oops", other.id))
    with pytest.raises(SaveFileError, match="not JSON"):
        store.actions(other.id)
    for hostile in ("'; DROP TABLE lsn_tables; --", "", "../../etc/passwd", "a" * 500, None):
        with pytest.raises(TableNotFound):
            store.get(hostile)
    assert store.get(other.id).id == other.id


# --------------------------------------------------------------------------- the service
def test_an_illegal_action_raises_with_the_rule_and_stores_nothing(store):
    service = TableService(store)
    record, host = new_table(store, seats=("human", "bot:random"))
    version, legal = service.legal_actions(record.id, host)
    bogus = {**legal[0].to_dict(), "slot": 99}
    with pytest.raises(IllegalAction):
        service.act(record.id, host, version, bogus)
    placed = type(legal[0])(**{**{k: v for k, v in legal[0].to_dict().items() if k != "type"}, "slot": 99})
    with pytest.raises(IllegalAction) as refused:
        service.act(record.id, host, version, placed)
    assert refused.value.section  # the engine names the rulebook section
    after = store.get(record.id)
    assert (after.version, after.save, store.actions(record.id)) == (0, record.save, [])


def test_the_wrong_seat_and_a_stale_version_are_refused(store):
    service = TableService(store)
    record, host = new_table(store, seats=("human", "free"))
    seat, bob = store.claim(record.id, None, "Bob")
    _, state = service.state(record.id)
    mover, waiter = (host, bob) if state.current_player == 0 else (bob, host)
    action = state.legal_actions()[0]
    with pytest.raises(NotYourDecision, match="decision, not yours"):
        service.act(record.id, waiter, 0, action)
    assert service.legal_actions(record.id, waiter)[1] == []
    service.act(record.id, mover, 0, action)
    with pytest.raises(StaleVersion):  # the same move again from a second tab
        service.act(record.id, mover, 0, action)
    assert store.get(record.id).version == 1 and len(store.actions(record.id)) == 1


def test_bots_decide_from_their_seat_s_view_only(store):
    seen = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, state):
            seen.append(state)
            return self.inner.choose(state)

    service = TableService(store, make_bot=lambda info, name, seed: Spy(info.make_bot(name, seed)))
    record, host = new_table(store, game="livestock_uprising", seats=("bot:greedy", "human"))
    record, state = service.state(record.id)
    bot_seat = state.current_player
    if record.seats[bot_seat].kind != "bot":
        service.act(record.id, host, 0, state.legal_actions()[0])
        record, state = service.state(record.id)
        bot_seat = state.current_player
    assert record.seats[bot_seat].kind == "bot"
    twin = state.redraw_hidden(bot_seat, 12345)  # same view for the bot, other hidden cards and dice
    assert twin.player_view(bot_seat) == state.player_view(bot_seat) and twin.to_json() != state.to_json()
    assert service.bot_action(record, state) == service.bot_action(record, twin)
    assert seen[0].to_json() == seen[1].to_json()  # what the bot was given depends on the view alone
    assert seen[0].player_view(bot_seat) == state.player_view(bot_seat)
    for seat in (bot_seat, None):  # the screen's position too
        assert world_for(record.game, state, seat, 5).to_json() == world_for(record.game, twin, seat, 5).to_json()
    version, view, screen = service.view(record.id, None)
    assert view == state.player_view(None) and screen.player_view(None) == view and version == record.version


def test_two_kernels_playing_the_bots_of_one_table_play_each_step_once_and_the_log_replays(store):
    service = TableService(store)
    record, _ = store.create("battlegoats", {}, ["bot:random", "bot:smart", "bot:random"], "", seed=3)
    assert record.host_seat == -1
    counts: list[int] = []

    def kernel() -> None:
        counts.append(TableService(store).play_bots(record.id))
        store.close()

    threads = [threading.Thread(target=kernel) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    while TableService(store).play_bots(record.id):  # a kernel that stopped on a lost race resumes
        pass
    final = store.get(record.id)
    log = store.actions(record.id)
    assert final.status == "over" and [e["version"] for e in log] == list(range(1, final.version + 1))
    assert all(e["by"] == "bot" and e["log"] for e in log)
    assert service.replay(record.id).to_json() == final.save


def test_a_human_game_at_a_table_replays_to_the_same_save(store):
    service = TableService(store)
    record, host = store.create("space_pigs", {}, ["human", "bot:random", "bot:greedy"], "Ann", seed=11)
    for _ in range(60):
        service.play_bots(record.id, max_steps=40)
        version, legal = service.legal_actions(record.id, host)
        if not legal:
            break
        service.act(record.id, host, version, legal[len(legal) // 2].to_dict())  # as a page sends it: JSON
    assert store.get(record.id).version >= 40
    assert service.replay(record.id).to_json() == store.get(record.id).save


def test_a_lost_postgresql_connection_is_made_again(postgres_url):
    """A database restart or a dropped link costs no move: the next read and write reconnect."""
    import psycopg

    store = TableStore(postgres_url)
    record, _ = new_table(store)

    def drop_link() -> None:
        pid = store._conn().info.backend_pid
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))

    drop_link()
    assert store.get(record.id).version == 0
    drop_link()
    assert store.commit(record.id, 0, record.save, {"writer": "after the drop"}) == 1
    assert [e["writer"] for e in store.actions(record.id)] == ["after the drop"]
    store.close()


# -- chat and rematch (tables/social.py) ------------------------------------------------------------


def test_chat_is_a_seated_players_short_plain_text_and_is_rate_limited(store):
    from livestock_notebooks.tables.social import CHAT_MAX, ChatRefused, chat_lines, post_chat

    record, host = store.create("battlegoats", {}, ["human", "free"], "Ann <i>")
    before = store.stamp(record.id)
    post_chat(store, record.id, host, "  <script>alert(1)</script>\n hi  ", now=1000.0)
    lines = chat_lines(store, record.id)
    assert [(line.seat, line.name, line.text) for line in lines] == [(0, "Ann <i>", "<script>alert(1)</script> hi")]
    assert store.stamp(record.id) != before  # every page's poll sees the table changed
    with pytest.raises(BadToken):
        post_chat(store, record.id, None, "a watcher")
    with pytest.raises(ChatRefused, match="at most"):
        post_chat(store, record.id, host, "x" * (CHAT_MAX + 1), now=1010.0)
    with pytest.raises(ChatRefused, match="type"):
        post_chat(store, record.id, host, "   ", now=1010.0)
    with pytest.raises(ChatRefused, match="slow down"):
        post_chat(store, record.id, host, "again", now=1000.5)
    for i in range(4):
        post_chat(store, record.id, host, f"line {i}", now=1002.0 + 2 * i)
    with pytest.raises(ChatRefused, match="slow down"):  # five in thirty seconds
        post_chat(store, record.id, host, "one more", now=1012.0)
    post_chat(store, record.id, host, "later", now=1040.0)
    assert [line.text for line in chat_lines(store, record.id)][-2:] == ["line 3", "later"]
    assert len(chat_lines(store, record.id, limit=3)) == 3


def test_a_rematch_keeps_the_seats_and_deals_anew_once(store):
    from livestock_notebooks.tables import TableError
    from livestock_notebooks.tables.social import rematch, rematch_of

    record, host = store.create("battlegoats", {}, ["human", "free", "bot:random"], "Ann", seed=5)
    seat, guest = store.claim(record.id, 1, "Bob")
    with pytest.raises(TableError, match="not over"):
        rematch(store, record.id, host)
    service = TableService(store)
    import random

    rng = random.Random(3)
    for _ in range(5000):
        service.play_bots(record.id)
        rec, state = service.state(record.id)
        if state.is_over:
            break
        token = host if state.current_player == 0 else guest
        service.act(record.id, token, rec.version, rng.choice(state.legal_actions()))
    assert store.get(record.id).status == "over"
    with pytest.raises(BadToken):
        rematch(store, record.id, "not-a-token")
    new_id = rematch(store, record.id, guest)
    assert rematch(store, record.id, host) == new_id == rematch_of(store, record.id)  # made once
    again = store.get(new_id)
    old = store.get(record.id)
    assert again.game == old.game and again.version == 0 and again.status == "playing"
    assert [(s.kind, s.name, s.bot) for s in again.seats] == [(s.kind, s.name, s.bot) for s in old.seats]
    assert store.seat_of(new_id, host) == 0 and store.seat_of(new_id, guest) == 1 and store.is_host(new_id, host)
    assert again.seed != old.seed and again.save != store.initial_save(record.id)  # a new deal


def test_a_seat_move_code_works_once_within_its_time_and_only_the_latest(store):
    from livestock_notebooks.tables.social import MOVE_SECONDS, move_seat, seat_move_code

    record, host = store.create("battlegoats", {}, ["human", "free"], "Ann")
    with pytest.raises(BadToken):
        seat_move_code(store, record.id, None)
    stale = seat_move_code(store, record.id, host, now=1000.0)
    with pytest.raises(BadToken, match="too old"):
        move_seat(store, record.id, stale, now=1000.0 + MOVE_SECONDS + 1)
    first = seat_move_code(store, record.id, host)
    latest = seat_move_code(store, record.id, host)
    with pytest.raises(BadToken):
        move_seat(store, record.id, first)  # a newer code replaced it
    seat, token = move_seat(store, record.id, latest)
    assert seat == 0 and store.seat_of(record.id, token) == 0 and store.seat_of(record.id, host) is None
    assert store.is_host(record.id, token) and not store.is_host(record.id, host)
    with pytest.raises(BadToken):
        move_seat(store, record.id, latest)
    assert raw(store, "SELECT COUNT(*) FROM lsn_seat_moves WHERE code_hash = ?", (latest,))[0][0] == 0  # only hashes


def test_only_the_host_lists_a_table_and_the_list_holds_public_tables_with_free_seats(store):
    from livestock_notebooks.tables.social import is_public, open_tables, set_public

    listed, host = store.create("battlegoats", {}, ["human", "free", "bot:random"], "Ann")
    private, _ = store.create("battlegoats", {}, ["human", "free"], "Cy")
    full, full_host = store.create("battlegoats", {}, ["human", "free"], "Dee")
    seat, guest = store.claim(listed.id, 1, "Bob")
    with pytest.raises(BadToken):
        set_public(store, listed.id, guest, True)
    assert open_tables(store) == []
    set_public(store, listed.id, host, True)
    set_public(store, full.id, full_host, True)
    store.claim(full.id, 1, "Eve")  # no free seat left: not listed
    assert is_public(store, listed.id) and not is_public(store, private.id)
    assert open_tables(store) == []  # Bob took the last free seat of Ann's table too
    again, again_host = store.create("livestock_uprising", {}, ["human", "free", "free"], "Fay")
    set_public(store, again.id, again_host, True)
    [shown] = open_tables(store)
    assert (shown.id, shown.game, shown.host_name, shown.free, shown.seats) == (again.id, "livestock_uprising", "Fay", 2, 3)
    set_public(store, again.id, again_host, False)
    assert open_tables(store) == []


def test_past_the_turn_timer_a_bot_moves_for_the_late_person_once(store):
    from livestock_notebooks.tables.social import set_turn_timer, turn_timer

    record, host = store.create("battlegoats", {}, ["human", "free"], "Ann")
    store.claim(record.id, 1, "Bob")
    with pytest.raises(BadToken):
        set_turn_timer(store, record.id, None, 30)
    with pytest.raises(ValueError):
        set_turn_timer(store, record.id, host, 7)
    set_turn_timer(store, record.id, host, 30)
    assert turn_timer(store, record.id) == 30
    service = TableService(store)
    made = store.get(record.id).created
    assert service.play_for_late(record.id, 30, now=made + 10) is None  # not late yet
    played = service.play_for_late(record.id, 30, now=made + 31)
    assert played is not None and played.version == 1
    assert store.actions(record.id)[-1]["by"] == "timer" and store.actions(record.id)[-1]["seat"] == 0
    assert service.play_for_late(record.id, 30, now=time.time() + 5) is None  # the clock starts again
    set_turn_timer(store, record.id, host, 0)
    assert turn_timer(store, record.id) == 0


def test_past_the_turn_timer_a_skipped_livestock_seat_passes_to_the_end_of_its_turn(store):
    """The host's other choice: the late seat passes (the game's ``GameInfo.passes``). A decision with no
    pass (where a barn goes) is the bot's; at the late seat's action phase, it ends the action
    phase, the harvest and the turn, and the next seat decides."""
    import random

    from livestock_notebooks.tables.social import set_turn_timer, turn_timer, when_late

    record, host = store.create("livestock_uprising", {}, ["human", "free"], "Ann", seed=3)
    _seat, bob = store.claim(record.id, 1, "Bob")
    set_turn_timer(store, record.id, host, 60, "skip")
    assert (turn_timer(store, record.id), when_late(store, record.id)) == (60, "skip")
    service, tokens, rng = TableService(store), {0: host, 1: bob}, random.Random(3)
    played = service.play_for_late(record.id, 60, now=time.time() + 61)  # Ann's barn: no pass, the bot places it
    assert played is not None and [(e["by"], e["action"]["type"]) for e in store.actions(record.id)] == [("timer", "PlaceBarn")]
    for _ in range(200):  # the seats play on until one of them is at its action phase
        record, state = service.state(record.id)
        if state.phase == "action" and any(type(a).__name__ == "EndActions" for a in state.legal_actions()):
            break
        service.act(record.id, tokens[state.current_player], record.version, rng.choice(state.legal_actions()))
    late, before = state.current_player, record.version
    assert service.play_for_late(record.id, 60, now=time.time() + 10) is None  # not late yet
    played = service.play_for_late(record.id, 60, now=time.time() + 61)
    passes = [(e["by"], e["seat"], e["action"]["type"]) for e in store.actions(record.id)[before:]]
    assert passes == [("skip", late, "EndActions"), ("skip", late, "EndHarvest"), ("skip", late, "EndTurn")], passes
    assert played.version == before + 3 and played.state.current_player != late
    assert played.events  # every pass's events, for the page that made them
    set_turn_timer(store, record.id, host, 60)  # the bot again
    assert when_late(store, record.id) == "bot"


def test_a_game_without_a_pass_cannot_skip_a_late_seat(store):
    from livestock_notebooks.space_pigs import actions as SA
    from livestock_notebooks.tables.social import can_skip, pass_action, set_turn_timer, when_late

    record, host = store.create("battlegoats", {}, ["human", "free"], "Ann")
    with pytest.raises(ValueError, match="no pass"):
        set_turn_timer(store, record.id, host, 60, "skip")
    with pytest.raises(ValueError):
        set_turn_timer(store, record.id, host, 60, "sleep")
    assert when_late(store, record.id) == "bot" and not can_skip("battlegoats")
    assert can_skip("space_pigs") and can_skip("livestock_uprising")
    legal = [SA.AnswerExchange(player=1, card=4), SA.AnswerExchange(player=1, card=-1)]
    assert pass_action("space_pigs", legal) == SA.AnswerExchange(player=1, card=-1)  # declining is the pass
    assert pass_action("space_pigs", [SA.Stand(player=0, yes=True), SA.Stand(player=0, yes=False)]) \
        == SA.Stand(player=0, yes=False)
    assert pass_action("space_pigs", [SA.Stand(player=0, yes=True)]) is None  # no pass here: the bot decides
