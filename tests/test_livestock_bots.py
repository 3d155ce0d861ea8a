"""Livestock Uprising bots decide from what their seat may know (``state.player_view(seat)``) only.

Hidden information is the other players' command cards (their number is public), the order of the
set-aside deck and the dice to come; ``state.redraw_hidden(seat, seed)`` redraws all of it. A bot
(with the same seed) must choose the same action in the real position and in every redrawn one.
"""
from __future__ import annotations

import pytest

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising import data as D
from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot, RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def _decisions(players: int, seed: int, bot_seed: int, limit: int = 1500):
    """Positions of a bot game (greedy against random, so battles and cards happen) where the
    player to act has a real choice, with that player."""
    s = lu.new_game(players=players, seed=seed, max_rounds=40)
    bots = [GreedyBot(bot_seed + p) if p % 2 == 0 else RandomBot(bot_seed + p) for p in range(players)]
    for _ in range(limit):
        if s.is_over:
            return
        me = s.current_player
        if len(s.legal_actions()) > 1:
            yield s, me
        s.apply(bots[me].choose(s))


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_decide_from_their_own_view_only(kind):
    make = BOTS[kind]
    checked = cards_asked = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state, me in _decisions(players, seed, bot_seed=seed * 10):
            choice = make(7).choose(state.copy())
            view = state.player_view(me)
            for redraw in (1, 2, 3):
                twin = state.redraw_hidden(me, redraw)
                assert twin.player_view(me) == view
                assert make(7).choose(twin) == choice, (state.notation(), me, redraw)
            checked += 1
            cards_asked += state.pending is not None and state.pending["kind"] == "card"
    assert checked > 300 and cards_asked > 0


def test_redraw_hidden_gives_a_defender_any_cards_of_the_same_number():
    """The question "play a defending card?" shows only that the defender holds some card, so a
    redrawn position may give the defender no defending card at all."""
    letters = {k: chr(97 + i) for i, k in enumerate(D.CARD_KEYS)}
    s = lu.from_notation(f"Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr c3:d,a3,a3,c4:s,e3,e3 0.0.0.0.0,0.0.0.0.0 "
                         f"-,{letters['hardened_hide']}|{''.join(v for k, v in letters.items() if k != 'hardened_hide')} "
                         f"- 0/action/0/0")
    s.apply(lu.Attack("Pecky", "c3", "c4"))
    assert s.pending["kind"] == "card"
    hands = {tuple(s.redraw_hidden(0, seed).hand(1)) for seed in range(40)}
    assert all(len(h) == 1 for h in hands)
    assert any(not D.CARD_DEFENDING[D.CARD_CODE[h[0]]] for h in hands)


# ---------------------------------------------------------------- the greedy bot finishes games
_HOME = "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr {gens} 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/{rounds}/0"
_COWS = "e3:ss,d2:s,c4:s"


def _own_turn(state, bot):
    """Play seat 0's turn with ``bot``; the actions it chose."""
    chosen = []
    while state.current_player == 0 and not state.is_over:
        action = bot.choose(state)
        chosen.append(action)
        state.apply(action)
    return chosen


def test_super_army_a_strong_greedy_bot_goes_home_and_forms():
    """Super Army: with 12 units among its Generals (one a step from the barn) the bot walks it
    home and forms the Super Army, all the units in one army, in the same turn."""
    s = lu.from_notation(_HOME.format(gens=f"a3:lllh,b3:hhoo,a3:ollh,{_COWS}", rounds=10), seed=1)
    chosen = _own_turn(s, GreedyBot(1))
    assert chosen[0] == lu.Move("Henrietta", "b3", "a3")
    assert lu.DeclareSuperArmy() in chosen and lu.FormSuperArmy() in chosen
    assert s.is_super_army(0) and len(s.army("Pecky")) == 12


def test_super_army_weak_armies_go_harvesting_instead():
    """Super Army: three sheep at the start of the game are no army to win with: the bot could
    declare (all its Generals are home) but leaves the barn to harvest."""
    s = lu.from_notation(_HOME.format(gens=f"a3:s,a3:s,a3:s,{_COWS}", rounds=0), seed=1)
    assert lu.DeclareSuperArmy() in s.legal_actions()
    choice = GreedyBot(1).choose(s)
    assert isinstance(choice, lu.Move) and choice.frm == "a3"


def test_super_army_an_opponents_super_army_sends_the_generals_home():
    """Super Army Rules: once the Cows have a Super Army (which removes Generals without troops)
    the Chickens gather their few units into their own rather than be picked off."""
    s = lu.from_notation(_HOME.format(gens="a3:ss,b3:s,a3:s,*d2:ooooo,-,-", rounds=3), seed=1)
    assert GreedyBot(1).choose(s) == lu.Move("Henrietta", "b3", "a3")


def test_super_army_rules_the_super_army_removes_a_troopless_general():
    """Super Army Rules: a Super Army next to a General without troops attacks it (it is
    destroyed without a battle) before anything else."""
    s = lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr *c3:ooollll,-,-,d2,d3:hh,c4:s "
                         "0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/20/0", seed=1)
    assert GreedyBot(1).choose(s) == lu.Attack("Pecky", "c3", "d2")


def test_greedy_against_greedy_two_player_games_end_with_a_winner():
    """Winning: six greedy-v-greedy games each end with a last player standing within 100 rounds."""
    from livestock_notebooks.core.bots import play_out

    for seed in range(6):
        s = lu.new_game(players=2, seed=seed, max_rounds=100)
        play_out(s, [GreedyBot(seed), GreedyBot(seed + 100)])
        assert s.is_over and len(s.winners) == 1, (seed, s.round)
