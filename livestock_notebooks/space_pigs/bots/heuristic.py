"""Space Pigs bots that decide from what their seat may know.

``RandomBot`` (from :mod:`livestock_notebooks.core.bots`) picks uniformly; :class:`GreedyBot`
plays for its sacred recipe: it spreads out to the planets of the colours it still lacks
(stepping over asteroids towards them), attacks when the exact combat odds favour it, picks the
smallest travel marker that covers the trips it can use, plays its event cards in their sequence
(colonists, convoys, governors, serum, Extra-Mouve, ship cards, Acorn Festival, the election
cards), trades its weakest card inside its faction, weighs the technology wipeout line (it pushes
the total to 6 only when the wipe costs the other side more troops than it costs itself) and,
as Royal Pig, hands colonists to itself and its allies and sends aliens at the leader.

It reads the position from ``state.player_view(its seat)`` only (the typed view: other hands,
recipes and markers hidden) and the map's public geometry (``state.adj()``); the engine's legal
actions are its options.
"""
from __future__ import annotations

import functools
import random
from collections import deque
from typing import Any

from ...core.bots import RandomBot
from ...odds import Pigs, space_pigs_combat, tech_wipeout_two_sided
from ...odds.space_pigs_tech import default_tech_deck
from ..actions import (
    AnswerExchange, CallVoter, ChooseHex, ChooseMarker, ChoosePlayer, Deploy, Discard, Done, Flee, Fly, GiveMarker, Land, Load, MakeHog,
    MoveAliens, OfferExchange, PlaceAliens, PlayCard, Stand, StartPlanet, Stay, UsePower, Vote,
)
from ..data import CARDS
from ..views import WORM, SpacePigsPlayerView

__all__ = ["RandomBot", "GreedyBot"]

COLOUR_INDEX = {"r": 0, "y": 1, "b": 2}
#: how much the bot values holding an event card, by effect (combat cards: by their bonus)
EVENT_WORTH = {"colonists": 3.0, "extra_trip": 3.0, "teleport": 2.5, "range": 2.0, "boots": 2.0, "draw": 2.0,
               "hog": 2.0, "self_bonus": 2.0, "enemy_malus": 2.0, "governors": 1.5, "swap_planets": 0.5,
               "festival": 1.0, "bar_candidate": 1.0, "vote_error": 1.0, "control_aliens": 1.0}


def _troops(view: SpacePigsPlayerView, h: int, who: int | None = None) -> int:
    """Troops (and aliens, when ``who`` is None) on hex ``h``; of ``who`` only if given."""
    return sum(o.count for o in view.hexes[h].occupants if who is None or o.who == who)


def _memo(view: SpacePigsPlayerView) -> dict:
    """What the bots worked out from ``view`` so far (a view never changes, so a value read
    from it holds as long as it lives), kept with the view outside its fields."""
    got = view.__dict__.get("_bots_memo")
    if got is None:
        got = view.__dict__["_bots_memo"] = {}
    return got


def _tally(view: SpacePigsPlayerView) -> tuple[dict[int, list[int]], dict[int, int]]:
    """By occupant (player or alien code): the hexes it holds alone, in hex order, and its troop
    strength; one pass over the map for every seat, kept with the view (:func:`_memo`)."""
    memo = _memo(view)
    got = memo.get("tally")
    if got is None:
        held: dict[int, list[int]] = {}
        strength: dict[int, int] = {}
        for x in view.hexes:
            occupants = x.occupants
            if len(occupants) == 1:
                held.setdefault(occupants[0].who, []).append(x.index)
            for o in occupants:
                strength[o.who] = strength.get(o.who, 0) + o.piglets + 2 * o.hogs
        got = memo["tally"] = (held, strength)
    return got


def _held(view: SpacePigsPlayerView, p: int) -> list[int]:
    """The hexes ``p`` holds alone."""
    return list(_tally(view)[0].get(p, ()))


def _strength(view: SpacePigsPlayerView, p: int) -> int:
    """Troop strength as the order of play counts it: piglets 1, hogs 2."""
    return _tally(view)[1].get(p, 0)


