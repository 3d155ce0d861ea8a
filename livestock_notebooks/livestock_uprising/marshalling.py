"""Buying troops and special forces, the limit of units under a General, the one transfer a turn,
and the end of a turn (the rulebook's marshalling, troop, special force, unit limit and transfer sections)."""
from __future__ import annotations

from bisect import insort
from operator import ge

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from . import actions as A
from . import data as D
from .board import ACTIVE, AVAILABLE, IN_PLAY, LOST, N_RESOURCES, _RESOURCE_NAMES, LivestockBoard, _action, known
from .events import EventKind


#: the units a player can pay for, by its faction, tokens, the troops left and its special forces
_AFFORDABLE: dict[tuple, tuple[str, ...]] = {}
#: lists of legal actions already built (the actions are interned), by kind and what they name
_OFFERS: dict[tuple, tuple] = {}


def _offers(cls: type, what, names: tuple[str, ...]) -> tuple:
    """``Marshal(unit key what, name)`` for each of ``names``, or ``Transfer(unit, *names)`` for
    each unit code in ``what``, in that order."""
    key = (cls, what, names)
    found = _OFFERS.get(key)
    if found is None:
        if len(_OFFERS) > 10_000:
            _OFFERS.clear()
        if cls is A.Marshal:
            found = tuple(_action(cls, what, name) for name in names)
        else:
            found = tuple(_action(cls, D.UNIT_KEYS[u], *names) for u in what)
        _OFFERS[key] = found
    return found


