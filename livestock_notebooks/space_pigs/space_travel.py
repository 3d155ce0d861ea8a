"""Phase 2, Space Travel: the secret choice of a travel marker (2A), the trips (2B: boarding,
flying, landing, the ship cards and powers) and the Extra-Mouve window (2X)."""
from __future__ import annotations

from . import events
from .actions import ChooseMarker, Done, Drop, Fly, Land, Load, SpacePigsAction
from .board import ALIEN_NAME, Board, troops_text
from .data import CARDS, RULES


class SpaceTravelMixin(Board):
    """Phase 2: sequences 2A, 2B and 2X."""

    def _legal_2A(self, p: int) -> list:
        out = [ChooseMarker(p, v) for v in sorted(set(self._markers_left(p)))]
        out += self._card_options(p, "2A")
        out += self._power_options(p, "2A")
        out += self._offer_options(p)
        return out

    def _later_travellers(self) -> list[int]:
        """Players still to travel after the current one in 2B (for Extra-Mouve's timing)."""
        if self.seq != "2B" or "q" not in self.seq_data:
            return []
        q, i = self.seq_data["q"], self.seq_data["i"]
        return [x for x in q[i + 1:] if not self.out[x] and x != q[i]]

    def _markers_left(self, p: int) -> list[int]:
        left = list(RULES["components"]["travel_markers"])
        for v in self.used[p]:
            left.remove(v)
        return left or list(RULES["components"]["travel_markers"])

    def _legal_2B(self, p: int) -> list:
        tr = self.trip
        if tr is not None:
            return self._trip_options(p, tr)
        out: list[SpacePigsAction] = []
        again = self.seq_data.get("again") == p
        if self.trips[p] > 0:
            check_landing = self.ship is None and (self.festival or self.forbid)
            adj = self.adj()
            for h, occ in enumerate(self.occupants):
                e = None
                for x in occ:
                    if x[0] == p:
                        e = x
                        break
                if e is None:
                    continue
                pg, hg = e[1], e[2]
                if again:
                    pg += e[3]
                    hg += e[4]
                if pg + hg == 0:
                    continue
                if occ[0] is e and len(occ) > 1:
                    pinned = 0
                    for x in occ[1:]:
                        pinned += x[1] + x[2] + x[3] + x[4]
                    # troops that just arrived may be the ones held back by the pin
                    free = min(pg + hg, e[1] + e[2] + e[3] + e[4] - pinned)
                    if free <= 0:
                        continue
                    pg, hg = min(pg, free), min(hg, free)
                if check_landing and not any(self._can_land(p, j) for j in adj[h]):
                    continue
                if pg:
                    out.append(Load(p, h, False))
                if hg:
                    out.append(Load(p, h, True))
        out += self._card_options(p, "2B")
        out += self._power_options(p, "2B")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    _legal_2X = _legal_2B

    def _trip_options(self, p: int, tr: dict) -> list:
        out: list[SpacePigsAction] = []
        src, pos = tr["src"], tr["pos"]
        mode = tr["mode"]
        if tr["hops"] == 0:
            pg, hg, free = self._movable(src, p, tr["again"])
            if free > 0:
                if pg:
                    out.append(Load(p, src, False))
                if hg:
                    out.append(Load(p, src, True))
        if mode == "teleport":
            if tr["hops"] == 0:
                out += [Fly(p, h) for h in range(len(self.hex_q)) if h != src and self._can_land(p, h)]
            return out
        left = tr["range"] - tr["hops"]
        if left > 0:
            for h in self.adj()[pos]:
                if h == src:
                    continue
                if left == 1 and not self._can_land(p, h):
                    continue
                out.append(Fly(p, h))
        if mode == "boots" and tr["hops"] > 0 and pos != src and self._can_land(p, pos) and tr["p"] + tr["h"] > 1:
            if tr["p"]:
                out.append(Drop(p, False))
            if tr["h"]:
                out.append(Drop(p, True))
        can_land_here = tr["hops"] > 0 and pos != src and self._can_land(p, pos)
        if can_land_here or not any(isinstance(a, Fly) for a in out):
            if tr["hops"] > 0 or not out:
                out.append(Land(p))
        return out

    def _do_ChooseMarker(self, a) -> None:
        p = a.player
        self.choice[p] = a.value
        self._ev(events.MARKER, f"{self.pname(p)} chooses a travel marker face down.", p)
        self.seq_data["i"] += 1

    def _do_Load(self, a) -> None:
        p = a.player
        if self.trip is None:
            ship = self.ship or {"mode": "plain", "range": 1}
            self.ship = None
            again = self.seq_data.get("again") == p
            self.trip = {"src": a.hex, "pos": a.hex, "p": 0, "h": 0, "mode": ship["mode"], "range": ship["range"],
                         "hops": 0, "again": again}
            if again:
                self.seq_data["again"] = -1
            self.trips[p] -= 1
        e = self._entry(a.hex, p)
        if a.hog:
            if e[2]:
                e[2] -= 1
            else:
                e[4] -= 1
            self.trip["h"] += 1
        else:
            if e[1]:
                e[1] -= 1
            else:
                e[3] -= 1
            self.trip["p"] += 1
        self._clean(a.hex)
        self._ev(events.LOAD,
                 f"{self.pname(p)} boards {'a hog' if a.hog else 'a piglet'} at {self.hex_label(a.hex)}.", p,
                 hex=a.hex, hog=a.hog)

    def _do_Fly(self, a) -> None:
        tr = self.trip
        tr["pos"] = a.hex
        tr["hops"] += 1
        self._ev(events.FLY, f"{self.pname(a.player)}'s ship flies to {self.hex_label(a.hex)}.", a.player, hex=a.hex)
        if tr["mode"] in ("plain", "teleport") or tr["hops"] >= tr["range"]:
            self._land(a.player)

    def _do_Drop(self, a) -> None:
        tr = self.trip
        p = a.player
        if a.hog:
            tr["h"] -= 1
        else:
            tr["p"] -= 1
        self._disembark(p, tr["pos"], 0 if a.hog else 1, 1 if a.hog else 0)

    def _do_Land(self, a) -> None:
        self._land(a.player)

    def _land(self, p: int) -> None:
        tr = self.trip
        self.trip = None
        pos = tr["pos"]
        if tr["hops"] == 0 or pos == tr["src"] or not self._can_land(p, pos):
            self._add_troops(tr["src"], p, tr["p"], tr["h"])
            self._ev(events.ABORT,
                     f"{self.pname(p)}'s troops find nowhere to land and return to {self.hex_label(tr['src'])}.", p)
            return
        self._disembark(p, pos, tr["p"], tr["h"])

    def _disembark(self, p: int, h: int, piglets: int, hogs: int) -> None:
        if piglets + hogs <= 0:
            return
        self._reveal(h)
        before = [e[0] for e in self.occupants[h]]
        self._add_troops(h, p, piglets, hogs, moved=True)
        what = troops_text(piglets, hogs)
        note = ""
        if before and before[0] != p:
            who = self.pname(before[0]) if before[0] >= 0 else ALIEN_NAME[before[0]]
            note = f", attacking {who}"
        self._ev(events.LAND, f"{self.pname(p)} lands {what} on {self.hex_label(h)}{note}.", p, hex=h, piglets=piglets,
                 hogs=hogs)
        if self.rules == "simple_a" and self.hex_kind[h] == "A":
            r = self._roll(6)
            e = self._entry(h, p)
            if r <= 2:
                self._kill(e, piglets, hogs)
                self._clean(h)
                self._ev(events.ASTEROID, f"Asteroid roll {r}: the {what} are lost.", p, irreversible=True, roll=r)
                self._check_eliminations()
            elif r >= 5:
                pg, hg = self._pigs_total(p)
                add_p = max(0, min(piglets, RULES["components"]["piglets_per_player"] - pg))
                add_h = max(0, min(hogs, RULES["components"]["hogs_per_player"] - hg))
                e[3] += add_p
                e[4] += add_h
                self._ev(events.ASTEROID,
                         f"Asteroid roll {r}: the troops double ({troops_text(add_p, add_h)} more).", p,
                         irreversible=True, roll=r)
            else:
                self._ev(events.ASTEROID, f"Asteroid roll {r}: nothing happens.", p, irreversible=True, roll=r)

    def _enter_2A(self) -> None:
        self.seq_data = {"q": [p for p in self.order], "i": 0}
        if self.simple:
            for p in range(self.players):
                self.trips[p] = 0 if self.out[p] else RULES["simple"][self.rules]["trips"]
            self.seq_data["q"] = []

    def _poll_2A(self) -> bool:
        sd = self.seq_data
        while sd["i"] < len(sd["q"]):
            p = sd["q"][sd["i"]]
            if self.out[p]:
                sd["i"] += 1
                continue
            self.actor = p
            return True
        if not self.simple:
            parts = []
            for p in self.order:
                if self.out[p]:
                    self.trips[p] = 0
                    continue
                v = self.choice[p]
                if len(self.used[p]) >= 5:
                    self.used[p] = []
                self.used[p].append(v)
                if len(self.used[p]) >= 5:
                    self.used[p] = []
                self.trips[p] = v
                self.choice[p] = 0
                parts.append(f"{self.pname(p)} {v}")
            self._ev(events.MARKERS, "Travel markers revealed: " + ", ".join(parts) + ".", irreversible=True,
                     trips=list(self.trips))
        return False

    def _enter_2B(self) -> None:
        self.seq_data = {"q": [p for p in self.order], "i": 0, "again": -1}

    def _poll_2B(self) -> bool:
        if self.trip is not None:
            self.actor = self.trip_player()
            return True
        return self._window(self._legal_2B)

    def trip_player(self) -> int:
        return self.seq_data["q"][self.seq_data["i"]]

    def _enter_2X(self) -> None:
        for p in range(self.players):
            self.trips[p] = 0
        self.seq_data = {"q": [p for p in self.order if any(CARDS[c].effect == "extra_trip" for c in self.hands[p])],
                   "i": 0, "again": -1}

    _poll_2X = _poll_2B

    def _done_2B(self, p: int) -> bool:
        """Ending one's travel: trips left are lost; a deferred Extra-Mouve trip comes right after."""
        self.trips[p] = 0
        self.ship = None
        if self.seq_data.get("again") == p:
            self.seq_data["again"] = -1
        deferred = self.seq_data.get("deferred", [])
        mine = [d for d in deferred if d[1] == p]
        if mine:
            i = self.seq_data["i"] + 1
            for holder, _ in mine:
                deferred.remove([holder, p])
                self.seq_data["q"].insert(i, holder)
                self.trips[holder] += 1
                self._ev(events.EXTRA_NOW, f"{self.pname(holder)} makes the extra trip now.", holder)
        return True

    _done_2X = _done_2B

    def _skip_2B(self, p: int) -> None:
        """An eliminated player's travel ends: an Extra-Mouve trip deferred until after him is
        still made, right after his place in the order."""
        self._done_2B(p)

    _skip_2X = _skip_2B
