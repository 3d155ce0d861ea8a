"""Exact attack odds for BattleGoats, checked against the engine itself."""
from __future__ import annotations

from fractions import Fraction

import pytest

from livestock_notebooks import IllegalAction
from livestock_notebooks import battlegoats as bg
from livestock_notebooks.battlegoats import ChooseAttacker, ChooseOwnAdjacent, ChooseTarget, Dodge

M2, B2 = 4, 7


def two_player(p0: str, p1: str, rev="-", discards=("-", "-")) -> bg.BattleGoatsState:
    return bg.from_notation(f"bg2 attack s0 r1/- f0 l0 basic | {p0}/-/{discards[0]}/-/- | {p1}/-/{discards[1]}/-/- | rev={rev}")


def engine_outcome(p0: str, p1_slots: list, target_slot: int, attacker_slot: int = 0, own=None, discards=("-", "-")):
    """Play the attack in the engine with a sensible defender (dodges exactly when it would not win)."""
    s = two_player(p0, ",".join(p1_slots), discards=discards)
    s.apply(ChooseAttacker(0, attacker_slot))
    s.apply(ChooseTarget(0, 1, target_slot))
    if s.stage == "own":
        s.apply(ChooseOwnAdjacent(0, own))
    if s.stage == "dodge":
        b = s.battle_values((0, attacker_slot), (1, target_slot))
        dodge = b["outcome"] != "loss" and Dodge(1, target_slot, True) in s.legal_actions()
        s.apply(Dodge(1, target_slot, dodge))
        if dodge:
            return "dodge"
    attacker_down = s.board[0][attacker_slot] is None
    target_down = s.board[1][target_slot] is None
    return {(False, True): "win", (True, True): "tie", (True, False): "loss"}[(attacker_down, target_down)]


@pytest.mark.parametrize("attacker", ["ram_goat", "cyborg_goat", "cowboy_goat", "pirate_goat", "lazy_goat"])
def test_unknown_target_odds_match_the_engine_card_by_card(attacker):
    p0 = f"wolf,.,.,.,.,.,.,{attacker},."
    p1 = [".", ".", ".", ".", "bear", ".", ".", ".", "."]
    s = two_player(p0, ",".join(p1), discards=("kid_goat,owl", "-"))
    odds = bg.attack_odds(s, 0, B2, (1, M2))
    assert not odds.known and odds.pool_size == 81 - 4  # own two, two in the discard pile
    counts = {"win": 0, "tie": 0, "loss": 0, "dodge": 0}
    for cid in odds.candidates:
        slots = list(p1)
        slots[M2] = cid
        out = engine_outcome(p0, slots, M2, attacker_slot=B2, discards=("kid_goat,owl", "-"))
        assert out == odds.candidates[cid][0], cid
        counts[out] += 1
    total = odds.pool_size
    assert odds.as_dict() == {k: Fraction(v, total) for k, v in counts.items()}
    assert odds.win + odds.tie + odds.loss + odds.dodge == 1


def test_known_target_is_certain():
    s = two_player("ram_goat,.,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,.", rev="owl")
    odds = bg.attack_odds(s, 0, 0, (1, M2))
    assert odds.known and odds.pool_size == 1 and odds.win == 1


def test_odds_do_not_depend_on_the_hidden_card():
    results = set()
    for hidden in ("bear", "owl", "troll", "jonas"):
        s = two_player("ram_goat,.,.,.,.,.,.,.,.", f".,.,.,.,{hidden},.,.,.,.")
        results.add(bg.attack_odds(s, 0, 0, (1, M2)).as_dict().values().__repr__())
    assert len(results) == 1


def test_the_cowboy_goat_example_as_odds():
    # Cowboy Goat in the back row behind two cards attacks as a 9
    s = two_player("wolf,.,.,bear,.,.,cowboy_goat,.,.", ".,.,.,.,owl,.,.,.,.")
    odds = bg.attack_odds(s, 0, 6, (1, M2))
    values = {d for _, a, d in odds.candidates.values()}
    assert {a for _, a, _ in odds.candidates.values()} == {9}
    assert odds.win == Fraction(sum(1 for o, *_ in odds.candidates.values() if o == "win"), odds.pool_size)
    assert max(values) >= 9


