"""BattleGoats: what a change to the planner's own play is worth, in games of planners alone.

A game of three planner bots (:class:`~livestock_notebooks.battlegoats.bots.strong.PlannerBot`,
no search) takes a tenth of a second, so a change can be weighed over thousands of games where a
game of strong bots costs seconds. One seat (rotated over the games) plays a variant, the other
two the planner as it is; the script prints that seat's share of the wins per variant, on the same
seeded games for every variant (the seat's share with no change is not 1/3: the seat order of
those seeds favours it, so read each variant against the ``planner`` line)::

    PYTHONPATH=. python benchmarks/bg_planner_study.py --games 1200 planner random-layout first+1
    PYTHONPATH=. python benchmarks/bg_planner_study.py --games 1200 '{"lead": 0.0}' '{"risk": 2.0}'

Variants: ``planner`` (no change), ``random-layout`` (lays its cards out at random),
``always-dodge`` / ``never-dodge`` (a card that may avoid battle always / never does),
``first+K`` (the seat that finishes its layout first names the player K seats on to attack first;
the planner names itself), or a JSON object of planner weights (:data:`...strong.WEIGHTS`).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool

from livestock_notebooks.battlegoats import actions as act
from livestock_notebooks.battlegoats import new_game
from livestock_notebooks.battlegoats.bots.strong import PlannerBot

FIRST_SEED = 50000


class Variant(PlannerBot):
    """The planner with one change (see the module docstring)."""

    def __init__(self, seed: int, variant: str):
        weights = json.loads(variant) if variant.startswith("{") else None
        super().__init__(seed, weights)
        self.variant = variant
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        for variant in args.variants:
            began = time.perf_counter()
            cuts = [args.games * i // args.workers for i in range(args.workers + 1)]
            wins = sum(pool.map(_share, [(variant, cuts[i], cuts[i + 1]) for i in range(args.workers)]))
            print(f"{variant:28s} {wins:7.1f}/{args.games} = {wins / args.games:.1%}"
                  f"   ({time.perf_counter() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
