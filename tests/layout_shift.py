"""Cumulative layout shift of the play pages and tutorials, measured in Chromium (issue 27).

The browser's Layout Instability API reports every shift of visible content as a
``layout-shift`` performance entry. :data:`OBSERVER_JS` (installed once the page
has loaded; ``buffered: true`` hands it the entries from the first paint on) sums *every* entry's value, those within
0.5 s of an input (``hadRecentInput``) included: a newcomer sees a jump after their click as
much as one without. The figure is a plain sum, not the web-vitals "largest session window".

:func:`play_decisions` plays a scripted game as a newcomer clicking about would: at each of
its decisions it clicks one of the things the page offers (a dialog's main button, an action
button, a marked square, a hand card, End turn), picked by a seeded generator. The bots play
at Instant. :func:`walk_tutorial` walks a tutorial: "Show me" where a step has a goal, then
Next (or Skip). ``tests/test_browser_first_game.py`` asserts the figures;
``benchmarks/layout_shift.py`` prints them.
"""
from __future__ import annotations

import random
import re
import time

from browser import choose_seats, open_page, show_setup, start_game
from livestock_notebooks.games import GAMES

#: installed before any page script: keeps every layout-shift entry in ``window.__lsnShifts``
OBSERVER_JS = """
(() => {
  if (window.__lsnShifts) return;
  window.__lsnShifts = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) {
        window.__lsnShifts.push({value: e.value, recent: e.hadRecentInput, t: e.startTime,
          sources: (e.sources || []).map(s => {
            const n = s.node, el = n && (n.nodeType === 1 ? n : n.parentElement);
            const lsn = e => e ? [...e.classList].filter(c => c.startsWith('lsn')).join('.') : '';
            // an element without a class of ours: named after its nearest ancestor with one
            const up = el && !lsn(el) ? el.parentElement && el.parentElement.closest('[class*="lsn-"]') : null;
            const cls = lsn(el) || (up ? `(in ${lsn(up)})` : '');
            const r = (a, b) => `${Math.round(a)}->${Math.round(b)}`;
            return `${el ? el.tagName.toLowerCase() : '?'}.${cls} ${r(s.previousRect.y, s.currentRect.y)}`
              + ` x ${r(s.previousRect.x, s.currentRect.x)} h ${r(s.previousRect.height, s.currentRect.height)}`;
          })});
      }
    }).observe({type: 'layout-shift', buffered: true});
  } catch (err) { window.__lsnShiftsError = String(err); }
})();
"""

#: resolves after the page's next two frames: what the page has just changed is drawn by then, its
#: layout shift reported with that frame's time (keyboard.js moves the focus at the next one)
NEXT_FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

#: the seats of the scripted game on each play page (you against bots)
SEATS = {
    "livestock_uprising_play": ["Human", "Greedy"],
    "battlegoats_play": ["Human", "Smart"],
    "space_pigs_play": ["Human", "Greedy", "Greedy"],
}
#: the games whose tutorial is measured (``<game>_tutorial``): every game of the registry
TUTORIALS = tuple(GAMES)
#: the CSS prefix of a game's tutorial card where it is not "lsn-tut"
TUTORIAL_PREFIXES = {"battlegoats": "lsn-bg-tut"}


def tutorial_prefix(game: str) -> str:
    return TUTORIAL_PREFIXES.get(game, "lsn-tut")

#: what a decision may click, in order of preference; a group whose click changed nothing is
#: passed over at the next decision (e.g. a General chosen again and again)
GROUPS = [
    ".lsn-game button.lsn-dialog-main:not(.lsn-confirm-new-no)",
    ".lsn-game button.lsn-bg-choice, .lsn-game button.lsn-bg-confirm, .lsn-game button.lsn-sp-action,"
    " .lsn-game button.lsn-phase-action, .lsn-game button.lsn-general-action",
    ".lsn-game button.lsn-bg-selectable, .lsn-game .lsn-mark-target, .lsn-game .lsn-mark-move,"
    " .lsn-game .lsn-sp-mark:not(.lsn-sp-mark-selected):not(.lsn-sp-mark-combat)",
    ".lsn-game button.lsn-bg-hand-card, .lsn-game button.lsn-select-general, .lsn-game button.lsn-sp-playable",
    ".lsn-game button.lsn-end-turn",
]

