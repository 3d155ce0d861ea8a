"""Determinized Monte Carlo tree search for every game: :class:`SearchBot`.

The search is single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse
2012): one tree of action sequences from the searching seat's point of view. Each iteration draws
a complete state from that seat's view alone (the game's ``determinize(view, rng)``: the other
hands, face-down cards, secrets and the dice to come redrawn), walks the tree with UCB1 among the
actions legal in that draw (a child's chance to be picked is weighed by how often it was
available), adds one node, plays on with a rollout policy for a few actions and scores the
position with the game's heuristic ``evaluate(state, seat) -> [0, 1]`` (1 for a winner, 0 for a
loser once the game is over). Chance (dice) happens inside the engine, from the drawn state's own
generator, so it is sampled too.

The bot reads nothing of the state it is handed but ``current_player`` and
``player_view(current_player)``; every state it plays on is one it drew. Pure Python, no game
import: each game's ``strong`` module supplies ``determinize``, ``evaluate`` and, if it likes, a
rollout policy.

Levels (:data:`LEVELS`) set the playouts (iterations) a decision runs and the rollout depth, so
a level plays the same on a busy machine as on an idle one and a decision is reproducible from
the bot's ``seed``. The clock is only a safety stop (:data:`SAFETY_SECONDS`, far above what a
level needs) against a search gone on far too long; ``seconds`` given alone makes a time budget
instead (experiments). After each decision ``last_analysis`` says what the search found: the
chosen action, its estimated chance (the mean score of its playouts), its visits, the playouts
run (``iterations``) and the best alternatives.
"""
from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Optional

__all__ = ["LEVELS", "Level", "SAFETY_SECONDS", "level_budget", "Node", "STRONG_LABELS", "SearchBot", "heuristic_rollout", "random_rollout", "share", "strong_factory", "with_strong"]


@dataclass(frozen=True)
class Level:
    """A strength level: the playouts (iterations) a decision runs, and how many actions a
    playout runs before the heuristic scores it. A game's bot may weigh the playouts its own way
    (its ``LEVEL_PLAYOUTS``), always as a count, never as a time."""

    playouts: int
    rollout_depth: int


#: The levels by name; ``normal`` is the default.
LEVELS: dict[str, Level] = {
    "easy": Level(8, 8),
    "normal": Level(32, 16),
    "hard": Level(128, 24),
}

#: The clock as a safety stop only: a decision that has run this long stops after its current
#: playout, whatever its level (a level's playouts take well under this on a busy machine).
SAFETY_SECONDS = 60.0


