"""End to end in Chromium: a whole BattleGoats game through the play page.

Three seats (one human, a Smart bot and a Random bot): the human lays out nine cards by
clicking a hand card then a slot, chooses the first attacker, and attacks (own card, target,
odds shown, Attack) until the game ends, answering any other decision (dodge, defender, ending)
by clicking. Auto-waiting assertions only; screenshots go to ``tests/artifacts/``.
"""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect  # noqa: E402

from browser import choose_seats, outside_requests, screenshot_path, voila_url, wait_for_voila  # noqa: E402

DECISION = re.compile(
    r"Your turn to attack|Game over|avoid the battle|that defends|neighbouring cards|captured a card|"
    r"last cards in play|second card|may swap places|opponent's card that")


def _start_page(page, voila_server):
    page.goto(voila_url(voila_server, "battlegoats_play.ipynb"))
    wait_for_voila(page)
    first = page.locator("button.lsn-start:visible, button.lsn-resume:visible").first
    expect(first).to_be_visible()
    if page.locator("button.lsn-resume").is_visible():
        page.locator("button.lsn-resume-new").click()
    expect(page.locator("button.lsn-start")).to_be_visible()


# the game widget's text, titles (tooltips) and aria labels; the notebook's own prose (rule
# readings naming cards such as Jonas) is not part of the game
PAGE_TEXT_JS = """() => { const app = document.querySelector(".lsn-app");
    return app.innerText + "\\n" + Array.from(app.querySelectorAll("[title],[aria-label]"))
    .map(e => (e.getAttribute("title") || "") + " " + (e.getAttribute("aria-label") || "")).join("\\n"); }"""


def _hidden_names_on_page(page, voila_server_log, viewer=0):
    """Names of cards the viewer has not seen that appear in the page's text, titles or aria labels
    (the game is read from the server's autosave file)."""
    from livestock_notebooks import battlegoats as bg

    # the autosave of the browser that played last (each browser has its own folder)
    saves = voila_server_log.parent / ".livestock_notebooks" / "saves" / "browsers"
    save = max(saves.glob("*/battlegoats-autosave.json"), key=lambda p: p.stat().st_mtime)
    state = bg.load(json.loads(save.read_text())["engine_save"])
    cards = state.cards.by_id
    seen = state.seen[viewer]
    hidden = [c for c in state.cards.ids if c not in seen]
    mentioned = {c for c in hidden for k in seen if cards[c].name in cards[k].ability}
    text = page.evaluate(PAGE_TEXT_JS)
    assert len(hidden) > 40 and "Player 1" in text and "a face-down card" in text  # tooltips read
    return [cards[c].name for c in hidden if c not in mentioned
            and re.search(rf"\b{re.escape(cards[c].name)}\b", text)]


