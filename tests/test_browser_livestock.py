"""Livestock Uprising end to end in Chromium, through the ``livestock-notebooks`` server.

- a seeded game started from the setup screen: barn placement and a move by clicking;
- a prepared seeded position loaded through the Load button and played by clicking: a battle
  (odds shown before committing, dice after), harvest, marshalling, end of turn, the bot's turn;
- reload the page and resume the autosaved game, then Undo a step taken before the reload;
- the first tutorial steps, including a wrong move answered with the engine's rule.

Screenshots go to tests/artifacts (``browser.screenshot_path``).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser import load_save, open_advanced, outside_requests, screenshot_path, voila_url, wait_for_voila
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.odds.livestock_uprising import livestock_battle
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.livestock_uprising.app import livestock_spec

# Chickens (you) against the Cows (Sensible bot): Pecky (two sheep) on b3 next to Bessie (a
# donkey) on c2, a hay square; the Chickens hold 4 grass. The first two dice are 6 and 1.
POSITION = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b3:ss,a3,a3,c2:d,e3,e3 "
            "4.0.0.0.0,0.0.0.0.0 abc,-|ghijkl - 0/action/0/0")


def _tall(page):
    page.set_viewport_size({"width": 1280, "height": 2000})


def open_play(page, voila_server):
    page.goto(voila_url(voila_server, "livestock_uprising_play.ipynb"))
    wait_for_voila(page)
    start = page.locator("button.lsn-start")
    resume_new = page.locator("button.lsn-resume-new")
    page.wait_for_selector("button.lsn-start:visible, button.lsn-resume-new:visible")
    if resume_new.is_visible():
        resume_new.click()
    expect(start).to_be_visible()


def square_of(locator) -> str:
    return locator.first.evaluate("e => e.closest('.lsn-face').dataset.square")


def load_position(page, tmp_path, position=POSITION, dice=(6, 1)):
    state = lu.from_notation(position, seed=11)
    state.dice.script(list(dice))
    text = Session(livestock_spec(), state, [Seat.human(), Seat("Sensible")], seed=11, autosave=False).to_save_text()
    path = tmp_path / "prepared.json"
    path.write_text(text)
    load_save(page, path)


def test_seeded_game_from_setup_barn_and_move(voila_server, page, page_requests):
    _tall(page)
    open_play(page, voila_server)
    page.locator(".lsn-seat-1 select").select_option("Greedy")
    open_advanced(page)
    page.locator(".lsn-seed input").fill("3")
    page.locator(".lsn-seed input").press("Enter")
    page.locator("button.lsn-start").click()
    expect(page.locator(".lsn-hint")).to_contain_text("place your barn")
    target = square_of(page.locator(".lsn-mark-target"))
    page.locator(f"button.lsn-tile-{target}").click()
    expect(page.locator(".lsn-log")).to_contain_text(f"places the barn at {target}")
    # the bot places its barn, the board fills; whoever starts, the Chickens get to act
    expect(page.locator(".lsn-turn")).to_contain_text("Chickens \u00b7 Action phase", timeout=90_000)
    expect(page.locator(".lsn-hint")).to_contain_text("Click one of your Generals")
    page.locator("button.lsn-select-general").first.click()
    expect(page.locator(".lsn-mark-move").first).to_be_visible()
    page.screenshot(path=str(screenshot_path("livestock_selected_general")))
    dest = square_of(page.locator(".lsn-mark-move"))
    page.locator(f"button.lsn-tile-{dest}").click()
    expect(page.locator(".lsn-log")).to_contain_text(re.compile(rf"moves from [a-e]\d to {dest}"))
    # undo the move, then do it again (keyboard: focus the square and press Enter)
    page.locator("button.lsn-undo").click()
    expect(page.locator(".lsn-log")).to_contain_text("took back")
    page.locator("button.lsn-select-general").first.click()
    page.locator(f"button.lsn-tile-{dest}").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".lsn-log li").last).to_contain_text(f"to {dest}")
    assert outside_requests(page_requests) == []


def test_battle_harvest_marshal_end_turn_then_reload_resume_and_undo(voila_server, page, tmp_path, page_requests):
    _tall(page)
    open_play(page, voila_server)
    page.locator("button.lsn-start").click()  # any game; then load the prepared position
    load_position(page, tmp_path)
    expect(page.locator(".lsn-turn")).to_contain_text("Chickens \u00b7 Action phase")

    # a battle: select Pecky, click Bessie's square: the dialog shows totals and odds first
    page.locator("button.lsn-tile-b3").click()
    expect(page.locator(".lsn-mark-attack")).to_have_count(1)
    page.locator("button.lsn-tile-c2").click()
    win = livestock_battle(2, 1).attacker
    expect(page.locator(".lsn-battle-odds")).to_contain_text(f"Exact odds: you win {float(win) * 100:.1f}% ({win})")
    expect(page.locator(".lsn-battle-totals")).to_contain_text("Attack total 2")
    page.screenshot(path=str(screenshot_path("livestock_battle_odds")))
    page.locator("button.lsn-battle-commit").click()
    expect(page.locator(".lsn-battle-outcome")).to_contain_text("the attacker wins")
    expect(page.locator(".lsn-battle-attacker-dice .lsn-die svg")).to_have_attribute("aria-label", "d6 showing 6")
    # the Cows' bot chooses the retreat; Pecky moves into c2
    expect(page.locator(".lsn-log")).to_contain_text("Pecky (1*) moves into c2", timeout=60_000)
    page.screenshot(path=str(screenshot_path("livestock_battle_result")))

    # harvest: Pecky's sheep gather the hay on c2
    page.locator("button.lsn-end-turn").click()
    # the phase chip that is on (every phase's chip is always shown: the text alone passes at once)
    expect(page.locator(".lsn-phase-on")).to_have_text("Harvest phase")
    page.locator("button.lsn-tile-c2").click()
    expect(page.locator(".lsn-log")).to_contain_text("harvests 1 hay")
    page.locator("button.lsn-end-turn").click()
    expect(page.locator(".lsn-phase-on")).to_have_text("Marshalling phase")

    # marshal a sheep for 2 grass
    page.locator("button.lsn-select-general", has_text="Pecky").click()
    page.locator("button.lsn-marshal", has_text="Marshal Sacrificial Sheep").click()
    expect(page.locator(".lsn-log")).to_contain_text("marshals a Sacrificial Sheep under Pecky")
    page.screenshot(path=str(screenshot_path("livestock_marshal")))

    # end the turn: the Cows' bot plays its turn visibly, then it is the Chickens' turn again
    page.locator("button.lsn-end-turn").click()
    expect(page.locator(".lsn-turn")).to_contain_text("Cows")
    expect(page.locator(".lsn-turn")).to_contain_text("Round 2 \u00b7 Chickens", timeout=120_000)
    # a step of round 2 before the reload (Pecky stays): Undo takes it back after the reload
    page.locator("button.lsn-tile-c2").click()
    page.locator("button.lsn-general-action", has_text="Pecky stays").click()
    expect(page.locator(".lsn-log")).to_contain_text("Pecky (1*) stays")

    # reload: a new kernel; the page offers the game in progress
    page.reload()
    wait_for_voila(page)
    expect(page.locator("button.lsn-resume")).to_be_visible()
    expect(page.locator(".lsn-resume-box")).to_contain_text("Chickens (human)")
    page.locator("button.lsn-resume").click()
    expect(page.locator(".lsn-turn")).to_contain_text("Round 2 \u00b7 Chickens")
    expect(page.locator("button.lsn-tile-c2")).to_have_attribute("title", re.compile("Pecky"))
    expect(page.locator(".lsn-log")).to_contain_text("Game resumed")
    page.screenshot(path=str(screenshot_path("livestock_resumed")))
    # the undo history survived the reload: Pecky's step is taken back, and may be taken again
    expect(page.locator(".lsn-log")).to_contain_text("Pecky (1*) stays")
    expect(page.locator("button.lsn-undo")).to_be_enabled()
    page.locator("button.lsn-undo").click()
    expect(page.locator(".lsn-log")).to_contain_text("Chickens took back: Pecky (1*) stays")
    page.locator("button.lsn-tile-c2").click()
    expect(page.locator("button.lsn-general-action", has_text="Pecky stays")).to_be_visible()
    assert outside_requests(page_requests) == []


def test_tutorial_first_steps(voila_server, page, page_requests):
    _tall(page)
    page.goto(voila_url(voila_server, "livestock_uprising_tutorial.ipynb"))
    wait_for_voila(page)
    header = page.locator(".lsn-tut-header")
    next_button = page.locator("button.lsn-tut-next")
    expect(header).to_contain_text("Step 1 of")
    expect(header).to_contain_text("Welcome to the farm")
    expect(page.locator(".lsn-tut-text")).to_contain_text("last faction standing wins")  # how you win
    next_button.click()
    expect(header).to_contain_text("Step 2 of")
    expect(header).to_contain_text("Setup: faction, cards and barn")
    # a goal step: Next waits until the barn is down
    expect(next_button).to_be_disabled()
    target = square_of(page.locator(".lsn-mark-target"))
    page.locator(f"button.lsn-tile-{target}").click()
    expect(page.locator(".lsn-tut-done")).to_contain_text("Your barn is down")
    expect(next_button).to_be_enabled()
    page.screenshot(path=str(screenshot_path("livestock_tutorial_barn")))
    next_button.click()
    expect(header).to_contain_text("Moving")
    expect(next_button).to_be_disabled()
    page.locator("button.lsn-tile-b3").click()
    page.locator("button.lsn-tile-b2").click()  # the forest: the engine explains, in the error colour
    expect(page.locator(".lsn-status .lsn-msg-error")).to_contain_text("Not allowed: Generals cannot enter a forest")
    expect(next_button).to_be_disabled()
    page.locator("button.lsn-tile-c3").click()
    expect(page.locator(".lsn-tut-done")).to_contain_text("Pecky moved")
    expect(next_button).to_be_enabled()
    next_button.click()
    expect(header).to_contain_text("Attacking")
    expect(next_button).to_be_disabled()
    page.locator("button.lsn-tut-show").click()  # the engine plays the worked answer
    expect(page.locator(".lsn-tut-done")).to_contain_text("Pecky moved into her square")
    expect(next_button).to_be_enabled()
    page.screenshot(path=str(screenshot_path("livestock_tutorial_attack")))
    assert outside_requests(page_requests) == []
