"""Phase 1, Administrative: draw cards and exchanges (1A), colonists arrive (1B), the order of
play (1C) and deploying the colonists (1D). The aliens' arrival (1E) is in :mod:`.aliens`."""
from __future__ import annotations

from . import events
from .actions import Deploy, Discard, Done, GiveMarker, MakeHog, OfferExchange, SpacePigsAction
from .board import Board
from .data import COLONIST_MARKERS, RULES


class AdministrativeMixin(Board):
    """Phase 1, sequences A to D."""

    def _legal_1A(self, p: int) -> list:
        out: list[SpacePigsAction] = [Discard(p, c) for c in sorted(self.hands[p])]
        out += self._card_options(p, "1A")
        out += self._power_options(p, "1A")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _offer_options(self, p: int) -> list:
        """Card exchange offers to faction partners (at most one offer per partner a turn)."""
        if self.turn < 2 or self.faction[p] < 0 or not self.hands[p] or self.rules != "full":
            return []
        out = []
        f = self.faction[p]
        for q in range(self.players):
            if q != p and self.faction[q] == f and q not in self.offers_made[p] and self.hands[q]:
                out += [OfferExchange(p, q, c) for c in sorted(self.hands[p])]
        return out

    def _legal_1B(self, p: int) -> list:
        if self.seq_data.get("stage") == "give":
            given = self.seq_data["given"]
            return [GiveMarker(p, q) for q in range(self.players) if given[q] < 2]
        out = self._card_options(p, "1B")
        if self._can_make_hog(p):
            out.append(MakeHog(p))
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _can_make_hog(self, p: int) -> bool:
        return (self.rules == "full" and self.turn >= 2 and not self.hog_made[p] and self.new_piglets[p] >= 2
                and self._pigs_total(p)[1] + self.new_hogs[p] < RULES["components"]["hogs_per_player"])

    def _legal_1D(self, p: int) -> list:
        out: list[SpacePigsAction] = []
        if self.new_piglets[p] or self.new_hogs[p]:
            for h in self._own_hexes(p):
                if self.new_piglets[p]:
                    out.append(Deploy(p, h, False))
                if self.new_hogs[p]:
                    out.append(Deploy(p, h, True))
        out += self._card_options(p, "1D")
        out += self._offer_options(p)
        if not (self.new_piglets[p] or self.new_hogs[p]) or not out:
            out.append(Done(p))
        return out

    def _do_Discard(self, a) -> None:
        self._discard_card(a.player, a.card)
        self._ev(events.DISCARD, f"{self.pname(a.player)} discards a card.", a.player)

    def _do_OfferExchange(self, a) -> None:
        self.offers_made[a.player].append(a.partner)
        self.offer = [a.player, a.partner, a.card]
        self._ev(events.OFFER, f"{self.pname(a.player)} offers {self.pname(a.partner)} a card in exchange.", a.player,
                 partner=a.partner)

    def _do_AnswerExchange(self, a) -> None:
        giver, partner, card = self.offer
        self.offer = None
        if a.card < 0:
            self._ev(events.EXCHANGE, f"{self.pname(partner)} declines the exchange.", partner)
        else:
            self.hands[giver].remove(card)
            self.hands[partner].append(card)
            self.hands[partner].remove(a.card)
            self.hands[giver].append(a.card)
            self._ev(events.EXCHANGE, f"{self.pname(giver)} and {self.pname(partner)} exchange a card.", partner,
                     players=[giver, partner])

    def _do_GiveMarker(self, a) -> None:
        self.seq_data["given"][a.to] += 1
        self.seq_data["assign"].append(a.to)
        self._ev(events.GIVE_MARKER, f"The Royal Pig gives a colonist marker to {self.pname(a.to)}.", a.player, to=a.to)

    def _do_MakeHog(self, a) -> None:
        p = a.player
        self.new_piglets[p] -= 2
        self.new_hogs[p] += 1
        self.hog_made[p] = True
        self._ev(events.HOG, f"{self.pname(p)} turns two new piglets into a hog.", p)

    def _gain_colonists(self, p: int, piglets: int, hogs: int) -> int:
        comp = RULES["components"]
        pg, hg = self._pigs_total(p)
        room = comp["piglets_per_player"] - pg - self.new_piglets[p]
        got = max(0, min(piglets, room))
        self.new_piglets[p] += got
        if got < piglets:
            self._ev(events.LIMIT, f"{self.pname(p)} has no piglet markers left: {piglets - got} colonist(s) lost.", p)
        return got

    def _do_Deploy(self, a) -> None:
        p = a.player
        if a.hog:
            self.new_hogs[p] -= 1
        else:
            self.new_piglets[p] -= 1
        self._add_troops(a.hex, p, 0 if a.hog else 1, 1 if a.hog else 0)
        self._ev(events.DEPLOY,
                 f"{self.pname(p)} deploys {'a hog' if a.hog else 'a piglet'} on {self.hex_label(a.hex)}.",
                 p, hex=a.hex, hog=a.hog)

    def _done_1A(self, p: int) -> bool:
        """Ending 1A: the hand is filled up to its size (plus any Convoy cards)."""
        size = self._hand_size(p)
        extra = self.seq_data.get("convoy", {}).get(str(p), 0)
        drawn = 0
        while len(self.hands[p]) < size:
            c = self._draw_card()
            if c is None:
                break
            self.hands[p].append(c)
            drawn += 1
        for _ in range(extra):
            c = self._draw_card()
            if c is None:
                break
            self.hands[p].append(c)
            drawn += 1
        if drawn:
            self._ev(events.DRAW, f"{self.pname(p)} draws {drawn} card(s).", p, irreversible=True, count=drawn)
        return True

    def _enter_1A(self) -> None:
        self.seq_data = {"q": list(self.order), "i": 0}

    def _poll_1A(self) -> bool:
        return self._window(self._legal_1A)

    def _enter_1B(self) -> None:
        if self.turn < 2:
            self.seq_data = {"q": [], "i": 0}
            return
        if self.simple:
            extra = RULES["simple"][self.rules]["extra_colonists"]
            for p in self.order:
                if self.out[p]:
                    continue
                k = sum(1 for h in self._held_hexes(p) if self._is_planet(h)) + extra
                got = self._gain_colonists(p, k, 0)
                self._ev(events.COLONISTS, f"{self.pname(p)} receives {got} new colonist(s).", p, count=got)
            self.seq_data = {"q": [], "i": 0}
            return
        k = RULES["colonists_drawn"][str(self.players)]
        self.seq_data = {"stage": "give", "k": k, "given": [0] * self.players, "assign": [], "q": list(self.order), "i": 0}
        self._ev(events.COLONISTS_DRAWN,
                 f"The Royal Pig draws {k} colonist markers face down.", self.royal_pig, count=k)

    def _poll_1B(self) -> bool:
        sd = self.seq_data
        if sd.get("stage") == "give":
            if len(sd["assign"]) < sd["k"]:
                self.actor = self.royal_pig
                return True
            markers = list(COLONIST_MARKERS)
            self.dice.shuffle(markers)
            got = [0] * self.players
            for to, value in zip(sd["assign"], markers):
                got[to] += value
            parts = []
            for p in range(self.players):
                if sd["given"][p]:
                    g = self._gain_colonists(p, got[p], 0)
                    parts.append(f"{self.pname(p)} {g}")
            self._ev(events.COLONISTS, "Colonist markers revealed: " + ", ".join(parts) + ".", irreversible=True,
                     colonists=got)
            sd["stage"] = "players"
        return self._window(self._legal_1B)

    def _enter_1C(self) -> None:
        if self.turn >= 2 and not self.simple:
            strength = {p: self.strength(p) + self.new_piglets[p] + 2 * self.new_hogs[p] for p in range(self.players)}
            groups: dict[int, list[int]] = {}
            for p in range(self.players):
                groups.setdefault(strength[p], []).append(p)
            order = []
            for s in sorted(groups, reverse=True):
                tied = groups[s]
                order += self._break_ties(tied) if len(tied) > 1 else tied
            self.order = order
        self._ev(events.ORDER, "Order of play: " + ", ".join(self.pname(p) for p in self.order) + ".",
                 order=list(self.order))

    def _break_ties(self, tied: list[int]) -> list[int]:
        rolls = {p: self._roll(6) for p in tied}
        self._ev(events.TIE_ROLL,
                 "Tie for the order of play: " + ", ".join(f"{self.pname(p)} rolls {rolls[p]}" for p in tied)
                 + ".", irreversible=True, rolls={str(p): r for p, r in rolls.items()})
        groups: dict[int, list[int]] = {}
        for p in tied:
            groups.setdefault(rolls[p], []).append(p)
        out = []
        for r in sorted(groups, reverse=True):
            g = groups[r]
            out += self._break_ties(g) if len(g) > 1 else g
        return out

    def _poll_1C(self) -> bool:
        return False

    def _enter_1D(self) -> None:
        for p in range(self.players):
            if (self.new_piglets[p] or self.new_hogs[p]) and not self._own_hexes(p):
                self._ev(events.COLONISTS_LOST, f"{self.pname(p)} has no hex: the new colonists are lost.", p)
                self.new_piglets[p] = self.new_hogs[p] = 0
        self.seq_data = {"q": list(self.order), "i": 0}

    def _poll_1D(self) -> bool:
        return self._window(self._legal_1D)
