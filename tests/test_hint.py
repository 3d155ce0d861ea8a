"""The hint on the play pages (issue 13): what the strong bot would do now and why, from the
current player's view only; it can be turned off for a game."""
from __future__ import annotations

import json

import pytest

from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.games import GAMES
from livestock_notebooks.widgets.games import PAGES
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


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hint_names_a_legal_move_with_its_chance_and_goes_when_the_game_moves_on(game, tmp_path, monkeypatch):
    from livestock_notebooks.widgets.shell import hint as hint_module

    monkeypatch.setattr(hint_module, "HINT_LEVEL", "easy")  # fewer playouts: a test, not a benchmark
    monkeypatch.setattr(hint_module, "HINT_WORLDS", 8)
    spec = GAMES[game]
    app = PAGES[game].play_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.human(), *[Seat.bot("random")] * (spec.min_players - 1)], seed=5)
    app.run_bots()
    s = app.session
    assert s.is_human_turn and shown(app.hint_button) and not app.hint_button.disabled
    text = app.hint()
    assert text.startswith("Hint:") and "Chance to win after it: " in text and "% (likely " in text
    assert "from 8 simulated continuations" in text
    legal_words = {spec.action_text(s.state, a, s.current_player) for a in s.state.legal_actions()}
    legal_words |= {str(a) for a in s.state.legal_actions()}
    assert any(words in text for words in legal_words)
    app.act(s.state.legal_actions()[0])
    assert app.hint_output.value == ""  # an old hint never stays


def _livestock_attack_position():
    """A two-player Livestock game, played by greedy bots until the player to act may attack."""
    from livestock_notebooks.livestock_uprising import actions as A
    from livestock_notebooks.livestock_uprising import new_game
    from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot

    for seed in range(1, 40):
        state = new_game(players=2, seed=seed, max_rounds=100)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        for _ in range(400):
            if state.is_over:
                break
            attacks = [a for a in state.legal_actions() if isinstance(a, A.Attack)]
            view = state.player_view(state.current_player)
            fights = [a for a in attacks if view.preview(a).odds is not None and 0 < view.preview(a).odds.attacker < 1]
            if fights:
                return state, fights[0]
            state.apply(bots[state.current_player].choose(state))
    raise AssertionError("no attack found")


def test_the_livestock_hint_gives_the_exact_odds_of_a_suggested_attack():
    from livestock_notebooks.livestock_uprising.bots.strong import hint_detail

    state, attack = _livestock_attack_position()
    view = state.player_view(state.current_player)
    odds = view.preview(attack).odds
    text = hint_detail(view, attack)
    assert text.startswith(f"you win {100 * float(odds.attacker):.0f}% of this battle")
    assert f"lose {100 * float(odds.defender):.0f}%" in text
    others = [a for a in state.legal_actions() if type(a).__name__ != "Attack"]
    assert others and "of this battle" not in (hint_detail(view, others[0]) or "")  # a move has no battle odds


def test_the_hint_on_the_livestock_page_names_the_battle_odds(tmp_path, monkeypatch):
    from livestock_notebooks.livestock_uprising.bots import strong
    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app

    state, attack = _livestock_attack_position()
    app = livestock_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    seats = [Seat.bot("greedy"), Seat.bot("greedy")]
    seats[state.current_player] = Seat.human()
    app.start_state(state, seats, autosave=False)
    suggested = {"action": attack}

    def suggest(bot, view, me):  # the search's choice fixed to the attack; the words are the page's
        bot.last_analysis = {"action": suggested["action"], "win_chance": 0.6, "iterations": 3, "alternatives": []}
        return suggested["action"]

    monkeypatch.setattr(strong.LivestockSearch, "choose_from_view", suggest)
    odds = state.player_view(state.current_player).preview(attack).odds
    text = app.hint()
    assert f"you win {100 * float(odds.attacker):.0f}% of this battle" in text, text
    suggested["action"] = next(a for a in state.legal_actions() if type(a).__name__ != "Attack")
    app._hint_for = None
    assert "of this battle" not in app.hint()


