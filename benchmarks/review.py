"""How long the hint and the game review take: hint time per level, review time of a 100-decision game.

    python benchmarks/review.py [--positions 10] [--decisions 100] [--levels easy,normal,hard]
                                [--games lu,bg,sp] [--seed 3]

Hint: at positions of games of the heuristic bots (real choices), the strong bot at each level
decides from the deciding seat's view and the figure is worked out as the page does
(``widgets/shell/hint.py``: the move and the next best, the level's playouts of each); prints
the median and the slowest. Review: a game of the heuristic bots recorded up to ``--decisions``
real choices, reviewed at each level (:func:`livestock_notebooks.review.review_record`); the aim
is under 30 s for 100 decisions at the normal level. Every figure is a count of playouts, so a
busy machine only makes it slower, not weaker: say how busy it was.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks import tournament, win_chance  # noqa: E402
from livestock_notebooks.review import review_record  # noqa: E402

SHORT = {"lu": "livestock_uprising", "bg": "battlegoats", "sp": "space_pigs"}
SETUPS = {
    "livestock_uprising": ({"players": 2, "max_rounds": 100}, "greedy"),
    "battlegoats": ({"players": 3, "max_rounds": 40}, "smart"),
    "space_pigs": ({"players": 4, "rules": "full", "max_rounds": 20}, "greedy"),
}
NAMES = {"easy": "strong-easy", "normal": "strong", "hard": "strong-hard"}


def _game(game: str, seed: int, decisions: int):
    """A heuristic bots' game: its record up to ``decisions`` real choices, and those positions."""
    options, bot = SETUPS[game]
    info = tournament.GAMES[game]
    state = info.new_game(seed=seed, **options)
    bots = [info.make_bot(bot, seed + k) for k in range(state.players)]
    start, moves, positions = state.to_json(), [], []
    while not state.is_over and len(positions) < decisions:
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        if len(legal) > 1:
            positions.append(state.copy())
        moves.append(legal.index(action))
        state.apply(action)
    return {"start": start, "moves": moves}, positions


def hint_seconds(game: str, positions: list, level: str) -> list[float]:
    """Seconds of the hint (the bot's choice, then the figure) at each position."""
    out = []
    info = tournament.GAMES[game]
    for k, state in enumerate(positions):
        me = state.current_player
        began = time.perf_counter()
        bot = info.make_bot(NAMES[level], k)
        action = bot.choose(state.copy())
        others = [a["action"] for a in (bot.last_analysis or {}).get("alternatives", [])][:1]
        win_chance.chances(game, state.player_view(me), me, [action, *others], level=level, bot=bot)
        out.append(time.perf_counter() - began)
    return out


def _load() -> str:
    """The machine's load average (1 and 5 minutes) and cores: how busy the figures were taken."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.1f} / {five:.1f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10, help="hint positions per game")
    parser.add_argument("--decisions", type=int, default=100, help="decisions of the reviewed game")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="lu,bg,sp")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--no-review", action="store_true")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    print(f"== Hint and review times ({time.strftime('%Y-%m-%d %H:%M')}, seed {args.seed}, {_load()}; the review's "
          f"aim: under 30 s for 100 decisions at normal)")
    for key in [g.strip() for g in args.games.split(",") if g.strip()]:
        game = SHORT.get(key, key)
        record, positions = _game(game, args.seed, max(args.decisions, args.positions))
        sample = random.Random(args.seed).sample(positions, min(args.positions, len(positions)))
        for level in levels:
            times = hint_seconds(game, sample, level)
            print(f"{game} hint at {level}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
                  f"({len(times)} positions, {win_chance.WORLDS[level]} playouts a figure)", flush=True)
        if args.no_review:
            continue
        for level in levels:
            review = review_record(game, record, level)
            print(f"{game} review at {level}: {review.seconds:.1f} s for {len(review)} decisions "
                  f"({review.seconds / max(1, len(review)):.2f} s a decision; {_load()})", flush=True)


if __name__ == "__main__":
    main()
