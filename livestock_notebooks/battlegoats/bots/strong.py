"""The strong BattleGoats bot: an attack planner, checked by determinized search (:mod:`..core.search`).

The planner (:class:`AttackPlanner`) scores every attack open to the deciding player, each of its
cards against each card of every opponent, from what that player knows: the exact chances of a
win, a tie, a loss or a dodge (a face-down target is any card whose place the player does not
know, each as likely as the others), what the attacking card is worth to its owner, and how far
the target's owner leads. A BattleGoats game with three players turns on that point and on
caution: hitting whoever has the most cards left keeps the other two fighting each other (the
smart bot's habit of finishing off the weakest hands the game to the third player), and a card
of one's own lost costs more than one taken from an opponent, since the third player gains too.

:class:`PlannerBot` plays that planner (the smart bot's choices everywhere else: drafting,
laying out, dodging). :class:`StrongBot` searches with it: each iteration draws a whole game
from its seat's view with :func:`.determinize.determinize` (the face-down cards it has not seen,
the other hands and packs redrawn) and plays each of the planner's best few moves out in it with
the same luck, every seat playing as the smart bot does (:func:`.playout.smart_playout`: its
sure wins first, its ties broken towards the lowest seat and slot, its dodges); the planner's
choice stands unless another does better world by world beyond the noise. The smart bot's
playouts are used rather than :func:`quick_rollout` (``playout="quick"``) because, like the
opponents it meets, they win more games on the same seeds. Everything is read from the seat's
view: the planner from a drawn state, and only the cards that seat may know.

The levels are counts of worlds, never a time (:data:`LEVEL_PLAYOUTS`): easy plays the planner
alone, normal checks it in 10 worlds, hard in 30. How each does against the level below is
measured by ``benchmarks/bots.py --ladder`` (the current figures are in ``docs/benchmarks.md``).
Its own layout stays the smart bot's (best card first, where its own modifiers give the most),
and it does not try to steer the smart bots' attacks: both were measured and lost games; the
history of this file has the figures.
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...core.rng import Dice
from ...core.search import SearchBot, share
from .. import actions as act
from .heuristic import SeenBot
from ..board import player_text
from ..cards import ADJACENT, SLOT_NAMES, card_value
from ..determinize import determinize
from ..odds import unknown_pool
from .playout import smart_playout

__all__ = ["AttackPlanner", "LEVEL_PLAYOUTS", "LEVEL_WIDTH", "PlannerBot", "StrongBot", "WEIGHTS", "evaluate", "quick_rollout", "strength"]

#: The planner's weights: ``risk`` what losing one of its own cards costs against taking one
#: (with three players a card taken helps the third player too), ``lead`` what a card of the
#: opponent with more cards than the others is worth more, ``finish`` the bonus for taking an
#: opponent's last card, ``beta`` how much a card's defence adds to its worth, ``expose`` the
#: cost of showing a card that will then be beaten, ``doomed`` how little a known card that will
#: be beaten anyway is worth, ``sure`` the chance that an opponent who surely beats a known card
#: attacks it, ``fainting`` the penalty of an attacker that lets the opponent pick the defender,
#: ``own`` the cost of an attacker that also fights an own neighbour, ``defuse`` the bonus for
#: taking a known card that surely beats one of the planner's known cards, ``first`` whom it
#: names to attack first (0 itself, 1 the next player, ...). Tuned against two smart bots.
WEIGHTS = {"risk": 3.0, "lead": 0.3, "finish": 0.1, "beta": 0.0, "expose": 0.0, "doomed": 0.7, "sure": 0.9,
           "fainting": 0.3, "defuse": 0.0, "first": 0, "own": 1.0}

_FULL = ["x"] * 9  # a battlefield full of cards (a rough value for an unknown card)
_EXPLODE_ATTACKING = ("attacking", "any")
_EXPLODE_DEFENDING = ("defending", "any")


class AttackPlanner:
    """The attacks of seat ``me`` in ``state`` scored from what ``me`` knows.

    ``state`` is a state drawn from ``me``'s view (or the true one): the planner reads ``me``'s
    own cards, the public ones (revealed or face up), which slots hold cards, the discard piles
    and the defeated cards; a face-down card of another player is only ever "one of the cards
    ``me`` has not placed".
    """

    def __init__(self, state: Any, me: int, weights: dict | None = None):
        self.state, self.me = state, me
        self.w = dict(WEIGHTS, **(weights or {}))
        self.by_id = state.cards.by_id
        self.public = state.revealed | state.face_up
        self.slain = state.slain_set()
        self.pool = unknown_pool(state, me)
        self.disc = [len(d) for d in state.discard]
        self.opps = [p for p in range(state.players) if p != me and any(c is not None for c in state.board[p])]
        self.sizes = {p: sum(1 for c in state.board[p] if c is not None) for p in self.opps}
        self.known_board = {p: [c if c is None or c in self.public else "?" for c in state.board[p]] for p in self.opps}
        self._pool_attack: dict[int, list[int]] = {}
        self._groups: dict[tuple[int, int, str], list[tuple[str, int, bool, bool, int]]] = {}
        self._values: dict[tuple[int, int], list[tuple]] = {}

    # ------------------------------------------------------------------ values
    def _attack_value(self, slot: int, tp: int, dtype: str) -> int:
        st, me = self.state, self.me
        aid = st.board[me][slot]
        v, _ = card_value(self.by_id[aid], board=st.board[me], slot=slot, role="attacking", other_type=dtype,
                          face_up=st.counts_face_up(aid), own_discard=self.disc[me], other_discard=self.disc[tp],
                          seen=self.public | {aid}, slain=self.slain)
        return v

    def _defence_value(self, cid: str, tp: int, ts: int, atype: str, board: list) -> int:
        v, _ = card_value(self.by_id[cid], board=board, slot=ts, role="defending", other_type=atype,
                          face_up=self.state.counts_face_up(cid), own_discard=self.disc[tp],
                          other_discard=self.disc[self.me], seen=self.public | {cid}, slain=self.slain)
        return v

    def _my_defence(self, slot: int) -> int:
        st, me = self.state, self.me
        cid = st.board[me][slot]
        v, _ = card_value(self.by_id[cid], board=st.board[me], slot=slot, role="defending", other_type="goat",
                          face_up=False, own_discard=self.disc[me], other_discard=1,
                          seen=self.public | {cid}, slain=self.slain)
        return v

    def candidates(self, tp: int, ts: int) -> list[str]:
        """The cards that may be ``tp``'s card in slot ``ts``, as ``me`` knows (one when public)."""
        st, by_id = self.state, self.by_id
        cid = st.board[tp][ts]
        if cid in self.public:
            return [cid]
        pool = self.pool
        if not st.captured and (any(c is not None and c in self.public and by_id[c].type == "hero"
                                    for c in st.board[tp])
                                or any(by_id[c].type == "hero" for c in st.discard[tp])):
            pool = [c for c in pool if by_id[c].type != "hero"]  # one Hero an army, and it is known
        return pool

    # ------------------------------------------------------------------ my cards at risk
    def _pool_attacks(self, q: int) -> list[int]:
        """Rough attack values of the cards ``me`` has not placed, as ``q``'s attackers."""
        got = self._pool_attack.get(q)
        if got is None:
            got = []
            for c in self.pool:
                card = self.by_id[c]
                v, _ = card_value(card, board=_FULL, slot=4, role="attacking", other_type="goat", face_up=False,
                                  own_discard=self.disc[q], other_discard=self.disc[self.me],
                                  seen=self.public | {c}, slain=self.slain)
                got.append(99 if card.explodes in _EXPLODE_ATTACKING else v)
            self._pool_attack[q] = got
        return got

    def threat(self, slot: int, defence: int) -> float:
        """The chance that ``me``'s card in ``slot`` (defending at ``defence``), once known, is
        beaten before ``me``'s next turn: an opponent attacks it when one of its cards surely wins."""
        st = self.state
        survive = 1.0
        for q in self.opps:
            unknown = 0
            sure = False
            for s, c in enumerate(st.board[q]):
                if c is None:
                    continue
                if c not in self.public:
                    unknown += 1
                    continue
                card = self.by_id[c]
                v, _ = card_value(card, board=st.board[q], slot=s, role="attacking", other_type="goat",
                                  face_up=st.counts_face_up(c), own_discard=self.disc[q],
                                  other_discard=self.disc[self.me], seen=self.public, slain=self.slain)
                if v >= defence or card.explodes in _EXPLODE_ATTACKING:
                    sure = True
                    break
            if sure:
                survive *= 1.0 - self.w["sure"]
                continue
            attacks = self._pool_attacks(q)
            beaten = sum(1 for v in attacks if v >= defence) / len(attacks) if attacks else 0.0
            survive *= (1.0 - beaten) ** unknown
        return 1.0 - survive

    def worth(self, slot: int) -> tuple[float, float]:
        """What ``me``'s card in ``slot`` is worth to ``me`` and what showing it would cost."""
        cid = self.state.board[self.me][slot]
        w = self.w
        if not (w["beta"] or w["expose"] or w["doomed"] and cid in self.public):
            return 1.0, 0.0
        d = self._my_defence(slot)
        base = 1.0 + w["beta"] * max(0, d) / 10
        th = self.threat(slot, d)
        if cid in self.public:
            return base * (1.0 - w["doomed"] * th), 0.0
        return base, base * th

    # ------------------------------------------------------------------ the attacks
    def _defenders(self, tp: int, ts: int, atype: str) -> list[tuple[str, int, bool, bool, int]]:
        """The cards that may defend (tp, ts) against an attacker of type ``atype``, grouped:
        (type, defence value, explodes, may avoid battle, how many cards)."""
        key = (tp, ts, atype)
        got = self._groups.get(key)
        if got is None:
            board = list(self.known_board[tp])
            counts: dict[tuple[str, int, bool, bool], int] = {}
            for cid, dcard, value, by_type, explodes, avoids in self._candidate_values(tp, ts):
                if by_type:
                    board[ts] = cid
                    value = self._defence_value(cid, tp, ts, atype, board)
                g = (dcard.type, value, explodes, avoids)
                counts[g] = counts.get(g, 0) + 1
            got = self._groups[key] = [g + (n,) for g, n in counts.items()]
        return got

    def _candidate_values(self, tp: int, ts: int) -> list[tuple]:
        """Per card that may be at (tp, ts): (id, card, defence value against a goat, whether
        the value depends on the attacker's type, explodes, may avoid battle)."""
        key = (tp, ts)
        got = self._values.get(key)
        if got is None:
            st, by_id = self.state, self.by_id
            board = list(self.known_board[tp])
            got = []
            for cid in self.candidates(tp, ts):
                dcard = by_id[cid]
                board[ts] = cid
                got.append((cid, dcard, self._defence_value(cid, tp, ts, "goat", board),
                            any(m[0] == "vs_type" for m in dcard.mods), dcard.explodes in _EXPLODE_DEFENDING,
                            bool(dcard.may_avoid) and cid not in st.face_up))
            self._values[key] = got
        return got

    def odds(self, slot: int, tp: int, ts: int) -> tuple[float, float, float, float]:
        """(win, tie, loss, dodge) of ``me``'s card in ``slot`` attacking (tp, ts); a target able
        to avoid battle is taken to do so when it would not win."""
        acard = self.by_id[self.state.board[self.me][slot]]
        a_explodes = acard.explodes in _EXPLODE_ATTACKING
        counts = [0, 0, 0, 0]
        attack: dict[str, int] = {}
        for dtype, dv, d_explodes, avoids, n in self._defenders(tp, ts, acard.type):
            av = attack.get(dtype)
            if av is None:
                av = attack[dtype] = self._attack_value(slot, tp, dtype)
            if a_explodes or d_explodes:
                out = 1
            else:
                out = 0 if av > dv else 2 if av < dv else 1
            if out < 2 and avoids:
                out = 3
            counts[out] += n
        total = sum(counts) or 1
        return counts[0] / total, counts[1] / total, counts[2] / total, counts[3] / total

    def score(self, slot: int, tp: int, ts: int, worth: tuple[float, float] | None = None) -> float:
        """How good the attack is for ``me`` (about the cards it gains, less those it risks)."""
        w = self.w
        keep, expose = self.worth(slot) if worth is None else worth
        keep *= w["risk"]
        pw, pt, pl, pd = self.odds(slot, tp, ts)
        sizes = self.sizes
        gain = 1.0 + w["lead"] * (sizes[tp] - sum(sizes.values()) / len(sizes)) + w["finish"] * (sizes[tp] == 1)
        cost = w["expose"] * expose
        if w["defuse"] and self._menaces(tp, ts):
            gain += w["defuse"]
        return pw * (gain - cost) + pt * (gain - keep) - pl * keep - pd * cost

    def _menaces(self, tp: int, ts: int) -> bool:
        """Whether ``tp``'s card in ``ts`` is known and surely beats a known card of ``me``'s."""
        st = self.state
        cid = st.board[tp][ts]
        if cid not in self.public:
            return False
        mine = [s for s, c in enumerate(st.board[self.me]) if c is not None and c in self.public]
        if not mine:
            return False
        v, _ = card_value(self.by_id[cid], board=st.board[tp], slot=ts, role="attacking", other_type="goat",
                          face_up=st.counts_face_up(cid), own_discard=self.disc[tp], other_discard=self.disc[self.me],
                          seen=self.public, slain=self.slain)
        return any(v > self._my_defence(s) for s in mine)

    def ranked(self, slots: list[int] | None = None) -> list[tuple[float, int, int, int]]:
        """Every attack as (score, own slot, target player, target slot), best first. An attacker
        that lets the opponent pick the defender counts the worst of that opponent's cards."""
        st, me = self.state, self.me
        if slots is None:
            slots = [s for s, c in enumerate(st.board[me]) if c is not None]
        out = []
        for s in slots:
            acard = self.by_id[st.board[me][s]]
            wo = self.worth(s)
            # an attacker that also fights an own neighbour costs about one more card
            own = 0.0
            if acard.hits_own_adjacent and any(st.board[me][n] is not None for n in ADJACENT[s]):
                own = self.w["own"]
            for tp in self.opps:
                scores = [(self.score(s, tp, ts, wo) - own, s, tp, ts)
                          for ts, c in enumerate(st.board[tp]) if c is not None]
                if acard.defender_chooses and scores:
                    worst = min(scores)
                    scores = [(worst[0] - self.w["fainting"], s, tp, worst[3])]
                out += scores
        out.sort(key=lambda t: (-t[0], t[1], t[2], t[3]))
        return out


