"""The actions of Livestock Uprising: small frozen dataclasses with a readable ``str()``.

Generals are named by name (``"Billy"``), squares by column letter and row number (``"c2"``:
third column, second row from the top), units and cards by key (``"sheep"``, ``"battle_cry"``),
resources by name (``"hay"``). The player is implied: an action is always taken by
``state.current_player``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action
from . import data


def _g(name: str) -> str:
    code = data.GENERAL_CODE.get(name)
    return name if code is None else f"{name} ({data.GENERAL_STARS[code]}*)"


def _u(key: str) -> str:
    code = data.UNIT_CODE.get(key)
    return key if code is None else data.UNIT_NAMES[code]


def _c(key: str) -> str:
    code = data.CARD_CODE.get(key)
    return key if code is None else data.CARD_NAMES[code]


@dataclass(frozen=True)
class LivestockAction(Action):
    """Base class of every Livestock Uprising action."""


@dataclass(frozen=True)
class PlaceBarn(LivestockAction):
    cell: str

    def __str__(self):
        return f"Place the barn at {self.cell}"


@dataclass(frozen=True)
class Move(LivestockAction):
    general: str
    frm: str
    to: str

    def __str__(self):
        return f"Move {_g(self.general)} from {self.frm} to {self.to}"


@dataclass(frozen=True)
class Attack(LivestockAction):
    general: str
    frm: str
    to: str

    def __str__(self):
        return f"{_g(self.general)} at {self.frm} attacks {self.to}"


@dataclass(frozen=True)
class Stay(LivestockAction):
    general: str

    def __str__(self):
        return f"{_g(self.general)} stays"


@dataclass(frozen=True)
class EndActions(LivestockAction):
    def __str__(self):
        return "End the action phase"


@dataclass(frozen=True)
class Harvest(LivestockAction):
    general: str
    resource: str

    def __str__(self):
        return f"{_g(self.general)} harvests {self.resource}"


@dataclass(frozen=True)
class EndHarvest(LivestockAction):
    def __str__(self):
        return "End the harvest phase"


@dataclass(frozen=True)
class Marshal(LivestockAction):
    unit: str
    general: str

    def __str__(self):
        return f"Marshal a {_u(self.unit)} under {_g(self.general)}"


@dataclass(frozen=True)
class Transfer(LivestockAction):
    unit: str
    frm: str
    to: str

    def __str__(self):
        return f"Transfer a {_u(self.unit)} from {_g(self.frm)} to {_g(self.to)}"


@dataclass(frozen=True)
class EndTurn(LivestockAction):
    def __str__(self):
        return "End the turn"


@dataclass(frozen=True)
class PlayCard(LivestockAction):
    """Play a command card. ``general``, ``resource`` and ``opponent`` are its target, if it has one."""

    card: str
    general: str = ""
    resource: str = ""
    opponent: int = -1

    def __str__(self):
        text = f"Play {_c(self.card)}"
        if self.general:
            text += f" on {_g(self.general)}"
        if self.opponent >= 0:
            text += f" against P{self.opponent + 1}"
        if self.resource:
            text += f" for {self.resource}"
        return text


@dataclass(frozen=True)
class DeclineCard(LivestockAction):
    def __str__(self):
        return "Play no command card"


@dataclass(frozen=True)
class Casualty(LivestockAction):
    general: str
    unit: str

    def __str__(self):
        return f"{_g(self.general)} gives up a {_u(self.unit)}"


@dataclass(frozen=True)
class Retreat(LivestockAction):
    general: str
    to: str

    def __str__(self):
        return f"{_g(self.general)} retreats to {self.to}"


@dataclass(frozen=True)
class DeclareSuperArmy(LivestockAction):
    def __str__(self):
        return "Declare the Super Army"


@dataclass(frozen=True)
class FormSuperArmy(LivestockAction):
    def __str__(self):
        return "Form the Super Army (unspent resources are discarded)"


ACTION_CLASSES = (
    PlaceBarn, Move, Attack, Stay, EndActions, Harvest, EndHarvest, Marshal, Transfer, EndTurn,
    PlayCard, DeclineCard, Casualty, Retreat, DeclareSuperArmy, FormSuperArmy,
)

_CACHE: dict = {}


def make(cls, *args):
    """An interned action (the legal-action lists reuse the same objects: fast and hashable)."""
    key = (cls, args)
    action = _CACHE.get(key)
    if action is None:
        action = _CACHE[key] = cls(*args)
    return action


def from_dict(d):
    from ..core.protocol import action_from_dict

    return action_from_dict(d, ACTION_CLASSES)
