"""BattleGoats rule tests, grouped by rulebook section, plus the rulebook's six card examples."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from livestock_notebooks import IllegalAction, MalformedAction, NotYourDecision
from livestock_notebooks import battlegoats as bg
from livestock_notebooks.battlegoats import (
    ChooseAttacker,
    ChooseDefender,
    ChooseEnding,
    ChooseFirstAttacker,
    ChooseOpponent,
    ChooseOwnAdjacent,
    ChooseTarget,
    Dodge,
    MoveAtStart,
    Pick,
    Place,
    PlaceCaptured,
    SkipSecondTarget,
)

F1, F2, F3, M1, M2, M3, B1, B2, B3 = range(9)


def board(**slots) -> str:
    """``board(B1="cowboy_goat", F1="wolf")`` -> the 9 comma tokens of a notation section."""
    out = ["."] * 9
    for name, cid in slots.items():
        out[bg.SLOT_NAMES.index(name)] = cid
    return ",".join(out)


def position(*boards, seat=0, rnd=1, max_rounds=None, first=0, discards=None, rev="-", extra="") -> bg.BattleGoatsState:
    discards = discards or [[] for _ in boards]
    sections = [
        f"{b}/-/{','.join(d) if d else '-'}/-/-" for b, d in zip(boards, discards)
    ]
    mr = "-" if max_rounds is None else max_rounds
    text = f"bg{len(boards)} attack s{seat} r{rnd}/{mr} f{first} l0 basic | " + " | ".join(sections) + f" | rev={rev}{extra}"
    return bg.from_notation(text)


def play(state, *actions):
    """Apply ``actions``. Every face-down defending card gets a dodge step (Face Up Cards); where
    its only choice is to fight and the next action given is no ``Dodge``, it is let fight."""
    events = []
    for i, a in enumerate(actions):
        events.extend(state.apply(a))
        following = actions[i + 1] if i + 1 < len(actions) else None
        while not isinstance(following, Dodge) and state.stage == "dodge" and len(state.legal_actions()) == 1:
            events.extend(state.apply(state.legal_actions()[0]))
    return events


def battle_events(events):
    return [e for e in events if e.kind == "battle"]


def rejected(state, action, section=None):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    if section:
        assert info.value.section == section
    return info.value


def value_on(cid, slot, role="defending", own=None, **kw):
    """Value of ``cid`` in ``slot`` of a battlefield ``own`` (dict slot name -> id)."""
    cards = bg.standard_cards()
    b = [None] * 9
    for name, other in (own or {}).items():
        b[bg.SLOT_NAMES.index(name)] = other
    b[slot] = cid
    args = dict(board=b, slot=slot, role=role, other_type="goat", face_up=False, own_discard=0,
                other_discard=0, seen=set(), slain=set())
    args.update(kw)
    return bg.card_value(cards[cid], **args)[0]


# =========================================================================== rulebook examples
class TestRulebookExamples:
    def test_cowboy_goat_behind_two_cards_is_a_9(self):
        assert value_on("cowboy_goat", B1, own={"F1": "wolf", "M1": "bear"}) == 9
        # the same card in the front row has nobody in front of it
        assert value_on("cowboy_goat", F1, own={"M1": "wolf", "B1": "bear"}) == 1

    def test_soldier_goat_with_four_neighbours_is_an_8(self):
        own = {"F2": "wolf", "M1": "bear", "M3": "owl", "B2": "llama"}
        assert value_on("soldier_goat", M2, own=own) == 8
        assert value_on("soldier_goat", F1, own={"F2": "wolf", "M1": "bear", "M2": "owl"}) == 6  # corner: 2

    def test_cyborg_goat_against_cowboy_goat(self):
        # Cyborg (8): -1 per card in its own discard pile, +1 against goats; two cards lost so far
        s = position(board(F1="cyborg_goat"), board(F1="wolf", M1="soldier_goat", B1="cowboy_goat"),
                     discards=[["ram_goat", "bear"], []])
        ev = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, B1)))
        assert (ev[0].data["attack"], ev[0].data["defense"]) == (8 - 2 + 1, 1 + 4 + 4)
        assert ev[0].data["outcome"] == "loss"
        assert s.discard[0][-1] == "cyborg_goat" and s.board[1][B1] == "cowboy_goat"

    def test_cyborg_goat_beats_a_lone_cowboy_goat(self):
        s = position(board(F1="cyborg_goat", F2="wolf"), board(F1="cowboy_goat", F2="bear"))
        ev = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert (ev[0].data["attack"], ev[0].data["defense"]) == (9, 1)
        assert s.discard[1] == ["cowboy_goat"]

    def test_fainting_goat_against_wizard_goat_is_a_tie(self):
        s = position(board(F1="fainting_goat", F2="ram_goat"), board(F1="wizard_goat", F2="bear"))
        play(s, ChooseAttacker(0, F1))
        assert s.stage == "opponent"
        play(s, ChooseOpponent(0, 1))
        assert s.stage == "defender" and s.current_player == 1
        ev = battle_events(play(s, ChooseDefender(1, F1)))
        assert ev[0].data["outcome"] == "tie" and ev[0].data["attack"] == ev[0].data["defense"] == 7
        assert s.discard == [["fainting_goat"], ["wizard_goat"]]

    def test_wizard_goat_also_attacks_an_own_adjacent_card(self):
        s = position(board(F1="wizard_goat", F2="kid_goat", B3="bear"), board(F1="cowboy_goat", F2="wolf"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.stage == "own"
        assert s.legal_actions() == [ChooseOwnAdjacent(0, F2)]
        ev = battle_events(play(s, ChooseOwnAdjacent(0, F2)))
        assert [(e.data["defender"], e.data["outcome"]) for e in ev] == [("cowboy_goat", "win"), ("kid_goat", "win")]
        assert s.discard == [["kid_goat"], ["cowboy_goat"]]
        assert s.board[0][F1] == "wizard_goat" and "wizard_goat" not in s.face_up

    def test_wizard_goat_without_neighbours_attacks_alone(self):
        s = position(board(F1="wizard_goat", B3="bear"), board(F1="cowboy_goat", F2="wolf"))
        ev = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert len(ev) == 1 and s.stage == "attacker" and s.seat == 1

    def test_matador_goat_may_flip_face_up_and_avoid_battle(self):
        s = position(board(F1="cyborg_goat", F2="ram_goat"), board(F1="matador_goat", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.stage == "dodge" and s.current_player == 1
        assert set(s.legal_actions()) == {Dodge(1, F1, True), Dodge(1, F1, False)}
        events = play(s, Dodge(1, F1, True))
        assert not battle_events(events)
        assert {"cyborg_goat", "matador_goat"} <= s.face_up  # both cards remain face up
        assert s.discard == [[], []]
        # the dodge ends the attack; the next turn starts with Matador face up, so it counts now
        assert s.seat == 1 and s.counts_face_up("matador_goat")
        v = s.battle_values((0, F1), (1, F1))
        assert v["defense"] == 5

    def test_matador_goat_that_fights_is_a_plain_4(self):
        s = position(board(F1="ram_goat", F2="wolf"), board(F1="matador_goat", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        ev = battle_events(play(s, Dodge(1, F1, False)))
        assert (ev[0].data["attack"], ev[0].data["defense"]) == (7, 4)


# =========================================================================== Overview / cards
class TestOverview:
    def test_81_unique_cards_of_four_types(self):
        cards = bg.standard_cards()
        assert len(cards) == 81 and len(set(cards.ids)) == 81
        assert len({c.name for c in cards}) == 81
        assert set(Counter(c.type for c in cards)) == {"hero", "equipment", "goat", "creature"}
        assert len(cards.heroes) >= 7

    def test_some_cards_have_a_bonus_against_types(self):
        assert any(k == "vs_type" for c in bg.standard_cards() for k, *_ in c.mods)


# =========================================================================== Building Your Army
class TestBuildingYourArmy:
    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_basic_each_player_gets_one_hero_and_8_more(self, players):
        s = bg.new_game(players=players, seed=players)
        cards = s.cards
        for hand in s.hands:
            assert len(hand) == 9
            assert sum(cards[c].type == "hero" for c in hand) == 1
        assert len(s.set_aside) == 81 - 9 * players  # the rest is set aside, unused
        assert s.phase == "layout" and s.current_player == 0

    def test_deal_is_random_but_seeded(self):
        assert bg.new_game(players=3, seed=1).hands == bg.new_game(players=3, seed=1).hands
        assert bg.new_game(players=3, seed=1).hands != bg.new_game(players=3, seed=2).hands

    def test_player_count_is_2_to_6(self):
        for bad in (1, 7, "3", True):
            with pytest.raises(ValueError):
                bg.new_game(players=bad)


class TestDraft:
    def test_draft_keep_one_pass_the_rest_right(self):
        s = bg.new_game(players=3, seed=4, draft=True)
        assert s.phase == "draft" and [len(p) for p in s.packs] == [8, 8, 8]
        packs = [list(p) for p in s.packs]
        for p in range(3):
            assert s.current_player == p
            s.apply(Pick(p, sorted(packs[p])[0]))
        # seat i now holds what seat i+1 had (passed to the right: i+1 -> i)
        for p in range(3):
            left_over = sorted(packs[(p + 1) % 3])[1:]
            assert sorted(s.packs[p]) == left_over
            assert set(left_over) <= s.seen[p]  # a player remembers cards seen in packs

    def test_draft_ends_with_9_cards_each_and_no_pack(self):
        s = bg.new_game(players=4, seed=2, draft=True)
        picks = 0
        while s.phase == "draft":
            s.apply(s.legal_actions()[-1])
            picks += 1
        assert picks == 4 * 8
        assert [len(h) for h in s.hands] == [9] * 4 and all(not p for p in s.packs)
        assert s.phase == "layout"

    def test_picks_are_secret_and_from_your_own_pack(self):
        s = bg.new_game(players=2, seed=3, draft=True)
        other = s.packs[1][0]
        rejected(s, Pick(0, other), "Advanced (Draft)")
        ev = s.apply(Pick(0, s.packs[0][0]))
        assert all(s.hands[0][-1] not in e.text and s.hands[0][-1] not in json.dumps(e.data) for e in ev)
        view = json.dumps(s.player_view(1).to_dict())
        assert s.hands[0][-1] not in view or s.hands[0][-1] in s.seen[1]

    def test_pick_out_of_turn_is_not_your_decision(self):
        s = bg.new_game(players=2, seed=3, draft=True)
        with pytest.raises(NotYourDecision):
            s.apply(Pick(1, s.packs[1][0]))


# =========================================================================== Battlefield Setup
def lay_out(state, player):
    while state.hands[player]:
        cid = state.hands[player][0]
        state.apply(min((a for a in state.legal_actions() if a.card == cid), key=lambda a: a.slot))


class TestBattlefieldSetup:
    def test_double_ballista_stays_in_the_front_row_through_a_jonas_swap(self):
        """Jonas may swap as the battle begins, but not the Double Ballista out of the front row."""
        s = bg.from_notation("bg2 move s0 r0/- f1 l0 basic | double_ballista,kid_goat,owl,jonas,.,.,.,.,./-/-/-/- | "
                             "llama,.,.,.,.,.,.,.,./-/-/-/- | rev=- movers=[[0,3]]")
        acts = s.legal_actions()
        assert MoveAtStart(0, M1, F1) not in acts
        assert {MoveAtStart(0, M1, F2), MoveAtStart(0, M1, F3), MoveAtStart(0, bg.STAY, bg.STAY)} <= set(acts)
        rejected(s, MoveAtStart(0, M1, F1), "Battlefield Setup")
        # Jonas in the front row may swap with it: it stays in the front row
        s = bg.from_notation("bg2 move s0 r0/- f1 l0 basic | double_ballista,jonas,owl,kid_goat,.,.,.,.,./-/-/-/- | "
                             "llama,.,.,.,.,.,.,.,./-/-/-/- | rev=- movers=[[0,1]]")
        assert MoveAtStart(0, F2, F1) in s.legal_actions() and MoveAtStart(0, F2, M1) in s.legal_actions()
        s.apply(MoveAtStart(0, F2, F1))
        assert s.board[0][F2] == "double_ballista"

    def test_double_ballista_captured_by_alfonso_goes_to_the_front_row(self):
        """Alfonso's owner lays a captured Double Ballista into an empty front-row slot only."""
        s = position(board(F1="alfonso", F2="kid_goat", M1="owl"), board(F1="double_ballista", F2="wolf"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.stage == "capture" and s.legal_actions() == [PlaceCaptured(0, F3)]
        rejected(s, PlaceCaptured(0, B2), "Battlefield Setup")
        play(s, PlaceCaptured(0, F3))
        assert s.board[0][F3] == "double_ballista"

    def test_double_ballista_captured_with_the_front_row_full_is_discarded(self):
        s = position(board(F1="alfonso", F2="kid_goat", F3="owl"), board(F1="double_ballista", F2="wolf"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.discard[1] == ["double_ballista"] and "double_ballista" not in s.board[0] and s.seat == 1

    def test_players_lay_out_nine_cards_one_per_slot(self):
        s = bg.new_game(players=2, seed=1)
        assert len(s.legal_actions()) == 81
        s.apply(Place(0, s.hands[0][0], F1))
        rejected(s, Place(0, s.hands[0][0], F1), "Battlefield Setup")  # slot taken: never more than 9
        rejected(s, Place(0, s.hands[1][0], F2), "Battlefield Setup")  # not your card
        rejected(s, Place(0, s.hands[0][0], 9), "Battlefield Setup")

    def test_layout_order_and_first_to_finish_chooses_first_attacker(self):
        s = bg.new_game(players=3, seed=1, layout_first=1)
        assert s.current_player == 1
        lay_out(s, 1)
        lay_out(s, 2)
        lay_out(s, 0)
        assert s.phase == "first" and s.current_player == 1
        assert s.legal_actions() == [ChooseFirstAttacker(1, q) for q in range(3)]
        s.apply(ChooseFirstAttacker(1, 2))
        # the card list holds Jonas: every player is asked, from the first attacker on
        asked = []
        while s.phase == "move":
            asked.append(s.current_player)
            ev = s.apply(MoveAtStart(s.current_player, bg.STAY, bg.STAY))
        assert asked == [2, 0, 1]
        assert s.phase == "attack" and s.seat == 2 and s.round == 1
        assert ev[-1].kind == "turn"

    def test_without_a_card_able_to_move_in_the_card_list_the_battle_begins_at_once(self):
        """Whether any card may move as the battle begins depends on the card list only (public)."""
        from livestock_notebooks.battlegoats.cards import card_data
        rows = [r for r in json.loads(json.dumps(card_data()["cards"])) if r["id"] != "jonas"]
        s = bg.new_game(players=2, seed=3, cards=bg.load_cards(rows))
        lay_out(s, 0)
        lay_out(s, 1)
        s.apply(ChooseFirstAttacker(0, 1))
        assert s.phase == "attack" and s.seat == 1

    def test_layout_events_never_name_the_card(self):
        s = bg.new_game(players=2, seed=1)
        cid = s.hands[0][0]
        ev = s.apply(Place(0, cid, B2))
        assert all(cid not in e.text and cid not in json.dumps(e.data) for e in ev)

    def test_front_row_is_row_0(self):
        assert bg.SLOT_NAMES[:3] == ("F1", "F2", "F3")
        assert value_on("cowboy_goat", M1, own={"F1": "wolf"}) == 5

    def test_card_that_must_stay_in_the_front_row(self):
        s = bg.new_game(players=2, seed=1)
        s.hands[0][0] = "double_ballista"
        s.set_aside.remove("double_ballista") if "double_ballista" in s.set_aside else None
        for h in s.hands[1:]:
            if "double_ballista" in h:
                pytest.skip("ballista dealt elsewhere")
        s._legal = None
        slots = {a.slot for a in s.legal_actions() if a.card == "double_ballista"}
        assert slots == {F1, F2, F3}
        rejected(s, Place(0, "double_ballista", B1), "Battlefield Setup")
        # fill two front slots with other cards: the last one is kept for the ballista
        others = [c for c in s.hands[0] if c != "double_ballista"]
        s.apply(Place(0, others[0], F1))
        s.apply(Place(0, others[1], F2))
        assert Place(0, others[2], F3) not in s.legal_actions()
        rejected(s, Place(0, others[2], F3), "Battlefield Setup")


# =========================================================================== Attacking
class TestAttacking:
    def test_choose_own_card_then_any_opponent_card(self):
        s = position(board(F1="ram_goat"), board(F1="wolf", B3="bear"), board(M2="owl"))
        assert s.legal_actions() == [ChooseAttacker(0, F1)]
        play(s, ChooseAttacker(0, F1))
        assert set(s.legal_actions()) == {ChooseTarget(0, 1, F1), ChooseTarget(0, 1, B3), ChooseTarget(0, 2, M2)}
        rejected(s, ChooseTarget(0, 0, F1), "Attacking")   # own card
        rejected(s, ChooseTarget(0, 2, F1), "Attacking")   # empty slot

    def test_attacker_is_revealed_when_chosen(self):
        s = position(board(F1="ram_goat"), board(F1="wolf"))
        ev = play(s, ChooseAttacker(0, F1))
        assert ev[0].irreversible and ev[0].data["card"] == "ram_goat"
        assert "ram_goat" in s.revealed and "ram_goat" in s.seen[1]

    def test_higher_wins_loser_goes_face_up_to_discard_winner_face_down(self):
        s = position(board(F1="ram_goat", F2="kid_goat"), board(F1="llama", F2="bear"))
        events = play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        (b,) = battle_events(events)
        assert (b.data["attack"], b.data["defense"]) == (7, 5)  # Ram 5+2 attacking; Llama 4+1 neighbour
        assert s.discard[1] == ["llama"] and s.board[1][F1] is None
        assert "ram_goat" not in s.face_up  # the winner flips back over
        assert "llama" in s.revealed and "ram_goat" in s.revealed
        kinds = [e.kind for e in events]
        assert kinds.index("reveal") < kinds.index("battle") < kinds.index("defeated")

    def test_tie_defeats_both(self):
        s = position(board(F1="ram_goat", F2="kid_goat"), board(F1="stubborn_goat", F2="wolf"))
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert (b.data["attack"], b.data["defense"]) == (7, 7)
        assert b.data["outcome"] == "tie" and s.discard == [["ram_goat"], ["stubborn_goat"]]

    def test_defender_wins(self):
        s = position(board(F1="kid_goat", F2="owl"), board(F1="bear", F2="wolf"))
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert b.data["outcome"] == "loss" and s.discard == [["kid_goat"], []]
        assert "bear" not in s.face_up

    def test_bonus_against_a_type(self):
        s = position(board(F1="pirate_goat", F2="kid_goat"), board(F1="battering_ram", F2="wolf"))
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert b.data["attack"] == 8 and b.data["defense"] == 3

    def test_explosion_defeats_both(self):
        s = position(board(F1="lazy_goat", F2="kid_goat"), board(F1="land_mine", F2="wolf"))
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert b.data["outcome"] == "explode"
        assert s.discard == [["lazy_goat"], ["land_mine"]]

    def test_explodes_only_in_its_role(self):
        s = position(board(F1="boom_goat", F2="kid_goat"), board(F1="owl", F2="wolf"))
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert b.data["outcome"] == "loss"  # Boom Goat explodes only when attacked

    def test_fainting_named_player_chooses_the_defender(self):
        s = position(board(F1="fainting_goat", F2="kid_goat"), board(F1="bear", F2="wolf"), board(F1="owl"))
        play(s, ChooseAttacker(0, F1))
        assert set(s.legal_actions()) == {ChooseOpponent(0, 1), ChooseOpponent(0, 2)}
        play(s, ChooseOpponent(0, 2))
        assert s.current_player == 2 and s.legal_actions() == [ChooseDefender(2, F1)]
        with pytest.raises(NotYourDecision):
            s.apply(ChooseDefender(0, F1))
        (b,) = battle_events(play(s, ChooseDefender(2, F1)))
        assert b.data["defender"] == "owl"

    def test_double_ballista_strikes_twice_at_6(self):
        s = position(board(F1="double_ballista", F2="kid_goat"), board(F1="bear", F2="wolf", F3="owl"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F2))
        assert s.stage == "second"
        assert SkipSecondTarget(0) in s.legal_actions() and ChooseTarget(0, 1, F2) not in s.legal_actions()
        ev = battle_events(play(s, ChooseTarget(0, 1, F3)))
        assert [(e.data["attack"], e.data["defense"], e.data["outcome"]) for e in ev] == [(6, 5, "win"), (6, 3, "win")]
        assert sorted(s.discard[1]) == ["owl", "wolf"]

    def test_double_ballista_may_strike_once(self):
        s = position(board(F1="double_ballista", F2="kid_goat"), board(F1="bear", F2="wolf"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F2))
        ev = battle_events(play(s, SkipSecondTarget(0)))
        assert len(ev) == 1 and s.discard[1] == ["wolf"]

    def test_conditions_on_cards_seen_slain_and_on_the_same_battlefield(self):
        # Baby Dragon: +1 once Mama Dragon has been seen, +2 while both share a battlefield
        assert value_on("baby_dragon", F1) == 5
        assert value_on("baby_dragon", F1, seen={"mama_dragon"}) == 6
        assert value_on("baby_dragon", F1, own={"B3": "mama_dragon"}) == 7
        assert value_on("mama_dragon", F1, slain={"baby_dragon"}) == 8
        assert value_on("armored_pig", F1, own={"B1": "pig_a_pult"}) == 9

    def test_each_value_effect_kind(self):
        cards = bg.standard_cards()
        assert value_on("sentry_goat", F1, own={"M1": "x", "B1": "x"}) == 3 + 4          # per_behind
        assert value_on("herd_goat", M1, own={"M2": "x", "M3": "x", "F1": "x"}) == 3 + 4  # per_same_row
        assert value_on("mountain_goat", M1, own={"F1": "x", "B1": "x", "M2": "x"}) == 6  # per_same_column
        assert value_on("berserker_goat", F1, own_discard=3) == 7                         # per_own_discard
        assert value_on("taunting_goat", F1, other_discard=2) == 6                        # per_opponent_discard
        assert value_on("sunbathing_goat", F1, face_up=True) == 6                          # while_face_up
        assert value_on("ram_goat", F1, role="attacking") == 7                             # when_attacking
        assert value_on("ram_goat", F1, role="defending") == 5
        assert value_on("shield_goat", F1, role="defending") == 7                          # when_defending
        assert value_on("archer_goat", B2) == 6 and value_on("archer_goat", M2) == 3       # in_row
        assert value_on("dragonslayer_goat", F1, other_type="creature") == 8               # vs_type
        assert value_on("double_ballista", F1, role="attacking", own_discard=5) == 6       # attack_value
        assert value_on("double_ballista", F1, role="defending") == cards["double_ballista"].value
        assert value_on("avenger_goat", F1, slain={"cowboy_goat"}) == 8                    # if_slain
        assert value_on("prophet_goat", F1, seen={"wizard_goat"}) == 7                     # if_seen

    def test_cannot_attack_out_of_turn(self):
        s = position(board(F1="ram_goat"), board(F1="wolf"))
        with pytest.raises(NotYourDecision):
            s.apply(ChooseAttacker(1, F1))
        with pytest.raises(MalformedAction):
            s.apply("attack!")


class TestHeroesThatMoveAndCapture:
    def test_jonas_may_swap_as_the_battle_begins(self):
        s = bg.new_game(players=2, seed=5)
        # give player 0 Jonas
        if "jonas" not in s.hands[0]:
            where = s.owner_of("jonas")
            src = s.hands[where[1]] if where and where[0] == "hand" else s.set_aside
            src[src.index("jonas")] = s.hands[0][0]
            s.hands[0][0] = "jonas"
        s.seen[0].update(s.hands[0])
        for p in (0, 1):
            s.seen[p].update(s.hands[p])
            lay_out(s, p)
        at = s.board[0].index("jonas")
        to = 8 if at != 8 else 0
        s.apply(ChooseFirstAttacker(0, 1))
        # player 1, first to attack, is asked first: holding no such card, they may only stay
        assert s.phase == "move" and s.current_player == 1
        assert s.legal_actions() == [MoveAtStart(1, bg.STAY, bg.STAY)]
        rejected(s, MoveAtStart(1, 0, 1), "Battlefield Setup")
        s.apply(MoveAtStart(1, bg.STAY, bg.STAY))
        assert s.phase == "move" and s.current_player == 0
        acts = s.legal_actions()
        assert acts[0] == MoveAtStart(0, bg.STAY, bg.STAY) and len(acts) == 9
        other = s.board[0][to]
        s.apply(MoveAtStart(0, at, to))
        assert s.board[0][to] == "jonas" and s.board[0][at] == other
        assert s.phase == "attack" and s.seat == 1

    def test_alfonso_takes_the_defeated_card_into_an_empty_slot(self):
        s = position(board(F1="alfonso", F2="kid_goat"), board(F1="cowboy_goat", F2="wolf"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.stage == "capture" and len(s.legal_actions()) == 7
        ev = play(s, PlaceCaptured(0, B2))
        assert s.board[0][B2] == "cowboy_goat" and s.discard[1] == [] and s.captured
        assert any(e.kind == "capture" for e in ev)
        assert s.seat == 1

    def test_alfonso_on_a_full_battlefield_discards_as_usual(self):
        full = {n: c for n, c in zip(bg.SLOT_NAMES, ["alfonso", "ram_goat", "kid_goat", "owl", "llama", "yeti",
                                                     "hydra", "troll", "wolf"])}
        s = position(board(**full), board(F1="cowboy_goat", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.discard[1] == ["cowboy_goat"] and s.seat == 1


# =========================================================================== Face Up Cards
class TestDefeatedThisGame:
    """Attacking: "defeated this game" (Mama Dragon, Avenger Goat) is a permanent record."""

    def _cowboy_captured(self):
        s = position(board(F1="alfonso", F2="kid_goat"), board(F1="cowboy_goat", F2="wolf", B3="avenger_goat"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1), PlaceCaptured(0, B2))
        assert s.board[0][B2] == "cowboy_goat" and s.discard[1] == []
        return s

    def test_defeated_this_game_survives_alfonso_taking_the_card(self):
        s = self._cowboy_captured()
        assert "cowboy_goat" in s.slain_set()
        b = s.battle_values((1, B3), (0, F2))
        assert b["attack"] == 8  # Avenger Goat 4, +4: Cowboy Goat was defeated this game

    def test_defeated_this_game_survives_a_save_and_the_notation(self):
        s = self._cowboy_captured()
        for twin in (bg.load(s.to_json()), bg.from_notation(s.notation())):
            assert twin.battle_values((1, B3), (0, F2))["attack"] == 8
        assert "slain=cowboy_goat" in s.notation()

    def test_saves_without_the_record_load_with_the_discard_piles(self):
        s = position(board(F1="ram_goat"), board(F1="wolf", B3="avenger_goat"), discards=[[], ["cowboy_goat"]])
        data = json.loads(s.to_json())
        del data["state"]["defeated"]
        old = bg.load(json.dumps(data))
        assert old.slain_set() == {"cowboy_goat"}


class TestFaceUpCards:
    def test_face_up_counts_only_if_it_started_the_turn_face_up(self):
        s = position(board(F1="sunbathing_goat", F2="kid_goat"), board(F1="wolf", F2="bear"), seat=1)
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 0, F1), Dodge(0, F1, True))
        assert "sunbathing_goat" in s.face_up and "wolf" in s.face_up
        # it is now player 1's ... no: player 0's turn, and both started this turn face up
        assert s.seat == 0 and s.counts_face_up("sunbathing_goat") and s.counts_face_up("wolf")

    def test_you_may_attack_with_a_face_up_card(self):
        s = position(board(F1="matador_goat^", F2="kid_goat"), board(F1="owl", F2="bear"), rev="matador_goat")
        assert ChooseAttacker(0, F1) in s.legal_actions()
        (b,) = battle_events(play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1)))
        assert b.data["attack"] == 5  # 4 + 1 while face up
        assert "matador_goat" not in s.face_up  # won: face down again

    def test_face_up_matador_cannot_dodge_again(self):
        s = position(board(F1="lazy_goat", F2="kid_goat"), board(F1="matador_goat^", F2="bear"), rev="matador_goat")
        ev = play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        (b,) = battle_events(ev)
        assert b.data["defense"] == 5 and s.discard[1] == ["matador_goat"]

    def test_a_face_down_card_that_cannot_avoid_battle_still_gets_the_step_and_only_fights(self):
        """Every face-down defending card pauses the attack for its owner, so the pause tells the
        table nothing; only a card that may avoid battle may flip, and 'fight' reads the same."""
        fights = []
        for defender, may_dodge in (("matador_goat", True), ("bear", False)):
            s = position(board(F1="ram_goat", F2="kid_goat"), board(F1=defender, F2="owl"))
            s.apply(ChooseAttacker(0, F1))
            s.apply(ChooseTarget(0, 1, F1))
            assert s.stage == "dodge" and s.current_player == 1
            assert (Dodge(1, F1, True) in s.legal_actions()) == may_dodge
            if not may_dodge:
                assert s.legal_actions() == [Dodge(1, F1, False)]
                rejected(s, Dodge(1, F1, True), "Face Up Cards")
            (fight, *_) = s.apply(Dodge(1, F1, False))
            fights.append((fight.kind, fight.text, fight.player, fight.data))
        assert fights[0] == fights[1]

    def test_a_face_up_target_gets_no_dodge_step(self):
        s = position(board(F1="ram_goat", F2="kid_goat"), board(F1="bear^", F2="owl"), rev="bear")
        s.apply(ChooseAttacker(0, F1))
        events = s.apply(ChooseTarget(0, 1, F1))
        assert s.stage != "dodge" and battle_events(events)

    def test_dodge_decision_belongs_to_the_defender(self):
        s = position(board(F1="ram_goat", F2="kid_goat"), board(F1="matador_goat", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        with pytest.raises(NotYourDecision):
            s.apply(Dodge(0, F1, True))
        rejected(s, Dodge(1, F2, True))


# =========================================================================== Turns and Winning
class TestTurnsAndWinning:
    def test_turns_go_clockwise_and_skip_players_who_are_out(self):
        s = position(board(F1="lazy_goat"), board(F1="kid_goat"), board(F1="owl", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.alive() == [0, 2] and s.seat == 2
        play(s, ChooseAttacker(2, F2), ChooseTarget(2, 0, F1))  # bear 7 vs lazy 8: bear loses
        assert s.seat == 0 and s.round == 2

    def test_must_attack_there_is_no_pass(self):
        s = position(board(F1="kid_goat"), board(F1="wolf"))
        assert all(isinstance(a, ChooseAttacker) for a in s.legal_actions())

    def test_last_card_in_play_wins(self):
        s = position(board(F1="lazy_goat"), board(F1="kid_goat"))
        ev = play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))
        assert s.is_over and s.winners == [0] and s.result == "last_card"
        assert s.current_player is None and s.legal_actions() == []
        assert ev[-1].kind == "game_over"
        rejected(s, ChooseAttacker(0, F1))

    def test_last_two_cards_tie_players_may_share_the_victory(self):
        s = position(board(F1="stubborn_goat"), board(F1="ram_goat"), seat=1)
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 0, F1))
        assert s.stage == "ending" and s.current_player == 1  # the attacker decides first
        play(s, ChooseEnding(1, True))
        assert s.current_player == 0 and not s.is_over
        play(s, ChooseEnding(0, True))
        assert s.is_over and s.winners == [0, 1] and s.result == "shared"

    def test_last_two_cards_tie_one_declines_so_both_lose(self):
        s = position(board(F1="stubborn_goat"), board(F1="ram_goat"), seat=1)
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 0, F1), ChooseEnding(1, True), ChooseEnding(0, False))
        assert s.is_over and s.winners == [] and s.result == "no_victors"

    def test_last_card_explodes(self):
        s = position(board(F1="land_mine"), board(F1="ram_goat"), seat=1)
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 0, F1))
        assert s.stage == "ending"
        play(s, ChooseEnding(1, False))
        assert s.is_over and s.winners == []

    def test_max_rounds_ends_with_no_winner(self):
        s = position(board(F1="ram_goat", F2="owl"), board(F1="llama", F2="yeti", F3="bear"), max_rounds=1)
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1))  # ram 7 beats llama 5
        assert not s.is_over and s.seat == 1
        play(s, ChooseAttacker(1, F2), ChooseTarget(1, 0, F2))  # yeti 6 beats owl 3; round 1 is over
        assert s.is_over and s.winners == [] and s.result == "max_rounds"


