"""BattleGoats: what a change to the planner's own play is worth, in games of planners alone.

A game of three planner bots (:class:`~livestock_notebooks.battlegoats.bots.strong.PlannerBot`,
no search) takes a tenth of a second, so a change can be weighed over thousands of games where a
game of strong bots costs seconds. One seat (rotated over the games) plays a variant, the other
two the planner as it is; the script prints that seat's share of the wins per variant, on the same
seeded games for every variant (the seat's share with no change is not 1/3: the seat order of
those seeds favours it, so read each variant against the ``planner`` line)::

    PYTHONPATH=. python benchmarks/bg_planner_study.py --games 1200 planner random-layout first+1
    PYTHONPATH=. python benchmarks/bg_planner_study.py --games 1200 '{"lead": 0.0}' '{"risk": 2.0}'
    PYTHONPATH=. python benchmarks/bg_planner_study.py --games 600 --who-wins

Variants: ``planner`` (no change), ``random-layout`` (lays its cards out at random),
``always-dodge`` / ``never-dodge`` (a card that may avoid battle always / never does),
``first+K`` (the seat that finishes its layout first names the player K seats on to attack first;
the planner names itself), ``omniscient`` (its planner sees every face-down card: a ceiling on
what any better reading of the hidden cards could be worth), ``reads-layouts`` (its planner takes
each opponent to have laid out as the bots do, best card first into the lowest free slot its
modifiers allow, instead of any hidden card being as likely in any hidden slot), or a JSON object
of planner weights (:data:`...strong.WEIGHTS`).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool

from livestock_notebooks.battlegoats import actions as act
from livestock_notebooks.battlegoats import new_game
from livestock_notebooks.battlegoats.bots.heuristic import SeenBot
from livestock_notebooks.battlegoats.bots.strong import AttackPlanner, PlannerBot

FIRST_SEED = 50000
#: how many layouts ``reads-layouts`` draws per opponent to weigh the cards of each hidden slot
LAYOUT_SAMPLES = 150


class OmniscientPlanner(AttackPlanner):
    """The planner reading the true state: every target is the card that is there."""

    def candidates(self, tp, ts):
        return [self.state.board[tp][ts]]


class LayoutReadingPlanner(AttackPlanner):
    """The planner taking each opponent's hidden cards to be laid out as the smart bot lays
    out: drawn from the cards it cannot place, then the best first, each into the hidden slot
    where its own modifiers give the most (the lowest slot on a tie). A hidden slot's candidates
    are the cards that landed there over :data:`LAYOUT_SAMPLES` such layouts."""

    #: per card set and card: (its value on a full battlefield, as SeenBot._full_value weighs it
    #: for the bots' order of laying out, and its static value in each slot)
    _statics: dict = {}

    def __init__(self, state, me, weights=None):
        super().__init__(state, me, weights)
        self._read: dict[int, dict[int, list[str]]] = {}

    def _static(self, cid):
        key = (id(self.state.cards), cid)  # a house card list gives other values
        got = self._statics.get(key)
        if got is None:
            full = ["x"] * 9
            values = [SeenBot._static_value(self.state, cid, full, s) for s in range(9)]
            got = self._statics[key] = (max(values) + 0.01 * self.by_id[cid].value, values)
        return got

    def candidates(self, tp, ts):
        if self.state.board[tp][ts] in self.public:
            return super().candidates(tp, ts)
        if tp not in self._read:
            self._read[tp] = self._layouts(tp)
        return self._read[tp][ts]

    def _layouts(self, tp):
        board, by_id = self.state.board[tp], self.by_id
        hidden = [s for s, c in enumerate(board) if c is not None and c not in self.public]
        pool = super().candidates(tp, hidden[0])
        heroes = [c for c in pool if by_id[c].type == "hero"]
        others = [c for c in pool if by_id[c].type != "hero"]
        one_hero = bool(heroes) and bool(others)  # the Hero is still hidden: exactly one of them
        rng = random.Random(1000003 * tp + 7 * len(pool) + len(hidden))
        out: dict[int, list[str]] = {s: [] for s in hidden}
        for _ in range(LAYOUT_SAMPLES):
            if one_hero:
                cards = [rng.choice(heroes)] + rng.sample(others, min(len(hidden) - 1, len(others)))
            else:
                cards = rng.sample(pool, min(len(hidden), len(pool)))
            cards.sort(key=lambda c: (self._static(c)[0], c), reverse=True)
            free = list(hidden)
            for c in cards:
                row = by_id[c].place_row
                slots = [s for s in free if row is not None and s // 3 == row] or free
                values = self._static(c)[1]
                slot = max(slots, key=lambda t: (values[t], -t))
                out[slot].append(c)
                free.remove(slot)
        return out


PLANNERS = {"omniscient": OmniscientPlanner, "reads-layouts": LayoutReadingPlanner}


class Variant(PlannerBot):
    """The planner with one change (see the module docstring)."""

    def __init__(self, seed: int, variant: str):
        weights = json.loads(variant) if variant.startswith("{") else None
        super().__init__(seed, weights)
        self.variant = variant
        self.planner = PLANNERS.get(variant, AttackPlanner)
        self._rng = random.Random(seed)

    def choose(self, state):
        legal = state.legal_actions()
        kind, v = type(legal[0]), self.variant
        if v == "random-layout" and kind is act.Place:
            return self._rng.choice(legal)
        if v in ("always-dodge", "never-dodge") and kind is act.Dodge:
            return next((a for a in legal if a.dodge == (v == "always-dodge")), legal[0])
        if v.startswith("first+") and kind is act.ChooseFirstAttacker:
            first = (state.current_player + int(v[6:])) % state.players
            return next(a for a in legal if a.first == first)
        return super().choose(state)


def _share(job: tuple[str, int, int]) -> float:
    """The variant seat's wins (shared victories split) over games ``lo`` .. ``hi - 1``."""
    variant, lo, hi = job
    wins = 0.0
    for g in range(lo, hi):
        state = new_game(players=3, seed=FIRST_SEED + g)
        me = g % 3
        bots = [Variant(3 * g + i, variant) if i == me else PlannerBot(3 * g + i) for i in range(3)]
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))
        if me in state.winners:
            wins += 1 / len(state.winners)
    return wins


