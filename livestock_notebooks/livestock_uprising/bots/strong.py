"""The strong Livestock Uprising bot: flat Monte Carlo over a few candidate actions.

At each real choice the bot takes the greedy bot's choice and a few others worth weighing (every
attack, forming the Super Army, ending the phase, a couple of other moves), then plays each of them
out in the same drawn worlds: a world is one complete game drawn from its seat's view alone
(:func:`.determinize.determinize`: the unseen command cards dealt anew, fresh dice), and every
candidate is tried in the same world with the same dice and the same greedy players afterwards, so
the comparison measures the action and not the luck. A playout runs for the level's changes of
turn (:data:`LEVEL_TURNS`: easy to the end of the opponent's reply, normal and hard a turn of
each seat further) and the position is scored by material: each seat's Generals still in
play, the units in their armies (worth what they cost), a Super Army, the resource tokens in hand;
a seat out of the game scores nothing, a winner everything. The greedy choice stands unless another
candidate does clearly better over the worlds drawn (a paired difference well above its noise).

Every playout counts its turns from before the candidate is played, so ending the turn is scored
over the same stretch of play as buying another unit (counted from after it, ending the turn won
a whole extra turn of harvest and purchases in its playout, and the bot hoarded tokens instead of
marshalling). The default choice comes from :class:`.strong_policy.TacticalBot` (the greedy bot
with a Super Army end game that minds who strikes first); every seat in the playouts, the bot's
own included, plays as the greedy bot. A Super Army is weighed only once
that policy would go home for one. Playouts read a :class:`.quick_view.QuickView` of the drawn
state rather than a full player view (the same answers, about half the cost).

Neither the policy nor the search may keep the bot's Super Army in another player's barn, where
in a two-player game nobody can attack it (:func:`.strong_policy.no_hideout`): a playout scored by
material rated hiding there above every fight, and a beaten army parked there stalled the game.

A key decision weighs up to 4, 6 or 8 candidates (easy, normal, hard) in as many worlds as its
level's playouts; a routine decision (a walk, a harvest, a purchase) weighs 3 in an eighth of
them at easy and normal, 6 in half of them at hard (:data:`ROUTINE_WIDTH`, :func:`routine_cap`),
never a time. How it does against the
greedy bot, and that strong bots finish their games, is measured by ``benchmarks/bots.py`` (the
current figures are in ``docs/benchmarks.md``).
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...core.search import LEVELS, SearchBot, share
from .. import actions as A
from .. import data as D
from .heuristic import GreedyBot
from ..determinize import determinize
from ..quick_view import QuickView
from .strong_policy import TacticalBot, no_hideout

__all__ = ["FIGURE_TURNS", "LEVEL_TURNS", "ROUTINE_DIVISOR", "ROUTINE_WIDTH", "StrongBot", "LivestockSearch", "evaluate", "hint_detail", "material", "routine_cap"]

_UNIT_WORTH = tuple(1.0 + sum(cost) for cost in D.UNIT_COST)
# a token is worth well under its share of a unit: otherwise a short playout rates keeping
# tokens (safe from battles) above buying the units that win the game
_TOKEN_WORTH = tuple(0.15 * (i + 1) for i in range(len(D.RESOURCES)))
_IN_PLAY = (0, 1)  # general status: active, merged into a Super Army

#: per level: how many candidate actions are weighed, and the most actions a playout runs
_WIDTH = {"easy": 4, "normal": 6, "hard": 8}
_HORIZON = {"easy": 60, "normal": 80, "hard": 120}
#: the worlds a key decision plays per level (a routine one a share: :data:`ROUTINE_DIVISOR`)
LEVEL_PLAYOUTS = {"easy": 4, "normal": 16, "hard": 24}
#: the changes of turn a search's playouts run to, per level: easy to the end of the opponent's
#: reply, normal and hard further. Looking further ahead than easy is what makes normal stronger;
#: more worlds hardly do, nor does looking further than normal (the ladder's experiments:
#: docs/benchmarks.md)
LEVEL_TURNS = {"easy": 2, "normal": 4, "hard": 4}
#: per level: a routine decision (a walk, a harvest, a purchase) plays this share of the key
#: decisions' worlds (1/8: a walk is hardly searched) and weighs this many candidates. Hard
#: searches its walks and purchases too: that, not a longer look, is what it has over normal
ROUTINE_DIVISOR = {"easy": 8, "normal": 8, "hard": 2}
ROUTINE_WIDTH = {"easy": 3, "normal": 3, "hard": 6}
#: the changes of turn a hint's or a review's figure playouts run to (:meth:`LivestockSearch.action_values`),
#: at every level: what the calibration table (``data/calibration/livestock_uprising.json``) was fitted on
FIGURE_TURNS = 2
#: the share of a time budget (``seconds`` alone) a routine decision (a walk, a harvest, a purchase) gets
_ROUTINE_SHARE = 0.125
_KEY = (A.Attack, A.DeclareSuperArmy, A.PlayCard)
#: kinds of action always weighed when legal (besides the greedy choice)
_ALWAYS = (A.Attack, A.DeclareSuperArmy, A.EndActions, A.EndHarvest, A.EndTurn)


def routine_cap(max_iterations: int | None, divisor: int = 8) -> int | None:
    """The default cap on a routine decision's iterations: ``max_iterations`` over ``divisor``
    (an eighth, or the level's :data:`ROUTINE_DIVISOR`), at least 1 (``None`` without an
    iteration budget).

    >>> routine_cap(16), routine_cap(8), routine_cap(None), routine_cap(24, 2)
    (2, 1, None, 12)
    """
    return None if max_iterations is None else max(1, max_iterations // divisor)


def material(state: Any, seat: int) -> float:
    """What ``seat`` has on the board and in hand, in unit-cost points (0 when it is out)."""
    if not state.alive[seat]:
        return 0.0
    total = 0.0
    for slot in range(3 * seat, 3 * seat + 3):
        if state.general_status[slot] in _IN_PLAY:
            total += 3.0 + sum(_UNIT_WORTH[u] for u in state.armies[slot])
    total += sum(w * n for w, n in zip(_TOKEN_WORTH, state.tokens[seat]))
    if state.super_army[seat]:
        total *= 1.3
    return total


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s share of the material of the seats still in play (a number in [0, 1])."""
    return share([material(state, p) for p in range(state.players)], seat)


