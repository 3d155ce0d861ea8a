"""Space Pigs combat: the shared side model, exact combats, retreat thresholds, porcophages."""
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from livestock_notebooks.odds import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    resolve_round,
    round_odds,
    space_pigs_combat,
    space_pigs_table,
)

F = Fraction


# --- the side model the engine imports ----------------------------------------------------


def test_pigs_roll_d6_until_a_hog_is_present_and_add_one_per_extra_troop():
    assert Pigs(piglets=3).strength_dice() == (6,)
    assert Pigs(piglets=3, hogs=1).strength_dice() == (8,)
    assert Pigs(piglets=3, hogs=1).modifier() == 3
    assert Pigs(piglets=3, hogs=1, bonus=2).modifier() == 5
    assert Pigs(piglets=1).modifier() == 0


def test_alien_strengths():
    assert Pirates(1).strength_dice() == (6,) and Pirates(1).modifier() == 0
    assert Pirates(4).modifier() == 3
    assert Porcophages(1).strength_dice() == (8,) and Porcophages(1).modifier() == 0
    assert Porcophages(3).modifier() == 2
    assert AcornWorm().strength_dice() == (6, 8) and AcornWorm().modifier() == 0
    assert AcornWorm().troops == 1
    with pytest.raises(ValueError):
        Pirates(5)  # at most 4 pirates share a hex
    with pytest.raises(ValueError):
        Porcophages(4)  # a pack never exceeds 3


def test_piglets_die_before_hogs():
    side = Pigs(piglets=2, hogs=1)
    assert side.next_loss_is_piglet
    side = side.after_loss().after_loss()
    assert side == Pigs(piglets=0, hogs=1)
    assert not side.next_loss_is_piglet
    assert side.strength_dice() == (8,)
    assert side.after_loss().troops == 0
    with pytest.raises(ValueError):
        side.after_loss().after_loss()


def test_porcophage_pack_grows_on_piglets_only_and_stops_at_three():
    assert Porcophages(1).after_win(killed_piglet=True) == Porcophages(2)
    assert Porcophages(3).after_win(killed_piglet=True) == Porcophages(3)
    assert Porcophages(1).after_win(killed_piglet=False) == Porcophages(1)
    assert Pirates(2).after_win(killed_piglet=True) == Pirates(2)


def test_resolve_round_from_rolled_dice():
    # porcophage rolls 8 against a piglet pair's 1 + 1: the pack kills a piglet and grows
    a, d, winner = resolve_round(Porcophages(1), Pigs(2), 8, 1)
    assert (a, d, winner) == (Porcophages(2), Pigs(1), "attacker")
    # equal totals change nothing
    assert resolve_round(Pigs(2), Pigs(2), 4, 4) == (Pigs(2), Pigs(2), "tie")
    # the defender wins and the attacker loses its piglet before its hog
    a, d, winner = resolve_round(Pigs(1, 1), Pirates(3), 1, 6)
    assert (a, d, winner) == (Pigs(0, 1), Pirates(3), "defender")


def test_round_odds_by_hand():
    assert round_odds(Pigs(1), Pigs(1)) == (F(15, 36), F(6, 36), F(15, 36))
    # one piglet (d6) against one porcophage (d8)
    assert round_odds(Pigs(1), Porcophages(1)) == (F(15, 48), F(6, 48), F(27, 48))


# --- whole combats ------------------------------------------------------------------------


def test_equal_forces_split_evenly():
    for n in (1, 2, 5):
        odds = space_pigs_combat(Pigs(n), Pigs(n))
        assert odds.attacker == odds.defender == F(1, 2)


def test_two_piglets_against_one_by_hand():
    # round at +1: win 21/36 (ends it), tie 5/36, lose 10/36 -> then 1 v 1 is a coin flip
    odds = space_pigs_combat(Pigs(2), Pigs(1))
    assert odds.attacker == F(21 + 10 * F(1, 2), 31)
    assert odds.attacker_survivors == {0: F(5, 31), 1: F(5, 31), 2: F(21, 31)}
    assert odds.defender_survivors == {0: F(26, 31), 1: F(5, 31)}


