"""Livestock Uprising rule tests: Super Army (the positions and helpers of test_livestock_rules)."""

from __future__ import annotations


import pytest

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising import data as D
from test_livestock_rules import illegal, kinds, names, pos, three_player_board, with_card  # noqa: F401 (helpers and fixtures)


# =========================================================================== Super Army
class TestSuperArmy:
    def test_super_army_needs_all_generals_in_barn(self):
        s = pos("b3:s,a3:s,a3,e3,e3,e3")
        assert lu.DeclareSuperArmy() not in s.legal_actions()
        illegal(s, lu.DeclareSuperArmy(), "Super Army", "all your Generals")

    def test_super_army_needs_a_unit(self):
        s = pos("a3,a3,a3,e3,e3,e3")
        illegal(s, lu.DeclareSuperArmy(), "Super Army", "at least one unit")

    def test_super_army_forms(self):
        s = pos("a3:ss,a3:d,a3:l,e3,e3,e3", res="5.1.0.0.0,0.0.0.0.0", cards="a,b|cde")
        events = s.apply(lu.DeclareSuperArmy())
        assert s.phase_name == "super"
        assert lu.Marshal("sheep", "Cluck") in s.legal_actions()
        s.apply(lu.Marshal("sheep", "Cluck"))
        events = s.apply(lu.FormSuperArmy())
        assert s.is_super_army(0)
        assert s.army("Pecky") == ["sheep", "sheep", "sheep", "donkey", "llama"]
        assert [g["status"] for g in s.generals[:3]] == ["active", "merged", "merged"]
        assert s.resources[0] == dict.fromkeys(D.RESOURCES, 0)
        assert s.resource_supply["grass"] == 25
        assert s.hand(0) == ["battle_cry", "overrun"]  # the top set-aside card
        assert any(e.kind == "draw" and e.irreversible for e in events)
        assert s.phase_name == "action"
        assert s.generals[0]["super"] and s.generals[0]["steps"] == 2

    def test_super_army_cannot_harvest(self):
        s = pos("*a1:ss,-,-,e3,e3,e3", turn="0/harvest/0/0")
        assert names(s.legal_actions()) == ["End the harvest phase"]
        illegal(s, lu.Harvest("Pecky", "grass"), "Super Army Rules", "cannot harvest")

    def test_super_army_moves_two(self):
        s = pos("*b3:ss,-,-,e3,e3,e3")
        s.apply(lu.Move("Pecky", "b3", "c3"))
        s.apply(lu.Move("Pecky", "c3", "d3"))
        illegal(s, lu.Move("Pecky", "d3", "d2"), "Move", "no move left")

    def test_super_army_rolls_two_dice_natural_two_loses(self):
        s = pos("*c3:hhh,-,-,c4:s,e3,e3")
        s.dice.script([1, 1, 1])
        events = s.apply(lu.Attack("Pecky", "c3", "c4"))
        battle = next(e for e in events if e.kind == "battle")
        assert battle.data["attacker_dice"] == [1, 1] and battle.data["outcome"] == "defender"

    def test_super_army_natural_twelve_wins_and_causes_two_casualties(self):
        s = pos("*c3:s,-,-,c4:ooo,e3,e3")
        s.dice.script([6, 6, 6])
        s.apply(lu.Attack("Pecky", "c3", "c4"))
        assert s.army("Bessie") == ["oxen"]
        assert s.pending["kind"] == "retreat"

    def test_super_army_defending_causes_two_casualties(self):
        s = pos("c3:sssd,a3,a3,*c4:o,-,-")
        s.dice.script([1, 3, 3])
        s.apply(lu.Attack("Pecky", "c3", "c4"))
        s.apply(lu.Casualty("Pecky", "sheep"))
        s.apply(lu.Casualty("Pecky", "sheep"))
        assert s.army("Pecky") == ["sheep", "donkey"]

    def test_super_army_destroys_troopless_general(self):
        s = pos("*c3:d,-,-,c4,c5:s,e3")
        events = s.apply(lu.Attack("Pecky", "c3", "c4"))
        assert "destroyed" in kinds(events) and "battle" not in kinds(events)
        assert s.generals[3]["status"] == "destroyed" and s.generals[3]["square"] is None
        assert s.general_at("c4") == ["Pecky"]

    def test_super_army_attacks_generals_in_a_barn_as_one(self):
        # a full barn: all three Cows in their barn; the Super Army attacks from d3
        s = pos("*d3:hhh,-,-,e3:s,e3:o,e3")
        legal = s.legal_actions()
        assert lu.Attack("Pecky", "d3", "e3") in legal
        assert lu.Move("Pecky", "d3", "e3") not in legal
        s.dice.script([5, 5, 1])
        events = s.apply(lu.Attack("Pecky", "d3", "e3"))
        # Moolinda has no units: destroyed; Bessie and Angus defend as one (defense 1 + 4)
        assert s.generals[5]["status"] == "destroyed"
        battle = next(e for e in events if e.kind == "battle")
        assert battle.data["defense"] == 5 and battle.data["outcome"] == "attacker"
        assert s.pending["kind"] == "casualty" and s.current_player == 1
        s.apply(lu.Casualty("Bessie", "sheep"))  # the second casualty has one choice left: taken at once
        assert s.army("Angus") == [] and s.pending is None
        assert s.general_at("e3") == ["Bessie", "Angus"] and s.general_at("d3") == ["Pecky"]

    def test_super_army_forming_with_one_unit_reads_singular(self):
        s = pos("a3:s,a3,a3,c4:s,e3,e3")
        s.apply(lu.DeclareSuperArmy())
        event = next(e for e in s.apply(lu.FormSuperArmy()) if e.kind == "super")
        assert "forms with 1 unit (" in event.text

    def test_super_army_in_a_barn_on_the_text_board(self):
        # a barn holding several Generals: its digit and the count must not run together ("13G")
        s = pos("c3:d,a3,a3,c4:s,e3,e3")
        row = s.render().splitlines()[3]
        assert "0:2G" in row and "13G" not in s.render() and "02G" not in row

    def test_super_army_keeps_a_forced_march_played_before_it_forms(self):
        s = with_card("forced_march", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.PlayCard("forced_march", general="Pecky"))
        s.apply(lu.DeclareSuperArmy())
        s.apply(lu.FormSuperArmy())
        s.apply(lu.Move("Pecky", "a3", "b3"))
        s.apply(lu.Move("Pecky", "b3", "c3"))
        assert lu.Attack("Pecky", "c3", "c4") in s.legal_actions()  # the third move of the card is still there

    @pytest.mark.parametrize("key", ["bumper_crop", "supply_wagon"])
    def test_super_army_is_not_offered_cards_it_cannot_use(self, key):
        for phase in sorted(D.CARD_PHASES[D.CARD_CODE[key]]):
            s = with_card(key, "*c3:d,-,-,c5:s,e3,e3", turn=f"0/{phase}/0/0")
            assert not any(isinstance(a, lu.PlayCard) for a in s.legal_actions()), phase
            illegal(s, lu.PlayCard(key), "Super Army Rules", "wasted")
        s = with_card(key, "a1:d,a3,a3,c5:s,e3,e3", turn="0/harvest/0/0")  # an ordinary General may (on grass)
        assert lu.PlayCard(key) in s.legal_actions()

    def test_super_army_second_wind_not_offered_when_wasted(self):
        # while the army forms (declared, not yet formed) its Generals are merging: no card is played
        s = with_card("second_wind", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.DeclareSuperArmy())
        assert not any(isinstance(a, lu.PlayCard) for a in s.legal_actions())
        illegal(s, lu.PlayCard("second_wind", general="Henrietta"), "Super Army", "until the Super Army has formed")

    def test_super_army_second_wind_played_before_it_forms_gives_it_its_action(self):
        # without the card: a General stayed, so the army formed afterwards waits, and the log says so
        s = with_card("second_wind", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.DeclareSuperArmy())
        event = next(e for e in s.apply(lu.FormSuperArmy()) if e.kind == "super")
        assert "does not act this turn (a General already acted)" in event.text and event.data["acts"] is False
        assert not any(isinstance(a, lu.Move) for a in s.legal_actions())
        # with it: the action the card gave back is not lost when the Generals merge
        s = with_card("second_wind", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.PlayCard("second_wind", general="Henrietta"))
        s.apply(lu.DeclareSuperArmy())
        event = next(e for e in s.apply(lu.FormSuperArmy()) if e.kind == "super")
        assert "does not act" not in event.text and event.data["acts"] is True
        s.apply(lu.Move("Pecky", "a3", "b3"))
        s.apply(lu.Move("Pecky", "b3", "c3"))
        assert lu.Attack("Pecky", "c3", "c4") not in s.legal_actions()  # two moves, as any Super Army

    def test_super_army_second_wind_action_spent_before_it_forms_is_said(self):
        # the card's action is used by a General acting again: the army waits, and the log says so
        s = with_card("second_wind", "a3:s,a3:d,a2,c4:s,e3,e3")
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.PlayCard("second_wind", general="Henrietta"))
        s.apply(lu.Move("Cluck", "a2", "a3"))
        s.apply(lu.DeclareSuperArmy())
        event = next(e for e in s.apply(lu.FormSuperArmy()) if e.kind == "super")
        assert "does not act this turn (a General already acted)" in event.text and s.generals[0]["done"]

    def test_super_army_second_wind_on_a_waiting_super_army(self):
        s = with_card("second_wind", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.DeclareSuperArmy())
        s.apply(lu.FormSuperArmy())
        assert lu.PlayCard("second_wind", general="Pecky") in s.legal_actions()
        event = s.apply(lu.PlayCard("second_wind", general="Pecky"))[-1]
        assert event.text.endswith("plays Second Wind on the Chickens Super Army")
        assert s.generals[0]["steps"] == D.SUPER_MOVES and not s.generals[0]["done"]
        assert lu.Move("Pecky", "a3", "b3") in s.legal_actions()

    def test_super_army_forming_says_a_forced_march_is_lost(self):
        s = with_card("forced_march", "a3:s,a3:d,a3,c4:s,e3,e3")
        s.apply(lu.PlayCard("forced_march", general="Pecky"))
        s.apply(lu.Stay("Henrietta"))
        s.apply(lu.DeclareSuperArmy())
        event = next(e for e in s.apply(lu.FormSuperArmy()) if e.kind == "super")
        assert "(the extra 1 move a card gave is lost)" in event.text

    def test_super_army_may_enter_another_barn(self):
        # an empty barn: the Super Army walks in; nobody else may (and its owner cannot come home)
        s = pos("*d3:hhh,-,-,c5:s,c4:s,b4:s")
        assert lu.Move("Pecky", "d3", "e3") in s.legal_actions()
        illegal(s, lu.Attack("Pecky", "d3", "e3"), "Super Army Rules", "empty")
        s.apply(lu.Move("Pecky", "d3", "e3"))
        assert s.general_at("e3") == ["Pecky"] and not s.invariant_violations()
        assert lu.load(s.to_json()).general_at("e3") == ["Pecky"]
        s = pos("*e3:hhh,-,-,d3:s,e4:s,b4:s", turn="1/action/0/0")
        assert lu.Move("Bessie", "d3", "e3") not in s.legal_actions()
        illegal(s, lu.Move("Bessie", "d3", "e3"), "Super Army Rules", "holds your barn")

    def test_super_army_may_enter_another_barn_it_empties(self):
        # an occupied barn: the Super Army attacks; the troopless Generals are destroyed and it moves in
        s = pos("*d3:hhh,-,-,e3,e3,c5:s")
        assert lu.Move("Pecky", "d3", "e3") not in s.legal_actions()
        s.apply(lu.Attack("Pecky", "d3", "e3"))
        assert s.generals[3]["status"] == s.generals[4]["status"] == "destroyed"
        assert s.general_at("e3") == ["Pecky"] and not s.invariant_violations()

    def test_super_army_without_units_owner_is_out(self):
        s = pos("c3:ooo,a3,a3,*c4:s,-,-")
        s.dice.script([6, 1, 2])
        events = s.apply(lu.Attack("Pecky", "c3", "c4"))
        assert "out" in kinds(events) and "win" in kinds(events)
        assert s.is_over and s.winners == [0] and s.current_player is None
        assert s.legal_actions() == []
        assert s.troop_supply["sheep"] == D.TROOP_COUNTS[0]

    def test_super_army_attacker_loses_everything_turn_passes(self):
        board = three_player_board()
        s = pos("*c4:s,-,-,c5:ooo,c2,c2,e6,e6,e6", factions="Ch,Co,Go", board=board,
                res="0.0.0.0.0,0.0.0.0.0,0.0.0.0.0", cards="-,-,-|")
        s.dice.script([3, 4, 6])
        events = s.apply(lu.Attack("Pecky", "c4", "c5"))
        assert [e.kind for e in events][-2:] == ["out", "turn"]
        assert s.alive_players == [1, 2] and s.current_player == 1 and not s.is_over
