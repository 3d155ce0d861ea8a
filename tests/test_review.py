"""The game review (livestock_notebooks.review): one entry per decision, from the deciding seat's
view alone; a weak seat gives away more chance to win than a strong one; a blunder stands out.

Small playout counts here (the review's figures at the easy level); the statistical checks of
the figures themselves are in benchmarks/calibration.py."""
from __future__ import annotations

import json

import pytest

from livestock_notebooks import tournament
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.core.errors import SaveFileError
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.review import _entry, review_game, review_record

LU = tournament.GAMES["livestock_uprising"]


def _record(info, state, bots, decisions):
    """Play ``bots`` from ``state`` for ``decisions`` real choices; the record a save keeps."""
    start, moves, made = state.to_json(), [], 0
    while not state.is_over and made < decisions:
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        moves.append(legal.index(action))
        made += len(legal) > 1
        state.apply(action)
    return {"start": start, "moves": moves}


def test_review_of_random_against_hard_the_random_seat_loses_more_per_decision():
    """Two short games (24 real choices each) of a random Chickens seat against a hard Cows one,
    pooled: the random seat gives away more chance to win per decision."""
    lost = {0: [], 1: []}
    for seed in (3, 4):
        state = LU.new_game(players=2, seed=seed, max_rounds=30)
        record = _record(LU, state, [LU.make_bot("random", 1), LU.make_bot("strong-hard", 2)], 24)
        review = review_record("livestock_uprising", record, "easy")
        assert len(review) == 24 and {e.seat for e in review} == {0, 1}
        for e in review:
            assert 0.0 <= e.chance_after <= e.best_chance <= 1.0 and e.chance_before == e.best_chance
            assert e.choice == pytest.approx(e.chance_after - e.best_chance) and e.playouts >= 8
            lost[e.seat].append(-e.choice)
    assert sum(lost[0]) / len(lost[0]) > sum(lost[1]) / len(lost[1])


# Chickens to act, round 1, only Henrietta still to move: she and Cluck (no units) are in the
# Chickens' barn a3, Pecky (two horses, two oxen) at e5; the Cows' Super Army at d2 can step to
# c2 or c3 and attack b3 but cannot reach a3. A Super Army destroys a General without units that it attacks
# (Super Army section), so Henrietta walking out of the barn to b3 is a sure capture.
_OPEN_BARN = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr e5:hhoo,a3,a3,*d2:ssss,-,- 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/1/0 "
              "010:101:000/t1")


def test_review_a_general_walking_out_of_its_barn_to_a_sure_capture_is_among_the_biggest_swings():
    state = lu.from_notation(_OPEN_BARN, max_rounds=30)
    blunder = lu.Move("Henrietta", "a3", "b3")
    start, moves = state.to_json(), []
    for action in (blunder, lu.EndActions(), lu.EndHarvest(), lu.EndTurn()):
        moves.append(state.legal_actions().index(action))
        state.apply(action)
    greedy = [LU.make_bot("greedy", 5), LU.make_bot("greedy", 6)]
    rest = _record(LU, state, greedy, 10)
    review = review_record("livestock_uprising", {"start": start, "moves": moves + rest["moves"]}, "easy")
    assert review[0].action == blunder and review[0].best_action != blunder
    assert review[0] in review.biggest(3)
    assert review[0].choice < -0.05
    # and the capture came: the Super Army destroyed Henrietta in the Cows' turn
    assert state.general_status[1] != 0


def test_review_weighs_a_decision_from_the_deciding_seats_view_only():
    """Two true positions that look the same to the deciding seat (the other's cards and the dice
    to come redrawn) give the same entry."""
    state = LU.new_game(players=2, seed=8, max_rounds=30)
    bots = [LU.make_bot("greedy", 1), LU.make_bot("greedy", 2)]
    checked = 0
    for _ in range(400):
        legal = state.legal_actions()
        if len(legal) > 2 and checked < 2 and state.round >= 1:
            me = state.current_player
            action = legal[-1]
            twin = state.redraw_hidden(me, 99)
            assert twin.player_view(me) == state.player_view(me)
            assert _entry(LU, state.copy(), 7, action, "easy", 8, 0) == _entry(LU, twin, 7, action, "easy", 8, 0)
            checked += 1
        state.apply(bots[state.current_player].choose(state))
        if state.is_over:
            break
    assert checked == 2


def test_review_game_reads_a_play_pages_save_and_refuses_one_without_the_game_from_its_start():
    session = Session.new(LU, [Seat("greedy"), Seat("random")], seed=4, autosave=False)
    for _ in range(30):
        session.apply(session.bot(session.current_player).choose(session.state), by_bot=True)
    text = session.to_save_text()
    review = review_game(text, level="easy", worlds=8)
    assert len(review) >= 10 and all(e.text for e in review)
    # a save loaded on a page keeps its record, and goes on recording
    again = Session.from_save_text(LU, text, autosave=False)
    assert again.game_record == session.game_record
    bare = json.loads(text)
    del bare["record"]
    with pytest.raises(SaveFileError, match="from its start"):
        review_game(json.dumps(bare))
    with pytest.raises(SaveFileError):
        review_game(text.replace('"moves": [', '"moves": [9999, ', 1))
