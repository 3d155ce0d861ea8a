"""Is the hint's and the review's chance to win a probability? The calibration table and Brier score.

Plays bot games (the heuristic bots: greedy, smart), and at positions drawn from them (real
choices, a few per game) asks :func:`livestock_notebooks.win_chance.chances` for the deciding
seat's chance after the move its bot made, from that seat's view alone. Each prediction is set
against what happened (1 for a win, 1/k for a win shared by k, 0 otherwise) and printed in 10
bins of the prediction (count, mean predicted, observed share), with the Brier score of the
predictions and of the base rate (always predicting the mean outcome): the figure is worth
showing only when its Brier score is lower.

    python benchmarks/calibration.py [--games 100] [--per-game 10] [--level normal] [--seed 7]
                                     [--game livestock_uprising] [--fit] [--rows FILE]
    python benchmarks/calibration.py --pool FILE [FILE ...]     # one table of several runs

``--fit`` fits each game's table instead (a monotone map from the playouts' raw mean to the
observed share, in ``livestock_notebooks/data/calibration/<game>.json``) on the games of
``--seed``; check it on games of another seed (the default seeds differ: fit with seed 1, check
with seed 7). A shared machine: run it niced; a few thousand positions take tens of minutes.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks import tournament, win_chance  # noqa: E402

#: the games and how they are played for the sample (players, options, the heuristic bot)
SETUPS = {
    "livestock_uprising": ({"players": 2, "max_rounds": 100}, "greedy"),
    "battlegoats": ({"players": 3, "max_rounds": 40}, "smart"),
    "space_pigs": ({"players": 4, "rules": "full", "max_rounds": 20}, "greedy"),
}


def sample(game: str, games: int, per_game: int, level: str, seed: int, calibrated: bool = True) -> list[tuple[float, float, float]]:
    """``(raw, predicted, outcome)`` of ``per_game`` positions in each of ``games`` bot games."""
    options, bot_name = SETUPS[game]
    info = tournament.GAMES[game]
    rng = random.Random(seed)
    out: list[tuple[float, float, float]] = []
    estimator = win_chance.estimator(game, level, seed)
    for g in range(games):
        state = info.new_game(seed=tournament.game_seed(seed, g), **options)
        bots = [info.make_bot(bot_name, seed * 1000 + g * 10 + k) for k in range(state.players)]
        asked: list[tuple[int, float, float]] = []
        moves = 0
        while not state.is_over and moves < info.max_actions:
            legal = state.legal_actions()
            seat = state.current_player
            action = bots[seat].choose(state)
            if len(legal) > 1 and rng.random() < 0.05 and len(asked) < per_game:
                chance = win_chance.chances(game, state.player_view(seat), seat, [action], level=level,
                                            bot=estimator)[0]
                predicted = chance.probability if calibrated and chance.probability is not None else chance.raw
                asked.append((seat, chance.raw, predicted))
            state.apply(action)
            moves += 1
        winners = list(state.winners) if state.is_over else []
        for seat, raw, predicted in asked:
            out.append((raw, predicted, 1.0 / len(winners) if seat in winners else 0.0))
    return out


def brier(pairs: list[tuple[float, float]]) -> float:
    return sum((p - o) ** 2 for p, o in pairs) / len(pairs)


def table(rows: list[tuple[float, float, float]]) -> str:
    """The 10-bin calibration table and the Brier scores."""
    lines = ["bin        n   predicted  observed"]
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        inside = [(p, o) for _, p, o in rows if lo <= p < hi or (b == 9 and p == 1.0)]
        if inside:
            lines.append(f"{lo:.1f}-{hi:.1f} {len(inside):5d}   {sum(p for p, _ in inside) / len(inside):7.1%}"
                         f"  {sum(o for _, o in inside) / len(inside):7.1%}")
        else:
            lines.append(f"{lo:.1f}-{hi:.1f}     0")
    base = sum(o for _, _, o in rows) / len(rows)
    model = brier([(p, o) for _, p, o in rows])
    baseline = brier([(base, o) for _, _, o in rows])
    lines.append(f"positions {len(rows)}, base rate {base:.1%}; Brier {model:.4f} against the base rate's "
                 f"{baseline:.4f}: {'better' if model < baseline else 'NOT better'}")
    return "\n".join(lines)


def fit(rows: list[tuple[float, float, float]], bins: int = 20) -> list[list[float]]:
    """A monotone map raw -> observed share: quantile bins of the raw mean, then pooled where
    the shares would go down (pool adjacent violators)."""
    ordered = sorted((raw, o) for raw, _, o in rows)
    size = max(1, len(ordered) // bins)
    blocks = [[sum(r for r, _ in chunk), sum(o for _, o in chunk), len(chunk)]
              for chunk in (ordered[i:i + size] for i in range(0, len(ordered), size))]
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] > pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last)]
    return [[round(r / n, 4), round(o / n, 4)] for r, o, n in pooled]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--per-game", type=int, default=10)
    parser.add_argument("--level", default="normal", choices=sorted(win_chance.WORLDS))
    parser.add_argument("--seed", type=int, default=None, help="default: 1 with --fit, 7 to check")
    parser.add_argument("--game", default=None, help="one game id (default: all three)")
    parser.add_argument("--fit", action="store_true", help="fit and write the calibration tables")
    parser.add_argument("--rows", default=None, help="also write the (raw, predicted, outcome) rows to this JSON file")
    parser.add_argument("--pool", nargs="*", default=None,
                        help="print the table of rows files written by --rows (no games played)")
    args = parser.parse_args(argv)
    if args.pool is not None:
        rows = [tuple(r) for path in args.pool for r in json.loads(Path(path).read_text())]
        print(f"== Calibration, pooled from {len(args.pool)} runs")
        print(table(rows))  # type: ignore[arg-type]
        return
    seed = args.seed if args.seed is not None else (1 if args.fit else 7)
    games = [args.game] if args.game else list(SETUPS)
    pooled: list[tuple[float, float, float]] = []
    print(f"== Calibration of the chance to win ({args.level} level, {win_chance.WORLDS[args.level]} playouts a "
          f"figure, {args.games} games x up to {args.per_game} positions, seed {seed}; {time.strftime('%Y-%m-%d')})")
    for game in games:
        began = time.perf_counter()
        rows = sample(game, args.games, args.per_game, args.level, seed, calibrated=not args.fit)
        print(f"\n-- {game}: {len(rows)} positions ({time.perf_counter() - began:.0f} s)")
        if args.fit:
            points = fit(rows)
            path = Path(win_chance.__file__).resolve().parent / "data" / "calibration" / f"{game}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            head = json.dumps({
                "what": "raw playout mean -> observed share of wins (livestock_notebooks.win_chance)",
                "source": "measured",
                "command": f"python benchmarks/calibration.py --fit --games {args.games} --per-game {args.per_game} "
                           f"--level {args.level} --seed {seed} --game {game}",
                "date": time.strftime("%Y-%m-%d"),
                "positions": len(rows),
            }, indent=1)[:-2]
            lines = ",\n  ".join(json.dumps(p) for p in points)
            path.write_text(f'{head},\n "points": [\n  {lines}\n ]\n}}\n', encoding="utf-8")
            print(f"fitted {len(points)} points -> {path.name}")
        else:
            print(table(rows))
        pooled.extend(rows)
    if args.rows:
        Path(args.rows).write_text(json.dumps(pooled))
    if not args.fit and len(games) > 1:
        print("\n-- all games together")
        print(table(pooled))


if __name__ == "__main__":
    main()