def _deal_and_order(job: tuple[int, int]) -> tuple[int, float, float]:
    """Over games ``lo`` .. ``hi - 1`` of three planners: the games, and the wins (shared ones
    split) of the seat whose laid-out cards are worth the most and of the seat attacking first."""
    lo, hi = job
    games, best, first = 0, 0.0, 0.0
    worth = SeenBot(0)._full_value
    for g in range(lo, hi):
        state = new_game(players=3, seed=FIRST_SEED + g)
        bots = [PlannerBot(3 * g + i) for i in range(3)]
        totals = opener = None
        while not state.is_over:
            if totals is None and state.phase == "attack":
                totals = [sum(worth(state, c) for c in state.board[p] if c) for p in range(3)]
                opener = state.current_player
            state.apply(bots[state.current_player].choose(state))
        if totals is None:
            continue
        games += 1
        strongest = max(range(3), key=lambda p: totals[p])
        best += (strongest in state.winners) / len(state.winners)
        first += (opener in state.winners) / len(state.winners)
    return games, best, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--who-wins", action="store_true",
                        help="in games of three planners, how often the seat with the best laid-out cards wins, "
                             "and the seat that attacks first")
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        if args.who_wins:
            cuts = [args.games * i // args.workers for i in range(args.workers + 1)]
            parts = pool.map(_deal_and_order, [(cuts[i], cuts[i + 1]) for i in range(args.workers)])
            games = sum(p[0] for p in parts)
            print(f"{games} games of planners: the seat with the best laid-out cards won "
                  f"{sum(p[1] for p in parts) / games:.1%}, the seat attacking first {sum(p[2] for p in parts) / games:.1%}")
        for variant in args.variants:
            began = time.perf_counter()
            cuts = [args.games * i // args.workers for i in range(args.workers + 1)]
            wins = sum(pool.map(_share, [(variant, cuts[i], cuts[i + 1]) for i in range(args.workers)]))
            print(f"{variant:28s} {wins:7.1f}/{args.games} = {wins / args.games:.1%}"
                  f"   ({time.perf_counter() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
