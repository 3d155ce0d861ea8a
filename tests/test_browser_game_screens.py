"""Game screens feel like a digital board game (issue 12), checked in Chromium on the real pages.

One test per numbered problem that a browser can see:

- #3 bot turns play out visibly: the last move is marked (``lsn-last-move``) on the board,
  Slow spaces the bot steps out, and your own BattleGoats battle report stays until OK;
- #4 card abilities are readable without hover (BattleGoats hand on a phone, Space Pigs hand);
- #5 no developer controls on a player page once the game has started;
- #6 no stale "click a green square" prompt, no General selected for no reason;
- #7 "Fight to the end" in a Space Pigs combat; a faction per seat at Livestock setup;
- #8 one-click Save game, a resume card saying "... ago", New game asks first;
- #11 the landing page's pictures and "start here"; the House rules tabs and filter.

(#10, the Super Army heatmap readout, is checked in ``test_browser_explorers.py``.)
Screenshots go to ``tests/artifacts/``.
"""
from __future__ import annotations

import json
import re
import time

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect  # noqa: E402

from browser import (  # noqa: E402
    DESKTOP, PHONE, choose_seats, load_save, open_menu, open_page, page_text, screenshot_path, start_game, voila_url, wait_for_voila,
)

PLAY_PAGES = ["livestock_uprising_play", "battlegoats_play", "space_pigs_play"]
#: words of developer controls a player never needs to see (issue 12, #5)
DEV_WORDS = ["Any legal action", "Bot: one step", "Pause bots", "Round limit", "Seed", "headless", "GUIDE",
             "layout_first"]
JSON_PATH = re.compile(r"[\w./-]+\.json\b")
ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def _real_errors(errors):
    # leaving a page, Voila asks its server to shut the old kernel down and is refused (403)
    return [e for e in errors if "status of 403" not in e]


# --- #5 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("notebook", PLAY_PAGES)
def test_no_developer_controls_on_the_player_page_after_start(browser, voila_server, notebook):
    context, page, errors = open_page(browser, voila_server, notebook, DESKTOP)
    try:
        if notebook == "livestock_uprising_play":
            # #7: the setup screen offers a faction for every seat
            for seat in (0, 1):
                select = page.locator(f".lsn-faction-{seat} select")
                expect(select).to_be_visible()
                assert len(select.locator("option").all_inner_texts()) >= 2
        start_game(page)
        page.wait_for_timeout(1500)  # the first bot steps and deferred panels
        for where in ("game", "menu"):
            if where == "menu":
                open_menu(page)
                expect(page.locator(".lsn-bot-speed select").first).to_be_visible()
            text = page_text(page)
            shown = [word for word in DEV_WORDS if word in text] + JSON_PATH.findall(text)
            assert shown == [], f"developer controls visible ({where}): {shown}"
        page.screenshot(path=str(screenshot_path(f"screens_{notebook}_menu_open")))
        # opening the Menu's Advanced section is how a player reaches them
        page.locator(".lsn-menu-advanced").get_by_text("Advanced").first.click()
        expect(page.locator("button.lsn-bots-pause").first).to_be_visible()
        assert "Pause bots" in page_text(page)
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #8 -----------------------------------------------------------------------------------
def test_save_is_one_click_new_game_asks_and_resume_says_ago(browser, voila_server):
    context, page, errors = open_page(browser, voila_server, "livestock_uprising_play", DESKTOP)
    try:
        choose_seats(page, ["Human", "Greedy"])
        start_game(page)
        expect(page.locator(".lsn-hint")).to_contain_text("place your barn")
        target = page.locator(".lsn-mark-target").first.evaluate("e => e.closest('.lsn-face').dataset.square")
        page.locator(f"button.lsn-tile-{target}").click()
        expect(page.locator(".lsn-log")).to_contain_text(f"places the barn at {target}")

        open_menu(page)
        link = page.locator("a.lsn-save-download").first
        expect(link).to_be_visible()
        assert (link.get_attribute("download") or "").endswith(".json")
        assert (link.get_attribute("href") or "").startswith("data:")
        with page.expect_download() as download:
            link.click()  # one click: the file comes at once
        saved = json.loads(open(download.value.path(), encoding="utf-8").read())
        assert saved["format"] == "livestock-notebooks-session"
        assert f"barn at {target}" in json.dumps(saved) or saved.get("engine_save")

        # New game mid-game asks first; Keep playing keeps the game
        expect(page.locator(".lsn-prompt.lsn-prompt-mine")).to_be_visible()  # the bots are done (a busy machine)
        turn = page.locator(".lsn-turn").inner_text()
        page.locator("button.lsn-new-game").click()
        confirm = page.locator(".lsn-confirm-new")
        expect(confirm).to_be_visible()
        page.screenshot(path=str(screenshot_path("screens_new_game_confirm")))
        page.locator("button.lsn-confirm-new-no").click()
        expect(confirm).to_be_hidden()
        expect(page.locator(".lsn-board").first).to_be_visible()
        expect(page.locator("button.lsn-start")).to_be_hidden()
        assert page.locator(".lsn-turn").inner_text() == turn

        # the resume card says when in words, never a raw timestamp
        page.reload()
        wait_for_voila(page)
        box = page.locator(".lsn-resume-box")
        expect(box).to_be_visible()
        text = box.inner_text()
        assert re.search(r"\bago\b|just now", text), text
        assert not ISO_TIME.search(text), text
        page.screenshot(path=str(screenshot_path("screens_resume_card")))
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #3 and #6: Livestock -------------------------------------------------------------------
LOG_WATCH_JS = """() => { window.__logGrowth = []; let n = document.querySelectorAll('.lsn-log-line').length;
  new MutationObserver(() => { const m = document.querySelectorAll('.lsn-log-line').length;
    if (m !== n) { window.__logGrowth.push([Date.now(), m - n]); n = m; } })
  .observe(document.querySelector('.lsn-app'), {childList: true, subtree: true, characterData: true}); }"""


