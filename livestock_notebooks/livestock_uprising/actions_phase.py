"""The action phase (rulebook: Action Phase, Move, Attack, Barns): moving, staying, the steps a General may take."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from . import actions as A
from . import data as D
from .board import LivestockBoard, _action, known
from .events import EventKind

_STEPS: dict = {}  # (board size, General, square) -> ((neighbour, Move, Attack), ...), interned

class ActionPhaseMixin(LivestockBoard):
    """Moves, attacks offered, stays; why a step is not allowed."""

    def _action_options(self, seat: int, slots: list[int], out: list) -> None:
        """Moves, attacks and stays of each General that may still act."""
        names = self._square_names
        gname = self._general_names
        terrain, occupant, barn_of, general_cell = self.terrain, self.occupant, self.barn_of, self.general_cell
        is_super_army = self.super_army[seat]
        n = self.size
        for s in slots:
            if self.done[s] or self.steps[s] <= 0:
                continue
            name = gname[s]
            here = general_cell[s]
            key = (n, name, here)
            steps = _STEPS.get(key)
            if steps is None:
                steps = _STEPS[key] = tuple(
                    (nb, _action(A.Move, name, names[here], names[nb]), _action(A.Attack, name, names[here], names[nb]))
                    for nb in self._neighbours[here]
                )
            can_attack = self._attack_total(s) > 0
            for nb, move, attack in steps:
                t = terrain[nb]
                if t == D.BARN:
                    owner = barn_of[nb]
                    held = nb in general_cell
                    if owner == seat:
                        if not held or not self._held_by_other(nb, seat):
                            out.append(move)
                    elif is_super_army:  # a Super Army may enter another player's barn, empty or not
                        if not held:
                            out.append(move)
                        elif can_attack:
                            out.append(attack)
                elif t < D.FOREST:  # open terrain (resource tiles)
                    occupant_slot = occupant[nb]
                    if occupant_slot < 0:
                        out.append(move)
                    elif occupant_slot // 3 != seat and can_attack:
                        out.append(attack)
            out.append(_action(A.Stay, name))


    def _held_by_other(self, cell: int, seat: int) -> bool:
        """Whether a General of another player (a Super Army) stands on the square (a barn)."""
        return any(p == cell and s // 3 != seat for s, p in enumerate(self.general_cell))

    def _do_move(self, a) -> list[Event]:
        slot = self._slot_by_name[a.general]
        self._place(slot, self._cell_by_name[a.to])
        self.steps[slot] -= 1
        self.has_acted = 1
        return [Event(EventKind.MOVE, f"{self._general_text(slot)} moves from {a.frm} to {a.to}", self.turn,
                      {"general": a.general, "from": a.frm, "to": a.to})]

    def _do_stay(self, a) -> list[Event]:
        slot = self._slot_by_name[a.general]
        self.done[slot] = 1
        self.steps[slot] = 0
        self.has_acted = 1
        return [Event(EventKind.STAY, f"{self._general_text(slot)} stays", self.turn, {"general": a.general})]

    def _do_end_actions(self, a) -> list[Event]:
        self.phase = "harvest"
        return [Event(EventKind.PHASE, "Harvest phase", self.turn, {"phase": "harvest"})]

    def _explain_step(self, action, attacking: bool) -> None:
        seat = self.turn
        slot = self._slot_by_name[action.general]
        here = self.general_cell[slot]
        require(self._square_names[here] == action.frm, f"{action.general} is at {self._square_names[here]}, not {action.frm}",
                "Move")
        to = known(self._cell_by_name, action.to, f"there is no square {action.to!r} on this board", "Move")
        require(not self.done[slot], f"{action.general} has already attacked or stayed this turn", "Attack" if attacking else "Move")
        require(self.steps[slot] > 0, f"{action.general} has no move left this turn", "Move")
        require(to in self._neighbours[here], "a General moves one square at a time (in any of the 8 directions)", "Move")
        t = self.terrain[to]
        require(t != D.FOREST, "Generals cannot enter a forest", "Move")
        require(t != D.LAKE, "Generals cannot enter a lake", "Move")
        is_super_army = self.super_army[seat]
        if t == D.BARN:
            owner = self.barn_of[to]
            held = any(p == to for p in self.general_cell)
            if owner == seat:
                require(not attacking, "nobody can be attacked in your own barn", "Barns")
                require(not self._held_by_other(to, seat), "another player's Super Army holds your barn", "Super Army Rules")
                return
            if not is_super_army:
                raise IllegalAction("Generals cannot enter another player's barn, and barns cannot be attacked",
                                    "Barns")
            if attacking:
                require(held, "that barn is empty: there is nobody to attack (a Super Army may move in)", "Super Army Rules")
            else:
                require(not held, "a Super Army enters an occupied barn by attacking the Generals in it", "Super Army Rules")
                return
        else:
            occupant_slot = self.occupant[to]
            if attacking:
                require(occupant_slot >= 0, f"there is no General at {action.to} to attack", "Attack")
                require(occupant_slot // 3 != seat, "you cannot attack your own General", "Attack")
            else:
                require(occupant_slot < 0, "a square holds only one General at a time"
                        + ("; moving onto an opponent is an attack" if occupant_slot >= 0 and occupant_slot // 3 != seat else ""), "Move")
        require(self._attack_total(slot) > 0,
                f"{action.general} needs units with at least 1 attack point to attack", "Attacking")