def _is_key(view: Any, legal: list) -> bool:
    """A decision that can change a battle or the end game: one asked in a battle, or one where
    an attack, a command card or the Super Army is on offer."""
    return view.pending is not None or any(isinstance(a, _KEY) for a in legal)


def _score(state: Any, seat: int) -> float:
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    return evaluate(state, seat)


class LivestockSearch(SearchBot):
    """The strong bot (see the module docstring). ``seconds`` / ``level`` / ``max_iterations``
    as :class:`~livestock_notebooks.core.search.SearchBot`; an iteration is one drawn world in
    which every candidate is played out. ``width``: candidates weighed; ``rollout_depth``: the
    most actions a playout runs; ``turns``: the changes of turn a search's playout runs to (default
    the level's, :data:`LEVEL_TURNS`); ``policy``:
    ``tactical`` (:class:`.strong_policy.TacticalBot`) or ``greedy`` for the default choice;
    ``confidence``: how many standard errors above the policy's choice another must score;
    ``routine_iterations``: the cap on iterations for a routine decision (a walk, a harvest, a
    purchase: no battle, command card or Super Army on offer); by default the level's share of
    ``max_iterations`` (an eighth, hard half: :data:`ROUTINE_DIVISOR`; at least 1), as a time
    budget gives such decisions an eighth of the time (:func:`routine_cap`), so ``max_iterations``
    stays the one knob."""

    name = "Strong"
    LEVEL_PLAYOUTS = LEVEL_PLAYOUTS

    def __init__(self, seed: int | None = 0, level: str = "normal", seconds: float | None = None,
                 max_iterations: int | None = None, rollout_depth: int | None = None,
                 width: int | None = None, margin: float = 0.02, turns: int | None = None, policy: str = "tactical",
                 confidence: float = 1.5, routine_iterations: int | None = None):
        super().__init__(determinize, evaluate, seed=seed, level=level, seconds=seconds,
                         max_iterations=max_iterations, margin=margin,
                         rollout_depth=_HORIZON.get(level, 60) if rollout_depth is None else rollout_depth)
        self.width = _WIDTH.get(level, 4) if width is None else width
        self.turns = LEVEL_TURNS.get(level, 2) if turns is None else turns
        self.confidence = confidence
        self.routine_iterations = (routine_cap(self.max_iterations, ROUTINE_DIVISOR.get(level, 8))
                                   if routine_iterations is None else routine_iterations)
        self.routine_width = ROUTINE_WIDTH.get(level, 3)
        self._greedy = (TacticalBot if policy == "tactical" else GreedyBot)(seed)

    def hint_detail(self, view: Any, action: Any) -> str | None:
        """The hint's words about the suggested action: :func:`hint_detail`."""
        return hint_detail(view, action)

    # ------------------------------------------------------------------ the decision
    def candidates(self, view: Any, me: int) -> list:
        """The moves this bot would weigh at ``view`` (seat ``me``'s), the policy's first: what a
        review plays out against the move made (:func:`livestock_notebooks.review.review_game`)."""
        return self._choices(view, me, self._random)[3]

    def _choices(self, view: Any, me: int, rng: random.Random) -> tuple[Any, Any, bool, list]:
        """The first world drawn from ``view``, the policy's choice, whether the decision is a key
        one (a fight, a card, the Super Army) and the candidates weighed."""
        first = determinize(view, rng)
        legal = first.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        legal = no_hideout(view, legal, me)  # a Super Army parked in another's barn cannot be fought: no hiding
        default = self._greedy.decide(view, legal) if len(legal) > 1 else legal[0]
        if not isinstance(default, A.DeclareSuperArmy) and not self._greedy.gathering(view, me):
            # a Super Army formed before the policy wants one is weighed over too short a playout to judge it
            legal = [a for a in legal if not isinstance(a, A.DeclareSuperArmy)]
        key = _is_key(view, legal)
        return first, default, key, self._candidates(default, legal, rng, self.width if key else min(self.width, self.routine_width))

    def choose_from_view(self, view: Any, me: int) -> Any:
        rng = self._random
        start = self.clock()
        first, default, key, candidates = self._choices(view, me, rng)
        totals = [0.0] * len(candidates)
        diffs = [0.0] * len(candidates)  # paired with the greedy choice, world by world
        squares = [0.0] * len(candidates)
        iterations = 0
        if len(candidates) > 1:
            # on a time budget a fight, a card or the Super Army gets the whole time, walking,
            # harvesting and buying a share; with a count (the levels) the clock is a safety stop
            timed = self.max_iterations is None
            deadline = None if self.seconds is None else start + self.seconds * (1.0 if key or not timed else _ROUTINE_SHARE)
            budget = self.max_iterations if key or self.routine_iterations is None else min(
                self.max_iterations or self.routine_iterations, self.routine_iterations)
            world = first
            while True:
                seed = rng.randrange(1 << 30)
                scores = [self._playout(world.copy(), c, me, seed) for c in candidates]
                for i, s in enumerate(scores):
                    totals[i] += s
                    d = s - scores[0]
                    diffs[i] += d
                    squares[i] += d * d
                iterations += 1
                if budget is not None and iterations >= budget:
                    break
                if deadline is not None and self.clock() >= deadline:
                    break
                world = determinize(view, rng)
        elapsed = self.clock() - start
        self.playouts += iterations * len(candidates)
        self.search_seconds += elapsed
        chosen = 0
        if iterations >= 2:
            best_gain = 0.0
            for i in range(1, len(candidates)):
                mean = diffs[i] / iterations
                spread = math.sqrt(max(0.0, squares[i] / iterations - mean * mean) / (iterations - 1))
                gain = mean - self.margin - self.confidence * spread
                if gain > best_gain:
                    chosen, best_gain = i, gain
        n = max(1, iterations)
        order = [chosen] + sorted((i for i in range(len(candidates)) if i != chosen),
                                  key=lambda i: totals[i], reverse=True)
        self.last_analysis = {
            "action": candidates[chosen],
            "win_chance": totals[chosen] / n if iterations else None,
            "visits": iterations,
            "heuristic": default,
            "iterations": iterations,
            "routine": not key,  # a walk, a harvest or a purchase: searched with the routine cap
            "seconds": elapsed,
            "playouts_per_second": iterations * len(candidates) / elapsed if elapsed > 0 else 0.0,
            "alternatives": [{"action": candidates[i], "win_chance": totals[i] / n, "visits": iterations}
                             for i in order[1:4]],
        }
        if iterations == 0:
            self.last_analysis["win_chance"] = _score(first, me)
        return candidates[chosen]

    def _action_value(self, state: Any, action: Any, me: int, seed: int) -> float:
        """A figure's playout (hint, review): to :data:`FIGURE_TURNS` changes of turn at every
        level, as the calibration table was fitted, whatever the level's search looks ahead."""
        return self._playout(state, action, me, seed, FIGURE_TURNS)

    @staticmethod
    def _candidates(default: Any, legal: list, rng: random.Random, width: int) -> list:
        """The greedy choice first, then the actions always weighed, then others drawn at random,
        ``width`` in all."""
        out = [default]
        for a in legal:
            if len(out) >= width:
                break
            if isinstance(a, _ALWAYS) and a not in out:
                out.append(a)
        rest = [a for a in legal if a not in out]
        rng.shuffle(rest)
        out.extend(rest[:max(0, width - len(out))])
        return out

    def _playout(self, state: Any, action: Any, me: int, seed: int, turns: int | None = None) -> float:
        """``action`` then greedy play by every seat for ``turns`` changes of turn (default the
        level's: with 2, until the turn after the opponent's reply begins)."""
        turns = self.turns if turns is None else turns
        turn, changes = state.turn, 0  # counted from before the action: ending the turn gains no extra turn
        state.apply(action)
        bots = [GreedyBot(seed + p) for p in range(state.players)]
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            if state.turn != turn:
                turn, changes = state.turn, changes + 1
                if changes >= turns:
                    break
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else bots[state.current_player].decide(QuickView(state), legal))
        return _score(state, me)


