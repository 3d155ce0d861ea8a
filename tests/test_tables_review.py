""""Review this game" at a table ("Play with friends"), driven from Python: each seat reviews its
own decisions from its own view once the game is over (no other seat's hidden card on its
page), a spectator gets no review, and a seat that comes back to the finished table reviews it
from the table's stored record."""
from __future__ import annotations

import random

import pytest

from livestock_notebooks.review import review_record, review_seats
from livestock_notebooks.tables.service import TableService
from livestock_notebooks.tables.store import TableStore
from livestock_notebooks.widgets.shell import review as review_module
from livestock_notebooks.widgets.tables.page import TablesPage
from test_battlegoats_ui import assert_no_hidden_names


@pytest.fixture
def store(tmp_path):
    return TableStore(f"sqlite:///{tmp_path / 'tables.db'}")


def page(store, tmp_path, name, table=None):
    return TablesPage(store=store, query=f"table={table}" if table else "",
                      save_directory=tmp_path / "browsers" / name, app_options={"bot_delay": None})


def shown(widget) -> bool:
    return widget.layout.display != "none"


@pytest.fixture
def finished_table(store, tmp_path, monkeypatch):
    """A BattleGoats table of Ann (host, seat 0), Bob (seat 1) and a random bot, played to its
    end by random moves; the pages of Ann and Bob and the table's id."""
    monkeypatch.setattr(review_module, "REVIEW_LEVEL", "easy")  # fewer playouts: a test, not a benchmark
    host = page(store, tmp_path, "host")
    host.game_choice.value = "battlegoats"
    setup = host._apps["battlegoats"]
    setup.players.value = 3
    for dd, kind in zip(setup.seat_dropdowns, ["Human", "Human", "random"]):
        dd.value = kind
    setup.seed.value = "4"
    host.your_name.value = "Ann"
    setup.start_button.click()
    table = host.session.table_id
    bob = page(store, tmp_path, "Bob", table)
    bob.lobby.name.value = "Bob"
    bob.lobby.take_button(1).click()
    pages = [host, bob]
    rng = random.Random(3)
    for _ in range(3000):
        s = host.session
        if s.state.is_over:
            break
        if s.is_bot_turn:
            host.app.run_bots()
        else:
            mover = pages[s.current_player]
            assert mover.app.act(rng.choice(mover.session.legal_for_viewer())), mover.app.status_text
        for p in pages:
            p.play.poll()
        assert shown(host.app.review_button) == host.session.state.is_over  # not before the end
    assert host.session.state.is_over
    return host, bob, table


def test_each_seat_reviews_its_own_decisions_and_sees_no_other_seats_hidden_card(finished_table, store):
    host, bob, table = finished_table
    reviews = []
    for seat, (p, name) in enumerate(((host, "Ann"), (bob, "Bob"))):
        assert shown(p.app.review_button)
        p.app.review_button.click()
        review = p.app.last_review
        assert review is not None and review.over and review.seats == [seat], p.app.status_text
        assert len(review) >= 3 and {e.seat for e in review} == {seat}
        assert p.app._review_chart.labels == [name]  # one line: this seat's chance, under the player's name
        assert f"Player {seat + 1}" not in p.app._review_swings.value and name in p.app._review_swings.value
        assert "your own decisions only" in p.app._review_swings.value
        assert_no_hidden_names(p.app, seat)  # the swings name none of the others' hidden cards
        reviews.append(review)
    # the same game: each review's decisions are that seat's moves in the table's log
    log = store.actions(table)
    for seat, review in enumerate(reviews):
        mine = {i for i, entry in enumerate(log) if entry["seat"] == seat}
        assert {e.index for e in review} <= mine


def test_a_spectator_gets_no_review_and_a_seat_back_at_the_finished_table_reviews_it(finished_table, store, tmp_path):
    host, bob, table = finished_table
    watcher = page(store, tmp_path, "Cy", table)
    assert watcher.session.seat is None and watcher.session.state.is_over
    assert not watcher.session.reviewable and not shown(watcher.app.review_button)
    assert watcher.app.review_current() is None
    again = page(store, tmp_path, "host", table)  # Ann's browser opens the table's link again
    assert again.session.seat == 0 and shown(again.app.review_button)
    record, seats = again.session.review_input()  # what its button reviews: the stored game, Ann's seat
    assert seats == [0] and record == TableService(store).game_record(table)


def test_the_tables_record_replays_to_its_stored_position_and_reviews_by_seat(finished_table, store):
    _host, _bob, table = finished_table
    service = TableService(store)
    record = service.game_record(table)
    assert len(record["moves"]) == len(store.actions(table))
    assert service.replay(table).to_json() == store.get(table).save
    assert review_seats("battlegoats", 2, 3) == [2] and review_seats("battlegoats", None, 3) == []
    opening = {"start": record["start"], "moves": record["moves"][:40]}
    review = review_record("battlegoats", opening, "easy", worlds=8, seats=[2])
    assert not review.over and len(review) >= 1 and {e.seat for e in review} == {2}
