"""Space Pigs rule tests, phases 3 and 4 and elimination, by rulebook section (the positions and helpers of test_space_pigs_rules)."""

from __future__ import annotations


import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import CallVoter, Done, Flee, MoveAliens, PlayCard, Redeploy, ReturnTo, Stand, Stay, Vote
from livestock_notebooks.space_pigs.data import CARDS
from livestock_notebooks.space_pigs.board import WORM
from test_space_pigs_rules import card_id, combat_card, kinds, pos  # noqa: F401 (helpers and fixtures)


# =============================================================================== Phase 3 A: Combat
class TestCombat:
    def test_combat_strength_die_and_extra_troops(self):
        # attacker b: 2 piglets and a hog -> 1d8 + 2; defender a: 3 piglets -> 1d6 + 2
        s = pos("turn=2 seq=3A order=123 rp=1", {0: "a3:b2h1", 6: "c3"}, script=[8, 6])
        rnd = [e for e in s.start_events if e.kind == "round"][0]
        assert rnd.data["attacker_total"] == 10 and rnd.data["defender_total"] == 8
        assert rnd.data["winner"] == "attacker"
        with pytest.raises(ValueError):  # an 8 does not fit the defender's d6: piglets only roll 1d6
            pos("turn=2 seq=3A order=123 rp=1", {0: "a3:b2h1", 6: "c3"}, script=[1, 8])

    def test_combat_round_uses_shared_odds_model(self):
        s = pos("turn=2 seq=3A order=123 rp=1 hands=0//", {0: "a3:b2h1", 1: "a1", 6: "c3"})
        assert s.current_player == 0 and s.combat.stage == "cards_d"
        s.dice.script([5, 6])
        events = s.apply(Done(0))  # the attacker holds no card: reveal and round 1 follow
        rounds = [e for e in events if e.kind == "round"]
        assert rounds[0].data["attacker_roll"] == [5] and rounds[0].data["defender_roll"] == [6]
        assert rounds[0].data["attacker_total"] == 7 and rounds[0].data["defender_total"] == 8
        assert rounds[0].data["winner"] == "defender"
        assert s.troops_on(0)[1] == {"player": 1, "piglets": 1, "hogs": 1}  # piglets die before hogs

    def test_combat_tie_makes_no_victim(self):
        s = pos("turn=2 seq=3A order=123 rp=1 hands=0//", {0: "a2:b2", 1: "a1", 6: "c3"})
        s.dice.script([4, 4])
        events = s.apply(Done(0))
        rnd = [e for e in events if e.kind == "round"][0]
        assert rnd.data["winner"] == "tie"
        assert [o["piglets"] for o in s.troops_on(0)] == [2, 2]

    def test_combat_cards_face_down_defender_first(self):
        c0, c1, spare = combat_card(0), combat_card(1), combat_card(0, 1)
        s = pos(f"turn=2 seq=3A order=123 rp=1 hands={c0}.{spare}/{c1}.{combat_card(1, 1)}/", {0: "a3:b2", 6: "c3"})
        assert s.current_player == 0  # the defender chooses first
        s.apply(PlayCard(0, c0))
        assert s.player_view(1).combat.defender_card_count == 1 and not s.player_view(1).combat.defender_cards  # the attacker sees only how many
        s.apply(Done(0))
        assert s.current_player == 1
        s.apply(PlayCard(1, c1))
        ev = s.apply(Done(1))
        rev = [e for e in ev if e.kind == "reveal_cards"][0]
        assert rev.irreversible and rev.data["defender_cards"] == [c0] and rev.data["attacker_cards"] == [c1]
        assert rev.data["attack_bonus"] == CARDS[c1].attack and rev.data["defense_bonus"] == CARDS[c0].defense

    def test_technology_index_six_wipes_out_the_hex(self):
        big = [c.id for c in CARDS if c.kind == "combat" and c.tech >= 3][:2]
        s = pos(f"turn=2 seq=3A order=123 rp=1 hands={big[0]}.0/{big[1]}.1/", {0: "a3:b2", 1: "a2", 6: "c3"})
        s.apply(PlayCard(0, big[0]))
        s.apply(Done(0))
        s.apply(PlayCard(1, big[1]))
        ev = s.apply(Done(1))
        assert CARDS[big[0]].tech + CARDS[big[1]].tech >= 6
        assert "wipeout" in kinds(ev)
        assert s.troops_on(0) == []

    def test_fleeing_only_from_round_two_to_adjacent_own_hex(self):
        s = pos("turn=2 seq=3A order=123 rp=1", {0: "a3:b3", 1: "a1", 6: "c3"}, script=[3, 3])
        # round 1 (tie) was fought; round 2 starts with the defender's choice
        assert s.combat.round == 2 and s.current_player == 0
        assert set(s.legal_actions()) == {Flee(0, 1), Stay(0)}
        s.apply(Flee(0, 1))
        assert s.owner(0) == 1 and s.troops_on(1)[0]["piglets"] == 4

    def test_fleeing_impossible_without_own_neighbour(self):
        s = pos("turn=2 seq=3A order=123 rp=1", {0: "a3:b3", 6: "c3"}, script=[3, 3])
        assert s.combat is None  # nobody could flee: the combat was fought to the end at once
        assert len(s.troops_on(0)) == 1

    def test_multiple_attackers_resolved_in_order_of_play(self):
        s = pos("turn=2 seq=3A order=321 rp=1 hands=0.1.2//", {0: "a1:b2:c2", 6: "c1", 3: "b1"})
        assert s.combat.attacker == 2 and s.combat.defender == 0  # P3 plays first, so his attack comes first

    def test_pigs_attack_aliens_and_porcophages_grow(self):
        # b lands on a porcophage; the pack wins round 1 (8 against 1), kills a piglet and grows
        s = pos("turn=2 seq=3A order=123 rp=1", {2: "por1:b3", 0: "a3", 6: "c3"}, script=[1, 8])
        rnd = [e for e in s.start_events if e.kind == "round"][0]
        assert rnd.data["winner"] == "defender" and "another porcophage" in rnd.text


