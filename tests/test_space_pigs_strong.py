"""The strong Space Pigs bot's own heuristic (the choice its search starts from and keeps unless
the search finds better), and the greedy bot's remembered odds."""
from __future__ import annotations

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import bots as sp_bots
from livestock_notebooks.space_pigs.actions import Stand
from livestock_notebooks.space_pigs.bots import GreedyBot
from livestock_notebooks.space_pigs.strong import StrongBot, StrongPolicy


def _first_election_without_the_most_governors():
    """Seed 1, full rules: the first seat asked to stand in the turn-1 election that does not
    hold the most governors."""
    state = sp.new_game(players=4, seed=1, rules="full", max_rounds=20)
    bots = [GreedyBot(k) for k in range(4)]
    while not state.is_over:
        p = state.current_player
        if state.sequence == "4C" and Stand(p, True) in state.legal_actions():
            governors = [c.governors for c in state.player_view(p).clans]
            if governors[p] < max(governors):
                return state
        state.apply(bots[p].choose(state))
    raise AssertionError("no such election in this game")


def test_phase_4_election_the_strong_heuristic_stands_for_royal_pig_where_greedy_does_not():
    state = _first_election_without_the_most_governors()
    p = state.current_player
    assert GreedyBot(0).choose(state.copy()) == Stand(p, False)
    assert StrongPolicy(0).choose(state.copy()) == Stand(p, True)
    bot = StrongBot(seed=2, max_iterations=8)
    assert bot.choose(state.copy()) == Stand(p, True)
    assert bot.last_analysis["heuristic"] == Stand(p, True)


def test_the_greedy_bot_remembers_the_odds_it_asked_for():
    sp_bots._attack_odds.cache_clear()
    state = sp.new_game(players=4, seed=3, rules="full", max_rounds=3)
    bots = [GreedyBot(k) for k in range(4)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    info = sp_bots._attack_odds.cache_info()
    assert info.hits > info.misses > 0
    # the remembered chance is the exact one
    defender = sp_bots.Pigs(2, 0, 0)
    exact = float(sp_bots.space_pigs_combat(sp_bots.Pigs(3, 1, 0), defender, attacker_flee_at=None).attacker)
    assert sp_bots._attack_odds(3, 1, defender) == exact
