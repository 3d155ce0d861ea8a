"""The strong Space Pigs bot's own heuristic, :class:`StrongPolicy`: the greedy bot with the
changes that beat greedy bots.

- It plays for its recipe only: a planet of a colour its planets already make enough of is worth
  nothing to it (the greedy bot takes every free planet it passes), and from turn 2 it leaves no
  guard on such a surplus planet, so those troops travel on. Greedy bots call the clan making
  the most acorns the leader: they send the aliens at it, attack its planets and vote against
  it, so a clan that makes exactly its recipe draws less fire and keeps its troops together.
- From turn 2 it lands on a planet its recipe lacks when the exact combat odds give it 40% or
  more with every troop it can spare (the greedy bot waits for 55%).
- It attacks a planet of a clan that, as far as it can see, is near its recipe (:func:`danger`:
  the chance it produces a recipe it may hold, :func:`recipe_done_chance`, plus half the chance
  it is one acorn short of one, :func:`recipe_near_chance`), at 30% odds or better: the victory
  is checked at the end of the turn, so taking one of that clan's planets first stops it.
- It stands for Royal Pig at every election it may stand in, and votes (when it is not a
  candidate) for the likely winner among the clans least near their recipe; as Royal Pig it
  calls first the voters whom the greedy bots' rule sends to it (most governors first), so
  that the tally the later voters see leans its way, then the others (fewest first); it hands
  the colonists it does not keep to the clans least near their recipe (:func:`danger`), then
  to the smallest, and sends the aliens at the clan nearest its recipe (then the biggest
  producer), where the greedy bot goes by production alone.
- Its starting planet has free planets its recipe wants within two hexes (the second ring
  counting half) and no other clan or aliens close by (the greedy bot looks one hex around):
  the four best by that value are each played on to the end of turn 2 in the same four worlds
  drawn from its view (:meth:`StrongPolicy.start_totals`: this heuristic for its seat, the
  greedy bot for the others, or as :attr:`opponents` says), and it starts where the playouts
  end nearest its recipe (:func:`start_score`: 10 for its victory, -5 for another's, else minus
  the acorns it lacks).
- It plays the travel cards the greedy bot wastes: it keeps its Planet displacements (the greedy
  bot discards or trades them away as junk and never plays one) and, in its travel with a trip
  left, plays one when it can swap a planet its recipe lacks, out of reach of its troops, with a
  planet next to troops free to travel (:func:`swap_target`: worth 1.5 or more, a held planet
  from 40% odds), so that a trip takes it this turn. It keeps Extra-Mouve until every clan has
  travelled (2X) and makes the extra trip then, when a trip is worth making (the greedy bot
  plays it during its own travel).
- Its battle cards (:func:`_battle_card`) are the greedy bot's choice (troops won and lost, the
  wipeout line, a card's worth as its cost) with what the hex is worth besides the troops added
  to holding it (:func:`battle_stake`: the planet's gain for its recipe, plus the denial of a
  clan near its recipe), so it spends its cards on a planet that matters and keeps them otherwise.
- Its policy for the turn by playouts (:meth:`StrongPolicy.mode_totals`): from turn 2, at the
  first decision of its own travel (2B, outside a fight) at which its recipe lacks
  :data:`MODE_SHORT` acorns at most or another clan may be near its own (checked again at each
  such decision of the turn until a policy is chosen: a move of its own can bring it), it plays
  each of :data:`MODES` on to the end of the turn (the victory is checked there) in the same
  :data:`MODE_WORLDS` worlds drawn from its view (the greedy bot for the others, or as
  :attr:`opponents` says) and follows the best by :func:`start_score` for the rest of the turn
  (ties: the heuristic above). The policies: the heuristic above; the all-in (the planet that completes its recipe worth
  :data:`ALL_IN_WORTH` acorns more, attacked with every spare troop from :data:`ALL_IN_ODDS`);
  the fort (guards on its recipe's planets that hold them at :data:`FORT_ODDS` against the
  biggest clan stack next to them, no flight from them); a denial twice as strong, from 20%
  odds. Each of the three lost to the heuristic when played every turn; chosen by playouts, for
  the turns where they win, they add to it.

It reads ``state.player_view(its seat)`` only, as the greedy bot does.

Why these rules: each was kept because, added to the others, it won more of the same seeded
games against three greedy bots (``benchmarks/bots.py``; the current figure is in
``docs/benchmarks.md``). Where the heuristic loses, the winning greedy bot is one or two acorns
short at the start of its winning turn and takes its last planets in 3A, so the rules aim at
finishing its own recipe first and denying a clan that is near one. Rules tried and dropped are
in the history of this file.
"""
from __future__ import annotations

