"""Livestock Uprising battle odds: hand-computed cases, the scalar rule, properties."""
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from livestock_notebooks import IllegalAction
from livestock_notebooks.odds import livestock_battle, livestock_outcome, livestock_table

F = Fraction


def brute_force(attack, defense, attacker_super, defender_super):
    """Every equally likely roll through the scalar rule, counted by hand."""
    counts = {"attacker": 0, "tie": 0, "defender": 0}
    a_rolls = list(product(range(1, 7), repeat=2 if attacker_super else 1))
    d_rolls = list(product(range(1, 7), repeat=2 if defender_super else 1))
    for a in a_rolls:
        for d in d_rolls:
            counts[livestock_outcome(attack, defense, a, d, attacker_super, defender_super)] += 1
    total = len(a_rolls) * len(d_rolls)
    return {k: F(v, total) for k, v in counts.items()}


def test_printed_example_attack_3_against_defense_4():
    odds = livestock_battle(3, 4)
    assert (odds.attacker, odds.tie, odds.defender) == (F(5, 18), F(5, 36), F(7, 12))
    assert all(isinstance(p, Fraction) for p in (odds.attacker, odds.tie, odds.defender))


def test_equal_totals_are_symmetric():
    odds = livestock_battle(4, 4)
    assert odds.attacker == odds.defender == F(15, 36)
    assert odds.tie == F(6, 36)


@pytest.mark.parametrize("attacker_super", [False, True])
@pytest.mark.parametrize("defender_super", [False, True])
def test_defense_zero_loses_without_a_roll(attacker_super, defender_super):
    odds = livestock_battle(1, 0, attacker_super=attacker_super, defender_super=defender_super)
    assert (odds.attacker, odds.tie, odds.defender) == (1, 0, 0)
    # even a Super Army attacker's natural 2 cannot lose: nobody rolls
    assert livestock_outcome(1, 0, (1, 1), (), True, defender_super) == "attacker"
    assert livestock_outcome(1, 0) == "attacker"


@pytest.mark.parametrize("attack", [0, -1])
def test_attack_below_one_is_refused_naming_the_rule(attack):
    with pytest.raises(ValueError) as err:
        livestock_battle(attack, 3)
    assert isinstance(err.value, IllegalAction)
    assert "at least 1" in str(err.value)
    assert "Attacking" in str(err.value)
    with pytest.raises(ValueError, match="Attacking"):
        livestock_outcome(attack, 3, (4,), (4,))


def test_negative_defense_is_refused():
    with pytest.raises(ValueError):
        livestock_battle(3, -1)


def test_super_army_natural_12_wins_against_any_total():
    # attack 1 + at most 11 can never beat defense 30 + a die, except by a natural 12
    odds = livestock_battle(1, 30, attacker_super=True)
    assert odds.attacker == F(1, 36)
    assert odds.tie == 0
    assert livestock_outcome(1, 30, (6, 6), (6,), True, False) == "attacker"
    assert livestock_outcome(1, 30, (6, 5), (1,), True, False) == "defender"


def test_super_army_natural_2_loses_against_any_total():
    odds = livestock_battle(30, 1, attacker_super=True)
    assert odds.defender == F(1, 36)
    assert livestock_outcome(30, 1, (1, 1), (1,), True, False) == "defender"
    # a defending Super Army's natural 2 loses even against a far weaker attacker
    assert livestock_outcome(1, 20, (1,), (1, 1), False, True) == "attacker"
    assert livestock_outcome(1, 20, (1,), (6, 6), False, True) == "defender"


def test_two_super_armies_12_v_12_and_2_v_2_tie_and_12_beats_2():
    assert livestock_outcome(5, 5, (6, 6), (6, 6), True, True) == "tie"
    assert livestock_outcome(50, 1, (6, 6), (6, 6), True, True) == "tie"
    assert livestock_outcome(5, 5, (1, 1), (1, 1), True, True) == "tie"
    assert livestock_outcome(1, 50, (6, 6), (1, 1), True, True) == "attacker"
    assert livestock_outcome(50, 1, (1, 1), (6, 6), True, True) == "defender"


def test_two_super_armies_far_apart_by_hand():
    # attack 100 v defense 1: ties only on 12 v 12 and 2 v 2; the defender wins on the
    # attacker's natural 2 (unless matched) or its own natural 12 (unless matched)
    odds = livestock_battle(100, 1, attacker_super=True, defender_super=True)
    assert odds.tie == F(2, 1296)
    assert odds.defender == F(35, 1296) + F(34, 1296)
    assert odds.attacker == F(1225, 1296)


def test_plain_armies_have_no_natural_rule():
    # an ordinary army rolls one die: a 6 is just a 6
    assert livestock_outcome(1, 10, (6,), (1,)) == "defender"
    with pytest.raises(ValueError):
        livestock_outcome(3, 3, (6, 6), (3,))  # two dice for an ordinary army
    with pytest.raises(ValueError):
        livestock_outcome(3, 3, (7,), (3,))


@settings(max_examples=60, deadline=None)
@given(
    attack=st.integers(1, 16),
    defense=st.integers(0, 16),
    attacker_super=st.booleans(),
    defender_super=st.booleans(),
)
def test_exact_odds_equal_enumerating_every_roll(attack, defense, attacker_super, defender_super):
    odds = livestock_battle(attack, defense, attacker_super=attacker_super, defender_super=defender_super)
    assert odds.as_dict() == brute_force(attack, defense, attacker_super, defender_super)
    assert odds.attacker + odds.tie + odds.defender == 1


@settings(max_examples=100, deadline=None)
@given(
    attack=st.integers(1, 40),
    defense=st.integers(0, 40),
    attacker_super=st.booleans(),
    defender_super=st.booleans(),
)
def test_monotone_in_attack_and_defense(attack, defense, attacker_super, defender_super):
    kw = dict(attacker_super=attacker_super, defender_super=defender_super)
    here = livestock_battle(attack, defense, **kw)
    stronger = livestock_battle(attack + 1, defense, **kw)
    tougher = livestock_battle(attack, defense + 1, **kw)
    assert stronger.attacker >= here.attacker
    assert stronger.defender <= here.defender
    assert tougher.attacker <= here.attacker
    assert tougher.defender >= here.defender


def test_super_army_beats_plain_dice_at_long_odds_only():
    # the natural rule helps the underdog Super Army and hurts the favourite
    assert livestock_battle(2, 12, attacker_super=True).attacker == F(1, 36)
    assert livestock_battle(12, 2, attacker_super=True).attacker == F(35, 36)


def test_table_matches_single_battles():
    table = livestock_table(range(1, 32), range(31), attacker_super=True)
    assert len(table.grid()) == 31 and len(table.grid()[0]) == 31
    assert table[3, 4] == livestock_battle(3, 4, attacker_super=True)
    assert table.grid("attacker")[2][4] == livestock_battle(3, 4, attacker_super=True).attacker
    assert all(p == 1 for p in (row[0] for row in table.grid()))  # defense 0 column


def test_repr_and_html_show_percent_and_fraction():
    odds = livestock_battle(3, 4)
    for text in (repr(odds), odds._repr_html_()):
        assert "27.78%" in text and "5/18" in text and "7/12" in text
    assert "<table" in livestock_table(range(1, 3), range(0, 3))._repr_html_()
