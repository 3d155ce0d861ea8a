"""The strong Livestock Uprising bot: it weighs the greedy bot's choice against the fights on
offer, in the same drawn worlds, and leaves the greedy choice only for a clearly better one."""
from __future__ import annotations

from livestock_notebooks.livestock_uprising import actions as A
from livestock_notebooks.livestock_uprising import new_game
from livestock_notebooks.livestock_uprising.bots import GreedyBot
from livestock_notebooks.livestock_uprising.strong import StrongBot


def _positions(wanted, seeds=range(1, 30), limit: int = 400):
    """Positions of greedy games where ``wanted(state)`` holds (one per game)."""
    for seed in seeds:
        state = new_game(players=2, seed=seed, max_rounds=100)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        for _ in range(limit):
            if state.is_over:
                break
            if len(state.legal_actions()) > 1 and wanted(state):
                yield state
                break
            state.apply(bots[state.current_player].choose(state))


def _can_attack(state) -> bool:
    return sum(isinstance(a, A.Attack) for a in state.legal_actions()) >= 1


def test_attacking_the_strong_bot_weighs_the_greedy_choice_and_every_attack():
    checked = 0
    for state in _positions(_can_attack):
        me = state.current_player
        bot = StrongBot(seed=2, max_iterations=4)
        choice = bot.choose(state.copy())
        analysis = bot.last_analysis
        greedy = GreedyBot(2).decide(state.player_view(me), state.legal_actions())
        weighed = [analysis["action"]] + [alt["action"] for alt in analysis["alternatives"]]
        assert analysis["heuristic"] == greedy and greedy in weighed
        attacks = [a for a in state.legal_actions() if isinstance(a, A.Attack)]
        assert all(a in weighed for a in attacks[:2]), (weighed, attacks)
        assert state.is_legal(choice) and analysis["iterations"] == 4
        checked += 1
        if checked >= 3:
            break
    assert checked == 3


def test_the_strong_bot_keeps_the_greedy_choice_without_evidence():
    """With a single drawn world there is no measure of the noise: the greedy choice stands."""
    for state in _positions(_can_attack, seeds=range(1, 6)):
        me = state.current_player
        bot = StrongBot(seed=5, max_iterations=1)
        assert bot.choose(state.copy()) == GreedyBot(5).decide(state.player_view(me), state.legal_actions())