def hint_detail(view: Any, action: Any) -> str | None:
    """What the hint adds about ``action`` seen from ``view`` (the deciding seat's): for an attack,
    the exact odds of its battle (the engine's own, :mod:`livestock_notebooks.odds`), or the
    Generals a Super Army removes without one; for a move, what it threatens (an enemy General it
    can attack from there), protects (an enemy that could attack it where it stood and cannot
    there, or its barn) or completes (every General home for a Super Army), and the enemies that
    can reach it there; ``None`` for anything else or a move that changes none of these."""
    if isinstance(action, A.Move):
        return _move_words(view, action)
    if not isinstance(action, A.Attack):
        return None
    preview = view.preview(action)
    if preview is None:
        return None
    if preview.odds is None:
        gone = ", ".join(preview.destroys) or "the defender"
        return f"no battle: your Super Army removes {gone}"
    odds = preview.odds
    return (f"you win {_percent(odds.attacker)} of this battle (tie {_percent(odds.tie)}, "
            f"lose {_percent(odds.defender)}; attack {preview.attack} against defense {preview.defense})")


def _near(a: str, b: str, reach: int = 1) -> bool:
    """Squares at most ``reach`` steps apart (diagonals included), as moves and attacks go."""
    return a != b and max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:]))) <= reach