def _dist(view: SpacePigsPlayerView, a: int, b: int) -> int:
    ha, hb = view.hexes[a], view.hexes[b]
    dq, dr = ha.q - hb.q, ha.r - hb.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _acorns_of(view: SpacePigsPlayerView, h: int) -> int:
    x = view.hexes[h]
    return 2 if x.kind == "D" else 1 if x.kind == "P" else 0


def _production(view: SpacePigsPlayerView, p: int) -> list[int]:
    """The acorns ``p`` would produce now (planets held alone)."""
    memo = _memo(view)
    got = memo.get(("production", p))
    if got is None:
        out = [0, 0, 0]
        for h in _held(view, p):
            x = view.hexes[h]
            if x.colour in COLOUR_INDEX:
                out[COLOUR_INDEX[x.colour]] += _acorns_of(view, h)
        got = memo[("production", p)] = tuple(out)
    return list(got)


@functools.lru_cache(maxsize=4096)
def _attack_odds(piglets: int, hogs: int, defender: Pigs) -> float:
    """The exact chance an attack by ``piglets`` and ``hogs`` (no flight) wins against ``defender``
    (remembered: bots ask the same few questions again and again)."""
    return float(space_pigs_combat(Pigs(piglets, hogs, 0), defender, attacker_flee_at=None).attacker)


@functools.lru_cache(maxsize=1024)
def _wipe_odds(techs: tuple[int, ...], foe_cards: int) -> float:
    """The chance of a technology wipeout when one side plays cards of technology ``techs`` and the
    other ``foe_cards`` cards from the deck (remembered, as :func:`_attack_odds`)."""
    return float(tech_wipeout_two_sided(default_tech_deck(), None, foe_cards, attacker_hand=list(techs)).wipeout)


def _card_worth(card: int) -> float:
    c = CARDS[card]
    if c.kind == "combat":
        return max(c.attack, c.defense) - 0.5 * c.tech
    return EVENT_WORTH.get(c.effect, 1.0)


def _leader(view: SpacePigsPlayerView, p: int) -> int:
    """The other player closest to a recipe, by the acorns it produces now (public)."""
    memo = _memo(view)
    got = memo.get(("leader", p))
    if got is None:
        others = [q for q in range(view.players) if q != p and not view.clans[q].out]
        if not others:
            got = (p + 1) % view.players
        else:
            got = max(others, key=lambda q: (sum(_production(view, q)), _strength(view, q), -q))
        memo[("leader", p)] = got
    return got


#: the distances to a set of goals already worked out (:meth:`_Plan._distances`), by the map's
#: neighbour lists (kept alive with them, checked by identity) and the goals
_DISTANCES: dict[tuple, tuple[list, list[int]]] = {}
_MOST_DISTANCES = 5000  # then they start again (a few MB at most)