class PlannerBot(SeenBot):
    """The smart bot with the :class:`AttackPlanner` choosing its attacks (attacker, target and,
    for an attacker that names an opponent, that opponent). Decides from what its seat knows."""

    name = "Planner"
    #: the planner class (a study may give it another reading of the cards it cannot see)
    planner = AttackPlanner

    def __init__(self, seed: int | None = 0, weights: dict | None = None):
        super().__init__(seed)
        self.weights = dict(weights or {})

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) > 1:
            kind = type(actions[0])
            me = state.current_player
            if kind is act.ChooseFirstAttacker:
                first = (me + int(self.weights.get("first", WEIGHTS["first"]))) % state.players
                return next((a for a in actions if a.first == first), actions[0])
            if kind is act.ChooseAttacker:
                best = self.planner(state, me, self.weights).ranked()
                if best:
                    slot = best[0][1]
                    return next(a for a in actions if a.slot == slot)
            elif kind is act.ChooseTarget or kind is act.ChooseOpponent:
                pend = state.pending
                best = self.planner(state, me, self.weights).ranked([pend["attacker"]])
                taken = [tuple(t) for t in pend["targets"]]
                for _, _, tp, ts in best:
                    if (tp, ts) in taken:
                        continue
                    for a in actions:
                        if kind is act.ChooseOpponent and a.opponent == tp:
                            return a
                        if kind is act.ChooseTarget and (a.target_player, a.target_slot) == (tp, ts):
                            return a
        return super().choose(state)


