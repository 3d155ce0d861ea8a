"""End to end in Chromium: both odds explorers through the running ``livestock-notebooks`` app.

Each test opens a notebook page, moves an input the way a user would (keyboard on a slider,
typing into a number box), waits for the shown probability to become the exact value from
:mod:`livestock_notebooks.odds`, checks that no request left 127.0.0.1, and keeps a screenshot
(``tests/artifacts/<test name>.png``, taken by the ``page`` fixture).
"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import outside_requests, screenshot_path, voila_url, wait_for_voila  # noqa: E402
from livestock_notebooks.odds import (  # noqa: E402
    Pigs,
    Porcophages,
    default_tech_deck,
    livestock_battle,
    space_pigs_combat,
    tech_wipeout,
)
from livestock_notebooks.odds.display import short_fraction  # noqa: E402
from livestock_notebooks.widgets.common.odds_panel import format_fraction, format_percent  # noqa: E402


def _open(page, voila_server: str, notebook: str) -> None:
    page.goto(voila_url(voila_server, notebook))
    wait_for_voila(page)


def _shoot_explorers(page, prefix: str) -> None:
    """Keep one screenshot per explorer on the page (``tests/artifacts/<prefix>_<n>.png``)."""
    page.set_viewport_size({"width": 1280, "height": 3200})  # whole explorers fit on screen
    explorers = page.locator(".lsn-explorer")
    for i in range(explorers.count()):
        explorers.nth(i).screenshot(path=str(screenshot_path(f"{prefix}_{i + 1}")))


def _press_right(page, slider_class: str, times: int = 1) -> None:
    handle = page.locator(f".{slider_class} .noUi-handle").first
    handle.focus()
    for _ in range(times):
        page.keyboard.press("ArrowRight")


def test_super_army_explorer_slider_moves_exact_odds(voila_server, page, page_requests):
    _open(page, voila_server, "super_army_odds.ipynb")
    comparison = page.locator(".lsn-battle-comparison")
    ordinary = comparison.locator(".lsn-scenario-ordinary")
    super_col = comparison.locator(".lsn-scenario-super")

    # Attack 3 v defense 4 on one die each: the attacker wins 5 rolls in 18.
    expect(ordinary.locator(".lsn-attacker-prob")).to_have_text("27.8%")
    expect(ordinary.locator(".lsn-attacker-frac")).to_have_text("5/18")
    expect(super_col.locator(".lsn-attacker-frac")).to_have_text(
        format_fraction(livestock_battle(3, 4, attacker_super=True).attacker))

    # One step right on the attack slider: attack 4 v defense 4.
    _press_right(page, "lsn-battle-comparison .lsn-control-attack")
    level = livestock_battle(4, 4)
    expect(ordinary.locator(".lsn-attacker-prob")).to_have_text(format_percent(level.attacker))
    expect(ordinary.locator(".lsn-attacker-frac")).to_have_text(format_fraction(level.attacker))
    sup = livestock_battle(4, 4, attacker_super=True)
    expect(super_col.locator(".lsn-attacker-prob")).to_have_text(format_percent(sup.attacker))
    expect(super_col.locator(".lsn-tie-frac")).to_have_text(format_fraction(sup.tie))

    # The Super Army defends instead.
    comparison.locator(".lsn-control-super-side button", has_text="Super Army defends").click()
    dsup = livestock_battle(4, 4, defender_super=True)
    expect(super_col.locator(".lsn-defender-frac")).to_have_text(format_fraction(dsup.defender))

    # Simulate: the progress bar fills and the status reports the trials.
    sim = page.locator(".lsn-simulation").first
    sim.locator("button.lsn-simulate").click()
    expect(sim.locator(".lsn-sim-status")).to_contain_text("100,000 trials in")

    # Roll the battle once: the dice view shows faces.
    page.locator("button.lsn-roll").click()
    expect(page.locator(".lsn-roll-result")).not_to_have_text("")

    # The heatmap drew its cells, the natural-rule chart its lines.
    expect(page.locator(".lsn-heatmap")).to_be_visible()
    expect(page.locator(".lsn-natural-chart")).to_be_visible()
    expect(page.locator(".lsn-scenario-cell .lsn-attacker-frac")).to_have_text(
        format_fraction(livestock_battle(3, 4, attacker_super=True).attacker))
    # A click on a cell (attack 6 v defense 6: row 5, column 6 of 21) reads that cell out.
    page.locator(".lsn-heatmap .heatmapcell").nth(5 * 21 + 6).click()
    expect(page.locator(".lsn-cell-label")).to_contain_text("Attack 6 v defense 6")
    expect(page.locator(".lsn-scenario-cell .lsn-attacker-prob")).to_have_text(
        format_percent(livestock_battle(6, 6, attacker_super=True).attacker))

    _shoot_explorers(page, "super_army_odds")
    assert outside_requests(page_requests) == []


def test_space_pigs_explorer_inputs_move_exact_odds(voila_server, page, page_requests):
    _open(page, voila_server, "space_pigs_odds.ipynb")
    combat = page.locator(".lsn-combat-panel")
    result = combat.locator(".lsn-scenario-result")
    start = space_pigs_combat(Pigs(2, 1), Porcophages(2))
    # long fractions only on demand
    expect(result.locator(".lsn-attacker-frac")).to_have_text(short_fraction(start.attacker) or "")
    combat.locator(".lsn-exact-toggle input").check()
    expect(result.locator(".lsn-attacker-frac")).to_have_text(format_fraction(start.attacker))

    # One more piglet: 3 piglets and a hog against two porcophages.
    _press_right(page, "lsn-combat-panel .lsn-control-a-piglets")
    more = space_pigs_combat(Pigs(3, 1), Porcophages(2))
    expect(result.locator(".lsn-attacker-prob")).to_have_text(format_percent(more.attacker))
    expect(result.locator(".lsn-attacker-frac")).to_have_text(format_fraction(more.attacker))

    # Roll one round: the dice view shows a d8 (the hog) for the attacker, in place.
    page.locator("button.lsn-roll").click()
    expect(page.locator(".lsn-attacker-dice .lsn-die svg").first).to_have_attribute(
        "aria-label", re.compile(r"^d8 showing [1-8]$"))
    expect(page.locator(".lsn-roll-result")).to_contain_text("against")

    # The wipeout explorer: the house deck, then an edited deck typed into a number box.
    wipe = page.locator(".lsn-wipeout-panel").locator(".lsn-scenario-result")
    deck = default_tech_deck()
    expect(wipe.locator(".lsn-wipeout-frac")).to_have_text(format_fraction(tech_wipeout(deck, 3).wipeout))
    box = page.locator(".lsn-deck-index-3 input")
    box.fill(str(deck.get(3, 0) + 6))
    box.press("Enter")
    edited = {**deck, 3: deck.get(3, 0) + 6}
    expect(wipe.locator(".lsn-wipeout-prob")).to_have_text(format_percent(tech_wipeout(edited, 3).wipeout))
    expect(wipe.locator(".lsn-wipeout-frac")).to_have_text(format_fraction(tech_wipeout(edited, 3).wipeout))
    expect(page.locator(".lsn-house-note").first).to_contain_text("House values")

    sim = page.locator(".lsn-simulation").last
    sim.locator("button.lsn-simulate").click()
    expect(sim.locator(".lsn-sim-status")).to_contain_text("trials in")

    _shoot_explorers(page, "space_pigs_odds")
    assert outside_requests(page_requests) == []
