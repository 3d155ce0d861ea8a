"""Undo survives a reload in every game: a player takes two steps, the page is reloaded (the
autosave resumed, or the save loaded), and Undo takes both back, to the very same positions.

Each game gets there the same way: seat 1 is human, the others are bots; from the first
position the players play (the human its first legal action) until the human can take two
steps in a row that roll no dice, reveal nothing and keep the turn.
"""
from __future__ import annotations

import json

import pytest

from livestock_notebooks.core.session import Seat, Session, autosave_path
from livestock_notebooks.games import GAMES as REGISTRY
from livestock_notebooks.widgets.games import PAGES
from test_session import toy_spec, two_walks


#: a game's setup for these tests where it is not the default (a random bot in the other seats,
#: the game's default number of players, no options): (bot, players, new-game options)
SETUPS = {
    "livestock_uprising": ("greedy", 2, {}),
    "space_pigs": ("greedy", 3, {"auto_layout": True}),
}


def setup_of(name):
    return SETUPS.get(name, ("random", REGISTRY[name].default_players, {}))


def page_of(name):
    return PAGES[name].play_app


GAMES = list(REGISTRY)


@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HTTP_X_LIVESTOCK_BROWSER", raising=False)
    return tmp_path / "saves"


def quiet_steps(s: Session, action) -> bool:
    """Whether ``action`` is a step the player can take back: no dice, nothing revealed, the
    same player and turn after it."""
    probe = s.state.copy()
    events = probe.apply(action) or []
    return (not any(e.irreversible for e in events) and not probe.is_over
            and probe.current_player == s.current_player and s.spec.turn_of(probe) == s.spec.turn_of(s.state))


def two_quiet_steps(s: Session, limit: int = 400):
    """Play on until the human can take two undoable steps in a row; those two actions."""
    for _ in range(limit):
        if s.is_bot_turn:
            s.bot_step()
            continue
        assert not s.state.is_over, "the game ended before the human had two quiet steps"
        legal = s.state.legal_actions()
        for first in legal:
            if quiet_steps(s, first):
                probe = Session(s.spec, s.state.copy(), s.seats, autosave=False)
                probe.apply(first)
                second = next((a for a in probe.state.legal_actions() if quiet_steps(probe, a)), None)
                if second is not None:
                    return first, second
        s.apply(legal[0])
    raise AssertionError("no two quiet steps found")


def new_session(name: str, spec=None, **kw) -> Session:
    page = page_of(name)
    bot, players, options = setup_of(name)
    if spec is None:
        spec = page(bot_delay=None, autosave=False, check_resume=False).spec
    seats = [Seat.human()] + [Seat.bot(bot)] * (players - 1)
    return Session.new(spec, seats, seed=11, options=options, **kw)


def play_two_steps(s: Session) -> list[str]:
    """The positions before, between and after the human's two quiet steps (engine saves)."""
    first, second = two_quiet_steps(s)
    states = [s.state.to_json()]
    for action in (first, second):
        s.apply(action)
        states.append(s.state.to_json())
    assert s.can_undo
    return states


@pytest.mark.parametrize("name", GAMES)
def test_undo_takes_back_two_steps_after_loading_the_save(saves, name):
    s = new_session(name, autosave=False)
    states = play_two_steps(s)
    again = Session.from_save_text(s.spec, s.to_save_text(), autosave=False)
    assert again.state.to_json() == states[2]
    assert again.can_undo
    again.undo()
    assert again.state.to_json() == states[1]
    assert again.can_undo
    again.undo()
    assert again.state.to_json() == states[0]
    # the log reads as it would have without the reload
    s.undo(), s.undo()
    assert [e.text for e in again.log] == [e.text for e in s.log]


@pytest.mark.parametrize("name", GAMES)
def test_a_tampered_step_drops_the_undo_history_and_the_game_still_loads(saves, name):
    s = new_session(name, autosave=False)
    play_two_steps(s)
    envelope = json.loads(s.to_save_text())
    assert len(envelope["undo"]) >= 2
    # the last step claims to start where the first one did: its replay cannot give the position
    envelope["undo"][-1]["before"] = envelope["undo"][0]["before"]
    again = Session.from_save_text(s.spec, json.dumps(envelope), autosave=False)
    assert again.state.to_json() == s.state.to_json()
    assert again.history == [] and not again.can_undo


@pytest.mark.parametrize("name", GAMES)
def test_the_page_resumed_from_the_autosave_has_undo_enabled(saves, name):
    page = page_of(name)
    spec = page(bot_delay=None, check_resume=False).spec
    s = new_session(name, spec=spec)
    states = play_two_steps(s)
    assert autosave_path(spec.name).exists()
    app = page(bot_delay=None)  # a reload: the page offers the game in progress
    assert app.resume_box.layout.display != "none"
    app.resume_button.click()
    assert app.session.state.to_json() == states[2]
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.session.state.to_json() == states[1] and app.status_text.startswith("Took back")
    app.undo_button.click()
    assert app.session.state.to_json() == states[0]
    # the saved history is for undo only: no page text shows it
    assert '"undo"' not in app.tree_text() and "engine_save" not in app.tree_text()


def test_the_toy_page_resumed_from_the_autosave_has_undo_enabled(saves):
    from livestock_notebooks.widgets.shell.app import GameApp

    s = Session.new(toy_spec(), [Seat.human(), Seat.bot("Walker")], seed=3)
    states = two_walks(s)
    app = GameApp(toy_spec(), bot_delay=None)
    app.resume_button.click()
    assert not app.undo_button.disabled
    app.undo_button.click()
    app.undo_button.click()
    assert app.session.state.to_json() == states[0] and app.undo_button.disabled