# ---------------------------------------------------------------------- the search
def strength(state: Any, player: int) -> float:
    """The cards ``player`` still has, each worth 1 plus a tenth of its value."""
    by_id = state.cards.by_id
    cards = [c for c in state.board[player] if c is not None] + list(state.hands[player])
    return sum(1.0 + 0.1 * by_id[c].value for c in cards)


def evaluate(state: Any, player: int) -> float:
    """``player``'s share of the cards still in play (a number in [0, 1])."""
    return share([strength(state, p) for p in range(state.players)], player)


def quick_rollout(state: Any, rng: random.Random, searcher: int | None = None) -> Any:
    """A quick playout policy on a drawn state: attack with a strong card, a known card it beats
    if there is one, else a card of the opponent with the most cards (the ``searcher``'s way) or,
    for the other seats, with the fewest (the smart bot's way); otherwise a random action."""
    legal = state.legal_actions()
    first = legal[0]
    if len(legal) == 1:
        return first
    kind = type(first)
    by_id = state.cards.by_id
    me = state.current_player
    if kind is act.ChooseAttacker:
        return max(legal, key=lambda a: (by_id[state.board[me][a.slot]].value, rng.random()))
    if kind is act.ChooseTarget:
        aslot = state.pending["attacker"]
        mine = by_id[state.board[me][aslot]].value
        known = state.revealed
        sure = [a for a in legal if isinstance(a, act.ChooseTarget)
                and state.board[a.target_player][a.target_slot] in known
                and by_id[state.board[a.target_player][a.target_slot]].value < mine]
        if sure:
            return rng.choice(sure)
        sign = -1 if searcher is not None and me != searcher else 1
        size = {p: sign * sum(1 for c in state.board[p] if c is not None) for p in range(state.players)}
        most = max(size[a.target_player] for a in legal if isinstance(a, act.ChooseTarget))
        return rng.choice([a for a in legal if isinstance(a, act.ChooseTarget) and size[a.target_player] == most])
    if kind is act.ChooseEnding:
        return next(a for a in legal if a.share)
    return rng.choice(legal)


