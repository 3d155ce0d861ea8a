"""Attacking (rulebook), and dodging from Face Up Cards: the steps of one attack.

The attacking player picks a card (revealed at once) and a target; some attackers name an
opponent who picks the defender, strike a second card, or also hit an own neighbour; a face-down
card able to avoid battle may flip face up instead. Every face-down defending card gets that
decision step, able to dodge or not (then its owner can only let it fight), so the pause tells
the table nothing about the card. The battle itself is :mod:`.battle`.
"""
from __future__ import annotations

from ..core.protocol import Event
from . import events as ev
from .actions import (
    interned,
    BattleGoatsAction, ChooseAttacker, ChooseDefender, ChooseEnding, ChooseOpponent, ChooseOwnAdjacent, ChooseTarget,
    Dodge, PlaceCaptured, SkipSecondTarget,
)
from .board import BoardMixin, player_text as _p
from .cards import ADJACENT, SLOT_NAMES

__all__ = ["AttackMixin"]

# interned attack actions (building them is the hot path of random play)
_ATTACKERS = tuple(tuple(ChooseAttacker(p, s) for s in range(9)) for p in range(6))
_TARGETS = tuple(tuple(tuple(ChooseTarget(me, p, s) for s in range(9)) for p in range(6)) for me in range(6))


