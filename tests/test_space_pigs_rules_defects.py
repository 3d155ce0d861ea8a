"""Space Pigs rules defects of issue 11, one regression test each, grouped by rulebook section."""
from __future__ import annotations

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import ChoosePlayer, Done, Fly, Load, MoveAliens, PlayCard, UsePower
from livestock_notebooks.space_pigs.board import PORCOPHAGES, WORM
from livestock_notebooks.space_pigs.data import CARDS

# the small galaxy and helpers of test_space_pigs_rules
from test_space_pigs_rules import CELLS, card_id, pos  # noqa: E402,F401


def planets(s) -> int:
    return sum(1 for h in s.hexes if h["kind"] in ("planet", "double planet"))


class TestTheAcornWorm:
    def test_acorn_worm_leaves_play_for_good_after_its_third_planet(self):
        # two worms on the board, two planets eaten: the first to eat its third planet takes
        # every worm out of play, so the other never eats a fourth
        s = pos("turn=2 seq=3C order=123 rp=1 worm=2", {2: "worm", 5: "worm", 1: "a3", 4: "b3", 3: "c3"})
        before = planets(s)
        ev = s.apply(MoveAliens(0, 2, 6))
        assert s.worm_eaten == 3 and planets(s) == before - 1
        assert s._alien_count(WORM) == 0 and s.troops_on(5) == []
        assert any(e.kind == "worm_gone" and "for good" in e.text for e in ev)
        # the game goes on without the worm: no later turn can see a fourth planet eaten
        assert s.sequence != "3C" or not any(isinstance(a, MoveAliens) for a in s.legal_actions())

    def test_acorn_worm_left_on_the_board_after_three_planets_never_moves(self):
        s = pos("turn=2 seq=3C order=123 rp=1 worm=3", {2: "worm", 1: "a3", 4: "b3", 3: "c3"})
        assert not any(isinstance(a, MoveAliens) and a.src == 2 for a in s.legal_actions())
        assert s.worm_eaten == 3 and planets(s) == 5


class TestSpaceTravelResolution:
    def test_pinning_holds_back_the_troops_that_just_arrived(self):
        # P1 lands 2 on P2's planet H1 (3 piglets); P2 then brings 2 more from H4. Two are pinned,
        # and they may be the two that just arrived: all three that started there may leave.
        s = pos("turn=2 seq=2B order=123 rp=1 trips=1,2,1", {0: "a3", 1: "b3", 4: "b2", 6: "c3"})
        s.apply(Load(0, 0, False))
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 1))
        if s.current_player == 0:
            s.apply(Done(0))
        s.apply(Load(1, 4, False))
        s.apply(Load(1, 4, False))
        s.apply(Fly(1, 1))
        assert s.movable(1, 1) == (3, 0, 3)
        for _ in range(3):
            assert Load(1, 1, False) in s.legal_actions()
            s.apply(Load(1, 1, False))
        s.apply(Fly(1, 3))
        held = [o for o in s.troops_on(1) if o.get("player") == 1]
        assert held and held[0]["piglets"] == 2  # the two arrivals hold the planet against two attackers


class TestTheExtraMouveCard:
    def test_extra_move_deferred_survives_the_elimination_of_the_player_it_follows(self):
        # P1 defers his extra trip until after P2; P2 loses his last troops on an asteroid during
        # his own travel (Simplified Rules A): P1 still makes the trip, before P3
        em = card_id("extra_move")
        s = pos(f"rules=simple_a turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={em}//",
                {6: "a3", 0: "b2", 3: "c3"})
        s.apply(PlayCard(0, em))
        s.apply(ChoosePlayer(0, 1))
        s.apply(Done(0))
        s.apply(Load(1, 0, False))
        s.apply(Load(1, 0, False))
        s.dice.script([1])
        s.apply(Fly(1, 2))
        assert s.out[1]
        assert s.current_player == 0 and s.trips[0] == 1
        s.apply(Load(0, 6, False))
        s.apply(Fly(0, 2))
        assert any(o.get("player") == 0 for o in s.troops_on(2))


class TestCombatResolution:
    def test_porcophage_pack_grows_only_with_markers_left(self):
        # all six porcophage markers are on the board: the pack kills a piglet but cannot grow
        s = pos("turn=2 seq=3A order=123 rp=1", {2: "por1:b3", 5: "por3", 4: "por2", 0: "a3", 6: "c3"},
                script=[1, 8])
        rnd = [e for e in s.start_events if e.kind == "round"][0]
        assert rnd.data["winner"] == "defender" and "another porcophage" not in rnd.text
        assert all("another porcophage" not in e.text for e in s.start_events)
        assert s._alien_count(PORCOPHAGES) <= 6

    def test_porcophage_pack_grows_with_a_marker_left(self):
        s = pos("turn=2 seq=3A order=123 rp=1", {2: "por1:b3", 5: "por3", 4: "por1", 0: "a3", 6: "c3"},
                script=[1, 8])
        rnd = [e for e in s.start_events if e.kind == "round"][0]
        assert "another porcophage" in rnd.text and s._alien_count(PORCOPHAGES) <= 6


class TestChoBokoTheAlien:
    def test_cho_boko_not_offered_in_alien_combats(self):
        cho = card_id("cho_boko")
        comb = [c.id for c in CARDS if c.kind == "combat"][0]
        s = pos(f"turn=2 seq=3C order=123 rp=2 hands={cho}.{comb}//", {2: "pir1", 0: "a3", 1: "a1", 6: "c3", 4: "b2"})
        assert s.current_player == 0 and PlayCard(0, cho) in s.legal_actions()  # its own window: yes
        s.apply(Done(0))
        s.apply(MoveAliens(1, 2, 0))
        assert s.combat is not None and s.current_player == 0
        legal = s.legal_actions()
        assert PlayCard(0, comb) in legal and PlayCard(0, cho) not in legal


class TestFleeing:
    def test_flee_before_round_one_names_its_hex(self):
        assert "H3" in str(UsePower(0, "flee_first", 3))
        assert str(UsePower(0, "flee_first", 3)) != str(UsePower(0, "flee_first", 4))
