"""Space Pigs event cards (section "Event Cards") and clan powers (section "Clan Powers")."""
from __future__ import annotations

import json
import random

import pytest

from livestock_notebooks import SaveFileError
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import (
    ChooseHex, ChoosePlayer, Done, Fly, GiveMarker, Land, Load, MoveAliens, PlayCard, Redeploy, Stand, UsePower,
)
from livestock_notebooks.space_pigs.data import CARDS

from test_space_pigs_rules import card_id, kinds, pos, rejects


# =============================================================================== Event Cards
class TestEventCards:
    def test_event_colonists_cards_add_piglets_in_1B(self):
        colons = card_id("colons")
        s = pos(f"turn=2 seq=1B order=123 rp=2 hands={colons}//", {0: "a3", 1: "b3", 6: "c3"})
        for to in (1, 1, 2, 2, 0):
            s.apply(GiveMarker(1, to))
        assert s.current_player == 0 and PlayCard(0, colons) in s.legal_actions()
        before = s.new_piglets[0]
        s.apply(PlayCard(0, colons))
        assert s.new_piglets[0] == before + 2

    def test_event_supply_convoy_draws_two_more(self):
        convoy = card_id("convoy")
        s = pos(f"turn=2 seq=1A order=123 rp=1 hands={convoy}//", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(PlayCard(0, convoy))  # his hand is now empty: the draw follows at once
        assert len(s.hands[0]) == 8

    def test_event_serum_makes_a_hog_even_on_turn_one(self):
        serum = card_id("serum")
        s = pos(f"turn=1 seq=1D order=123 hands={serum}//", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(PlayCard(0, serum))
        s.apply(ChooseHex(0, 0))
        assert s.troops_on(0)[0] == {"player": 0, "piglets": 1, "hogs": 1}

    def test_event_planet_displacement_moves_contents(self):
        disp = card_id("displacement")
        s = pos(f"turn=2 seq=2B order=123 rp=1 trips=2,2,2 hands={disp}//", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(PlayCard(0, disp))
        assert all(isinstance(a, ChooseHex) for a in s.legal_actions())
        s.apply(ChooseHex(0, 1))
        s.apply(ChooseHex(0, 6))
        assert s.hexes[1]["colour"] == "blue" and s.hexes[6]["colour"] == "yellow"
        assert s.troops_on(1)[0]["player"] == 2 and s.troops_on(6)[0]["player"] == 1

    def test_event_teleporter_reaches_any_hex(self):
        tele = card_id("teleporter")
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={tele}// | "
                             "0,0:Pr:a3 1,0:Py 2,0:Pb:b2 3,0:A 4,0:Pr:c2")
        s.apply(PlayCard(0, tele))
        s.apply(Load(0, 0, False))
        assert Fly(0, 3) in s.legal_actions()
        s.apply(Fly(0, 3))
        assert s.troops_on(3)[0]["player"] == 0 and s.trips[0] == 0

    def test_event_rocket_flies_further_over_enemies(self):
        rocket = card_id("rocket")
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={rocket}// | "
                             "0,0:Pr:a3 1,0:Py:b2 2,0:Pb 3,0:A 4,0:Pr:c2")
        s.apply(PlayCard(0, rocket))
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 1))  # over P2's planet
        s.apply(Fly(0, 2))
        s.apply(Fly(0, 3))
        assert s.troops_on(3)[0]["player"] == 0

    def test_event_governor_cards(self):
        choco, tax = card_id("choco"), card_id("tax")
        s = pos(f"turn=2 seq=4B order=123 rp=1 hands={choco}.{tax}//", {0: "a3", 1: "b3", 6: "c3"})
        base = s.governors[0]
        s.apply(PlayCard(0, choco))
        s.apply(PlayCard(0, tax))
        assert s.governors[0] == base + 2

    def test_event_voting_error_moves_half_the_votes(self):
        err = card_id("vote_error")
        s = pos(f"turn=2 seq=4C order=123 rp=1 hands={err}//", {4: "b1", 0: "b1", 1: "a1", 6: "c3"})
        assert s.governors[1] == 3
        s.apply(PlayCard(0, err))
        s.apply(ChoosePlayer(0, 1))
        assert s.seq_data["vote_error"] == [[0, 1, 1]]

    def test_event_cho_boko_controls_the_aliens(self):
        cho = card_id("cho_boko")
        s = pos(f"turn=2 seq=3C order=123 rp=2 hands=/{''}/{cho}", {2: "pir2", 0: "a3", 6: "c3", 1: "b3"})
        assert s.current_player == 2 and PlayCard(2, cho) in s.legal_actions()
        s.apply(PlayCard(2, cho))
        assert s.current_player == 2 and any(isinstance(a, MoveAliens) for a in s.legal_actions())

    def test_event_cards_have_no_technology_index(self):
        assert all(c.tech == 0 for c in CARDS if c.kind == "event")


