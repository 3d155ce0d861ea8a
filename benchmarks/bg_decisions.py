"""BattleGoats: what the strong bots decide, decision by decision (a referee's replay).

Replays games of a ladder pairing exactly as ``tournament.play_games(..., rotate_seats=True)``
plays them (same seeds, same bots) and reads each strong bot's ``last_analysis``: its planner's
first choice, the move it made and every candidate's gain over the planner's, world by world.
Prints per level how many decisions had a choice, how often the search left the planner and by
how much it believed it gained, and who attacked whom. With ``--check N`` every time the focus
bot leaves its planner, both moves are also played out in N fresh worlds drawn from its view with
every seat playing the planner (how its planner-based opponents mostly play) and with the search's
own playout policy, with the bot's generators untouched (the game replays unchanged)::

    PYTHONPATH=. python benchmarks/bg_decisions.py --seed 2 --games 6 --check 40
    PYTHONPATH=. python benchmarks/bg_decisions.py --seed 1 --index 0,3,6 --out /tmp/decisions.jsonl
"""
from __future__ import annotations

import argparse
import json
import random
import re
import statistics
from collections import Counter

from livestock_notebooks import tournament
from livestock_notebooks.battlegoats.bots.playout import smart_playout
from livestock_notebooks.battlegoats.bots.strong import PlannerBot, StrongBot
from livestock_notebooks.battlegoats.determinize import determinize
from livestock_notebooks.core.rng import Dice

SEATS = ["strong", "strong-easy", "strong-easy"]  # the ladder's "BattleGoats 3p normal v easy x2"


def _finish(state, me: int, dice: int, policy: str) -> float:
    """``me``'s result once ``state`` is played to the end (every seat playing ``policy``)."""
    state.dice = Dice(dice)
    rng = random.Random(dice)
    planners = [PlannerBot(dice + s) for s in range(state.players)]
    for _ in range(300):
        if state.is_over:
            return 1 / len(state.winners) if me in state.winners else 0.0
        p = state.current_player
        state.apply(planners[p].choose(state) if policy == "planner" else smart_playout(state, rng, me))
    return 1 / state.players


def check(view, me: int, made, planned, worlds: int, seed: int) -> dict:
    """The mean gain of ``made`` over ``planned`` in ``worlds`` worlds drawn from ``view``, per policy."""
    rng = random.Random(seed)
    gains: dict[str, list[float]] = {"planner": [], "smart": []}
    for _ in range(worlds):
        world, dice = determinize(view, rng), rng.randrange(1 << 30)
        for policy, got in gains.items():
            a, b = world.copy(), world.copy()
            a.apply(made)
            b.apply(planned)
            got.append(_finish(a, me, dice, policy) - _finish(b, me, dice, policy))
    return {k: sum(v) / len(v) for k, v in gains.items()} | {"raw": gains}


def replay(seats: list[str], seed: int, index: int, focus: str, worlds: int) -> dict:
    """Game ``index`` of ``play_games(seats, seed=seed, rotate_seats=True)``, with its decisions."""
    info = tournament.game_info("battlegoats")
    seats = tournament.seats_for(seats, index, True)
    gs = tournament.game_seed(seed, index)
    options = {k: v for k, v in info.new_game_options.items() if k != "players"}
    state = info.new_game(players=len(seats), seed=gs, **dict(options, max_rounds=None))
    bots = [info.make_bot(name, gs * 101 + i + 1) for i, name in enumerate(seats)]
    log, actions = [], 0
    while not state.is_over and actions < info.max_actions:
        p = state.current_player
        bot = bots[p]
        searching = isinstance(bot, StrongBot)
        if searching:
            bot.last_analysis = None
        action = bot.choose(state)
        actions += 1
        got = bot.last_analysis if searching else None
        if got and got.get("iterations") and len(got.get("candidates", [])) > 1:
            entry = {"seat": p, "level": bot.level, "kind": type(action).__name__, "planner": str(got["heuristic"]),
                     "made": str(action), "left": action != got["heuristic"], "worlds": got["iterations"],
                     "gains": [round(g, 4) for _, g in got["candidates"]]}
            if worlds and entry["left"] and seats[p] == focus:
                entry["check"] = check(state.player_view(p), p, action, got["heuristic"], worlds, len(log))
            log.append(entry)
        state.apply(action)
    return {"index": index, "seats": seats, "winners": list(state.winners), "actions": actions, "decisions": log}


def summary(games: list[dict]) -> str:
    made, left, believed, hits = Counter(), Counter(), {}, Counter()
    checks: dict[str, list[float]] = {"planner": [], "smart": []}
    for g in games:
        for d in g["decisions"]:
            made[d["level"]] += 1
            if d["left"]:
                left[d["level"]] += 1
                believed.setdefault(d["level"], []).append(max(d["gains"]))
                for k in checks:
                    if "check" in d:
                        checks[k].append(d["check"][k])
            m = re.match(r"Player (\d) targets Player (\d)", d["made"])
            if m:
                hits[f"{int(m[1]) - 1}->{int(m[2]) - 1}"] += 1
    lines = [f"{len(games)} games; winners by seat: "
             + str(Counter(w for g in games for w in g["winners"]))]
    for lv in made:
        b = believed.get(lv, [0.0])
        lines.append(f"{lv}: {made[lv]} decisions with a choice, left the planner {left[lv]} "
                     f"({left[lv] / made[lv]:.1%}), believed gain there {statistics.mean(b):.3f}")
    for k, v in checks.items():
        if len(v) > 1:
            se = statistics.stdev(v) / len(v) ** 0.5
            lines.append(f"checked leaves ({len(v)}), gain with every seat playing {k}: "
                         f"{statistics.mean(v):+.3f} +- {1.96 * se:.3f}")
    lines.append("targets (seat->seat): " + ", ".join(f"{k} {n}" for k, n in sorted(hits.items())))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--index", help="comma-separated game indexes (instead of --games)")
    ap.add_argument("--seats", default=",".join(SEATS))
    ap.add_argument("--check", type=int, default=0, help="worlds per check of a move that left the planner")
    ap.add_argument("--out", help="append each game's record (JSON lines) here")
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    indexes = [int(i) for i in args.index.split(",")] if args.index else range(args.games)
    games = []
    for i in indexes:
        games.append(replay(seats, args.seed, i, seats[0], args.check))
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(games[-1], default=str) + "\n")
    print(summary(games))


if __name__ == "__main__":
    main()