def test_three_seat_game_to_the_end(voila_server, voila_server_log, page, page_requests):
    page.set_viewport_size({"width": 1280, "height": 1500})
    _start_page(page, voila_server)
    choose_seats(page, ["Human", "Smart", "Random"], speed_select=".lsn-bot-speed", seed=7)
    page.screenshot(path=str(screenshot_path("battlegoats_setup")), full_page=True)
    page.locator("button.lsn-start").click()

    # --- lay out nine cards by clicking: hand card, then a highlighted slot of my battlefield
    hand = page.locator("button.lsn-bg-hand-card")
    expect(hand).to_have_count(9)
    expect(page.locator(".lsn-bg-hint-text")).to_contain_text("Lay out your battlefield")
    for left in range(9, 1, -1):
        expect(hand).to_have_count(left)
        hand.first.click()
        expect(hand.first).to_have_class(re.compile(r"\blsn-bg-selected\b"))
        page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
        if left == 5:
            page.screenshot(path=str(screenshot_path("battlegoats_layout")), full_page=True)
    expect(hand).to_have_count(0)  # the last card had one slot left: placed for you (issue 27)
    # from here on every step is asked, even with one choice (the Menu's setting): otherwise the
    # page takes my only attack for me while this script is still choosing it, and it reads odds
    # that are gone (forced steps are tested in test_first_game.py and test_browser_first_game.py)
    ask = page.locator(".lsn-ask-single input")
    if not ask.is_visible():
        page.locator(".lsn-menu-toggle").first.click()
    ask.check()
    expect(ask).to_be_checked()
    # bots lay out visibly; then I finished first and choose who attacks first
    first = page.locator("button.lsn-bg-choice", has_text="I attack first")
    expect(first).to_be_visible()
    expect(page.locator(".lsn-bg-board-1 button.lsn-bg-slot.lsn-bg-unknown")).to_have_count(9)
    expect(page.locator(".lsn-bg-board-2 button.lsn-bg-slot.lsn-bg-unknown")).to_have_count(9)
    page.screenshot(path=str(screenshot_path("battlegoats_battlefields")), full_page=True)
    assert _hidden_names_on_page(page, voila_server_log) == []
    first.click()
    expect(page.locator(".lsn-bg-hint-text")).not_to_contain_text("choose who attacks first")

    # --- the battle: answer every decision until the game is over
    hint = page.locator(".lsn-bg-hint-text")
    attacks = 0
    for _ in range(300):
        expect(hint).to_have_text(DECISION, timeout=60_000)
        text = hint.inner_text()
        if text.startswith("Game over"):
            break
        if "Your turn to attack" in text or "opponent's card that" in text:
            report_ok = page.locator("button.lsn-bg-report-ok")
            if report_ok.is_visible():  # a report still open (a bot's attack on me) is closed first
                try:  # it may close itself meanwhile (the next attack takes its place)
                    report_ok.click(timeout=3000)
                except PlaywrightTimeout:
                    pass
            mine = page.locator(".lsn-bg-board-0 button.lsn-bg-selectable")
            target = page.locator(".lsn-bg-opponents button.lsn-bg-selectable")
            if "Your turn to attack" in text:  # else my card is chosen already: only a target is asked
                mine.first.click()  # asked even when it is my only card able to attack (the setting above)
            target.first.click()
            confirm = page.locator("button.lsn-bg-confirm")
            expect(confirm).to_be_visible()
            odds = page.locator(".lsn-bg-odds")
            expect(odds).to_contain_text("Attack odds")
            expect(odds.locator(".lsn-bg-odds-win")).to_have_text(re.compile(r"\d"))
            if attacks in (0, 2):
                assert _hidden_names_on_page(page, voila_server_log) == []
            if attacks == 0:
                page.screenshot(path=str(screenshot_path("battlegoats_odds")), full_page=True)
            confirm.click()
            expect(hint).not_to_contain_text("Check the odds")
            if attacks == 0:
                report = page.locator(".lsn-bg-report")
                expect(report).to_contain_text("Battle report: Player 1 attacks")
                expect(report.locator(".lsn-bg-report-count")).to_have_text(re.compile(r"step (\d+) of \1\b"))
                expect(report).to_contain_text(re.compile(r"beats|a tie|explodes|avoids"))
                page.screenshot(path=str(screenshot_path("battlegoats_report")), full_page=True)
            # my attack's report stays over the side column until I close it (issue 27)
            report_ok = page.locator("button.lsn-bg-report-ok")
            expect(report_ok).to_be_visible()
            try:
                report_ok.click(timeout=3000)
            except PlaywrightTimeout:
                pass
            attacks += 1
        elif page.locator("button.lsn-bg-choice").count():
            try:  # a choice with no alternative ("Carry on") is taken for you meanwhile (issue 27)
                page.locator("button.lsn-bg-choice").first.click(timeout=5000)
            except Exception:
                pass
            expect(hint).not_to_have_text(text)
        else:
            page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
            expect(hint).not_to_have_text(text)
    else:
        pytest.fail("the game did not end")

    expect(page.locator(".lsn-turn-text")).to_contain_text("Game over")
    expect(page.locator(".lsn-log")).to_contain_text("Game over")
    assert attacks >= 1
    page.screenshot(path=str(screenshot_path("battlegoats_game_over")), full_page=True)
    assert outside_requests(page_requests) == []


