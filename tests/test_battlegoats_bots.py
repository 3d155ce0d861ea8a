"""BattleGoats bots: legal, seeded, and the one that uses what it has seen beats the random one."""
from __future__ import annotations

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.bots import play_out


def test_bots_only_choose_legal_actions_and_replay():
    for seed in range(3):
        a = bg.new_game(players=4, seed=seed, draft=True, max_rounds=20)
        b = bg.new_game(players=4, seed=seed, draft=True, max_rounds=20)
        bots = lambda: [bg.SeenBot(1), bg.RandomBot(2), bg.SeenBot(3), bg.RandomBot(4)]  # noqa: E731
        play_out(a, bots())
        play_out(b, bots())
        assert a.is_over and a.to_json() == b.to_json()


def test_seen_bot_beats_random_bot_most_of_the_time():
    wins = {"seen": 0, "random": 0}
    for seed in range(30):
        seen_seat = seed % 2
        bots = [None, None]
        bots[seen_seat] = bg.SeenBot(seed)
        bots[1 - seen_seat] = bg.RandomBot(seed)
        s = bg.new_game(players=2, seed=seed)
        play_out(s, bots)
        if s.winners == [seen_seat]:
            wins["seen"] += 1
        elif s.winners == [1 - seen_seat]:
            wins["random"] += 1
    assert wins["seen"] >= 2 * wins["random"], wins


def test_seen_bot_attacks_a_known_target_it_beats():
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | lazy_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "owl,.,.,.,troll,.,.,.,./-/-/-/- | rev=owl")
    bot = bg.SeenBot(0)
    a = bot.choose(s)
    assert a == bg.ChooseAttacker(0, 0)
    s.apply(a)
    assert bot.choose(s) == bg.ChooseTarget(0, 1, 0)


def test_seen_bot_dodges_a_losing_battle():
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | lazy_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "matador_goat,.,.,.,troll,.,.,.,./-/-/-/- | rev=-")
    s.apply(bg.ChooseAttacker(0, 0))
    s.apply(bg.ChooseTarget(0, 1, 0))
    assert bg.SeenBot(0).choose(s) == bg.Dodge(1, 0, True)


def _decisions(players: int, seed: int, draft: bool):
    """Every position of a bot-vs-bot game where a seat decides among several actions, with the
    smart bot of that seat as it stood then (its plan included)."""
    import copy

    s = bg.new_game(players=players, seed=seed, draft=draft, max_rounds=12)
    bots = [bg.SeenBot(100 + p) for p in range(players)]
    while not s.is_over:
        me = s.current_player
        if len(s.legal_actions()) > 1:
            yield s, me, copy.deepcopy(bots[me])
        s.apply(bots[me].choose(s))


def test_smart_bot_decides_from_its_own_view_only():
    """Hidden information: the smart bot's choice is the same whatever the cards it cannot see are."""
    import copy

    checked = 0
    for players, seed, draft in ((2, 1, False), (3, 2, True), (4, 3, False)):
        for state, me, bot in _decisions(players, seed, draft):
            choice = copy.deepcopy(bot).choose(state.copy())
            for redraw in (1, 2, 3):
                twin = state.redraw_hidden(me, redraw)
                assert copy.deepcopy(bot).choose(twin) == choice, (state.notation(), me, redraw)
            checked += 1
    assert checked > 100


def test_random_bot_decides_from_its_own_view_only():
    checked = 0
    for players, seed, draft in ((2, 4, False), (3, 5, True)):
        for state, me, _ in _decisions(players, seed, draft):
            choice = bg.RandomBot(7).choose(state)
            for redraw in (1, 2):
                assert bg.RandomBot(7).choose(state.redraw_hidden(me, redraw)) == choice
            checked += 1
    assert checked > 50


def test_smart_bot_lays_out_in_slot_order():
    """The public log of the layout (which slot, in which order) tells nothing of the cards."""
    for seed in range(4):
        s = bg.new_game(players=3, seed=seed)
        bot = bg.SeenBot(seed)
        slots: dict[int, list[int]] = {0: [], 1: [], 2: []}
        while s.phase == "layout":
            a = bot.choose(s)
            slots[a.player].append(a.slot)
            s.apply(a)
        for p, order in slots.items():
            assert order == sorted(order), (seed, p, order)


def test_smart_bot_dodge_ignores_the_attackers_face_down_neighbours():
    """Face Up Cards (avoiding battle): the defender cannot know the attacker's face-down twin, so
    the bot's dodge must not depend on it."""
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | left_twin_goat,right_twin_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "dame_fleece,kid_goat,.,.,.,.,.,.,./-/-/-/- | rev=-")
    s.apply(bg.ChooseAttacker(0, 0))
    s.apply(bg.ChooseTarget(0, 1, 0))
    assert s.stage == "dodge"
    choice = bg.SeenBot(0).choose(s)
    assert choice == bg.Dodge(1, 0, False)  # 5 against its 6, as far as it can know
    for seed in range(6):
        assert bg.SeenBot(0).choose(s.redraw_hidden(1, seed)) == choice
