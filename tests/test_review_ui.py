"""The review on a play page: "Review this game" once a game is over, "Review a save" in the menu,
a chart of each seat's chance to win by decision and the biggest swings (widget logic from Python)."""
from __future__ import annotations

import datetime
import html
import json

import pytest

from livestock_notebooks.core.session import Seat
from livestock_notebooks.widgets.battlegoats.app import play_app
from livestock_notebooks.widgets.shell import review as review_module


def shown(widget) -> bool:
    return widget.layout.display != "none"


@pytest.fixture
def finished(tmp_path, monkeypatch):
    """A two-player BattleGoats game of random bots, played to its end on the page."""
    monkeypatch.setattr(review_module, "REVIEW_LEVEL", "easy")  # fewer playouts: a test, not a benchmark
    app = play_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.bot("random"), Seat.bot("random")], seed=11)
    assert not shown(app.review_button)  # not before the end
    app.run_bots()
    assert app.session.state.is_over
    return app


def test_review_this_game_shows_each_seats_chance_and_the_biggest_swings(finished):
    app = finished
    assert shown(app.review_button)
    app.review_button.click()
    review = app.last_review
    assert review is not None and review.over and len(review) >= 5
    assert shown(app.review_box)
    lines = app._review_chart.lines
    assert len(lines.y) == 2 and len(lines.x) == len(review)  # a line per seat, a point per decision
    assert all(0.0 <= y <= 1.0 for row in lines.y for y in row)
    table = app._review_swings.value.replace("&rarr;", "->")
    assert table.count("lsn-review-swing") == min(5, len(review))
    # each swing: the move as the log writes it (a face-down card not named) and the strong bot's
    for e in review.biggest(5):
        assert html.escape(e.text) in table and html.escape(e.best_text) in table


def test_against_a_bot_the_review_weighs_the_players_seat_only(tmp_path, monkeypatch):
    """A bot's decisions weighed from its own view would show its hand (what the strong bot says
    it could have played): the review of a game against a bot covers the person's seat only."""
    import random

    monkeypatch.setattr(review_module, "REVIEW_LEVEL", "easy")
    app = play_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.human(), Seat.bot("random")], seed=5)
    rng = random.Random(5)
    while not app.session.state.is_over:
        app.act(rng.choice(app.session.state.legal_actions()))
        app.run_bots()
    app.review_button.click()
    review = app.last_review
    assert review is not None and len(review) >= 3
    assert {e.seat for e in review} == {0}
    assert len(app._review_chart.lines.labels) == 1  # one line: the player's


def test_review_a_save_from_the_menu_and_refuse_an_unfinished_game(finished, tmp_path):
    app = finished
    text = app.session.to_save_text()
    app.review_upload.value = ({"name": "game.json", "content": memoryview(text.encode()), "type": "application/json",
                                "size": len(text), "last_modified": datetime.datetime(2026, 1, 1)},)
    assert app.last_review is not None and "Review of game.json" in app.status_text
    first = app.last_review
    data = json.loads(text)
    data["record"]["moves"] = data["record"]["moves"][:10]
    app.last_review = None
    assert app.show_review(json.dumps(data), "half.json") is None
    assert "not over" in app.status_text and app.last_review is None
    del data["record"]
    assert app.show_review(json.dumps(data), "old.json") is None
    assert "from its start" in app.status_text
    assert first.over
