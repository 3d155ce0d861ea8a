"""A full BattleGoats state drawn from one seat's view (for searching bots).

``determinize(view, rng)`` rebuilds every public part of the game from ``view`` (a
:class:`~.views.BattleGoatsPlayerView`, ``state.player_view(p)``) and draws the cards the viewer
does not know: the others' hands and draft packs (their sizes are public), their face-down cards
not revealed so far, and the cards set aside; the dice are fresh. It never reads the state the
view came from, so a bot searching over such draws cannot peek.

What the draw respects (all of it known to the viewer): every army has one Hero (dealt to the
hand, never in a draft pack), so each other player whose Hero is not known holds one Hero among
its hidden cards; a card the viewer has seen (in a draft pack) but cannot place now is in
someone's hand or pack, never set aside. Beyond that every placement is possible (the cards are
shuffled uniformly). Two things are approximated: the viewer may know from the draft which pack
a card passed through (the draw only keeps it out of the set-aside cards), and what another
player has seen is taken as their own cards and the public ones. After a Hero was captured
(Alfonso) the player it came from is drawn among those whose Hero is not known.

The draw is consistent: ``determinize(view, rng).player_view(view.viewer) == view``, it passes
the invariants and ``load``, and it offers the viewer the same legal actions. ``cards`` is the
game's card list when it is not the built-in one (a public part of the game).
"""
from __future__ import annotations

import random
from typing import Any

from ..core.rng import Dice
from .actions import STAY
from .notation import card_set
from .state import BattleGoatsState
from .views import BattleGoatsPlayerView, PendingView

__all__ = ["determinize"]

#: A hidden place: ("hand" | "pack" | "board", seat, index or slot).
Place = tuple[str, int, int]


def determinize(view: BattleGoatsPlayerView, rng: random.Random | int, *, cards: Any = None) -> BattleGoatsState:
    """A complete state consistent with ``view``, its hidden cards drawn with ``rng`` (a
    ``random.Random`` or a seed), with new dice. ``cards``: the game's card list (None: built-in)."""
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    cs = card_set(cards)
    P, me = view.players, view.viewer
    state = BattleGoatsState._blank(P, cs, view.draft, view.max_rounds, view.layout_first, Dice(rng.randrange(2**31)))
    state.phase = view.phase
    state.board = [[None if sv is None else sv.card for sv in row] for row in view.boards]
    state.hands = [list(view.hand) if q == me else [] for q in range(P)]
    state.packs = [list(view.pack) if q == me else [] for q in range(P)]
    state.discard = [list(d) for d in view.discards]
    state.set_aside = _draw_hidden(state, view, rng)
    slots = [sv for row in view.boards for sv in row if sv is not None]
    state.face_up = {sv.card for sv in slots if sv.face_up and sv.card is not None}
    state.face_up_turn = {sv.card for sv in slots if sv.counts_face_up and sv.card is not None}
    state.revealed = set(view.revealed)
    public = state.revealed | state.face_up | {c for d in state.discard for c in d}
    state.seen = [set(view.seen) if q == me else
                  public | set(state.hands[q]) | set(state.packs[q]) | {c for c in state.board[q] if c is not None}
                  for q in range(P)]
    state.defeated = set(view.defeated)
    state.captured = view.captured
    state.round = view.round
    state.first_attacker = view.first_attacker
    state.pending = _pending(view.pending)
    if view.phase == "attack":
        state.seat = view.turn if view.turn is not None else 0
    elif view.current_player is not None:
        state.seat = view.current_player
    else:
        state.seat = view.first_attacker if view.first_attacker is not None else 0
    state._winners = list(view.winners)
    state.result = view.result
    state.movers = [[q, STAY if s is None else s] for q, s in view.move_queue]
    if state.movers:
        state.movers = state._redrawn_movers(me)
    state._legal = None
    return state