def test_acorn_worm_is_a_single_troop_killed_by_one_lost_round():
    worm_total = {}
    for d6, d8 in product(range(1, 7), range(1, 9)):
        worm_total[d6 + d8] = worm_total.get(d6 + d8, 0) + 1

    def round_by_hand(pig_dice, pig_modifier):
        win = sum(w for pig in range(1, pig_dice + 1) for total, w in worm_total.items() if pig + pig_modifier > total)
        lose = sum(w for pig in range(1, pig_dice + 1) for total, w in worm_total.items() if pig + pig_modifier < total)
        return F(win, win + lose)

    # one hog (d8, +0) against the worm: a single round that is not a tie decides it all
    assert space_pigs_combat(Pigs(0, 1), AcornWorm()).attacker == round_by_hand(8, 0)
    # four piglets and a hog (d8, +4): the worm dies the first round it loses, so the pigs
    # keep all five troops exactly when they win the first decisive round
    odds = space_pigs_combat(Pigs(4, 1), AcornWorm())
    assert odds.attacker_survivors[5] == round_by_hand(8, 4)
    assert set(odds.defender_survivors) == {0, 1}
    assert odds.attacker > round_by_hand(8, 4)


def test_porcophages_grow_when_they_kill_piglets():
    odds = space_pigs_combat(Pigs(1), Porcophages(1))
    # the pack can only win by eating the piglet, so it always ends with 2
    assert odds.defender_survivors == {0: F(15, 42), 2: F(27, 42)}
    # against hogs the pack does not grow
    odds = space_pigs_combat(Pigs(0, 2), Porcophages(1))
    assert set(odds.defender_survivors) == {0, 1}
    # a pack that eats three piglets has grown to three and no further
    # a pack that wins has just eaten a piglet, so it is never left alone, and never above 3
    odds = space_pigs_combat(Porcophages(1), Pigs(5))
    assert set(odds.attacker_survivors) == {0, 2, 3}


def test_hogs_are_last_to_die_in_survivor_states():
    odds = space_pigs_combat(Pigs(2, 1), Pirates(4))
    assert all(piglets == 0 or hogs == 1 for piglets, hogs in odds.attacker_piglets_hogs)
    assert (0, 1) in odds.attacker_piglets_hogs and (0, 0) in odds.attacker_piglets_hogs


@settings(max_examples=40, deadline=None)
@given(
    a_piglets=st.integers(0, 6),
    a_hogs=st.integers(0, 2),
    d_kind=st.sampled_from(["pigs", "pirates", "porcophages", "worm"]),
    d_n=st.integers(1, 3),
    a_bonus=st.integers(-2, 3),
)
def test_probabilities_sum_to_one(a_piglets, a_hogs, d_kind, d_n, a_bonus):
    if a_piglets + a_hogs == 0:
        a_piglets = 1
    attacker = Pigs(a_piglets, a_hogs, a_bonus)
    defender = {"pigs": Pigs(d_n), "pirates": Pirates(d_n), "porcophages": Porcophages(d_n), "worm": AcornWorm()}[d_kind]
    odds = space_pigs_combat(attacker, defender)
    assert odds.attacker + odds.defender == 1
    assert sum(odds.final.values()) == 1
    assert sum(odds.attacker_survivors.values()) == 1
    assert sum(odds.defender_survivors.values()) == 1


@settings(max_examples=40, deadline=None)
@given(a=st.integers(1, 8), d=st.integers(1, 8), hogs=st.integers(0, 1), bonus=st.integers(-1, 2))
def test_more_troops_or_bonus_never_hurt(a, d, hogs, bonus):
    here = space_pigs_combat(Pigs(a, hogs, bonus), Pigs(d)).attacker
    assert space_pigs_combat(Pigs(a + 1, hogs, bonus), Pigs(d)).attacker >= here
    assert space_pigs_combat(Pigs(a, hogs, bonus + 1), Pigs(d)).attacker >= here
    assert space_pigs_combat(Pigs(a, hogs, bonus), Pigs(d + 1)).attacker <= here


def test_table_agrees_with_single_combats():
    attackers = [Pigs(i) for i in range(1, 5)] + [Pigs(1, 1), Porcophages(1), Porcophages(2)]
    defenders = [Pigs(j) for j in range(1, 4)] + [Pigs(3, 1), Pirates(3), Porcophages(1), AcornWorm()]
    table = space_pigs_table(attackers, defenders)
    for i, a in enumerate(attackers):
        for j, d in enumerate(defenders):
            assert table[i, j] == space_pigs_combat(a, d).attacker
    flee = space_pigs_table([Pigs(5)], [Pigs(5)], attacker_flee_at=2)
    assert flee[0, 0] == space_pigs_combat(Pigs(5), Pigs(5), attacker_flee_at=2).attacker
    assert len(space_pigs_table([Pigs(i) for i in range(1, 21)], [Pigs(j) for j in range(1, 21)]).values) == 20


