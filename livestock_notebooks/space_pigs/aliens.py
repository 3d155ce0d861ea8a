"""The aliens: their arrival and deployment (1E) and their space travel and combat (3C), with
the acorn worm devouring planets."""
from __future__ import annotations

from . import events
from .actions import Done, MoveAliens, PlaceAliens
from .board import ALIEN_BY_NAME, ALIEN_MOVE, ALIEN_NAME, Board, PIRATES, STACK_LIMIT, WORM, aliens_text
from .data import CARDS, RULES


class AliensMixin(Board):
    """Aliens: sequences 1E and 3C."""

    def _legal_1E(self, p: int) -> list:
        return [PlaceAliens(p, h) for h in self.seq_data["alien_hexes"]]

    def _legal_3C(self, p: int) -> list:
        cb = self.combat
        if cb is not None:
            return self._combat_options(p, cb)
        if self.seq_data["stage"] == "cho":
            return self._card_options(p, "3C") + [Done(p)]
        return self._alien_moves(p) + [Done(p)]

    def _worm_gone(self) -> bool:
        """The worm has eaten its last planet: it has left play for good."""
        return self.worm_eaten >= RULES["aliens"]["worm_planet_limit"]

    def _alien_moves(self, p: int) -> list:
        out = []
        for h in range(len(self.hex_q)):
            e = self._alien_entry(h)
            if e is None or len(self.occupants[h]) != 1:
                continue
            kind, count = e[0], e[1]
            if kind == WORM and self._worm_gone():
                continue
            for d in self._within(h, ALIEN_MOVE[kind]):
                if self.hex_kind[d] == "S":
                    continue
                if kind == WORM and not self._is_planet(d):
                    continue
                other = self._alien_entry(d)
                if other is not None:
                    if other[0] != kind or other[1] + count > STACK_LIMIT[kind]:
                        continue
                    if len(self.occupants[d]) > 1:
                        continue
                out.append(MoveAliens(p, h, d))
        return out

    def _do_PlaceAliens(self, a) -> None:
        self._place_aliens(a.hex)

    def _place_aliens(self, h: int) -> None:
        kind, count = self.seq_data["alien_kind"], self.seq_data["alien_count"]
        self._reveal(h)
        e = self._alien_entry(h)
        room = STACK_LIMIT[kind] - (e[1] if e else 0)
        put = min(count, room)
        if e is None:
            self.occupants[h].append([kind, put, 0, 0, 0])
        else:
            e[1] += put
        lost = count - put
        self._ev(events.ALIENS_PLACED,
                 f"{aliens_text(kind, put)} {'arrive' if put > 1 else 'arrives'} on {self.hex_label(h)}"
                 + (f"; {lost} are lost for lack of room" if lost else "") + ".", self.actor, hex=h, count=put,
                 aliens=ALIEN_NAME[kind])
        self.seq_data["alien_hexes"] = []
        self.seq_data["alien_done"] = True

    def _do_MoveAliens(self, a) -> None:
        e = self._alien_entry(a.src)
        self.occupants[a.src].remove(e)
        kind, count = e[0], e[1]
        self._reveal(a.dst)
        self.seq_data["moved"] = True
        self._ev(events.ALIENS_MOVE,
                 f"The {ALIEN_NAME[kind]} ({count}) move{'s' if kind == WORM else ''} from {self.hex_label(a.src)} to "
                 f"{self.hex_label(a.dst)}.", a.player, src=a.src, dst=a.dst, aliens=ALIEN_NAME[kind], count=count)
        other = self._alien_entry(a.dst)
        if other is not None:
            other[1] += count
            return
        self.occupants[a.dst].append(e)
        pigs = [x for x in self.occupants[a.dst] if x[0] >= 0]
        if kind == WORM and not pigs:
            self._devour(a.dst)
            return
        if pigs:
            self._start_combat(a.dst, kind, "3C")

    def _devour(self, h: int) -> None:
        if self._worm_gone():  # a worm left over from before cannot eat a fourth planet
            self.occupants[h] = [e for e in self.occupants[h] if e[0] != WORM]
            return
        colour = self.hex_label(h)
        self.hex_kind[h] = "A"
        self.hex_colour[h] = ""
        self.occupants[h] = [e for e in self.occupants[h] if e[0] != WORM]
        self.worm_eaten += 1
        self._adj = self._adj  # geometry unchanged
        self._ev(events.DEVOUR, f"The acorn worm devours {colour}: it is now an asteroid, and the worm leaves "
                 f"({self.worm_eaten} of 3 planets eaten).", hex=h, eaten=self.worm_eaten)
        if self._worm_gone():
            left = [j for j, occ in enumerate(self.occupants) if any(e[0] == WORM for e in occ)]
            for j in left:
                self.occupants[j] = [e for e in self.occupants[j] if e[0] != WORM]
            self._ev(events.WORM_GONE, "The acorn worm has eaten three planets: it leaves play for good"
                     + (f" (the worm on {', '.join(self.hex_label(j) for j in left)} goes too)" if left else "")
                     + ".", hexes=left, eaten=self.worm_eaten)

    def _enter_1E(self) -> None:
        self.seq_data = {"alien_hexes": []}
        if self.simple:
            return
        roller = self.royal_pig if (self.turn >= 2 and self.royal_pig >= 0) else self.order[0]
        self.seq_data["roller"] = roller
        r = self._roll(8)
        kind = RULES["aliens"]["arrival_d8"][str(r)]
        if kind == "worm" and self._worm_gone():
            kind = "none"
        if kind == "none":
            self._ev(events.ALIENS_ROLL, f"{self.pname(roller)} rolls {r} on 1D8: no aliens arrive.", roller,
                     irreversible=True, roll=r)
            return
        k = ALIEN_BY_NAME[kind]
        count = 1
        extra = ""
        if k == PIRATES:
            r2 = self._roll(6)
            count = RULES["aliens"]["pirates_d6"][str(r2)]
            extra = f" (1D6: {r2})"
        supply = RULES["components"]["alien_markers_per_type"]["value"] - self._alien_count(k)
        count = min(count, max(0, supply))
        self._ev(events.ALIENS_ROLL,
                 f"{self.pname(roller)} rolls {r} on 1D8: {aliens_text(k, count)} arrive{'s' if count == 1 else ''}{extra}.",
                 roller, irreversible=True, roll=r, aliens=ALIEN_NAME[k], count=count)
        if count <= 0:
            return
        self.seq_data.update({"alien_kind": k, "alien_count": count})
        hexes = self._alien_destinations(k, count)
        if not hexes:
            self._ev(events.ALIENS_LOST, f"No hex can take the {ALIEN_NAME[k]}: they are eliminated.", roller)
            return
        self.seq_data["alien_hexes"] = hexes
        if len(hexes) == 1:
            self.actor = roller
            self._place_aliens(hexes[0])

    def _alien_destinations(self, k: int, count: int) -> list[int]:
        room = {}
        for h in range(len(self.hex_q)):
            if self.hex_kind[h] == "S":
                continue
            e = self._alien_entry(h)
            if e is None:
                if not self.face_down[h] and self.hex_kind[h] == "A":
                    room[h] = STACK_LIMIT[k]
            elif e[0] == k and e[1] < STACK_LIMIT[k]:
                room[h] = STACK_LIMIT[k] - e[1]
        if not room and self.opts.get("unexplored"):
            black = [h for h in range(len(self.hex_q)) if self.face_down[h] and self.hex_family[h] == "black" and not self.occupants[h]]
            if black:
                return black
        if not room:
            return []
        full = sorted(h for h, r in room.items() if r >= count)
        if full:
            return full
        best = max(room.values())
        return sorted(h for h, r in room.items() if r == best)

    def _poll_1E(self) -> bool:
        if self.seq_data.get("alien_hexes") and not self.seq_data.get("alien_done"):
            self.actor = self.seq_data["roller"]
            return True
        return False

    def _enter_3C(self) -> None:
        self._merge_moved()
        self.seq_data = {"stage": "skip"}
        if self.simple or self.turn < 2 or self.royal_pig < 0:
            return
        holders = [p for p in self.order if any(CARDS[c].effect == "control_aliens" for c in self.hands[p])]
        self.seq_data = {"stage": "cho", "q": holders, "i": 0, "moved": False}

    def _poll_3C(self) -> bool:
        sd = self.seq_data
        if sd["stage"] == "skip":
            return False
        while True:
            if self.combat is not None:
                if self._combat_step():
                    return True
                continue
            if sd["stage"] == "cho":
                if "controller" not in sd and self._window(lambda p: self._card_options(p, "3C") + [Done(p)]):
                    return True
                sd["stage"] = "move"
                continue
            if sd["stage"] == "move":
                if sd["moved"]:
                    self._merge_moved()
                    return False
                controller = sd.get("controller", self.royal_pig)
                self.actor = controller
                if not self._alien_moves(controller):
                    sd["moved"] = True
                    continue
                return True
            return False

    def _done_3C(self, p: int) -> bool:
        if self.seq_data.get("stage") == "move":
            self.seq_data["moved"] = True
            self._ev(events.ALIENS_STAY, "No alien stack moves this turn.", p)
            return False
        return True
