"""The strong Livestock Uprising bot: it weighs its policy's choice (the greedy bot's, with a
Super Army end game of its own) against the fights on offer, in the same drawn worlds, and leaves
that choice only for a clearly better one."""
from __future__ import annotations

from livestock_notebooks.livestock_uprising import actions as A
from livestock_notebooks.livestock_uprising import from_notation, new_game
from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot
from livestock_notebooks.livestock_uprising.quick_view import QuickView
from livestock_notebooks.livestock_uprising.bots.strong import StrongBot
from livestock_notebooks.livestock_uprising.bots.strong_policy import TacticalBot, no_hideout, super_duel


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
        greedy = TacticalBot(2).decide(state.player_view(me), state.legal_actions())
        weighed = bot.candidates(state.player_view(me), me)  # the analysis lists only the best few
        assert analysis["heuristic"] == greedy == weighed[0]
        assert analysis["action"] in weighed
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
        assert bot.choose(state.copy()) == TacticalBot(5).decide(state.player_view(me), state.legal_actions())


def test_ending_the_turn_and_buying_are_played_out_over_the_same_stretch():
    """Both playouts stop at the same turn: ending the turn wins no extra turn of purchases."""
    def can_buy(state):
        return state.phase == "marshal" and any(isinstance(a, A.Marshal) for a in state.legal_actions())

    checked = 0
    for state in _positions(can_buy, seeds=range(1, 8)):
        me = state.current_player
        bot = StrongBot(seed=1, max_iterations=2)
        buy = next(a for a in state.legal_actions() if isinstance(a, A.Marshal))
        ends = []
        for action in (A.EndTurn(), buy):
            copy = state.copy()
            bot._playout(copy, action, me, seed=7)
            ends.append((copy.round, copy.turn) if not copy.is_over else "over")
        assert ends[0] == ends[1] or "over" in ends, ends
        checked += 1
    assert checked >= 3


def test_the_quick_view_leads_the_bots_to_the_same_choices_as_the_full_view():
    for seed in (3, 4):
        state = new_game(players=2 + seed % 2, seed=seed, max_rounds=100)
        bots = [TacticalBot(seed + p) if p % 2 else GreedyBot(seed + p) for p in range(state.players)]
        twins = [TacticalBot(seed + p) if p % 2 else GreedyBot(seed + p) for p in range(state.players)]
        for _ in range(1500):
            if state.is_over:
                break
            p, legal = state.current_player, state.legal_actions()
            action = bots[p].decide(state.player_view(p), legal)
            assert twins[p].decide(QuickView(state), legal) == action
            state.apply(action)


def test_a_super_army_duel_favours_the_stronger_striker():
    assert super_duel(20, 10) > 0.5 > -0.5 > super_duel(10, 20)
    assert super_duel(0, 5) == -1.0


def test_a_routine_decision_gets_the_routine_budget_and_a_fight_the_whole_one():
    def harvest(state):
        return state.phase == "harvest" and state.battle is None and not any(
            isinstance(a, (A.Attack, A.PlayCard, A.DeclareSuperArmy)) for a in state.legal_actions())

    state = next(_positions(harvest))
    bot = StrongBot(seed=1, max_iterations=8, routine_iterations=2)
    bot.choose(state.copy())
    assert bot.last_analysis["iterations"] == 2
    fight = next(_positions(_can_attack))
    bot.choose(fight.copy())
    assert bot.last_analysis["iterations"] == 8


def test_the_routine_cap_defaults_to_an_eighth_of_the_iterations():
    assert StrongBot(seed=1, max_iterations=16).routine_iterations == 2
    assert StrongBot(seed=1, max_iterations=8).routine_iterations == 1
    assert StrongBot(seed=1, max_iterations=16, routine_iterations=8).routine_iterations == 8
    assert StrongBot(seed=1).routine_iterations == 2  # the normal level's 16 worlds
    assert StrongBot(seed=1, level="hard").routine_iterations == 12  # hard: half its 24 worlds
    assert StrongBot(seed=1, seconds=0.4).routine_iterations is None  # a time budget: an eighth of the time instead


# A two-player game of strong bots (seed 1, game 13 of the benchmark) at round 16: the Chickens'
# beaten Super Army (Pecky, 4 units) in its own barn d1 and the Cows' (Bessie, 12 units) beside it
# at d2, its barn c1 empty. The bot used to step into c1, where nobody may attack it, and park
# there until the round limit; the second position is the army already in c1.
_BESIDE_THE_BARN = ("Ch,Co fh10h/cafgh/rhlrc/alcca/ggggr *d1:sddl2,-,-,*d2:ssssddll12,-,- 0.0.0.0.0,0.0.0.0.0 "
                    "-,dm|opkjclifgq chugger 0/action/16/1 200:000:000/t1")
_IN_THE_BARN = ("Ch,Co fh10h/cafgh/rhlrc/alcca/ggggr *c1:sddl2,-,-,*d2:ssssddll12,-,- 0.0.0.0.0,0.0.0.0.0 "
                "-,dm|opkjclifgq chugger 0/action/17/1 200:000:000/t1")