import random
import time

from ..actions import CallVoter, ChooseHex, Discard, Done, OfferExchange, PlayCard, Stand, StartPlanet, Stay, Vote
from .heuristic import (
    COLOUR_INDEX, WORM, GreedyBot, Pigs, _acorns_of, _attack_odds, _card_worth, _dist, _leader, _Plan, _production,
    _strength, _wipe_odds,
)
from ..data import CARDS, RECIPES
from ..determinize import determinize
from ..views import SpacePigsPlayerView

__all__ = ["StrongPolicy", "battle_stake", "danger", "recipe_done_chance", "recipe_near_chance", "start_score",
           "swap_target"]

#: the odds it attacks a planet its recipe lacks at, and a planet of a clan that may be winning
BOLD_ODDS = 0.4
DENIAL_ODDS = 0.3
#: what taking a planet from a clan that is surely producing its recipe is worth (in acorns)
DENIAL_WORTH = 4.0
#: how much a clan one acorn short of a recipe it may hold counts, next to one producing it
NEAR_WEIGHT = 0.5
#: what a Planet displacement must bring within reach (in :meth:`_Plan.gain` units) to be played
MIN_SWAP = 1.5
#: the start by playouts: the heuristic's best START_CANDIDATES starts, each played on in the same
#: START_WORLDS worlds drawn from the seat's view to the end of turn START_HORIZON
START_CANDIDATES = 4
START_WORLDS = 4
START_HORIZON = 2
#: the turn's policy by playouts: at the first decision of its own travel (2B) from turn 2 at
#: which its recipe lacks MODE_SHORT acorns at most or another clan may be near its own, each of
#: :data:`MODES` is played on to the end of the turn in the same MODE_WORLDS worlds drawn from
#: the seat's view, and it follows the best for the rest of the turn (ties: the first)
MODES = ("base", "all-in", "fort", "deny")
MODE_WORLDS = 2
MODE_SHORT = 2
#: the all-in: the planet that completes its recipe is worth ALL_IN_WORTH acorns more, attacked
#: with every spare troop from ALL_IN_ODDS
ALL_IN_WORTH = 6.0
ALL_IN_ODDS = 0.2
#: the fort: the guards left on a planet its recipe needs hold it at FORT_ODDS or better against
#: the biggest stack next to it, and it does not flee from such a planet
FORT_ODDS = 0.5
#: how the start's and the turn policy's playouts play the other seats: as greedy bots (right
#: against greedy bots), or as this heuristic without playouts of its own (nearer to how strong
#: bots play: the hard level's model of its opponents)
OPPONENTS = ("greedy", "strong")


def _recipes_of(view: SpacePigsPlayerView, q: int) -> list:
    """The recipes clan ``q`` may hold as ``view``'s seat sees it: its own when known, else any
    but the seat's."""
    known = view.clans[q].recipe
    own = view.clans[view.viewer].recipe if view.viewer is not None else None
    return [known] if known is not None else [r for r in RECIPES if r != own]


def recipe_done_chance(view: SpacePigsPlayerView, q: int) -> float:
    """The chance, as ``view``'s seat sees it, that clan ``q``'s planets produce its whole recipe
    now: its recipe when the seat knows it, else the share of the recipes it may hold (any but the
    seat's own) that its production covers."""
    recipes = _recipes_of(view, q)
    made = _production(view, q)
    return sum(all(m >= n for m, n in zip(made, r)) for r in recipes) / len(recipes) if recipes else 0.0


