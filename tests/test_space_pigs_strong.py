"""The strong Space Pigs bot's own heuristic (the choice its search starts from and keeps unless
the search finds better), and the greedy bot's remembered odds."""
from __future__ import annotations

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs.bots import heuristic as sp_bots
from livestock_notebooks.space_pigs.actions import GiveMarker, Stand, Vote
from livestock_notebooks.space_pigs.bots.heuristic import GreedyBot
from livestock_notebooks.space_pigs.bots.strong import StrongBot, StrongPolicy, recipe_done_chance


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
    from livestock_notebooks.space_pigs.bots.strong_policy import danger

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
            chances = {a.to: danger(view, a.to) for a in legal}
            assert chances[choice.to] == min(chances.values())
            given += 1
    assert given >= 3


def test_the_strong_bot_searches_only_the_cards_of_a_battle():
    """Trips, deployments, votes and the rest are the heuristic's at once (no playout); the cards
    played in a battle are searched."""
    from livestock_notebooks.space_pigs.actions import PlayCard
    from livestock_notebooks.space_pigs.bots.strong import is_searched

    searched = routine = 0
    for state in _greedy_game(2):
        if state.is_over or searched >= 2 and routine >= 20:
            break
        p = state.current_player
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        bot = StrongBot(seed=1, max_iterations=5)
        bot._policy.mode_worlds = 0  # its policy for a turn by playouts: its own test below
        action = bot.choose(state.copy())
        assert state.is_legal(action)
        if is_searched(state.player_view(p), legal):
            assert state.combat is not None and any(isinstance(a, PlayCard) for a in legal)
            assert bot.last_analysis["iterations"] == 5
            searched += 1
        else:
            assert bot.last_analysis["iterations"] == 1 and bot.last_analysis["searched"] is False
            assert action == StrongPolicy(1, mode_worlds=0).choose(state.copy())
            routine += 1
    assert searched >= 2 and routine >= 20


def test_the_hint_gives_the_exact_odds_of_a_landing_on_enemies():
    from livestock_notebooks.space_pigs.actions import Fly
    from livestock_notebooks.space_pigs.bots.strong import hint_detail

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
    from livestock_notebooks.space_pigs.bots.heuristic import COLOUR_INDEX
    from livestock_notebooks.space_pigs.bots.strong_policy import _StrongPlan

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


def _differs(seeds, kind, limit=1, start_worlds=None):
    """States of greedy games (``seeds``) where the next action is of type ``kind`` and the strong
    heuristic (with ``start_worlds`` if given) picks another one than the greedy bot: (state,
    strong's, greedy's)."""
    found = []
    options = {"mode_worlds": 0} if start_worlds is None else {"start_worlds": start_worlds, "mode_worlds": 0}
    for seed in seeds:
        for state in _greedy_game(seed):
            legal = state.legal_actions()
            if not any(isinstance(a, kind) for a in legal):
                continue
            mine, theirs = StrongPolicy(0, **options).choose(state.copy()), GreedyBot(0).choose(state.copy())
            if mine != theirs and isinstance(mine, kind):
                found.append((state, mine, theirs))
                if len(found) >= limit:
                    return found
    return found


def test_danger_a_clan_one_acorn_short_is_seen_near_its_recipe():
    from livestock_notebooks.space_pigs.bots.strong_policy import danger, recipe_near_chance

    seen = 0
    for state in _greedy_game(1):
        if state.is_over or state.turn < 2:
            continue
        view = state.player_view(state.current_player)
        for q in range(4):
            done, near = recipe_done_chance(view, q), recipe_near_chance(view, q)
            assert 0.0 <= done <= near <= 1.0
            if q == view.viewer:
                assert danger(view, q) == 0.0
            else:
                assert done <= danger(view, q) <= near
                seen += 0 < near and done == 0
        if seen >= 3:
            break
    assert seen >= 3  # clans one acorn short that do not produce any recipe yet


def test_danger_the_aliens_and_the_colonists_go_by_nearness_to_a_recipe():
    from livestock_notebooks.space_pigs.actions import MoveAliens
    from livestock_notebooks.space_pigs.bots.strong_policy import danger

    (state, mine, theirs), = _differs((1, 2, 3, 4), MoveAliens)
    view = state.player_view(state.current_player)
    near = [max([danger(view, o.who) for o in view.hexes[a.dst].occupants if o.who >= 0] or [0.0])
            for a in (mine, theirs)]
    assert near[0] >= near[1]


