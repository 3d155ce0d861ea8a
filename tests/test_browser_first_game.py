"""A first game without friction (issue 27), in Chromium on the real pages.

Per play page, a newcomer's first visit at 1366x768: the page offers its tutorial; the Menu
has "Ask me even when there is only one choice"; Space Pigs starts with the simplified rules;
then a scripted game of 30 decisions against bots at Instant (``tests/layout_shift.py``),
checking at every decision that each open dialog's main button and the whole BattleGoats
battle report are on the screen without scrolling the page. On a phone (390x844): the same
scripted game on each play page, with no prompt cut (nothing scrolls inside the prompt), the
BattleGoats report whole over the screen, and the Livestock 7x7 farm keeps its last column and
its barn prompt whole. The cumulative layout shift of each game (from Start to the 30th
decision; the setup screen between two games left out) stays under 0.1 at both sizes
(``benchmarks/layout_shift.py`` prints every page's); the tutorials' walk and their "Play your
first game" link are checked in ``test_browser_tutorial_steps.py``. Screenshots:
``tests/artifacts/first_game_*.png``.
"""
from __future__ import annotations

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import CLIPPED_JS, DESKTOP, LAPTOP, PHONE, choose_seats, load_save, open_menu, open_page, screenshot_path, start_game  # noqa: E402
from layout_shift import NEXT_FRAMES_JS, SEATS, layout_shift, now, play_decisions, shift_entries  # noqa: E402

TUTORIAL = {"livestock_uprising_play": "livestock_uprising_tutorial", "battlegoats_play": "battlegoats_tutorial",
            "space_pigs_play": "space_pigs_tutorial"}

#: what of each open dialog lies outside the screen, the page scrolled to its top
OFF_SCREEN_JS = """
() => { window.scrollTo(0, 0);
  const box = document.getElementById('rendered_cells');  // Voila's page box: the one that scrolls
  if (box) box.scrollTop = 0;
  const out = [];
  const parts = [...document.querySelectorAll('.lsn-game button.lsn-dialog-main')]
    .filter(b => b.offsetParent && getComputedStyle(b).visibility !== 'hidden')
    .concat([...document.querySelectorAll('.lsn-bg-report:not(.lsn-bg-report-empty)')].filter(e => e.offsetParent));
  for (const e of parts) {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight + 1 || r.left < 0 || r.right > window.innerWidth + 1)
      out.push(`${e.className.split(' ').filter(c => c.startsWith('lsn')).join('.')} `
               + `${(e.innerText || '').slice(0, 30)} at ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  }
  return out; }
"""


#: where the battle report lies (top, bottom) with Voila's page box scrolled to its foot
SCROLLED_REPORT_JS = """
() => { const box = document.getElementById('rendered_cells');
  box.scrollTop = box.scrollHeight;
  const r = document.querySelector('.lsn-bg-report:not(.lsn-bg-report-empty)').getBoundingClientRect();
  return [Math.round(r.top), Math.round(r.bottom), box.scrollTop]; }
"""


def _real_errors(errors):
    # leaving a page, Voila asks its server to shut the old kernel down and is refused (403);
    # a JupyterLite kernel extension installed beside Voila fails to load on every page (not ours)
    return [e for e in errors if "status of 403" not in e and "pyodide-kernel-extension" not in e]