# =============================================================================== Clan Powers
def power_pos(clan: str, seq: str, occupants: dict, extra: str = ""):
    clans = {"Po": "Po,Hy,Ph", "Hy": "Hy,Po,Ph", "Ph": "Ph,Po,Hy", "Ba": "Ba,Po,Hy", "Sc": "Sc,Po,Hy",
             "Pe": "Pe,Po,Hy"}[clan]
    return pos(f"turn=2 seq={seq} order=123 rp=1 clans={clans} opts=clan_powers {extra}", occupants)


class TestClanPowers:
    def test_porcus_bans_a_candidate_not_twice_running(self):
        s = power_pos("Po", "4C", {0: "a3", 1: "b3", 6: "c3"})
        s.apply(UsePower(0, "ban", 0))
        s.apply(ChoosePlayer(0, 1))
        assert s.ban_last == 1 and 1 in s.seq_data["barred"]
        s2 = power_pos("Po", "4C", {0: "a3", 1: "b3", 6: "c3"})
        s2.ban_last = 1
        s2.apply(UsePower(0, "ban", 0))
        assert ChoosePlayer(0, 1) not in s2.legal_actions()

    def test_porcus_extra_governor(self):
        s = power_pos("Po", "4B", {0: "a3", 1: "b3", 6: "c3"})
        assert s.governors[0] == 2 and s.governors[1] == 1

    def test_hylocherus_steals_a_card(self):
        s = power_pos("Hy", "1A", {0: "a3", 1: "b3", 6: "c3"}, "hands=/5.6/")
        s.apply(UsePower(0, "steal", 0))
        s.apply(ChoosePlayer(0, 1))
        assert len(s.hands[1]) == 1 and len(s.hands[0]) == 1

    def test_hylocherus_famine(self):
        s = power_pos("Hy", "3B", {0: "a3", 1: "b3", 4: "b2", 6: "c3"})
        s.dice.script([6, 5, 1])
        s.apply(UsePower(0, "famine", 0))
        s.apply(ChooseHex(0, 1))
        assert s.troops_on(1)[0]["piglets"] == 1

    def test_phacocherus_assassinates_governors(self):
        s = power_pos("Ph", "4C", {0: "a3", 1: "b3", 4: "b2", 6: "c3"})
        assert s.governors[1] == 3
        s.dice.script([4])
        s.apply(UsePower(0, "assassinate", 0))
        s.apply(ChoosePlayer(0, 1))
        assert s.governors[1] == 1

    def test_phacocherus_moves_again(self):
        s = power_pos("Ph", "2B", {0: "a3", 1: "b3", 6: "c3"}, "trips=2,2,2")
        s.apply(Load(0, 0, False))
        s.apply(Fly(0, 5))
        assert not any(isinstance(a, Load) and a.hex == 5 for a in s.legal_actions())
        s.apply(UsePower(0, "move_again", 0))
        assert Load(0, 5, False) in s.legal_actions()

    def test_babiroussa_converts_and_forbids(self):
        s = power_pos("Ba", "3B", {0: "a3", 1: "b3", 4: "b2", 6: "c3"})
        s.dice.script([5, 6, 1])
        s.apply(UsePower(0, "convert", 0))
        s.apply(ChooseHex(0, 1))
        s.apply(ChooseHex(0, 0))
        assert s.troops_on(0)[0]["piglets"] == 5 and s.troops_on(1)[0]["piglets"] == 1
        f = power_pos("Ba", "2A", {0: "a3", 1: "b3", 6: "c3"})
        f.apply(UsePower(0, "forbid", 0))
        f.apply(ChoosePlayer(0, 1))
        f.apply(ChooseHex(0, 0))
        assert f.forbid == [[1, 0]]

    def test_scrofa_swaps_adjacent_planets_and_redeploys_far(self):
        s = power_pos("Sc", "2B", {0: "a3", 1: "b3", 6: "c3"}, "trips=2,2,2")
        s.apply(UsePower(0, "swap", 0))
        first = s.legal_actions()
        s.apply(ChooseHex(0, 1))
        assert {a.hex for a in s.legal_actions()} <= set(s.adj()[1])
        r = power_pos("Sc", "3B", {1: "a3", 6: "a1", 0: "b3", 3: "c3"})
        assert not any(isinstance(a, Redeploy) for a in r.legal_actions())  # H1 and H6 are not adjacent
        r.apply(UsePower(0, "long_redeploy", 0))
        assert Redeploy(0, 1, 6, False) in r.legal_actions()

    def test_pecari_adjusts_technology_and_rerolls(self):
        big = [c.id for c in CARDS if c.kind == "combat" and c.tech >= 3][:2]
        s = pos(f"turn=2 seq=3A order=123 rp=1 clans=Pe,Po,Hy opts=clan_powers hands={big[0]}/{big[1]}/",
                {0: "a3:b3", 6: "c3", 3: "a1"})
        s.apply(PlayCard(0, big[0]))
        s.apply(PlayCard(1, big[1]))
        assert s.current_player == 0 and UsePower(0, "tech_adjust", -1) in s.legal_actions()
        total = CARDS[big[0]].tech + CARDS[big[1]].tech
        s.apply(UsePower(0, "tech_adjust", -1))
        assert s.combat is None or s.combat.tech == total - 1