def test_growing_pack_is_solved_in_the_right_order():
    # A porcophage pack that grows can reach the same (pack, pigs) state along paths of
    # different lengths; the solver once visited such a state too early and gave 0.428 here.
    odds = space_pigs_combat(Porcophages(2), Pigs(3))
    assert float(odds.attacker) == pytest.approx(0.61505, abs=1e-5)
    assert odds.attacker == space_pigs_table([Porcophages(2)], [Pigs(3)])[0, 0]
    assert odds.attacker + odds.defender == 1


# --- retreat thresholds -------------------------------------------------------------------


def test_round_one_is_always_fought_then_the_threshold_applies():
    # the attacker "flees at 3" but starts with 3: it must fight round 1, then flees
    odds = space_pigs_combat(Pigs(3), Pigs(3), attacker_flee_at=3)
    w, t, l = round_odds(Pigs(3), Pigs(3))
    assert odds.attacker_fled == 1
    assert odds.defender == 1 and odds.attacker == 0
    assert odds.attacker_survivors == {2: l, 3: w + t}
    assert odds.defender_survivors == {2: w, 3: l + t}


def test_defender_decides_first_when_both_would_flee():
    odds = space_pigs_combat(Pigs(1), Pigs(1), attacker_flee_at=1, defender_flee_at=1)
    assert odds.defender_eliminated == F(15, 36)
    assert odds.attacker_eliminated == F(15, 36)
    assert odds.defender_fled == F(6, 36)  # after a tied first round
    assert odds.attacker_fled == 0
    assert odds.attacker == F(21, 36)


def test_fleeing_saves_troops():
    fight = space_pigs_combat(Pigs(6), Pigs(8))
    flee = space_pigs_combat(Pigs(6), Pigs(8), attacker_flee_at=3)
    assert flee.attacker_survivors.get(0, 0) == 0  # a side that flees at 3 is never wiped out
    assert fight.attacker_survivors[0] == fight.defender
    assert flee.expected_survivors("attacker") > fight.expected_survivors("attacker")
    assert flee.attacker < fight.attacker  # but it gives up the hex more often
    assert flee.attacker + flee.defender == 1


def test_aliens_cannot_flee():
    with pytest.raises(ValueError, match="never flee"):
        space_pigs_combat(Pirates(2), Pigs(3), attacker_flee_at=1)
    with pytest.raises(ValueError):
        space_pigs_combat(Pigs(2), Porcophages(1), defender_flee_at=1)


def test_empty_sides_and_wrong_types_are_refused():
    with pytest.raises(ValueError):
        space_pigs_combat(Pigs(0), Pigs(1))
    with pytest.raises(TypeError):
        space_pigs_combat(3, Pigs(1))
    with pytest.raises(ValueError):
        space_pigs_combat(Pigs(2), Pigs(1), attacker_flee_at=-1)


def test_repr_and_html():
    odds = space_pigs_combat(Pigs(2), Pigs(1))
    assert "83.87%" in repr(odds) and "26/31" in repr(odds)
    html = odds._repr_html_()
    assert "83.87%" in html and "26/31" in html and "attacker ends with 2 troops" in html
    assert "<table" in space_pigs_table([Pigs(1)], [Pigs(1)])._repr_html_()


def test_the_odds_package_names_are_the_functions_whatever_was_imported_first():
    """The package imports its modules when a name is first asked for; each name stays the
    function however its module was imported, and a Livestock page loads no Space Pigs odds."""
    import subprocess
    import sys

    code = ("import sys, livestock_notebooks.widgets.livestock_uprising.app, livestock_notebooks.widgets.battlegoats.app\n"
            "assert not [m for m in sys.modules if m.startswith('livestock_notebooks.odds.space_pigs')], sys.modules\n"
            "import livestock_notebooks.odds.space_pigs_combat_odds, livestock_notebooks.odds.space_pigs_tech\n"
            "from livestock_notebooks.odds import space_pigs_combat, tech_wipeout, livestock_battle\n"
            "assert all(callable(f) for f in (space_pigs_combat, tech_wipeout, livestock_battle))\n")
    subprocess.run([sys.executable, "-c", code], check=True)