# =========================================================================== whole games
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("draft", [False, True])
def test_whole_games_end_with_a_result(players, draft):
    bots = [bg.SeenBot(i) if i % 2 else bg.RandomBot(i) for i in range(players)]
    for seed in range(2):
        s = bg.new_game(players=players, seed=seed, draft=draft)
        from livestock_notebooks.core.bots import play_out

        play_out(s, bots)
        assert s.is_over and s.result in ("last_card", "shared", "no_victors")


# =========================================================================== more edge cases
class TestEdgeCases:
    def test_wizard_own_victim_may_dodge_by_its_owner(self):
        s = position(board(F1="wizard_goat", F2="matador_goat"), board(F1="owl", F2="bear"))
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1), ChooseOwnAdjacent(0, F2))
        assert s.stage == "dodge" and s.current_player == 0
        ev = battle_events(play(s, Dodge(0, F2, True)))
        assert [e.data["defender"] for e in ev] == ["owl"]
        assert s.board[0][F2] == "matador_goat" and "matador_goat" in s.face_up

    def test_double_ballista_fights_two_battles_at_once(self):
        s = position(board(F1="double_ballista"), board(F1="yeti"), board(F1="stubborn_goat"))
        # ballista 6 vs yeti 6 (tie) and vs stubborn goat 7 (loss): ballista and yeti fall
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F1), ChooseTarget(0, 2, F1))
        assert s.discard == [["double_ballista"], ["yeti"], []]
        assert s.is_over and s.winners == [2] and s.result == "last_card"

    def test_all_last_cards_falling_together_go_to_a_vote_attacker_first(self):
        s = position(board(F1="yeti"), board(F1="double_ballista"), board(F1="bear"), seat=1)
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 2, F1), ChooseTarget(1, 0, F1))  # 6-6 and 6-6
        assert s.stage == "ending" and s.pending["voters"] == [1, 2, 0]
        play(s, ChooseEnding(1, True), ChooseEnding(2, True))
        assert not s.is_over and s.current_player == 0
        play(s, ChooseEnding(0, True))
        assert s.winners == [0, 1, 2] and s.result == "shared"

    def test_rounds_count_even_when_the_first_attacker_is_out(self):
        s = position(board(F1="kid_goat"), board(F1="lazy_goat", F2="owl", F3="llama"),
                     board(F1="yeti", F2="bear", F3="wolf"), first=0)
        play(s, ChooseAttacker(0, F1), ChooseTarget(0, 1, F2))  # kid 1 vs owl 3: kid falls, player 1 is out
        assert s.alive() == [1, 2] and s.seat == 1 and s.round == 1
        play(s, ChooseAttacker(1, F1), ChooseTarget(1, 2, F2))  # lazy 5 vs bear 6: lazy falls
        assert s.seat == 2 and s.round == 1
        play(s, ChooseAttacker(2, F1), ChooseTarget(2, 1, F2))  # yeti 6 vs owl 3
        assert s.seat == 1 and s.round == 2  # passing the first attacker's empty seat starts round 2

    def test_illegal_steps_name_the_rule_and_section(self):
        s = position(board(F1="ram_goat"), board(F1="wolf"))
        err = rejected(s, ChooseTarget(0, 1, F1), "Attacking")
        assert "target" in err.rule
        rejected(s, Place(0, "ram_goat", F2), "Battlefield Setup")
        rejected(s, Pick(0, "ram_goat"), "Advanced (Draft)")
        rejected(s, ChooseFirstAttacker(0, 1), "Attacking")
        rejected(s, ChooseEnding(0, True), "Attacking")
        rejected(s, ChooseAttacker(0, True))  # a bool is not a slot