def test_livestock_bot_turn_is_paced_and_marked_and_prompts_are_fresh(browser, voila_server):
    context, page, errors = open_page(browser, voila_server, "livestock_uprising_play", DESKTOP)
    try:
        # a fixed deal: on a random one the bot may attack at once and wait for your battle decision
        choose_seats(page, ["Human", "Greedy"], speed_select=".lsn-bot-speed", speed="Slow", seed=2)
        start_game(page)
        hint = page.locator(".lsn-hint")
        expect(hint).to_contain_text("place your barn")
        target = page.locator(".lsn-mark-target").first.evaluate("e => e.closest('.lsn-face').dataset.square")
        page.locator(f"button.lsn-tile-{target}").click()
        # whoever starts, the human gets an action phase: no General is chosen for them
        expect(hint).to_contain_text("Click one of your Generals", timeout=90_000)
        generals = page.locator("button.lsn-select-general")
        if generals.count() > 1:
            expect(page.locator(".lsn-board .lsn-mark-selected")).to_have_count(0)
        # a General moves; then the prompt no longer tells it where to go
        generals.first.click()
        expect(page.locator(".lsn-board .lsn-mark-selected")).to_have_count(1)  # chosen by the click
        name = generals.first.inner_text().split("(")[0].strip()
        expect(page.locator(".lsn-mark-move").first).to_be_visible()
        dest = page.locator(".lsn-mark-move").first.evaluate("e => e.closest('.lsn-face').dataset.square")
        page.locator(f"button.lsn-tile-{dest}").click()
        expect(page.locator(".lsn-log")).to_contain_text(f"to {dest}")
        page.wait_for_timeout(500)
        prompt = page.locator(".lsn-prompt").inner_text()
        assert f"{name}: click" not in prompt, prompt
        page.screenshot(path=str(screenshot_path("screens_livestock_after_move")))

        # end the turn (action, harvest, marshalling); the bot's turn then plays out step by step
        turn = page.locator(".lsn-turn")
        for _ in range(3):
            page.locator("button.lsn-end-turn").click()
            page.wait_for_timeout(400)
            if "Round 1" not in turn.inner_text():
                break
        page.evaluate(LOG_WATCH_JS)
        expect(page.locator(".lsn-board .lsn-last-move").first).to_be_attached(timeout=60_000)
        expect(turn).to_contain_text("Round 2", timeout=120_000)
        # the human's turn comes back (or the bot attacked and the human must decide the battle)
        expect(hint).to_contain_text(re.compile("Click one of your Generals|battle needs your decision"),
                                     timeout=60_000)
        growth = page.evaluate("window.__logGrowth")
        times = [t for t, n in growth if n > 0]
        assert len(times) >= 3, f"the bot's turn added too few log lines: {growth}"
        span = (times[-1] - times[0]) / 1000
        # at Slow (1.2 s a step) the lines come one step at a time, not all at once
        assert span >= 1.5, f"bot steps not spaced at Slow: {growth}"
        assert max(n for _, n in growth) <= 3, f"many lines at once: {growth}"
        page.screenshot(path=str(screenshot_path("screens_livestock_bot_turn_marked")))
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #3 BattleGoats -------------------------------------------------------------------------
def _layout_nine(page):
    hand = page.locator("button.lsn-bg-hand-card")
    expect(hand).to_have_count(9)
    for left in range(9, 1, -1):
        expect(hand).to_have_count(left)
        hand.first.click()
        expect(hand.first).to_have_class(re.compile(r"\blsn-bg-selected\b"))
        page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
    expect(hand).to_have_count(0)  # the last card had one slot left: placed for you (issue 27)


