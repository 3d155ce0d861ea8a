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
