"""The hint on the play pages (issue 13): what the strong bot would do now and why, from the
current player's view only; it can be turned off for a game."""
from __future__ import annotations

import json

import pytest

from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.shell.app import GameApp
from test_session import toy_spec


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_a_game_without_a_strong_bot_offers_no_hint(tmp_path):
    app = GameApp(toy_spec(), bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.human(), Seat.bot("Walker")], seed=3)
    assert not shown(app.hint_button) and not shown(app.hints_checkbox)
    assert app.hint() == ""


def test_the_hints_setting_is_kept_in_the_save(tmp_path):
    app = GameApp(toy_spec(), bot_delay=None, save_directory=tmp_path, check_resume=False)
    session = app.start([Seat.human(), Seat.human()], seed=3, hints=False)
    assert json.loads(session.to_save_text())["hints"] is False
    assert Session.from_save_text(toy_spec(), session.to_save_text()).hints is False
    assert Session.from_save_text(toy_spec(), app.start([Seat.human()] * 2, seed=4).to_save_text()).hints is True


@pytest.mark.parametrize("game", ["livestock_uprising", "battlegoats", "space_pigs"])
def test_the_hint_names_a_legal_move_with_its_chance_and_goes_when_the_game_moves_on(game, tmp_path, monkeypatch):
    import importlib

    from livestock_notebooks.widgets.shell import hint as hint_module

    monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.05)
    spec = importlib.import_module(f"livestock_notebooks.{game}").GAME
    pages = importlib.import_module(f"livestock_notebooks.widgets.{game}.app")
    make = getattr(pages, "livestock_app", None) or pages.play_app
    app = make(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.human(), *[Seat.bot("random")] * (spec.min_players - 1)], seed=5)
    app.run_bots()
    s = app.session
    assert s.is_human_turn and shown(app.hint_button) and not app.hint_button.disabled
    text = app.hint()
    assert text.startswith("Hint:") and "estimated chance to win after it" in text and "%" in text
    legal_words = {spec.action_text(s.state, a, s.current_player) for a in s.state.legal_actions()}
    assert any(words in text for words in legal_words)
    app.act(s.state.legal_actions()[0])
    assert app.hint_output.value == ""  # an old hint never stays
