"""The strong bots of Space Pigs and BattleGoats decide exactly as they did before their playouts
were made faster: decisions, search results and playouts from fixed seeds, pinned to the
values the code gave before that work (issue 28). A change of speed must leave every one of
them as it is; a change that means to change how the bots play updates them on purpose."""
from __future__ import annotations

import random

from livestock_notebooks import battlegoats as bg
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.battlegoats.bots.playout import smart_playout
from livestock_notebooks.battlegoats.bots.strong import StrongBot as GoatsStrong
from livestock_notebooks.core.rng import Dice
from livestock_notebooks.space_pigs.bots.heuristic import GreedyBot
from livestock_notebooks.space_pigs.bots.strong import StrongBot as PigsStrong, is_searched


def _pigs_game(level: str):
    """Seed 4, full rules: seat 0 the strong bot at ``level`` (seed 7), the others greedy."""
    state = sp.new_game(players=4, seed=4, rules="full", max_rounds=20)
    strong = PigsStrong(seed=7, level=level)
    return state, strong, [strong] + [GreedyBot(k) for k in range(1, 4)]


def test_space_pigs_easy_strong_bot_plays_to_its_first_battle_card_search_as_pinned():
    state, strong, bots = _pigs_game("easy")
    mine = []
    while True:
        p = state.current_player
        searched = p == 0 and is_searched(state.player_view(0), state.legal_actions())
        action = bots[p].choose(state)
        if p == 0:
            mine.append(str(action))
        if searched:
            break
        state.apply(action)
    assert len(mine) == 52
    assert mine[:3] == ["P1 lays a red hex at (0,1)", "P1 lays a yellow hex at (-1,0)", "P1 lays a yellow hex at (1,1)"]
    assert mine[-3:] == ["P1 is done", "P1 is done", "P1 plays Ion Curly Tail"]
    found = strong.last_analysis
    assert (found["iterations"], found["win_chance"]) == (16, 0.3969394977335079)
    assert [(str(x["action"]), x["win_chance"], x["visits"]) for x in found["alternatives"]] == [
        ("P1 plays Laser Snout", 0.4662814716724143, 5), ("P1 plays Slop Grenade", 0.40992284772588417, 4),
        ("P1 is done", 0.316191086794843, 3)]


def test_space_pigs_normal_strong_bot_chooses_its_turn_policy_by_playouts_as_pinned():
    state, strong, bots = _pigs_game("normal")
    mine = []
    while state.turn < 3:
        p = state.current_player
        action = bots[p].choose(state)
        if p == 0:
            mine.append(str(action))
        state.apply(action)
    assert (len(mine), strong._policy.chosen, strong.routine) == (62, (2, "base"), 59)
    assert mine[-4:] == ["P1 votes for P1", "P1 calls P3 to vote", "P1 calls P4 to vote", "P1 calls P2 to vote"]


def _goats_attack():
    """Seed 11: the smart playout for every seat to the attack phase, then six more actions."""
    state = bg.new_game(players=3, seed=11)
    rng = random.Random(1)
    while state.phase != "attack":
        state.apply(smart_playout(state, rng, 0))
    for _ in range(6):
        state.apply(smart_playout(state, rng, 0))
    return state


def test_battlegoats_normal_strong_bot_decision_and_its_playout_as_pinned():
    state = _goats_attack()
    assert state.notation().endswith("rev=captain_horns,hydra,queen_nanny pend={\"stage\":\"attacker\"}")
    bot = GoatsStrong(seed=5, level="normal")  # 10 worlds, the planner's 3 best moves
    assert str(bot.choose(state.copy())) == "Player 2 attacks with the card in B3"
    found = bot.last_analysis
    assert (found["iterations"], found["win_chance"]) == (10, 0.8)
    assert [(str(x["action"]), x["win_chance"]) for x in found["alternatives"]] == [
        ("Player 2 attacks with the card in F1", 0.9), ("Player 2 attacks with the card in M2", 0.75)]
    world = state.copy()
    world.dice = Dice(3)
    rng = random.Random(3)
    played = []
    while not world.is_over:
        action = smart_playout(world, rng, 0)
        played.append(str(action))
        world.apply(action)
    assert len(played) == 65 and world.winners == [1]
    assert played[:4] == ["Player 2 attacks with the card in B3", "Player 2 targets Player 1's card in M3",
                          "Player 1 lets the card in M3 fight", "Player 3 attacks with the card in F2"]
    assert played[-2:] == ["Player 2 targets Player 3's card in B1", "Player 3 lets the card in B1 fight"]
