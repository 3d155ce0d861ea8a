"""Keyboard play on the three play pages at 1366x768 (the template's static/keyboard.js and the
shell's focus styles): the board is one Tab stop, so the first action button is a few Tabs
away; a dialog takes the focus on its main button and Esc cancels it; the focus ring shows.

Screenshots go to tests/artifacts (``browser.screenshot_path``).
"""
from __future__ import annotations

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import outside_requests, screenshot_path, show_setup, start_game, voila_url, wait_for_voila  # noqa: E402
from test_browser_livestock import load_position  # noqa: E402

MAX_TABS = 6

#: the element with the focus, described for the checks below
ACTIVE = """() => {
  const a = document.activeElement;
  const first = [...document.querySelectorAll('.lsn-actions button')].find(b => b.offsetWidth && !b.disabled);
  return {cls: a ? a.className : '', firstAction: !!first && a === first, inBoard: !!(a && a.closest('.lsn-board')),
          outline: a ? parseFloat(getComputedStyle(a).outlineWidth) : 0,
          outlineStyle: a ? getComputedStyle(a).outlineStyle : ''};
}"""


def _start(page, voila_server, notebook: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_url(voila_server, notebook))
    wait_for_voila(page)
    show_setup(page)
    start_game(page)


def _active(page) -> dict:
    return page.evaluate(ACTIVE)


def _tabs_from_board_to_first_action(page, name: str) -> int:
    """Focus the board's Tab stop, then press Tab until the first action button has the focus;
    returns the number of presses (fails after MAX_TABS). The focus ring must show there."""
    expect(page.locator(".lsn-prompt.lsn-prompt-mine")).to_be_visible(timeout=60_000)  # the bots are done
    expect(page.locator(".lsn-actions button:visible").first).to_be_visible()
    stop = page.locator(".lsn-board button[tabindex='0']")
    expect(stop).to_have_count(1)  # the board is one Tab stop
    stop.focus()
    assert _active(page)["inBoard"]
    for presses in range(1, MAX_TABS + 1):
        page.keyboard.press("Tab")
        now = _active(page)
        if now["firstAction"]:
            # a keyboard focus shows a clear ring (3px in the shell's style sheet)
            assert now["outline"] >= 2 and now["outlineStyle"] != "none", now
            page.screenshot(path=str(screenshot_path(f"keyboard_{name}_first_action")))
            return presses
    raise AssertionError(f"{name}: the first action button is not within {MAX_TABS} Tabs of the board "
                         f"(focus ends on {now['cls']!r})")


def _new_game_question_takes_focus_and_esc_closes_it(page) -> None:
    page.locator("button.lsn-new-game").click()
    expect(page.locator(".lsn-confirm-new")).to_be_visible()
    expect(page.locator("button.lsn-confirm-new-no")).to_be_focused()  # "Keep playing"
    page.keyboard.press("Escape")
    expect(page.locator(".lsn-confirm-new")).to_be_hidden()
    expect(page.locator("button.lsn-start")).to_be_hidden()  # still the game, not the setup screen


def test_livestock_keyboard(voila_server, page, tmp_path, page_requests, page_errors):
    _start(page, voila_server, "livestock_uprising_play.ipynb")
    load_position(page, tmp_path)  # the Chickens' action phase: Pecky on b3 next to Bessie on c2
    expect(page.locator(".lsn-turn")).to_contain_text("Chickens \u00b7 Action phase")
    _tabs_from_board_to_first_action(page, "livestock")

    # arrow keys walk the board: from b3 one step right is c3 (the board keeps one Tab stop)
    page.locator("button.lsn-tile-b3").focus()
    page.keyboard.press("ArrowRight")
    assert "lsn-tile-c3" in _active(page)["cls"]
    expect(page.locator(".lsn-board button[tabindex='0']")).to_have_count(1)

    # the battle box takes the focus on Attack!; Esc cancels it
    page.locator("button.lsn-tile-b3").click()
    expect(page.locator(".lsn-mark-attack")).to_have_count(1)
    page.locator("button.lsn-tile-c2").click()
    box = page.locator(".lsn-battle-box")
    expect(box).to_be_visible()
    expect(page.locator("button.lsn-battle-commit")).to_be_focused()
    assert "lsn-dialog-main" in _active(page)["cls"]
    page.screenshot(path=str(screenshot_path("keyboard_livestock_battle_focus")))
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    # the focus goes back to the square the attack was aimed at, and no battle happened
    expect(page.locator("button.lsn-tile-c2")).to_be_focused()
    expect(page.locator(".lsn-log")).not_to_contain_text("the attacker wins")

    _new_game_question_takes_focus_and_esc_closes_it(page)
    assert outside_requests(page_requests) == []
    assert page_errors == []


def test_battlegoats_keyboard(voila_server, page, page_requests, page_errors):
    _start(page, voila_server, "battlegoats_play.ipynb")
    # laying out the battlefield: choosing a card from the hand brings up "Clear choice"; Esc clears it
    card = page.locator("button.lsn-bg-hand-card").first
    expect(card).to_be_visible()
    card.click()
    clear = page.locator("button.lsn-bg-clear")
    expect(clear).to_be_visible()
    page.keyboard.press("Escape")
    expect(clear).to_be_hidden()
    card.click()
    expect(clear).to_be_visible()
    _tabs_from_board_to_first_action(page, "battlegoats")
    _new_game_question_takes_focus_and_esc_closes_it(page)
    assert outside_requests(page_requests) == []
    assert page_errors == []


def test_space_pigs_keyboard(voila_server, page, page_requests, page_errors):
    _start(page, voila_server, "space_pigs_play.ipynb")
    _tabs_from_board_to_first_action(page, "space_pigs")
    # the page title marks the player's turn
    expect(page.locator(".lsn-prompt.lsn-prompt-mine")).to_be_visible()
    assert page.title().startswith("\u25cf ")
    # the prompt is announced to screen readers
    expect(page.locator(".lsn-prompt .lsn-turn")).to_have_attribute("aria-live", "polite")
    expect(page.locator(".lsn-log-scroll").first).to_have_attribute("role", "log")
    _new_game_question_takes_focus_and_esc_closes_it(page)
    assert outside_requests(page_requests) == []
    assert page_errors == []
