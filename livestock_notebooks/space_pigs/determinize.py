"""A possible world for one seat: :func:`determinize` builds a complete game of Space Pigs from
what a seat sees (its :class:`~.views.SpacePigsPlayerView`) and nothing else, dealing every secret
of the other seats again at random. Bots that search draw the states they play out with it.

The secrets dealt (the same ones :meth:`~.hidden.HiddenMixin.redraw_hidden` redraws):

- the cards the seat has not seen: the other hands, the other side's face-down combat cards
  (only cards that may be played in that combat), the draw pile and the discard pile; a card
  offered in an exchange stays where the partners know it is, and one the seat does not know is
  a card of the giver's hand;
- the other clans' sacred recipes (full game: each a recipe not already drawn) and
  seventh-planet acorns;
- the travel markers the others chose face down (among the markers they have left);
- the tiles of face-down hexes, of the hex piles and of a hex another seat drew, within each
  pile family;
- the dice to come (seeded from ``rng``).

Every draw is uniform among the worlds the view allows, so over many draws each possibility
appears.

>>> import random
>>> from livestock_notebooks import space_pigs as sp
>>> state = sp.new_game(players=4, seed=2)
>>> world = determinize(state.player_view(0), random.Random(5))
>>> world.player_view(0) == state.player_view(0)
True
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from ..core.rng import Dice
from .data import CARDS, FULL_DECK, RECIPES, simple_deck
from .state import SpacePigsState
from .views import SpacePigsPlayerView

__all__ = ["determinize"]


def determinize(view: SpacePigsPlayerView, rng: random.Random) -> SpacePigsState:
    """A full state whose ``player_view(view.viewer)`` equals ``view``, with everything the viewer
    may not know drawn from ``rng`` (see the module docstring). Raises ``ValueError`` when the
    view does not fit together (a view of another game, or one edited by hand)."""
    if not isinstance(view, SpacePigsPlayerView) or not view.known:
        raise ValueError("determinize needs a Space Pigs player view (state.player_view(seat))")
    d: dict[str, Any] = json.loads(view.known)
    viewer = d.pop("viewer")
    _deal_cards(d, viewer, rng)
    _deal_clan_secrets(d, viewer, rng)
    _deal_tiles(d, view, rng)
    d["dice"] = Dice(rng.getrandbits(62)).to_dict()
    choices = d["choice"]
    d["choice"] = [c if isinstance(c, int) else 0 for c in choices]
    state = SpacePigsState.from_dict(d, check=False)
    for q, c in enumerate(choices):
        if not isinstance(c, int):  # chosen face down: one of the markers q has left
            state.choice[q] = rng.choice(sorted(set(state._markers_left(q))))
    return state


def _deal_cards(d: dict, viewer: int | None, rng: random.Random) -> None:
    pool = Counter(FULL_DECK if d["rules"] == "full" else simple_deck())
    hands: list = d["hands"]
    if viewer is not None:
        pool.subtract(hands[viewer])
    cb = d["cb"]
    revealed: list[int] = []  # revealed combat cards: in the discard pile as well
    hidden_combat: list[str] = []
    if cb is not None:
        for key in ("acards", "dcards"):
            if isinstance(cb[key], int):
                hidden_combat.append(key)
            else:  # seen: the viewer's own, or revealed
                pool.subtract(cb[key])
                if cb["revealed"]:
                    revealed += cb[key]
    offered = None
    offer = d["offer"]
    if offer is not None and offer[2] != "?" and offer[0] != viewer:
        offered = offer[2]  # known to be in the giver's hand
        pool.subtract([offered])
    if any(n < 0 for n in pool.values()):
        raise ValueError("the view shows a card twice")
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    for key in hidden_combat:  # the face-down cards: only cards that may be played in this combat
        picks: list[int] = []
        for _ in range(cb[key]):
            i = next((i for i, c in enumerate(cards) if _playable(c, cb["seq"])), None)
            if i is None:
                raise ValueError("no card left that may be played in this combat")
            picks.append(cards.pop(i))
        cb[key] = picks
    for q, hand in enumerate(hands):
        if q == viewer:
            continue
        dealt = [offered] if offered is not None and offer[0] == q else []
        hands[q] = dealt + [cards.pop() for _ in range(hand - len(dealt))]
        rng.shuffle(hands[q])
    if offer is not None and offer[2] == "?":  # a card of the giver's hand the viewer has not seen
        offer[2] = rng.choice(hands[offer[0]])
    unknown = d["discard"] - len(revealed)
    if unknown < 0 or unknown + d["deck"] != len(cards):
        raise ValueError("the view's card counts do not add up")
    d["discard"] = [cards.pop() for _ in range(unknown)] + revealed
    d["deck"] = cards


def _playable(card: int, seq: str) -> bool:
    c = CARDS[card]
    return seq in ("3A", "3C") if c.kind == "combat" else c.sequence == seq


def _deal_clan_secrets(d: dict, viewer: int | None, rng: random.Random) -> None:
    recipes = d["recipes"]
    if any(r is None for r in recipes):
        left = [list(r) for r in RECIPES if list(r) not in [x for x in recipes if x is not None]]
        rng.shuffle(left)
        d["recipes"] = [r if r is not None else left.pop() for r in recipes]
    acorns = Counter({c: 10 for c in "ryb"})
    if viewer is not None and d["seventh"][viewer] is not None:
        acorns.subtract(d["seventh"][viewer])
    bag = sorted(acorns.elements())
    rng.shuffle(bag)
    d["seventh"] = [bag.pop() if c == "?" else c for c in d["seventh"]]


def _deal_tiles(d: dict, view: SpacePigsPlayerView, rng: random.Random) -> None:
    unseen = dict(view.unseen_tiles)
    drawn = d["drawn"]
    for family, known_tiles in unseen.items():
        tiles = list(known_tiles)
        rng.shuffle(tiles)
        for h, hidden in enumerate(d["hid"]):
            if hidden and d["fam"][h] == family:
                tile = tiles.pop()
                d["kind"][h], d["col"][h] = tile[0], tile[1:]
        if drawn is not None and drawn[2] == "?" and drawn[1] == family:
            drawn[2] = tiles.pop()
        if family in d["piles"]:
            if len(tiles) != d["piles"][family]:
                raise ValueError(f"the view's {family} pile does not add up")
            d["piles"][family] = tiles
        elif tiles:
            raise ValueError(f"the view's {family} tiles do not add up")
