"""Every step of the three tutorials, in Chromium at 1366x768 (issue 12).

Each tutorial is walked from its first step to its last as a newcomer in a hurry would: on a
step with a goal, "Show me" plays it (or Skip leaves it when the engine has no worked answer),
then Next. Each step's header must advance by one, the page must raise no JavaScript error, and
a screenshot of every step is kept: ``tests/artifacts/tutorial_<game>_step_<nn>.png``.
The walk's cumulative layout shift stays under 0.1 (issue 27), on a phone (390x844) too (a
walk that skips the steps' goals but a few, see ``PHONE_SHOW_ME``), and the last step's "Play your first
game" opens the play page with the tutorial's settings (Space Pigs: simplified B, 4 turns) and
no offer of the tutorial just done.
"""
from __future__ import annotations

import importlib
import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import open_advanced, open_page, screenshot_path, wait_for_voila  # noqa: E402
from layout_shift import OBSERVER_JS, layout_shift, now, shift_entries, tutorial_prefix  # noqa: E402
from livestock_notebooks.games import GAMES  # noqa: E402


#: the steps whose worked answer the phone walk plays ("Show me"; it skips the others to stay
#: short): those where the board changes most under the card (Space Pigs' combat box, a galaxy
#: laid out hex by hex); benchmarks/layout_shift.py plays every step
PHONE_SHOW_ME = {"space_pigs": {"combat", "galaxy"}}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_tutorial_step_advances_with_a_screenshot(browser, voila_server, game):
    p = tutorial_prefix(game)
    context, page, errors = open_page(browser, voila_server, f"{game}_tutorial", (1366, 768), start=False)
    try:
        header = page.locator(f".{p}-header")
        expect(header).to_contain_text("Step 1 of")
        page.evaluate(OBSERVER_JS)
        t0 = now(page)
        total = int(re.search(r"Step 1 of (\d+)", header.inner_text()).group(1))
        assert total >= 5, header.inner_text()
        next_button, skip, show = (page.locator(f"button.{p}-{n}") for n in ("next", "skip", "show"))
        done = page.locator(f".{p}-done")
        for n in range(1, total + 1):
            expect(header).to_contain_text(f"Step {n} of {total}")
            page.wait_for_timeout(300)  # the step's buttons follow its header
            if show.is_visible() and show.is_enabled():
                show.click()
                # the worked answer meets the goal (bots may play in between)
                expect(done).to_contain_text("\u2714", timeout=90_000)
            page.screenshot(path=str(screenshot_path(f"tutorial_{game}_step_{n:02d}")))
            if n == total:
                expect(next_button).to_be_disabled()  # the last step
                expect(page.locator(f".{p}-play a.lsn-tut-play-link")).to_be_visible()
                break
            expect(page.locator(f".{p}-play")).to_be_hidden()
            if next_button.is_enabled():
                next_button.click()
            else:
                expect(skip).to_be_enabled()
                skip.click()
            expect(header).to_contain_text(f"Step {n + 1} of {total}")
        cls = layout_shift(page, t0)
        print(f"{game} tutorial 1366x768: layout shift {cls:.3f} over {total} steps")
        for e in sorted(shift_entries(page, t0, 0.02), key=lambda e: -e["value"])[:5]:
            print(f"  {e['value']:.3f}: {'; '.join(e['sources'][:2])}")
        assert cls < 0.1, [f"{e['value']:.3f}: {e['sources'][:2]}" for e in
                           sorted(shift_entries(page, t0, 0.005), key=lambda e: -e["value"])[:5]]
        # the way out: a first game with the tutorial's settings, no offer of the tutorial again
        page.locator(f".{p}-play a.lsn-tut-play-link").click()
        page.wait_for_url(f"**/{game}_play.ipynb?from=tutorial*")
        wait_for_voila(page)
        page.wait_for_selector("button.lsn-start:visible, button.lsn-resume-new:visible")
        assert page.locator("a.lsn-tutorial-link:visible").count() == 0
        if game == "space_pigs":
            expect(page.locator(".lsn-sp-rules button.mod-active")).to_have_text("Simplified B")
            open_advanced(page)
            turns = page.locator(".lsn-sp-turns select")
            expect(turns).to_be_visible()
            assert turns.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ") == "4 turns"
        page.screenshot(path=str(screenshot_path(f"tutorial_{game}_play_your_first_game")))
        # leaving a page, Voila asks its server to shut the old kernel down and is refused (403);
        # a JupyterLite kernel extension installed beside Voila fails to load on every page (not ours)
        assert [e for e in errors if "status of 403" not in e and "pyodide-kernel-extension" not in e] == []
    finally:
        context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_tutorial_card_and_board_stay_put_on_a_phone(browser, voila_server, game):
    """At 390x844 the card sits under the board: each step's card keeps one height (its longest
    step's) and the board its room, so the walk's layout shift stays under 0.1."""
    p = tutorial_prefix(game)
    show_keys = PHONE_SHOW_ME.get(game, set())
    steps = importlib.import_module(f"livestock_notebooks.{game}.tutorial").STEPS
    context, page, errors = open_page(browser, voila_server, f"{game}_tutorial", (390, 844), start=False)
    try:
        header = page.locator(f".{p}-header")
        expect(header).to_contain_text("Step 1 of")
        page.evaluate(OBSERVER_JS)
        t0 = now(page)
        total = len(steps)
        next_button, skip, show = (page.locator(f"button.{p}-{n}") for n in ("next", "skip", "show"))
        for n, step in enumerate(steps, start=1):
            expect(header).to_contain_text(f"Step {n} of {total}")
            page.wait_for_timeout(300)  # the step's buttons follow its header
            if step.key in show_keys:
                show.click()
                expect(page.locator(f".{p}-done")).to_contain_text("\u2714", timeout=90_000)
                page.wait_for_timeout(300)
            if n == total:
                break
            (next_button if next_button.is_enabled() else skip).click()
        # the step's text is read whole in the card (no scroll inside it) and nothing sticks out sideways
        text = page.locator(f".{p}-text")
        assert text.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the last step's text scrolls"
        assert page.evaluate("() => document.querySelector('.lsn-tut-card').getBoundingClientRect().right") <= 390
        page.screenshot(path=str(screenshot_path(f"tutorial_{game}_phone_last_step")))
        cls = layout_shift(page, t0)
        print(f"{game} tutorial 390x844: layout shift {cls:.3f} over {total} steps (Show me: {sorted(show_keys)})")
        assert cls < 0.1, [f"{e['value']:.3f}: {e['sources'][:3]}" for e in
                           sorted(shift_entries(page, t0, 0.005), key=lambda e: -e["value"])[:5]]
        assert [e for e in errors if "pyodide-kernel-extension" not in e] == []
    finally:
        context.close()
