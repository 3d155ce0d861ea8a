"""Turns and Winning (rulebook): the next attacker, rounds, the round limit, the ending vote.

Turns pass clockwise among the players who still have cards; a round starts again each time the
first attacker's seat comes round. The last player with cards in play wins; when the last
cards fall together their owners vote to share the victory or all lose.
"""
from __future__ import annotations

from ..core.protocol import Event
from . import events as ev
from .actions import ChooseEnding
from .board import BoardMixin, player_text as _p

__all__ = ["TurnsMixin"]


class TurnsMixin(BoardMixin):
    """After each attack: who is out, who attacks next, and how the game ends."""

    def _after_attack(self, events: list[Event], had_cards: list[int]) -> None:
        alive = self.alive()
        for p in had_cards:
            if p not in alive:
                events.append(Event(ev.OUT, f"{_p(p)} has no cards left in play", p, {"player": p}))
        me = self.seat
        if len(alive) == 1:
            self._finish([alive[0]], "last_card", events)
            return
        if not alive:
            voters = [q for q in ((me + i) % self.players for i in range(self.players)) if q in had_cards]
            self.pending = {"stage": "ending", "voters": voters, "votes": []}
            events.append(Event(ev.ENDING, "The last cards fell together: "
                                + " and ".join(_p(v) for v in voters) + " choose to share the victory or all lose",
                                None, {"voters": voters}))
            return
        # next clockwise player with cards; a new round starts when we pass the first attacker's seat
        q = me
        new_round = False
        while True:
            q = (q + 1) % self.players
            if q == self.first_attacker:
                new_round = True
            if q in alive:
                break
        if new_round:
            self.round += 1
            if self.max_rounds is not None and self.round > self.max_rounds:
                self._finish([], "max_rounds", events)
                return
        self.seat = q
        self.face_up_turn = set(self.face_up)
        self.pending = {"stage": "attacker"}
        if not self.quiet:
            events.append(Event(ev.TURN, f"Round {self.round}: {_p(q)} attacks", q, {"player": q, "round": self.round}))

    def _do_ending(self, a: ChooseEnding) -> list[Event]:
        pend = self._pend
        pend["votes"].append(bool(a.share))
        events = [Event(ev.VOTE, str(a), a.player, {"player": a.player, "share": bool(a.share)})]
        if not a.share:
            self._finish([], "no_victors", events)
        elif len(pend["votes"]) == len(pend["voters"]):
            self._finish(sorted(pend["voters"]), "shared", events)
        return events

    def _finish(self, winners: list[int], result: str, events: list[Event]) -> None:
        self.phase = "over"
        self.pending = None
        self._winners = list(winners)
        self.result = result
        if result == "last_card":
            text = f"{_p(winners[0])} has the last cards in play and wins"
        elif result == "shared":
            text = " and ".join(_p(w) for w in winners) + " share the victory"
        elif result == "no_victors":
            text = "All fall defeated on the battlefield: there are no victors"
        else:
            text = f"The round limit ({self.max_rounds}) is reached: no winner"
        events.append(Event(ev.GAME_OVER, text, None, {"winners": list(winners), "result": result}))
