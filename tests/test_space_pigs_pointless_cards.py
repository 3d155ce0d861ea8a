"""Space Pigs: when no combat card could change a combat (issue 27: no click without a real
choice), by rulebook section. The engine still offers every card (a card that changes nothing
is a legal play); ``pointless_card_step`` says, from the deciding seat's view only, when "Play no
card" is the only real choice, and the play page takes it (tests/test_first_game.py)."""
from __future__ import annotations

import random

import pytest

from livestock_notebooks import IllegalAction
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.space_pigs import Done, PlayCard
from livestock_notebooks.space_pigs.data import CARDS
from livestock_notebooks.space_pigs.game import only_real_choice
from livestock_notebooks.space_pigs.pointless import _playable_in_combat, pointless_card_step

CELLS = "0,0:Pr{} 1,0:Py -1,0:A 0,1:Pb 1,-1:Dr 0,-1:A -1,1:Pb:c3"
PECARI = "rules=full clans=Pe,Po,Hy opts=clan_powers"  # P1 Pecari Banzai


def card(name: str, nth: int = 0) -> int:
    return [c.id for c in CARDS if c.name == name or c.english == name][nth]


def combat(hands: list[list[int]], troops: str, head: str = "", played: list[int] = ()):
    """A 3A combat on H0 (``troops``: defender then attacker), cards put down by the defender
    (``played``, then Done), so the state waits for the attacker's cards when ``played`` is given."""
    hand_text = "/".join(".".join(map(str, h)) for h in hands)
    s = sp.from_notation(f"SP1 n=3 turn=2 seq=3A order=123 rp=1 hands={hand_text} {head} | "
                         + CELLS.format(":" + troops))
    return s


TUSKS, MUD, SUICIDE, ANTIMATTER, LASER = (card("Sharpened Tusks"), card("Mud Armour"), card("Suicide Porker"),
                                         card("Antimatter Truffle"), card("Laser Snout"))


class TestSequenceACombat:
    def test_an_attacker_whose_cards_add_nothing_has_only_play_no_card(self):
        s = combat([[], [MUD, card("Truffle Rations")], []], "a3:b2h1")
        assert s.current_player == 1 and s.combat.stage == "cards_a"  # the defender holds no card
        assert PlayCard(1, MUD) in s.legal_actions()  # still a legal play
        why = pointless_card_step(s.player_view(1))
        assert "adds nothing when attacking" in why
        assert only_real_choice(s, 1, s.legal_actions()) == (Done(1), why)

    def test_a_card_that_adds_something_is_a_real_choice(self):
        s = combat([[], [MUD, TUSKS], []], "a3:b2h1")  # Tusks: +1 attacking
        assert pointless_card_step(s.player_view(1)) is None

    def test_a_defender_facing_a_clan_with_cards_is_asked_since_face_down_cards_are_a_signal(self):
        s = combat([[TUSKS], [MUD], []], "a3:b2h1")  # Tusks: +0 defending
        assert s.current_player == 0 and pointless_card_step(s.player_view(0)) is None
        s = combat([[TUSKS, card("Snout First")], [], []], "a3:b2h1")  # the attacker holds no card
        assert "adds nothing when defending" in pointless_card_step(s.player_view(0))

    def test_a_defender_against_aliens_who_have_no_cards(self):
        s = combat([[TUSKS], [MUD], []], "a3:pir2")
        assert s.combat.attacker == -1 and "adds nothing when defending" in pointless_card_step(s.player_view(0))

    def test_the_answer_reads_only_the_deciding_seat_s_view(self):
        """Hidden information: the attacker's hand (one card either way) changes nothing."""
        answers = {pointless_card_step(combat([[TUSKS], [other], []], "a3:b2h1").player_view(0))
                   for other in (MUD, SUICIDE, card("Overdrive"), card("Jamming"))}
        assert answers == {None}
        answers = {pointless_card_step(combat([[MUD], [other], []], "a3:b2h1").player_view(0))
                   for other in (TUSKS, SUICIDE)}
        assert answers == {None}  # Mud Armour adds +1 defending


class TestTechnologyIndices:
    def test_own_cards_at_six_settle_the_wipeout(self):
        s = combat([[], [SUICIDE, ANTIMATTER, LASER, TUSKS], []], "a3:b2h1")
        s.apply(PlayCard(1, SUICIDE))
        assert pointless_card_step(s.player_view(1)) is None
        s.apply(PlayCard(1, ANTIMATTER))
        assert "the wipeout is certain" in pointless_card_step(s.player_view(1))

    def test_a_pecari_clan_that_may_lower_the_total_keeps_the_choice_at_six(self):
        s = combat([[], [SUICIDE, ANTIMATTER, LASER, TUSKS], []], "a3:b2h1", PECARI)
        s.apply(PlayCard(1, SUICIDE))
        s.apply(PlayCard(1, ANTIMATTER))
        assert pointless_card_step(s.player_view(1)) is None  # the Pecari defender may take it to 5
        s.apply(PlayCard(1, LASER))
        assert "technology total of 7" in pointless_card_step(s.player_view(1))


