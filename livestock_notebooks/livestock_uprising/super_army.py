"""The Super Army (rulebook: Super Army, Super Army Rules): declaring and forming it."""
from __future__ import annotations

from bisect import insort

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from . import data as D
from .board import MERGED, N_RESOURCES, _RESOURCE_NAMES, LivestockBoard
from .events import EventKind


class SuperArmyMixin(LivestockBoard):
    """Declaring a Super Army, forming it, and why it cannot be declared."""

    def _can_declare(self, seat: int, slots: list[int] | None = None) -> bool:
        """Whether ``seat`` may declare a Super Army now (``slots``: its Generals on the board, if known)."""
        if self.super_army[seat]:
            return False
        barn = self.barn_cell[seat]
        units = 0
        for s in self._own_slots(seat) if slots is None else slots:
            if self.general_cell[s] != barn:
                return False
            units += len(self.armies[s])
        return units > 0

    def _do_declare(self, a) -> list[Event]:
        seat = self.turn
        self.resume_phase = self.phase
        self.phase = "super"
        return [Event(EventKind.SUPER, f"{self._player_text(seat)} declares a Super Army: it may marshal with what it holds, "
                      "then the army forms", seat, {})]

    def _do_form(self, a) -> list[Event]:
        seat = self.turn
        slots = self._own_slots(seat)
        head = slots[0]
        # moves a card (Forced March, Double Time) gave this turn go with the units into the Super Army
        card_steps = max([self.steps[s] - self._base_steps(s) for s in slots if not self.done[s]] + [0])
        for r in range(N_RESOURCES):
            self.token_supply[r] += self.tokens[seat][r]
        discarded = {(_RESOURCE_NAMES[r]): self.tokens[seat][r] for r in range(N_RESOURCES) if self.tokens[seat][r]}
        self.tokens[seat] = [0] * N_RESOURCES
        for s in slots[1:]:
            for u in self.armies[s]:
                insort(self.armies[head], u)
            self.armies[s] = []
            self._lift(s)
            self.general_status[s] = MERGED
            self.steps[s] = 0
            self.done[s] = 1
        self.super_army[seat] = 1
        self._place(head, self.barn_cell[seat])
        self.phase = self.resume_phase
        self.resume_phase = ""
        acts = self.phase == "action" and not self.has_acted
        self.steps[head] = D.SUPER_MOVES + card_steps if acts else 0
        self.done[head] = 0 if acts else 1
        waits = ""
        if self.phase == "action" and not acts:  # said, so a card played this turn is not lost unnoticed
            waits = "; it does not act this turn (a General already acted)"
            if card_steps:
                waits += f" (the extra {D.count_of(card_steps, 'move')} a card gave is lost)"
        events = [Event(EventKind.SUPER, f"The {D.FACTION_NAMES[self.factions[seat]]} Super Army forms with "
                        f"{D.count_of(len(self.armies[head]), 'unit')} (attack {self._attack_total(head)}, "
                        f"defense {self._defense_total(head)}){waits}", seat,
                        {"units": [D.UNIT_KEYS[u] for u in self.armies[head]], "discarded": discarded,
                         "acts": acts})]
        if self.deck:
            c = self.deck.pop(0)
            self.hands[seat].append(c)
            self.hands[seat].sort()
            events.append(Event(EventKind.DRAW, f"{self._player_text(seat)} draws a command card", seat,
                                {"player": seat}, irreversible=True))  # the card itself stays hidden
        return events

    def _explain_declare(self, seat: int) -> None:
        """Why a Super Army cannot be declared now."""
        require(not self.super_army[seat], "you already have a Super Army", "Super Army")
        barn = self.barn_cell[seat]
        require(all(self.general_cell[s] == barn for s in self._own_slots(seat)),
                "all your Generals must be in your barn to form a Super Army", "Super Army")
        raise IllegalAction("a Super Army needs at least one unit among your Generals", "Super Army")
