"""Space Pigs bots that decide from what their seat may know.

``RandomBot`` (from :mod:`livestock_notebooks.core.bots`) picks uniformly; :class:`GreedyBot`
plays a simple plan: settle planets its recipe needs, attack only with the odds in its favour,
keep its technology total low, flee when outnumbered, vote for itself when it can win. It reads
the position from ``state.player_view(its seat)`` (the typed view: other hands and secrets
hidden) and the map's public geometry (``state.adj()``); the engine's legal actions are its
options.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.bots import RandomBot
from ..odds import Pigs, round_odds
from .actions import (
    AnswerExchange, CallVoter, ChooseHex, ChooseMarker, ChoosePlayer, Deploy, Discard, Done, Flee, Fly, GiveMarker, Land, Load, MakeHog,
    MoveAliens, OfferExchange, PlaceAliens, PlayCard, Stand, StartPlanet, Stay, UsePower, Vote,
)
from .data import CARDS
from .views import SpacePigsPlayerView

__all__ = ["RandomBot", "GreedyBot"]

COLOUR_INDEX = {"r": 0, "y": 1, "b": 2}


def _troops(view: SpacePigsPlayerView, h: int, who: int | None = None) -> int:
    """Troops (and aliens, when ``who`` is None) on hex ``h``; of ``who`` only if given."""
    return sum(o.count for o in view.hexes[h].occupants if who is None or o.who == who)


def _held(view: SpacePigsPlayerView, p: int) -> list[int]:
    """The hexes ``p`` holds alone."""
    return [x.index for x in view.hexes if len(x.occupants) == 1 and x.occupants[0].who == p]


def _strength(view: SpacePigsPlayerView, p: int) -> int:
    """Troop strength as the order of play counts it: piglets 1, hogs 2."""
    return sum(o.piglets + 2 * o.hogs for x in view.hexes for o in x.occupants if o.who == p)


def _dist(view: SpacePigsPlayerView, a: int, b: int) -> int:
    ha, hb = view.hexes[a], view.hexes[b]
    dq, dr = ha.q - hb.q, ha.r - hb.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class GreedyBot:
    """A sensible heuristic player (deterministic for a given seed)."""

    name = "Greedy"

    def __init__(self, seed: int | None = 0):
        self._random = random.Random(seed)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _need(view: SpacePigsPlayerView, p: int, h: int) -> int:
        """How much ``p``'s recipe wants hex ``h`` (0 = not at all)."""
        x = view.hexes[h]
        clan = view.clans[p]
        if x.face_down or x.colour not in COLOUR_INDEX or clan.recipe is None:
            return 0
        need = clan.recipe[COLOUR_INDEX[x.colour]] + (clan.seventh == x.colour)
        have = sum(1 for j in _held(view, p) if view.hexes[j].colour == x.colour)
        return max(0, need - have) * (2 if x.kind == "D" else 1)

    # ------------------------------------------------------------------ choose
    def choose(self, state):
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        p = state.current_player
        view = state.player_view(p)
        seq = view.sequence
        by_type: dict[type, list[Any]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)

        if ChooseHex in by_type or ChoosePlayer in by_type:  # the targets of a card or power being played
            return (by_type.get(ChooseHex) or by_type[ChoosePlayer])[0]
        if StartPlanet in by_type:
            return max(by_type[StartPlanet], key=lambda a: (self._need(view, p, a.hex), -a.hex))
        if AnswerExchange in by_type:
            return AnswerExchange(p, -1)
        if GiveMarker in by_type:
            mine = [a for a in by_type[GiveMarker] if a.to == p]
            if mine:
                return mine[0]
            return min(by_type[GiveMarker], key=lambda a: _strength(view, a.to))
        if MakeHog in by_type:
            return by_type[MakeHog][0]
        if Deploy in by_type:
            adj = state.adj()

            # reinforce the hex with the most enemies around it
            def threat(a):
                return sum(_troops(view, j) - _troops(view, j, p) for j in adj[a.hex])
            return max(by_type[Deploy], key=lambda a: (a.hog, threat(a), -a.hex))
        if PlaceAliens in by_type:
            own = [x.index for x in view.hexes if x.occupant(p) is not None]
            return max(by_type[PlaceAliens],
                       key=lambda a: (min([_dist(view, a.hex, m) for m in own] or [9]), -a.hex))
        if ChooseMarker in by_type:
            return max(by_type[ChooseMarker], key=lambda a: a.value)
        if view.combat is not None:
            return self._combat(view, p, legal, by_type)
        if seq in ("2B", "2X"):
            return self._travel(state, view, p, legal, by_type)
        if MoveAliens in by_type:
            def score(a):
                enemy = [o for o in view.hexes[a.dst].occupants if not o.is_alien and o.who != p]
                return (bool(enemy), -sum(o.count for o in enemy), -a.dst)
            best = max(by_type[MoveAliens], key=score)
            if score(best)[0]:
                return best
            return Done(p)
        gov = [c.governors for c in view.clans]
        if Stand in by_type:
            return Stand(p, gov[p] >= max(gov)) if Stand(p, True) in legal else by_type[Stand][0]
        if Vote in by_type:
            votes = [a for a in by_type[Vote] if a.candidate == p]
            if votes:
                return votes[0]
            return max(by_type[Vote], key=lambda a: (gov[a.candidate], -a.candidate))
        if CallVoter in by_type:
            return by_type[CallVoter][0]
        if PlayCard in by_type and seq in ("1B", "4B", "1A"):
            return by_type[PlayCard][0]
        for t in (Done, Stay):
            if t in by_type:
                return by_type[t][0]
        safe = [a for a in legal if not isinstance(a, (Discard, OfferExchange, UsePower))]
        return (safe or legal)[0]

    def _combat(self, view: SpacePigsPlayerView, p: int, legal: list, by_type: dict[type, list[Any]]):
        cb = view.combat
        assert cb is not None
        if PlayCard in by_type:
            played = cb.cards_of(p) or ()
            tech = sum(CARDS[c].tech for c in played if CARDS[c].kind == "combat")
            attacking = p == cb.attacker
            best = None
            for a in by_type[PlayCard]:
                c = CARDS[a.card]
                gain = (c.attack if attacking else c.defense) if c.kind == "combat" else c.value
                if c.kind == "combat" and tech + c.tech > 2:
                    continue
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, a)
            if best is not None and len(played) < 2:
                return best[1]
            return Done(p)
        if Flee in by_type or any(isinstance(a, UsePower) and a.power == "flee_first" for a in legal):
            mine = _troops(view, cb.hex, p)
            others = _troops(view, cb.hex) - mine
            if mine * 2 < others:
                flee = [a for a in legal if isinstance(a, Flee) or (isinstance(a, UsePower) and a.power == "flee_first")]
                return flee[0]
            return Stay(p)
        powers = [a for a in legal if isinstance(a, UsePower)]
        for a in powers:
            if a.power == "win_tie":
                return a
            if a.power == "tech_adjust" and a.arg == -1 and 6 <= cb.tech <= 6:
                return a
        return Done(p) if Done(p) in legal else legal[0]

    def _travel(self, state, view: SpacePigsPlayerView, p: int, legal: list, by_type: dict[type, list[Any]]):
        trip = view.trip
        if trip is not None:
            flies = by_type.get(Fly, [])
            loads = by_type.get(Load, [])
            aboard = trip.piglets + trip.hogs
            if loads and trip.hops == 0:
                # keep one troop at home if it is a planet we hold
                left = _troops(view, trip.source, p)
                if left > 1:
                    return max(loads, key=lambda a: a.hog)
            if flies:
                def value(a):
                    enemy = _troops(view, a.hex) - _troops(view, a.hex, p)
                    need = self._need(view, p, a.hex)
                    if enemy == 0:
                        return (2 + need, -a.hex)
                    odds = round_odds(Pigs(aboard, 0), Pigs(max(enemy, 1), 0))[0]
                    return ((1 + need) * float(odds) * 2 - 1, -a.hex)
                return max(flies, key=value)
            if Land in by_type:
                return by_type[Land][0]
            return legal[0]
        loads = by_type.get(Load, [])
        if loads:
            # travel from the hex with the most troops, if a neighbour is worth taking
            def size(a):
                return (_troops(view, a.hex, p), a.hog, -a.hex)
            best = max(loads, key=size)
            targets = [j for j in state.adj()[best.hex]
                       if view.hexes[j].holder != p and view.hexes[j].kind != "S"]
            if targets and _troops(view, best.hex, p) >= 2:
                return best
        return Done(p) if Done(p) in legal else legal[0]
