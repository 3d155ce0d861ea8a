"""Livestock Uprising engine protocol: saving, copying, views, errors, notation, bots, data file."""
from __future__ import annotations

import json
import random
import re

import pytest

from livestock_notebooks import IllegalAction, MalformedAction, SaveFileError
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.core.bots import play_out
from livestock_notebooks.core.protocol import Event
from livestock_notebooks.livestock_uprising import data as D
from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot, RandomBot

# the rulebook's section names (alphabetical)
RULEBOOK_SECTIONS = {
    "Ability to Harvest", "Action Phase", "Attack", "Attacking", "Barn Placement", "Barns",
    "Battle Resolution", "Board Setup", "Casualties", "Command Cards", "Components", "Defense",
    "End Game", "Final Board", "Harvest Phase", "Marshaling Phase", "Maximum Units", "Move",
    "No Defense", "Place Generals", "Player Count", "Resources", "Setup", "Special Forces",
    "Starting Board", "Super Army", "Super Army Rules", "Transfering Units", "Troops", "Turn Order",
    "Winning",
}


def played(seed=1, players=2, steps=300, max_rounds=None):
    s = lu.new_game(players=players, seed=seed, max_rounds=max_rounds)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


class TestProtocol:
    def test_new_game_shape(self):
        s = lu.new_game(players=2, seed=42)
        assert s.GAME == "livestock_uprising"
        assert s.current_player == 0 and s.phase_name == "barn"
        assert not s.is_over and s.winners == []
        assert "LivestockState" in repr(s)

    def test_same_seed_same_game(self):
        assert played(5).to_json() == played(5).to_json()
        assert played(5).to_json() != played(6).to_json()

    def test_save_and_load_round_trip(self):
        s = played(3)
        text = s.to_json()
        again = lu.load(text)
        assert again.to_json() == text
        assert again.legal_actions() == s.legal_actions()
        assert lu.load(text.encode()).to_json() == text

    @pytest.mark.parametrize("text", [
        "not json", b"\xff\xfe", '{"game": "chess", "version": 1, "state": {}}',
        '{"game": "livestock_uprising", "version": 99, "state": {}}',
        '{"game": "livestock_uprising", "version": 1, "state": {"players": 2}}',
    ])
    def test_load_rejects_bad_files(self, text):
        with pytest.raises(SaveFileError):
            lu.load(text)

    def test_load_rejects_broken_invariants(self):
        data = json.loads(played(3).to_json())
        data["state"]["supply"][0] += 1
        with pytest.raises(SaveFileError, match="not conserved"):
            lu.load(json.dumps(data))
        data = json.loads(played(3).to_json())
        data["state"]["phase"] = "dance"
        with pytest.raises(SaveFileError):
            lu.load(json.dumps(data))

    def test_copy_is_independent(self):
        s = played(4)
        twin = s.copy()
        assert twin.to_json() == s.to_json()
        twin.apply(twin.legal_actions()[0])
        assert twin.to_json() != s.to_json()

    def test_player_view_hides_other_hands_and_dice(self):
        s = played(4)
        view = s.player_view(0)
        assert view.hand == tuple(s.hand(0))
        assert view.hand_sizes[1] == len(s.hands[1])
        assert view.deck_size == len(s.deck)
        text = json.dumps(view.to_dict())
        assert "dice" not in view.to_dict() and "deck" not in view.to_dict()
        for card in s.hand(1):
            assert card not in view.hand
        assert s.player_view(None).hand == () and s.player_view(None).hand_sizes == view.hand_sizes
        assert text

    def test_events_read_well(self):
        s = lu.new_game(players=2, seed=1)
        for _ in range(200):
            if s.is_over:
                break
            events = s.apply(s.legal_actions()[-1] if s.phase_name != "action" else s.legal_actions()[0])
            for e in events:
                assert isinstance(e, Event) and e.text and e.text[0] != " "
                json.dumps(dict(e.data))

    def test_legal_actions_are_a_fresh_list(self):
        s = played(2, steps=10)
        legal = s.legal_actions()
        legal.clear()
        assert s.legal_actions()

    def test_max_rounds_ends_with_no_winner(self):
        s = played(7, steps=100000, max_rounds=3)
        assert s.is_over and s.winners == [] and s.rounds_played == 3
        assert s.current_player is None and s.legal_actions() == []


def test_long_random_games_reach_every_kind_of_event():
    """Random play long enough to form Super Armies, destroy Generals and end with a winner;
    invariants at every step, a save round trip now and then."""
    seen = set()
    for seed in range(60):
        s = lu.new_game(players=2 + seed % 3, seed=seed, max_rounds=60)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            action = rng.choice(s.legal_actions())
            seen.update(e.kind for e in s.apply(action))
            step += 1
            assert not s.invariant_violations()
            if step % 97 == 0:
                assert lu.load(s.to_json()).to_json() == s.to_json()
    expected = {"barn", "board", "first", "turn", "move", "stay", "phase", "attack", "battle", "casualty",
                "retreat", "advance", "harvest", "marshal", "transfer", "card", "super", "draw", "destroyed",
                "out", "win", "end"}
    assert expected <= seen, expected - seen


