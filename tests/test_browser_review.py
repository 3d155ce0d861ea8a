"""The game review in Chromium: a finished BattleGoats game loaded on the play page, "Review this
game" clicked, the chance chart and the biggest swings shown (issue 28). The game is played
here, in the test's process, by random moves (a few seconds of the review in the page's kernel,
not a whole game in the browser). The screenshot goes to ``tests/artifacts/``."""
from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import load_save, open_page, screenshot_path  # noqa: E402


def finished_save(tmp_path, seed: int = 6):
    """A two-seat BattleGoats game (me against a random bot) played to its end by random moves
    (seed 6: 37 real choices, one of the quickest to review), saved as the play page saves it
    (with its record from the start)."""
    from livestock_notebooks.core.session import Seat, Session
    from livestock_notebooks.games import GAMES

    info = GAMES["battlegoats"]
    session = Session(info, info.new_game(players=2, seed=seed), [Seat.human(), Seat.bot("random")], seed=seed,
                      autosave=False)
    rng = random.Random(seed)
    while not session.state.is_over:
        session.apply(rng.choice(list(session.state.legal_actions())), by_bot=session.is_bot_turn)
    path = tmp_path / "finished.json"
    path.write_text(session.to_save_text())
    return path


def test_review_this_game_shows_the_chart_and_the_biggest_swings(browser, voila_server, tmp_path):
    context, page, errors = open_page(browser, voila_server, "battlegoats_play", (1366, 768))
    try:
        load_save(page, finished_save(tmp_path))
        page.locator(".lsn-menu-toggle").first.click()  # close the menu
        review = page.locator("button.lsn-review-game")
        expect(review).to_be_visible()
        review.click()
        chart = page.locator(".lsn-review-chart")
        expect(chart).to_be_visible(timeout=90_000)  # the review runs in the kernel: slow on a loaded machine
        expect(chart.locator("svg").first).to_be_visible()
        expect(chart).to_contain_text("Chance to win")
        swings = page.locator(".lsn-review-swing")
        expect(swings).to_have_count(5)
        expect(swings.first).to_contain_text("The strong bot:")
        expect(swings.first).to_contain_text(re.compile(r"The choice: -\d+ points"))  # a random move that cost
        expect(page.locator(".lsn-review-title")).to_contain_text("Biggest swings")
        expect(page.locator(".lsn-status")).to_contain_text("Review of this game")
        swings.first.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_path("review_battlegoats")), full_page=True)
        assert [e for e in errors if "status of 403" not in e] == []
    finally:
        context.close()
