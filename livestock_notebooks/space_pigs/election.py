"""Phase 4, Royal Pig Election: acorn production and victory (4A), governors (4B) and the
election (4C: candidates, calls, votes, the tally)."""
from __future__ import annotations

from . import events
from .actions import CallVoter, Done, Stand, Vote
from .board import Board
from .data import RULES


class ElectionMixin(Board):
    """Phase 4: sequences 4A, 4B and 4C."""

    def _legal_4B(self, p: int) -> list:
        return self._card_options(p, "4B") + self._offer_options(p) + [Done(p)]

    def _legal_4C(self, p: int) -> list:
        sd = self.seq_data
        stage = sd["stage"]
        if stage == "stand":
            out = self._card_options(p, "4C") + self._power_options(p, "4C") + self._offer_options(p)
            if p in sd["barred"]:
                out.append(Stand(p, False))
            else:
                out += [Stand(p, True), Stand(p, False)]
            return out
        if stage == "call":
            voted = sd["voted"]
            others_left = [q for q in range(self.players) if q != p and q not in voted]
            if p in voted:
                return [CallVoter(p, q) for q in others_left]
            if not voted:
                return [Vote(p, c) for c in self._vote_options(p)] + [CallVoter(p, q) for q in others_left]
            if others_left:
                return [CallVoter(p, q) for q in others_left]
            return [Vote(p, c) for c in self._vote_options(p)]
        # stage == "vote"
        return [Vote(p, c) for c in self._vote_options(p)]

    def _vote_options(self, p: int) -> list[int]:
        return [c for c in self.seq_data["candidates"] if c not in self.seq_data["barred"] and not (c == p and p in self.seq_data["barred"])]

    def _do_Stand(self, a) -> None:
        p = a.player
        if a.yes:
            self.seq_data["candidates"].append(p)
        self._ev(events.STAND,
                 f"{self.pname(p)} {'stands' if a.yes else 'does not stand'} for Royal Pig.", p, yes=a.yes)
        self.seq_data["i"] += 1

    def _do_CallVoter(self, a) -> None:
        self.seq_data["stage"] = "vote"
        self.seq_data["called"] = a.voter
        self._ev(events.CALL, f"The caller asks {self.pname(a.voter)} to vote.", a.player, voter=a.voter)

    def _do_Vote(self, a) -> None:
        sd = self.seq_data
        p = a.player
        sd["voted"].append(p)
        sd["votes"][p] = a.candidate
        self._ev(events.VOTE, f"{self.pname(p)} gives {self.governors[p]} governor(s) to {self.pname(a.candidate)}.", p,
                 candidate=a.candidate, governors=self.governors[p])
        sd["stage"] = "call"

    def _set_governors(self, p: int) -> None:
        total = sum(self.acorns[p]) + self.extra_governors[p]
        self.governors[p] = min(RULES["components"]["governors_per_player"], total)

    def _enter_4A(self) -> None:
        self.seq_data = {}
        parts = []
        for p in range(self.players):
            self.acorns[p] = self.production(p)
            a = self.acorns[p]
            parts.append(f"{self.pname(p)} {a[0]} red, {a[1]} yellow, {a[2]} blue")
        self._ev(events.PRODUCTION,
                 "Acorn production: " + "; ".join(parts) + ".", acorns=[list(a) for a in self.acorns])
        if self.turn < 2:
            return
        winners = []
        for p in self.order:
            need = self.recipe(p)
            if all(self.acorns[p][i] >= need[i] for i in range(3)):
                winners.append(p)
        if winners:
            w = winners[0]
            self.over = True
            self.win = [w]
            self.actor = None
            self.seq = "over"
            r = self.recipe(w)
            self._ev(events.VICTORY,
                     f"{self.pname(w)} produces the sacred recipe ({r[0]} red, {r[1]} yellow, {r[2]} blue) "
                     f"and wins the game!", w, irreversible=True, winner=w, recipe=list(r))

    def _poll_4A(self) -> bool:
        return False

    def _poll_over(self) -> bool:  # pragma: no cover
        return True

    def _enter_4B(self) -> None:
        self.seq_data = {"q": [], "i": 0}
        if self.simple:
            return
        for p in range(self.players):
            self.extra_governors[p] = 1 if (self._powers_on() and self.clans[p] == "Porcus") else 0
            self._set_governors(p)
        self._ev(events.GOVERNORS,
                 "Governors: " + ", ".join(f"{self.pname(p)} {self.governors[p]}" for p in self.order) + ".",
                 governors=list(self.governors))
        self.seq_data["q"] = list(self.order)

    def _poll_4B(self) -> bool:
        return self._window(self._legal_4B)

    def _enter_4C(self) -> None:
        self.seq_data = {"stage": "skip"}
        if self.simple:
            return
        self.seq_data = {"stage": "stand", "q": list(self.order), "i": 0, "candidates": [], "barred": [], "voted": [],
                   "votes": [-1] * self.players, "vote_error": [], "called": -1}

    def _poll_4C(self) -> bool:
        sd = self.seq_data
        if sd["stage"] == "skip":
            return False
        if sd["stage"] == "stand":
            if sd["i"] < len(sd["q"]):
                self.actor = sd["q"][sd["i"]]
                return True
            cands = [c for c in sd["candidates"] if c not in sd["barred"]]
            if not cands:
                cands = [p for p in self.order if p not in sd["barred"]]
                self._ev(events.CANDIDATES, "Nobody stands: every eligible player is a candidate.")
            sd["candidates"] = sorted(cands, key=self.order.index)
            self._ev(events.CANDIDATES,
                     "Candidates for Royal Pig: " + ", ".join(self.pname(c) for c in sd["candidates"]) + ".",
                     candidates=list(sd["candidates"]))
            sd["stage"] = "call"
        caller = self.royal_pig if (self.turn >= 2 and self.royal_pig >= 0) else self.order[0]
        if sd["stage"] == "vote":
            self.actor = sd["called"]
            return True
        if len(sd["voted"]) < self.players:
            self.actor = caller
            return True
        self._tally()
        return False

    def _tally(self) -> None:
        sd = self.seq_data
        weight = list(self.governors)
        for p, t, k in sd["vote_error"]:
            k = min(k, weight[t])
            weight[t] -= k
            weight[p] += k
        totals = {c: 0 for c in sd["candidates"]}
        for p in range(self.players):
            c = sd["votes"][p]
            totals[c] = totals.get(c, 0) + weight[p]
        best = max(totals.values())
        winner = next(p for p in self.order if p in totals and totals[p] == best)
        self.royal_pig = winner
        for p in range(self.players):
            self.faction[p] = sd["votes"][p]
        self._ev(events.ELECTION, "Election: " + ", ".join(f"{self.pname(c)} {totals[c]}" for c in sd["candidates"])
                 + f". {self.pname(winner)} is the Royal Pig.", winner, royal_pig=winner,
                 totals={str(k): v for k, v in totals.items()})