class MarshallingMixin(LivestockBoard):
    """Buying units, the one transfer, ending the turn."""

    def _marshal_options(self, seat: int, slots: list[int]) -> list:
        out: list = []
        armies = self.armies
        room = [s for s in slots if len(armies[s]) < self._cap(s)]
        if not room:
            return out
        base = D.N_TROOPS + 3 * self.factions[seat]
        forces = self.special_force_state
        key = (base, *self.tokens[seat], *self.troop_stock, forces[base - D.N_TROOPS],
               forces[base - D.N_TROOPS + 1], forces[base - D.N_TROOPS + 2])
        units = _AFFORDABLE.get(key)
        if units is None:
            if len(_AFFORDABLE) > 10_000:
                _AFFORDABLE.clear()
            units = _AFFORDABLE[key] = self._affordable(seat)
        names = tuple(self._general_names[s] for s in room)
        for unit in units:
            out.extend(_offers(A.Marshal, unit, names))
        return out

    def _affordable(self, seat: int) -> tuple[str, ...]:
        """The units ``seat`` can pay for that the supply still holds (troops, then its special forces)."""
        have = self.tokens[seat]
        cost = D.UNIT_COST
        stock = self.troop_stock
        units = [u for u in range(D.N_TROOPS) if stock[u] > 0]
        base = D.N_TROOPS + 3 * self.factions[seat]
        units += [u for u in (base, base + 1, base + 2) if self.special_force_state[u - D.N_TROOPS] == AVAILABLE]
        return tuple(D.UNIT_KEYS[u] for u in units if all(map(ge, have, cost[u])))  # every resource of its cost in hand

    def _marshalling_options(self, seat: int, slots: list[int], out: list) -> None:
        """Units to marshal (until a transfer locks it), then the transfers between neighbours."""
        gname = self._general_names
        if not self.marshal_locked:
            out.extend(self._marshal_options(seat, slots))
        if self.transfers_left > 0 and len(slots) > 1:
            general_cell, armies, neighbours = self.general_cell, self.armies, self._neighbours
            with_room = [t for t in slots if len(armies[t]) < self._cap(t)]
            for f in slots:
                army = armies[f]
                if not army:
                    continue
                here = general_cell[f]
                near = neighbours[here]
                kinds: tuple | None = None
                for t in with_room:
                    if t == f:
                        continue
                    if general_cell[t] == here or general_cell[t] in near:
                        if kinds is None:
                            kinds = tuple(sorted(set(army)))
                        out.extend(_offers(A.Transfer, kinds, (gname[f], gname[t])))


    def _do_marshal(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot_by_name[a.general]
        u = D.UNIT_CODE[a.unit]
        cost = D.UNIT_COST[u]
        have = self.tokens[seat]
        for r in range(N_RESOURCES):
            if cost[r]:
                have[r] -= cost[r]
                self.token_supply[r] += cost[r]
        if u < D.N_TROOPS:
            self.troop_stock[u] -= 1
        else:
            self.special_force_state[u - D.N_TROOPS] = IN_PLAY
        insort(self.armies[slot], u)
        return [Event(EventKind.MARSHAL, f"{self._player_text(seat)} marshals {D.with_article(D.UNIT_NAMES[u])} under {self._general_text(slot)}", seat,
                      {"unit": a.unit, "general": a.general,
                       "cost": {_RESOURCE_NAMES[r]: cost[r] for r in range(N_RESOURCES) if cost[r]}})]

    def _do_transfer(self, a) -> list[Event]:
        f, t = self._slot_by_name[a.frm], self._slot_by_name[a.to]
        u = D.UNIT_CODE[a.unit]
        self.armies[f].remove(u)
        insort(self.armies[t], u)
        self.transfers_left -= 1
        self.marshal_locked = 1
        return [Event(EventKind.TRANSFER, f"A {D.UNIT_NAMES[u]} moves from {self._general_text(f)} to {self._general_text(t)}", self.turn,
                      {"unit": a.unit, "from": a.frm, "to": a.to})]

    def _do_end_turn(self, a) -> list[Event]:
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        p = self.turn
        for k in range(1, self.players + 1):
            s = (p + k) % self.players
            if s == self.first_player:
                self.round += 1
            if self.alive[s]:
                break
        if self.max_rounds is not None and self.round >= self.max_rounds:
            self.phase = "over"
            self._winners = []
            self.battle = None
            return [Event(EventKind.END, f"{self.max_rounds} rounds played: the game ends with no winner", None,
                          {"rounds": self.round})]
        self._start_turn(s)
        return [self._turn_event()]

    def _explain_marshal(self, action, seat: int) -> None:
        u = known(D.UNIT_CODE, action.unit, f"there is no unit {action.unit!r}", "Troops")
        slot = self._slot_by_name[action.general]
        require(not (self.marshal_locked and self.phase == "marshal"),
                "after a transfer no more units can be marshalled this turn", "Transfering Units")
        if u >= D.N_TROOPS:
            require(D.UNIT_FACTION[u] == self.factions[seat],
                    f"{D.UNIT_NAMES[u]} serves another faction", "Special Forces")
            force_state = self.special_force_state[u - D.N_TROOPS]
            require(force_state != LOST, f"{D.UNIT_NAMES[u]} was lost in battle and cannot be marshalled again", "Special Forces")
            require(force_state != IN_PLAY, f"{D.UNIT_NAMES[u]} is already in play", "Special Forces")
        else:
            require(self.troop_stock[u] > 0, f"no {D.UNIT_NAMES[u]} card is left in the supply", "Troops")
        require(len(self.armies[slot]) < self._cap(slot),
                f"{action.general} already has {self._cap(slot)} units", "Maximum Units")
        cost = D.UNIT_COST[u]
        short = [f"{cost[r] - self.tokens[seat][r]} {_RESOURCE_NAMES[r]}" for r in range(N_RESOURCES) if self.tokens[seat][r] < cost[r]]
        raise IllegalAction(f"{D.with_article(D.UNIT_NAMES[u])} costs more than you have (short of {', '.join(short)})",
                            "Special Forces" if u >= D.N_TROOPS else "Troops")

    def _explain_transfer(self, action, seat: int) -> None:
        """Why a Transfer is not allowed."""
        f, to = self._slot_by_name[action.frm], self._slot_of(action.to)
        require(to // 3 == seat and self.general_status[to] == ACTIVE, f"{action.to} is not one of your Generals",
                "Transfering Units")
        require(f != to, "a transfer goes between two different Generals", "Transfering Units")
        require(self.transfers_left > 0, "only one unit may be transferred per turn", "Transfering Units")
        require(D.UNIT_CODE.get(action.unit, -1) in self.armies[f],
                f"{action.frm} has no {action.unit}", "Transfering Units")
        require(len(self.armies[to]) < self._cap(to),
                f"{action.to} already has {D.MAX_UNITS_GENERAL} units", "Maximum Units")
        raise IllegalAction("a transfer goes between Generals on neighbouring squares", "Transfering Units")