@pytest.mark.parametrize("size", [DESKTOP, LAPTOP], ids=["1366x768", "1366x650"])
@pytest.mark.parametrize("notebook", list(SEATS))
def test_first_visit_then_a_first_game_with_every_dialog_on_screen(browser, voila_server, notebook, size):
    """At 1366x768, and in a laptop's window (a 768 px screen less the browser's own bars)."""
    context, page, errors = open_page(browser, voila_server, notebook, size)
    try:
        page.evaluate(__import__("layout_shift").OBSERVER_JS)
        offer = page.locator("a.lsn-tutorial-link")
        expect(offer).to_be_visible()
        assert offer.get_attribute("href") == f"{TUTORIAL[notebook]}.ipynb"
        if notebook == "space_pigs_play":  # the simplified rules the tutorial recommends
            expect(page.locator(".lsn-sp-rules button.mod-active")).to_have_text("Simplified B")
        choose_seats(page, SEATS[notebook], speed_select=".lsn-bot-speed", speed="Instant", seed=3)
        expect(page.locator(".lsn-ask-single")).to_be_visible()  # in the Menu, opened for the speed
        expect(page.locator(".lsn-ask-single input")).not_to_be_checked()
        page.locator(".lsn-menu-toggle").first.click()
        page.locator(".lsn-menu").first.wait_for(state="hidden")
        page.evaluate(NEXT_FRAMES_JS)  # the Menu's closing drawn before the game (0.20 counted in it once)
        t0 = now(page)
        start_game(page)
        expect(page.locator(".lsn-help")).to_be_hidden()  # the tutorial offer folds with the help
        off_screen: list[str] = []

        def check(i: int) -> None:
            off = page.evaluate(OFF_SCREEN_JS)
            if off:
                off_screen.append(f"decision {i}: {off}")
                page.screenshot(path=str(screenshot_path(f"first_game_{notebook}_{size[1]}_offscreen_{i:02d}")))

        pauses: list = []
        made = play_decisions(page, 30, seed=3, on_decision=check, pauses=pauses)
        cls = layout_shift(page, t0, pauses)
        print(f"{notebook} {size[0]}x{size[1]}: layout shift {cls:.3f} over {made} decisions")
        for e in sorted(shift_entries(page, t0, 0.02, pauses), key=lambda e: -e["value"])[:5]:
            print(f"  {e['value']:.3f}: {'; '.join(e['sources'][:2])}")
        page.screenshot(path=str(screenshot_path(f"first_game_{notebook}" + ("" if size == DESKTOP else f"_{size[1]}"))))
        assert made >= 10, f"the scripted game stalled after {made} decisions"
        assert off_screen == [], off_screen
        assert cls < 0.1, [f"{e['value']:.3f}: {e['sources'][:2]}" for e in
                           sorted(shift_entries(page, t0, 0.005, pauses), key=lambda e: -e["value"])[:5]]
        assert _real_errors(errors) == []
    finally:
        context.close()


#: every board of the page and the prompt: (top, bottom) of each lying outside the window
BOARDS_OFF_SCREEN_JS = """
() => { const out = [];
  const parts = [...document.querySelectorAll('.lsn-bg-board, .lsn-board.lsn-livestock, .lsn-sp-board, .lsn-prompt')]
    .filter(e => e.offsetParent);
  for (const e of parts) {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight + 1)
      out.push(`${e.className.split(' ').filter(c => c.startsWith('lsn')).join('.')} at ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  }
  return [parts.length, out]; }
"""


@pytest.mark.parametrize("notebook,seats", [("livestock_uprising_play", ["Human", "Greedy"]),
                                            ("battlegoats_play", ["Human", "Smart", "Smart"]),
                                            ("space_pigs_play", ["Human", "Greedy", "Greedy"])])
def test_a_laptop_window_shows_every_board_whole(browser, voila_server, notebook, seats):
    """1366x650: a 768 px laptop screen less the browser's own bars. Every board (BattleGoats:
    all three battlefields, yours under the other two) and the prompt lie whole on the first
    screen."""
    context, page, errors = open_page(browser, voila_server, notebook, LAPTOP)
    try:
        choose_seats(page, seats)
        start_game(page)
        boards = 3 if notebook == "battlegoats_play" else 1
        page.wait_for_function("n => [...document.querySelectorAll('.lsn-bg-board .lsn-bg-slot, "
                               ".lsn-board.lsn-livestock, .lsn-sp-board')].filter(e => e.offsetParent).length >= n",
                               arg=9 * boards if boards > 1 else 1)
        count, off = page.evaluate(BOARDS_OFF_SCREEN_JS)
        page.screenshot(path=str(screenshot_path(f"laptop_{notebook}")))
        assert count == boards + 1, count  # the boards and the prompt
        assert off == [], off
        assert _real_errors(errors) == []
    finally:
        context.close()


