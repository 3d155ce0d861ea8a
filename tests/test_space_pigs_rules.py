"""Space Pigs rule tests, grouped by rulebook section (test names say which)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from livestock_notebooks import IllegalAction, NotYourDecision
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import (
    ChooseHex, ChooseMarker, Deploy, Discard, Done, DrawHex, Fly, GiveMarker, Land, Load,
    MakeHog, OfferExchange, PlaceAliens, PlaceHex, PlayCard, StartPlanet, UsePower, Vote,
)
from livestock_notebooks.space_pigs.data import CARDS, RULES
from livestock_notebooks.space_pigs.board import PIRATES, PORCOPHAGES, WORM

# A small galaxy: H0 core red planet; ring 1: H1 yellow planet (1,0), H2 asteroid (-1,0),
# H3 blue planet (0,1), H4 red double planet (1,-1), H5 asteroid (0,-1), H6 blue planet (-1,1).
CELLS = ["0,0:Pr", "1,0:Py", "-1,0:A", "0,1:Pb", "1,-1:Dr", "0,-1:A", "-1,1:Pb"]


def pos(head: str, occupants: dict | None = None, **kw):
    cells = list(CELLS)
    for h, occ in (occupants or {}).items():
        cells[h] += ":" + occ
    return sp.from_notation(f"SP1 n=3 {head} | " + " ".join(cells), **kw)


def card_id(key: str, nth: int = 0) -> int:
    ids = [c.id for c in CARDS if c.key == key]
    return ids[nth]


def combat_card(tech: int, nth: int = 0) -> int:
    ids = [c.id for c in CARDS if c.kind == "combat" and c.tech == tech]
    return ids[nth]


def texts(events):
    return [e.text for e in events]


def kinds(events):
    return [e.kind for e in events]


def play_until(state, pred, rng=None, limit=5000):
    rng = rng or random.Random(0)
    for _ in range(limit):
        if pred(state) or state.is_over:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("condition never reached")


def rejects(state, action, rule_part: str | None = None):
    before = state.to_json()
    with pytest.raises(IllegalAction) as exc:
        state.apply(action)
    assert state.to_json() == before
    assert exc.value.section
    if rule_part:
        assert rule_part.lower() in str(exc.value).lower(), str(exc.value)
    return exc.value


def finish_layout(state, rng=None):
    return play_until(state, lambda s: s.sequence != "layout", rng)


# =============================================================================== Set-Up
class TestSetUp:
    def test_setup_random_clans_and_distinct_recipes(self):
        s = sp.new_game(players=6, seed=4)
        assert sorted(s.clans) == sorted(sp.CLANS)
        assert len({tuple(r) for r in s.recipes}) == 6
        for r in s.recipes:
            assert sorted(r) == [1, 2, 3]

    def test_setup_travel_markers_are_2_2_3_3_4(self):
        s = sp.new_game(players=3, seed=1)
        assert sorted(s._markers_left(0)) == [2, 2, 3, 3, 4]

    def test_setup_first_player_by_die_with_rerolls(self):
        s = sp.new_game(players=3, seed=3)
        rolls = [line for line in s.setup_log if line.startswith("First player roll")]
        assert len(rolls) >= 1
        assert s.order[0] == s.first
        assert s.order == [(s.first + i) % 3 for i in range(3)]  # clockwise from the first player

    def test_setup_recipe_hidden_from_others(self):
        s = sp.new_game(players=4, seed=2)
        v = s.player_view(1)
        assert v.clans[1].recipe == tuple(s.recipes[1])
        assert v.clans[0].recipe is None and v.clans[2].recipe is None

    def test_setup_players_out_of_range_rejected(self):
        with pytest.raises(ValueError):
            sp.new_game(players=2)
        with pytest.raises(ValueError):
            sp.new_game(players=7)


# =============================================================================== Size of the Board
class TestSizeOfTheBoard:
    @pytest.mark.parametrize("n,planets,doubles,asteroids", [(3, 9, 3, 4), (4, 12, 3, 4), (5, 18, 3, 5), (6, 21, 3, 8)])
    def test_size_of_the_board_hex_mix(self, n, planets, doubles, asteroids):
        s = finish_layout(sp.new_game(players=n, seed=1))
        kinds_ = Counter(h["kind"] for h in s.hexes)
        assert kinds_["planet"] == planets
        assert kinds_["double planet"] == doubles
        assert kinds_["asteroid"] == asteroids

    def test_size_of_the_board_colours_balanced(self):
        s = finish_layout(sp.new_game(players=4, seed=5))
        colours = Counter(h["colour"] for h in s.hexes if h["kind"] == "planet")
        assert colours == {"red": 4, "yellow": 4, "blue": 4}

    def test_size_of_the_board_four_family_piles(self):
        s = sp.new_game(players=4, seed=1)
        assert set(s.piles) == {"red", "yellow", "blue", "black"}
        assert set(s.piles["black"]) == {"A"}

    def test_baston_rikiki_removes_one_planet_of_each_colour(self):
        s = finish_layout(sp.new_game(players=4, seed=1, baston_rikiki=True))
        assert Counter(h["kind"] for h in s.hexes)["planet"] == 9


# =============================================================================== Layout of the Board
class TestLayoutOfTheBoard:
    def test_layout_first_hex_is_the_core(self):
        s = sp.new_game(players=3, seed=1)
        assert s.current_player == s.first
        assert {(a.q, a.r) for a in s.legal_actions()} == {(0, 0)}

    def test_layout_rings_completed_in_order(self):
        s = sp.new_game(players=4, seed=1)
        rng = random.Random(2)
        for i in range(7):
            s.apply(rng.choice(s.legal_actions()))
        # after the core and ring 1, only ring-2 cells are offered
        cells = {(a.q, a.r) for a in s.legal_actions()}
        assert all(sp.geometry.distance(c, (0, 0)) == 2 for c in cells)

    def test_layout_in_play_order_and_revealed_as_laid(self):
        s = sp.new_game(players=3, seed=1)
        seen = []
        for _ in range(4):
            seen.append(s.current_player)
            ev = s.apply(s.legal_actions()[0])
            assert ev[0].irreversible and "tile" in ev[0].data
        assert seen == [s.order[0], s.order[1], s.order[2], s.order[0]]

    def test_layout_twin_galaxies_with_sun(self):
        s = finish_layout(sp.new_game(players=4, seed=1, layout="twin"))
        suns = [h for h in s.hexes if h["kind"] == "sun"]
        assert len(suns) == 1 and (suns[0]["q"], suns[0]["r"]) == (0, 0)
        left = [h["index"] for h in s.hexes if h["q"] < 0]
        right = [h["index"] for h in s.hexes if h["q"] > 0]
        assert abs(len(left) - len(right)) <= 1
        adj = s.adj()
        assert not any(j in right for i in left for j in adj[i])  # only cards cross

    def test_layout_twin_connecting_galaxy_links_both(self):
        s = finish_layout(sp.new_game(players=3, seed=2, layout="twin", connecting_galaxy=True))
        cells = {(h["q"], h["r"]): h["index"] for h in s.hexes}
        assert all(c in cells for c in sp.geometry.CONNECTOR_CELLS)
        adj = s.adj()
        seen, todo = {cells[(-3, 0)]}, [cells[(-3, 0)]]
        while todo:
            for j in adj[todo.pop()]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert cells[(3, 0)] in seen  # ordinary trips cross through the connecting galaxy
        with pytest.raises(ValueError):
            sp.new_game(players=3, connecting_galaxy=True)

    def test_layout_pancake_fits_the_rectangle(self):
        s = finish_layout(sp.new_game(players=4, seed=1, layout="pancake"))
        template = set(sp.geometry.pancake_template(19))
        assert all((h["q"], h["r"]) in template for h in s.hexes)

    def test_layout_freedom_keeps_the_rim_one_chain(self):
        from livestock_notebooks.space_pigs.galaxy import _rim_connected
        s = sp.new_game(players=5, seed=1, layout="freedom")
        rng = random.Random(1)
        while s.sequence == "layout":
            placed = set(zip(s.hex_q, s.hex_r))
            for a in s.legal_actions():
                assert not placed or any(c in placed for c in sp.geometry.neighbours(a.q, a.r))
            s.apply(rng.choice(s.legal_actions()))
        assert _rim_connected(set(zip(s.hex_q, s.hex_r)))

    def test_layout_look_before_placing(self):
        s = sp.new_game(players=3, seed=1, look_before_placing=True)
        p = s.current_player
        assert all(isinstance(a, DrawHex) for a in s.legal_actions())
        s.apply(s.legal_actions()[0])
        assert all(isinstance(a, PlaceHex) and a.pile == "drawn" for a in s.legal_actions())
        assert s.player_view(p).drawn.tile is not None
        assert s.player_view((p + 1) % 3).drawn.tile is None

    def test_layout_all_laid_before_revealed(self):
        s = sp.new_game(players=3, seed=1, all_laid_before_revealed=True)
        s.apply(s.legal_actions()[0])
        assert s.face_down[0]
        assert s.player_view(1).hexes[0].kind == "?"
        s = finish_layout(s)
        assert not any(s.face_down)

    def test_layout_unexplored_galaxy_reveals_on_landing(self):
        s = finish_layout(sp.new_game(players=3, seed=1, unexplored=True))
        rim = {h["index"] for h in s.hexes if h["rim"]}
        assert all(not s.face_down[h] for h in rim)
        assert any(s.face_down)  # the inner hexes stay unexplored


# =============================================================================== Initial Forces and Deployment
class TestInitialDeployment:
    def test_initial_deployment_five_piglets_on_free_rim_planet(self):
        s = finish_layout(sp.new_game(players=4, seed=1))
        assert s.sequence == "start"
        rim = {h["index"] for h in s.hexes if h["rim"]}
        for a in s.legal_actions():
            assert a.hex in rim and s.hexes[a.hex]["kind"] in ("planet", "double planet")
        a = s.legal_actions()[0]
        s.apply(a)
        assert s.troops_on(a.hex) == [{"player": a.player, "piglets": 5, "hogs": 0}]
        assert StartPlanet(s.current_player, a.hex) not in s.legal_actions()

    def test_inverse_deployment_runs_from_the_last_player(self):
        s = finish_layout(sp.new_game(players=4, seed=1, inverse_deployment=True))
        assert s.current_player == s.order[-1]


# =============================================================================== Sequence A: Draw Cards
class TestDrawCards:
    def test_draw_cards_six_on_turn_one(self):
        s = play_until(sp.new_game(players=3, seed=1), lambda x: x.sequence not in ("layout", "start", "return", "1A"))
        assert all(len(h) == 6 for h in s.hands)

    def test_draw_cards_discard_then_draw_back_to_six(self):
        hand = [0, 1, 2, 3]
        s = pos("turn=2 seq=1A order=123 rp=1 hands=0.1.2.3//", {0: "a3", 1: "b3", 6: "c3"})
        assert s.current_player == 0
        s.apply(Discard(0, 0))
        assert 0 in s.discard
        s.apply(Done(0))
        assert len(s.hands[0]) == 6 and 0 not in s.hands[0]

    def test_card_only_played_in_its_sequence(self):
        boots = card_id("rocket_boots")
        s = pos(f"turn=2 seq=1A order=123 rp=1 hands={boots}//", {0: "a3", 1: "b3", 6: "c3"})
        err = rejects(s, PlayCard(0, boots), "2B")
        assert "sequence" in err.rule

    def test_exchange_only_within_faction_and_not_turn_one(self):
        s = pos("turn=2 seq=1A order=123 rp=1 factions=11- hands=0.1/2.3/4", {0: "a3", 1: "b3", 6: "c3"})
        offers = [a for a in s.legal_actions() if isinstance(a, OfferExchange)]
        assert {a.partner for a in offers} == {1}
        s.apply(OfferExchange(0, 1, 0))
        assert s.current_player == 1  # the partner answers
        assert s.player_view(2).offer.card is None and s.player_view(1).offer.card == 0
        s.apply(sp.AnswerExchange(1, 2))
        assert 2 in s.hands[0] and 0 in s.hands[1]
        t1 = pos("turn=1 seq=1A order=123 factions=11- hands=0.1/2.3/4", {0: "a3", 1: "b3", 6: "c3"})
        assert not any(isinstance(a, OfferExchange) for a in t1.legal_actions())


# =============================================================================== Sequence B: Colonists Arrive
class TestColonistsArrive:
    @pytest.mark.parametrize("n,k", [(3, 5), (4, 6), (5, 7), (6, 9)])
    def test_colonists_royal_pig_draws_by_player_count(self, n, k):
        cells = " ".join(f"{q},{r}:Pr:{'abcdef'[i]}3" if i < n else f"{q},{r}:A"
                         for i, (q, r) in enumerate(sp.geometry.ring((0, 0), 1) + sp.geometry.ring((0, 0), 2)[:3]))
        s = sp.from_notation(f"SP1 n={n} turn=2 seq=1B order={''.join(str(i + 1) for i in range(n))} rp=1 | {cells}")
        given = 0
        while s.sequence == "1B" and isinstance(s.legal_actions()[0], GiveMarker):
            assert s.current_player == 0
            s.apply(s.legal_actions()[-1])
            given += 1
        assert given == k

    def test_colonists_at_most_two_markers_per_player(self):
        s = pos("turn=2 seq=1B order=123 rp=1", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(GiveMarker(0, 1))
        s.apply(GiveMarker(0, 1))
        assert GiveMarker(0, 1) not in s.legal_actions()
        rejects(s, GiveMarker(0, 1), "two")

    def test_colonists_not_on_turn_one(self):
        s = pos("turn=1 seq=1B order=123", {0: "a3", 1: "b3", 6: "c3"})
        assert s.sequence != "1B"
        assert s.new_piglets == [0, 0, 0]

    def test_colonist_cards_not_on_turn_one(self):
        colon = card_id("colon")
        s = pos(f"turn=1 seq=1A order=123 hands={colon}//", {0: "a3", 1: "b3", 6: "c3"})
        assert PlayCard(0, colon) not in s.legal_actions()

    def test_piglets_into_hog_once_a_turn_from_new_colonists(self):
        s = pos("turn=2 seq=1B order=123 rp=1", {0: "a3", 1: "b3", 6: "c3"})
        s.dice.script([])
        for to in (0, 0, 1, 1, 2):
            s.apply(GiveMarker(0, to))
        while s.sequence == "1B" and s.current_player != 0:
            s.apply(s.legal_actions()[-1])
        if s.sequence == "1B" and s.current_player == 0 and MakeHog(0) in s.legal_actions():
            before = (s.new_piglets[0], s.new_hogs[0])
            s.apply(MakeHog(0))
            assert (s.new_piglets[0], s.new_hogs[0]) == (before[0] - 2, before[1] + 1)
            assert MakeHog(0) not in s.legal_actions()


# =============================================================================== Sequence C: Order of Play
class TestOrderOfPlay:
    def test_order_of_play_by_troops_hogs_count_two(self):
        s = pos("turn=2 seq=1C order=123 rp=1", {0: "a2", 1: "b1h2", 6: "c4"})
        assert s.order == [1, 2, 0]  # b: 1 + 2*2 = 5, c: 4, a: 2

    def test_order_of_play_ties_broken_by_die(self):
        s = pos("turn=2 seq=1C order=123 rp=1", {0: "a3", 1: "b3", 6: "c1"}, script=[2, 5])
        assert s.order == [1, 0, 2]

    def test_order_of_play_turn_one_is_clockwise_from_first(self):
        s = pos("turn=1 seq=1C order=231", {0: "a3", 1: "b9", 6: "c1"})
        assert s.order == [1, 2, 0]


# =============================================================================== Sequence D: Deploy Colonists
class TestDeployColonists:
    def test_deploy_colonists_only_where_troops_are(self):
        s = pos("turn=2 seq=1D order=123 rp=1", {0: "a3", 1: "b3", 6: "c3"})
        s.new_piglets = [2, 0, 0]
        s._enter("1D")
        s._advance()
        assert {a.hex for a in s.legal_actions() if isinstance(a, Deploy)} == {0}
        assert Done(0) not in s.legal_actions()
        rejects(s, Deploy(0, 1, False), "already has troops")
        s.apply(Deploy(0, 0, False))
        s.apply(Deploy(0, 0, False))
        assert s.troops_on(0)[0]["piglets"] == 5


# =============================================================================== Sequence E: Aliens
class TestAliens:
    def test_aliens_none_on_1_or_2(self):
        s = pos("turn=2 seq=1E order=123 rp=1", {0: "a3", 1: "b3", 6: "c3"}, script=[2])
        assert s._alien_count(PIRATES) == 0 and s.sequence == "2A"

    def test_aliens_pirates_count_by_d6_all_on_one_hex(self):
        s = pos("turn=2 seq=1E order=123 rp=2", {0: "a3", 1: "b3", 6: "c3"}, script=[3, 5])
        assert s.current_player == 1  # the Royal Pig places them
        assert {a.hex for a in s.legal_actions()} == {2, 5}  # free asteroids
        s.apply(PlaceAliens(1, 5))
        assert s.troops_on(5) == [{"aliens": "pirates", "count": 4}]

    def test_aliens_first_player_places_on_turn_one(self):
        s = pos("turn=1 seq=1E order=312", {0: "a3", 1: "b3", 6: "c3"}, script=[6])
        assert s.current_player == 2

    def test_aliens_join_same_type_within_stacking_limit(self):
        s = pos("turn=2 seq=1E order=123 rp=1", {0: "a3", 1: "b3", 6: "c3", 2: "por2", 5: "pir4"}, script=[5])
        # one porcophage: joins the pack on H2 (room for 1); H5 has pirates: never mixed
        assert s._alien_entry(2)[1] == 3
        s2 = pos("turn=2 seq=1E order=123 rp=1", {0: "a3", 1: "b3", 6: "c3", 2: "por3", 5: "pir4"}, script=[5])
        assert s2._alien_entry(2)[1] == 3 and s2._alien_count(PORCOPHAGES) == 3  # no room: eliminated

    def test_aliens_on_pig_asteroid_pin_and_fight(self):
        s = pos("turn=2 seq=1E order=123 rp=1", {0: "a3", 1: "b3", 5: "c3", 6: "c1", 2: "pir4"}, script=[7])
        # the worm: only H5 is a free asteroid (pigs do not matter)
        assert s.troops_on(5)[1] == {"aliens": "acorn worm", "count": 1}

    def test_aliens_worm_never_after_three_planets(self):
        s = pos("turn=2 seq=1E order=123 rp=1 worm=3", {0: "a3", 1: "b3", 6: "c3"}, script=[8])
        assert s._alien_count(WORM) == 0


# =============================================================================== Phase 2: Space Travel
class TestSpaceTravel:
    def test_travel_marker_choice_is_secret_until_all_chose(self):
        s = pos("turn=2 seq=2A order=123 rp=1", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(ChooseMarker(0, 4))
        assert s.player_view(1).clans[0].marker_secret
        assert s.player_view(0).clans[0].marker == 4
        s.apply(ChooseMarker(1, 2))
        ev = s.apply(ChooseMarker(2, 3))
        assert any(e.kind == "markers" and e.irreversible for e in ev)
        assert s.trips == [4, 2, 3]

    def test_travel_markers_cycle_every_five_turns(self):
        s = pos("turn=2 seq=2A order=123 rp=1 used=44,,", {0: "a3", 1: "b3", 6: "c3"})
        s.used[0] = [4, 2]
        s._legal = None
        assert sorted({a.value for a in s.legal_actions() if isinstance(a, ChooseMarker)}) == [2, 3]
        rejects(s, ChooseMarker(0, 4), "available")
        s.used[0] = [4, 2, 2, 3]
        s._legal = None
        assert [a.value for a in s.legal_actions() if isinstance(a, ChooseMarker)] == [3]
        s.apply(ChooseMarker(0, 3))
        s.apply(ChooseMarker(1, 2))
        s.apply(ChooseMarker(2, 2))
        assert s.used[0] == []  # all five used: they come back

    def test_travel_in_order_of_play_adjacent_only(self):
        s = pos("turn=2 seq=2B order=213 rp=1 trips=2,2,2", {0: "a3", 1: "b3", 6: "c3"})
        assert s.current_player == 1
        s.apply(Load(1, 1, False))
        assert {a.hex for a in s.legal_actions() if isinstance(a, Fly)} == {0, 3, 4}
        rejects(s, Fly(1, 6), "adjacent")

    def test_travel_one_trip_per_troop(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=3,2,2", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(Load(0, 0, False))
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 5))
        assert s.trips[0] == 2
        assert not any(isinstance(a, Load) and a.hex == 5 for a in s.legal_actions())
        rejects(s, Load(0, 5, False), "one trip")

    def test_travel_pinning_of_defenders(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=3,2,2", {0: "a3", 1: "b3", 6: "c3", 5: "b1"})
        s.apply(Load(0, 0, False))
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 1))  # 2 attackers on b's planet
        s.apply(Done(0))
        assert s.current_player == 1
        # b has 3 on H1, 2 pinned: only one may leave
        s.apply(Load(1, 1, False))
        assert not any(isinstance(a, Load) and a.hex == 1 for a in s.legal_actions())

    def test_travel_unused_trips_are_lost(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=3,2,2", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(Done(0))
        assert s.trips[0] == 0 and s.current_player == 1

    def test_rocket_boots_drop_troops_on_the_way(self):
        boots = card_id("rocket_boots")
        s = pos(f"turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={boots}//", {2: "a4", 1: "b3", 6: "c3"})
        s.apply(PlayCard(0, boots))
        for _ in range(3):
            s.apply(Load(0, 2, False))
        s.apply(Fly(0, 0))
        s.apply(sp.Drop(0, False))
        s.apply(Fly(0, 3))
        s.apply(Land(0))
        assert s.troops_on(0)[0]["piglets"] == 1
        assert s.troops_on(3)[0]["piglets"] == 2

    def test_extra_move_after_everyone(self):
        em = card_id("extra_move")
        s = pos(f"turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={em}//", {0: "a3", 1: "b3", 6: "c3"})
        for p in (0, 1, 2):
            s.apply(Done(p))
        assert s.sequence == "2X" and s.current_player == 0
        s.apply(PlayCard(0, em))
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 5))
        assert s.troops_on(5)[0]["player"] == 0

    def test_extra_move_right_after_a_chosen_player(self):
        em = card_id("extra_move")
        s = pos(f"turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={em}//", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(PlayCard(0, em))
        assert set(s.legal_actions()) == {sp.ChoosePlayer(0, 0), sp.ChoosePlayer(0, 1), sp.ChoosePlayer(0, 2)}
        s.apply(sp.ChoosePlayer(0, 1))
        s.apply(Done(0))
        s.apply(Done(1))
        assert s.current_player == 0 and s.trips[0] == 1  # right after P2, before P3
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 5))
        assert s.current_player == 2

    def test_exchange_offered_in_other_sequences(self):
        s = pos("turn=2 seq=3B order=123 rp=1 factions=11- hands=0.1/2.3/4", {0: "a3", 3: "a1", 1: "b3", 6: "c3"})
        assert OfferExchange(0, 1, 0) in s.legal_actions()
        s.apply(OfferExchange(0, 1, 1))
        s.apply(sp.AnswerExchange(1, -1))
        assert s.current_player == 0 and not any(isinstance(a, OfferExchange) for a in s.legal_actions())

    def test_acorn_festival_protects_a_hex(self):
        fest = card_id("festival")
        s = pos(f"turn=2 seq=2A order=123 rp=1 hands=/{fest}/", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(ChooseMarker(0, 2))
        s.apply(PlayCard(1, fest))
        s.apply(ChooseHex(1, 1))
        s.apply(ChooseMarker(1, 2))
        s.apply(ChooseMarker(2, 2))
        s.apply(Load(0, 0, False))
        assert Fly(0, 1) not in s.legal_actions()


    # ---- where a trip may end (state.trip_destinations, state.can_land): public, for pages
    def test_space_travel_destinations_are_the_neighbours_one_may_land_on(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=2,2,2", {0: "a3", 1: "b3", 6: "c3"})
        assert s.trip_destinations(0, 2) == [0, 5, 6] == s.adj()[2]
        assert s.trip_destinations(0, 0) == [1, 2, 3, 4, 5, 6]
        s.forbid.append([0, 4])  # a planet forbidden to P1 this turn
        assert not s.can_land(0, 4) and s.can_land(1, 4)
        assert s.trip_destinations(0, 0) == [1, 2, 3, 5, 6]
        assert 4 in s.trip_destinations(1, 1)

    def test_space_travel_destinations_leave_out_an_acorn_festival(self):
        fest = card_id("festival")
        s = pos(f"turn=2 seq=2A order=123 rp=1 hands=/{fest}/", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(ChooseMarker(0, 2))
        s.apply(PlayCard(1, fest))
        s.apply(ChooseHex(1, 1))
        s.apply(ChooseMarker(1, 2))
        s.apply(ChooseMarker(2, 2))
        assert s.trip_destinations(0, 0) == [2, 3, 4, 5, 6]
        assert 1 in s.trip_destinations(1, 0)  # P2 holds the festival hex
        s.apply(Load(0, 0, False))
        assert {a.hex for a in s.legal_actions() if isinstance(a, Fly)} == set(s.trip_destinations(0, 0))

    def test_space_travel_destinations_never_include_the_sun(self):
        s = finish_layout(sp.new_game(players=4, seed=1, layout="twin"))
        sun = next(h["index"] for h in s.hexes if h["kind"] == "sun")
        for h in range(len(s.hexes)):
            for p in range(4):
                assert sun not in s.trip_destinations(p, h)
        assert not s.can_land(0, sun)

    def test_space_travel_destinations_follow_the_ship_card(self):
        ring2 = [(2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2),
                 (1, 1)]
        cells = [c.split(":")[0] for c in CELLS] + [f"{q},{r}" for q, r in ring2]
        tiles = [c.split(":", 1)[1] for c in CELLS] + ["A"] * len(ring2)
        backpack, teleporter = card_id("rocket_backpack"), card_id("teleporter")
        text = (f"SP1 n=3 turn=2 seq=2B order=123 rp=1 trips=2,2,2 hands={backpack}.{teleporter}// | "
                + " ".join(f"{c}:{t}" + (":a3" if i == 7 else ":b3" if i == 1 else ":c3" if i == 6 else "")
                           for i, (c, t) in enumerate(zip(cells, tiles))))
        s = sp.from_notation(text, seed=1)
        coords = [(s.hexes[i]["q"], s.hexes[i]["r"]) for i in range(len(s.hexes))]

        def dist(a, b):
            dq, dr = a[0] - b[0], a[1] - b[1]
            return max(abs(dq), abs(dr), abs(dq + dr))

        src = coords.index((2, 0))
        assert s.trip_destinations(0, src) == s.adj()[src]
        s.apply(PlayCard(0, backpack))  # range 2
        within = [h for h in range(len(coords)) if h != src and 0 < dist(coords[h], coords[src]) <= 2]
        assert s.trip_destinations(0, src) == within
        for viewer in (-1, 0, 1):  # the card played is public: every view gives the same answer
            assert sp.SpacePigsState.from_view(s.view_dict(viewer)).trip_destinations(0, src) == within
        assert s.trip_destinations(1, 1) == s.adj()[1]  # the ship is P1's, for P1's next trip
        s.apply(Load(0, src, False))
        s.apply(Fly(0, s.adj()[src][0]))
        s.apply(Land(0))
        s.apply(PlayCard(0, teleporter))
        assert s.trip_destinations(0, 0) == list(range(1, len(coords)))

    def test_space_travel_destinations_agree_with_the_legal_flights(self):
        checked = 0
        for seed, opts in ((1, {}), (2, {"clan_powers": True}), (3, {"rules": "simple_a"}), (4, {"layout": "twin"})):
            rng = random.Random(seed)
            s = finish_layout(sp.new_game(players=4, seed=seed, max_rounds=3, **opts), rng)
            for _ in range(3000):
                if s.is_over:
                    break
                legal = s.legal_actions()
                if s.sequence in ("2B", "2X") and s.trip is None and s.ship is None:
                    p = s.current_player
                    for a in legal:
                        if isinstance(a, Load):
                            t = s.copy()
                            t.apply(a)
                            flights = {x.hex for x in t.legal_actions() if isinstance(x, Fly)}
                            assert flights == set(s.trip_destinations(p, a.hex)), (s.notation(), a)
                            checked += 1
                s.apply(rng.choice(legal))
        assert checked > 20

    def test_space_travel_destinations_read_only_public_information(self):
        checked = 0
        for seed, opts in ((5, {}), (6, {"layout": "twin", "unexplored": True}), (7, {"clan_powers": True})):
            rng = random.Random(seed)
            s = sp.new_game(players=3, seed=seed, max_rounds=2, **opts)
            for step in range(1500):
                if s.is_over:
                    break
                if step % 25 == 0 and s.sequence not in ("layout",):
                    views = [sp.SpacePigsState.from_view(s.view_dict(v)) for v in (-1, 0, 1, 2)]
                    for p in range(3):
                        for h in range(len(s.hexes)):
                            want = s.trip_destinations(p, h)
                            assert all(v.trip_destinations(p, h) == want for v in views), (s.notation(), p, h)
                            assert all(v.can_land(p, h) == s.can_land(p, h) for v in views)
                    checked += 1
                s.apply(rng.choice(s.legal_actions()))
        assert checked > 10

    def test_space_travel_destinations_reject_a_bad_player_or_hex(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=2,2,2", {0: "a3", 1: "b3", 6: "c3"})
        for player, hexy in ((3, 0), (-1, 0), (0, 7), (0, -1), (True, 0), (0, "1")):
            with pytest.raises(ValueError):
                s.trip_destinations(player, hexy)
            with pytest.raises(ValueError):
                s.can_land(player, hexy)


# =============================================================================== Simplified rules
class TestSimplifiedRules:
    def test_simple_rules_public_recipe_no_royal_pig_three_trips(self):
        s = sp.new_game(players=3, seed=1, rules="simple_b")
        assert s.player_view(1).clans[0].recipe == tuple(s.recipes[0])
        s = play_until(s, lambda x: x.sequence == "2B")
        assert s.trips == [3, 3, 3] and s.royal_pig == -1
        assert len(s.hands[0]) == 4

    def test_simple_b_deck(self):
        s = sp.new_game(players=3, seed=1, rules="simple_b")
        deck = Counter(CARDS[c].key for c in s.deck)
        assert deck["combat"] == 30 and deck["displacement"] == 8 and deck["extra_move"] == 3
        assert sum(deck.values()) == 46

    def test_simple_a_starts_apart_and_asteroid_roll(self):
        s = sp.new_game(players=3, seed=1, rules="simple_a")
        assert len(s.hands[0]) == 0
        s = play_until(s, lambda x: x.sequence == "start")
        p = s.current_player
        s.apply(s.legal_actions()[0])
        first = [h for h in range(len(s.occupants)) if s.occupants[h]][0]
        for a in s.legal_actions():
            assert a.hex not in s.adj()[first]
        t = pos("rules=simple_a turn=2 seq=2B order=123 trips=3,3,3", {0: "a4", 3: "b2", 6: "c2"})
        t.apply(Load(0, 0, False))
        t.apply(Load(0, 0, False))
        t.dice.script([6])
        ev = t.apply(Fly(0, 2))
        assert "asteroid" in kinds(ev) and t.troops_on(2)[0]["piglets"] == 4
        t.apply(Load(0, 0, False))
        t.dice.script([1])
        t.apply(Fly(0, 5))
        assert t.troops_on(5) == []

    def test_simple_a_no_aliens_no_election(self):
        s = sp.new_game(players=3, seed=2, rules="simple_a", max_rounds=2)
        rng = random.Random(0)
        seqs = set()
        while not s.is_over:
            seqs.add(s.sequence)
            s.apply(rng.choice(s.legal_actions()))
        assert not seqs & {"1E", "3C", "4B", "4C", "2A"}


# =============================================================================== Clan powers and options
class TestClanPowersAndOptions:
    def test_clan_powers_not_on_turn_one_and_once_per_turn(self):
        s = pos("turn=1 seq=2B order=123 rp=1 trips=2,2,2 clans=Sc,Po,Hy opts=clan_powers", {0: "a3", 1: "b3", 6: "c3"})
        assert not any(isinstance(a, UsePower) for a in s.legal_actions())
        s = pos("turn=2 seq=2B order=123 rp=1 trips=2,2,2 clans=Sc,Po,Hy opts=clan_powers", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(UsePower(0, "extra_move", 0))
        assert s.trips[0] == 3
        assert UsePower(0, "extra_move", 0) not in s.legal_actions()
        rejects(s, UsePower(0, "extra_move", 0), "once per turn")

    def test_porcus_hand_of_eight(self):
        s = pos("turn=2 seq=1A order=123 rp=1 clans=Po,Sc,Hy opts=clan_powers", {0: "a3", 1: "b3", 6: "c3"})
        assert len(s.hands[0]) == 8 and len(s.hands[1]) == 6

    def test_phacocherus_wins_a_tie(self):
        s = pos("turn=2 seq=3A order=123 rp=1 clans=Ph,Sc,Hy opts=clan_powers", {0: "a2:b2", 6: "c3"}, script=[4, 4])
        assert s.current_player == 0 and UsePower(0, "win_tie", 0) in s.legal_actions()
        ev = s.apply(UsePower(0, "win_tie", 0))
        first = [e for e in ev if e.kind == "round"][0]
        assert first.data["winner"] == "defender" and first.data["round"] == 1

    def test_seventh_planet_adds_one_colour(self):
        s = sp.new_game(players=4, seed=3, seventh_planet=True)
        for p in range(4):
            assert sum(s.recipe(p)) == 7
        assert s.player_view(0).clans[1].seventh == "?"


# =============================================================================== the protocol
class TestProtocol:
    @pytest.mark.parametrize("config", [{"players": 4, "max_rounds": 2, "clan_powers": True},
                                        {"players": 3, "max_rounds": 1, "layout": "twin", "unexplored": True}])
    def test_notation_round_trips_at_every_step(self, config):
        """Mid-layout, mid-deployment, mid-trip, targets being chosen, aliens waiting: the notation
        of a position written and read back reads the same."""
        rng = random.Random(7)
        s = sp.new_game(seed=7, **config)
        while not s.is_over:
            text = s.notation()
            assert sp.from_notation(text).notation() == text, s.sequence
            s.apply(rng.choice(s.legal_actions()))

    def test_not_your_decision(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=2,2,2", {0: "a3", 1: "b3", 6: "c3"})
        with pytest.raises(NotYourDecision):
            s.apply(Done(1))

    def test_illegal_actions_name_the_rule_and_section(self):
        s = pos("turn=2 seq=2B order=123 rp=1 trips=2,2,2", {0: "a3", 1: "b3", 6: "c3"})
        err = rejects(s, Deploy(0, 0, False), "Deploy Colonists")
        assert err.section == "Phase 1, Sequence D: Deploy Colonists"
        rejects(s, Load(0, 1, False), "no troops on H1")
        rejects(s, Load(0, 99, False), "no hex")
        rejects(s, UsePower(0, "swap", 0), "not in use")
        rejects(s, Vote(0, 1), "Election")

    def test_notation_round_trip(self):
        s = play_until(sp.new_game(players=4, seed=7), lambda x: x.sequence == "2B")
        text = s.notation()
        again = sp.from_notation(text)
        assert again.notation() == text

    def test_bad_notation_raises_value_error(self):
        with pytest.raises(ValueError):
            sp.from_notation("SP1 n=9 | 0,0:Pr")
        with pytest.raises(ValueError):
            sp.from_notation("chess")

    def test_player_view_hides_hands_and_dice(self):
        s = play_until(sp.new_game(players=3, seed=1), lambda x: x.sequence == "2A")
        v = s.player_view(0)
        assert list(v.clans[0].hand) == s.hands[0] and v.clans[1].hand is None and v.clans[1].cards == len(s.hands[1])
        assert "dice" not in v.to_dict() and isinstance(v.deck, int)

    def test_readings_and_sources_listed(self):
        rs = sp.readings()
        assert len(rs) > 20
        assert all(r["source"] in ("house", "rulebook", "published") and r["reading"] for r in rs)
        assert RULES["hex_mix"]["5"]["source"] == "house" and RULES["hex_mix"]["6"]["source"] == "house"

    def test_cards_thirty_combat_fifty_events(self):
        assert sum(1 for c in CARDS if c.kind == "combat") == 30
        assert sum(1 for c in CARDS if c.kind == "event") == 50
        seqs = {"1A", "1B", "1D", "2A", "2B", "3A", "3C", "4B", "4C"}
        assert all(c.sequence in seqs for c in CARDS if c.kind == "event")
