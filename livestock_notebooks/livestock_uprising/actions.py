"""The actions of Livestock Uprising: small frozen dataclasses with a readable ``str()``.

Generals are named by name (``"Billy"``), squares by column letter and row number (``"c2"``:
third column, second row from the top), units and cards by key (``"sheep"``, ``"battle_cry"``),
resources by name (``"hay"``). The player is implied: an action is always taken by
``state.current_player``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable, ClassVar

from ..core.protocol import Action
from . import data


def _g(name: str) -> str:
    code = data.GENERAL_CODE.get(name)
    return name if code is None else f"{name} ({data.GENERAL_STARS[code]}*)"


def _u(key: str) -> str:
    """A unit with its article: ``"a Sacrificial Sheep"``, ``"an Ornery Oxen"``."""
    code = data.UNIT_CODE.get(key)
    return data.with_article(key if code is None else data.UNIT_NAMES[code])


def _c(key: str) -> str:
    code = data.CARD_CODE.get(key)
    return key if code is None else data.CARD_NAMES[code]


_RENDER = {"general": _g, "unit": _u, "card": _c}


@dataclass(frozen=True)
class LivestockAction(Action):
    """Base class of every Livestock Uprising action. ``str()`` fills the class's ``TEXT`` with
    its fields (Generals with their stars, units and cards by name)."""

    TEXT: ClassVar[str] = ""
    #: fields that name a General (``general`` always does)
    GENERAL_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __str__(self) -> str:
        values = {}
        for f in fields(self):
            value = getattr(self, f.name)
            render = _g if f.name in self.GENERAL_FIELDS else _RENDER.get(f.name)
            values[f.name] = render(value) if render is not None else value
        return self.TEXT.format(**values)


@dataclass(frozen=True)
class PlaceBarn(LivestockAction):
    TEXT = "Place the barn at {cell}"
    cell: str


@dataclass(frozen=True)
class Move(LivestockAction):
    TEXT = "Move {general} from {frm} to {to}"
    general: str
    frm: str
    to: str


@dataclass(frozen=True)
class Attack(LivestockAction):
    TEXT = "{general} at {frm} attacks {to}"
    general: str
    frm: str
    to: str


@dataclass(frozen=True)
class Stay(LivestockAction):
    TEXT = "{general} stays"
    general: str


@dataclass(frozen=True)
class EndActions(LivestockAction):
    TEXT = "End the action phase"


@dataclass(frozen=True)
class Harvest(LivestockAction):
    TEXT = "{general} harvests {resource}"
    general: str
    resource: str


@dataclass(frozen=True)
class EndHarvest(LivestockAction):
    TEXT = "End the harvest phase"


@dataclass(frozen=True)
class Marshal(LivestockAction):
    TEXT = "Marshal {unit} under {general}"
    unit: str
    general: str


@dataclass(frozen=True)
class Transfer(LivestockAction):
    TEXT = "Transfer {unit} from {frm} to {to}"
    GENERAL_FIELDS = ("frm", "to")
    unit: str
    frm: str
    to: str


@dataclass(frozen=True)
class EndTurn(LivestockAction):
    TEXT = "End the turn"


@dataclass(frozen=True)
class PlayCard(LivestockAction):
    """Play a command card. ``general``, ``resource`` and ``opponent`` are its target, if it has one."""

    card: str
    general: str = ""
    resource: str = ""
    opponent: int = -1

    def __str__(self):
        return self.describe()

    def describe(self, general_name: Callable[[str], str] = _g,
                 player_name: Callable[[int], str] | None = None) -> str:
        """The play in words; with ``player_name`` a theft reads "<resource> from <that player>"."""
        text = f"Play {_c(self.card)}"
        if self.general:
            text += f" on {general_name(self.general)}"
        if self.opponent >= 0:  # the player of seat ``opponent``, named as the game's log names it (P1 is seat 0)
            who = player_name(self.opponent) if player_name is not None else f"P{self.opponent + 1}"
            return text + f": {self.resource or 'a token'} from {who}"
        if self.resource:
            text += f" for {self.resource}"
        return text


@dataclass(frozen=True)
class DeclineCard(LivestockAction):
    TEXT = "Play no command card"


@dataclass(frozen=True)
class Casualty(LivestockAction):
    TEXT = "{general} gives up {unit}"
    general: str
    unit: str


@dataclass(frozen=True)
class Retreat(LivestockAction):
    TEXT = "{general} retreats to {to}"
    general: str
    to: str


@dataclass(frozen=True)
class DeclareSuperArmy(LivestockAction):
    TEXT = "Declare the Super Army"


@dataclass(frozen=True)
class FormSuperArmy(LivestockAction):
    TEXT = "Form the Super Army (unspent resources are discarded)"


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