def _click_if_still_there(buttons) -> None:
    """Click the first of ``buttons`` if one is there: a choice seen a moment ago may be gone
    (answered, or replaced as the bots play), and then there is nothing to click this time."""
    if buttons.count():
        try:
            buttons.first.click(timeout=3_000)
        except PlaywrightTimeoutError:
            pass


def test_battlegoats_bots_marked_and_my_report_stays_until_ok(browser, voila_server):
    context, page, errors = open_page(browser, voila_server, "battlegoats_play", DESKTOP)
    try:
        choose_seats(page, ["Human", "Smart", "Random"], speed_select=".lsn-bot-speed", speed="Fast", seed=7)
        start_game(page)
        _layout_nine(page)
        # the bots lay out visibly: their last card is marked on the board
        expect(page.locator(".lsn-board .lsn-last-move").first).to_be_attached(timeout=60_000)
        page.locator("button.lsn-bg-choice", has_text="I attack first").click()
        hint = page.locator(".lsn-bg-hint-text")
        deadline = time.monotonic() + 90
        while "Your turn to attack" not in hint.inner_text():  # e.g. "cards may swap places": carry on
            assert time.monotonic() < deadline, f"never my turn to attack: {hint.inner_text()}"
            _click_if_still_there(page.locator("button.lsn-bg-choice:visible"))
            page.wait_for_timeout(700)
        page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
        page.locator(".lsn-bg-opponents button.lsn-bg-selectable").first.click()
        page.locator("button.lsn-bg-confirm").click()
        report = page.locator(".lsn-bg-report")
        expect(report).to_contain_text("Battle report: Player 1 attacks")
        # answer any decision of mine until the bots have attacked (the log names them)
        log = page.locator(".lsn-log")
        deadline = time.monotonic() + 90
        while not re.search(r"Player [23] attacks", log.inner_text()):
            assert time.monotonic() < deadline, "the bots did not attack"
            _click_if_still_there(page.locator("button.lsn-bg-choice:visible"))
            page.wait_for_timeout(700)
        page.wait_for_timeout(1000)
        expect(report).to_contain_text("Battle report: Player 1 attacks")  # still mine
        expect(page.locator(".lsn-board .lsn-last-move").first).to_be_attached()
        page.screenshot(path=str(screenshot_path("screens_battlegoats_report_stays")))
        page.locator("button.lsn-bg-report-ok").first.click()
        expect(report.filter(has_text="Battle report: Player 1 attacks")).to_have_count(0)
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #4 BattleGoats hand on a phone -----------------------------------------------------------
def test_battlegoats_hand_abilities_readable_on_a_phone(browser, voila_server):
    context, page, errors = open_page(browser, voila_server, "battlegoats_play", PHONE)
    try:
        choose_seats(page, ["Human", "Smart"], seed=7)
        start_game(page)
        hand = page.locator("button.lsn-bg-hand-card")
        expect(hand).to_have_count(9)

        def missing_abilities():
            # the hand is relabelled in place just after the board: read cards and text together
            text = " ".join(page_text(page).split())
            abilities = []
            for i in range(hand.count()):
                title = hand.nth(i).get_attribute("title") or ""
                ability = title.split("): ", 1)[1] if "): " in title else ""
                if ability.strip():
                    abilities.append(" ".join(ability.split()))
            return abilities, [a for a in abilities if a not in text]

        abilities, missing = missing_abilities()
        for _ in range(40):  # up to 10 s for the hand's deferred relabelling to settle
            if not missing:
                break
            page.wait_for_timeout(250)
            abilities, missing = missing_abilities()
        assert abilities, "no hand card has an ability to read"
        assert missing == [], f"abilities only in tooltips: {missing}"
        page.screenshot(path=str(screenshot_path("screens_battlegoats_hand_phone")))
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #3, #4, #7 Space Pigs ------------------------------------------------------------------------
def _space_pigs_combat_save(tmp_path):
    from livestock_notebooks import space_pigs as sp
    from livestock_notebooks.core.session import Seat, Session
    from livestock_notebooks.space_pigs.tutorial import state_for, step_by_key

    state = state_for(step_by_key("combat"), seed=7)  # I attack hex 0; the defender's cards first
    text = Session(sp.GAME, state, [Seat.human(), Seat("greedy"), Seat("greedy")], seed=7,
                   autosave=False).to_save_text()
    path = tmp_path / "combat.json"
    path.write_text(text)
    return path