#: marks the ``index``-th clickable of a group (``data-lsn-pick``); returns how many there were
PICK_JS = """
([selector, r]) => {
  document.querySelectorAll('[data-lsn-pick]').forEach(e => e.removeAttribute('data-lsn-pick'));
  const seen = new Set(), found = [];
  for (let el of document.querySelectorAll(selector)) {
    if (!el.matches('button')) {  // a marked square or hex: its transparent hit button
      const face = el.closest('.lsn-face'), hex = el.closest('.lsn-sp-hexg');
      el = face ? document.querySelector(`button.lsn-tile-${face.dataset.square}`)
         : hex ? document.querySelector(`button.lsn-sp-hex-${hex.dataset.hex}`) : null;
    }
    if (!el || seen.has(el) || el.disabled || !el.offsetParent || getComputedStyle(el).visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    seen.add(el); found.push(el);
  }
  if (!found.length) return 0;
  found[Math.floor(r * found.length)].setAttribute('data-lsn-pick', '1');
  return found.length;
}
"""

#: what changes when a click did something: the log, the prompt, the selections
SIGNATURE_JS = """
() => [document.querySelectorAll('.lsn-log-line').length,
       (document.querySelector('.lsn-prompt') || {}).innerText || '',
       document.querySelectorAll('.lsn-bg-selected, .lsn-mark-selected, .lsn-sp-selected').length,
       (document.querySelector('.lsn-side') || {}).innerText || ''].join('|')
"""

#: true while it is the player's decision (the prompt says so, or a dialog waits)
MINE_JS = """
() => !!document.querySelector('.lsn-prompt.lsn-prompt-mine') ||
      [...document.querySelectorAll('.lsn-game button.lsn-dialog-main')].some(b => b.offsetParent && !b.disabled
        && getComputedStyle(b).visibility !== 'hidden')
"""


#: true when the game is over (the turn line says so)
OVER_JS = "() => /Game over/.test((document.querySelector('.lsn-turn') || {}).innerText || '')"

_ENTRIES_JS = """([t, m, pauses]) => (window.__lsnShifts || []).filter(e => e.t >= t && e.value >= m
    && !pauses.some(([a, b]) => e.t >= a && e.t < b))"""


def layout_shift(page, since: float = 0.0, pauses=()) -> float:
    """The sum of the page's layout-shift values (every entry) after ``since`` (ms, page clock),
    leaving out those within ``pauses`` (``(from, to)`` intervals: between two games)."""
    return sum(e["value"] for e in shift_entries(page, since, 0.0, pauses))


def shift_entries(page, since: float = 0.0, least: float = 0.0, pauses=()) -> list[dict]:
    """The page's layout-shift entries after ``since`` of at least ``least`` (for messages),
    leaving out those within ``pauses``."""
    return page.evaluate(_ENTRIES_JS, [since, least, [list(p) for p in pauses]])


def now(page) -> float:
    """The page's clock (``performance.now()``, ms)."""
    return page.evaluate("performance.now()")


def wait_for_my_decision(page, timeout: float = 120.0) -> bool:
    """Wait until it is the player's decision; False at once if the game is over, or when
    time runs out."""
    try:
        page.wait_for_function(f"() => ({MINE_JS})() || ({OVER_JS})()", timeout=timeout * 1000)
    except Exception:
        return False
    return not page.evaluate(OVER_JS)


def play_decisions(page, n: int = 30, *, seed: int = 1, on_decision=None, pauses: list | None = None) -> int:
    """Make ``n`` of the player's decisions (fewer if the game ends); returns how many were made.

    Each decision clicks one thing the page offers, from the first group of :data:`GROUPS`
    that has one (a group whose last click changed nothing is passed over once). A game that
    ends first is followed by another (New game, Start: the same setup), up to five; the
    time from its end to the next Start (the setup screen in between) is appended to
    ``pauses`` as ``(from, to)`` on the page clock (:func:`layout_shift` leaves it out: the
    first game is measured from its Start click too). ``on_decision(i)`` is called after
    each click has settled."""
    rng = random.Random(seed)
    skip: set[int] = set()
    made = 0
    games = 1
    idle = 0
    while made < n:
        if not wait_for_my_decision(page):
            if games < 5 and page.evaluate(OVER_JS):
                games += 1  # a short game (a Space Pigs recipe found early): the next one, same setup
                ended = now(page)
                page.locator("button.lsn-new-game").click()
                start = page.locator("button.lsn-start")
                start.wait_for(state="visible")
                page.wait_for_timeout(300)  # the setup screen settles, as before the first Start
                if pauses is not None:
                    pauses.append((ended, now(page)))
                start.click()
                page.locator(".lsn-board").first.wait_for(state="visible")
                continue
            break
        page.wait_for_timeout(150)  # the prompt's buttons follow its class
        picked = None
        for index, selector in enumerate(GROUPS):
            if index in skip:
                continue
            if page.evaluate(PICK_JS, [selector, rng.random()]):
                picked = index
                break
        if picked is None:
            if skip:
                skip.clear()
                continue
            if idle < 20:  # the decision's buttons come a moment after the prompt says it is yours
                idle += 1
                page.wait_for_timeout(300)
                continue
            break
        idle = 0
        before = page.evaluate(SIGNATURE_JS)
        try:
            page.locator("[data-lsn-pick]").first.click(timeout=5000)
        except Exception:  # covered (e.g. by a sticky prompt) or redrawn meanwhile: a plain click
            page.evaluate("() => { const e = document.querySelector('[data-lsn-pick]'); if (e) e.click(); }")
        made += 1
        deadline = time.monotonic() + 4
        while page.evaluate(SIGNATURE_JS) == before and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        changed = page.evaluate(SIGNATURE_JS) != before
        skip = set() if changed and picked != len(GROUPS) - 1 else {picked} | (skip if not changed else set())
        page.wait_for_timeout(250)  # the bots (Instant) and the page settle
        if on_decision is not None:
            on_decision(made)
    return made