class TestErrors:
    @pytest.mark.parametrize("bad", [None, "Move north", 3, ("Move", "Pecky"), object()])
    def test_malformed_actions_are_rejected(self, bad):
        s = played(2, steps=20)
        before = s.to_json()
        with pytest.raises(MalformedAction):
            s.apply(bad)
        assert s.to_json() == before

    def test_illegal_actions_name_rule_and_section(self):
        s = played(2, steps=20)
        before = s.to_json()
        tried = 0
        for a in played(9, steps=200).legal_actions() + played(11, steps=120).legal_actions():
            if a in s.legal_actions():
                continue
            with pytest.raises(IllegalAction) as info:
                s.apply(a)
            assert info.value.section in RULEBOOK_SECTIONS, info.value
            assert info.value.rule
            tried += 1
        assert tried and s.to_json() == before

    def test_actions_with_junk_fields_are_rejected_cleanly(self):
        import dataclasses

        rng = random.Random(1)
        values = ["Pecky", "Bessie", "c3", "a3", "zz", "", "sheep", "holstein", "dragon", "grass", "battle_cry",
                  "hardened_hide", "pilfer", 0, 1, -1, 99, None, 1.5, ("a",), ["x"], {"a": 1}]
        for seed in range(4):
            s = played(seed, steps=40 * seed + 15)
            before = s.to_json()
            for _ in range(150):
                cls = rng.choice(lu.ACTION_CLASSES)
                action = cls(*[rng.choice(values) for _ in dataclasses.fields(cls)])
                if action in s.legal_actions():
                    continue
                with pytest.raises(IllegalAction) as info:
                    s.apply(action)
                assert info.value.section
                assert s.to_json() == before

    def test_illegal_action_when_over(self):
        s = played(7, steps=100000, max_rounds=2)
        with pytest.raises(IllegalAction, match="over"):
            s.apply(lu.EndTurn())

    def test_illegal_action_is_a_value_error(self):
        assert issubclass(IllegalAction, ValueError)


class TestActions:
    def test_actions_read_well_and_round_trip(self):
        seen = {}
        for seed in range(20):
            s = lu.new_game(players=2, seed=seed, max_rounds=30)
            rng = random.Random(seed)
            while not s.is_over:
                legal = s.legal_actions()
                for a in legal:
                    seen.setdefault(type(a), a)
                s.apply(rng.choice(legal))
        assert set(seen) == set(lu.ACTION_CLASSES)
        for a in seen.values():
            text = str(a)
            assert text and "(" not in text.split()[0] and "object at" not in text
            assert lu.action_from_dict(json.loads(json.dumps(a.to_dict()))) == a
            assert hash(a) == hash(lu.action_from_dict(a.to_dict()))

    def test_action_strings(self):
        assert str(lu.Move("Billy", "b3", "c4")) == "Move Billy (1*) from b3 to c4"
        assert str(lu.Attack("Cluck", "b3", "c4")) == "Cluck (3*) at b3 attacks c4"
        assert str(lu.Marshal("sheep", "Angus")) == "Marshal a Sacrificial Sheep under Angus (2*)"
        assert str(lu.PlayCard("windfall", resource="hay")) == "Play Windfall for hay"

    def test_action_from_dict_rejects_junk(self):
        with pytest.raises(MalformedAction):
            lu.action_from_dict({"type": "Fly"})
        with pytest.raises(MalformedAction):
            lu.action_from_dict({"type": "Move", "general": "Billy"})


