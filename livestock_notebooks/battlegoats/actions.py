"""BattleGoats actions: small frozen dataclasses with readable ``str()``.

Every action names the ``player`` who takes it. Slots are 0..8 (``F1 F2 F3 M1 M2 M3 B1 B2 B3``,
row 0 = front). Texts name players 1-based ("Player 1" is seat 0).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action
from .cards import SLOT_NAMES

__all__ = [
    "BattleGoatsAction",
    "Pick",
    "Place",
    "ChooseFirstAttacker",
    "MoveAtStart",
    "STAY",
    "ChooseAttacker",
    "ChooseOpponent",
    "ChooseDefender",
    "ChooseTarget",
    "SkipSecondTarget",
    "ChooseOwnAdjacent",
    "Dodge",
    "PlaceCaptured",
    "ChooseEnding",
    "ACTION_CLASSES",
    "card_name",
    "interned",
]

_NAMES: dict[str, str] = {}


def card_name(cid: str) -> str:
    """A card's display name from its id (built-in names first, else the id in title case)."""
    name = _NAMES.get(cid)
    if name is None:
        try:
            from .cards import standard_cards

            if not _NAMES:
                _NAMES.update({c.id: c.name for c in standard_cards()})
            name = _NAMES.get(cid)
        except Exception:  # pragma: no cover - data file missing
            name = None
        if name is None:
            name = cid.replace("_", " ").title()
    return name


def _p(p: int) -> str:
    return f"Player {p + 1}"


def _s(slot: int) -> str:
    return SLOT_NAMES[slot] if isinstance(slot, int) and 0 <= slot < 9 else str(slot)


@dataclass(frozen=True)
class BattleGoatsAction(Action):
    """Base class of every BattleGoats action."""

    player: int


@dataclass(frozen=True)
class Pick(BattleGoatsAction):
    """Draft: keep ``card`` from the pack in front of you (the rest is passed on)."""

    card: str

    def __str__(self) -> str:
        return f"{_p(self.player)} keeps {card_name(self.card)}"


@dataclass(frozen=True)
class Place(BattleGoatsAction):
    """Layout: put ``card`` from your hand face down into ``slot``."""

    card: str
    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} places {card_name(self.card)} in {_s(self.slot)}"


@dataclass(frozen=True)
class ChooseFirstAttacker(BattleGoatsAction):
    """The first player to finish laying out picks who attacks first."""

    first: int

    def __str__(self) -> str:
        if self.first == self.player:
            return f"{_p(self.player)} chooses to attack first"
        return f"{_p(self.player)} lets {_p(self.first)} attack first"


#: ``MoveAtStart(player, STAY, STAY)``: keep the battlefield as it is (offered at every move step)
STAY = -1


@dataclass(frozen=True)
class MoveAtStart(BattleGoatsAction):
    """A card able to move at the start of battle swaps from ``slot`` to ``to``; ``slot == to``
    (``STAY, STAY`` as offered: every player is asked, holding such a card or not) keeps the
    battlefield as it is."""

    slot: int
    to: int

    def __str__(self) -> str:
        if self.slot == self.to:
            return f"{_p(self.player)} keeps their battlefield as it is"
        return f"{_p(self.player)} swaps the cards in {_s(self.slot)} and {_s(self.to)}"


@dataclass(frozen=True)
class ChooseAttacker(BattleGoatsAction):
    """Attack with your card in ``slot`` (it is revealed at once)."""

    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} attacks with the card in {_s(self.slot)}"


@dataclass(frozen=True)
class ChooseOpponent(BattleGoatsAction):
    """Fainting-style attacker: name the opponent who picks the defending card."""

    opponent: int

    def __str__(self) -> str:
        return f"{_p(self.player)} names {_p(self.opponent)} to pick the defender"


@dataclass(frozen=True)
class ChooseDefender(BattleGoatsAction):
    """The named opponent picks which of their cards defends."""

    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} defends with the card in {_s(self.slot)}"


@dataclass(frozen=True)
class ChooseTarget(BattleGoatsAction):
    """Attack ``target_player``'s card in ``target_slot`` (also a second target, if allowed)."""

    target_player: int
    target_slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} targets {_p(self.target_player)}'s card in {_s(self.target_slot)}"


@dataclass(frozen=True)
class SkipSecondTarget(BattleGoatsAction):
    """Decline the optional second target."""

    def __str__(self) -> str:
        return f"{_p(self.player)} strikes only one card"


@dataclass(frozen=True)
class ChooseOwnAdjacent(BattleGoatsAction):
    """Wizard-style attacker: the own neighbouring card it also fights."""

    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)}'s attacker also hits their own card in {_s(self.slot)}"


@dataclass(frozen=True)
class Dodge(BattleGoatsAction):
    """Matador-style defender (face down): ``dodge`` True flips it and avoids the battle."""

    slot: int
    dodge: bool

    def __str__(self) -> str:
        if self.dodge:
            return f"{_p(self.player)} flips the card in {_s(self.slot)} face up and avoids the battle"
        return f"{_p(self.player)} lets the card in {_s(self.slot)} fight"


@dataclass(frozen=True)
class PlaceCaptured(BattleGoatsAction):
    """A capturing attacker's owner puts the captured card into an empty ``slot``."""

    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} puts the captured card in {_s(self.slot)}"


@dataclass(frozen=True)
class ChooseEnding(BattleGoatsAction):
    """When the last cards fall together: ``share`` the victory (True) or all lose (False)."""

    share: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} " + ("agrees to share the victory" if self.share else "declines to share: no victors")


ACTION_CLASSES = (
    Pick,
    Place,
    ChooseFirstAttacker,
    MoveAtStart,
    ChooseAttacker,
    ChooseOpponent,
    ChooseDefender,
    ChooseTarget,
    SkipSecondTarget,
    ChooseOwnAdjacent,
    Dodge,
    PlaceCaptured,
    ChooseEnding,
)


# interned action objects (actions are immutable values; building them is the hot path)
_INTERNED: dict[tuple, BattleGoatsAction] = {}


def interned(cls: type[BattleGoatsAction], *args) -> BattleGoatsAction:
    """The one shared ``cls(*args)`` (actions are values; the legal-action lists reuse them)."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*args)
    return action