def test_space_pigs_combat_offers_fight_to_the_end_and_cards_read(browser, voila_server, tmp_path):
    context, page, errors = open_page(browser, voila_server, "space_pigs_play", DESKTOP)
    try:
        choose_seats(page, ["Human", "Greedy", "Greedy"], speed_select=".lsn-bot-speed", speed="Fast", seed=2)
        page.locator(".lsn-sp-rules button", has_text="Full rules").click()  # the page starts simplified
        start_game(page)
        # #3: the bots place their piglets one by one; the last one is marked on the map (when the
        # drawn order of play puts me first, I place mine first and the bots follow)
        marked = page.locator(".lsn-board .lsn-last-move").first
        page.wait_for_selector(".lsn-board .lsn-last-move, .lsn-prompt.lsn-prompt-mine", state="attached", timeout=60_000)
        if not marked.count():
            page.locator(".lsn-actions button:visible").first.click()
        expect(marked).to_be_attached(timeout=60_000)
        # load a prepared combat: I attack, holding cards
        load_save(page, _space_pigs_combat_save(tmp_path))
        page.locator(".lsn-menu-toggle").first.click()  # close the menu
        expect(page.locator(".lsn-sp-combat")).to_be_visible()
        expect(page.locator("button.lsn-sp-fight-end")).to_be_visible(timeout=60_000)
        # #4: the cards in my hand say what they do, without hovering
        cards = page.locator(".lsn-hand button.lsn-sp-card")
        expect(cards.first).to_be_visible()
        for i in range(cards.count()):
            face = cards.nth(i).inner_text()
            assert re.search(r"Attack \+\d|Event, play in", face), f"card shows no ability: {face!r}"
        page.screenshot(path=str(screenshot_path("screens_space_pigs_combat")))
        assert _real_errors(errors) == []
    finally:
        context.close()


# --- #11 ------------------------------------------------------------------------------------
def test_landing_pictures_and_start_here_then_house_rules_tabs_and_filter(browser, voila_server):
    context, page, errors = open_page(browser, voila_server, "index", DESKTOP, start=False)
    try:
        expect(page.locator(".lsn-game-picture:has(svg)")).to_have_count(3)
        start_here = page.locator(".lsn-start-here a")
        expect(start_here).to_be_visible()
        assert re.search(r"\bstart\b.*tutorial", start_here.inner_text(), re.I | re.S), start_here.inner_text()
        explorers = page.get_by_text("Odds explorers").first
        expect(explorers).to_be_visible()
        first_play = page.locator(".lsn-game-links a.lsn-play").first
        # a newcomer reads "start here", then Play and Learn, and only then the explorers
        ys = [loc.bounding_box()["y"] for loc in (start_here, first_play, explorers)]
        assert ys == sorted(ys) and ys[0] < ys[2], f"order on the page: {ys}"
        page.screenshot(path=str(screenshot_path("screens_landing")), full_page=True)

        page.goto(voila_url(voila_server, "house_rules.ipynb"))
        wait_for_voila(page)
        tabs = page.locator(".lsn-house-tabs .lm-TabBar-tab")
        expect(tabs.first).to_be_visible()
        assert tabs.count() >= 3
        visible_rows = ("() => [...document.querySelectorAll('.lsn-house-page tr')]"
                        ".filter(r => r.offsetParent !== null).length")
        page.wait_for_function(f"({visible_rows})() > 0")
        before = page.evaluate(visible_rows)
        page.locator(".lsn-house-filter input").fill("barn")
        page.locator(".lsn-house-filter input").press("Enter")
        page.wait_for_function(f"(n) => ({visible_rows})() < n", arg=before)
        expect(page.locator(".lsn-house-count")).to_contain_text(re.compile(r"\d"))
        page.screenshot(path=str(screenshot_path("screens_house_rules_filtered")))
        assert _real_errors(errors) == []
    finally:
        context.close()
