"""Livestock Uprising bots decide from what their seat may know (``state.player_view(seat)``) only.

Hidden information is the other players' command cards (their number is public), the order of the
set-aside deck and the dice to come; ``state.redraw_hidden(seat, seed)`` redraws all of it. A bot
(with the same seed) must choose the same action in the real position and in every redrawn one.
"""
from __future__ import annotations

import pytest

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising import data as D
from livestock_notebooks.livestock_uprising.bots import GreedyBot, RandomBot

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
