"""The "Play with friends" page driven from Python: several pages (each its own browser folder)
at one table in a temporary SQLite store, clicking the page's own buttons where there is one.

No loop runs here, so nothing polls by itself: a test calls ``page.play.poll()`` where a page
would have polled, and ``app.run_bots()`` where its bot tick would have fired."""
from __future__ import annotations

import random
import re

import pytest

from livestock_notebooks.core.errors import IllegalAction
from livestock_notebooks.tables.store import TableStore
from livestock_notebooks.widgets.common.dom import plain_text
from livestock_notebooks.widgets.shell.app import tree_text
from livestock_notebooks.widgets.tables.page import SeatTokens, TablesPage, invite_note, invite_url, table_from_query
from test_battlegoats_ui import assert_no_hidden_names


@pytest.fixture
def store(tmp_path):
    return TableStore(f"sqlite:///{tmp_path / 'tables.db'}")


@pytest.fixture
def folder(tmp_path):
    return lambda name: tmp_path / "browsers" / name


def page(store, folder, name, table=None):
    return TablesPage(store=store, query=f"table={table}" if table else "", save_directory=folder(name),
                      app_options={"bot_delay": None})


def create(host: TablesPage, game: str, seats, name="Ann", seed=7):
    host.game_choice.value = game
    app = host._apps[game]
    app.players.value = len(seats)
    for dd, kind in zip(app.seat_dropdowns, seats):
        dd.value = kind
    app.seed.value = str(seed)
    host.your_name.value = name
    app.start_button.click()
    assert host.session is not None, host.status.value
    return host.session.table_id


def join(store, folder, name, table, seat):
    guest = page(store, folder, name, table)
    guest.lobby.name.value = name
    guest.lobby.take_button(seat).click()
    assert guest.session.seat == seat
    return guest


def text(p: TablesPage) -> str:
    return tree_text(p.widget, skip=(p.app.help_html,))


def poll_all(pages):
    for p in pages:
        p.play.poll()


def test_a_table_is_made_from_the_game_setup_screen_and_its_link_carries_no_seat_token(store, folder):
    host = page(store, folder, "host")
    assert host.create_box.layout.display != "none"
    table = create(host, "battlegoats", ["Human", "Human", "random"])
    record = store.get(table)
    assert [s.kind for s in record.seats] == ["human", "free", "bot"]
    assert record.seats[0].name == "Ann" and record.host_seat == 0
    assert host.session.seat == 0 and host.table_box.layout.display != "none"
    assert host.lobby.invite.value.endswith(f"?table={table}")
    token = SeatTokens(folder("host")).token(table)
    assert token and token not in text(host) and token not in host.lobby.invite.value
    assert "free" in host.lobby.seats_html.value and "Random bot" in host.lobby.seats_html.value
    assert host.app.save_link.value == ""  # the table's save holds every seat's cards: never on the page


def test_table_needs_a_human_seat(store, folder):
    host = page(store, folder, "host")
    host.game_choice.value = "battlegoats"
    app = host._apps["battlegoats"]
    app.players.value = 2
    for dd in app.seat_dropdowns[:2]:
        dd.value = "random"
    app.start_button.click()
    assert host.session is None and "Human seat" in host.status.value


