"""The strong Space Pigs bot's own heuristic (the choice its search starts from and keeps unless
the search finds better), and the greedy bot's remembered odds."""
from __future__ import annotations

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import bots as sp_bots
from livestock_notebooks.space_pigs.actions import GiveMarker, Stand
from livestock_notebooks.space_pigs.bots import GreedyBot
from livestock_notebooks.space_pigs.strong import StrongBot, StrongPolicy, recipe_done_chance


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


def _greedy_game(seed: int):
    state = sp.new_game(players=4, seed=seed, rules="full", max_rounds=20)
    bots = [GreedyBot(k) for k in range(4)]
    while not state.is_over:
        yield state
        state.apply(bots[state.current_player].choose(state))
    yield state


def test_victory_a_recipe_winner_is_seen_producing_its_recipe():
    """After a recipe victory the winner's own view says its recipe is produced for certain; the
    others, who do not know its recipe, still see a real chance of it."""
    *_, end = _greedy_game(4)
    (winner,) = end.winners
    assert recipe_done_chance(end.player_view(winner), winner) == 1.0
    other = (winner + 1) % 4
    assert 0.0 < recipe_done_chance(end.player_view(other), winner) <= 1.0
    start = sp.new_game(players=4, seed=4, rules="full")
    assert all(recipe_done_chance(start.player_view(0), q) == 0.0 for q in range(4))  # nothing held yet


def test_phase_1_colonists_the_royal_pig_keeps_two_markers_then_feeds_the_least_dangerous_clans():
    given = 0
    for seed in (1, 2, 3):
        for state in _greedy_game(seed):
            legal = state.legal_actions()
            if not legal or not isinstance(legal[0], GiveMarker):
                continue
            p = state.current_player
            view = state.player_view(p)
            choice = StrongPolicy(0).choose(state.copy())
            if any(a.to == p for a in legal):
                assert choice.to == p  # its own two markers first
                continue
            chances = {a.to: recipe_done_chance(view, a.to) for a in legal}
            assert chances[choice.to] == min(chances.values())
            given += 1
    assert given >= 3


def test_the_strong_bot_searches_only_the_cards_of_a_battle():
    """Trips, deployments, votes and the rest are the heuristic's at once (no playout); the cards
    played in a battle are searched."""
    from livestock_notebooks.space_pigs.actions import PlayCard
    from livestock_notebooks.space_pigs.strong import is_searched

    searched = routine = 0
    for state in _greedy_game(2):
        if state.is_over or searched >= 2 and routine >= 20:
            break
        p = state.current_player
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        bot = StrongBot(seed=1, max_iterations=5)
        action = bot.choose(state.copy())
        assert state.is_legal(action)
        if is_searched(state.player_view(p), legal):
            assert state.combat is not None and any(isinstance(a, PlayCard) for a in legal)
            assert bot.last_analysis["iterations"] == 5
            searched += 1
        else:
            assert bot.last_analysis["iterations"] == 1 and bot.last_analysis["searched"] is False
            assert action == StrongPolicy(1).choose(state.copy())
            routine += 1
    assert searched >= 2 and routine >= 20


def test_the_hint_gives_the_exact_odds_of_a_landing_on_enemies():
    from livestock_notebooks.space_pigs.actions import Fly
    from livestock_notebooks.space_pigs.strong import hint_detail

    said = []
    for state in _greedy_game(2):
        if state.is_over or len(said) >= 3:
            break
        view = state.player_view(state.current_player)
        for a in state.legal_actions():
            text = hint_detail(view, a)
            if isinstance(a, Fly) and any(o.who != view.viewer for o in view.hexes[a.hex].occupants):
                assert text is not None and "% of the time" in text
                said.append(text)
            elif not isinstance(a, Fly):
                assert text is None or view.trip is not None
    assert len(said) >= 3


def test_travel_the_strong_heuristic_wants_no_planet_of_a_colour_it_makes_in_full():
    from livestock_notebooks.space_pigs.bots import COLOUR_INDEX
    from livestock_notebooks.space_pigs.strong_policy import _StrongPlan

    seen = 0
    for state in _greedy_game(3):
        if state.is_over or state.turn < 2:
            continue
        p = state.current_player
        plan = _StrongPlan(state, state.player_view(p), p)
        for x in plan.view.hexes:
            if x.face_down or x.colour not in COLOUR_INDEX:
                continue
            if plan.gap[COLOUR_INDEX[x.colour]] == 0:
                assert plan.gain(x.index) == 0.0
                seen += 1
        if seen >= 20:
            break
    assert seen >= 20
