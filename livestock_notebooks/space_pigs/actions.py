"""The actions of Space Pigs: small frozen dataclasses with a readable ``str()``.

Every action names the ``player`` whose decision it is (``state.current_player``). Hexes are
galaxy cell indices (``state.hexes[i]``, in the order they were laid; 0 is the core); cards
are card ids (``data.CARDS[id]``). ``hog`` fields say which troop type (``False`` = piglet).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.protocol import Action
from .data import CARDS, POWER_TEXT


def _p(player: int) -> str:
    return f"P{player + 1}"


def _card(card: int) -> str:
    if 0 <= card < len(CARDS):
        c = CARDS[card]
        return c.name if c.kind == "combat" else c.english
    return f"card {card}"


def _troop(hog: bool) -> str:
    return "a hog" if hog else "a piglet"


@dataclass(frozen=True)
class SpacePigsAction(Action):
    """Base class of Space Pigs actions."""

    player: int


# ----------------------------------------------------------------------------- generic
@dataclass(frozen=True)
class Done(SpacePigsAction):
    """End one's step in the current sequence (stop discarding, stop playing cards, end travel...)."""

    def __str__(self) -> str:
        return f"{_p(self.player)} is done"


@dataclass(frozen=True)
class PlayCard(SpacePigsAction):
    """Play a card from hand (face down during combat). Targets are chosen next if needed."""

    card: int

    def __str__(self) -> str:
        return f"{_p(self.player)} plays {_card(self.card)}"


@dataclass(frozen=True)
class ChooseHex(SpacePigsAction):
    """Pick a hex for the card or power being played."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} picks H{self.hex}"


@dataclass(frozen=True)
class ChoosePlayer(SpacePigsAction):
    """Pick a player for the card or power being played."""

    target: int

    def __str__(self) -> str:
        return f"{_p(self.player)} picks {_p(self.target)}"


#: each clan power's text, by its id (the ids are unique across clans), from the rules file
POWER_WORDS: dict[str, str] = {power: text for (_clan, power), text in POWER_TEXT.items()}


def power_choice(power: str, arg: int, hex_label: Callable[[int], str] | None = None) -> str:
    """What a use of ``power`` chooses with ``arg``, in words (``""`` when it chooses nothing):
    the one text the log (``str(UsePower)``) and the page's button both use. ``hex_label``
    names a hex (default ``H3``)."""
    if power == "tech_adjust":
        return f" ({arg:+d})"
    if power == "reroll":
        return " (own die)" if arg == 0 else " (enemy die)"
    if power == "flee_first":
        return f" (flee to {hex_label(arg) if hex_label is not None else f'H{arg}'})"
    return ""


@dataclass(frozen=True)
class UsePower(SpacePigsAction):
    """Use a clan power (advanced rules). ``arg`` refines some: tech_adjust +1/-1, reroll 0 own / 1 enemy die."""

    power: str
    arg: int = 0

    def __str__(self) -> str:
        return f"{_p(self.player)} uses the power {self.power}{power_choice(self.power, self.arg)}"


# ----------------------------------------------------------------------------- set-up
@dataclass(frozen=True)
class DrawHex(SpacePigsAction):
    """Advanced layout 'look before placing': take the top hex of a family pile and look at it."""

    pile: str

    def __str__(self) -> str:
        return f"{_p(self.player)} draws a hex from the {self.pile} pile"


@dataclass(frozen=True)
class PlaceHex(SpacePigsAction):
    """Lay a hex from a family pile (or the drawn hex: pile ``"drawn"``) at axial cell (q, r)."""

    pile: str
    q: int
    r: int

    def __str__(self) -> str:
        src = "the hex he drew" if self.pile == "drawn" else f"a {self.pile} hex"
        return f"{_p(self.player)} lays {src} at ({self.q},{self.r})"


@dataclass(frozen=True)
class StartPlanet(SpacePigsAction):
    """Initial deployment: put the 5 starting piglets on a rim planet."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} starts with 5 piglets on H{self.hex}"


@dataclass(frozen=True)
class ReturnTo(SpacePigsAction):
    """An eliminated player comes back with 5 piglets on an empty rim hex."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} returns with 5 piglets on H{self.hex}"


# ----------------------------------------------------------------------------- phase 1
@dataclass(frozen=True)
class Discard(SpacePigsAction):
    card: int

    def __str__(self) -> str:
        return f"{_p(self.player)} discards {_card(self.card)}"


@dataclass(frozen=True)
class OfferExchange(SpacePigsAction):
    """Offer one card to a faction partner for one of his."""

    partner: int
    card: int

    def __str__(self) -> str:
        return f"{_p(self.player)} offers {_card(self.card)} to {_p(self.partner)} in exchange"


@dataclass(frozen=True)
class AnswerExchange(SpacePigsAction):
    """Answer an exchange offer with a card of one's own, or ``card=-1`` to decline."""

    card: int

    def __str__(self) -> str:
        if self.card < 0:
            return f"{_p(self.player)} declines the exchange"
        return f"{_p(self.player)} gives {_card(self.card)} in exchange"