def recipe_near_chance(view: SpacePigsPlayerView, q: int, short: int = 1) -> float:
    """The chance, as ``view``'s seat sees it, that clan ``q``'s planets make all of its recipe but
    ``short`` acorns at most (the recipes it may hold weighed as in :func:`recipe_done_chance`)."""
    recipes = _recipes_of(view, q)
    if not recipes or view.clans[q].out:
        return 0.0
    made = _production(view, q)
    return sum(sum(max(0, n - m) for m, n in zip(made, r)) <= short for r in recipes) / len(recipes)


def danger(view: SpacePigsPlayerView, q: int) -> float:
    """How near clan ``q`` is to winning as ``view``'s seat sees it (0 for itself and the aliens):
    the chance it produces its recipe, plus :data:`NEAR_WEIGHT` of the chance it is one acorn short."""
    if q < 0 or q == view.viewer:
        return 0.0
    done = recipe_done_chance(view, q)
    return done + NEAR_WEIGHT * (recipe_near_chance(view, q, 1) - done)


def start_score(state, p: int) -> float:
    """How a start's playout ended for seat ``p``: 10 for its victory, -5 for another clan's, else
    minus the acorns its recipe still lacks."""
    if state.is_over:
        return 10.0 if p in state.winners else -5.0 if state.winners else 0.0
    return -float(sum(max(0, n - m) for m, n in zip(state.production(p), state.recipe(p))))


def _planets(view: SpacePigsPlayerView) -> list[int]:
    """The face-up planets (what a Planet displacement may swap)."""
    return [x.index for x in view.hexes if not x.face_down and x.kind in ("P", "D")]


def _effect(card: int) -> str:
    return CARDS[card].effect


def swap_target(plan: _Plan, movable: dict[int, tuple[int, int]], first: int | None = None):
    """The best Planet displacement for the planner's seat: ``(value, wanted, place)`` swapping a
    planet its recipe lacks (``wanted``, out of reach of its troops free to travel) with the planet
    at ``place``, next to such troops, so that a trip takes it this turn; ``None`` when there is
    none. Its value is the planet's :meth:`_Plan.gain` (times the odds when it is held by others,
    from :data:`BOLD_ODDS`; not on turn 1) less the gain of the planet it swaps away from those
    troops. ``first`` restricts ``wanted`` (the second pick of the card)."""
    view, p = plan.view, plan.p
    spare = {s: (total - plan.keep_at(s), hogs) for s, (total, hogs) in movable.items() if total > plan.keep_at(s)}
    reach = set(spare) | {j for s in spare for j in plan.adj[s]}
    planets = _planets(view)
    places = set(planets)
    best = None
    for w in planets:
        gain = plan.gain(w)
        if (first is not None and w != first) or gain < 1.5 or w in reach or view.hexes[w].occupant(p) is not None:
            continue
        for s, (k, hogs) in spare.items():
            chance = 1.0
            if plan.enemies(w):
                chance = plan.win_chance(k, hogs, w) if view.turn >= 2 else 0.0
                if chance < BOLD_ODDS:
                    continue
            for x in plan.adj[s]:
                if x == w or x not in places or view.hexes[x].occupant(p) is not None:
                    continue
                lost = 0.0 if plan.enemies(x) else plan.gain(x)
                key = (chance * gain - lost, -w, -x)
                if best is None or key > best[0]:
                    best = (key, w, x)
    return None if best is None else (best[0][0], best[1], best[2])


def battle_stake(plan: _Plan, cb) -> float:
    """What holding the hex of battle ``cb`` is worth to the planner's seat besides the troops:
    for a planet, its :meth:`_Plan.gain` (the attacker's, or what the defender would lose) plus
    :data:`DENIAL_WORTH` times the other side's :func:`danger`; 0 for an asteroid."""
    view = plan.view
    if view.hexes[cb.hex].kind not in ("P", "D"):
        return 0.0
    foe = cb.defender if plan.p == cb.attacker else cb.attacker
    return plan.gain(cb.hex) + DENIAL_WORTH * danger(view, foe)