def test_set_up_the_strong_heuristic_starts_clear_of_the_other_clans():
    from livestock_notebooks.space_pigs.actions import StartPlanet
    from livestock_notebooks.space_pigs.bots.heuristic import _dist

    (state, mine, theirs), = _differs((1, 2, 3), StartPlanet, start_worlds=0)  # its value alone
    view = state.player_view(state.current_player)

    def crowd(h):
        return sum(o.count for x in view.hexes if 0 < _dist(view, h, x.index) <= 2 for o in x.occupants)
    assert crowd(mine.hex) < crowd(theirs.hex)


def test_set_up_the_strong_heuristic_picks_its_start_by_playouts():
    """Where the playouts (to the end of turn 2, in worlds drawn from its view) rank another of the
    heuristic's best starts above the one it values most, it starts there."""
    from livestock_notebooks.space_pigs.actions import StartPlanet
    from livestock_notebooks.space_pigs.bots.strong_policy import START_CANDIDATES

    for seed in (1, 2, 3, 4):
        for state in _greedy_game(seed):
            legal = state.legal_actions()
            if state.sequence != "start" or not any(isinstance(a, StartPlanet) for a in legal):
                continue
            by_value = StrongPolicy(0, start_worlds=0).choose(state.copy())
            chosen = StrongPolicy(0).choose(state.copy())
            if chosen == by_value:
                continue
            totals = dict(StrongPolicy(0).start_totals(state.copy(), state.current_player,
                                                        [a for a in legal if isinstance(a, StartPlanet)]))
            assert len(totals) == START_CANDIDATES and by_value in totals
            assert totals[chosen] > totals[by_value]
            assert StrongPolicy(0).choose(state.copy()) == chosen  # reproducible from its seed
            return
    raise AssertionError("the playouts never changed the start")


def test_election_the_strong_heuristic_votes_for_the_clan_least_near_its_recipe():
    from livestock_notebooks.space_pigs.bots.strong_policy import danger

    (state, mine, theirs), = _differs((1, 2, 3, 4, 5), Vote)
    view = state.player_view(state.current_player)
    assert danger(view, mine.candidate) <= danger(view, theirs.candidate)


def test_travel_it_attacks_a_clan_one_acorn_short_of_a_recipe_where_greedy_does_not():
    from livestock_notebooks.space_pigs.bots.heuristic import _Plan
    from livestock_notebooks.space_pigs.bots.strong_policy import _StrongPlan, recipe_near_chance

    for seed in range(1, 8):
        for state in _greedy_game(seed):
            if state.is_over or state.turn < 2 or state.sequence != "2B":
                continue
            p = state.current_player
            view = state.player_view(p)
            plan, greedy = _StrongPlan(state, view, p), _Plan(state, view, p)
            for x in view.hexes:
                o = x.occupant(p)
                if o is None or not o.count:
                    continue
                for dst in plan.adj[x.index]:
                    y = view.hexes[dst]
                    if y.kind not in ("P", "D") or len(y.occupants) != 1 or y.occupants[0].who in (p, -1, -2, -3):
                        continue
                    q = y.occupants[0].who
                    if recipe_done_chance(view, q) > 0 or recipe_near_chance(view, q) == 0 or plan.gain(dst) > 0:
                        continue
                    args = (x.index, dst, o.count, o.hogs)
                    if greedy.move_value(*args)[0] <= 0 < plan.move_value(*args)[0]:
                        return  # greedy leaves that planet alone (its holder leads nothing)
    raise AssertionError("no such attack found")


def _card_effect(action) -> str:
    from livestock_notebooks.space_pigs.data import CARDS

    return CARDS[action.card].effect


