"""BattleGoats page: saving and loading (the helpers of test_battlegoats_ui)."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.battlegoats.app import battlegoats_spec, describe_turn, play_app
from test_battlegoats_ui import ATTACK, app_at, game_text, lay_out_by_clicking, new_app, saves, shown, start  # noqa: F401 (helpers and fixtures)


# --------------------------------------------------------------------------- saving
def test_save_load_and_resume(saves):
    app = start(("Human", "Smart", "Random"))
    lay_out_by_clicking(app)
    app.run_bots()
    text = app.prepare_save()
    assert '"game": "battlegoats"' in text
    app2 = new_app()
    assert shown(app2.resume_box), "an unfinished game is offered for resuming"
    app2.resume_button.click()
    assert app2.session.state.to_json() == app.session.state.to_json()
    assert app2.view.choice_box.children, "the resumed game shows the choice of the first attacker"
    app3 = new_app(check_resume=False)
    assert app3.load_text(text, "save.json")
    assert app3.session.state.phase == "first"
    assert app3.session.seats == app.session.seats


def test_turn_line_is_public():
    s = bg.from_notation(ATTACK)
    assert describe_turn(s) == "Round 1: Player 1 attacks"
    s = bg.new_game(players=3, seed=1, draft=True)
    assert describe_turn(s).startswith("Draft: Player 1 keeps a card")


def test_bot_speed_control_changes_the_delay():
    from livestock_notebooks.widgets.shell.pacing import BOT_SPEEDS

    app = play_app(check_resume=False)
    assert app.bot_delay == BOT_SPEEDS["Normal"]  # the one speed table of the shell
    app.speed_dropdown.value = "Fast"
    assert app.bot_delay == BOT_SPEEDS["Fast"] == 0.2
    assert app.speed_dropdown in app.menu_box.children, "the shell's one Bot speed menu"
    assert "lsn-bg-speed" not in app.tree_text() and not any(
        "lsn-bg-speed" in getattr(x, "_dom_classes", ()) for x in app.widget_tree())


def test_odds_fractions_are_exact():
    state = bg.from_notation(ATTACK)
    odds = bg.attack_odds(state, 0, 4, (1, 7))
    assert isinstance(odds.win, Fraction)


def test_headless_bot_game_from_the_setup():
    app = new_app()
    app.players.value = 4
    app.mode_toggle.value = True
    app.rounds_dropdown.value = 40
    session = app.headless.run()
    assert session.state.is_over and session.state.draft and session.state.players == 4
    assert "Game over" in app.headless.result.value or "Stopped" in app.headless.result.value


def test_bots_wait_for_the_battle_report_on_a_loop():
    import asyncio

    from livestock_notebooks.widgets.shell.pacing import BOT_SPEEDS

    normal = BOT_SPEEDS["Normal"]
    loop = asyncio.new_event_loop()
    try:
        app = play_app(check_resume=False, loop=loop)
        app.speed_dropdown.value = "Normal"
        app.start([Seat.human(), Seat("Random")], seed=3)
        assert app.bot_delay == normal
        view = app.view
        lay_out_by_clicking(app)
        app.run_bots()
        view.choice_box.children[0].click()  # I attack first
        while app.session.state.phase == "move":  # every player is asked about cards able to move
            if app.session.is_bot_turn:
                app.step()
            else:
                view.choice_box.children[0].click()
        st = app.session.state
        mine = next(s for s, c in enumerate(st.board[0]) if c)
        view.boards[0].slots[mine].click()
        view.boards[1].slots[4].click()
        view.confirm_button.click()
        assert app.session.state.stage == "dodge"
        app.step()  # the bot lets its face-down card fight
        report = view.report
        assert 1 <= report.shown < len(report.steps), "the steps appear one at a time"
        left = (len(report.steps) - report.shown) * report.step_delay
        assert app.bot_delay == pytest.approx(normal + left)
        report.all_button.click()
        assert report.shown == len(report.steps)
    finally:
        loop.close()


def test_six_players_get_compact_battlefields():
    app = start(("Human", "Random", "Random", "Random", "Random", "Random"))
    view = app.view
    assert len(view.others_box.children) == 5
    assert "lsn-bg-compact" in view.boards[0].widget._dom_classes


def test_jonas_may_swap_as_the_battle_begins():
    pos = ("bg2 first s0 r0/- f- l0 basic | jonas,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
           "| .,.,.,.,wolf,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.choice_box.children[0].click()  # I attack first
    assert app.session.state.phase == "move"
    assert "may swap places" in view.hint.value
    assert [b.description for b in view.choice_box.children] == ["Leave it where it is"]
    view.boards[0].slots[1].click()
    st = app.session.state
    assert st.board[0][:2] == ["soldier_goat", "jonas"] and st.phase == "move"
    # Battlefield Setup: the bot is asked too (holding no such card, it carries on)
    assert st.current_player == 1 and st.legal_actions() == [bg.MoveAtStart(1, bg.STAY, bg.STAY)]
    app.run_bots()
    assert app.session.state.phase == "attack"


def test_a_player_without_a_card_able_to_move_carries_on_with_one_click():
    """Battlefield Setup: every player is asked when the card list has Jonas, so nobody learns who
    holds him; a player without one sees a single button."""
    pos = ("bg2 first s0 r0/- f- l0 basic | owl,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
           "| .,.,.,.,jonas,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.choice_box.children[0].click()  # I attack first
    assert app.session.state.phase == "move" and app.session.current_player == 0
    assert [b.description for b in view.choice_box.children] == ["Carry on"]
    assert "you hold none" in view.hint.value
    view.boards[0].slots[1].click()
    assert "use the button" in app.status_text
    view.choice_box.children[0].click()
    app.run_bots()
    assert app.session.state.phase == "attack"


def test_double_ballista_second_target_or_one():
    pos = ("bg2 attack s0 r1/- f0 l0 basic | double_ballista,.,.,.,.,.,.,.,./-/-/-/- "
           "| .,.,.,wolf,owl,bear,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.boards[0].slots[0].click()
    view.boards[1].slots[3].click()
    view.confirm_button.click()
    st = app.session.state
    assert st.stage == "second"
    assert "second card" in view.hint.value
    assert [b.description for b in view.choice_box.children] == ["Strike only one card"]
    assert "lsn-bg-aimed" in view.boards[1].slots[3]._dom_classes
    view.boards[1].slots[5].click()
    assert view.odds.odds is not None
    view.confirm_button.click()
    assert app.session.state.stage != "second"
    app.run_bots()  # the bot lets both face-down cards fight
    assert len([e for e in view.report.entries[-1]["events"] if e.kind == "battle"]) == 2


def test_wizard_goat_picks_its_own_neighbour():
    pos = ("bg2 attack s0 r1/- f0 l0 basic | .,.,.,wizard_goat,kid_goat,.,.,.,./-/-/-/- "
           "| .,.,.,.,owl,.,.,wolf,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.boards[0].slots[3].click()
    view.boards[1].slots[4].click()
    view.confirm_button.click()
    assert app.session.state.stage == "own"
    assert "own neighbouring cards" in view.hint.value
    assert "lsn-bg-selectable" in view.boards[0].slots[4]._dom_classes
    view.boards[1].slots[7].click()
    assert "Not allowed" in app.status_text
    view.boards[0].slots[4].click()
    assert app.session.state.stage != "own"


def test_alfonso_captures_into_an_empty_slot():
    pos = ("bg2 attack s0 r1/- f0 l0 basic | alfonso,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
           "| .,.,.,.,kid_goat,.,.,wolf,./-/-/-/- | rev=kid_goat")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.boards[0].slots[0].click()
    view.boards[1].slots[4].click()
    assert view.odds.odds.known and view.odds.odds.win == 1
    view.confirm_button.click()
    app.run_bots()  # the bot lets its face-down (known) Kid Goat fight
    st = app.session.state
    assert st.stage == "capture"
    assert "captured" in view.hint.value
    view.boards[0].slots[8].click()
    assert app.session.state.board[0][8] == "kid_goat"


def test_details_show_the_attacker_and_a_known_target_only():
    pos = ("bg2 attack s0 r1/- f0 l0 basic | alfonso,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
           "| .,.,.,.,kid_goat,.,.,wolf,./-/-/-/- | rev=kid_goat")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    view.boards[0].slots[0].click()
    view.boards[1].slots[4].click()
    assert "Alfonso" in view.details.value and "Kid Goat" in view.details.value
    view.boards[1].slots[7].click()
    assert "Alfonso" in view.details.value and "Wolf" not in view.details.value


def test_bots_only_game_is_watched_with_public_information():
    app = new_app(check_resume=False)
    app.start([Seat("Random"), Seat("Smart"), Seat("Random")], seed=6)
    view = app.view
    assert "you are watching" in view.hint.value.lower()
    for _ in range(60):
        app.step()
    state = app.session.state
    assert len(view.others_box.children) == 3 and view.mine_box.children == ()
    text = game_text(app)
    hidden = {c for c in state.cards.ids if c not in state.revealed and c not in state.face_up}
    names = [state.cards.by_id[c].name for c in hidden]
    mentioned = [n for n in names if any(n in state.cards.by_id[c].ability for c in state.revealed)]
    found = [n for n in names if n not in mentioned and re.search(rf"\b{re.escape(n)}\b", text)]
    assert found == []
    app.run_bots()
    assert app.session.state.is_over and view.hint.value.count("Game over")


def test_pages_do_not_import_the_chart_library():
    import subprocess
    import sys

    code = ("import sys; import livestock_notebooks.widgets.battlegoats.app, "
            "livestock_notebooks.widgets.battlegoats.tutorial; print('bqplot' in sys.modules or 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False", "a lighter kernel: the BattleGoats pages need no bqplot/pandas"


def test_own_card_list_from_the_setup():
    import json as _json

    rows = bg.standard_cards().to_list()
    for row in rows:
        if row["id"] == "cowboy_goat":
            row["name"] = "Rodeo Goat"
    app = new_app(check_resume=False)
    assert app.load_card_list(_json.dumps({"cards": rows}), "my_cards.json")
    assert "81 cards" in app.card_list_status.value
    app.start_button.click()
    state = app.session.state
    assert not state.cards.standard and state.cards.by_id["cowboy_goat"].name == "Rodeo Goat"
    bad = [dict(rows[0], value="high"), dict(rows[1], type="monster")]
    assert not app.load_card_list(_json.dumps({"cards": bad + rows[2:]}), "bad.json")
    status = app.card_list_status.value
    assert "row 1, value" in status and "row 2, type" in status


def test_no_round_limit_is_a_real_choice():
    app = new_app(check_resume=False)
    assert app.rounds_dropdown.value == 0 and app.rounds_dropdown.label == "No limit"
    app.start_button.click()
    assert app.session.state.max_rounds is None


def test_old_session_saves_with_the_earlier_bot_names_load_and_play():
    # earlier pages saved the bots as "Random" / "Smart" (and the engine called the smart one "seen")
    state = bg.new_game(players=3, seed=5)
    old = Session(battlegoats_spec(), state, [Seat("Smart"), Seat("Random"), Seat("seen")], autosave=False)
    app = new_app(check_resume=False)
    assert app.load_text(old.to_save_text(), "an old save")
    assert app.run_bots(max_actions=40) > 0
    assert bg.GAME.bot_name("Smart") == bg.GAME.bot_name("seen") == "smart"


@pytest.mark.parametrize("content,expected", [
    (b"42", "expected a list of card objects"),
    (b"null", "expected a list of card objects"),
    (b"/etc/hostname", "not valid JSON"),
    (b'{"cards": [{"id": "x", "name": "X", "type": "hero", "value": 1, "source": "house", '
     b'"effects": [{"kind": ["captures"]}]}]}', "effects[1].kind"),
])
def test_a_bad_card_list_upload_shows_one_clear_message(content, expected):
    app = new_app(check_resume=False)
    assert not app.load_card_list(content, "mine.json")
    status = app.card_list_status.value
    assert "Could not use mine.json" in status and html.escape(expected) in status


def test_too_few_heroes_for_the_seats_shows_on_the_page():
    import json as _json

    rows = [r for r in bg.standard_cards().to_list() if r["type"] != "hero" or r["id"] in ("jonas", "alfonso")]
    app = new_app(check_resume=False)
    assert app.load_card_list(_json.dumps({"cards": rows}), "two_heroes.json")  # enough for 2 players
    app.players.value = 3
    app.start_button.click()
    assert app.session is None
    assert "2 Heroes; 3 players need one each" in app.card_list_status.value
    assert "2 Heroes; 3 players need one each" in app.status.value
    app.players.value = 2
    app.start_button.click()
    assert app.session is not None and app.session.state.players == 2