def _battle_card(plan: _Plan, cb, attacking: bool, mine: int, theirs: int, options: list):
    """The greedy bot's battle card (:meth:`GreedyBot._combat_card`: troops won and lost, the
    wipeout line weighed, 0.15 of the card's worth as its cost) with :func:`battle_stake` added
    to holding the hex; the attacker counts the denial part in a wipe too (the hex is emptied)."""
    p = plan.p
    played = list(cb.cards_of(p) or ())
    if len(played) >= 2:
        return Done(p)

    def bonus(c: int) -> int:
        card = CARDS[c]
        return (card.attack if attacking else card.defense) if card.kind == "combat" else card.value

    stake = battle_stake(plan, cb)
    foe_cards = cb.defender_card_count if attacking else max(cb.attacker_card_count, 1)
    wiped = float(theirs - mine) if theirs >= mine + 3 else -float(mine + 1)
    if attacking:
        wiped += stake - plan.gain(cb.hex)

    def utility(cards: list[int]) -> float:
        techs = tuple(CARDS[c].tech for c in cards if CARDS[c].kind == "combat")
        w = _wipe_odds(techs, foe_cards) if sum(techs) or foe_cards else 0.0
        hold = 1 / (1 + 2.718 ** (-0.6 * (mine - theirs + sum(map(bonus, cards)) - 1.5 * foe_cards)))
        return (1 - w) * (hold * (theirs + stake) - (1 - hold) * mine) + w * wiped

    base = utility(played) + 0.05
    scored = [(utility(played + [a.card]) - 0.15 * _card_worth(a.card), a) for a in options]
    best = max(scored, key=lambda t: t[0], default=None)
    return best[1] if best is not None and best[0] > base else Done(p)


class _StrongPlan(_Plan):
    """The greedy bot's reading of the map, for the recipe alone, with bolder attacks."""

    denial_worth = DENIAL_WORTH
    denial_odds = DENIAL_ODDS

    def gain(self, h: int) -> float:
        x = self.view.hexes[h]
        if not x.face_down and x.colour in COLOUR_INDEX and self.gap[COLOUR_INDEX[x.colour]] == 0:
            return 0.0  # its colour is made in full already
        return super().gain(h)

    def keep_at(self, h: int) -> int:
        x = self.view.hexes[h]
        if self.view.turn >= 2 and x.kind in ("P", "D") and x.colour in COLOUR_INDEX:
            c = COLOUR_INDEX[x.colour]
            if self._made()[c] - _acorns_of(self.view, h) >= self._need()[c]:
                return 0  # a surplus planet: its troops are free to go
        return super().keep_at(h)

    def _need(self) -> list[int]:
        clan = self.view.clans[self.p]
        need = list(clan.recipe) if clan.recipe is not None else [0, 0, 0]
        if clan.seventh in COLOUR_INDEX:
            need[COLOUR_INDEX[clan.seventh]] += 1
        return need

    def _made(self) -> list[int]:
        return _production(self.view, self.p)

    def move_value(self, src: int, dst: int, total: int, hogs: int) -> tuple[float, int]:
        value, send = super().move_value(src, dst, total, hogs)
        x = self.view.hexes[dst]
        if self.view.turn < 2 or x.kind == "S" or not self.enemies(dst):
            return value, send
        spare = total - self.keep_at(src)
        if spare <= 0:
            return value, send
        chance = self.win_chance(spare, hogs, dst)
        gain = self.gain(dst)
        if value <= 0 and gain >= 1.5 and chance >= BOLD_ODDS:  # a planet the recipe lacks
            value, send = chance * gain - (1 - chance) * 0.3 * spare, spare
        holder = x.occupants[0].who
        if x.kind in ("P", "D") and len(x.occupants) == 1 and holder >= 0 and chance >= self.denial_odds:
            near = danger(self.view, holder)
            worth = chance * (gain + self.denial_worth * near) - (1 - chance) * 0.3 * spare
            if near > 0 and worth > value:
                return worth, spare
        return value, send