def test_travel_a_planet_displacement_brings_a_planet_its_recipe_lacks_next_to_its_troops():
    from livestock_notebooks.space_pigs.actions import ChooseHex, PlayCard
    from livestock_notebooks.space_pigs.bots.strong_policy import _StrongPlan, swap_target

    for seed in range(1, 12):
        for state in _greedy_game(seed):
            swaps = [a for a in state.legal_actions() if isinstance(a, PlayCard) and _card_effect(a) == "swap_planets"]
            if swaps and StrongPolicy(0, mode_worlds=0).choose(state.copy()) in swaps:
                break
        else:
            continue
        mine = StrongPolicy(0, mode_worlds=0).choose(state.copy())
        p = state.current_player
        view = state.player_view(p)
        plan = _StrongPlan(state, view, p)
        value, wanted, place = swap_target(plan, StrongPolicy._movable(plan))
        assert value >= 1.5 and plan.gain(wanted) >= 1.5
        state = state.copy()
        state.apply(mine)
        for pick in (wanted, place):  # the heuristic names both planets
            assert StrongPolicy(0, mode_worlds=0).choose(state.copy()) == ChooseHex(p, pick)
            state.apply(ChooseHex(p, pick))
        after = state.player_view(p)
        assert after.hexes[place].colour == view.hexes[wanted].colour  # now in reach of a trip
        assert any(after.movable_from(j)[2] > 0 for j in state.adj()[place])
        return
    raise AssertionError("no Planet displacement played")


def test_phase_1_the_strong_heuristic_keeps_its_planet_displacements():
    from livestock_notebooks.space_pigs.actions import Discard

    kept = 0
    for seed in range(1, 10):
        for state in _greedy_game(seed):
            legal = state.legal_actions()
            if state.sequence != "1A" or not any(isinstance(a, Discard) for a in legal):
                continue
            theirs = GreedyBot(0).choose(state.copy())
            if isinstance(theirs, Discard) and _card_effect(theirs) == "swap_planets":
                mine = StrongPolicy(0, mode_worlds=0).choose(state.copy())
                assert not (isinstance(mine, Discard) and _card_effect(mine) == "swap_planets")
                kept += 1
        if kept >= 2:
            return
    raise AssertionError("the greedy bot discarded no Planet displacement")


def test_travel_extra_mouve_waits_until_every_clan_has_travelled():
    from livestock_notebooks.space_pigs.actions import PlayCard

    held = played = 0
    for seed in range(1, 30):
        state = sp.new_game(players=4, seed=seed, rules="full", max_rounds=20)
        bots = [StrongPolicy(0, mode_worlds=0)] + [GreedyBot(k) for k in range(1, 4)]
        while not state.is_over:
            p = state.current_player
            action = bots[p].choose(state)
            if p == 0 and state.sequence == "2B":
                greedy = GreedyBot(0).choose(state.copy())
                if isinstance(greedy, PlayCard) and _card_effect(greedy) == "extra_trip":
                    assert not (isinstance(action, PlayCard) and _card_effect(action) == "extra_trip")
                    held += 1
            if p == 0 and isinstance(action, PlayCard) and _card_effect(action) == "extra_trip":
                assert state.sequence == "2X"
                played += 1
            state.apply(action)
        if held and played:
            return
    raise AssertionError(f"held {held}, played {played}")


def test_phase_3_combat_it_plays_a_card_for_a_planet_at_stake_where_greedy_does_not():
    from livestock_notebooks.space_pigs.actions import Done, PlayCard
    from livestock_notebooks.space_pigs.bots.strong_policy import _StrongPlan, battle_stake

    for state in _greedy_game(1):
        p = state.current_player
        if state.combat is None or not any(isinstance(a, PlayCard) for a in state.legal_actions()):
            continue
        mine = StrongPolicy(0, mode_worlds=0).choose(state.copy())
        if GreedyBot(0).choose(state.copy()) == Done(p) and isinstance(mine, PlayCard):
            view = state.player_view(p)
            assert battle_stake(_StrongPlan(state, view, p), view.combat) >= 1.5  # a planet its recipe lacks
            return
    raise AssertionError("no battle card played for the stake")


def test_election_the_royal_pig_calls_first_the_voters_who_back_it():
    from livestock_notebooks.space_pigs.actions import CallVoter, Vote

    for seed in range(1, 30):
        state = sp.new_game(players=4, seed=seed, rules="full", max_rounds=20)
        bots = [StrongPolicy(0, mode_worlds=0)] + [GreedyBot(k) for k in range(1, 4)]
        while not state.is_over:
            p = state.current_player
            legal = state.legal_actions()
            action = bots[p].choose(state)
            if p == 0 and all(isinstance(a, CallVoter) for a in legal):
                backs = set()
                for call in legal:
                    after = state.copy()
                    after.apply(call)
                    if bots[call.voter].choose(after) == Vote(call.voter, 0):
                        backs.add(call.voter)
                assert action.voter in backs or not backs  # a voter who backs it first, if there is one
                if backs and legal[0].voter not in backs:  # the greedy bot would call the first voter
                    return
            state.apply(action)
    raise AssertionError("no call made out of turn")


