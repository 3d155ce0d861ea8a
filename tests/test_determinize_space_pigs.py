"""Space Pigs ``determinize(view, rng)``: a full state drawn from one seat's view only.

A searching bot plays out these states, so each must look exactly like the seat's view, be a
valid, loadable game that offers the seat the same choices as the real one, and, over many
draws, cover every secret the seat cannot rule out (recipes, hands, markers, tiles, dice).
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs.data import RECIPES

CONFIGS = [
    {"players": 3, "rules": "full"},
    {"players": 4, "rules": "full", "clan_powers": True},
    {"players": 5, "rules": "full", "seventh_planet": True},
    {"players": 6, "rules": "full", "baston_rikiki": True},
    {"players": 4, "rules": "simple_a"},
    {"players": 5, "rules": "simple_b"},
    {"players": 3, "rules": "full", "layout": "twin", "unexplored": True, "look_before_placing": True},
]


def _positions(config: dict, seed: int, every: int = 25):
    """Positions along one random game: every ``every`` steps, and every fourth combat or election step."""
    state = sp.new_game(seed=seed, max_rounds=3, **config)
    rng = random.Random(seed)
    for step in range(700):
        if state.is_over:
            return
        if step % every == 0 or step % 4 == 0 and (state.combat is not None or state.sequence == "4C"):
            yield state
        state.apply(rng.choice(state.legal_actions()))


def _check_world(state, seat: int, world) -> None:
    view = state.player_view(seat)
    assert world.player_view(seat) == view
    assert world.invariant_violations() == []
    again = sp.load(world.to_json())  # (a save lists the hex piles in key order)
    assert again.player_view(seat) == sp.load(state.to_json()).player_view(seat)
    if state.current_player == seat:
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p-{c['rules']}-{len(c)}")
def test_a_drawn_world_matches_the_view_loads_and_offers_the_same_choices(config):
    seen = Counter()
    for i, state in enumerate(_positions(config, seed=len(config) * 7 + config["players"])):
        seen["combat"] += state.combat is not None
        seen["election"] += state.sequence == "4C"
        for seat in range(state.players):
            _check_world(state, seat, sp.determinize(state.player_view(seat), random.Random(i * 10 + seat)))
    assert seen["combat"] and (seen["election"] or config["rules"] != "full"), seen


def test_the_draw_reads_only_the_view():
    """Two states that look the same to a seat give the same draws for the same rng."""
    state = sp.new_game(players=4, seed=3, rules="full")
    rng = random.Random(3)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.redraw_hidden(1, seed=99)
    assert twin.to_dict() != state.to_dict()
    a = sp.determinize(state.player_view(1), random.Random(7))
    b = sp.determinize(twin.player_view(1), random.Random(7))
    assert a.to_dict() == b.to_dict()


def _mid_game(players: int = 4, seed: int = 5, steps: int = 120):
    state = sp.new_game(players=players, seed=seed, rules="full")
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_each_other_recipe_ranges_over_every_recipe_but_the_seats_own():
    state = _mid_game()
    view = state.player_view(0)
    rng = random.Random(1)
    worlds = [sp.determinize(view, rng) for _ in range(600)]
    mine = tuple(state.recipes[0])
    everything_else = {tuple(r) for r in RECIPES} - {mine}
    for q in (1, 2, 3):
        assert {tuple(w.recipes[q]) for w in worlds} == everything_else
    for w in worlds:  # recipes are dealt without repeats, and the seat's own never changes
        assert tuple(w.recipes[0]) == mine and len({tuple(r) for r in w.recipes}) == 4


def test_hands_are_drawn_from_the_unseen_cards_with_the_right_sizes():
    state = _mid_game(steps=200)
    seat = 2
    view = state.player_view(seat)
    rng = random.Random(2)
    unseen = Counter(sp.FULL_DECK) - Counter(state.hands[seat])
    if state.combat is not None:
        unseen -= Counter(state.combat.attacker_cards + state.combat.defender_cards)
    held = Counter()
    for _ in range(400):
        w = sp.determinize(view, rng)
        for q in range(state.players):
            assert len(w.hands[q]) == len(state.hands[q])
            if q != seat:
                held.update(set(w.hands[q]))
        assert w.hands[seat] == state.hands[seat]
    others = sum(len(state.hands[q]) for q in range(state.players) if q != seat)
    assert others > 0
    assert set(held) == set(unseen)  # every unseen card turns up in someone's hand


def test_face_down_tiles_and_secret_markers_cover_every_possibility():
    state = sp.new_game(players=3, seed=4, rules="full", unexplored=True, layout="twin")
    rng = random.Random(4)
    while state.sequence != "2B":
        if state.sequence == "2A":
            seen = state.player_view(state.current_player)
            chosen = [q for q, c in enumerate(seen.clans) if c.marker_secret]
            if chosen:
                break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    view = state.player_view(seat)
    draws = [sp.determinize(view, rng) for _ in range(400)]
    for q, clan in enumerate(view.clans):
        if clan.marker_secret:
            left = set(state._markers_left(q))
            assert {w.choice[q] for w in draws} == left
    for family, tiles in view.unseen_tiles:
        cells = [h for h, x in enumerate(view.hexes) if x.face_down and x.family == family]
        for h in cells:
            assert {w.hex_kind[h] + w.hex_colour[h] for w in draws} == set(tiles)


def test_future_dice_come_fresh_from_the_rng():
    state = _mid_game()
    view = state.player_view(0)
    dice = {sp.determinize(view, random.Random(k)).dice.to_dict()["state"] for k in range(20)}
    assert len(dice) == 20
    assert state.dice.to_dict()["state"] not in dice
    same = sp.determinize(view, random.Random(3)).to_dict() == sp.determinize(view, random.Random(3)).to_dict()
    assert same


def test_a_view_that_is_not_a_space_pigs_view_is_refused():
    with pytest.raises(ValueError):
        sp.determinize(object(), random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_a_view_keeps_nothing_its_seat_may_not_know(config):
    """A view writes its ``known`` text only when read, from what it kept when built: that must be
    the seat's knowledge and nothing more. Two worlds the seat cannot tell apart (the real game
    and one drawn from the seat's view) leave the very same copy in their views, and the text
    written from it is the real game's ``view_dict`` of that seat."""
    rng = random.Random(11)
    checked = 0
    for state in _positions(config, seed=17, every=40):
        for seat in (None, *range(state.players)):
            view = state.player_view(seat)
            kept = view.__dict__["_known"].state  # the view's deferred copy, before any read
            assert view.known == json.dumps(state.view_dict(seat), separators=(",", ":"), sort_keys=True)
            if seat is None:
                continue
            world = sp.determinize(state.player_view(seat), rng)
            other = world.player_view(seat).__dict__["_known"].state
            assert other.to_dict() == kept.to_dict(), "a view kept something that differs between worlds its seat cannot tell apart"
            checked += 1
    assert checked >= 10
