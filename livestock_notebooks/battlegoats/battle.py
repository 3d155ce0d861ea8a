"""The battle of an attack (rulebook: Attacking): values, outcome, the defeated, captures.

Both cards' values come from :func:`~.cards.card_value` (printed value and every modifier that
applies as the board stands); the higher wins, a tie defeats both, an exploding card defeats
both whatever the numbers. Defeated cards go face up to their owner's discard pile.
"""
from __future__ import annotations

from typing import Any

from ..core.protocol import Event
from . import events as ev
from .actions import PlaceCaptured
from .board import BoardMixin, player_text as _p
from .cards import SLOT_NAMES, card_value

__all__ = ["BattleMixin"]


class BattleMixin(BoardMixin):
    """Resolving the battles of an attack."""

    def battle_values(self, attacker: tuple[int, int], defender: tuple[int, int], *, explain: bool = False,
                      extra_seen: tuple = ()) -> dict:
        """Both cards' values for one battle as the board stands (used by resolution and UIs)."""
        (attacker_player, attacker_slot), (defender_player, defender_slot) = attacker, defender
        return self._battle(attacker_player, attacker_slot, self.at(attacker_player, attacker_slot),
                            defender_player, defender_slot, self.at(defender_player, defender_slot),
                            explain=explain, extra_seen=extra_seen)

    def _battle(self, attacker_player: int, attacker_slot: int, attacker_card: str, defender_player: int,
                defender_slot: int, defender_card: str, *, explain: bool = False, extra_seen: Any = (),
                seen: Any = None, slain: Any = None, defender_board: Any = None, attacker_board: Any = None) -> dict:
        """One battle: both values (``card_value`` with every modifier as the board stands, or
        with ``defender_board`` / ``attacker_board`` in place of those battlefields, as a player
        knows them) and the outcome.
        ``seen``: the cards revealed, counting this battle's; ``slain``: the defeated so far."""
        cards = self.cards.by_id
        attacking = cards[attacker_card]
        defending = cards[defender_card]
        if seen is None:
            seen = self.revealed | {attacker_card, defender_card} | set(extra_seen)
        if slain is None:
            slain = self.slain_set()
        attacker_discard = len(self.discard[attacker_player])
        defender_discard = len(self.discard[defender_player])
        attack, attack_parts = card_value(
            attacking, board=self.board[attacker_player] if attacker_board is None else attacker_board,
            slot=attacker_slot, role="attacking",
            other_type=defending.type, face_up=self.counts_face_up(attacker_card), own_discard=attacker_discard,
            other_discard=defender_discard, seen=seen, slain=slain, explain=explain)
        defense, defense_parts = card_value(
            defending, board=self.board[defender_player] if defender_board is None else defender_board,
            slot=defender_slot, role="defending", other_type=attacking.type,
            face_up=self.counts_face_up(defender_card), own_discard=defender_discard,
            other_discard=attacker_discard, seen=seen, slain=slain, explain=explain)
        if attacking.explodes in ("attacking", "any") or defending.explodes in ("defending", "any"):
            outcome = "explode"
        elif attack > defense:
            outcome = "win"
        elif attack < defense:
            outcome = "loss"
        else:
            outcome = "tie"
        return {"attacker": attacker_card, "defender": defender_card, "attack": attack, "defense": defense,
                "outcome": outcome, "attack_parts": attack_parts, "defense_parts": defense_parts}

    def _resolve(self, events: list[Event]) -> None:
        pend = self._pend
        me = self.seat
        aslot = pend["attacker"]
        aid = self.at(me, aslot)
        acard = self.cards.by_id[aid]
        defenders = self._defenders()
        dodged = pend["dodged"]
        had_cards = [p for p in self.alive()]
        seen = self.revealed | {aid} | {self.board[p][s] for p, s in defenders}
        slain = self.slain_set()
        battles = []
        quiet = self.quiet
        for p, s in defenders:
            did = self.at(p, s)
            if [p, s] in dodged:
                continue
            if did not in self.face_up and not quiet:
                events.append(Event(ev.REVEAL, f"{_p(p)}'s card in {SLOT_NAMES[s]} is {self.cards.by_id[did].name}",
                                    p, {"player": p, "slot": s, "card": did}, irreversible=True))
            battles.append((p, s, self._battle(me, aslot, aid, p, s, did, explain=not quiet, seen=seen, slain=slain)))
        for p, s in defenders:
            cid = self.at(p, s)
            self.revealed.add(cid)
            for q in range(self.players):
                self.seen[q].add(cid)
        attacker_down = False
        defeated: list[tuple[int, int]] = []
        for p, s, b in battles:
            out = b["outcome"]
            if out == "win":
                defeated.append((p, s))
            elif out == "loss":
                attacker_down = True
            else:  # a tie, or it explodes: both are defeated
                defeated.append((p, s))
                attacker_down = True
            if quiet:
                continue
            dname = self.cards.by_id[b["defender"]].name
            detail = f"{acard.name} {b['attack']} against {dname} {b['defense']}"
            if out == "win":
                text = f"{detail}: {dname} is defeated"
            elif out == "loss":
                text = f"{detail}: {acard.name} is defeated"
            elif out == "tie":
                text = f"{detail}: a tie, both are defeated"
            else:
                text = f"{detail}: it explodes, both are defeated"
            events.append(Event(ev.BATTLE, text, me, {
                "attacker_player": me, "attacker_slot": aslot, "defender_player": p, "defender_slot": s,
                "attacker": b["attacker"], "defender": b["defender"], "attack": b["attack"],
                "defense": b["defense"], "outcome": out,
                "attack_parts": [list(x) for x in b["attack_parts"]],
                "defense_parts": [list(x) for x in b["defense_parts"]],
            }))
        # apply: defeated cards go face up to their owner's discard pile
        if attacker_down:
            defeated.append((me, aslot))
        capture_card = None
        for p, s in defeated:
            cid = self.at(p, s)
            self.board[p][s] = None
            self.discard[p].append(cid)
            self.defeated.add(cid)
            self.face_up.discard(cid)
            if not quiet:
                events.append(Event(ev.DEFEATED, f"{self.cards.by_id[cid].name} goes to {_p(p)}'s discard pile", p,
                                    {"player": p, "slot": s, "card": cid}))
            if capture_card is None and p != me and acard.captures and not attacker_down:
                capture_card = [p, cid]
        # survivors of a fought battle turn face down again; dodgers and their attacker stay up
        for p, s, b in battles:
            survivor = self.board[p][s]
            if survivor is not None:
                self.face_up.discard(survivor)
        if not attacker_down:
            if battles:
                self.face_up.discard(aid)
            else:
                events.append(Event(ev.STAY_UP, f"{acard.name} stays face up", me, {"player": me, "slot": aslot}))
        if capture_card is not None and self._capture_slots(me, str(capture_card[1])):
            pend["stage"] = "capture"
            pend["capture"] = capture_card
            pend["had_cards"] = had_cards
            return
        self._after_attack(events, had_cards)

    def _capture_slots(self, player: int, cid: str) -> list[int]:
        """Empty slots of ``player``'s battlefield where the captured ``cid`` may go: a card that
        must be in one row (the Double Ballista: front) only there; none free, and it is
        discarded as usual."""
        row = self.cards.by_id[cid].place_row
        return [s for s, c in enumerate(self.board[player]) if c is None and (row is None or s // 3 == row)]

    def _do_capture(self, a: PlaceCaptured) -> list[Event]:
        pend = self._pend
        owner, cid = pend["capture"]
        self.discard[owner].remove(cid)
        self.board[a.player][a.slot] = cid
        events = [Event(ev.CAPTURE, f"{_p(a.player)} takes {self.cards.by_id[cid].name} from {_p(owner)} and lays it "
                        f"face down in {SLOT_NAMES[a.slot]}", a.player,
                        {"player": a.player, "from": owner, "card": cid, "slot": a.slot})]
        self.captured = True
        self._after_attack(events, pend["had_cards"])
        return events