def test_heroes_are_left_out_when_the_targets_hero_is_known():
    s = two_player("ram_goat,.,.,.,.,.,.,.,.", "jonas,.,.,.,owl,.,.,.,.", rev="jonas")
    odds = bg.attack_odds(s, 0, 0, (1, M2))
    assert all(s.cards[c].type != "hero" for c in odds.candidates)
    assert "Heroes" in odds.note


def test_heroes_are_left_out_once_the_targets_hero_is_in_its_discard_pile():
    """Attacking (attack odds): each army has one Hero; a defeated one leaves no Hero in play."""
    s = two_player("ram_goat,.,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,.", discards=("-", "jonas"))
    odds = bg.attack_odds(s, 0, 0, (1, M2))
    assert odds.candidates and all(s.cards[c].type != "hero" for c in odds.candidates)
    assert "Hero has been defeated" in odds.note
    with_heroes = bg.attack_odds(two_player("ram_goat,.,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,."), 0, 0, (1, M2))
    assert any(s.cards[c].type == "hero" for c in with_heroes.candidates)


def test_wizard_odds_include_the_own_battle():
    s = two_player("wizard_goat,kid_goat,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,.")
    with_own = bg.attack_odds(s, 0, 0, (1, M2), own=1)
    without = bg.attack_odds(s, 0, 0, (1, M2))
    assert "not included" in without.note
    assert with_own.loss + with_own.tie >= without.loss + without.tie
    with pytest.raises(IllegalAction):
        bg.attack_odds(s, 0, 0, (1, M2), own=5)


def test_bad_requests_raise():
    s = two_player("ram_goat,.,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,.")
    for args in [(0, 1, (1, M2)), (0, 0, (0, 0)), (0, 0, (1, 0))]:
        with pytest.raises(IllegalAction):
            bg.attack_odds(s, *args)


def test_odds_show_percent_and_fraction():
    s = two_player("ram_goat,.,.,.,.,.,.,.,.", ".,.,.,.,owl,.,.,.,.")
    odds = bg.attack_odds(s, 0, 0, (1, M2))
    html = odds._repr_html_()
    assert "%" in html and f"{odds.win.numerator}/{odds.win.denominator}" in html
    assert "win=" in repr(odds)


def test_odds_only_use_what_the_attacker_knows_over_random_games():
    """Swapping a hidden target with another card the attacker cannot place changes nothing."""
    import random

    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        s = bg.new_game(players=3, seed=seed, max_rounds=12, draft=seed % 2 == 1)
        while not s.is_over:
            if s.stage == "attacker" and rng.random() < 0.3:
                me = s.seat
                pool = set(bg.unknown_pool(s, me))
                own = [x for x, c in enumerate(s.board[me]) if c is not None]
                targets = [(p, x) for p in range(s.players) if p != me for x, c in enumerate(s.board[p])
                           if c is not None and c in pool]
                if targets:
                    slot = rng.choice(own)
                    tp, ts = rng.choice(targets)
                    before = bg.attack_odds(s, me, slot, (tp, ts))
                    # swap the hidden target with another unknown card wherever it is
                    other = rng.choice(sorted(pool - {s.board[tp][ts]}))
                    twin = s.copy()
                    where = twin.owner_of(other)
                    hidden = twin.board[tp][ts]
                    if where is None:
                        twin.set_aside[twin.set_aside.index(other)] = hidden
                    elif where[0] == "board":
                        twin.board[where[1]][where[2]] = hidden
                    elif where[0] == "hand":
                        twin.hands[where[1]][twin.hands[where[1]].index(other)] = hidden
                    else:
                        continue
                    twin.board[tp][ts] = other
                    after = bg.attack_odds(twin, me, slot, (tp, ts))
                    assert before.as_dict() == after.as_dict() and before.pool_size == after.pool_size
                    checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked >= 10