# =============================================================================== views, saves
class TestViewsAndSaves:
    def test_player_view_never_shows_hidden_information(self):
        rng = random.Random(5)
        s = sp.new_game(players=4, seed=5, max_rounds=2, seventh_planet=True)
        while not s.is_over:
            for p in range(4):
                v = s.player_view(p)
                for q in range(4):
                    if q != p:
                        assert v.clans[q].hand is None and isinstance(v.clans[q].cards, int)
                        assert v.clans[q].recipe is None
                        assert v.clans[q].marker == 0
                        assert v.clans[q].seventh in (None, "?")
                assert "dice" not in v.to_dict() and isinstance(v.deck, int)
                json.dumps(v.to_dict())
            s.apply(rng.choice(s.legal_actions()))

    def test_corrupt_save_raises_save_file_error(self):
        s = sp.new_game(players=3, seed=1)
        with pytest.raises(SaveFileError):
            sp.load("{not json")
        data = json.loads(s.to_json())
        data["state"]["n"] = 12
        with pytest.raises(SaveFileError):
            sp.load(json.dumps(data))
        data = json.loads(s.to_json())
        del data["state"]["occ"]
        with pytest.raises(SaveFileError):
            sp.load(json.dumps(data))

    def test_copy_is_independent(self):
        s = sp.new_game(players=3, seed=1)
        t = s.copy()
        t.apply(t.legal_actions()[0])
        assert s.to_json() != t.to_json()
        assert sp.new_game(players=3, seed=1).to_json() == s.to_json()


def test_saved_games_resume_in_every_sequence():
    """Load the save at every step of random games and play each loaded copy a few steps on."""
    for seed in range(3):
        rng = random.Random(seed)
        s = sp.new_game(players=4, seed=seed, max_rounds=2, clan_powers=True)
        while not s.is_over:
            loaded = sp.load(s.to_json())
            r2 = random.Random(seed)
            for _ in range(3):
                if loaded.is_over:
                    break
                loaded.apply(r2.choice(loaded.legal_actions()))
            s.apply(rng.choice(s.legal_actions()))
