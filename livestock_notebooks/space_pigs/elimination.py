"""Elimination: a clan down to one troop leaves the board, and returns at the start of the next
turn on an empty hex as near the rim as possible."""
from __future__ import annotations

from . import events
from .actions import ReturnTo
from .board import Board
from .data import RULES


class EliminationMixin(Board):
    """Elimination and the return of eliminated clans (sequence ``return``)."""

    def _return_options(self) -> list[int]:
        depth = self._rim_depth()
        empty = [h for h in range(len(self.hex_q)) if self.hex_kind[h] != "S" and not self.occupants[h]]
        if not empty:
            return []
        best = min(depth[h] for h in empty)
        return [h for h in empty if depth[h] == best]

    def _legal_return(self, p: int) -> list:
        return [ReturnTo(p, h) for h in self._return_options()]

    def _do_ReturnTo(self, a) -> None:
        p = a.player
        self.out[p] = False
        self.used[p] = []
        self._reveal(a.hex)
        self._add_troops(a.hex, p, RULES["components"]["starting_piglets"], 0)
        self._ev(events.RETURN,
                 f"{self.pname(p)} returns with 5 piglets on {self.hex_label(a.hex)} and recovers all five "
                 f"travel markers.", p, hex=a.hex)
        self.seq_data["i"] += 1

    def _check_eliminations(self) -> None:
        if self.seq in ("layout", "start"):
            return
        for p in range(self.players):
            if self.out[p]:
                continue
            if self.trip is not None and self.actor == p:
                continue
            if self.troop_count(p) <= 1:
                for h, occ in enumerate(self.occupants):
                    for e in list(occ):
                        if e[0] == p:
                            occ.remove(e)
                self.out[p] = True
                self.used[p] = []
                self.trips[p] = 0
                self.new_piglets[p] = self.new_hogs[p] = 0
                self._ev(events.ELIMINATED, f"{self.pname(p)} is down to one troop or none and is eliminated; the clan "
                         f"returns next turn on the rim.", p)

    def _enter_return(self) -> None:
        self._ev(events.TURN, f"Turn {self.turn} begins.", turn=self.turn)
        self.seq_data = {"q": [p for p in self.order if self.out[p]], "i": 0}

    def _poll_return(self) -> bool:
        sd = self.seq_data
        while sd["i"] < len(sd["q"]):
            p = sd["q"][sd["i"]]
            if not self._return_options():
                self._ev(events.NO_RETURN, f"No empty hex is left: {self.pname(p)} stays out this turn.", p)
                sd["i"] += 1
                continue
            self.actor = p
            return True
        return False
