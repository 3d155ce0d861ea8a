"""A full Livestock Uprising state drawn from one seat's view (for searching bots).

``determinize(view, rng)`` rebuilds every public part of the game from ``view`` (a
:class:`~.views.LivestockView`, ``state.player_view(p)``) and draws what the viewer cannot know:
the other players' command-card hands (their sizes are public) and the order of the deck, dealt
from the cards the viewer has not seen (not in its hand, not played), and fresh dice. It never
reads the state the view came from, so a bot searching over such draws cannot peek.

The draw is consistent: ``determinize(view, rng).player_view(view.viewer) == view``, it passes
the invariants and ``load``, and it offers the viewer the same legal actions. Every deal of the
unseen cards is possible (uniform over them). A spectator's view (``viewer`` None) redraws every
hand.
"""
from __future__ import annotations

import random

from ..core.rng import Dice
from . import data as D
from .battle import Battle
from .board import BONUS_KEYS, GENERAL_STATUS_NAMES, SPECIAL_FORCE_STATE_NAMES
from .state import LivestockState
from .views import LivestockView

__all__ = ["determinize"]


def _rng(rng: random.Random | int) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def determinize(view: LivestockView, rng: random.Random | int) -> LivestockState:
    """A complete state consistent with ``view``, its hidden parts drawn with ``rng`` (a
    ``random.Random`` or a seed): other hands and the deck from the unseen cards, new dice."""
    rng = _rng(rng)
    s = LivestockState.__new__(LivestockState)
    P = s.players = view.players
    n = s.size = view.size
    s.factions = [D.FACTION_KEYS.index(f) for f in view.factions]
    s._init_caches()
    cells = [sq for row in view.board for sq in row]
    s.terrain = [D.UNPLACED if sq.terrain is None else D.TERRAIN_KEYS.index(sq.terrain) for sq in cells]
    pool = D.tiles_for(P)
    if view.phase == "barn":  # the tiles still to lay: the game's tiles less those on the board
        for t in s.terrain:
            if 0 <= t < D.BARN:
                pool.remove(t)
        s.tile_pool = pool
    else:
        s.tile_pool = []
    s.barn_of = [-1] * (n * n)
    s.barn_cell = [-1] * P
    for c, sq in enumerate(cells):
        if sq.barn_of is not None:
            s.barn_of[c] = sq.barn_of
            s.barn_cell[sq.barn_of] = c
    cell_of = s._cell_by_name
    s.general_cell = [-1 if g.square is None else cell_of[g.square] for g in view.generals]
    s.occupant = [-1] * (n * n)
    for slot, c in enumerate(s.general_cell):
        if c >= 0 and s.terrain[c] != D.BARN:
            s.occupant[c] = slot
    s.general_status = [GENERAL_STATUS_NAMES.index(g.status) for g in view.generals]
    s.armies = [[D.UNIT_CODE[u] for u in g.units] for g in view.generals]
    s.steps = [g.steps for g in view.generals]
    s.done = [int(g.done) for g in view.generals]
    s.harvested = [int(g.harvested) for g in view.generals]
    s.tokens = [list(t) for t in view.tokens]
    s.token_supply = list(view.token_supply)
    s.troop_stock = list(view.troop_supply)
    s.special_force_state = [SPECIAL_FORCE_STATE_NAMES.index(v) for v in view.special_forces]
    _deal_cards(s, view, rng)
    s.super_army = [int(v) for v in view.super_army]
    s.alive = [int(v) for v in view.alive]
    s._winners = list(view.winners)
    s.phase = view.phase
    s.resume_phase = view.resume_phase
    s.turn = view.turn_player
    s.first_player = view.first_player
    s.round = view.rounds_played
    s.max_rounds = view.max_rounds
    s.transfers_left = view.transfers_left
    s.marshal_locked = int(view.marshal_locked)
    s.has_acted = int(view.has_acted)
    s.bonuses = dict(zip(BONUS_KEYS, (view.attack_bonus, view.overrun, view.harvest_bonus)))
    s.battle = _battle(s, view)
    s.dice = Dice(rng.randrange(2**31))
    s._legal = None
    return s


def _deal_cards(s: LivestockState, view: LivestockView, rng: random.Random) -> None:
    """The viewer's hand and the played cards as the view says; the cards the viewer has not seen
    shuffled into the other hands (public sizes) and the deck."""
    code = {k: i for i, k in enumerate(D.CARD_KEYS)}
    s.played = [code[k] for k in view.played]
    me = view.viewer
    own = [code[k] for k in view.hand]
    known = set(s.played) | set(own)
    unseen = [c for c in range(len(D.CARDS)) if c not in known]
    rng.shuffle(unseen)
    s.hands = []
    k = 0
    for p in range(view.players):
        if p == me:
            s.hands.append(own)
            continue
        size = view.hand_sizes[p]
        s.hands.append(sorted(unseen[k:k + size]))
        k += size
    s.deck = unseen[k:]
    if len(s.deck) != view.deck_size:
        raise ValueError(f"the view counts {view.deck_size} cards in the deck but {len(s.deck)} are unaccounted for")


def _battle(s: LivestockState, view: LivestockView) -> Battle | None:
    bv = view.battle
    if bv is None:
        return None
    slot = s._slot_by_name
    to = s._cell_by_name[bv.square]
    return Battle(
        attacker=slot[bv.attacker], from_cell=s._cell_by_name[bv.preview.frm], to_cell=to,
        defenders=[slot[d] for d in bv.defenders], in_barn=s.terrain[to] == D.BARN, stage=bv.stage,
        decider=bv.decider, attack_bonus=bv.preview.attack_bonus, overrun=bv.overrun,
        card=-1 if bv.card is None else D.CARD_KEYS.index(bv.card), loser=bv.loser,
        casualties_left=bv.casualties_left, must_retreat=bv.must_retreat,
    )
