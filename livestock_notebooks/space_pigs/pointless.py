"""When no card a player may put down in a combat could change anything (issue 27: no click
without a real choice), decided from that player's own view only.

Sequence A: Combat lets each side put down as many cards of the sequence as it likes, face
down, the defender first, and reveals them together. The engine offers every such card: a card
that changes nothing of the combat is still a legal play, and how many cards the defender put
down is a signal the attacker reads before choosing its own. A play page may still take "Play no
card" (``Done``) for a player when, from what that player sees, no play could change the combat:

1. **The wipeout is settled** (Technology Indices): the player's own face-down cards already
   reach a technology total of 6 (7 when a Pecari Banzai clan with its clan powers fights here:
   it may lower the total by one after the reveal). Every troop on the hex is destroyed whatever
   else either side plays.
2. **No card adds anything** (Sequence A: Combat): every card the player may play is a combat
   card whose bonus for the player's side is 0 (its attack bonus when attacking, its defence
   bonus when defending) and whose technology index is 0.
3. **The rounds are settled** (Combat Resolution): every card the player may play has technology
   index 0, and the player wins every round whatever both sides play (its lowest total beats the
   other side's highest, counting the most each card the other side put down or may still put
   down could add), or loses every round even with all its cards. A round's winner keeps its
   troops and the loser's total only falls, so the first round decides them all.

Cases 2 and 3 also need nobody to read the number of cards put down before choosing: the player
attacks (the cards are revealed next), or defends against aliens (who have no cards, Sequence C)
or against a clan holding no card (hand sizes are public). A defender facing a clan with cards
is asked, since a useless card put down face down is still a bluff.

Only the deciding seat's view is read (its own hand and face-down cards, the public hand sizes,
troops, clans and face-down counts), so taking the step tells nobody anything.

>>> from livestock_notebooks import space_pigs as sp
>>> s = sp.from_notation("SP1 n=3 turn=2 seq=3A order=123 rp=1 hands=0/1/ | 0,0:Pr:a3:b2h1 -1,1:Pb:c3")
>>> s.current_player, pointless_card_step(s.player_view(0)) is None   # a bluff against P2's card
(0, True)
>>> _ = s.apply(sp.Done(0))
>>> pointless_card_step(s.player_view(1))
'no card in your hand could change this combat: each adds nothing when attacking and has no technology index'
"""
from __future__ import annotations

from ..odds.space_pigs_sides import AcornWorm, Pigs, Pirates, Porcophages
from .combat import WIPEOUT_TOTAL
from .data import CARDS
from .views import PIRATES, PORCOPHAGES, SpacePigsPlayerView

__all__ = ["MOST_ONE_CARD_ADDS", "WIPEOUT_TOTAL", "pointless_card_step"]

#: the most one card may move a combat by: a combat card's larger bonus, or an event card's value
MOST_ONE_CARD_ADDS = max(max(c.attack, c.defense) if c.kind == "combat" else c.value
                         for c in CARDS if c.kind == "combat" or c.effect in ("self_bonus", "enemy_malus"))


def _bonus(card: int, attacking: bool) -> tuple[int, int]:
    """(what ``card`` adds to its player's total, what it takes off the other side's)."""
    c = CARDS[card]
    if c.kind == "combat":
        return (c.attack if attacking else c.defense), 0
    if c.effect == "self_bonus":
        return c.value, 0
    if c.effect == "enemy_malus":
        return 0, c.value
    return 0, 0


def _side(view: SpacePigsPlayerView, h: int, who: int, bonus: int):
    """``who``'s side on hex ``h`` in the shared odds model (as the engine builds it)."""
    o = view.hexes[h].occupant(who)
    if o is None:
        return None
    if who >= 0:
        return Pigs(o.piglets, o.hogs, bonus)
    if who == PIRATES:
        return Pirates(o.count, bonus)
    if who == PORCOPHAGES:
        return Porcophages(o.count, bonus)
    return AcornWorm(bonus)


def _totals(side) -> tuple[int, int]:
    """The lowest and highest total a side may roll in a round."""
    dice = side.strength_dice()
    return len(dice) + side.modifier(), sum(dice) + side.modifier()


def _pecari_may_adjust(view: SpacePigsPlayerView, cb) -> bool:
    """Whether a Pecari Banzai clan fights here with its clan powers (its tech adjustment may
    still be unused: the view does not say, so count on it)."""
    if view.rules != "full" or not view.option("clan_powers") or view.turn < 2:
        return False
    return any(who >= 0 and view.clans[who].clan == "Pecari Banzai" for who in (cb.attacker, cb.defender))


def pointless_card_step(view: SpacePigsPlayerView) -> str | None:
    """Why no card the viewer may put down now could change this combat (see the module
    docstring), or ``None`` when a card could (or the viewer is not choosing combat cards)."""
    cb, me = view.combat, view.viewer
    if cb is None or me is None or cb.stage not in ("cards_d", "cards_a") or view.actor != me:
        return None
    attacking = cb.stage == "cards_a"
    if me != (cb.attacker if attacking else cb.defender):
        return None
    hand = view.own_hand() or ()
    mine = cb.cards_of(me) or ()
    slack = 1 if _pecari_may_adjust(view, cb) else 0
    played_tech = sum(CARDS[c].tech for c in mine)
    if played_tech >= WIPEOUT_TOTAL + slack:
        return (f"no card could change this combat: your cards already reach a technology total of "
                f"{played_tech}, so the wipeout is certain")
    playable = [c for c in hand if _playable_in_combat(c, cb.sequence)]
    if not playable or any(CARDS[c].tech for c in playable):
        return None
    other = cb.attacker if me == cb.defender else cb.defender
    if not attacking and other >= 0 and view.clans[other].cards > 0:
        return None  # the attacker chooses after seeing how many cards the defender put down
    if all(_bonus(c, attacking) == (0, 0) for c in playable):
        return (f"no card in your hand could change this combat: each adds nothing when "
                f"{'attacking' if attacking else 'defending'} and has no technology index")
    # the rounds: what is known of both sides, and the most the cards not known could add
    my_bonus = sum(_bonus(c, attacking)[0] for c in mine)
    my_malus = sum(_bonus(c, attacking)[1] for c in mine)
    unknown = cb.defender_card_count if attacking else (view.clans[other].cards if other >= 0 else 0)
    swing = MOST_ONE_CARD_ADDS * unknown  # each such card adds to the other side or takes off mine
    all_bonus = my_bonus + sum(_bonus(c, attacking)[0] for c in playable)
    all_malus = my_malus + sum(_bonus(c, attacking)[1] for c in playable)
    me_now, me_all = _side(view, cb.hex, me, my_bonus), _side(view, cb.hex, me, all_bonus)
    them_most, them_least = _side(view, cb.hex, other, swing - my_malus), _side(view, cb.hex, other, -all_malus)
    if me_now is None or me_all is None or them_most is None or them_least is None:
        return None
    if _totals(me_now)[0] > _totals(them_most)[1]:
        return "no card could change this combat: you win every round whatever both sides play"
    if _totals(me_all)[1] < _totals(them_least)[0]:
        return "no card could change this combat: you lose every round whatever you play"
    return None


def _playable_in_combat(card: int, sequence: str) -> bool:
    """Whether ``card`` may be put down in a combat of ``sequence`` (as the engine offers it)."""
    c = CARDS[card]
    if c.kind == "combat":
        return sequence in ("3A", "3C")
    return c.sequence == sequence and c.effect in ("self_bonus", "enemy_malus")