def measure_play_page(browser, base_url: str, notebook: str, size=(1366, 768), *, decisions: int = 30,
                      seed: int = 3, screenshot=None) -> dict:
    """Open a play page, start a game against bots at Instant, make ``decisions`` decisions.

    Returns ``{"cls": ..., "cls_game": ..., "decisions": ..., "entries": [...]}``: the shift
    over the whole visit and over the game only (from the Start click), the decisions made
    and the game's largest entries."""
    context, page, errors = open_page(browser, base_url, notebook, size, start=False)
    try:
        page.evaluate(OBSERVER_JS)  # buffered: the shifts since the page loaded count too
        show_setup(page)
        choose_seats(page, SEATS[notebook], speed_select=".lsn-bot-speed", speed="Instant", seed=seed)
        if page.locator(".lsn-menu").first.is_visible():  # opened to choose the bot speed
            page.locator(".lsn-menu-toggle").first.click()
            page.locator(".lsn-menu").first.wait_for(state="hidden")
        page.wait_for_timeout(500)
        t0 = now(page)
        start_game(page)
        pauses: list = []
        made = play_decisions(page, decisions, seed=seed, pauses=pauses,
                              on_decision=(lambda i: screenshot(page, i)) if screenshot else None)
        return {"cls": layout_shift(page), "cls_game": layout_shift(page, t0, pauses), "decisions": made,
                "games": len(pauses) + 1,
                "entries": sorted(shift_entries(page, t0, 0.005, pauses), key=lambda e: -e["value"])[:8],
                "errors": errors}
    finally:
        context.close()


def walk_tutorial(page, prefix: str, on_step=None) -> int:
    """Walk a tutorial from step 1 to its last ("Show me" where offered, then Next or Skip);
    ``on_step(n, total)`` is called on each step once its goal is met. Returns the step count."""
    from playwright.sync_api import expect

    header = page.locator(f".{prefix}-header")
    expect(header).to_contain_text("Step 1 of")
    total = int(re.search(r"Step 1 of (\d+)", header.inner_text()).group(1))
    next_button, skip, show = (page.locator(f"button.{prefix}-{n}") for n in ("next", "skip", "show"))
    done = page.locator(f".{prefix}-done")
    for n in range(1, total + 1):
        expect(header).to_contain_text(f"Step {n} of {total}")
        page.wait_for_timeout(300)  # the step's buttons follow its header
        if show.is_visible() and show.is_enabled():
            show.click()
            expect(done).to_contain_text("\u2714", timeout=90_000)
            page.wait_for_timeout(300)
        if on_step is not None:
            on_step(n, total)
        if n == total:
            break
        (next_button if next_button.is_enabled() else skip).click()
    return total


def measure_tutorial(browser, base_url: str, game: str, size=(1366, 768), on_step=None) -> dict:
    """Walk ``game``'s tutorial; returns ``{"cls": ..., "cls_steps": ..., "steps": ..., "entries": ...}``
    (``cls_steps``: from step 1 shown to the last step, the page's loading left out)."""
    context, page, errors = open_page(browser, base_url, f"{game}_tutorial", size, start=False)
    try:
        page.evaluate(OBSERVER_JS)
        page.locator(f".{tutorial_prefix(game)}-header").wait_for(state="visible")
        page.wait_for_timeout(500)
        t0 = now(page)
        steps = walk_tutorial(page, tutorial_prefix(game), on_step=(lambda n, t: on_step(page, n, t)) if on_step else None)
        return {"cls": layout_shift(page), "cls_steps": layout_shift(page, t0), "steps": steps,
                "entries": sorted(shift_entries(page, t0, 0.005), key=lambda e: -e["value"])[:8],
                "errors": errors}
    finally:
        context.close()