class _AllInPlan(_StrongPlan):
    """The all-in: the planet that completes its recipe is worth :data:`ALL_IN_WORTH` acorns
    more, attacked with every spare troop from :data:`ALL_IN_ODDS`."""

    def completes(self, h: int) -> bool:
        """Whether taking planet ``h`` gives it the whole recipe."""
        x = self.view.hexes[h]
        if x.face_down or x.colour not in COLOUR_INDEX or x.kind not in ("P", "D") or h in self.held:
            return False
        short = sum(self.gap)
        return short > 0 and self.gap[COLOUR_INDEX[x.colour]] == short and _acorns_of(self.view, h) >= short

    def move_value(self, src: int, dst: int, total: int, hogs: int) -> tuple[float, int]:
        value, send = super().move_value(src, dst, total, hogs)
        spare = total - self.keep_at(src)
        if self.view.turn < 2 or spare <= 0 or not self.completes(dst):
            return value, send
        chance = self.win_chance(spare, hogs, dst)
        if chance < ALL_IN_ODDS:
            return value, send
        return max(value, 0.0) + ALL_IN_WORTH * chance, spare


class _FortPlan(_StrongPlan):
    """The fort: enough guards on a planet its recipe needs to hold it at :data:`FORT_ODDS`
    against the biggest clan's stack next to it (less the guard that stack leaves)."""

    def keep_at(self, h: int) -> int:
        base = super().keep_at(h)
        x = self.view.hexes[h]
        if self.view.turn < 2 or base == 0 or x.kind not in ("P", "D") or h not in self.held:
            return base
        worst = None
        for j in self.adj[h]:
            for o in self.view.hexes[j].occupants:
                if o.who == self.p or o.who < 0:
                    continue
                k = o.count - (1 if self.view.hexes[j].kind in ("P", "D") else 0)
                if k > 0 and (worst is None or k > worst[0]):
                    worst = (k, min(o.hogs, k))
        mine = x.occupant(self.p)
        if worst is None or mine is None:
            return base
        for k in range(base, mine.count + 1):
            hg = min(mine.hogs, k)
            if _attack_odds(worst[0] - worst[1], worst[1], Pigs(k - hg, hg, 0)) < FORT_ODDS:
                return k
        return mine.count


class _DenyPlan(_StrongPlan):
    """The denial: a planet of a clan near its recipe is worth twice as much, from 20% odds."""

    denial_worth = 2 * DENIAL_WORTH
    denial_odds = 0.2


#: the plan (its reading of the map) of each of :data:`MODES`
MODE_PLANS = {"base": _StrongPlan, "all-in": _AllInPlan, "fort": _FortPlan, "deny": _DenyPlan,
              # not one of MODES: the greedy bot's own reading of the map (every free planet worth
              # taking, no denial, the greedy odds), with this policy's cards, votes and start; the
              # strong bot's easy level plays it (a step between the greedy bot and this heuristic)
              "greedy": _Plan}