class TestNotation:
    def test_notation_round_trip_in_random_games(self):
        for seed in range(6):
            for players in (2, 3, 4):
                s = lu.new_game(players=players, seed=seed, max_rounds=10)
                rng = random.Random(seed)
                while not s.is_over:
                    if s.pending is None:
                        text = s.notation()
                        again = lu.from_notation(text, max_rounds=10)
                        assert again.notation() == text
                        assert again.legal_actions() == s.legal_actions()
                    s.apply(rng.choice(s.legal_actions()))

    def test_notation_of_a_new_game(self):
        s = lu.new_game(players=2, seed=0)
        text = s.notation()
        assert text.startswith("Ch,Co ") and " 0/barn/0/- " in text
        assert lu.from_notation(text).legal_actions() == s.legal_actions()

    def test_notation_sets_up_a_position(self):
        s = lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3:ss,a3,a3,e3:d,e3,e3 "
                             "4.0.0.0.0,0.2.0.0.0 abc,def|ghijkl - 0/action/0/0")
        assert s.army("Pecky") == ["sheep", "sheep"] and s.resources[1]["hay"] == 2
        assert s.hand(0) == ["battle_cry", "war_drums", "overrun"]
        assert s.troop_supply["sheep"] == D.TROOP_COUNTS[0] - 2
        assert s.terrain_at("b2") == "forest" and s.terrain_at("a3") == "barn"

    @pytest.mark.parametrize("text", [
        "", "Ch,Co", "Xx,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa a3,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ggggg/gfhcl/0grh1/acgfa/hcglr a3,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b2,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3:sssss,a3:sssss,a3:sssss,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3,a3,a3,e3,e3,e3 30.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 aa,-| - 0/action/0/0",
        "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/dance/0/0",
    ])
    def test_notation_rejects_nonsense(self, text):
        with pytest.raises(ValueError):
            lu.from_notation(text)

    def test_notation_super_phase_defaults_and_checks(self):
        base = "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3:s,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - "
        s = lu.from_notation(base + "0/super/0/0")
        s.apply(lu.FormSuperArmy())
        assert s.phase_name == "action" and s.is_super_army(0)
        with pytest.raises(ValueError):
            lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr *a3:s,a3,a3,e3,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - "
                             "0/action/0/0")
        with pytest.raises(ValueError):
            lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3:s,a3,a3,x,x,x 0.0.0.0.0,0.0.0.0.0 -,-| - "
                             "1/action/0/0")

    def test_notation_mid_battle_round_trips(self):
        # a battle waiting for a decision has a ninth field (the conformance test writes every position)
        s = lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr c3:hh,a3,a3,c4:sd,e3,e3 "
                             "0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0")
        s.dice.script([6, 1])
        s.apply(lu.Attack("Pecky", "c3", "c4"))
        assert s.pending is not None
        text = s.notation()
        assert len(text.split()) == 9 and text.split()[8].startswith("Pecky@c3>c4:Bessie:")
        again = lu.from_notation(text)
        assert again.notation() == text
        assert again.pending == s.pending and again.legal_actions() == s.legal_actions()


class TestReadingAPI:
    def test_board_generals_resources(self):
        s = played(3, steps=60)
        assert len(s.board) == s.size == 5 and len(s.board[0]) == 5
        sq = s.board[0][0]
        assert set(sq) == {"name", "terrain", "resource", "barn_of", "generals"} and sq["name"] == "a1"
        gens = s.generals
        assert len(gens) == 6 and {"name", "stars", "player", "square", "units", "attack", "defense"} <= set(gens[0])
        assert s.resources[0].keys() == set(D.RESOURCES)
        assert sum(s.resource_supply.values()) + sum(sum(r.values()) for r in s.resources) == 125
        assert s.render().count("\n") == 5
        html = s._repr_html_()
        assert len(re.findall(r"<title>[a-e][1-5]</title>", html)) == 25  # one square each (issue 16 picture)

    def test_general_and_square_lookups(self):
        s = played(3, steps=60)
        for g in s.generals:
            if g["square"]:
                assert g["name"] in s.general_at(g["square"])
                assert s.army(g["name"]) == g["units"]


class TestUIHelpers:
    def test_actions_for_a_general(self):
        s = lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr c3:d,a3,a3,c4:s,e3,e3 "
                             "0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0")
        acts = s.actions_for("Pecky")
        assert lu.Attack("Pecky", "c3", "c4") in acts and lu.Stay("Pecky") in acts
        assert all("Pecky" in str(a) for a in acts)

    def test_preview_attack_gives_exact_odds(self):
        from fractions import Fraction

        s = lu.from_notation("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr c3:d,a3,a3,c4:s,e3,e3 "
                             "0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0")
        p = s.preview_attack(lu.Attack("Pecky", "c3", "c4"))
        assert (p["attack"], p["defense"], p["defenders"]) == (2, 1, ["Bessie"])
        assert p["odds"].attacker == Fraction(21, 36)
        with pytest.raises(IllegalAction):
            s.preview_attack(lu.Move("Pecky", "c3", "b3"))


class TestBots:
    def test_greedy_and_random_bots_finish_games(self):
        for seed in range(4):
            s = lu.new_game(players=3, seed=seed, max_rounds=40)
            play_out(s, [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1)])
            assert s.is_over

    def test_greedy_beats_random(self):
        wins = 0
        for seed in range(6):
            s = lu.new_game(players=2, seed=seed, max_rounds=80)
            play_out(s, [GreedyBot(seed), RandomBot(seed)])
            wins += s.winners == [0]
        assert wins >= 4

    def test_greedy_games_often_have_a_winner(self):
        won = 0
        for seed in range(6):
            s = lu.new_game(players=2, seed=seed, max_rounds=100)
            play_out(s, [GreedyBot(seed), GreedyBot(seed + 100)])
            won += bool(s.winners)
        assert won >= 3


class TestDataFile:
    def test_readings_name_rulebook_sections(self):
        assert len(D.READINGS) >= 10
        for r in D.READINGS:
            assert r["section"] in RULEBOOK_SECTIONS, r
            assert r["source"] == "house"

    def test_terrain_mix_per_back_adds_up(self):
        for back, spec in D.RULES["tiles"]["by_back"].items():
            assert sum(spec["mix"].values()) == spec["count"]
        for players, (start, final) in D.GRIDS.items():
            assert len(D.tiles_for(players)) + players == final * final
