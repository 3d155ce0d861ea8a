"""Dialogs on the play pages, in Chromium at 1366x768 (the template's static/keyboard.js):

- a BattleGoats attack, once attacker and target are chosen, puts the focus on *Attack!*; Esc
  clears the choice (no attack), and Enter on the focused button attacks;
- a Space Pigs combat puts the focus on its main answer when it opens (it has no cancel: Esc
  leaves the combat as it is);
- the Livestock battle box shows, battle after battle, the odds and totals of the battle on
  screen (the engine's preview), never those of an earlier battle.

Screenshots go to tests/artifacts (``browser.screenshot_path``).
"""
from __future__ import annotations

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import load_save, screenshot_path  # noqa: E402
from test_browser_keyboard import _start  # noqa: E402  (1366x768, setup defaults, Start)
from test_browser_game_screens import _space_pigs_combat_save  # noqa: E402
from test_browser_livestock import POSITION, load_position  # noqa: E402

from livestock_notebooks import livestock_uprising as lu  # noqa: E402
from livestock_notebooks.core.session import Seat, Session  # noqa: E402
from livestock_notebooks.livestock_uprising.actions import Attack  # noqa: E402
from livestock_notebooks.odds.display import format_percent  # noqa: E402


def _load(page, path) -> None:
    """Load a save through the Menu, then close the Menu (its toggle would take Esc)."""
    load_save(page, path)
    _close_menu(page)


def _close_menu(page) -> None:
    """A loaded game closes the Menu; close it if it is still open."""
    page.wait_for_timeout(300)
    if page.locator(".lsn-menu").first.is_visible():
        page.locator(".lsn-menu-toggle").first.click()
    expect(page.locator(".lsn-menu")).to_be_hidden()


def _battlegoats_attack_save(tmp_path):
    from livestock_notebooks import battlegoats as bg
    from livestock_notebooks.battlegoats.tutorial import STEPS, state_for

    step = next(s for s in STEPS if s.key == "attack")  # my turn to attack, the battlefield laid out
    text = Session(bg.GAME, state_for(step), [Seat.human(), Seat("smart")], seed=7, autosave=False).to_save_text()
    path = tmp_path / "attack.json"
    path.write_text(text)
    return path


def test_battlegoats_attack_confirm_takes_the_focus_and_esc_clears_the_choice(voila_server, page, tmp_path,
                                                                              page_errors):
    _start(page, voila_server, "battlegoats_play.ipynb")
    _load(page, _battlegoats_attack_save(tmp_path))
    confirm = page.locator("button.lsn-bg-confirm")

    def choose() -> None:
        page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
        page.locator(".lsn-bg-opponents button.lsn-bg-selectable").first.click()
        expect(confirm).to_be_visible()

    choose()
    expect(confirm).to_be_focused()  # the dialog's main button
    page.screenshot(path=str(screenshot_path("dialog_battlegoats_confirm_focus")))
    page.keyboard.press("Escape")  # Clear choice
    expect(confirm).to_be_hidden()
    expect(page.locator(".lsn-log")).not_to_contain_text("Player 1 attacks")
    choose()
    expect(confirm).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".lsn-bg-report")).to_contain_text("Battle report: Player 1 attacks")
    assert [e for e in page_errors if "status of 403" not in e] == []


def test_space_pigs_combat_takes_the_focus_on_its_main_answer(voila_server, page, tmp_path, page_errors):
    _start(page, voila_server, "space_pigs_play.ipynb")
    _load(page, _space_pigs_combat_save(tmp_path))
    expect(page.locator(".lsn-sp-combat")).to_be_visible()
    main = page.locator(".lsn-actions button.lsn-dialog-main")
    expect(main).to_be_visible(timeout=60_000)  # my answer in the combat (the bots' cards first)
    expect(main).to_be_focused()
    page.screenshot(path=str(screenshot_path("dialog_space_pigs_combat_focus")))
    before = page.locator(".lsn-log").inner_text()
    page.keyboard.press("Escape")  # no cancel in a combat: nothing is played, the combat stays
    page.wait_for_timeout(500)
    expect(page.locator(".lsn-sp-combat")).to_be_visible()
    expect(main).to_be_visible()
    assert page.locator(".lsn-log").inner_text() == before
    assert [e for e in page_errors if "status of 403" not in e] == []


#: Pecky (b3) attacks Bessie (c2) in three positions, each with its own odds: 2 against 1, 3
#: against 1 and 2 against a General without troops (no roll); dice scripted.
BATTLES = [
    (POSITION, (6, 1), True),
    (POSITION.replace("b3:ss", "b3:sss"), (1, 6), False),  # previewed, then cancelled with Esc
    (POSITION.replace("c2:d,", "c2,"), (), True),
]


def test_livestock_battle_box_shows_the_battle_on_screen_battle_after_battle(voila_server, page, tmp_path,
                                                                             page_errors):
    _start(page, voila_server, "livestock_uprising_play.ipynb")
    box = page.locator(".lsn-battle-box")
    earlier: list[str] = []  # the odds lines of the battles before
    for i, (position, dice, fight) in enumerate(BATTLES):
        folder = tmp_path / f"battle{i}"
        folder.mkdir()
        load_position(page, folder, position, dice)
        _close_menu(page)
        preview = lu.from_notation(position, seed=11).preview_attack(Attack("Pecky", "b3", "c2"))
        page.locator("button.lsn-tile-b3").click()
        page.locator("button.lsn-tile-c2").click()
        expect(box).to_be_visible()
        expect(page.locator(".lsn-battle-totals")).to_contain_text(f"Attack total {preview['attack']}")
        text = box.inner_text()
        assert f"defense total {preview['defense']}" in text, text
        odds = f"you win {format_percent(preview['odds'].attacker)}"
        assert odds in text, text
        assert ("without a roll" in text) == (preview["defense"] == 0), text
        assert "the attacker wins" not in text and "the defender wins" not in text, text  # no earlier outcome
        for line in earlier:
            if line != odds:
                assert line not in text, (line, text)
        earlier.append(odds)
        page.screenshot(path=str(screenshot_path(f"dialog_livestock_battle_{i}")))
        if i == 0:  # the command cards, each with its plays on the card
            expect(page.locator(".lsn-hand-panel .lsn-card button.lsn-play-card").first).to_be_visible()
            page.locator(".lsn-hand-panel").screenshot(path=str(screenshot_path("livestock_command_cards")))
        if fight:
            page.locator("button.lsn-battle-commit").click()
            expect(page.locator(".lsn-battle-outcome")).to_be_visible()
            after = box.inner_text()
            assert "you win" not in after and "Exact odds" not in after, after  # the result, not the preview
        else:
            expect(page.locator("button.lsn-battle-commit")).to_be_focused()
            page.keyboard.press("Escape")
            expect(box).to_be_hidden()
    assert [e for e in page_errors if "status of 403" not in e] == []
