"""The BattleGoats card data and the validation of a player's own card list."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from livestock_notebooks import SaveFileError

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.battlegoats.cards import ABILITY_KINDS, VALUE_KINDS, card_data, validate_rows

RULEBOOK_SIX = {
    "cowboy_goat": 1, "soldier_goat": 4, "cyborg_goat": 8, "fainting_goat": 7, "wizard_goat": 7, "matador_goat": 4,
}
PUBLISHED_NAMES = ["armored_pig", "pig_a_pult", "baby_dragon", "mama_dragon", "double_ballista", "jonas", "alfonso",
                   "glass_cannon", "shanelaine", "land_mine"]


def rows():
    return json.loads(json.dumps(card_data()["cards"]))


def test_data_file_has_81_unique_cards_with_sources():
    data = card_data()
    assert len(data["cards"]) == 81
    assert not validate_rows(data["cards"])
    for c in data["cards"]:
        assert c["source"] in ("rulebook", "published", "house")
        assert c["ability"]


def test_the_six_rulebook_cards_and_their_values():
    cards = bg.standard_cards()
    for cid, value in RULEBOOK_SIX.items():
        assert cards[cid].value == value and cards[cid].source == "rulebook" and cards[cid].type == "goat"
    assert sum(c.source == "rulebook" for c in cards) == 6


def test_published_names_are_all_present_and_marked():
    cards = bg.standard_cards()
    for cid in PUBLISHED_NAMES:
        assert cid in cards
        c = cards[cid]
        assert c.source == "published" or c.note, cid
    assert cards["jonas"].type == cards["alfonso"].type == cards["shanelaine"].type == "hero"


def test_enough_heroes_for_six_players_and_variety():
    cards = bg.standard_cards()
    counts = Counter(c.type for c in cards)
    assert counts["hero"] >= 7 and counts["goat"] > counts["creature"] > 0 and counts["equipment"] > 0
    used = Counter(dict(e)["kind"] for c in cards for e in c.effects)
    # every effect of the vocabulary is used by at least one built-in card
    assert set(VALUE_KINDS) | set(ABILITY_KINDS) <= set(used)


def test_readings_are_listed_with_sections():
    readings = bg.readings()
    assert len(readings) >= 10
    for r in readings:
        assert set(r) >= {"rule", "reading", "reason", "section", "source"}
        assert r["source"] == "house"


def test_house_cards_are_balanced_roughly():
    # average printed value of non-hero cards sits in the middle of the scale
    cards = [c for c in bg.standard_cards() if c.type != "hero"]
    avg = sum(c.value for c in cards) / len(cards)
    assert 3 <= avg <= 6


# ---------------------------------------------------------------- load_cards
def test_load_cards_accepts_the_data_format(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"cards": rows()}), encoding="utf-8")
    cs = bg.load_cards_file(path)
    assert len(cs) == 81 and not cs.standard
    assert len(bg.load_cards_file(str(path))) == 81
    assert len(bg.load_cards(json.dumps(rows()))) == 81
    assert len(bg.load_cards(json.dumps(rows()).encode("utf-8"))) == 81


def test_load_cards_reports_every_bad_row_with_field():
    data = rows()
    data[0]["value"] = "seven"
    data[2]["type"] = "dragon"
    data[3]["effects"] = [{"kind": "per_in_front"}]
    data[4]["effects"] = [{"kind": "teleport"}]
    data[5]["id"] = data[6]["id"]
    data[7]["effects"] = [{"kind": "if_seen", "amount": 1, "card": "no_such_card"}]
    data[8]["source"] = "internet"
    data[9]["colour"] = "blue"
    with pytest.raises(bg.CardListError) as info:
        bg.load_cards(json.dumps({"cards": data}))
    err = info.value
    assert isinstance(err, ValueError)
    found = {(row, field) for row, field, _ in err.problems}
    assert {(1, "value"), (3, "type"), (4, "effects[1].amount"), (5, "effects[1].kind"), (7, "id"),
            (8, "effects[1].card"), (9, "source"), (10, "colour")} <= found
    text = str(err)
    assert "row 1, value" in text and "row 3, type" in text and "teleport" in text


def test_load_cards_bad_json_and_missing_file():
    with pytest.raises(bg.CardListError, match="not valid JSON"):
        bg.load_cards("{not json")
    with pytest.raises(bg.CardListError, match="cannot read"):
        bg.load_cards_file("/no/such/file.json")
    with pytest.raises(bg.CardListError, match="empty"):
        bg.load_cards("[]")


@pytest.mark.parametrize("effect,field", [
    ({"kind": "vs_type", "amount": 2, "types": ["pig"]}, "effects[1].types"),
    ({"kind": "in_row", "amount": 2, "row": "top"}, "effects[1].row"),
    ({"kind": "per_adjacent", "amount": 1, "when": "always"}, "effects[1].when"),
    ({"kind": "explodes", "when": "sometimes"}, "effects[1].when"),
    ({"kind": "may_avoid_battle", "amount": 1}, "effects[1].amount"),
    ({"kind": "attack_value", "value": -1}, "effects[1].value"),
])
def test_effect_parameters_are_checked(effect, field):
    data = rows()
    data[10]["effects"] = [effect]
    problems = validate_rows(data)
    assert any(row == 11 and f == field for row, f, _ in problems), problems


def test_a_game_with_a_custom_card_list_saves_it():
    data = rows()
    data[15]["value"] = 9  # a player's own printing says otherwise
    cs = bg.load_cards({"cards": data})
    s = bg.new_game(players=2, seed=1, cards=cs)
    loaded = bg.load(s.to_json())
    assert loaded.cards[data[15]["id"]].value == 9
    assert "custom" in s.notation()


def test_too_few_heroes_for_the_players():
    data = [r for r in rows() if r["type"] != "hero" or r["id"] in ("jonas", "alfonso")]
    with pytest.raises(ValueError, match="Heroes"):
        bg.new_game(players=3, cards={"cards": data})
    assert bg.new_game(players=2, cards={"cards": data}).players == 2


def test_ability_text_is_generated_when_missing():
    data = rows()
    del data[0]["ability"]
    cs = bg.load_cards(data)
    assert cs[data[0]["id"]].ability.endswith(".")


def test_a_custom_card_with_a_role_limited_geometry_bonus():
    data = rows()
    data.append({"id": "turtle_goat", "name": "Turtle Goat", "type": "goat", "value": 2, "source": "house",
                 "effects": [{"kind": "per_adjacent", "amount": 2, "when": "defending"}]})
    cs = bg.load_cards(data)
    card = cs["turtle_goat"]
    assert "when defending" in card.ability
    board = [None] * 9
    board[4] = "turtle_goat"
    board[1] = board[3] = "x"
    common = dict(board=board, slot=4, other_type="goat", face_up=False, own_discard=0, other_discard=0,
                  seen=set(), slain=set())
    assert bg.card_value(card, role="defending", **common)[0] == 6
    assert bg.card_value(card, role="attacking", **common)[0] == 2


def test_kamikaze_goat_explodes_when_it_attacks():
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | kamikaze_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "troll,owl,.,.,.,.,.,.,./-/-/-/- | rev=-")
    s.apply(bg.ChooseAttacker(0, 0))
    s.apply(bg.ChooseTarget(0, 1, 0))
    events = s.apply(bg.Dodge(1, 0, False))  # the face-down troll's owner lets it fight
    (battle,) = [e for e in events if e.kind == "battle"]
    assert battle.data["outcome"] == "explode" and s.discard == [["kamikaze_goat"], ["troll"]]


# ------------------------------------------- card lists are content, never a file name
def test_card_list_text_is_never_read_as_a_file(tmp_path):
    """A page's upload or a save's ``cards`` field is content: a file name in it is not opened."""
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"cards": rows()}), encoding="utf-8")
    for text in (str(secret), f"  {secret}", secret.as_uri()):
        with pytest.raises(bg.CardListError, match="not valid JSON"):
            bg.load_cards(text)
    with pytest.raises(bg.CardListError, match="load_cards_file"):
        bg.load_cards(secret)
    saved = json.loads(bg.new_game(players=2, seed=1).to_json())
    saved["state"]["cards"] = str(secret)
    with pytest.raises(SaveFileError, match="not valid JSON"):
        bg.load(json.dumps(saved))


def _one_problem(content) -> str:
    with pytest.raises(bg.CardListError) as info:
        bg.load_cards(content)
    assert isinstance(info.value, ValueError) and len(info.value.problems) == 1
    return str(info.value)


@pytest.mark.parametrize("content", ["42", "null", 42, None, "true", '"cards.json"', b"\xff\xfe"])
def test_a_card_list_that_is_not_a_list_is_one_clear_error(content):
    text = _one_problem(content)
    assert "card list" in text


def test_a_list_valued_effect_kind_is_one_clear_error():
    data = rows()
    data[3]["effects"] = [{"kind": ["may_avoid_battle"]}]
    text = _one_problem({"cards": data})
    assert "row 4, effects[1].kind" in text


def test_too_few_heroes_for_the_seats_is_a_card_list_error():
    """Building Your Army: every player needs a Hero."""
    data = [r for r in rows() if r["type"] != "hero" or r["id"] in ("jonas", "alfonso")]
    with pytest.raises(bg.CardListError, match="2 Heroes; 3 players need one each"):
        bg.new_game(players=3, cards={"cards": data})