def test_invite_link_is_the_page_address_with_the_table_id():
    env = {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/tables.ipynb"}
    assert invite_url("abcDEF123_-x", env) == "http://127.0.0.1:8866/voila/render/tables.ipynb?table=abcDEF123_-x"
    assert invite_url("abcDEF123_-x", {}) == "tables.ipynb?table=abcDEF123_-x"
    assert table_from_query("table=abcDEF123_-x&x=1") == "abcDEF123_-x"
    assert table_from_query("") is None


def test_the_invite_link_follows_the_public_url_and_a_proxys_https():
    page_env = {"SERVER_NAME": "games.example", "SERVER_PORT": "443", "SCRIPT_NAME": "/voila/render/tables.ipynb"}
    assert invite_url("t1", {**page_env, "HTTP_X_FORWARDED_PROTO": "https"}) == \
        "https://games.example/voila/render/tables.ipynb?table=t1"
    public = {**page_env, "SERVER_NAME": "127.0.0.1", "LIVESTOCK_PUBLIC_URL": "https://play.example/games/"}
    assert invite_url("t1", public) == "https://play.example/games/voila/render/tables.ipynb?table=t1"
    assert invite_note(invite_url("t1", public), public) == ""


def test_a_link_that_works_on_this_computer_only_says_so_and_how_to_share():
    page_env = {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/tables.ipynb"}
    url = invite_url("t1", page_env)
    alone = invite_note(url, {**page_env, "LIVESTOCK_SERVER_IP": "127.0.0.1"})
    assert "this computer only" in alone and "--allow-remote" in alone and "no password" in alone
    wide = invite_note(url, {**page_env, "LIVESTOCK_SERVER_IP": "0.0.0.0"})
    assert "network address" in wide and "--allow-remote" not in wide
    lan = {**page_env, "SERVER_NAME": "192.168.1.5", "LIVESTOCK_SERVER_IP": "0.0.0.0"}
    assert invite_note(invite_url("t1", lan), lan) == ""


def test_the_lobby_shows_the_loopback_note_to_the_host(store, folder):
    env = {"SERVER_NAME": "localhost", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/tables.ipynb",
           "LIVESTOCK_SERVER_IP": "127.0.0.1"}
    host = TablesPage(store=store, query="", save_directory=folder("host"), app_options={"bot_delay": None}, env=env)
    create(host, "battlegoats", ["Human", "Human"])
    assert host.lobby.invite.value.startswith("http://localhost:8866/")
    assert "this computer only" in host.lobby.invite_note.value


def test_three_browsers_play_battlegoats_to_the_end_each_seeing_only_their_own_cards(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human", "Human"])
    pages = [host, join(store, folder, "Bob", table, 1), join(store, folder, "Cy", table, 2)]
    poll_all(pages)
    host.app.act(host.session.legal_for_viewer()[0])
    poll_all(pages)
    assert "prompt-mine" not in " ".join(pages[1].app.prompt_panel._dom_classes)
    while host.session.current_player == 0:
        host.app.act(host.session.legal_for_viewer()[0])
    poll_all(pages)  # Ann laid out: Bob's page says it is his turn, the others' do not
    assert pages[1].app.status_text == "Your turn." and "lsn-prompt-mine" in pages[1].app.prompt_panel._dom_classes
    assert "lsn-prompt-mine" not in pages[2].app.prompt_panel._dom_classes
    rng = random.Random(5)
    for step in range(3000):
        s = host.session
        if s.state.is_over:
            break
        mover = pages[s.current_player]
        legal = mover.session.legal_for_viewer()
        assert legal and all(not p.session.legal_for_viewer() for p in pages if p is not mover)
        assert mover.app.act(rng.choice(legal)), mover.app.status_text
        poll_all(pages)
        if step % 25 == 0:
            for i, p in enumerate(pages):
                assert p.session.version == store.get(table).version
                assert_no_hidden_names(p.app, i)
    assert host.session.state.is_over
    final = store.get(table)
    assert final.status == "over"
    for p in pages:
        assert p.session.version == final.version
        assert "Game over" in p.app.status_text or "wins" in p.app.status_text
        assert p.app.session.log[-1].kind == "game-over"


def test_a_move_made_on_an_old_version_is_refused_and_the_page_catches_up_with_a_note(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    tab2 = page(store, folder, "host", table)  # the same browser in a second tab: the same seat
    assert tab2.session.seat == 0
    legal = tab2.session.legal_for_viewer()
    assert host.app.act(host.session.legal_for_viewer()[0])
    assert store.get(table).version == 1
    assert not tab2.app.act(legal[1])  # made on version 0
    assert store.get(table).version == 1
    assert "Another move was made first" in tab2.app.status_text
    assert tab2.play.poll()
    assert tab2.session.version == 1 and "Another move was made first" in tab2.app.status_text
    assert tab2.session.state.to_json() == host.session.state.to_json()


def test_an_illegal_move_names_the_rule_and_nothing_is_stored(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    guest = join(store, folder, "Bob", table, 1)
    action = host.session.legal_for_viewer()[0]
    with pytest.raises(IllegalAction):
        guest.session.apply(action)  # not Bob's decision
    assert not guest.app.act(action)
    assert "Not allowed" in guest.app.status_text and store.get(table).version == 0


def test_a_reload_sits_at_the_same_seat_and_late_visitors_watch(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    guest = join(store, folder, "Bob", table, 1)
    again = page(store, folder, "Bob", table)  # Bob reloads (a new kernel)
    assert again.session.seat == 1 and "Welcome back" in again.status.value
    late = page(store, folder, "Dee", table)
    assert late.session.seat is None and late.lobby.join_box.layout.display == "none"
    assert "You are watching" in late.lobby.watch_note.value
    assert late.session.view() is None and not late.session.legal_for_viewer()
    assert guest.session.seat == 1


def test_the_host_gives_a_seat_to_a_bot_and_takes_it_back(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    guest = join(store, folder, "Bob", table, 1)
    host.play.poll()
    menu = host.lobby.seat_menus[1]
    assert guest.lobby.host_box.layout.display == "none" and host.lobby.host_box.layout.display != "none"
    menu.value = "bot:random"
    host.lobby.apply_buttons[1].click()
    assert store.get(table).seats[1].kind == "bot"
    guest.play.poll()
    assert guest.session.seat is None and "gave your seat" in guest.status.value
    assert SeatTokens(folder("Bob")).token(table) is None
    host.lobby.seat_menus[1].value = "free"
    host.lobby.apply_buttons[1].click()
    assert store.get(table).seats[1].kind == "free"
    guest.play.poll()
    assert guest.lobby.take_button(1) is not None


def play_with_a_bot(store, folder, game: str, bot: str, steps: int, seed: int):
    """A table of two people and ``bot``: random moves by whoever decides, the bot when it is
    its turn (what a page's bot tick does); every page follows. Returns (host, guest, table,
    how many times the bot played)."""
    host = page(store, folder, "host")
    table = create(host, game, ["Human", "Human", bot])
    guest = join(store, folder, "Bob", table, 1)
    pages = [host, guest]
    rng = random.Random(seed)
    bot_turns = 0
    for _ in range(steps):
        s = host.session
        if s.state.is_over:
            break
        if s.is_bot_turn:
            before = store.get(table).version
            host.app.run_bots()
            bot_turns += 1
            assert store.get(table).version > before
        else:
            mover = pages[s.current_player]
            assert mover.app.act(rng.choice(mover.session.legal_for_viewer())), mover.app.status_text
        poll_all(pages)
        assert guest.session.version == host.session.version == store.get(table).version
    return host, guest, table, bot_turns


def test_livestock_table_with_a_bot_seat_bots_play_on_the_server(store, folder):
    host, guest, table, bot_turns = play_with_a_bot(store, folder, "livestock_uprising", "greedy", 150, 3)
    assert bot_turns >= 1
    entries = store.actions(table)
    assert any(e["by"] == "bot" for e in entries)
    assert len(guest.app.session.log) > len(entries)  # every move logged on every page


def test_space_pigs_table_plays_with_a_bot_seat(store, folder):
    host, guest, table, bot_turns = play_with_a_bot(store, folder, "space_pigs", "greedy", 40, 1)
    assert bot_turns >= 1 and store.get(table).version > 20
    assert host.app.save_link.value == guest.app.save_link.value == ""


def test_the_invite_and_seat_menus_fold_away_once_every_seat_is_taken_and_open_on_request(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human", "random"])
    lobby = host.lobby
    # a seat is free: the invite link is what the host needs, so it shows
    assert lobby.details.layout.display != "none"
    bob = join(store, folder, "Bob", table, 1)
    poll_all([host, bob])
    host._refresh_table()
    # every seat taken and the game on: the lobby is one line of seats above the game screen
    assert lobby.details.layout.display == "none"
    assert bob.lobby.details.layout.display == "none"
    assert "Bob" in lobby.seats_html.value
    lobby.details_toggle.click()
    assert lobby.details.layout.display != "none"
    assert lobby.invite.value.endswith(f"?table={table}")
    host._refresh_table()  # a redraw keeps the player's choice
    assert lobby.details.layout.display != "none"
    lobby.details_toggle.click()
    assert lobby.details.layout.display == "none"


def test_a_move_and_a_bot_step_show_the_services_events_without_reading_the_action_log(store, folder):
    """The events a move made reach the page that made it as the service returned them: the
    page neither reads the action log nor replays it (another page catching up still does)."""
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "random"])
    seen: list = []
    host.app.on_change(lambda app, events: seen.extend(events))
    reads = []
    actions = store.actions
    store.actions = lambda table_id: reads.append(table_id) or actions(table_id)
    before = len(host.session.log)
    while host.session.current_player == 0:
        action = host.session.legal_for_viewer()[0]
        expected = host.session.state.copy().apply(action)
        seen.clear()
        assert host.app.act(action), host.app.status_text
        assert seen and [e.text for e in seen[:len(expected)]] == [e.text for e in expected]
    assert host.session.is_bot_turn
    version = host.session.version
    host.app.run_bots()
    assert host.session.version == store.get(table).version > version
    assert reads == []  # neither the moves nor the bot's step read the log back
    assert host.session.state.to_json() == store.get(table).save
    assert len(host.session.log) > before
    watcher = page(store, folder, "Dee", table)
    assert watcher.session.version == host.session.version


def test_a_database_error_shown_to_visitors_names_no_host_port_or_driver(store, folder, caplog, monkeypatch):
    pytest.importorskip("psycopg")
    from livestock_notebooks.widgets.tables.page import STORE_DOWN

    monkeypatch.setenv("LIVESTOCK_TABLES_URL", "postgresql://lsn:secret@127.0.0.1:9/tables")  # nothing listens
    down = TablesPage(query="table=abc", save_directory=folder("visitor"), app_options={"bot_delay": None})
    shown = plain_text(down.status.value)
    assert shown == STORE_DOWN
    for leak in ("127.0.0.1", "9/", "port", "psycopg", "secret", "connection"):
        assert leak not in shown
    assert "127.0.0.1" in caplog.text  # the operator's log has the details
    host = page(store, folder, "host")
    create(host, "battlegoats", ["Human", "Human"])
    import psycopg

    def refused(_table_id):
        raise psycopg.OperationalError('connection to server at "db.internal" (10.0.0.5), port 5432 failed')

    host.session.store.stamp = refused
    host.play._tick()
    assert "db.internal" not in host.app.status_text and "5432" not in host.app.status_text
    assert STORE_DOWN in host.app.status_text


def test_the_players_names_are_on_the_turn_line_in_the_log_and_in_the_result(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human", "random"], name="Ann")
    bob = join(store, folder, "Bob", table, 1)
    poll_all([host, bob])
    assert "Ann" in plain_text(bob.app.turn.value) and "Player 1" not in plain_text(bob.app.turn.value)
    host.app.act(host.session.legal_for_viewer()[0])
    poll_all([host, bob])
    for p in (host, bob):
        lines = [e.text for e in p.session.log]
        assert any(line.startswith("Ann lays") for line in lines), lines
        assert not any("Player 1 " in line for line in lines)
    assert bob.session.name(0) == "Ann" and bob.session.name(1) == "Bob"
    assert bob.session.name(2) == "Player 3"  # the bot's seat keeps the game's name
    assert host.session.named("Player 1 and Player 12") == "Ann and Player 12"  # a whole name only
    # where the game's name says more than a number, both show
    lu_host = page(store, folder, "lu-host")
    create(lu_host, "livestock_uprising", ["Human", "Human"], name="Cy <b>")
    s = lu_host.session
    assert s.name(0) == f"Cy <b> ({s.spec.seat_name(0, s.state)})"
    base = s.spec.seat_name(0, s.state)
    assert s.named(f"P1 ({base}) places the barn") == f"Cy <b> ({base}) places the barn"
    assert "Cy &lt;b&gt;" in lu_host.app.turn.value  # escaped where it is drawn


def test_a_spectator_of_an_all_human_table_is_not_told_that_bots_play(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    join(store, folder, "Bob", table, 1)
    watcher = page(store, folder, "Dee", table)
    assert watcher.session.seat is None
    shown = text(watcher)
    assert "You are watching: only face-up and revealed cards are shown" in shown
    assert not re.search(r"bots? (are|is) playing", shown, re.I)


def test_the_table_chat_is_escaped_and_reaches_every_page(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"], name="<b>Ann</b>")
    bob = join(store, folder, "Bob", table, 1)
    watcher = page(store, folder, "Dee", table)
    host.talk.entry.value = '<img src=x onerror="alert(1)"> hello & bye'
    host.talk.send.click()
    assert host.talk.entry.value == "" and host.talk.note.value == ""
    poll_all([host, bob, watcher])
    for p in (host, bob, watcher):
        shown = p.talk.lines.value
        assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; hello &amp; bye" in shown
        assert "&lt;b&gt;Ann&lt;/b&gt;" in shown and "<img" not in shown and "<b>Ann" not in shown
    assert watcher.talk.write_box.layout.display == "none"  # a watcher reads only
    host.talk.entry.value = "x" * 201
    host.talk.send.click()
    assert "at most 200" in host.talk.note.value and host.talk.entry.value == "x" * 201


def test_a_rematch_after_the_end_keeps_everyones_seat(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    bob = join(store, folder, "Bob", table, 1)
    pages = [host, bob]
    rng = random.Random(2)
    assert host.talk.rematch_button.layout.display == "none"
    for _ in range(3000):
        s = host.session
        if s.state.is_over:
            break
        mover = pages[s.current_player]
        assert mover.app.act(rng.choice(mover.session.legal_for_viewer()))
        poll_all(pages)
    poll_all(pages)
    assert bob.talk.rematch_button.layout.display != "none"
    bob.talk.rematch_button.click()
    poll_all(pages)
    for p in pages:
        assert "Play the rematch" in p.talk.rematch_link.value
        assert p.talk.rematch_button.layout.display == "none"
    new_id = bob.talk.rematch_link.value.split("table=")[1].split('"')[0]
    again = [page(store, folder, "host", new_id), page(store, folder, "Bob", new_id)]
    assert [p.session.seat for p in again] == [0, 1]
    assert again[0].session.version == 0 and not again[0].session.state.is_over


def test_continue_on_another_device_moves_the_seat_once(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"], name="Ann")
    assert host.talk.move_link.layout.display == "none"
    host.talk.move_button.click()
    link = host.talk.move_link.value
    assert link.startswith(f"tables.ipynb?table={table}&move=") and "works once" in host.talk.move_note.value
    query = link.split("?", 1)[1]
    phone = TablesPage(store=store, query=query, save_directory=folder("phone"), app_options={"bot_delay": None})
    assert phone.session.seat == 0 and "This device plays seat 1" in phone.status.value
    assert store.is_host(table, SeatTokens(folder("phone")).token(table))  # the host's rights moved too
    host.play.poll()
    assert host.session.seat is None and "no longer holds its seat" in host.status.value
    again = TablesPage(store=store, query=query, save_directory=folder("thief"), app_options={"bot_delay": None})
    assert again.session.seat is None and "used already" in again.status.value  # one time only
    assert phone.app.act(phone.session.legal_for_viewer()[0])  # the phone plays the seat


def test_the_host_lists_a_table_and_visitors_of_the_tables_page_see_it(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human", "Human"], name="Ann <3")
    assert "lsn-table-open-link" not in page(store, folder, "visitor").open_list.value
    host.lobby.public.value = True
    assert "listed" in host.status.value
    listing = page(store, folder, "visitor").open_list.value
    assert f"?table={table}" in listing and "Ann &lt;3" in listing and "2 of 3 seats free" in listing
    guest = join(store, folder, "Bob", table, 1)
    assert guest.lobby.host_box.layout.display == "none"  # only the host lists
    host.lobby.public.value = False
    assert "lsn-table-open-link" not in page(store, folder, "visitor").open_list.value


def test_the_turn_alert_at_a_table_is_remembered_for_the_browser(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"])
    assert host.app.notify_checkbox.value is False
    host.app.notify_checkbox.value = True
    again = page(store, folder, "host", table)
    again.app.menu_button.value = True
    assert again.app.notify_checkbox.value is True and "lsn-notify-on" in again.app.widget._dom_classes


def test_the_host_sets_a_turn_timer_and_a_late_players_move_is_made_by_a_bot(store, folder):
    host = page(store, folder, "host")
    table = create(host, "battlegoats", ["Human", "Human"], name="Ann")
    bob = join(store, folder, "Bob", table, 1)
    assert bob.lobby.timer_menu not in bob.lobby.host_box.children or bob.lobby.host_box.layout.display == "none"
    host.lobby.timer_menu.value = 60
    poll_all([host, bob])
    assert host.session.timer == bob.session.timer == 60
    assert "1 min a move" in bob.lobby.title.value
    assert bob.play.poll() is False  # Ann is not late: nothing happens
    with store._tx() as conn:  # as if the table had been made two minutes ago
        store._run(conn, "UPDATE lsn_tables SET created = created - 120 WHERE id = ?", (table,))
    bob.session._seen_at -= 120
    assert bob.play.poll()  # Bob's page notices Ann is late: a bot lays a card for her
    assert store.get(table).version == 1 and store.actions(table)[-1]["by"] == "timer"
    assert any("Time ran out for Ann" in e.text for e in bob.session.log)
    host.play.poll()
    assert host.session.version == 1 and any("Time ran out for Ann" in e.text for e in host.session.log)
    assert host.lobby.late_menu.layout.display == "none"  # BattleGoats has no pass: only the bot is offered


def test_a_livestock_host_chooses_to_skip_a_late_player_and_the_pages_say_so(store, folder):
    host = page(store, folder, "host")
    table = create(host, "livestock_uprising", ["Human", "Human"], name="Ann")
    bob = join(store, folder, "Bob", table, 1)
    assert host.lobby.late_menu.layout.display != "none"
    host.lobby.late_menu.value = "skip"  # chosen before the timer: kept for it
    host.lobby.timer_menu.value = 60
    assert "ends their turn" in host.lobby.late_note.value
    poll_all([host, bob])
    assert "1 min a move: a late player is skipped" in bob.lobby.title.value
    with store._tx() as conn:  # as if the table had been made two minutes ago
        store._run(conn, "UPDATE lsn_tables SET created = created - 120 WHERE id = ?", (table,))
    bob.session._seen_at -= 120
    assert bob.play.poll()  # Ann's barn has no pass: a bot places it
    assert [e["by"] for e in store.actions(table)] == ["timer"]
    assert any(re.match(r"Time ran out for Ann\b.*: a bot moved for them", e.text) for e in bob.session.log)
    # on to a seat's action phase (moves made through the service), then that seat is late: it passes
    from livestock_notebooks.tables import TableService

    service, rng = TableService(store), random.Random(5)
    tokens = {0: host.session.token, 1: bob.session.token}
    for _ in range(200):
        record, state = service.state(table)
        if state.phase == "action" and any(type(a).__name__ == "EndActions" for a in state.legal_actions()):
            break
        service.act(table, tokens[state.current_player], record.version, rng.choice(state.legal_actions()))
    late = host.session.name(state.current_player)
    with store._tx() as conn:
        store._run(conn, "UPDATE lsn_actions SET at = at - 120 WHERE table_id = ?", (table,))
    poll_all([host, bob])
    bob.session._seen_at -= 120
    assert bob.play.poll()
    assert [e["by"] for e in store.actions(table)][-3:] == ["skip"] * 3
    host.play.poll()
    for p in (host, bob):
        notes = [e.text for e in p.session.log if e.text.startswith(f"Time ran out for {late}: they pass")]
        assert len(notes) == 1, [e.text for e in p.session.log][-6:]