def _draw_hidden(state: BattleGoatsState, view: BattleGoatsPlayerView, rng: random.Random) -> list[str]:
    """Fill the others' hands, packs and unknown face-down slots of ``state`` with the cards the
    view does not place; returns the cards left over (set aside), shuffled."""
    cs = state.cards
    P, me = view.players, view.viewer
    heroes = set(cs.heroes)
    located = {c for row in state.board for c in row if c is not None}
    located |= set(view.hand) | set(view.pack) | {c for d in state.discard for c in d}
    pool = [c for c in cs.ids if c not in located]
    seen = set(view.seen)
    hero_places: list[Place] = []
    plain_places: list[Place] = []
    needs = _hero_needs(state, view, rng)
    for q in range(P):
        if q == me:
            continue
        eligible: list[Place] = [("hand", q, i) for i in range(view.hand_sizes[q])]
        eligible += [("board", q, s) for s, sv in enumerate(view.boards[q]) if sv is not None and sv.card is None]
        rng.shuffle(eligible)
        take = min(needs[q], len(eligible))
        hero_places += eligible[:take]
        plain_places += eligible[take:]
        plain_places += [("pack", q, i) for i in range(view.pack_sizes[q])]
    free_heroes = [c for c in pool if c in heroes and c not in seen]
    free_plain = [c for c in pool if c not in heroes and c not in seen]
    rng.shuffle(free_heroes)
    rng.shuffle(free_plain)
    # a card the viewer saw but cannot place is in someone's hand or pack, never set aside
    forced_heroes = [c for c in pool if c in heroes and c in seen]
    forced_plain = [c for c in pool if c not in heroes and c in seen]
    hero_cards = (forced_heroes + free_heroes)[:len(hero_places)]
    plain_cards = (forced_plain + free_plain)[:len(plain_places)]
    if len(hero_cards) < len(hero_places) or len(plain_cards) < len(plain_places):
        raise ValueError("the view has more hidden places than cards left to fill them")
    rng.shuffle(hero_cards)
    rng.shuffle(plain_cards)
    hands: dict[int, dict[int, str]] = {}
    packs: dict[int, dict[int, str]] = {}
    for (kind, q, i), c in zip(hero_places + plain_places, hero_cards + plain_cards):
        if kind == "board":
            state.board[q][i] = c
        else:
            (hands if kind == "hand" else packs).setdefault(q, {})[i] = c
    for q in range(P):
        if q != me:
            state.hands[q] = [hands[q][i] for i in range(view.hand_sizes[q])]
            state.packs[q] = [packs[q][i] for i in range(view.pack_sizes[q])]
    used = set(hero_cards) | set(plain_cards)
    rest = [c for c in pool if c not in used]
    rng.shuffle(rest)
    return rest


def _hero_needs(state: BattleGoatsState, view: BattleGoatsPlayerView, rng: random.Random) -> list[int]:
    """How many Heroes each player holds among its hidden cards: one unless its Hero is known
    (on its battlefield, in its discard pile or, for the viewer, in hand)."""
    heroes = set(state.cards.heroes)
    discards = {c for d in state.discard for c in d}
    taken_back = set(view.defeated) - discards  # captured back into play: not their owner's own Hero
    needs = []
    for q in range(view.players):
        mine = [c for c in state.board[q] if c is not None and c not in taken_back] + state.discard[q]
        if q == view.viewer:
            mine += list(view.hand)
        needs.append(0 if any(c in heroes for c in mine) else 1)
    if taken_back & heroes:  # a captured Hero: the player it came from has none left
        owners = [q for q in range(view.players) if needs[q] and not any(c in taken_back for c in state.board[q])]
        if owners:
            needs[rng.choice(owners)] = 0
    if view.viewer is not None:
        needs[view.viewer] = 0
    return needs


def _pending(pv: PendingView | None) -> dict | None:
    """The engine's attack step from its public view."""
    if pv is None:
        return None
    if pv.stage == "attacker":
        return {"stage": "attacker"}
    if pv.stage == "ending":
        return {"stage": "ending", "voters": list(pv.voters), "votes": list(pv.votes)}
    out: dict[str, Any] = {
        "stage": pv.stage, "attacker": pv.attacker, "card": pv.card, "targets": [list(t) for t in pv.targets],
        "own": pv.own, "dodged": [list(t) for t in pv.dodged], "dodge_queue": [list(t) for t in pv.dodge_queue],
    }
    if pv.opponent is not None:
        out["opponent"] = pv.opponent
    if pv.capture is not None:
        out["capture"] = list(pv.capture)
        out["had_cards"] = list(pv.had_cards)
    return out