def _name(general: Any) -> str:
    return f"the Super Army ({general.name})" if general.super_army else general.name


def _reach(general: Any) -> int:
    """How far an enemy General can strike in its next turn: next to it; a Super Army may step
    first (its moves: ``data.SUPER_MOVES``)."""
    return D.SUPER_MOVES if general.super_army else 1


def _move_words(view: Any, move: Any) -> str | None:
    me = view.viewer
    mine = next((g for g in view.generals if g.name == move.general), None)
    if mine is None or me is None:
        return None
    enemies = [g for g in view.generals if g.player != me and g.active and g.square]
    barns = {sq.name: sq.barn_of for row in view.board for sq in row}
    words = []
    threatened = [g for g in enemies if _near(move.to, g.square) and not _near(move.frm, g.square)
                  and barns.get(g.square) is None and mine.attack > 0]
    if threatened:
        words.append("it threatens " + ", ".join(f"{_name(g)} at {g.square}" for g in threatened))
    reaching = [g for g in enemies if _near(move.to, g.square, _reach(g)) and g.attack > 0]
    if barns.get(move.to) == me:
        home = [g for g in view.generals if g.player == me and g.active]
        if all(g.square == move.to or g.name == mine.name for g in home) and len(home) > 1:
            words.append(f"it completes your Generals' gathering in the barn ({move.to}) for a Super Army")
        else:
            words.append(f"it brings {mine.name} home to the barn ({move.to})")
        reaching = []
    else:
        escaped = [g for g in enemies if _near(move.frm, g.square, _reach(g)) and not _near(move.to, g.square, _reach(g))
                   and g.attack > 0 and barns.get(move.frm) != me]
        if escaped:
            words.append(f"it takes {mine.name} out of reach of " + ", ".join(_name(g) for g in escaped))
    if reaching:
        words.append("there " + ", ".join(_name(g) for g in reaching) + f" can attack {mine.name}"
                     + (" (it has no units)" if not mine.units else ""))
    return "; ".join(words) or None


def _percent(p: Any) -> str:
    return f"{100 * float(p):.0f}%"


def StrongBot(seed: int | None = 0, level: str = "normal", seconds: float | None = None,
              max_iterations: int | None = None, rollout_depth: int | None = None,
              routine_iterations: int | None = None) -> LivestockSearch:
    """The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None)``
    (levels ``easy``, ``normal``, ``hard``: the worlds a decision plays, :data:`LEVEL_PLAYOUTS`); a
    routine decision gets the level's share of them (:data:`ROUTINE_DIVISOR`) unless
    ``routine_iterations`` says otherwise."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {sorted(LEVELS)}")
    return LivestockSearch(seed=seed, level=level, seconds=seconds, max_iterations=max_iterations,
                           rollout_depth=rollout_depth, routine_iterations=routine_iterations)
