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