def test_space_pigs_plays_no_card_for_me_when_no_card_could_change_the_combat(browser, voila_server, tmp_path):
    """Sequence A: Combat: I (P2) attack holding only Mud Armour (+0 when attacking, no
    technology index). Loaded from a save, the page plays no card for me, the log saying why."""
    from livestock_notebooks import space_pigs as sp
    from livestock_notebooks.core.session import Seat, Session

    state = sp.from_notation("SP1 n=3 turn=2 seq=3A order=123 rp=1 hands=0/1/ | 0,0:Pr:a3:b2h1 -1,1:Pb:c3")
    path = tmp_path / "no_card.json"
    path.write_text(Session(sp.GAME, state, [Seat("greedy"), Seat.human(), Seat("greedy")], seed=7,
                            autosave=False).to_save_text())
    context, page, errors = open_page(browser, voila_server, "space_pigs_play", DESKTOP)
    try:
        load_save(page, path)
        log = page.locator(".lsn-log")
        expect(log).to_contain_text("Only one real choice for P2", timeout=30_000)
        expect(log).to_contain_text("no card in your hand could change this combat")
        page.screenshot(path=str(screenshot_path("first_game_space_pigs_no_card_taken")))
        assert _real_errors(errors) == []
    finally:
        context.close()


def _phone_game(page, notebook: str, on_decision=None) -> tuple[int, float, list]:
    """A scripted first game on a phone (as at 1366x768): the decisions made, the layout shift
    from Start (the setup screen between two games left out) and the largest shifts."""
    page.evaluate(__import__("layout_shift").OBSERVER_JS)
    choose_seats(page, SEATS[notebook], speed_select=".lsn-bot-speed", speed="Instant", seed=3)
    page.locator(".lsn-menu-toggle").first.click()
    page.locator(".lsn-menu").first.wait_for(state="hidden")
    page.evaluate(NEXT_FRAMES_JS)  # the Menu's closing drawn before the game (0.20 counted in it once)
    t0 = now(page)
    start_game(page)
    pauses: list = []
    made = play_decisions(page, 30, seed=3, on_decision=on_decision, pauses=pauses)
    cls = layout_shift(page, t0, pauses)
    print(f"{notebook} 390x844: layout shift {cls:.3f} over {made} decisions")
    largest = [f"{e['value']:.3f}: {e['sources'][:2]}" for e in
               sorted(shift_entries(page, t0, 0.005, pauses), key=lambda e: -e["value"])[:5]]
    for line in largest:
        print(f"  {line}")
    return made, cls, largest


