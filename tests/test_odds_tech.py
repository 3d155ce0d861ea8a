"""Technology-index wipeout odds and the house combat-card data."""
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from livestock_notebooks.odds import (
    combat_cards,
    combat_cards_note,
    default_tech_deck,
    tech_total_distribution,
    tech_wipeout,
    tech_wipeout_curve,
    tech_wipeout_two_sided,
)

F = Fraction


def by_enumeration(cards_list, k, threshold):
    hands = list(combinations(range(len(cards_list)), k))
    hits = sum(1 for h in hands if sum(cards_list[i] for i in h) >= threshold)
    return F(hits, len(hands))


def test_small_decks_by_hand():
    # two 3s and two 0s, two cards: only the pair of 3s (1 of 6 pairs) reaches 6
    assert tech_wipeout({3: 2, 0: 2}, 2).wipeout == F(1, 6)
    # three 2s and three 1s, three cards: 6 needs all three 2s
    assert tech_wipeout({2: 3, 1: 3}, 3).wipeout == F(1, comb(6, 3))
    # threshold 5: two 2s and a 1 (3 x 3 ways) or three 2s (1 way), of 20
    assert tech_wipeout({2: 3, 1: 3}, 3, threshold=5).wipeout == F(10, 20)
    # six 1s: five cards total 5, six cards total 6
    assert tech_wipeout({1: 6}, 5).wipeout == 0
    assert tech_wipeout({1: 6}, 6).wipeout == 1
    assert tech_wipeout({1: 6}, 0).wipeout == 0


def test_a_list_of_indices_is_a_deck_too():
    assert tech_wipeout([3, 3, 0, 0], 2).wipeout == F(1, 6)


def test_distribution_sums_to_one():
    dist = tech_total_distribution(default_tech_deck(), 4)
    assert sum(dist.values()) == 1
    assert min(dist) >= 0


@settings(max_examples=50, deadline=None)
@given(
    cards_list=st.lists(st.integers(0, 4), min_size=1, max_size=9),
    data=st.data(),
    threshold=st.integers(0, 10),
)
def test_matches_enumerating_every_hand(cards_list, data, threshold):
    k = data.draw(st.integers(0, len(cards_list)))
    assert tech_wipeout(cards_list, k, threshold).wipeout == by_enumeration(cards_list, k, threshold)


def test_more_cards_more_danger():
    curve = tech_wipeout_curve(default_tech_deck(), 10)
    chances = [w.wipeout for w in curve]
    assert chances[0] == 0 and chances == sorted(chances)
    assert len(curve) == 11


def test_too_many_cards_or_bad_decks_are_refused():
    with pytest.raises(ValueError):
        tech_wipeout({1: 2}, 3)
    with pytest.raises(ValueError):
        tech_wipeout({1: -1}, 0)
    with pytest.raises(ValueError):
        tech_wipeout({1: 2}, -1)


def test_two_random_sides_draw_from_one_deck():
    deck = default_tech_deck()
    both = tech_wipeout_two_sided(deck, 2, 3)
    assert both.wipeout == tech_wipeout(deck, 5).wipeout


def test_known_hands_by_hand():
    # a played hand of two 3s reaches 6 on its own
    assert tech_wipeout_two_sided({3: 2, 0: 5}, None, 1, attacker_hand=[3, 3]).wipeout == 1
    # attacker plays a known 3 (taken from the deck); the defender draws 1 of {2, 0, 0}
    deck = {3: 1, 2: 1, 0: 2}
    assert tech_wipeout_two_sided(deck, 1, 1, threshold=5, attacker_hand=[3]).wipeout == F(1, 3)
    # the attacker plays one of [3, 0] at random, the defender its known 3
    deck = {3: 2, 0: 1}
    odds = tech_wipeout_two_sided(deck, 1, None, attacker_hand=[3, 0], defender_hand=[3])
    assert odds.wipeout == F(1, 2)


def test_hands_must_come_from_the_deck():
    with pytest.raises(ValueError):
        tech_wipeout_two_sided({1: 3}, None, 1, attacker_hand=[3])
    with pytest.raises(ValueError):
        tech_wipeout_two_sided({3: 3}, 3, 1, attacker_hand=[3])  # 3 cards from a hand of 1
    with pytest.raises(ValueError):
        tech_wipeout_two_sided({3: 3}, None, 1)


def test_house_card_data():
    cards = combat_cards()
    assert len(cards) == 30
    assert len({c.name for c in cards}) == 30
    assert all(c.source == "house" for c in cards)
    assert "house" in combat_cards_note().lower()
    deck = default_tech_deck()
    assert sum(deck.values()) == 30
    assert all(0 <= c.tech <= 3 and 0 <= c.attack <= 4 and 0 <= c.defense <= 4 for c in cards)
    # balanced: as much attack as defense in total, and a bigger bonus costs more technology
    assert sum(c.attack for c in cards) == sum(c.defense for c in cards)
    mean_bonus = {t: sum(c.attack + c.defense for c in cards if c.tech == t) / deck[t] for t in deck}
    assert [mean_bonus[t] for t in sorted(mean_bonus)] == sorted(mean_bonus.values())
    # two random cards almost never wipe out; a big escalation usually does
    assert tech_wipeout(deck, 2).wipeout < F(1, 20)
    assert tech_wipeout(deck, 6).wipeout > F(1, 2)


def test_repr_and_html():
    odds = tech_wipeout({3: 2, 0: 2}, 2)
    assert "16.67%" in repr(odds) and "1/6" in repr(odds)
    assert "16.67%" in odds._repr_html_() and "5/6" in odds._repr_html_()
    assert odds.safe == F(5, 6)


def test_readings_for_users_cover_every_explorer_topic():
    from livestock_notebooks.odds import READINGS, readings_html

    assert {"livestock_battle", "super_army", "space_pigs_combat", "retreat", "tech_wipeout"} <= set(READINGS)
    assert "acorn worm" in readings_html("space_pigs_combat")
    assert "house values" in readings_html("tech_wipeout")
