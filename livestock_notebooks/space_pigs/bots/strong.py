"""The strong Space Pigs bot: its own heuristic (:mod:`.strong_policy`) at most decisions, and a
determinized tree search (:mod:`..core.search`) on the cards of a battle.

Most of a game's decisions are routine (trips one hex at a time, deployments, the cards of
phase 1, votes, the Royal Pig's errands): :func:`is_searched` leaves them to
:class:`~.strong_policy.StrongPolicy`, which answers in a few milliseconds. The cards it plays in a
battle are searched: each iteration draws a whole game from its seat's view with
:func:`.determinize.determinize` (the other hands, recipes, secret markers, face-down hexes and
dice redrawn), plays the choice and then the heuristic for every seat for :data:`ROLLOUT_DEPTH`
actions with the engine's own ``apply``, and scores the position by how much of each clan's
sacred recipe its planets produce, plus a little for its troops and for the Royal Pig's chair
(:func:`evaluate`). The heuristic's card stands unless another does clearly better.

The levels count the worlds of the start and turn playouts (:data:`POLICY_WORLDS`) and the
search's iterations (:data:`LEVEL_PLAYOUTS`), never a time; the easy level plans its trips as
the greedy bot does (:data:`POLICY_MODE`), and the hard level's start and turn playouts play the
other seats as its own heuristic rather than as greedy bots (:data:`POLICY_OPPONENTS`), weigh
twice the starts and choose the policy of every turn (:data:`POLICY_START_CANDIDATES`,
:data:`POLICY_EVERY_TURN`). How it does against three greedy
bots, and how long a decision takes, is measured by ``benchmarks/bots.py`` (the current figures
are in ``docs/benchmarks.md``).
"""
from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

from ...core.search import LEVELS, SearchBot, heuristic_rollout, share
from ..actions import Fly, Land, PlayCard
from .heuristic import _Plan
from ..determinize import determinize
from .strong_policy import StrongPolicy, recipe_done_chance
from ..views import SpacePigsPlayerView

#: on a time budget (``seconds`` alone, experiments), the most its start planet's playouts may
#: take (the playouts of all four worlds took 2.3 to 3.2 s on a busy machine)
START_SECONDS = 1.0
#: the same for the turn's policy chosen by playouts (:meth:`StrongPolicy.mode_totals`: its
#: eight playouts to the end of a turn took 0.61 s, median, 1.2 s at the 95th percentile, with
#: another engineer's runs)
MODE_SECONDS = 1.0
#: the iterations of the search on a battle's cards, per level
LEVEL_PLAYOUTS = {"easy": 16, "normal": 48, "hard": 160}
#: the heuristic's own playouts per level: worlds for its start planet, worlds for the turn's
#: policy (0: none; normal is the 4 and 2 it won 210/400 = 52.5% with against three greedy bots)
POLICY_WORLDS = {"easy": (0, 0), "normal": (4, 2), "hard": (8, 4)}
#: the heuristic's reading of the map per level (:data:`.strong_policy.MODE_PLANS`): easy plans
#: its trips as the greedy bot does (the heuristic's planning is most of its strength: without
#: it, the battle-card search and the heuristic's cards and votes sit between the greedy bot and
#: normal, where the ladder wants the easy level)
POLICY_MODE = {"easy": "greedy", "normal": "base", "hard": "base"}
#: how the heuristic's own playouts play the other seats per level (:data:`.strong_policy.OPPONENTS`):
#: as greedy bots, or at hard as the heuristic itself (a strong bot's opponents are not greedy
#: bots). With the wider opening below, hard's edge over normal is small (a few points of a
#: quarter share): the ladder's figures are in docs/benchmarks.md
POLICY_OPPONENTS = {"easy": "greedy", "normal": "greedy", "hard": "strong"}
#: the starts its start playouts weigh, and whether it chooses its turn's policy by playouts at
#: every turn (else from turn 2 when a recipe is near), per level: hard looks wider at the opening,
#: where most games are won (more than a third end by turn 3)
POLICY_START_CANDIDATES = {"easy": 4, "normal": 4, "hard": 8}
POLICY_EVERY_TURN = {"easy": False, "normal": False, "hard": True}

__all__ = ["LEVEL_PLAYOUTS", "POLICY_EVERY_TURN", "POLICY_MODE", "POLICY_OPPONENTS", "POLICY_START_CANDIDATES", "POLICY_WORLDS", "StrongBot", "StrongPolicy", "SpacePigsSearch", "evaluate", "hint_detail", "is_searched", "progress", "recipe_done_chance"]


def progress(state: Any, player: int) -> float:
    """How near ``player`` is to producing its recipe: the share of the acorns it needs that its
    planets make (0 .. 1, weighed heavily), plus a little for its troop strength and for being
    the Royal Pig."""
    need = state.recipe(player)
    made = state.production(player)
    wanted = sum(need)
    covered = sum(min(m, n) for m, n in zip(made, need)) / wanted if wanted else 0.0
    return 0.2 + 3.0 * covered + 0.02 * state.strength(player) + (0.3 if state.royal_pig == player else 0.0)


def evaluate(state: Any, player: int) -> float:
    """``player``'s share of the recipe progress of all clans (a number in [0, 1])."""
    return share([progress(state, p) for p in range(state.players)], player, sharpness=3.0)


