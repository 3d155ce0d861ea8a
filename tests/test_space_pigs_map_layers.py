"""The Space Pigs map is two stacked pictures: the galaxy (hexes, planets, labels) and the
pieces over it (troops, borders, marks, the last move). A move re-sends only the pieces, so
the browser re-parses a small picture; the galaxy is sent again only when it changes."""
from __future__ import annotations

import re

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.session import Seat
from livestock_notebooks.space_pigs.game import new_game
from livestock_notebooks.widgets.space_pigs.app import play_app

TRAVEL = ("SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=2,0,0 | "
          "0,0:Pr:a5 1,0:Py -1,0:A 0,1:Pb:b3 -1,1:Pb 1,-1:Pr:c3 0,-1:Py")


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


def _app(saves):
    app = play_app(bot_delay=None, save_directory=saves, check_resume=False)
    app.start_state(sp.from_notation(TRAVEL, seed=3), [Seat("human"), Seat("Greedy"), Seat("Greedy")])
    return app


def _sends(widget) -> list:
    sent: list = []
    widget.observe(lambda change: sent.append(change["new"]), "value")
    return sent


def test_a_trip_redraws_the_pieces_and_leaves_the_galaxy_picture_alone(saves):
    app = _app(saves)
    m = app.view.map
    galaxy, pieces = _sends(m.base), _sends(m.faces)
    m.click(0)  # select my hex: its destinations are marked
    assert pieces and "lsn-sp-mark-selected" in m.faces.value
    m.click(1)  # the piglets fly to the next planet
    assert app.session.state.owner(1) == 0
    assert galaxy == []  # the same galaxy: never re-sent
    # the planets and labels are in the galaxy, the troops and borders in the pieces
    assert "H1<" in m.base.value and "lsn-sp-hexg" not in m.base.value
    assert "<circle" not in m.faces.value and "lsn-sp-hexg' data-hex='1'" in m.faces.value
    boxes = {re.search(r"viewBox='([^']*)'", v).group(1) for v in (m.base.value, m.faces.value)}
    assert len(boxes) == 1  # drawn to the same size, one over the other


def test_laying_a_hex_redraws_the_galaxy(saves):
    app = play_app(bot_delay=None, save_directory=saves, check_resume=False)
    app.start_state(sp.new_game(players=3, seed=2), [Seat("human"), Seat("Greedy"), Seat("Greedy")])
    m = app.view.map
    galaxy = _sends(m.base)
    state = app.session.state
    bot = sp.GAME.make_bot("Greedy", seed=1)
    action = bot.choose(state)
    assert type(action).__name__ == "PlaceHex"
    app.view.pile.value = action.pile
    m.click((action.q, action.r))
    assert galaxy and f"data-hex='{len(app.session.state.player_view(0).hexes) - 1}'" in m.base.value


def test_the_first_move_sends_a_picture_far_smaller_than_the_galaxy(saves):
    app = play_app(bot_delay=None, save_directory=saves, check_resume=False)
    app.start_state(new_game(players=3, seed=7, auto_layout=True), [Seat("human"), Seat("Greedy"), Seat("Greedy")])
    while app.session.is_bot_turn and app.step():  # the clans before mine choose theirs
        pass
    m = app.view.map
    galaxy, pieces = _sends(m.base), _sends(m.faces)
    app.view.press("Start on")
    assert galaxy == [] and pieces  # the piglets are drawn; the galaxy stays as it was
    assert "lsn-sp-hexg" in pieces[-1] and len(pieces[-1]) * 4 < len(m.base.value)