# =============================================================================== Phase 3 B: Redeployment
class TestRedeployment:
    def test_redeploy_one_hex_between_own_hexes_once(self):
        s = pos("turn=2 seq=3B order=123 rp=1", {0: "a3", 1: "a1", 3: "a1", 6: "c3", 4: "b3"})
        moves = {(a.src, a.dst) for a in s.legal_actions() if isinstance(a, Redeploy)}
        assert (0, 1) in moves and (0, 3) in moves and (1, 3) in moves
        assert all(d != 4 for _, d in moves)
        s.apply(Redeploy(0, 0, 1, False))
        # the redeployed piglet cannot move again: H1 has only its original piglet to move
        s.apply(Redeploy(0, 1, 3, False))
        assert not any(isinstance(a, Redeploy) and a.src == 1 for a in s.legal_actions())


# =============================================================================== Phase 3 C: Aliens move and fight
class TestAlienTravelAndCombat:
    def test_alien_move_whole_stack_within_range(self):
        s = pos("turn=2 seq=3C order=123 rp=2", {5: "pir2", 0: "a3", 6: "c3", 1: "b2"})
        assert s.current_player == 1
        dests = {a.dst for a in s.legal_actions() if isinstance(a, MoveAliens)}
        assert dests == {0, 1, 2, 3, 4, 6}  # pirates move 3 hexes: the whole small galaxy

    def test_alien_worm_devours_empty_planet(self):
        s = pos("turn=2 seq=3C order=123 rp=1", {2: "worm", 1: "a3", 4: "b3", 5: "c3"})
        assert {a.dst for a in s.legal_actions() if isinstance(a, MoveAliens)} == {0, 6}
        ev = s.apply(MoveAliens(0, 2, 6))
        assert "devour" in kinds(ev)
        assert s.hexes[6]["kind"] == "asteroid" and s.worm_eaten == 1 and s._alien_count(WORM) == 0

    def test_alien_combat_pigs_may_flee_aliens_may_not(self):
        s = pos("turn=2 seq=3C order=123 rp=2", {2: "pir1", 0: "a3", 1: "a1", 6: "c3", 4: "b2"}, script=[5, 3])
        s.apply(MoveAliens(1, 2, 0))
        assert s.combat.round == 2 and s.current_player == 0
        assert Flee(0, 1) in s.legal_actions()

    def test_no_alien_move_on_turn_one(self):
        s = pos("turn=1 seq=3C order=123", {2: "pir1", 0: "a3", 6: "c3", 4: "b2"})
        assert s.sequence != "3C"