def test_set_up_the_strong_bot_on_a_clock_keeps_its_start_within_the_decision_budget():
    """A strong bot on a time budget plays only the start worlds that end within START_SECONDS
    (one at least: with no time, exactly the first world of the four); at a level it plays the
    level's worlds, the clock only a safety stop."""
    from livestock_notebooks.core.search import SAFETY_SECONDS
    from livestock_notebooks.space_pigs.actions import StartPlanet
    from livestock_notebooks.space_pigs.bots.strong import START_SECONDS, SpacePigsSearch

    assert SpacePigsSearch(seed=1, seconds=0.4)._policy.start_seconds == START_SECONDS <= 1.0
    assert SpacePigsSearch(seed=1)._policy.start_seconds == SAFETY_SECONDS
    assert SpacePigsSearch(seed=1)._policy.start_worlds == 4
    easy = SpacePigsSearch(seed=1, level="easy")._policy
    assert (easy.start_worlds, easy.mode_worlds, easy.mode) == (0, 0, "greedy")  # the easy level: no playouts of its own
    state = next(s for s in _greedy_game(1) if any(isinstance(a, StartPlanet) for a in s.legal_actions()))
    starts = [a for a in state.legal_actions() if isinstance(a, StartPlanet)]
    p = state.current_player
    no_time = StrongPolicy(0, start_seconds=0.0).start_totals(state.copy(), p, starts)
    assert no_time == StrongPolicy(0, start_worlds=1).start_totals(state.copy(), p, starts)
    assert StrongPolicy(0).start_totals(state.copy(), p, starts) != no_time  # four worlds


def _first_travel(seed: int, turn: int, seat: int):
    """Seed ``seed``, full rules, greedy bots: ``seat``'s first decision of its own travel in ``turn``."""
    return next(s for s in _greedy_game(seed) if s.sequence == "2B" and s.turn == turn and s.current_player == seat)


def test_travel_it_follows_the_policy_for_the_turn_its_playouts_rank_first():
    """Near a recipe, its first decision of its own travel plays each policy (MODES) on to the end
    of the turn in worlds drawn from its view; it follows the best for the rest of the turn (here
    the fort, which keeps more guards), where the heuristic alone acts otherwise."""
    from livestock_notebooks.space_pigs.bots.strong_policy import MODE_PLANS

    state = _first_travel(3, 3, 3)
    p = state.current_player
    bot = StrongPolicy(0, mode_worlds=1)
    assert bot.mode_wanted(state, state.player_view(p), p)
    totals = dict(StrongPolicy(0, mode_worlds=1).mode_totals(state.copy(), p))
    assert totals["fort"] > totals["base"] and totals["fort"] == max(totals.values())
    others = [GreedyBot(k) for k in range(4)]
    differs = False
    while not state.is_over and state.turn == 3:
        q = state.current_player
        action = bot.choose(state) if q == p else others[q].choose(state)
        if q == p:
            assert bot.chosen == (3, "fort") and bot.plan_class is MODE_PLANS["fort"]
            differs |= action != StrongPolicy(0, mode_worlds=0).choose(state.copy())
        state.apply(action)
    assert differs


def test_travel_the_strong_bot_on_a_clock_keeps_its_policy_playouts_within_the_decision_budget():
    """On a time budget the playouts for the turn's policy stop at the world that would end after
    MODE_SECONDS (one at least: with no time, exactly the first world); at a level it plays the
    level's worlds, the clock a safety stop."""
    from livestock_notebooks.space_pigs.bots.strong import MODE_SECONDS, SpacePigsSearch

    from livestock_notebooks.core.search import SAFETY_SECONDS

    assert SpacePigsSearch(seed=1, seconds=0.4)._policy.mode_seconds == MODE_SECONDS <= 1.0
    assert SpacePigsSearch(seed=1, max_iterations=8)._policy.mode_seconds == SAFETY_SECONDS
    assert SpacePigsSearch(seed=1, level="hard")._policy.mode_worlds == 4
    state = _first_travel(3, 3, 3)
    # with no time left it stops after the first world: the same totals as one world (no timing
    # is asserted here: a busy machine must not fail a test; benchmarks time the decisions)
    no_time = StrongPolicy(0, mode_worlds=2, mode_seconds=0.0).mode_totals(state.copy(), 3)
    assert no_time == StrongPolicy(0, mode_worlds=1).mode_totals(state.copy(), 3)


