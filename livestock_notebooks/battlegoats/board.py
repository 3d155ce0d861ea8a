"""The position of a BattleGoats game and its reading API (rulebook: Overview).

:class:`BoardMixin` holds the fields every rule reads (battlefields, hands, packs, discards,
face-up and revealed cards, who has seen what, the attack in progress) and the questions a page
or a bot asks of them: where a card lies, who still has cards, whether a card counts as face up.
The rules of each rulebook part are mixins over it (:mod:`.army`, :mod:`.setup`, :mod:`.attack`,
:mod:`.battle`, :mod:`.turns`), combined in :class:`~.state.BattleGoatsState`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.protocol import Event
from ..core.rng import Dice
from .cards import Card, CardSet

__all__ = ["BoardMixin", "PHASES", "STAGES", "EXTRA_CARDS", "SEC_BUILD", "SEC_DRAFT", "SEC_SETUP", "SEC_ATTACK",
           "SEC_FACEUP", "SEC_TURNS", "player_text"]

PHASES = ("draft", "layout", "first", "move", "attack", "over")
STAGES = ("attacker", "opponent", "defender", "target", "second", "own", "dodge", "capture", "ending")
#: Cards dealt (or drafted) to each player beside their Hero.
EXTRA_CARDS = 8

# rulebook sections, named in the reasons an action is illegal
SEC_BUILD = "Building Your Army"
SEC_DRAFT = "Advanced (Draft)"
SEC_SETUP = "Battlefield Setup"
SEC_ATTACK = "Attacking"
SEC_FACEUP = "Face Up Cards"
SEC_TURNS = "Turns and Winning"


def player_text(player: int) -> str:
    """A seat in words: "Player 1" is seat 0."""
    return f"Player {player + 1}"


class BoardMixin:
    """The position: the fields of a BattleGoats game and the questions asked of them."""

    players: int  # how many players (seats 0..players-1)
    #: a playout's state (set on a copy, never saved or copied): the rules are the same, but
    #: ``apply`` leaves out the events of the attack steps, which nobody reads there
    quiet: bool = False
    cards: CardSet
    draft: bool
    max_rounds: int | None
    layout_first: int
    phase: str
    hands: list[list[str]]
    packs: list[list[str]]
    board: list[list[str | None]]
    discard: list[list[str]]
    set_aside: list[str]
    face_up: set[str]
    face_up_turn: set[str]
    revealed: set[str]
    seen: list[set[str]]
    seat: int
    round: int
    first_attacker: int | None
    pending: dict[str, Any] | None
    movers: list[list[int]]
    _winners: list[int]
    result: str | None
    captured: bool
    defeated: set[str]  # every card defeated this game, even if Alfonso took it back into play
    dice: Dice

    if TYPE_CHECKING:  # rules of other parts, called across the mixins
        def _start_layout(self, events: list[Event]) -> None: ...
        def _begin_battle(self, events: list[Event]) -> None: ...
        def _resolve(self, events: list[Event]) -> None: ...
        def _after_attack(self, events: list[Event], had_cards: list[int]) -> None: ...
        def _battle(self, attacker_player: int, attacker_slot: int, attacker_card: str, defender_player: int,
                    defender_slot: int, defender_card: str, *, explain: bool = False, extra_seen: Any = (),
                    seen: Any = None, slain: Any = None, defender_board: Any = None,
                    attacker_board: Any = None) -> dict: ...
        def _capture_slots(self, player: int, cid: str) -> list[int]: ...

    @property
    def _pend(self) -> dict[str, Any]:
        """The attack in progress (only asked for during the battle)."""
        pend = self.pending
        assert pend is not None, "no attack in progress"
        return pend

    def at(self, player: int, slot: int) -> str:
        """The card in ``player``'s ``slot`` (the slot must hold one)."""
        cid = self.board[player][slot]
        assert cid is not None, f"no card in slot {slot} of player {player}"
        return cid

    @property
    def n(self) -> int:
        """The number of players (older name of :attr:`players`)."""
        return self.players

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def stage(self) -> str | None:
        """The step inside an attack (``attacker``, ``target``, ...) or None outside attacks."""
        return self.pending["stage"] if self.pending is not None else None

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    def card(self, cid: str):
        return self.cards.by_id[cid]

    def alive(self) -> list[int]:
        """Players with at least one card in play (during the battle phases)."""
        return [p for p, b in enumerate(self.board) if b.count(None) < 9]

    def cards_in_play(self, player: int) -> list[tuple[int, str]]:
        return [(s, c) for s, c in enumerate(self.board[player]) if c is not None]

    def counts_face_up(self, cid: str) -> bool:
        """Face up for card effects: face up now and face up when the current turn began."""
        return cid in self.face_up and cid in self.face_up_turn

    def owner_of(self, cid: str) -> tuple[str, int, int | None] | None:
        """Where a card is: ("board", player, slot), ("hand", player, None), ("discard", ...)."""
        for p in range(self.players):
            b = self.board[p]
            if cid in b:
                return ("board", p, b.index(cid))
            if cid in self.hands[p]:
                return ("hand", p, None)
            if cid in self.discard[p]:
                return ("discard", p, None)
            if cid in self.packs[p]:
                return ("pack", p, None)
        return None

    def knows_location(self, player: int, cid: str) -> bool:
        """Whether ``player`` knows which card ``cid`` is where it lies (own, or revealed before)."""
        return cid in self.revealed or cid in self.face_up or any(cid == c for c in self.board[player]) \
            or cid in self.hands[player]

    def slain_set(self) -> set:
        """Every card defeated this game ("defeated this game": Mama Dragon, Avenger Goat): a
        permanent record, kept when Alfonso takes a defeated card back into play."""
        out = set(self.defeated)
        for d in self.discard:
            out.update(d)
        return out

    def _defenders(self) -> list[list[int]]:
        pend = self._pend
        out = [list(t) for t in pend["targets"]]
        if pend["own"] is not None:
            out.append([self.seat, pend["own"]])
        return out
