"""Game screens, not documents (issue 12): right after starting a game with the setup defaults,
each play page shows its board, prompt, actions, hand and latest log lines without scrolling at
1366x768, and at phone width (390x844) the board fits and nothing scrolls sideways.
Screenshots of every page at both sizes are kept in tests/artifacts/ (the README shows them)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import DESKTOP, PHONE, open_page, screenshot_path, start_game

#: the README shows these (refreshed by this test)
README_SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
PLAY_PAGES = ["livestock_uprising_play", "battlegoats_play", "space_pigs_play"]
PARTS = [".lsn-board", ".lsn-prompt", ".lsn-actions", ".lsn-hand", ".lsn-log"]


def _start(browser, voila_server, notebook, size):
    context, page, _errors = open_page(browser, voila_server, notebook, size)
    start_game(page)
    page.wait_for_timeout(1500)  # the first bot steps and deferred panels
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _box(page, selector):
    loc = page.locator(f"{selector}:visible").first
    expect(loc).to_be_visible()
    return loc.bounding_box()


@pytest.mark.parametrize("notebook", PLAY_PAGES)
def test_the_five_parts_are_on_the_first_screen_at_1366x768(browser, voila_server, notebook):
    context, page = _start(browser, voila_server, notebook, DESKTOP)
    try:
        shot = screenshot_path(f"screen_{notebook}_1366x768")
        page.screenshot(path=str(shot))
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, README_SHOTS / f"{notebook}.png")
        width, height = DESKTOP
        board = _box(page, ".lsn-board")
        assert board["y"] >= 0 and board["y"] + board["height"] <= height + 1, f"board not all on screen: {board}"
        for part in PARTS[1:]:
            box = _box(page, part)
            assert 0 <= box["y"] < height - 20, f"{part} below the fold: {box}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"{part} off screen: {box}"
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width + 1
    finally:
        context.close()


@pytest.mark.parametrize("notebook", PLAY_PAGES)
def test_at_phone_width_the_board_fits_and_the_prompt_stays_reachable(browser, voila_server, notebook):
    context, page = _start(browser, voila_server, notebook, PHONE)
    try:
        shot = screenshot_path(f"screen_{notebook}_390x844")
        page.screenshot(path=str(shot))
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, README_SHOTS / f"{notebook}_phone.png")
        width, height = PHONE
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width + 1, "the page scrolls sideways"
        board = _box(page, ".lsn-board")
        assert board["x"] >= 0 and board["x"] + board["width"] <= width + 1, f"board wider than the phone: {board}"
        for part in (".lsn-prompt", ".lsn-actions"):
            box = _box(page, part)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"{part} off screen: {box}"
            assert 0 <= box["y"] < height, f"{part} not reachable without scrolling: {box}"
    finally:
        context.close()


@pytest.mark.parametrize("notebook", PLAY_PAGES)
def test_at_phone_width_the_prompt_never_covers_the_whole_screen(browser, voila_server, notebook):
    """The sticky prompt scrolls inside itself when it holds many choices: the board stays in sight."""
    context, page = _start(browser, voila_server, notebook, PHONE)
    try:
        prompt = _box(page, ".lsn-prompt")
        assert prompt["height"] <= 0.5 * PHONE[1] + 1, f"the prompt takes {prompt['height']} px of {PHONE[1]}"
    finally:
        context.close()