#: The playout policies by name (``StrongBot(playout=...)``).
PLAYOUTS = {"smart": smart_playout, "quick": quick_rollout}


def _card_in(state: Any, player: int, slot: int) -> Any:
    return state.cards.by_id[state.board[player][slot]]


class _Paired:
    """The scores of candidates played out in the same drawn worlds; each candidate's gain over
    the first (the planner's) is taken world by world, so the luck of a draw cancels out."""

    def __init__(self, n: int):
        self.count = 0
        self.totals = [0.0] * n
        self._gains = [0.0] * n
        self._squares = [0.0] * n

    def add(self, scores: list[float]) -> None:
        self.count += 1
        for i, sc in enumerate(scores):
            self.totals[i] += sc
            self._gains[i] += sc - scores[0]
            self._squares[i] += (sc - scores[0]) ** 2

    def mean(self, i: int) -> float | None:
        return self.totals[i] / self.count if self.count else None

    def gain(self, i: int) -> float | None:
        """Candidate ``i``'s mean gain over the first, world by world."""
        return self._gains[i] / self.count if self.count else None

    def pick(self, margin: float, errors: float = 1.5) -> int:
        """The first candidate, unless another gains more than ``margin`` plus ``errors`` standard errors."""
        best, best_gain, k = 0, 0.0, self.count
        if k < 2:
            return 0
        for i in range(1, len(self.totals)):
            gain = self._gains[i] / k
            noise = math.sqrt(max(0.0, self._squares[i] / k - gain * gain) / (k - 1))
            if gain - margin - errors * noise > best_gain:
                best, best_gain = i, gain - margin - errors * noise
        return best