def test_travel_the_turns_policy_is_chosen_at_the_first_travel_decision_that_wants_it_then_kept():
    """The choice of the turn's policy is checked at each decision of its own travel until one is
    chosen (a move of its own can bring a clan near), then kept for the rest of the turn: the
    playouts run once a turn."""
    state = _first_travel(3, 3, 3)
    p = state.current_player
    asked, played = [], []

    class Probe(StrongPolicy):
        def mode_wanted(self, state, view, p):
            asked.append(state.turn)
            return len(asked) >= 2  # not at the first travel decision, at the second

        def mode_totals(self, state, p):
            played.append(state.turn)
            return [("base", 0), ("all-in", 0), ("fort", 5), ("deny", 0)]

    bot = Probe(0, mode_worlds=1)
    others = [GreedyBot(k) for k in range(4)]
    mine = 0
    while not state.is_over and state.turn == 3:
        q = state.current_player
        if q == p and state.sequence == "2B" and state.player_view(p).combat is None:
            mine += 1
        action = bot.choose(state) if q == p else others[q].choose(state)
        if q == p and mine == 1:
            assert bot.chosen is None  # not wanted yet: the heuristic as it is
        state.apply(action)
    assert mine >= 2, "the position must give it two travel decisions"
    assert asked == [3, 3] and played == [3]  # asked until wanted, then never again this turn
    assert bot.chosen == (3, "fort")


def test_hard_plays_its_opponents_as_its_own_heuristic_in_its_playouts():
    """Easy and normal play the other seats of their start and turn playouts as greedy bots;
    hard as the heuristic itself (its opponents are strong bots, not greedy ones), so the same
    worlds give other totals; an unknown model is refused."""
    import pytest

    from livestock_notebooks.space_pigs.actions import StartPlanet
    from livestock_notebooks.space_pigs.bots.strong import SpacePigsSearch

    assert [SpacePigsSearch(seed=1, level=lv)._policy.opponents for lv in ("easy", "normal", "hard")] == [
        "greedy", "greedy", "strong"]
    state = next(s for s in _greedy_game(1) if any(isinstance(a, StartPlanet) for a in s.legal_actions()))
    starts = [a for a in state.legal_actions() if isinstance(a, StartPlanet)]
    p = state.current_player
    greedy = StrongPolicy(0).start_totals(state.copy(), p, starts)
    strong = StrongPolicy(0, opponents="strong").start_totals(state.copy(), p, starts)
    assert [s for s, _ in greedy] == [s for s, _ in strong] and greedy != strong
    assert isinstance(StrongPolicy(0, opponents="strong")._opponent(3), StrongPolicy)
    assert type(StrongPolicy(0)._opponent(3)) is GreedyBot
    with pytest.raises(ValueError, match="unknown opponents"):
        StrongPolicy(0, opponents="perfect")


def test_hard_weighs_more_starts_and_chooses_the_policy_of_every_turn():
    """Hard plays out the best 8 starts (easy and normal 4) and picks its turn's policy by
    playouts from the first turn on; normal waits for turn 2 and a recipe within reach."""
    from livestock_notebooks.space_pigs.actions import StartPlanet
    from livestock_notebooks.space_pigs.bots.strong import SpacePigsSearch

    normal, hard = (SpacePigsSearch(seed=1, level=lv)._policy for lv in ("normal", "hard"))
    state = next(s for s in _greedy_game(1) if len([a for a in s.legal_actions() if isinstance(a, StartPlanet)]) >= 8)
    starts = [a for a in state.legal_actions() if isinstance(a, StartPlanet)]
    p = state.current_player
    assert len(hard.start_totals(state.copy(), p, starts)) == 8
    assert len(normal.start_totals(state.copy(), p, starts)) == 4
    first = next(s for s in _greedy_game(1) if s.turn == 1 and s.sequence == "2B")
    q = first.current_player
    view = first.player_view(q)
    assert hard.mode_wanted(first, view, q) and not normal.mode_wanted(first, view, q)
