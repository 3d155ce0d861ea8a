"""The harvest phase (rulebook: Harvest Phase, Ability to Harvest, Resources)."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from . import actions as A
from . import data as D
from .board import GRASS, N_RESOURCES, _RESOURCE_NAMES, _UNIT_HARVEST_ICONS, LivestockBoard, _action
from .events import EventKind


class HarvestMixin(LivestockBoard):
    """What each General may harvest, harvesting, and why a harvest is not allowed."""

    def _harvest_options(self, seat: int, slots: list[int], out: list) -> None:
        """One Harvest per General that stands on a resource it can gather (none for a Super Army)."""
        gname = self._general_names
        if not self.super_army[seat]:
            terrain, supply = self.terrain, self.token_supply
            for s in slots:
                if self.harvested[s]:
                    continue
                t = terrain[self.general_cell[s]]
                if t >= N_RESOURCES or supply[t] <= 0:
                    continue
                if t == GRASS or any(_UNIT_HARVEST_ICONS[u] >> t & 1 for u in self.armies[s]):
                    out.append(_action(A.Harvest, gname[s], _RESOURCE_NAMES[t]))


    def _do_harvest(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot_by_name[a.general]
        t = self.terrain[self.general_cell[slot]]
        amount = 1 + self.bonuses["harvest"]
        if any(D.UNIT_GLUTTON[u] for u in self.armies[slot]):
            amount += 1
        amount = min(amount, self.token_supply[t])
        self.token_supply[t] -= amount
        self.tokens[seat][t] += amount
        self.harvested[slot] = 1
        return [Event(EventKind.HARVEST, f"{self._general_text(slot)} harvests {amount} {_RESOURCE_NAMES[t]}", seat,
                      {"general": a.general, "resource": _RESOURCE_NAMES[t], "amount": amount})]

    def _do_end_harvest(self, a) -> list[Event]:
        self.phase = "marshal"
        return [Event(EventKind.PHASE, "Marshalling phase", self.turn, {"phase": "marshal"})]

    def _explain_harvest(self, action, seat: int) -> None:
        """Why a Harvest is not allowed."""
        slot = self._slot_by_name[action.general]
        require(not self.super_army[seat], "a Super Army cannot harvest", "Super Army Rules")
        require(not self.harvested[slot], "a General harvests at most one resource per turn", "Ability to Harvest")
        terrain_code = self.terrain[self.general_cell[slot]]
        require(terrain_code < N_RESOURCES, f"{action.general} stands on a square with no resource", "Harvest Phase")
        require(action.resource == _RESOURCE_NAMES[terrain_code],
                f"{action.general}'s square gives {_RESOURCE_NAMES[terrain_code]}, not {action.resource}", "Harvest Phase")
        require(self.token_supply[terrain_code] > 0, f"the supply has no {_RESOURCE_NAMES[terrain_code]} token left", "Resources")
        raise IllegalAction(f"{action.general} needs a unit with the {_RESOURCE_NAMES[terrain_code]} icon to harvest it "
                            "(only grass needs none)", "Ability to Harvest")
