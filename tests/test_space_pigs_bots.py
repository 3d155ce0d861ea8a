"""Space Pigs bots: legal, deterministic, and the greedy bot beats random play."""
from __future__ import annotations

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.bots import play_out
from livestock_notebooks.space_pigs.bots import GreedyBot, RandomBot


def test_bots_play_legal_actions_to_the_end():
    for rules in ("full", "simple_a", "simple_b"):
        state = sp.new_game(players=4, seed=3, rules=rules, max_rounds=3, clan_powers=rules == "full")
        bots = [GreedyBot(0), RandomBot(1), GreedyBot(2), RandomBot(3)]
        while not state.is_over:
            action = bots[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)


def test_greedy_bot_is_deterministic():
    def run():
        state = sp.new_game(players=3, seed=9, max_rounds=3)
        events = play_out(state, [GreedyBot(1), GreedyBot(2), GreedyBot(3)])
        return [e.text for e in events]
    assert run() == run()


def test_greedy_bot_beats_random_play():
    greedy = random_ = 0
    for seed in range(12):
        state = sp.new_game(players=4, seed=seed, rules="simple_b", max_rounds=8)
        play_out(state, [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 50), RandomBot(seed + 50)])
        greedy += sum(1 for w in state.winners if w in (0, 2))
        random_ += sum(1 for w in state.winners if w in (1, 3))
    assert greedy > random_
