"""What each seat of a BattleGoats game may see: typed, read-only views owned by the engine.

``state.player_view(p)`` is a :class:`BattleGoatsPlayerView` with only what seat ``p`` may know: its
own cards (hand, draft pack, battlefield), every face-up card, the cards revealed so far (the
players remember where they lie), counts of the other hands and packs, and the attack in
progress as far as it is public. ``state.player_view(None)`` is a spectator's: no hand, and
only face-up and revealed cards named. Pages draw from these views only.

>>> from livestock_notebooks import battlegoats as bg
>>> s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | ram_goat,.,.,.,.,.,.,.,./-/-/-/- | "
...                      "llama,.,.,.,.,.,.,.,./-/-/-/- | rev=-")
>>> s.player_view(1).boards[1][0].card, s.player_view(1).boards[0][0].card
('llama', None)
>>> s.player_view(None).boards[1][0]
SlotView(card=None, face_up=False, counts_face_up=False, known=False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.protocol import PlayerView
from .board import BoardMixin
from .pictures import position_html

__all__ = ["BattleGoatsPlayerView", "PendingView", "SlotView", "build_view", "hidden_from"]


@dataclass(frozen=True)
class SlotView:
    """One occupied slot as the viewer sees it: ``card`` is None for a face-down card the viewer
    does not know; ``known`` says the viewer knows it (own, face up, or revealed before)."""

    card: str | None
    face_up: bool
    counts_face_up: bool
    known: bool


@dataclass(frozen=True)
class PendingView:
    """The attack in progress (all public): its step, the attacking slot and card (face up),
    the targets, the own neighbour hit, the dodges, the opponent named, the ending votes and
    the captured card (taken from a face-up discard pile)."""

    stage: str
    attacker: int | None = None
    card: str | None = None
    targets: tuple[tuple[int, int], ...] = ()
    own: int | None = None
    dodged: tuple[tuple[int, int], ...] = ()
    dodge_queue: tuple[tuple[int, int], ...] = ()
    opponent: int | None = None
    voters: tuple[int, ...] = ()
    votes: tuple[bool, ...] = ()
    capture: tuple[int, str] | None = None
    had_cards: tuple[int, ...] = ()  #: (capture step) the seats that had cards in play before the attack


@dataclass(frozen=True)
class BattleGoatsPlayerView(PlayerView):
    """What ``viewer`` (a seat, or None for a spectator) may know of a BattleGoats game.

    ``boards[p][s]`` is None for an empty slot, else a :class:`SlotView`. ``hand`` and ``pack``
    are the viewer's own (empty for a spectator); ``hand_sizes`` / ``pack_sizes`` count
    everyone's. ``turn`` is the attacking seat during the battle; ``seen`` every card id the
    viewer has seen (a spectator: the revealed ones). ``current_player`` is public at every
    step: the start-of-battle move steps ask every player and the dodge steps come for every
    face-down defending card, so neither tells what a face-down card is; ``pending.dodge_queue``
    lists those face-down defending cards.
    """

    players: int
    phase: str
    stage: str | None
    current_player: int | None
    turn: int | None
    round: int
    max_rounds: int | None
    draft: bool
    first_attacker: int | None
    hand: tuple[str, ...]
    pack: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    pack_sizes: tuple[int, ...]
    boards: tuple[tuple[SlotView | None, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    revealed: tuple[str, ...]
    seen: tuple[str, ...]
    pending: PendingView | None
    winners: tuple[int, ...]
    result: str | None
    is_over: bool
    layout_first: int = 0  #: the seat that lays out first (a game option)
    defeated: tuple[str, ...] = ()  #: every card defeated this game (public), even one captured back into play
    captured: bool = False  #: a defeated card was captured back into play (Alfonso)
    #: the start-of-battle move steps still to come: (seat, slot) with the slot only for the viewer's own steps
    move_queue: tuple[tuple[int, int | None], ...] = ()

    def slot(self, player: int, slot: int) -> SlotView | None:
        return self.boards[player][slot]

    def picture_html(self) -> str:
        """Every battlefield as this viewer sees it (cards it does not know as backs) and its hand."""
        return position_html(self)


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(p), int(s)) for p, s in value or ())


def _pending_view(pending: dict | None) -> PendingView | None:
    if pending is None:
        return None
    capture = pending.get("capture")
    return PendingView(
        stage=pending["stage"],
        attacker=pending.get("attacker"),
        card=pending.get("card"),
        targets=_pairs(pending.get("targets")),
        own=pending.get("own"),
        dodged=_pairs(pending.get("dodged")),
        dodge_queue=_pairs(pending.get("dodge_queue")),
        opponent=pending.get("opponent"),
        voters=tuple(pending.get("voters") or ()),
        votes=tuple(pending.get("votes") or ()),
        capture=None if capture is None else (int(capture[0]), str(capture[1])),
        had_cards=tuple(pending.get("had_cards") or ()),
    )


def build_view(state: BoardMixin, viewer: int | None, *, current_player: int | None) -> BattleGoatsPlayerView:
    """The view of ``viewer`` (a seat or None) of ``state``."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < state.players):
        raise ValueError(f"no player {viewer!r} in this game")
    boards = []
    for p in range(state.players):
        row: list[SlotView | None] = []
        for c in state.board[p]:
            if c is None:
                row.append(None)
                continue
            up = c in state.face_up
            known = p == viewer or up or c in state.revealed
            row.append(SlotView(c if known else None, up, state.counts_face_up(c), known))
        boards.append(tuple(row))
    me = -1 if viewer is None else viewer
    return BattleGoatsPlayerView(
        viewer=viewer,
        players=state.players,
        phase=state.phase,
        stage=state.stage,
        current_player=current_player,
        turn=state.seat if state.phase == "attack" else None,
        round=state.round,
        max_rounds=state.max_rounds,
        draft=state.draft,
        first_attacker=state.first_attacker,
        hand=tuple(state.hands[me]) if viewer is not None else (),
        pack=tuple(state.packs[me]) if viewer is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        pack_sizes=tuple(len(h) for h in state.packs),
        boards=tuple(boards),
        discards=tuple(tuple(d) for d in state.discard),
        revealed=tuple(sorted(state.revealed)),
        seen=tuple(sorted(state.seen[me] if viewer is not None else state.revealed)),
        pending=_pending_view(state.pending),
        winners=tuple(state.winners),
        result=state.result,
        is_over=state.is_over,
        layout_first=state.layout_first,
        defeated=tuple(sorted(state.slain_set())),
        captured=state.captured,
        move_queue=tuple((q, s if q == viewer else None) for q, s in state.movers),
    )


def hidden_from(state: BoardMixin, viewer: int | None) -> set[str]:
    """The cards ``viewer`` has never seen (a spectator: every card not public): the ones a
    redraw may exchange among their places."""
    public = set(state.revealed) | state.face_up | {c for pile in state.discard for c in pile}
    if viewer is not None:
        public |= state.seen[viewer]
    return {c for c in state.cards.ids if c not in public}
