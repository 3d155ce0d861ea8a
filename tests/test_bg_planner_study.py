"""benchmarks/bg_planner_study.py: its readings of the hidden cards read what they say they read
(the planner's own reading, the bots' layout habit, or the true cards), and a variant plays whole
games (a few here: the figures are the script's to print, not a test's)."""
from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path

from livestock_notebooks.battlegoats import actions as act
from livestock_notebooks.battlegoats import new_game
from livestock_notebooks.battlegoats.bots.strong import AttackPlanner, PlannerBot
from livestock_notebooks.battlegoats.odds import unknown_pool

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bg_planner_study.py"
_spec = importlib.util.spec_from_file_location("bg_planner_study", _PATH)
assert _spec is not None and _spec.loader is not None
study = importlib.util.module_from_spec(_spec)
sys.modules["bg_planner_study"] = study
_spec.loader.exec_module(study)


def _laid_out(seed: int):
    """A game of planners at its first attack: every battlefield laid out, nothing revealed."""
    state = new_game(players=3, seed=seed)
    bots = [PlannerBot(seed + i) for i in range(3)]
    while not isinstance(state.legal_actions()[0], act.ChooseAttacker):
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_omniscient_planner_reads_the_true_card_and_the_others_only_what_the_seat_may_place():
    state = _laid_out(700)
    me = state.current_player
    pool = set(unknown_pool(state, me))
    omniscient, plain = study.OmniscientPlanner(state, me), AttackPlanner(state, me)
    reading = study.LayoutReadingPlanner(state, me)
    for p in plain.opps:
        for slot, card in enumerate(state.board[p]):
            assert omniscient.candidates(p, slot) == [card]
            assert set(plain.candidates(p, slot)) <= pool and set(reading.candidates(p, slot)) <= pool
            assert len(reading.candidates(p, slot)) == study.LAYOUT_SAMPLES


def test_reading_the_bots_layout_puts_the_better_cards_in_the_first_slots():
    """The bots lay their best cards out first into the lowest free slot, so the reading's
    candidates for an opponent's first slot are worth more than those for its last."""
    firsts, lasts = [], []
    for seed in range(700, 706):
        state = _laid_out(seed)
        me = state.current_player
        reading = study.LayoutReadingPlanner(state, me)
        value = {c: reading.by_id[c].value for c in state.cards.ids}
        for p in reading.opps:
            firsts.append(statistics.mean(value[c] for c in reading.candidates(p, 0)))
            lasts.append(statistics.mean(value[c] for c in reading.candidates(p, 8)))
    assert statistics.mean(firsts) > statistics.mean(lasts) + 2


def test_a_variant_plays_whole_games_and_the_who_wins_count_adds_up():
    for variant in ("omniscient", "reads-layouts", '{"lead": 0.0}'):
        wins = study._share((variant, 0, 3))
        assert 0 <= wins <= 3
    games, best, first = study._deal_and_order((0, 3))
    assert games == 3 and 0 <= best <= 3 and 0 <= first <= 3
