"""Space Pigs bots that use only the public engine interface.

``RandomBot`` (from :mod:`livestock_notebooks.core.bots`) picks uniformly; :class:`GreedyBot` plays a
simple plan: settle planets its recipe needs, attack only with the odds in its favour, keep its
technology total low, flee when outnumbered, vote for itself when it can win.
"""
from __future__ import annotations

import random

from ..core.bots import RandomBot
from ..odds import Pigs, round_odds
from .actions import (
    AnswerExchange, CallVoter, ChooseMarker, Deploy, Discard, Done, Flee, Fly, GiveMarker, Land, Load, MakeHog,
    MoveAliens, OfferExchange, PlaceAliens, PlayCard, Stand, StartPlanet, Stay, UsePower, Vote,
)
from .data import CARDS

__all__ = ["RandomBot", "GreedyBot"]

COLOUR_INDEX = {"red": 0, "yellow": 1, "blue": 2}


class GreedyBot:
    """A sensible heuristic player (deterministic for a given seed)."""

    name = "Greedy"

    def __init__(self, seed: int | None = 0):
        self._random = random.Random(seed)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _need(state, p: int, h: int) -> int:
        """How much ``p``'s recipe wants hex ``h`` (0 = not at all)."""
        info = state.hexes[h]
        if info["colour"] is None or info["face_down"]:
            return 0
        need = state.recipe(p)[COLOUR_INDEX[info["colour"]]]
        have = sum(1 for x in state._held_hexes(p)
                   if state.hexes[x]["colour"] == info["colour"])
        return max(0, need - have) * (2 if info["kind"] == "double planet" else 1)

    @staticmethod
    def _troops(state, h: int, who: int | None = None) -> int:
        total = 0
        for occ in state.troops_on(h):
            if "player" in occ:
                if who is None or occ["player"] == who:
                    total += occ["piglets"] + occ["hogs"]
            elif who is None:
                total += occ["count"]
        return total

    # ------------------------------------------------------------------ choose
    def choose(self, state):
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        p = state.current_player
        seq = state.sequence
        by_type: dict[type, list] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)

        if StartPlanet in by_type:
            return max(by_type[StartPlanet], key=lambda a: (self._need(state, p, a.hex), -a.hex))
        if AnswerExchange in by_type:
            return AnswerExchange(p, -1)
        if GiveMarker in by_type:
            mine = [a for a in by_type[GiveMarker] if a.to == p]
            if mine:
                return mine[0]
            return min(by_type[GiveMarker], key=lambda a: state.strength(a.to))
        if MakeHog in by_type:
            return by_type[MakeHog][0]
        if Deploy in by_type:
            # reinforce the hex with the most enemies around it
            def threat(a):
                return sum(self._troops(state, j) - self._troops(state, j, p) for j in state.adj()[a.hex])
            return max(by_type[Deploy], key=lambda a: (a.hog, threat(a), -a.hex))
        if PlaceAliens in by_type:
            mine = set(state._own_hexes(p))
            return max(by_type[PlaceAliens],
                       key=lambda a: (min([_dist(state, a.hex, m) for m in mine] or [9]), -a.hex))
        if ChooseMarker in by_type:
            return max(by_type[ChooseMarker], key=lambda a: a.value)
        if state.combat is not None:
            return self._combat(state, p, legal, by_type)
        if seq in ("2B", "2X"):
            return self._travel(state, p, legal, by_type)
        if MoveAliens in by_type:
            def score(a):
                dst = state.troops_on(a.dst)
                enemy = [o for o in dst if o.get("player") not in (None, p)]
                return (bool(enemy), -sum(o["piglets"] + o["hogs"] for o in enemy), -a.dst)
            best = max(by_type[MoveAliens], key=score)
            if score(best)[0]:
                return best
            return Done(p)
        if Stand in by_type:
            gov = state.governors
            return Stand(p, gov[p] >= max(gov)) if Stand(p, True) in legal else by_type[Stand][0]
        if Vote in by_type:
            votes = [a for a in by_type[Vote] if a.candidate == p]
            if votes:
                return votes[0]
            return max(by_type[Vote], key=lambda a: (state.governors[a.candidate], -a.candidate))
        if CallVoter in by_type:
            return by_type[CallVoter][0]
        if PlayCard in by_type and seq in ("1B", "4B", "1A"):
            return by_type[PlayCard][0]
        for t in (Done, Stay):
            if t in by_type:
                return by_type[t][0]
        safe = [a for a in legal if not isinstance(a, (Discard, OfferExchange, UsePower))]
        return (safe or legal)[0]

    def _combat(self, state, p, legal, by_type):
        cb = state.combat
        h = cb.hex
        if PlayCard in by_type:
            played = cb.defender_cards if p == cb.defender else cb.attacker_cards
            tech = sum(CARDS[c].tech for c in played if CARDS[c].kind == "combat") if isinstance(played, list) else 0
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
            mine = self._troops(state, h, p)
            others = self._troops(state, h) - mine
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

    def _travel(self, state, p, legal, by_type):
        trip = state.trip
        if trip is not None:
            flies = by_type.get(Fly, [])
            loads = by_type.get(Load, [])
            aboard = trip["p"] + trip["h"]
            if loads and trip["hops"] == 0:
                # keep one troop at home if it is a planet we hold
                left = self._troops(state, trip["src"], p)
                if left > 1:
                    return max(loads, key=lambda a: a.hog)
            if flies:
                def value(a):
                    enemy = self._troops(state, a.hex) - self._troops(state, a.hex, p)
                    need = self._need(state, p, a.hex)
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
                return (self._troops(state, a.hex, p), a.hog, -a.hex)
            best = max(loads, key=size)
            targets = [j for j in state.adj()[best.hex] if state.owner(j) != p and state.hexes[j]["kind"] != "sun"]
            if targets and self._troops(state, best.hex, p) >= 2:
                return best
        return Done(p)


def _dist(state, a: int, b: int) -> int:
    ha, hb = state.hexes[a], state.hexes[b]
    dq, dr = ha["q"] - hb["q"], ha["r"] - hb["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