def test_tutorial_first_steps_on_the_board(voila_server, page, page_requests):
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(voila_url(voila_server, "battlegoats_tutorial.ipynb"))
    wait_for_voila(page)
    head = page.locator(".lsn-bg-tut-head")
    expect(head).to_contain_text("Step 1 of")
    expect(page.locator(".lsn-bg-board-1 button.lsn-bg-unknown")).to_have_count(9)
    page.screenshot(path=str(screenshot_path("battlegoats_tutorial_theme")), full_page=True)
    page.locator("button.lsn-bg-tut-next").click()
    expect(head).to_contain_text("Step 2 of")
    expect(page.locator("button.lsn-bg-tut-next")).to_be_disabled()
    # the goal step: attack the last card with the Ram Goat, by keyboard for the attacker
    ram = page.locator(".lsn-bg-board-0 button.lsn-bg-slot-M2")
    # wait for the step's board to be live (the buttons are re-styled after the header)
    expect(ram).to_have_class(re.compile(r"\blsn-bg-selectable\b"))
    expect(ram).to_be_enabled()
    ram.press("Enter")  # focuses the button, then presses Enter on it
    expect(ram).to_have_class(re.compile(r"\blsn-bg-selected\b"))
    page.locator(".lsn-bg-board-1 button.lsn-bg-slot-B2").click()
    expect(page.locator(".lsn-bg-odds")).to_contain_text("Win")
    page.locator("button.lsn-bg-confirm").click()
    # the goal done: the prompt says so, the card says why, and Next opens
    expect(page.locator(".lsn-status")).to_contain_text("Well done")
    expect(page.locator(".lsn-bg-tut-done")).to_contain_text("beat the Kid Goat")
    expect(page.locator("button.lsn-bg-tut-next")).to_be_enabled()
    expect(page.locator(".lsn-bg-report")).to_contain_text("Kid Goat")
    page.screenshot(path=str(screenshot_path("battlegoats_tutorial_goal_done")), full_page=True)
    # a wrong placement shows why, on the Cowboy Goat step
    page.locator("button.lsn-bg-tut-next").click()
    expect(head).to_contain_text("Step 3 of")
    page.locator("button.lsn-bg-tut-next").click()
    expect(head).to_contain_text("Step 4 of")
    # the draft: keep the Cowboy Goat
    page.locator("button.lsn-bg-hand-card", has_text="Cowboy Goat").click()
    expect(page.locator("button.lsn-bg-tut-next")).to_be_disabled()
    page.locator("button.lsn-bg-confirm", has_text="Keep Cowboy Goat").click()
    expect(page.locator(".lsn-bg-tut-done")).to_contain_text("Cowboy Goat is yours")
    page.locator("button.lsn-bg-tut-next").click()
    expect(head).to_contain_text("Step 5 of")
    expect(page.locator("button.lsn-bg-tut-next")).to_be_disabled()
    page.locator("button.lsn-bg-hand-card", has_text="Cowboy Goat").click()
    page.locator(".lsn-bg-board-0 button.lsn-bg-slot-B1").click()
    # not played: the prompt says why, in the error colour, and the goal stays open
    expect(page.locator(".lsn-status .lsn-msg-error")).to_contain_text("would be a 5")
    expect(page.locator("button.lsn-bg-tut-next")).to_be_disabled()
    page.screenshot(path=str(screenshot_path("battlegoats_tutorial_rows")), full_page=True)
    page.locator(".lsn-bg-board-0 button.lsn-bg-slot-B2").click()  # Cowboy Goat is still chosen
    expect(page.locator(".lsn-bg-tut-done")).to_contain_text("1 + 4 + 4 = 9")
    expect(page.locator("button.lsn-bg-tut-next")).to_be_enabled()
    assert outside_requests(page_requests) == []