def level_budget(level: str, seconds: float | None, max_iterations: int | None,
                 playouts: Mapping[str, int] | None = None) -> tuple[float | None, int | None]:
    """``(seconds, max_iterations)`` of a bot at ``level``: the level's playout count (from
    ``playouts`` when the game weighs them its own way, else :data:`LEVELS`) with the clock as a
    safety stop; an explicit ``max_iterations`` replaces the count; ``seconds`` given alone is a
    time budget (no count).

    >>> level_budget("normal", None, None), level_budget("easy", None, 5), level_budget("hard", 0.5, None)
    ((60.0, 32), (60.0, 5), (0.5, None))
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {sorted(LEVELS)}")
    if seconds is not None and max_iterations is None:
        return seconds, None
    count = max_iterations if max_iterations is not None else (playouts or {}).get(level, LEVELS[level].playouts)
    return (SAFETY_SECONDS if seconds is None else seconds), count


#: What menus show for the strong bots (registry names of :func:`with_strong`).
STRONG_LABELS = {"strong-easy": "Strong (search, easy)", "strong": "Strong (search)",
                 "strong-hard": "Strong (search, hard)"}


def with_strong(bots: Mapping[str, Callable[..., Any]], factory: Callable[..., Any]) -> dict[str, Callable[..., Any]]:
    """A game's bot registry with the strong bot at its levels added (``strong`` is ``normal``;
    ``strong-easy``, ``strong-hard``), placed before the registry's last bot so a page's default
    bot (the last one) stays what it was.

    >>> sorted(with_strong({"random": 1, "greedy": 2}, lambda seed=0, level="normal": level))
    ['greedy', 'random', 'strong', 'strong-easy', 'strong-hard']
    >>> list(with_strong({"random": 1, "greedy": 2}, lambda seed=0, level="normal": level))[-1]
    'greedy'
    """
    names = list(bots)
    strong: dict[str, Callable[..., Any]] = {
        "strong-easy": functools.partial(factory, level="easy"), "strong": factory,
        "strong-hard": functools.partial(factory, level="hard"),
    }
    out = {n: bots[n] for n in names[:-1]}
    out.update(strong)
    out.update({n: bots[n] for n in names[-1:]})
    return out


#: The exploration constant of UCB1 (scores lie in [0, 1]).
EXPLORATION = 0.7


def share(scores: list[float], player: int, sharpness: float = 2.0) -> float:
    """``player``'s share of the total of non-negative ``scores`` raised to ``sharpness`` (a
    leader's lead counts for more): a number in [0, 1]; an even share when every score is 0.

    >>> share([3.0, 1.0], 0), share([0.0, 0.0], 1)
    (0.9, 0.5)
    """
    powered = [max(0.0, s) ** sharpness for s in scores]
    total = sum(powered)
    if total <= 0:
        return 1.0 / len(scores) if scores else 0.0
    return powered[player] / total


def random_rollout(state: Any, rng: random.Random) -> Any:
    """The default rollout policy: a uniformly random legal action."""
    return rng.choice(state.legal_actions())


def heuristic_rollout(bot_class: Callable[[int], Any], epsilon: float = 0.15) -> Callable[[Any, random.Random], Any]:
    """A rollout policy that plays as a game's heuristic bot (``bot_class(seed).choose``, seeded
    from the search's generator, so the search stays reproducible), and a random legal action
    one time in ``1 / epsilon``."""
    def rollout(state: Any, rng: random.Random) -> Any:
        if epsilon and rng.random() < epsilon:
            return rng.choice(state.legal_actions())
        return bot_class(rng.randrange(1 << 30)).choose(state)
    return rollout


class Node:
    """A node of the search tree: the action that led here, who chose it, and its statistics."""

    __slots__ = ("action", "player", "children", "visits", "total", "available")

    def __init__(self, action: Any = None, player: Optional[int] = None):
        self.action = action
        self.player = player
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def ucb(self) -> float:
        if not self.visits:
            return math.inf
        return self.mean() + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class SearchBot:
    """A bot that searches (see the module docstring).

    ``determinize(view, rng)`` draws a full state from a view; ``evaluate(state, seat)`` scores
    an unfinished position in [0, 1] for ``seat``; ``rollout(state, rng)`` picks an action in a
    playout (default: random). ``level`` is a name of :data:`LEVELS`: its playouts a decision
    (a subclass's ``LEVEL_PLAYOUTS`` when the game counts them its own way), with the clock as a
    safety stop; ``max_iterations`` replaces the count, ``seconds`` alone makes a time budget,
    ``rollout_depth`` overrides the level's. ``clock`` is what the bot reads the time from.
    """

    name = "Strong"
    #: playouts a decision per level, when the game counts them its own way (None: ``LEVELS``)
    LEVEL_PLAYOUTS: Mapping[str, int] | None = None
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(self, determinize: Callable[[Any, random.Random], Any],
                 evaluate: Callable[[Any, int], float], *, seed: int | None = 0, level: str = "normal",
                 seconds: float | None = None, max_iterations: int | None = None,
                 rollout: Callable[[Any, random.Random], Any] = random_rollout,
                 rollout_depth: int | None = None, prior: Callable[[Any, random.Random], Any] | None = None,
                 margin: float = 0.04):
        self.seconds, self.max_iterations = level_budget(level, seconds, max_iterations, self.LEVEL_PLAYOUTS)
        spec = LEVELS[level]
        self.level = level
        self.rollout_depth = spec.rollout_depth if rollout_depth is None else rollout_depth
        self._determinize = determinize
        self._evaluate = evaluate
        self._rollout = rollout
        self._prior = prior
        self.margin = margin
        self._random = random.Random(seed)
        self.last_analysis: dict[str, Any] | None = None
        self.playouts = 0
        self.search_seconds = 0.0

    # ------------------------------------------------------------------ the decision
    def choose(self, state: Any) -> Any:
        me = state.current_player
        if me is None:
            raise ValueError("no legal action: the game is over")
        view = state.player_view(me)
        del state  # from here on only drawn states are read
        return self.choose_from_view(view, me)

    def choose_from_view(self, view: Any, me: int) -> Any:
        """The action for seat ``me`` whose decision it is, from its ``view`` alone."""
        rng = self._random
        start = self.clock()
        first = self._determinize(view, rng)
        legal = first.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        root = Node(player=None)
        default = None
        if self._prior is not None and len(legal) > 1:
            default = self._prior(first.copy(), rng)
            root.children[_key(default)] = Node(default, me)  # searched first
        iterations = 0
        if len(legal) > 1:
            deadline = None if self.seconds is None else start + self.seconds
            world = first
            while True:
                self._iterate(root, world, me, rng)
                iterations += 1
                if self.max_iterations is not None and iterations >= self.max_iterations:
                    break
                if deadline is not None and self.clock() >= deadline:
                    break
                world = self._determinize(view, rng)
        elapsed = self.clock() - start
        self.playouts += iterations
        self.search_seconds += elapsed
        by_key = {_key(a): a for a in legal}
        ranked = sorted((c for k, c in root.children.items() if k in by_key),
                        key=lambda c: (c.visits, c.mean()), reverse=True)
        chosen = by_key[_key(ranked[0].action)] if ranked else legal[0]
        if default is not None and ranked and _key(default) in by_key:
            # the heuristic's choice stands unless the search finds something clearly better
            anchor = root.children[_key(default)]
            best = ranked[0]
            if best is not anchor and not (anchor.visits and best.visits >= 4 and best.mean() > anchor.mean()
                                           + self.margin + 0.5 / math.sqrt(min(best.visits, anchor.visits))):
                chosen = by_key[_key(default)]
                ranked.remove(anchor)
                ranked.insert(0, anchor)
        self.last_analysis = {
            "action": chosen,
            "win_chance": ranked[0].mean() if ranked else None,
            "visits": ranked[0].visits if ranked else 0,
            "heuristic": default,
            "iterations": iterations,
            "seconds": elapsed,
            "playouts_per_second": iterations / elapsed if elapsed > 0 else 0.0,
            "alternatives": [{"action": c.action, "win_chance": c.mean(), "visits": c.visits} for c in ranked[1:4]],
        }
        return chosen

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, state: Any, me: int, rng: random.Random) -> None:
        node = root
        path = [root]
        while not state.is_over:
            legal = state.legal_actions()
            player = state.current_player
            untried = [a for a in legal if _key(a) not in node.children]
            seeded = [node.children[_key(a)] for a in legal if _key(a) in node.children and not node.children[_key(a)].visits]
            if seeded or untried:  # the heuristic's choice (seeded at the root, unvisited) first
                action = seeded[0].action if seeded else rng.choice(untried)
                child = seeded[0] if seeded else Node(action, player)
                node.children[_key(action)] = child
                for a in legal:  # the others that could have been chosen here were available too
                    other = node.children.get(_key(a))
                    if other is not None and other is not child:
                        other.available += 1
                state.apply(action)
                path.append(child)
                break
            children = [node.children[_key(a)] for a in legal]
            for c in children:
                c.available += 1
            node = max(children, key=Node.ucb)
            state.apply(node.action)
            path.append(node)
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            state.apply(self._rollout(state, rng))
        scores: dict[int, float] = {}
        for n in path[1:]:
            p = n.player
            assert p is not None, "every node below the root records who chose its action"
            if p not in scores:
                scores[p] = self._score(state, p)
            n.visits += 1
            n.total += scores[p]
        root.visits += 1

    # ------------------------------------------------------------------ values of given actions
    def action_values(self, view: Any, me: int, actions: list, worlds: int) -> list[list[float]]:
        """Each of ``actions`` (seat ``me``'s, legal in its ``view``) played out in the same
        ``worlds`` worlds drawn from ``view`` alone, with the same luck for each: one row of
        scores per world (a world where one of them is not legal is left out). What a hint's or
        a review's figure is computed from; the clock stops it at the safety stop, so there may
        be fewer rows than ``worlds``."""
        rng = self._random
        start = self.clock()
        rows: list[list[float]] = []
        for _ in range(worlds):
            world = self._determinize(view, rng)
            seed = rng.randrange(1 << 30)
            try:
                rows.append([self._action_value(world.copy(), action, me, seed) for action in actions])
            except ValueError:  # not legal in this drawn world (IllegalAction is a ValueError)
                pass
            if self.seconds is not None and self.clock() - start >= self.seconds:
                break
        return rows

    def _action_value(self, state: Any, action: Any, me: int, seed: int) -> float:
        """``action`` then the rollout policy for ``rollout_depth`` actions, scored for ``me``."""
        rng = random.Random(seed)
        state.apply(action)
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            state.apply(self._rollout(state, rng))
        return self._score(state, me)

    def _score(self, state: Any, player: int) -> float:
        if state.is_over:
            winners = state.winners
            return 1.0 / len(winners) if player in winners else 0.0
        return min(1.0, max(0.0, float(self._evaluate(state, player))))


def strong_factory(determinize: Callable[[Any, random.Random], Any], evaluate: Callable[[Any, int], float],
                   rollout: Callable[[Any, random.Random], Any] = random_rollout,
                   prior: Callable[[Any, random.Random], Any] | None = None,
                   rollout_depth: int | None = None) -> Callable[..., SearchBot]:
    """A game's ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None,
    rollout_depth=None)``: a :class:`SearchBot` over that game's ``determinize`` and ``evaluate``
    (``rollout_depth`` here: the game's playout length at every level, instead of the level's)."""
    game_depth = rollout_depth

    def StrongBot(seed: int | None = 0, level: str = "normal", seconds: float | None = None,
                  max_iterations: int | None = None, rollout_depth: int | None = None) -> SearchBot:
        return SearchBot(determinize, evaluate, seed=seed, level=level, seconds=seconds,
                         max_iterations=max_iterations, rollout=rollout, prior=prior,
                         rollout_depth=game_depth if rollout_depth is None else rollout_depth)
    return StrongBot


def _key(action: Any) -> Hashable:
    """Actions are frozen dataclasses: themselves the key."""
    return action