#: The worlds a decision plays per level (each plays every candidate out). Easy plays none: the
#: planner alone, a clear step above the smart bot. Normal checks the planner with a small search
#: (10 worlds, the planner's 3 best moves), hard with a larger one (30 worlds, 4 moves); more
#: worlds than that, or even every face-down card seen, won no more games (the difficulty ladder
#: in docs/benchmarks.md), so hard stops at 30.
LEVEL_PLAYOUTS = {"easy": 0, "normal": 10, "hard": 30}
#: How many of the planner's best moves a decision weighs, per level.
LEVEL_WIDTH = {"easy": 1, "normal": 3, "hard": 4}


class StrongBot(SearchBot):
    """The strong bot: ``StrongBot(seed=0, level="normal", seconds=None, max_iterations=None,
    rollout_depth=None, width=None)`` (levels ``easy``, ``normal``, ``hard``:
    the worlds a decision plays, :data:`LEVEL_PLAYOUTS`; ``width``: how many of the planner's
    best moves are weighed).

    Each iteration draws one whole game from the seat's view and plays every candidate out in it
    with the same dice (:func:`quick_rollout` for every seat); the planner's choice stands unless
    another candidate does better world by world by more than the margin and the noise."""

    name = "Strong"
    LEVEL_PLAYOUTS = LEVEL_PLAYOUTS

    def __init__(self, seed: int | None = 0, level: str = "normal", seconds: float | None = None,
                 max_iterations: int | None = None, rollout_depth: int | None = None, width: int | None = None,
                 margin: float = 0.0, weights: dict | None = None, playout: str = "smart",
                 errors: float = 1.5):
        super().__init__(determinize, evaluate, seed=seed, level=level, seconds=seconds,
                         max_iterations=max_iterations, rollout=quick_rollout, margin=margin,
                         rollout_depth=200 if rollout_depth is None else rollout_depth)
        self.width = LEVEL_WIDTH.get(level, 3) if width is None else width
        self._planner = PlannerBot(seed, weights)
        self._playout = PLAYOUTS[playout]
        self.errors = errors

    def choose_from_view(self, view: Any, me: int) -> Any:
        rng, start = self._random, self.clock()
        first = determinize(view, rng)
        plans, choice = self._plans(first, me)
        stats = _Paired(len(plans))
        deadline = None if self.seconds is None else start + self.seconds
        world = first
        while choice and self.max_iterations != 0:  # easy plays no world: the planner alone
            dice = rng.randrange(1 << 30)
            stats.add([self._play(world.copy(), plan, me, dice) for plan in plans])
            if self.max_iterations is not None and stats.count >= self.max_iterations:
                break
            if deadline is not None and self.clock() >= deadline:
                break
            world = determinize(view, rng)
        elapsed = self.clock() - start
        iterations = stats.count
        self.playouts += iterations * len(plans)
        self.search_seconds += elapsed
        best = stats.pick(self.margin, self.errors)
        order = sorted(range(len(plans)), key=lambda i: (i != best, -stats.totals[i]))
        self.last_analysis = {
            "action": plans[best][0], "win_chance": stats.mean(best), "visits": iterations, "heuristic": plans[0][0],
            "iterations": iterations, "seconds": elapsed,
            "playouts_per_second": iterations * len(plans) / elapsed if elapsed > 0 else 0.0,
            "alternatives": [{"action": plans[i][0], "win_chance": stats.mean(i), "visits": iterations}
                             for i in order[1:4]],
            # every candidate (the planner's first) with its gain over the planner's: what a
            # referee reads to see why the search left the planner (benchmarks/bg_decisions.py)
            "candidates": [(plans[i][0], stats.gain(i)) for i in range(len(plans))],
        }
        return plans[best][0]

    def candidates(self, view: Any, me: int) -> list:
        """The moves this bot would weigh at ``view`` (seat ``me``'s), the planner's first (an
        attacker once, whatever target it plans): what a review plays out against the move made
        (:func:`livestock_notebooks.review.review_game`)."""
        plans, _ = self._plans(determinize(view, self._random), me)
        return list(dict.fromkeys(plan[0] for plan in plans))

    def hint_detail(self, view: Any, action: Any) -> str | None:
        """The odds of the battle a suggested attack leads to, from ``view`` alone (the hint's
        words on the move): the attacker's planned target, or the chosen target."""
        if not isinstance(action, (act.ChooseAttacker, act.ChooseTarget)) or view.viewer is None:
            return None
        state = determinize(view, random.Random(0))
        planner = AttackPlanner(state, view.viewer, self._planner.weights)
        if isinstance(action, act.ChooseAttacker):
            ranked = planner.ranked([action.slot])
            if not ranked:
                return None
            slot, tp, ts = ranked[0][1:]
            head = f"aiming at {player_text(tp)}'s card in {SLOT_NAMES[ts]}"
        else:
            slot, tp, ts = state._pend["attacker"], action.target_player, action.target_slot
            head = "the battle"
        win, tie, loss, dodge = planner.odds(slot, tp, ts)
        odds = f"win {win:.0%}, tie {tie:.0%}, loss {loss:.0%}" + (f", it avoids battle {dodge:.0%}" if dodge else "")
        return f"{head}: {odds}"

    def _plans(self, state: Any, me: int) -> tuple[list[list], bool]:
        """The candidates, the planner's first: each a list of actions (an attacker with its
        planned target), at most ``width``; and whether there is a choice at all."""
        legal = state.legal_actions()
        if len(legal) < 2:
            if not legal:
                raise ValueError("no legal action: the game is over")
            return [[legal[0]]], False
        kind = type(legal[0])
        if kind is act.ChooseAttacker:
            plans: list[list] = []
            for _, s, tp, ts in AttackPlanner(state, me, self._planner.weights).ranked():
                if all(p[0].slot != s for p in plans):
                    aim = act.ChooseOpponent(me, tp) if _card_in(state, me, s).defender_chooses \
                        else act.ChooseTarget(me, tp, ts)
                    plans.append([act.ChooseAttacker(me, s), aim])
            return plans[:self.width] or [[legal[0]]], True
        if kind is act.ChooseTarget or kind is act.ChooseOpponent:
            ranked = AttackPlanner(state, me, self._planner.weights).ranked([state.pending["attacker"]])
            aims = [act.ChooseOpponent(me, tp) if kind is act.ChooseOpponent else act.ChooseTarget(me, tp, ts)
                    for _, _, tp, ts in ranked]
            options = [a for a in dict.fromkeys(aims) if a in legal] or [self._planner.choose(state.copy())]
        else:  # laying out and drafting (many options): the smart bot's plan stands, the playouts only estimate
            default = self._planner.choose(state.copy())
            options = [default] + ([a for a in legal if a != default] if len(legal) <= 3 else [])
        return [[a] for a in options[:self.width]], True

    def _action_value(self, state: Any, action: Any, me: int, seed: int) -> float:
        return self._play(state, [action], me, seed)

    def _play(self, state: Any, plan: list, me: int, dice: int) -> float:
        """``plan`` played in ``state`` (while its actions are legal), then the game played on."""
        rng = random.Random(dice)
        state.dice = Dice(dice)
        state.quiet = True  # nobody reads a playout's events
        for action in plan:
            if state.is_over or not state.is_legal(action):
                break
            state.apply(action)
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            state.apply(self._playout(state, rng, me))
        return self._score(state, me)
