"""The strong BattleGoats bot's attack planner: what a player would notice in its attacks, and
that it plans from what its seat knows. Rule tests are named after the rulebook section."""
from __future__ import annotations

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.battlegoats.bots.strong import AttackPlanner, PlannerBot, StrongBot

# Player 1 (seat 0) attacks; seat 1 has four cards left, seat 2 only two; nothing is known.
THREE = ("bg3 attack s0 r1/- f0 l0 basic | lord_bleats,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
         "owl,scout_goat,herd_goat,hydra,.,.,.,.,./-/-/-/- | wolf,yeti,.,.,.,.,.,.,./-/-/-/- | rev=-")


def test_attacking_a_known_card_it_surely_beats_comes_first():
    # Lord Bleats (9) may strike the revealed Owl (3) for a sure win, or an unknown card
    s = bg.from_notation("bg3 attack s0 r1/- f0 l0 basic | lord_bleats,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "owl,scout_goat,.,.,.,.,.,.,./-/-/-/- | wolf,yeti,.,.,.,.,.,.,./-/-/-/- | rev=owl")
    planner = AttackPlanner(s, 0)
    assert planner.odds(0, 1, 0) == (1.0, 0.0, 0.0, 0.0)
    win, tie, loss, dodge = planner.odds(0, 1, 1)
    assert win < 1.0 and abs(win + tie + loss + dodge - 1.0) < 1e-9
    score, slot, tp, ts = planner.ranked()[0]
    assert (slot, tp, ts) == (0, 1, 0)
    bot = PlannerBot(0)
    assert bot.choose(s) == bg.ChooseAttacker(0, 0)
    s.apply(bg.ChooseAttacker(0, 0))
    assert bot.choose(s) == bg.ChooseTarget(0, 1, 0)


def test_turns_and_winning_with_three_players_it_strikes_the_opponent_with_the_most_cards():
    """With nothing known, the same card against unknown cards: it keeps the other two even
    (the smart bot would finish the weakest, handing the game to the third player)."""
    s = bg.from_notation(THREE)
    _, slot, tp, _ = AttackPlanner(s, 0).ranked()[0]
    assert (slot, tp) == (0, 1)
    assert AttackPlanner(s, 0, {"lead": -0.3}).ranked()[0][2] == 2  # the smart bot's way


def test_attacking_with_a_card_that_also_fights_a_neighbour_counts_that_cost():
    # the Troll also fights one of its owner's neighbouring cards: worth less than its odds say
    s = bg.from_notation("bg3 attack s0 r1/- f0 l0 basic | troll,kid_goat,lord_bleats,.,.,.,.,.,./-/-/-/- | "
                         "owl,scout_goat,.,.,.,.,.,.,./-/-/-/- | wolf,yeti,.,.,.,.,.,.,./-/-/-/- | rev=-")
    plain = AttackPlanner(s, 0, {"own": 0.0})
    costed = AttackPlanner(s, 0, {"own": 1.0})
    troll = [r for r in costed.ranked() if r[1] == 0]
    assert troll and all(abs(a[0] - b[0] - 1.0) < 1e-9 for a, b in zip(plain.ranked([0]), troll))


def test_the_planner_reads_nothing_the_seat_cannot_see():
    s = bg.from_notation(THREE)
    ranked = AttackPlanner(s, 0).ranked()
    for seed in (3, 4, 5):
        twin = s.redraw_hidden(0, seed)
        assert twin.player_view(0) == s.player_view(0)
        assert AttackPlanner(twin, 0).ranked() == ranked


def test_the_strong_bot_plays_the_planners_attack_unless_its_playouts_find_better():
    s = bg.from_notation(THREE)
    bot = StrongBot(seed=1, max_iterations=6)
    action = bot.choose(s.copy())
    analysis = bot.last_analysis
    assert analysis["heuristic"] == PlannerBot(0).choose(s.copy())
    assert analysis["iterations"] == 6 and 0.0 <= analysis["win_chance"] <= 1.0
    assert s.is_legal(action) and isinstance(action, bg.ChooseAttacker)
    assert StrongBot(seed=1, max_iterations=6).choose(s.copy()) == action  # reproducible from its seed
    # what a referee reads: every candidate weighed, the planner's first, with its gain over it
    weighed = analysis["candidates"]
    assert weighed[0] == (analysis["heuristic"], 0.0) and 1 < len(weighed) <= bot.width
    assert action in [a for a, _ in weighed] and all(-1.0 <= g <= 1.0 for _, g in weighed)


def test_the_hint_gives_the_odds_of_the_battle_it_suggests():
    s = bg.from_notation("bg3 attack s0 r1/- f0 l0 basic | lord_bleats,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "owl,scout_goat,.,.,.,.,.,.,./-/-/-/- | wolf,yeti,.,.,.,.,.,.,./-/-/-/- | rev=owl")
    bot = StrongBot(seed=1, max_iterations=2)
    view = s.player_view(0)
    expected = "aiming at Player 2's card in F1: win 100%, tie 0%, loss 0%"
    assert bot.hint_detail(view, bg.ChooseAttacker(0, 0)) == expected
    s.apply(bg.ChooseAttacker(0, 0))
    text = bot.hint_detail(s.player_view(0), bg.ChooseTarget(0, 2, 0))
    assert text.startswith("the battle: win ") and "loss" in text
    assert bot.hint_detail(view, bg.ChooseEnding(0, True)) is None


def test_the_playouts_attack_as_the_smart_bot_does():
    """The playout policy is a cheap copy of the smart bot: in smart-bot games it picks the same
    attacker and target in most positions (its ties towards the lowest seat and slot included)."""
    import random

    from livestock_notebooks.battlegoats.bots.heuristic import SeenBot
    from livestock_notebooks.battlegoats.bots.playout import smart_playout

    same = total = 0
    for game in range(4):
        s = bg.new_game(players=3, seed=100 + game)
        bots = [SeenBot(3 * game + i) for i in range(3)]
        rng = random.Random(game)
        while not s.is_over:
            action = bots[s.current_player].choose(s)
            if isinstance(action, (bg.ChooseAttacker, bg.ChooseTarget)) and len(s.legal_actions()) > 1:
                total += 1
                same += smart_playout(s, rng) == action
            s.apply(action)
    assert total > 50 and same / total >= 0.75


def test_easy_plays_the_planner_alone_and_each_level_searches_more():
    """The levels are counts of worlds (issue 28): easy plays none, its planner's first choice
    as it stands; normal and hard search more and more worlds, and weigh more of the planner's
    moves."""
    from livestock_notebooks.battlegoats.bots.strong import LEVEL_PLAYOUTS, LEVEL_WIDTH

    assert LEVEL_PLAYOUTS["easy"] == 0 < LEVEL_PLAYOUTS["normal"] < LEVEL_PLAYOUTS["hard"]
    assert LEVEL_WIDTH["normal"] <= LEVEL_WIDTH["hard"]
    state = bg.from_notation(THREE)
    easy = StrongBot(seed=5, level="easy")
    action = easy.choose(state.copy())
    assert easy.last_analysis["iterations"] == 0 and easy.playouts == 0
    assert easy.last_analysis["win_chance"] is None  # no figure without playouts
    assert action == easy.last_analysis["heuristic"] == PlannerBot(0).choose(state.copy())  # the planner's choice
    normal = StrongBot(seed=5, level="normal")
    normal.choose(state.copy())
    assert normal.last_analysis["iterations"] == LEVEL_PLAYOUTS["normal"]