def is_searched(view: SpacePigsPlayerView, legal: list) -> bool:
    """Whether the strong bot searches this decision: the cards it plays in a battle (the
    wipeout line and the bonus decide the battle within a few actions, which the search sees).
    Everything else (set-up, trips, deployment, fleeing, the cards of phase 1, votes, the Royal
    Pig's errands) is routine: the heuristic decides at once (its start planet and its policy
    for a turn by its own few playouts, :meth:`~.strong_policy.StrongPolicy.start_totals` and
    :meth:`~.strong_policy.StrongPolicy.mode_totals`)."""
    return view.combat is not None and len(legal) > 1 and any(isinstance(a, PlayCard) for a in legal)


class SpacePigsSearch(SearchBot):
    """The strong bot: :class:`~livestock_notebooks.core.search.SearchBot` on the decisions
    :func:`is_searched` picks, :class:`StrongPolicy` at once on all the others (its
    ``last_analysis`` then says ``searched: False``, and its chance is :func:`evaluate` of the
    position after the action in the one world drawn: one scored continuation, no playout)."""

    name = "Strong"
    LEVEL_PLAYOUTS = LEVEL_PLAYOUTS

    def __init__(self, seed: int | None = 0, level: str = "normal", seconds: float | None = None,
                 max_iterations: int | None = None, rollout_depth: int | None = None):
        super().__init__(determinize, evaluate, seed=seed, level=level, seconds=seconds,
                         max_iterations=max_iterations, rollout=_ROLLOUT, prior=_ROLLOUT,
                         rollout_depth=ROLLOUT_DEPTH if rollout_depth is None else rollout_depth)
        self.routine = 0  # decisions taken by the heuristic without a search
        # its start's and its turn policy's playouts: the level's worlds, the clock a safety stop
        # (on a time budget, the worlds that end within START_SECONDS / MODE_SECONDS)
        timed = self.max_iterations is None
        start_worlds, mode_worlds = POLICY_WORLDS[level]
        self._policy = StrongPolicy(seed, start_worlds=start_worlds, mode_worlds=mode_worlds, mode=POLICY_MODE[level],
                                    opponents=POLICY_OPPONENTS[level], start_candidates=POLICY_START_CANDIDATES[level],
                                    every_turn=POLICY_EVERY_TURN[level],
                                    start_seconds=START_SECONDS if timed else self.seconds,
                                    mode_seconds=MODE_SECONDS if timed else self.seconds)

    def hint_detail(self, view: Any, action: Any) -> str | None:
        """The hint's words about the suggested action: :func:`hint_detail`."""
        return hint_detail(view, action)

    def choose_from_view(self, view: Any, me: int) -> Any:
        start = self.clock()
        first = determinize(view, self._random)
        legal = first.legal_actions()
        if is_searched(view, legal):
            return super().choose_from_view(view, me)
        action = legal[0] if len(legal) == 1 else self._policy.choose(first)
        self.routine += 1
        world = first.copy()  # the chance shown: the position after it in the one world drawn
        world.apply(action)
        self.last_analysis = {"action": action, "win_chance": self._score(world, me), "visits": 1,
                              "heuristic": action, "iterations": 1, "seconds": self.clock() - start,
                              "playouts_per_second": 0.0, "alternatives": [], "searched": False}
        return action


def hint_detail(view: SpacePigsPlayerView, action: Any) -> str | None:
    """What the hint adds about ``action`` seen from ``view`` (the deciding seat's): for troops
    landing on a hex the enemy or the aliens hold, the exact chance that they take it (the odds
    the bots use, before any card); ``None`` for any other action."""
    trip, me = view.trip, view.viewer
    if trip is None or me is None or not isinstance(action, (Fly, Land)):
        return None
    h = action.hex if isinstance(action, Fly) else trip.position
    foes = sum(o.count for o in view.hexes[h].occupants if o.who != me)
    aboard = trip.piglets + trip.hogs
    if not foes or not aboard:
        return None
    seat = SimpleNamespace(view=view, p=me)  # what the greedy bot's odds read: the view and the seat
    chance = _Plan.win_chance(seat, aboard, trip.hogs, h)  # type: ignore[arg-type]
    return (f"your {aboard} troop(s) landing on H{h} take it from {foes} defender(s) "
            f"{100 * chance:.0f}% of the time (exact odds, before any card)")


#: the playouts (a battle card's, a hint's figure): the heuristic without playouts of its own (start, turn policy)
_ROLLOUT = heuristic_rollout(functools.partial(StrongPolicy, start_worlds=0, mode_worlds=0), 0.0)
#: actions a playout runs before the position is scored, at every level (a battle's cards and
#: first rounds; the heuristic's playouts cost a few milliseconds an action)
ROLLOUT_DEPTH = 6


def StrongBot(seed: int | None = 0, level: str = "normal", seconds: float | None = None,
              max_iterations: int | None = None, rollout_depth: int | None = None) -> SpacePigsSearch:
    """The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None)``
    (levels ``easy``, ``normal``, ``hard``: :data:`LEVEL_PLAYOUTS`, :data:`POLICY_WORLDS` and :data:`POLICY_MODE`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {sorted(LEVELS)}")
    return SpacePigsSearch(seed=seed, level=level, seconds=seconds, max_iterations=max_iterations,
                           rollout_depth=rollout_depth)