class _Plan:
    """What the bot reads once per decision: its seat, the view, the map, its recipe's gaps."""

    def __init__(self, state, view: SpacePigsPlayerView, p: int):
        self.view, self.p = view, p
        self.adj: list[list[int]] = state.adj()
        clan = view.clans[p]
        need = [0, 0, 0]
        if clan.recipe is not None:
            need = list(clan.recipe)
            if clan.seventh in COLOUR_INDEX:
                need[COLOUR_INDEX[clan.seventh]] += 1
        self.held = set(_held(view, p))
        have = _production(view, p)
        self.gap = [max(0, need[i] - have[i]) for i in range(3)]
        self.leader = _leader(view, p)
        self.wanted = [x.index for x in view.hexes if self.gain(x.index) > 0.5]
        self._far = self._distances(self.wanted)

    def gain(self, h: int) -> float:
        """What taking hex ``h`` is worth: acorns the recipe still lacks (plus a little for any planet)."""
        x = self.view.hexes[h]
        if x.face_down:
            return 0.4
        if x.colour not in COLOUR_INDEX or h in self.held:
            return 0.0
        a = _acorns_of(self.view, h)
        return 2.0 * min(a, self.gap[COLOUR_INDEX[x.colour]]) + 0.25 * a

    def _distances(self, goals: list[int]) -> list[int]:
        """Steps from each hex to the nearest of ``goals`` (99: none reachable), kept for the
        same map and goals (:data:`_DISTANCES`; never changed once made)."""
        key = (id(self.adj), tuple(goals))
        got = _DISTANCES.get(key)
        if got is not None and got[0] is self.adj:
            return got[1]
        if len(_DISTANCES) >= _MOST_DISTANCES:
            _DISTANCES.clear()
        far = [99] * len(self.view.hexes)
        todo = deque(goals)
        for g in goals:
            far[g] = 0
        while todo:
            h = todo.popleft()
            for j in self.adj[h]:
                if far[j] > far[h] + 1:
                    far[j] = far[h] + 1
                    todo.append(j)
        _DISTANCES[key] = (self.adj, far)
        return far

    def distance_to_goal(self, h: int) -> int:
        return self._far[h]

    def enemies(self, h: int) -> int:
        return sum(o.count for o in self.view.hexes[h].occupants if o.who != self.p)

    def threat(self, h: int) -> int:
        """The biggest enemy stack next to ``h``."""
        return max([self.enemies(j) for j in self.adj[h]] or [0])

    def win_chance(self, mine: int, hogs: int, h: int) -> float:
        """The chance ``mine`` troops (``hogs`` of them hogs) landing on ``h`` hold it."""
        x = self.view.hexes[h]
        foes = [o for o in x.occupants if o.who != self.p]
        if not foes:
            return 1.0
        if mine <= 0:
            return 0.0
        o = foes[0]
        if o.is_alien:
            bonus = {-1: min(3, o.count - 1), -2: min(2, o.count - 1), -3: 6}.get(o.who, 0)
            defender = Pigs(max(1, o.count), 1 if o.who in (-2, -3) else 0, bonus)
        else:
            defender = Pigs(o.piglets, o.hogs, 0)
        rest = sum(f.count for f in foes[1:])
        return _attack_odds(mine - min(hogs, mine), min(hogs, mine), defender) * (0.7 if rest else 1.0)

    def may_attack(self, h: int, troops: int, hogs: int) -> bool:
        """Whether ``troops`` may land on the enemies at ``h`` (not on turn 1; good odds)."""
        return self.view.turn >= 2 and self.win_chance(troops, hogs, h) >= 0.6

    def keep_at(self, h: int) -> int:
        """Troops to leave on a hex the bot leaves from."""
        x = self.view.hexes[h]
        if x.kind in ("P", "D"):
            return 1 + (self.threat(h) >= 4)
        return 0

    def move_value(self, src: int, dst: int, total: int, hogs: int) -> tuple[float, int]:
        """(value, troops to send) of a trip from ``src`` to ``dst`` with ``total`` troops free."""
        x = self.view.hexes[dst]
        if x.kind == "S":
            return (-1.0, 0)
        spare = total - self.keep_at(src)
        if spare <= 0:
            return (-1.0, 0)
        gain = self.gain(dst)
        foes = self.enemies(dst)
        if foes:
            holder = x.occupants[0].who
            denial = (x.kind in ("P", "D") and holder >= 0 and holder == self.leader
                      and sum(_production(self.view, holder)) >= 4)
            if (gain < 0.5 and not denial) or self.view.turn < 2:  # turn 1: free planets first, nobody wins yet
                return (-1.0, 0)
            chance = self.win_chance(spare, hogs, dst)
            if chance < 0.55:
                return (-1.0, 0)
            send = spare
            for k in range(foes, spare):  # the fewest troops that win it clearly: the rest move on
                if self.win_chance(k, min(hogs, k), dst) >= 0.85:
                    send = k
                    break
            chance = self.win_chance(send, min(hogs, send), dst)
            worth = gain + (1.5 if denial else 0.0) + 0.1 * foes
            return (chance * worth - (1 - chance) * 0.3 * send, send)
        mine_there = _troops(self.view, dst, self.p)
        if gain > 0:
            send = min(spare, max(1, 1 + self.threat(dst) // 2 - mine_there))
            return (gain, send)
        # a stepping stone towards the planets still wanted
        closer = self.distance_to_goal(src) - self.distance_to_goal(dst)
        if closer <= 0 or self.distance_to_goal(dst) >= 99:
            return (-1.0, 0)
        return (0.3 * closer, spare)

    def trips(self, movable: dict[int, tuple[int, int]]) -> list[tuple[float, int, int, int]]:
        """Every worthwhile trip: (value, source, target, troops), best first."""
        out = []
        for src, (total, hogs) in movable.items():
            for dst in self.adj[src]:
                value, send = self.move_value(src, dst, total, hogs)
                if value > 0 and send > 0:
                    out.append((value, src, dst, send))
        out.sort(key=lambda t: (-t[0], t[1], t[2]))
        return out


class GreedyBot:
    """A sensible heuristic player (deterministic for a given seed)."""

    name = "Greedy"
    #: what it reads once per decision (a subclass may read more)
    plan_class: type = _Plan

    def __init__(self, seed: int | None = 0):
        self._random = random.Random(seed)

    # ------------------------------------------------------------------ choose
    def choose(self, state):
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        p = state.current_player
        view = state.player_view(p)
        plan = self.plan_class(state, view, p)
        seq = view.sequence
        by_type: dict[type, list[Any]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)

        if ChooseHex in by_type or ChoosePlayer in by_type:  # the targets of a card or power being played
            return self._targets(plan, by_type)
        if StartPlanet in by_type:
            return max(by_type[StartPlanet], key=lambda a: (self._start_value(plan, a.hex), -a.hex))
        if AnswerExchange in by_type:
            return self._answer(view, p)
        if GiveMarker in by_type:
            return self._give(view, p, by_type[GiveMarker])
        if MakeHog in by_type:
            return by_type[MakeHog][0]
        card = self._event_card(plan, seq, by_type)
        if card is not None:
            return card
        offer = self._offer(view, p, seq, by_type)
        if offer is not None:
            return offer
        if Discard in by_type and seq == "1A":  # clear the hand of cards it will not use before the draw
            junk = [a for a in by_type[Discard] if _card_worth(a.card) < 0.75]
            if junk:
                return junk[0]
        if Deploy in by_type:
            def front(a):
                return (a.hog, plan.threat(a.hex) + 2 * sum(plan.gain(j) > 0.5 for j in plan.adj[a.hex]), -a.hex)
            return max(by_type[Deploy], key=front)
        if PlaceAliens in by_type:
            lead = _leader(view, p)

            def place(a):
                own = [x.index for x in view.hexes if x.occupant(p) is not None]
                theirs = [x.index for x in view.hexes if x.occupant(lead) is not None]
                return (min([_dist(view, a.hex, m) for m in own] or [9])
                        - min([_dist(view, a.hex, m) for m in theirs] or [9]), -a.hex)
            return max(by_type[PlaceAliens], key=place)
        if ChooseMarker in by_type:
            return self._marker(plan, by_type[ChooseMarker])
        if view.combat is not None:
            return self._combat(plan, legal, by_type)
        if seq in ("2B", "2X"):
            return self._travel(plan, legal, by_type)
        if MoveAliens in by_type:
            return self._aliens(view, p, by_type[MoveAliens])
        gov = [c.governors for c in view.clans]
        if Stand in by_type:
            return Stand(p, gov[p] >= max(gov)) if Stand(p, True) in legal else by_type[Stand][0]
        if Vote in by_type:
            return self._vote(view, p, by_type[Vote])
        if CallVoter in by_type:
            return by_type[CallVoter][0]
        for t in (Done, Stay):
            if t in by_type:
                return by_type[t][0]
        safe = [a for a in legal if not isinstance(a, (Discard, OfferExchange, UsePower))]
        return (safe or legal)[0]

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def _start_value(plan: _Plan, h: int) -> float:
        near = sum(plan.gain(j) for j in plan.adj[h] if not plan.enemies(j))
        return plan.gain(h) * 2 + near

    # ------------------------------------------------------------------ cards
    def _event_card(self, plan: _Plan, seq: str, by_type: dict[type, list[Any]]):
        """An event card worth playing now, in the sequence it names (None: none)."""
        if PlayCard not in by_type or plan.view.combat is not None:
            return None
        view, p = plan.view, plan.p
        for a in by_type[PlayCard]:
            eff = CARDS[a.card].effect
            if eff in ("colonists", "draw", "governors", "hog"):
                return a
            if eff == "festival" and any(plan.threat(h) for h in _held(view, p) if view.hexes[h].kind in "PD"):
                return a
            if eff == "control_aliens" and view.royal_pig != p:
                return a
            if eff in ("bar_candidate", "vote_error") and view.election is not None and view.election.stage == "stand":
                if p in view.election.candidates or eff == "vote_error":
                    return a
            if seq in ("2B", "2X") and view.trip is None and view.clans[p].trips > 0:
                ship = view.ship()
                if ship:
                    continue
                if eff == "extra_trip" and plan.trips(self._movable(plan)):
                    return a
                if eff in ("teleport", "range", "boots") and self._ship_target(plan, eff, CARDS[a.card].value) is not None:
                    return a
        return None

    def _targets(self, plan: _Plan, by_type: dict[type, list[Any]]):
        view, p = plan.view, plan.p
        pend = view.pending
        kind = pend.kinds[0] if pend is not None and pend.kinds else ""
        if ChoosePlayer in by_type:
            opts = by_type[ChoosePlayer]
            mine = [a for a in opts if a.target == p]
            if pend is not None and pend.card is not None and CARDS[pend.card].effect == "extra_trip" and mine:
                return mine[0]
            gov = [c.governors for c in view.clans]
            return max(opts, key=lambda a: (a.target != p, gov[a.target], sum(_production(view, a.target)), -a.target))
        opts = by_type[ChooseHex]
        if pend is not None and pend.card is not None and CARDS[pend.card].effect == "hog":
            return max(opts, key=lambda a: (_troops(view, a.hex, p) + plan.threat(a.hex), -a.hex))
        if kind == "own_hex":
            return max(opts, key=lambda a: (plan.threat(a.hex) * (1 + _acorns_of(view, a.hex)), -a.hex))
        return opts[0]

    def _offer(self, view: SpacePigsPlayerView, p: int, seq: str, by_type: dict[type, list[Any]]):
        """In 1A, offer a faction partner the weakest card of the hand, if it is a poor one."""
        if seq != "1A" or OfferExchange not in by_type:
            return None
        worst = min(by_type[OfferExchange], key=lambda a: (_card_worth(a.card), a.partner, a.card))
        return worst if _card_worth(worst.card) < 1.5 else None

    @staticmethod
    def _answer(view: SpacePigsPlayerView, p: int):
        hand = view.clans[p].hand or ()
        offer = view.offer
        if offer is None or offer.card is None or not hand:
            return AnswerExchange(p, -1)
        worst = min(hand, key=lambda c: (_card_worth(c), c))
        return AnswerExchange(p, worst) if _card_worth(offer.card) > _card_worth(worst) else AnswerExchange(p, -1)

    # ------------------------------------------------------------------ politics
    @staticmethod
    def _give(view: SpacePigsPlayerView, p: int, options: list):
        mine = [a for a in options if a.to == p]
        if mine:
            return mine[0]
        f = view.clans[p].faction
        lead = _leader(view, p)

        def favour(a):
            q = a.to
            ally = f >= 0 and view.clans[q].faction == f
            return (ally, q != lead, -sum(_production(view, q)), -_strength(view, q), -q)
        return max(options, key=favour)

    @staticmethod
    def _vote(view: SpacePigsPlayerView, p: int, options: list):
        votes = [a for a in options if a.candidate == p]
        if votes:
            return votes[0]
        gov = [c.governors for c in view.clans]
        lead = _leader(view, p)
        tally = [0] * view.players
        if view.election is not None:
            for voter, cand in view.election.votes:
                tally[cand] += gov[voter]
        # back the likely winner (an ally gets colonists), but not the player nearest a recipe
        return max(options, key=lambda a: (a.candidate != lead, tally[a.candidate] + gov[a.candidate], -a.candidate))

    @staticmethod
    def _aliens(view: SpacePigsPlayerView, p: int, options: list):
        lead = _leader(view, p)

        def score(a):
            if any(o.who == WORM for o in view.hexes[a.src].occupants):
                return (False, False, 0, 0, -a.dst)  # the worm only shrinks the galaxy: let it sleep
            enemy = [o for o in view.hexes[a.dst].occupants if not o.is_alien and o.who != p]
            mine = any(o.who == p for o in view.hexes[a.dst].occupants)
            led = any(o.who == lead for o in enemy)
            return (bool(enemy) and not mine, led, _acorns_of(view, a.dst), -sum(o.count for o in enemy), -a.dst)
        best = max(options, key=score)
        return best if score(best)[0] else Done(p)

    # ------------------------------------------------------------------ travel
    @staticmethod
    def _movable(plan: _Plan) -> dict[int, tuple[int, int]]:
        """Troops free to travel (total, hogs) by hex; during a trip its source counts those aboard."""
        view = plan.view
        out = {}
        for h in range(len(view.hexes)):
            pg, hg, total = view.movable_from(h)
            if total > 0:
                out[h] = (total, hg)
        trip = view.trip
        if trip is not None:
            total, hg = out.get(trip.source, (0, 0))
            out[trip.source] = (total + trip.piglets + trip.hogs, hg + trip.hogs)
        return out

    def _marker(self, plan: _Plan, options: list):
        """The smallest marker that covers the trips worth making this turn (markers cycle)."""
        view, p = plan.view, plan.p
        movable = {}
        for x in view.hexes:
            o = x.occupant(p)
            if o is not None and o.count:
                movable[x.index] = (o.count, o.hogs)
        trips = plan.trips(movable)
        sources: dict[int, int] = {}
        for _, src, _, send in trips:
            sources[src] = sources.get(src, 0) + 1
        wanted = sum(min(n, max(1, movable[s][0] - plan.keep_at(s))) for s, n in sources.items())
        wanted = max(1, min(4, wanted))
        fits = [a for a in options if a.value >= wanted]
        if fits:
            return min(fits, key=lambda a: a.value)
        return max(options, key=lambda a: a.value)

    def _ship_target(self, plan: _Plan, mode: str, reach: int) -> tuple[int, int] | None:
        """(source, target) for a ship card: a wanted hex out of plain reach, or None."""
        view = plan.view
        movable = self._movable(plan)
        if plan.trips(movable) and plan.trips(movable)[0][0] >= 2:
            return None  # a plain trip does as well
        best = None
        for src, (total, hogs) in movable.items():
            spare = total - plan.keep_at(src)
            if spare <= 0:
                continue
            for dst in plan.wanted:
                d = _dist(view, src, dst)
                if d <= 1 or (mode != "teleport" and d > reach):
                    continue
                if plan.enemies(dst) and not plan.may_attack(dst, spare, hogs):
                    continue
                key = (plan.gain(dst), spare, -d, -dst, -src)
                if best is None or key > best[0]:
                    best = (key, src, dst)
        return None if best is None else (best[1], best[2])

    def _travel(self, plan: _Plan, legal: list, by_type: dict[type, list[Any]]):
        view, p = plan.view, plan.p
        trip = view.trip
        loads = by_type.get(Load, [])
        flies = by_type.get(Fly, [])
        movable = self._movable(plan)
        if trip is not None and trip.mode in ("teleport", "range", "boots"):
            return self._ship_trip(plan, trip, loads, flies, by_type)
        if trip is not None:
            options = [t for t in plan.trips(movable) if t[1] == trip.source]
            aboard = trip.piglets + trip.hogs
            if options and trip.hops == 0 and loads and aboard < options[0][3]:
                return max(loads, key=lambda a: a.hog)
            if options and aboard and Fly(p, options[0][2]) in flies:
                return Fly(p, options[0][2])
            if flies and aboard:
                return max(flies, key=lambda a: (plan.move_value(trip.source, a.hex, aboard + 0, trip.hogs)[0], -a.hex))
            if loads and not aboard:
                return loads[0]
            if Land in by_type:
                return by_type[Land][0]
            return legal[0]
        ship = view.ship()
        if ship and loads:
            target = self._ship_target(plan, ship.get("mode", ""), int(ship.get("range", 1)))
            if target is not None:
                pick = [a for a in loads if a.hex == target[0]]
                if pick:
                    return max(pick, key=lambda a: a.hog)
        trips = plan.trips(movable)
        if trips and loads:
            src = trips[0][1]
            pick = [a for a in loads if a.hex == src]
            if pick:
                return max(pick, key=lambda a: a.hog)
        return Done(p) if Done(p) in legal else legal[0]

    def _ship_trip(self, plan: _Plan, trip, loads: list, flies: list, by_type: dict[type, list[Any]]):
        view, p = plan.view, plan.p
        total, hogs = self._movable(plan).get(trip.source, (0, 0))
        target = None
        best = None
        for dst in plan.wanted:
            if dst == trip.source or (trip.mode != "teleport" and _dist(view, trip.position, dst) > 3):
                continue
            if plan.enemies(dst) and not plan.may_attack(dst, max(1, total), hogs):
                continue
            key = (plan.gain(dst), -_dist(view, trip.position, dst), -dst)
            if best is None or key > best:
                best, target = key, dst
        aboard = trip.piglets + trip.hogs
        if trip.hops == 0 and loads and aboard < max(1, total - plan.keep_at(trip.source)):
            return max(loads, key=lambda a: a.hog)
        if target is not None and trip.position == target and Land in by_type:
            return by_type[Land][0]
        if flies:
            goal = target if target is not None else trip.position
            return min(flies, key=lambda a: (_dist(view, a.hex, goal), -plan.gain(a.hex), a.hex))
        if Land in by_type:
            return by_type[Land][0]
        return by_type[Load][0] if Load in by_type else Done(p)

    # ------------------------------------------------------------------ combat
    def _combat(self, plan: _Plan, legal: list, by_type: dict[type, list[Any]]):
        view, p = plan.view, plan.p
        cb = view.combat
        assert cb is not None
        attacking = p == cb.attacker
        foe = cb.defender if attacking else cb.attacker
        mine = _troops(view, cb.hex, p)
        theirs = _troops(view, cb.hex, foe) if foe >= 0 else sum(o.count for o in view.hexes[cb.hex].occupants
                                                                   if o.who == foe)
        if PlayCard in by_type:
            return self._combat_card(plan, cb, attacking, mine, theirs, by_type[PlayCard])
        if Flee in by_type or any(isinstance(a, UsePower) and a.power == "flee_first" for a in legal):
            if mine * 2 < theirs:
                flee = [a for a in legal if isinstance(a, Flee) or (isinstance(a, UsePower) and a.power == "flee_first")]
                return flee[0]
            return Stay(p)
        powers = [a for a in legal if isinstance(a, UsePower)]
        wipe_good = theirs > mine + 1
        for a in powers:
            if a.power == "win_tie":
                return a
            if a.power == "tech_adjust":
                if a.arg == -1 and cb.tech == 6 and not wipe_good:
                    return a
                if a.arg == 1 and cb.tech == 5 and wipe_good:
                    return a
        return Done(p) if Done(p) in legal else legal[0]

    @staticmethod
    def _combat_card(plan: _Plan, cb, attacking: bool, mine: int, theirs: int, options: list):
        """Play the card that best improves the expected result, weighing the wipeout line: a
        wipe (technology total 6 or more) kills everyone on the hex, good only when the other
        side loses more troops than this one."""
        p = plan.p
        played = list(cb.cards_of(p) or ())
        if len(played) >= 2:
            return Done(p)
        foe_cards = cb.defender_card_count if attacking else cb.attacker_card_count
        my_bonus = sum((CARDS[c].attack if attacking else CARDS[c].defense) if CARDS[c].kind == "combat"
                       else CARDS[c].value for c in played)
        # the other side has not chosen yet when we defend: count on one card from it
        foe_guess = foe_cards if attacking else max(foe_cards, 1)

        def wipe(cards: list[int]) -> float:
            techs = [CARDS[c].tech for c in cards if CARDS[c].kind == "combat"]
            if sum(techs) == 0 and foe_guess == 0:
                return 0.0
            return _wipe_odds(tuple(techs), foe_guess)

        # a wipe kills everyone on the hex: worth it only when the other side is much bigger
        wiped = float(theirs - mine) if theirs >= mine + 3 else -float(mine + 1)

        def utility(cards: list[int], bonus: int) -> float:
            edge = bonus - 1.5 * foe_guess  # the other side's cards, on average
            lead = (mine - theirs) + edge
            hold = 1 / (1 + 2.718 ** (-0.6 * lead))
            w = wipe(cards)
            return (1 - w) * (hold * theirs - (1 - hold) * mine) + w * wiped

        base = utility(played, my_bonus)
        best = None
        for a in options:
            c = CARDS[a.card]
            gain = (c.attack if attacking else c.defense) if c.kind == "combat" else c.value
            u = utility(played + [a.card], my_bonus + gain) - 0.15 * _card_worth(a.card)
            if u > base + 0.05 and (best is None or u > best[0]):
                best = (u, a)
        return best[1] if best is not None else Done(p)