class TestCombatResolution:
    def test_a_win_of_every_round_whatever_is_played(self):
        s = combat([[], [card("Overdrive"), MUD], []], "a1:b8", "rules=full")  # 1d6+7 against 1d6
        assert "you win every round" in pointless_card_step(s.player_view(1))

    def test_a_card_the_defender_put_down_could_still_change_it(self):
        s = combat([[MUD], [card("Overdrive")], []], "a1:b8", "rules=full")
        s.apply(PlayCard(0, MUD))  # its last card: the attacker's turn comes
        assert s.current_player == 1 and pointless_card_step(s.player_view(1)) is None

    def test_a_loss_of_every_round_whatever_is_played(self):
        s = combat([[], [card("Overdrive")], []], "a10:b1", "rules=full")  # 1d6+2 at best against 1d6+9
        assert "you lose every round" in pointless_card_step(s.player_view(1))
        s = combat([[], [card("Overdrive"), SUICIDE], []], "a10:b1", "rules=full")
        assert pointless_card_step(s.player_view(1)) is None  # a wipeout would take the defenders too


def _finish(state, hex_: int):
    """The combat on ``hex_`` fought on with no more cards, no flight and no power."""
    for _ in range(200):
        cb = state.combat
        if cb is None or cb.hex != hex_:
            return state
        legal = state.legal_actions()
        state.apply(next((a for a in legal if type(a).__name__ in ("Done", "Stay")), legal[-1]))
    raise AssertionError("the combat did not end")


def test_a_step_called_pointless_ends_the_same_whatever_card_is_played():
    """Over random games: the cards the rule reads as playable are the engine's, and when it
    says no card could change the combat, playing any offered card (same dice) leaves the hex,
    the losses and the combat's end exactly as playing none."""
    checked = 0
    for seed in range(12):
        s = sp.new_game(players=4, seed=seed, rules="full", max_rounds=6)
        rng = random.Random(seed)
        for _ in range(4000):
            if s.is_over:
                break
            cb, p, legal = s.combat, s.current_player, s.legal_actions()
            if cb is not None and cb.stage in ("cards_d", "cards_a"):
                offered = {CARDS[a.card].name if CARDS[a.card].kind == "combat" else CARDS[a.card].key
                           for a in legal if isinstance(a, PlayCard)}
                mine = {CARDS[c].name if CARDS[c].kind == "combat" else CARDS[c].key
                        for c in s.hands[p] if _playable_in_combat(c, cb.sequence)}
                assert offered == mine
                if pointless_card_step(s.player_view(p)) is not None:
                    after_none = _finish(s.copy(), cb.hex)
                    for a in legal:
                        other = s.copy()
                        other.apply(a)
                        other = _finish(other, cb.hex)
                        assert other.occupants == after_none.occupants and other.lost == after_none.lost
                    checked += 1
            s.apply(rng.choice(legal))
    assert checked >= 10, checked



class TestPecariPowers:
    """Technology Indices and Combat Resolution: the Pecari powers are offered only where they
    could change something (engine: not offered elsewhere, refused with the rule)."""

    def test_technology_adjustment_only_at_a_total_of_five_or_six(self):
        for cards, asked in (([SUICIDE, LASER], False), ([SUICIDE, card("Photon Ham Cannon")], True),
                             ([SUICIDE, ANTIMATTER], True), ([SUICIDE, ANTIMATTER, LASER], False)):
            hands = [[cards[0]], cards[1:], []]
            s = combat(hands, "a3:b3", PECARI)
            s.apply(PlayCard(0, cards[0]))
            for c in cards[1:]:  # P2's last card reveals them
                s.apply(PlayCard(1, c))
            stage = s.combat.stage if s.combat else None
            assert (stage == "tech") == asked, (sum(CARDS[c].tech for c in cards), stage)

    def test_a_technology_adjustment_not_offered_is_refused_with_the_rule(self):
        s = combat([[SUICIDE], [LASER], []], "a3:b3", PECARI)  # total 4: not offered
        s.apply(PlayCard(0, SUICIDE))
        s.dice.script([6, 1])  # 8 against 3: a re-roll could turn the round, so P1 is asked that
        s.apply(PlayCard(1, LASER))
        assert s.current_player == 0 and s.combat.stage == "reroll"
        before = s.to_json()
        with pytest.raises(IllegalAction, match="wipeout line") as refused:
            s.apply(sp.UsePower(0, "tech_adjust", 1))
        assert refused.value.section == "Technology Indices" and s.to_json() == before

    def test_reroll_only_when_it_could_change_who_wins_the_round(self):
        # 3 piglets (1d6+2) against 3 piglets: 6+2 v 1+2 can turn round; 10 piglets (1d6+9) v 1 cannot
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=3A order=123 rp=1 {PECARI} hands=// | " + CELLS.format(":a3:b3"), script=[6, 1])
        assert s.current_player == 0 and s.combat.stage == "reroll"
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=3A order=123 rp=1 {PECARI} hands=// | " + CELLS.format(":a10:b1"), script=[1, 6])
        assert not (s.combat and s.combat.stage == "reroll" and s.current_player == 0)