class StrongPolicy(GreedyBot):
    """The greedy bot playing for its recipe alone, bolder, denying, and always a candidate
    (see the module docstring)."""

    name = "Greedy (strong's heuristic)"
    plan_class: type[_Plan] = _StrongPlan

    def __init__(self, seed: int | None = 0, start_worlds: int = START_WORLDS, start_seconds: float | None = None,
                 mode_worlds: int = MODE_WORLDS, mode_seconds: float | None = None, mode: str = "base",
                 opponents: str = "greedy", start_candidates: int = START_CANDIDATES, every_turn: bool = False):
        super().__init__(seed)
        self.start_candidates = start_candidates  # the starts its playouts weigh (the best by value)
        # every_turn: the turn's policy chosen by playouts at every turn from the first, not only
        # from turn 2 when a recipe is near (:meth:`mode_wanted`)
        self.every_turn = every_turn
        if opponents not in OPPONENTS:
            raise ValueError(f"unknown opponents {opponents!r}; choose from {sorted(OPPONENTS)}")
        #: how its start's and turn policy's playouts play the other seats (:data:`OPPONENTS`)
        self.opponents = opponents
        self.start_worlds = start_worlds  # 0: the start by :meth:`_start_value` alone
        # a bot on a clock: the start's playouts stop at the world that would end after this
        # many seconds (at least one world); None: all the worlds (reproducible, as measured)
        self.start_seconds = start_seconds
        self.mode_worlds = mode_worlds  # 0: no choice of the turn's policy by playouts
        self.mode_seconds = mode_seconds  # as start_seconds, for the turn's policy
        self.mode = mode  # the policy it follows when no playout chose another (one of MODES)
        self.chosen: tuple[int, str] | None = None  # (turn, policy) chosen by playouts
        self._fort = False  # the fort is the policy of the turn: no flight from its recipe's planets

    def choose(self, state):
        p = state.current_player
        if self.mode_worlds > 0 and p is not None and state.sequence == "2B" and \
                (self.chosen is None or self.chosen[0] != state.turn):
            view = state.player_view(p)
            if view.combat is None and self.mode_wanted(state, view, p):
                totals = self.mode_totals(state, p)
                self.chosen = (state.turn, max(totals, key=lambda t: (t[1], -MODES.index(t[0])))[0])
        mode = self.chosen[1] if self.chosen is not None and self.chosen[0] == state.turn else self.mode
        self.plan_class = MODE_PLANS[mode]
        self._fort = mode == "fort"
        legal = state.legal_actions()
        starts = [a for a in legal if isinstance(a, StartPlanet)]
        if len(starts) > 1 and self.start_worlds > 0:
            return self._start(state, p, starts)
        if p is not None and Stand(p, True) in legal:
            return Stand(p, True)
        votes = [a for a in legal if isinstance(a, Vote)]
        if votes and not any(a.candidate == p for a in votes):
            return self._vote_for(state.player_view(p), votes)
        if p is not None and legal and all(isinstance(a, CallVoter) for a in legal):
            return self._call(state.player_view(p), p, legal)
        travel_cards = state.sequence in ("2B", "2X") and any(
            isinstance(a, ChooseHex) or (isinstance(a, PlayCard) and _effect(a.card) in ("swap_planets", "extra_trip"))
            for a in legal)
        view = state.player_view(p) if travel_cards else None
        timed = None if view is None else self._travel_card(state, view, p, legal)
        if timed is not None:
            return timed
        action = super().choose(state)
        if isinstance(action, PlayCard) and _effect(action.card) == "extra_trip" and view is not None \
                and view.sequence == "2B":
            rest = [a for a in legal if not (isinstance(a, PlayCard) and _effect(a.card) == "extra_trip")]
            by_type: dict = {}
            for a in rest:
                by_type.setdefault(type(a), []).append(a)
            return self._travel(self.plan_class(state, view, p), rest, by_type)  # kept for 2X
        if isinstance(action, (Discard, OfferExchange)) and _effect(action.card) == "swap_planets":
            junk = [a for a in legal if isinstance(a, Discard) and _card_worth(a.card) < 0.75
                    and _effect(a.card) != "swap_planets"]
            return junk[0] if junk else Done(p) if Done(p) in legal else action
        return action

    def _travel_card(self, state, view: SpacePigsPlayerView, p: int, legal: list):
        """Planet displacement and Extra-Mouve in phase 2 (``None``: the greedy bot's choice)."""
        if view.sequence not in ("2B", "2X") or view.combat is not None or view.trip is not None:
            return None
        pend = view.pending
        if pend is not None:
            if pend.player != p or pend.card is None or _effect(pend.card) != "swap_planets":
                return None
            picks = {a.hex for a in legal if isinstance(a, ChooseHex)}
            missing = [h for h in _planets(view) if h not in picks]  # the first pick, once made
            plan = self.plan_class(state, view, p)
            best = swap_target(plan, self._movable(plan), first=missing[0] if missing else None)
            pick = None if best is None else best[2] if missing else best[1]
            return ChooseHex(p, pick) if pick in picks else None
        cards = {_effect(a.card): a for a in legal if isinstance(a, PlayCard)}
        trips = view.clans[p].trips
        if "extra_trip" in cards and view.sequence == "2X" and trips == 0:
            plan = self.plan_class(state, view, p)
            if plan.trips(self._movable(plan)):
                return cards["extra_trip"]
        if "swap_planets" in cards and trips > 0:
            plan = self.plan_class(state, view, p)
            best = swap_target(plan, self._movable(plan))
            if best is not None and best[0] >= MIN_SWAP:
                return cards["swap_planets"]
        return None

    @staticmethod
    def _combat_card(plan, cb, attacking: bool, mine: int, theirs: int, options: list):
        return _battle_card(plan, cb, attacking, mine, theirs, options)

    def _combat(self, plan, legal: list, by_type: dict):
        """The fort stays on a planet its recipe needs rather than flee (the greedy bot flees
        with half the troops of the other side)."""
        cb, p = plan.view.combat, plan.p
        if self._fort and Stay(p) in legal and cb is not None and cb.defender == p \
                and plan.view.hexes[cb.hex].kind in ("P", "D") and cb.attacker >= 0:
            x = plan.view.hexes[cb.hex]
            if x.colour in COLOUR_INDEX and plan._need()[COLOUR_INDEX[x.colour]] > 0:
                return Stay(p)
        return super()._combat(plan, legal, by_type)

    def mode_wanted(self, state, view: SpacePigsPlayerView, p: int) -> bool:
        """Whether the turn's policy is chosen by playouts: at every turn with :attr:`every_turn`,
        else from turn 2, its recipe lacking :data:`MODE_SHORT` acorns at most, or another clan
        that may be near its own."""
        if self.every_turn:
            return True
        if state.turn < 2:
            return False
        short = sum(_StrongPlan(state, view, p).gap)
        return short <= MODE_SHORT or any(danger(view, q) > 0 for q in range(view.players))

    def mode_totals(self, state, p: int) -> list:
        """``(mode, total)`` for each of :data:`MODES`: played on from here to the end of the turn
        in the same :attr:`mode_worlds` worlds drawn from the seat's view (this heuristic in that
        mode for its seat, the others as :attr:`opponents` says), its :func:`start_score` summed;
        on a clock (:attr:`mode_seconds`) it stops at the world that would end too late, one at least."""
        view = state.player_view(p)
        totals = self._playouts(view, p, [(None, mode) for mode in MODES], self.mode_worlds, self.mode_seconds,
                                view.turn)
        return list(zip(MODES, totals))

    def _start(self, state, p: int, starts: list):
        """The start planet by playouts: the best total of :meth:`start_totals` (ties: the better
        :meth:`_start_value`)."""
        totals = self.start_totals(state, p, starts)
        return max(totals, key=lambda t: (t[1], -totals.index(t)))[0]

    def start_totals(self, state, p: int, starts: list) -> list:
        """``(start, total)`` for the best :attr:`start_candidates` starts by :meth:`_start_value`
        (best first): each played on in the same :attr:`start_worlds` worlds drawn from the seat's
        view (:func:`.determinize.determinize`) to the end of turn :data:`START_HORIZON` (this
        heuristic for its seat, starting by value alone, the others as :attr:`opponents` says),
        its :func:`start_score` summed over the worlds."""
        view = state.player_view(p)
        plan = self.plan_class(state, view, p)
        ranked = sorted(starts, key=lambda a: (-self._start_value(plan, a.hex), a.hex))[:self.start_candidates]
        totals = self._playouts(view, p, [(start, "base") for start in ranked], self.start_worlds,
                                self.start_seconds, START_HORIZON)
        return list(zip(ranked, totals))

    def _playouts(self, view: SpacePigsPlayerView, p: int, options: list, worlds: int, seconds: float | None,
                  last_turn: int) -> list[float]:
        """The summed :func:`start_score` of each option ``(action or None, mode)``: the action
        played, then this heuristic in that mode for seat ``p`` and the others as :attr:`opponents`
        says (the greedy bot by default) to the end of turn ``last_turn``, in the same ``worlds``
        worlds drawn from ``view``; with ``seconds`` it stops at the world that would end after that many (one world at least)."""
        rng = random.Random(self._random.randrange(1 << 30))
        drawn = [(determinize(view, rng), rng.randrange(1 << 30)) for _ in range(worlds)]
        totals = [0.0] * len(options)
        began = time.perf_counter()
        for n, (world, seed) in enumerate(drawn):
            if n and seconds is not None:
                spent = time.perf_counter() - began
                if spent + spent / n > seconds:  # the next world would end too late
                    break
            for i, (action, mode) in enumerate(options):
                game = world.copy()
                if action is not None:
                    game.apply(action)
                bots = [StrongPolicy(seed + k, start_worlds=0, mode_worlds=0, mode=mode) if k == p
                        else self._opponent(seed + k) for k in range(game.players)]
                while not game.is_over and game.turn <= last_turn:
                    q = game.current_player
                    assert q is not None, "a game that is not over has a player to decide"
                    game.apply(bots[q].choose(game))
                totals[i] += start_score(game, p)
        return totals

    def _opponent(self, seed: int):
        """Another seat in its playouts: the greedy bot, or this heuristic without playouts of its
        own (:attr:`opponents`)."""
        if self.opponents == "strong":
            return StrongPolicy(seed, start_worlds=0, mode_worlds=0)
        return GreedyBot(seed)

    @staticmethod
    def _start_value(plan, h: int) -> float:
        """A start with free planets its recipe wants within two hexes (half for the second
        ring), clear of other clans and aliens within two hexes."""
        view = plan.view
        value = 2.0 * plan.gain(h)
        for x in view.hexes:
            d = _dist(view, h, x.index)
            if d == 0 or d > 2:
                continue
            if x.occupants:
                value -= (1.5 if d == 1 else 0.75) * (1 + 0.2 * sum(o.count for o in x.occupants))
            elif x.kind in ("P", "D"):
                value += (1.0 if d == 1 else 0.5) * plan.gain(x.index)
        return value

    @staticmethod
    def _vote_for(view: SpacePigsPlayerView, votes: list):
        """Not a candidate itself: the likely winner among the clans least near their recipe."""
        gov = [c.governors for c in view.clans]
        tally = [0] * view.players
        if view.election is not None:
            for voter, cand in view.election.votes:
                tally[cand] += gov[voter]
        return max(votes, key=lambda a: (-danger(view, a.candidate), tally[a.candidate] + gov[a.candidate],
                                         -a.candidate))

    @staticmethod
    def _call(view: SpacePigsPlayerView, p: int, calls: list):
        """The Royal Pig calling the voters, a candidate itself: first those the greedy bot's vote
        (:meth:`GreedyBot._vote`: a candidate votes for itself, the others for the likely winner
        that is not their leader) sends to it, most governors first, so that the tally the later
        voters see leans its way; then the others, fewest governors first."""
        election = view.election
        if election is None:
            return calls[0]
        cands = [c for c in election.candidates if c not in election.barred]
        if p not in cands:
            return calls[0]
        gov = [c.governors for c in view.clans]
        tally = [0] * view.players
        for voter, cand in election.votes:
            tally[cand] += gov[voter]

        def for_me(q: int) -> bool:
            if q in cands:
                return q == p
            lead = _leader(view, q)
            return max(cands, key=lambda c: (c != lead, tally[c] + gov[c], -c)) == p
        return max(calls, key=lambda a: (for_me(a.voter), gov[a.voter] if for_me(a.voter) else -gov[a.voter], -a.voter))

    @staticmethod
    def _give(view: SpacePigsPlayerView, p: int, options: list):
        mine = [a for a in options if a.to == p]
        if mine:
            return mine[0]
        return max(options, key=lambda a: (-danger(view, a.to), -sum(_production(view, a.to)),
                                           -_strength(view, a.to), -a.to))

    @staticmethod
    def _aliens(view: SpacePigsPlayerView, p: int, options: list):
        near = {q: danger(view, q) + 0.1 * sum(_production(view, q)) for q in range(view.players) if q != p}

        def score(a):
            if any(o.who == WORM for o in view.hexes[a.src].occupants):
                return (False, 0.0, 0, 0, -a.dst)  # the worm only shrinks the galaxy: let it sleep
            enemy = [o for o in view.hexes[a.dst].occupants if not o.is_alien and o.who != p]
            mine = any(o.who == p for o in view.hexes[a.dst].occupants)
            worst = max([near[o.who] for o in enemy] or [0.0])
            return (bool(enemy) and not mine, worst, _acorns_of(view, a.dst), -sum(o.count for o in enemy), -a.dst)
        best = max(options, key=score)
        return best if score(best)[0] else Done(p)