@dataclass(frozen=True)
class GiveMarker(SpacePigsAction):
    """The Royal Pig hands a face-down colonist marker to a player."""

    to: int

    def __str__(self) -> str:
        return f"{_p(self.player)} gives a colonist marker to {_p(self.to)}"


@dataclass(frozen=True)
class MakeHog(SpacePigsAction):
    """Turn two new colonist piglets into a hog (one a turn)."""

    def __str__(self) -> str:
        return f"{_p(self.player)} turns two new piglets into a hog"


@dataclass(frozen=True)
class Deploy(SpacePigsAction):
    """Place one new troop on a hex where the player has troops."""

    hex: int
    hog: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} deploys {_troop(self.hog)} on H{self.hex}"


@dataclass(frozen=True)
class PlaceAliens(SpacePigsAction):
    """Place the arriving aliens on a hex."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} places the new aliens on H{self.hex}"


# ----------------------------------------------------------------------------- phase 2
@dataclass(frozen=True)
class ChooseMarker(SpacePigsAction):
    """Secretly choose a space travel marker (2, 3 or 4 trips)."""

    value: int

    def __str__(self) -> str:
        return f"{_p(self.player)} chooses a travel marker"

    def reveal(self) -> str:
        return f"{_p(self.player)} chooses the travel marker {self.value}"


@dataclass(frozen=True)
class Load(SpacePigsAction):
    """Put one troop of a hex aboard (starts a trip from that hex, or adds to it)."""

    hex: int
    hog: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} boards {_troop(self.hog)} at H{self.hex}"


@dataclass(frozen=True)
class Fly(SpacePigsAction):
    """Fly the loaded troops to a hex (one hex; further or anywhere with a card). A plain trip lands there."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} flies to H{self.hex}"


@dataclass(frozen=True)
class Drop(SpacePigsAction):
    """Rocket Boots: leave one troop on the hex flown over."""

    hog: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} drops {_troop(self.hog)} here"


@dataclass(frozen=True)
class Land(SpacePigsAction):
    """End a long trip: the troops still aboard land where the ship is."""

    def __str__(self) -> str:
        return f"{_p(self.player)} lands"


# ----------------------------------------------------------------------------- phase 3
@dataclass(frozen=True)
class ChooseCombat(SpacePigsAction):
    """Pick which of one's attacks to resolve next."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} resolves the attack on H{self.hex}"


@dataclass(frozen=True)
class Flee(SpacePigsAction):
    """Flee with all one's troops in the combat to an adjacent hex where one has troops."""

    hex: int

    def __str__(self) -> str:
        return f"{_p(self.player)} flees to H{self.hex}"


@dataclass(frozen=True)
class Stay(SpacePigsAction):
    """Fight on (do not flee) this round."""

    def __str__(self) -> str:
        return f"{_p(self.player)} fights on"


@dataclass(frozen=True)
class Redeploy(SpacePigsAction):
    """Move one troop to an adjacent hex the player also holds."""

    src: int
    dst: int
    hog: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} redeploys {_troop(self.hog)} from H{self.src} to H{self.dst}"


@dataclass(frozen=True)
class MoveAliens(SpacePigsAction):
    """The Royal Pig (or Cho Boko's player) moves one whole alien stack."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{_p(self.player)} moves the aliens from H{self.src} to H{self.dst}"


# ----------------------------------------------------------------------------- phase 4
@dataclass(frozen=True)
class Stand(SpacePigsAction):
    """Say whether one stands as a candidate for Royal Pig."""

    yes: bool

    def __str__(self) -> str:
        return f"{_p(self.player)} {'stands' if self.yes else 'does not stand'} for Royal Pig"


@dataclass(frozen=True)
class CallVoter(SpacePigsAction):
    """The Royal Pig calls a player to vote."""

    voter: int

    def __str__(self) -> str:
        return f"{_p(self.player)} calls {_p(self.voter)} to vote"


@dataclass(frozen=True)
class Vote(SpacePigsAction):
    """Give all one's governors to one candidate."""

    candidate: int

    def __str__(self) -> str:
        return f"{_p(self.player)} votes for {_p(self.candidate)}"


ACTION_CLASSES = (
    Done, PlayCard, ChooseHex, ChoosePlayer, UsePower, DrawHex, PlaceHex, StartPlanet, ReturnTo,
    Discard, OfferExchange, AnswerExchange, GiveMarker, MakeHog, Deploy, PlaceAliens, ChooseMarker,
    Load, Fly, Drop, Land, ChooseCombat, Flee, Stay, Redeploy, MoveAliens, Stand, CallVoter, Vote,
)