class AttackMixin(BoardMixin):
    """The steps of an attack, from choosing the attacker to the dodges."""

    def _attack_legal(self) -> list[BattleGoatsAction]:
        pend = self._pend
        assert pend is not None
        stage = pend["stage"]
        me = self.seat
        if stage == "attacker":
            row = _ATTACKERS[me]
            return [row[s] for s, c in enumerate(self.board[me]) if c is not None]
        if stage == "target" or stage == "second":
            out: list[BattleGoatsAction] = []
            targets = _TARGETS[me]
            taken = pend["targets"]
            for p in range(self.players):
                if p == me:
                    continue
                targets_of_p = targets[p]
                if taken:
                    out += [targets_of_p[s] for s, c in enumerate(self.board[p]) if c is not None and [p, s] not in taken]
                else:
                    out += [targets_of_p[s] for s, c in enumerate(self.board[p]) if c is not None]
            if stage == "second":
                out.append(interned(SkipSecondTarget, me))
            return out
        if stage == "opponent":
            return [interned(ChooseOpponent, me, p) for p in self.alive() if p != me]
        if stage == "defender":
            opp = pend["opponent"]
            return [interned(ChooseDefender, opp, s) for s, c in enumerate(self.board[opp]) if c is not None]
        if stage == "own":
            b = self.board[me]
            return [interned(ChooseOwnAdjacent, me, s) for s in ADJACENT[pend["attacker"]] if b[s] is not None]
        if stage == "dodge":
            p, s = pend["dodge_queue"][0]
            if self.cards.by_id[self.at(p, s)].may_avoid:
                return [interned(Dodge, p, s, True), interned(Dodge, p, s, False)]
            return [interned(Dodge, p, s, False)]
        if stage == "capture":
            return [interned(PlaceCaptured, me, s) for s in self._capture_slots(me, pend["capture"][1])]
        if stage == "ending":
            voter = pend["voters"][len(pend["votes"])]
            return [interned(ChooseEnding, voter, True), interned(ChooseEnding, voter, False)]
        raise AssertionError(f"unknown stage {stage}")  # pragma: no cover

    def _do_attacker(self, a: ChooseAttacker) -> list[Event]:
        p = a.player
        cid = self.at(p, a.slot)
        card = self.cards.by_id[cid]
        self.face_up.add(cid)
        self.revealed.add(cid)
        for q in range(self.players):
            self.seen[q].add(cid)
        self.pending = {"stage": "opponent" if card.defender_chooses else "target", "attacker": a.slot,
                        "card": cid, "targets": [], "own": None, "dodged": [], "dodge_queue": []}
        if self.quiet:
            return []
        return [Event(ev.ATTACK, f"{_p(p)} attacks with {card.name} ({SLOT_NAMES[a.slot]})", p,
                      {"player": p, "slot": a.slot, "card": cid}, irreversible=True)]

    def _do_opponent(self, a: ChooseOpponent) -> list[Event]:
        self._pend["opponent"] = a.opponent
        self._pend["stage"] = "defender"
        return [Event(ev.NAME_OPPONENT, f"{_p(a.player)} names {_p(a.opponent)}, who picks the defending card",
                      a.player, {"player": a.player, "opponent": a.opponent})]

    def _do_defender(self, a: ChooseDefender) -> list[Event]:
        self._pend["targets"].append([a.player, a.slot])
        events = [Event(ev.DEFENDER, f"{_p(a.player)} defends with the card in {SLOT_NAMES[a.slot]}", a.player,
                        {"player": a.player, "slot": a.slot})]
        self._after_target(events)
        return events

    def _do_target(self, a: ChooseTarget) -> list[Event]:
        pend = self._pend
        pend["targets"].append([a.target_player, a.target_slot])
        second = pend["stage"] == "second"
        events = [] if self.quiet else [Event(ev.TARGET, f"{_p(a.player)} {'also ' if second else ''}targets {_p(a.target_player)}'s card in "
                        f"{SLOT_NAMES[a.target_slot]}", a.player,
                        {"player": a.player, "target_player": a.target_player, "target_slot": a.target_slot})]
        if second:
            self._after_targets(events)
        else:
            self._after_target(events)
        return events

    def _do_skip(self, a: SkipSecondTarget) -> list[Event]:
        events = [Event(ev.SINGLE, f"{_p(a.player)} strikes a single card", a.player, {"player": a.player})]
        self._after_targets(events)
        return events

    def _after_target(self, events: list[Event]) -> None:
        pend = self._pend
        card = self.cards.by_id[pend["card"]]
        if card.second_target:
            me = self.seat
            taken = pend["targets"]
            if any(c is not None and [p, s] not in taken
                   for p in range(self.players) if p != me for s, c in enumerate(self.board[p])):
                pend["stage"] = "second"
                return
        self._after_targets(events)

    def _after_targets(self, events: list[Event]) -> None:
        pend = self._pend
        card = self.cards.by_id[pend["card"]]
        if card.hits_own_adjacent:
            b = self.board[self.seat]
            if any(b[s] is not None for s in ADJACENT[pend["attacker"]]):
                pend["stage"] = "own"
                return
        self._start_dodges(events)

    def _do_own(self, a: ChooseOwnAdjacent) -> list[Event]:
        self._pend["own"] = a.slot
        events = [Event(ev.OWN, f"The attacker also hits {_p(a.player)}'s own card in {SLOT_NAMES[a.slot]}", a.player,
                        {"player": a.player, "slot": a.slot})]
        self._start_dodges(events)
        return events

    def _start_dodges(self, events: list[Event]) -> None:
        # every face-down defender gets the step, able to dodge or not: which one may is hidden
        queue = [[p, s] for p, s in self._defenders() if self.at(p, s) not in self.face_up]
        pend = self._pend
        if queue:
            pend["dodge_queue"] = queue
            pend["stage"] = "dodge"
        else:
            self._resolve(events)

    def _do_dodge(self, a: Dodge) -> list[Event]:
        pend = self._pend
        pend["dodge_queue"].pop(0)
        events = []
        if a.dodge:
            pend["dodged"].append([a.player, a.slot])
            cid = self.at(a.player, a.slot)
            self.face_up.add(cid)
            self.revealed.add(cid)
            for q in range(self.players):
                self.seen[q].add(cid)
            if not self.quiet:
                events.append(Event(ev.DODGE, f"{_p(a.player)} flips {self.cards.by_id[cid].name} ({SLOT_NAMES[a.slot]}) "
                                    "face up and avoids the battle", a.player,
                                    {"player": a.player, "slot": a.slot, "card": cid}, irreversible=True))
        elif not self.quiet:
            events.append(Event(ev.NO_DODGE, f"{_p(a.player)} lets the card in {SLOT_NAMES[a.slot]} fight", a.player,
                                {"player": a.player, "slot": a.slot}))
        if not pend["dodge_queue"]:
            self._resolve(events)
        return events
