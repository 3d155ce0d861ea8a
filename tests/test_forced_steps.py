"""Decisions with one legal action are taken for the player, with a log line (issue 27):
unless "Ask me even when there is only one choice" is on (remembered per browser), in a
hot-seat game, or right after Undo brought the step back. Checked on the BattleGoats page,
where a player holding no card able to move at the start of battle has only "Carry on"."""
from __future__ import annotations

import asyncio

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.battlegoats.app import battlegoats_spec, play_app

#: I attack first; the card list has Jonas (who moves as the battle begins), held by the bot
POS = ("bg2 first s0 r0/- f- l0 basic | owl,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
       "| .,.,.,.,jonas,.,.,.,./-/-/-/- | rev=-")


def page_at(tmp_path, seats=("Human", "Random"), **kw):
    kw.setdefault("bot_delay", None)
    app = play_app(check_resume=False, save_directory=tmp_path, step_delay=None, **kw)
    session = Session(battlegoats_spec(), bg.from_notation(POS),
                      [Seat.human() if s == "Human" else Seat(s) for s in seats], autosave=False)
    assert app.load_text(session.to_save_text(), "a test position")
    if app.session.needs_handoff:
        app.take_device()
    app.view.choice_box.children[0].click()  # I attack first
    if app.session.needs_handoff:
        app.take_device()
    assert app.session.state.phase == "move" and not app.session.is_bot_turn
    return app


def log_texts(app):
    return [e.text for e in app.session.log]


def test_the_only_choice_is_taken_with_a_log_line(tmp_path):
    app = page_at(tmp_path)
    assert [b.description for b in app.view.choice_box.children] == ["Carry on"]
    only = app.forced_action()
    assert only is not None
    assert app.take_forced()
    assert any(t.startswith("Only one choice for") and str(only) in t for t in log_texts(app))
    assert app.session.history[-1].action == only
    # once taken, the page says so and the game goes on: the bot answers, then I attack
    app.run_bots()
    assert app.session.state.phase == "attack" and app.forced_action() is None


def test_ask_me_setting_is_remembered_and_keeps_the_click(tmp_path):
    app = page_at(tmp_path)
    assert app.ask_single_checkbox.layout.display != "none"
    app.ask_single_checkbox.value = True
    assert app.forced_action() is None and not app.take_forced()
    again = play_app(check_resume=False, save_directory=tmp_path, bot_delay=None, step_delay=None)
    again.menu_button.value = True  # the game screen and its menu
    assert again.ask_single_checkbox.value is True


def test_hot_seat_and_tutorial_pages_take_nothing(tmp_path):
    app = page_at(tmp_path, ("Human", "Human"))
    assert len(app.session.legal_for_viewer()) == 1 and app.forced_action() is None
    assert play_app(autosave=False, check_resume=False, bot_delay=None).take_forced_steps is False


def test_on_the_kernel_loop_the_forced_step_needs_no_click(tmp_path):
    loop = asyncio.new_event_loop()
    try:
        app = page_at(tmp_path, bot_delay=0.01, loop=loop)
        app._schedule_bots()
        loop.run_until_complete(asyncio.sleep(0.5))
        assert any(t.startswith("Only one choice for") for t in log_texts(app))
        assert app.session.state.phase != "move"
    finally:
        loop.close()