# =============================================================================== Phase 4: production, victory, election
class TestRoyalPigElection:
    def test_acorn_production_double_planet_two_asteroid_none(self):
        s = pos("turn=1 seq=4A order=123", {4: "a1", 5: "a1", 0: "a1", 6: "c3", 1: "b3"})
        assert s.acorns[0] == [3, 0, 0]
        assert s.acorns[1] == [0, 1, 0]

    def test_victory_never_on_turn_one(self):
        s = pos("turn=1 seq=4A order=123 recipes=111,321,123", {0: "a1", 1: "a1", 3: "a1", 6: "c3"})
        assert not s.is_over

    def test_victory_by_recipe_ties_by_order_of_play(self):
        s = pos("turn=2 seq=4A order=231 rp=1 recipes=100,010,001", {0: "a1", 1: "b1", 3: "c1"})
        assert s.is_over and s.winners == [1]

    def test_governors_one_per_acorn_and_cards(self):
        baron = card_id("baron")
        s = pos(f"turn=2 seq=4B order=123 rp=1 hands={baron}//", {4: "a1", 0: "a1", 6: "c3", 1: "b3"})
        assert s.governors[:3] == [3, 1, 1]
        s.apply(PlayCard(0, baron))
        assert s.governors[0] == 5

    def test_election_candidates_undivided_votes_and_factions(self):
        s = pos("turn=2 seq=4C order=123 rp=3", {4: "a1", 0: "a1", 6: "c3", 1: "b3"})
        s.apply(Stand(0, True))
        s.apply(Stand(1, True))
        s.apply(Stand(2, False))
        assert s.current_player == 2  # the Royal Pig calls the vote
        acts = s.legal_actions()
        assert Vote(2, 0) in acts and CallVoter(2, 1) in acts and Vote(2, 2) not in acts
        s.apply(CallVoter(2, 1))
        assert s.current_player == 1
        s.apply(Vote(1, 1))
        # the Royal Pig did not vote first: he votes last, after calling everyone
        assert all(isinstance(a, CallVoter) for a in s.legal_actions())
        s.apply(CallVoter(2, 0))
        s.apply(Vote(0, 0))
        assert s.legal_actions() == [Vote(2, 0), Vote(2, 1)]
        ev = s.apply(Vote(2, 1))
        # a has 3 governors (double planet + planet); b gets 1 + 1 = 2: a is the Royal Pig
        assert s.royal_pig == 0 and "election" in kinds(ev)
        assert s.faction == [0, 1, 1]

    def test_election_tie_goes_to_order_of_play(self):
        s = pos("turn=2 seq=4C order=213 rp=1", {0: "a1", 6: "c1", 1: "b1"})
        for p in (1, 0, 2):
            s.apply(Stand(p, True))
        s.apply(Vote(0, 0))
        for v in (1, 2):
            s.apply(CallVoter(0, v))
            s.apply(Vote(v, v))
        assert s.royal_pig == 1  # 1-1-1: b plays first
        assert s.faction == [0, 1, 2]

    def test_ugliness_offence_bars_a_candidate(self):
        delit = card_id("delit")
        s = pos(f"turn=2 seq=4C order=123 rp=1 hands={delit}//", {0: "a1", 6: "c1", 1: "b1"})
        s.apply(PlayCard(0, delit))
        s.apply(sp.ChoosePlayer(0, 1))
        s.apply(Stand(0, True))
        assert s.legal_actions() == [Stand(1, False)]


# =============================================================================== Elimination
class TestElimination:
    def test_elimination_at_one_troop_and_return_on_the_rim(self):
        s = pos("turn=2 seq=3A order=123 rp=1 used=23,,", {0: "a1:b4", 2: "a1", 6: "c3", 1: "b1"}, script=[6, 1])
        assert s.out[0]
        assert s.troop_count(0) == 0 and s.used[0] == []
        s2 = pos("turn=3 seq=return order=123 rp=2 out=1", {6: "c3", 1: "b1"})
        assert s2.current_player == 0
        opts = {a.hex for a in s2.legal_actions()}
        rim = {h["index"] for h in s2.hexes if h["rim"]}
        assert opts and opts <= rim and not any(s2.occupants[h] for h in opts)
        s2.apply(ReturnTo(0, sorted(opts)[0]))
        assert not s2.out[0] and s2.troop_count(0) == 5