def _hint_app(game, tmp_path, monkeypatch, worlds):
    from livestock_notebooks.widgets.shell import hint as hint_module

    monkeypatch.setattr(hint_module, "HINT_LEVEL", "easy")
    monkeypatch.setattr(hint_module, "HINT_WORLDS", worlds)
    spec = GAMES[game]
    app = PAGES[game].play_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.start([Seat.human(), *[Seat.bot("random")] * (spec.min_players - 1)], seed=5)
    app.run_bots()
    return app


@pytest.mark.parametrize("game", ["livestock_uprising", "battlegoats"])
def test_the_hint_never_shows_a_figure_from_fewer_playouts_than_its_minimum(game, tmp_path, monkeypatch):
    from livestock_notebooks.win_chance import MIN_PLAYOUTS, _chance

    app = _hint_app(game, tmp_path, monkeypatch, MIN_PLAYOUTS - 1)
    text = app.hint()
    assert text.startswith("Hint:") and "hance to win after it" not in text and "%" not in text, text
    assert f"{MIN_PLAYOUTS - 1} simulated continuations are too few (at least {MIN_PLAYOUTS})" in text
    # the figure itself: none under the minimum, a probability with its range from it on
    assert _chance(game, [0.6] * (MIN_PLAYOUTS - 1)).probability is None
    assert _chance(game, [0.6] * (MIN_PLAYOUTS - 1)).text() == ""
    enough = _chance(game, [0.5, 0.7] * MIN_PLAYOUTS)
    assert enough.low <= enough.probability <= enough.high and "likely" in enough.text()


def test_the_battlegoats_hint_names_the_card_as_well_as_the_slot(tmp_path, monkeypatch):
    from livestock_notebooks.battlegoats import Place, card_name

    app = _hint_app("battlegoats", tmp_path, monkeypatch, 8)
    state = app.session.state
    assert all(isinstance(a, Place) for a in state.legal_actions())  # laying out the army
    text = app.hint()
    named = [a for a in state.legal_actions() if f"places {card_name(a.card)} in " in text]
    assert named, text


def test_the_livestock_hint_says_what_a_move_threatens_protects_completes_or_exposes():
    """A move's words (the hint's 'why'), from the mover's view: Actions Phase and Super Army."""
    from livestock_notebooks.livestock_uprising import Move, from_notation
    from livestock_notebooks.livestock_uprising.bots.strong import hint_detail

    board = "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr"
    # the Cows' Super Army at d2 can step and strike two squares away; Henrietta has no units
    s = from_notation(f"{board} e5:hhoo,a3,a3,*d2:ssss,-,- 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/1/0 010:101:000/t1")
    view = s.player_view(0)
    assert hint_detail(view, Move("Henrietta", "a3", "b3")) == \
        "there the Super Army (Bessie) can attack Henrietta (it has no units)"
    assert hint_detail(view, Move("Henrietta", "a3", "a2")) is None  # out of its reach: nothing to say
    # Pecky (a donkey) beside the Cows' Bessie: stepping away protects it, stepping next to Angus threatens
    s = from_notation(f"{board} d3:d,a3,a3,c4:s,d1,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0")
    view = s.player_view(0)
    assert hint_detail(view, Move("Pecky", "d3", "e4")) == "it takes Pecky out of reach of Bessie"
    assert "it threatens Angus at d1" in hint_detail(view, Move("Pecky", "d3", "c2"))
    # Cluck steps home where the other two wait: the gathering for a Super Army is complete
    s = from_notation(f"{board} a3:d,a3:s,b3:s,c4:s,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0")
    assert "completes your Generals' gathering" in hint_detail(s.player_view(0), Move("Cluck", "b3", "a3"))