def test_phone_battle_report_whole_over_the_screen_and_the_7x7_farm(browser, voila_server):
    """BattleGoats on a phone: a first game's layout shift under 0.1 and the battle report
    whole on the screen; Livestock's 7x7 farm keeps its last column and the barn prompt its
    whole sentence."""
    context, page, errors = open_page(browser, voila_server, "battlegoats_play", PHONE)
    try:
        report = page.locator(".lsn-bg-report:not(.lsn-bg-report-empty)")
        seen = []

        def look(i: int) -> None:
            if report.count() and report.first.is_visible() and not seen:
                # a player who scrolled down to the farm still has the report over the screen
                # (fixed to the screen, not to the page: Voila's page box contains it otherwise)
                where = page.evaluate(SCROLLED_REPORT_JS)
                assert where[0] >= 0 and where[1] <= PHONE[1] + 1, f"report at {where} with the page scrolled down"
                seen.append(page.evaluate(OFF_SCREEN_JS))
                page.screenshot(path=str(screenshot_path("first_game_battlegoats_phone_report")))

        made, cls, largest = _phone_game(page, "battlegoats_play", look)
        page.screenshot(path=str(screenshot_path("first_game_battlegoats_play_phone")))
        assert seen, "no battle report was shown in 30 decisions"
        assert seen[0] == [], seen[0]
        assert made >= 10, f"the scripted game stalled after {made} decisions"
        assert cls < 0.1, largest
        assert _real_errors(errors) == []
    finally:
        context.close()
    context, page, errors = open_page(browser, voila_server, "livestock_uprising_play", PHONE)
    try:
        choose_seats(page, ["Human", "Greedy", "Greedy"], seed=3)  # three players: a 7x7 farm
        start_game(page)
        expect(page.locator(".lsn-board-stack.lsn-size-7")).to_be_visible()
        # the barn prompt, whole: its sentence was cut at its first line and scrolled in its box
        expect(page.locator(".lsn-hint-text")).to_contain_text("to place your barn")
        assert page.evaluate(CLIPPED_JS) == []
        right = page.evaluate("() => document.querySelector('.lsn-board-stack').getBoundingClientRect().right")
        width = page.evaluate("() => document.documentElement.clientWidth")
        assert right <= width, f"the farm's last column is cut off: board ends at {right}, screen {width}"
        expect(page.locator("button.lsn-tile-g7")).to_be_in_viewport()
        page.screenshot(path=str(screenshot_path("first_game_livestock_7x7_phone")))
        assert _real_errors(errors) == []
    finally:
        context.close()


@pytest.mark.parametrize("notebook", ["livestock_uprising_play", "space_pigs_play"])
def test_phone_first_game_moves_nothing_and_cuts_no_prompt(browser, voila_server, notebook):
    """On a phone (390x844) the scripted first game of 30 decisions (BattleGoats': in the test
    above) moves the page by under 0.1, and no prompt is cut (checked at every decision: the
    Livestock prompt of a chosen General is its longest, "Henrietta: click a green square to
    move or a red one to attack, or choose another General.")."""
    context, page, errors = open_page(browser, voila_server, notebook, PHONE)
    try:
        clipped: list[str] = []

        def check(i: int) -> None:
            cut = page.evaluate(CLIPPED_JS)
            if cut and not clipped:
                page.screenshot(path=str(screenshot_path(f"first_game_{notebook}_phone_clipped_{i:02d}")))
            clipped.extend(f"decision {i}: {c}" for c in cut)

        made, cls, largest = _phone_game(page, notebook, check)
        page.screenshot(path=str(screenshot_path(f"first_game_{notebook}_phone")))
        assert made >= 20, f"the scripted game stalled after {made} decisions"
        assert clipped == [], clipped[:5]
        assert cls < 0.1, largest
        assert _real_errors(errors) == []
    finally:
        context.close()


def test_pass_the_device_screen_shows_nothing_of_the_game_behind_it(browser, voila_server):
    """Hot seat: the hand-off screen alone, no emptied board (a blob) and no stale End button."""
    context, page, errors = open_page(browser, voila_server, "livestock_uprising_play", DESKTOP)
    try:
        choose_seats(page, ["Human", "Human"], seed=3)
        page.locator("button.lsn-start").click()
        handoff = page.locator(".lsn-handoff")
        for _ in range(2):  # the first player's hand-off, and the next one after their barn
            expect(handoff).to_be_visible()
            expect(page.locator(".lsn-screen")).to_be_hidden()
            expect(page.locator("button.lsn-end-turn")).to_be_hidden()
            expect(page.locator(".lsn-board")).to_be_hidden()
            page.screenshot(path=str(screenshot_path("first_game_handoff")))
            page.locator("button.lsn-handoff-ok").click()
            expect(page.locator(".lsn-board").first).to_be_visible()
            target = page.locator(".lsn-mark-target").first.evaluate("e => e.closest('.lsn-face').dataset.square")
            page.locator(f"button.lsn-tile-{target}").click()
        assert _real_errors(errors) == []
    finally:
        context.close()