def test_no_hideout_keeps_a_super_army_out_of_the_other_players_barn():
    state = from_notation(_BESIDE_THE_BARN)
    legal = state.legal_actions()
    assert A.Move("Pecky", "d1", "c1") in legal
    kept = no_hideout(state.player_view(0), legal, 0)
    assert A.Move("Pecky", "d1", "c1") not in kept and set(kept) == set(legal) - {A.Move("Pecky", "d1", "c1")}
    state = from_notation(_IN_THE_BARN)
    legal = state.legal_actions()
    kept = no_hideout(state.player_view(0), legal, 0)
    assert A.EndActions() in legal and A.Stay("Pecky") in legal
    assert set(kept) == set(legal) - {A.EndActions(), A.Stay("Pecky")}
    assert A.Attack("Pecky", "c1", "d2") in kept and A.Move("Pecky", "c1", "b1") in kept
    cows = from_notation(_IN_THE_BARN.replace(" 0/action/", " 1/action/"))  # the Cows' turn: d1 is empty
    legal = cows.legal_actions()
    assert A.Move("Bessie", "d2", "d1") in legal
    assert no_hideout(cows.player_view(1), legal, 1) == [a for a in legal if a != A.Move("Bessie", "d2", "d1")]


def test_the_strong_bot_does_not_park_its_super_army_where_nobody_can_attack_it():
    for seed in range(3):
        bot = StrongBot(seed=seed, max_iterations=8)
        assert bot.choose(from_notation(_BESIDE_THE_BARN)) != A.Move("Pecky", "d1", "c1")
        assert bot.choose(from_notation(_IN_THE_BARN)) not in (A.EndActions(), A.Stay("Pecky"))


# Another such game (game 19) at round 20: the Cows' Super Army (10 sheep) beats one Chickens'
# General a turn, and the Chickens rebuy a sheep a turn, for ever, unless they go home and form
# a Super Army of their own with the one or two units they have.
_HUNTED = ("Ch,Co ch1gl/0agaf/hhcgg/crrfr/ahcgl d1:s,c4,x,*d3:ssssssssss,-,- 0.1.0.0.0,0.0.0.0.0 "
           "-,ln|gaohqpdcrmk chugger 0/action/{round}/1 110:000:000/t1")


def test_a_side_hunted_by_a_super_army_goes_home_with_any_units_once_waiting_is_over():
    early, late = (from_notation(_HUNTED.format(round=r)) for r in (20, 30))
    assert early.player_view(0).rounds_played < 30 <= late.player_view(0).rounds_played
    assert not GreedyBot(1).gathering(late.player_view(0), 0)  # the greedy bot waits for 3 units
    assert not TacticalBot(1).gathering(early.player_view(0), 0)
    assert TacticalBot(1).gathering(late.player_view(0), 0)
    assert not TacticalBot(1).gathering(late.player_view(1), 1)  # the side with the Super Army


def test_a_higher_level_looks_further_ahead_but_every_level_gives_the_same_calibrated_figure():
    """Easy plays each candidate out to the end of the opponent's reply, normal and hard further
    (more turns of play before the position is scored; hard's step is its search of routine
    decisions, below); the hint's and the review's figure is
    played out the same short way at every level, the way its calibration table was fitted, so a
    figure means the same chance to win whichever level computed it."""
    from livestock_notebooks.livestock_uprising.bots.strong import FIGURE_TURNS, LivestockSearch

    state = next(_positions(_can_attack, seeds=range(4, 5)))
    me = state.current_player
    action = state.legal_actions()[0]

    def turns_played(bot, figure: bool) -> int:
        """How many times the turn passed in the playout."""
        world = state.copy()
        seen = [world.turn]
        apply = world.apply

        def counting(a):
            seen.append(world.turn)
            return apply(a)
        world.apply = counting  # type: ignore[method-assign]
        if figure:
            bot._action_value(world, action, me, 11)
        else:
            bot._playout(world, action, me, 11)
        seen.append(world.turn)
        return sum(a != b for a, b in zip(seen, seen[1:]))

    easy, normal, hard = (LivestockSearch(seed=3, level=level) for level in ("easy", "normal", "hard"))
    assert easy.turns < normal.turns == hard.turns
    assert turns_played(easy, False) < turns_played(normal, False) == turns_played(hard, False)
    assert {bot._action_value(state.copy(), action, me, 11) for bot in (easy, normal)} == {
        LivestockSearch(seed=3, level="normal", turns=FIGURE_TURNS)._playout(state.copy(), action, me, 11)}


def test_hard_searches_routine_decisions_that_normal_leaves_to_its_policy():
    """A walk, a harvest or a purchase: normal weighs 3 candidates in an eighth of its worlds
    (2), hard 6 in half of its (12); a fight gets every level's full count."""
    from livestock_notebooks.livestock_uprising.bots.strong import LivestockSearch

    def walking(state):
        return state.phase == "action" and state.battle is None and len(state.legal_actions()) > 6 and not any(
            isinstance(a, (A.Attack, A.PlayCard, A.DeclareSuperArmy)) for a in state.legal_actions())

    state = next(_positions(walking))
    seen = {}
    for level in ("normal", "hard"):
        bot = LivestockSearch(seed=1, level=level)
        bot.choose(state.copy())
        seen[level] = (bot.last_analysis["iterations"], len(bot.candidates(state.player_view(state.current_player),
                                                                          state.current_player)))
    assert seen == {"normal": (2, 3), "hard": (12, 6)}
