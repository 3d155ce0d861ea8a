"""How good and how fast the bots are: games finished, win rates, milliseconds per decision.

Plays the pairings of issue 13 with the tournament runner (``livestock_notebooks.tournament``),
seats rotated, and prints for each:

  * games that end with a winner within the round limit (Livestock 2 and 4 players within 100
    rounds; Space Pigs full rules, 4 bots, within 20 turns, with the median turns);
  * win rates with Wilson 95% intervals (strong against the existing bots; until a game has a
    ``strong`` bot, the existing bots against random ones as a baseline);
  * milliseconds per decision (median and 95th percentile) by bot and game, over every
    decision played above.

    python benchmarks/bots.py [--games 20] [--seed 1] [--strong-seconds 0.1]

The strong bots search ``--strong-seconds`` per decision (default 0.1 s, the ``easy`` budget,
so a run stays short; the pages' ``strong`` uses 0.4 s). Their playouts per second are
measured last, on positions of random games.

The targets are the issue's; 200 games or more per pairing are needed for intervals narrow
enough to tell them apart (``--games 200``). A shared machine is noisy: read times as rough.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks import tournament  # noqa: E402

# (title, game, seats, max_rounds, options, target text)
FINISHING = [
    ("Livestock 2p greedy v greedy", "livestock_uprising", ["greedy", "greedy"], 100, {}, ">= 95% with a winner"),
    ("Livestock 2p strong v strong", "livestock_uprising", ["strong", "strong"], 100, {}, ">= 95% with a winner"),
    ("Livestock 4p greedy x4", "livestock_uprising", ["greedy"] * 4, 100, {}, ">= 90% with a winner"),
    ("Livestock 4p strong x4", "livestock_uprising", ["strong"] * 4, 100, {}, ">= 90% with a winner"),
    ("Space Pigs full 4p greedy x4", "space_pigs", ["greedy"] * 4, 20, {"rules": "full"},
     ">= 90% with a recipe winner, median <= 10 turns"),
    ("Space Pigs full 4p strong x4", "space_pigs", ["strong"] * 4, 20, {"rules": "full"},
     ">= 90% with a recipe winner, median <= 10 turns"),
]
# (title, game, seats, max_rounds, options, the bot whose rate is the point, target text)
STRENGTH = [
    ("Livestock 2p strong v greedy", "livestock_uprising", ["strong", "greedy"], 100, {}, "strong", ">= 75%"),
    ("Livestock 2p greedy v random (baseline)", "livestock_uprising", ["greedy", "random"], 100, {}, "greedy", ""),
    ("BattleGoats strong v smart x2", "battlegoats", ["strong", "smart", "smart"], None, {}, "strong", ">= 55%"),
    ("BattleGoats smart v random x2 (baseline)", "battlegoats", ["smart", "random", "random"], None, {}, "smart", ""),
    ("Space Pigs strong v greedy x3", "space_pigs", ["strong", "greedy", "greedy", "greedy"], 20, {"rules": "full"},
     "strong", ">= 50%"),
    ("Space Pigs greedy v random x3 (baseline)", "space_pigs", ["greedy", "random", "random", "random"], 20,
     {"rules": "full"}, "greedy", ""),
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _run(title, game, seats, max_rounds, options, games, seed, times, bot_options=None):
    """The records and seconds of one pairing, or ``None`` (said) when a bot is not built yet."""
    info = tournament.game_info(game)
    missing = sorted({s for s in seats if info.bot_name(s) not in info.bots})
    if missing:
        print(f"{title}: {', '.join(missing)}: not built yet")
        return None
    start = time.perf_counter()
    records = tournament.play_games(game, seats, games=games, seed=seed, max_rounds=max_rounds,
                                    rotate_seats=True, options=options, timings=True, bot_options=bot_options)
    for record in records:
        for name, seat_times in zip(record["seats"], record["decision_times"]):
            times.setdefault((game, name), []).extend(seat_times)
    return records, time.perf_counter() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strong-seconds", type=float, default=0.1, help="search time of the strong bots per decision")
    args = parser.parse_args(argv)
    strong = {"strong": {"seconds": args.strong_seconds}}
    times: dict[tuple[str, str], list[float]] = {}

    print(f"== Games finished ({args.games} games each, seats rotated, seed {args.seed})")
    for title, game, seats, max_rounds, options, target in FINISHING:
        played = _run(title, game, seats, max_rounds, options, args.games, args.seed, times, strong)
        if played is None:
            continue
        records, seconds = played
        s = tournament.summary(records)
        won = sum(1 for r in records if r["winners"])
        low, high = tournament.wilson_interval(won, len(records))
        unit = "turns" if game == "space_pigs" else "rounds"
        print(f"{title}: a winner within {max_rounds} {unit} in {won}/{len(records)} = {won / len(records):.0%}"
              f" [95% {low:.0%} .. {high:.0%}], median {unit} {s['median_rounds']}"
              f" (target {target}; {seconds:.0f} s)")

    print(f"\n== Win rates ({args.games} games each, seats rotated)")
    for title, game, seats, max_rounds, options, focus, target in STRENGTH:
        played = _run(title, game, seats, max_rounds, options, args.games, args.seed, times, strong)
        if played is None:
            continue
        records, seconds = played
        s = tournament.summary(records)
        b = s["bots"][focus]
        print(f"{title}: {focus} wins {b['wins']}/{b['seat_games']} = {b['win_rate']:.0%}"
              f" [95% {b['low']:.0%} .. {b['high']:.0%}]; no winner {s['no_winner']:.0%}"
              + (f" (target {target})" if target else "") + f" ({seconds:.0f} s)")

    print("\n== Milliseconds per decision (over the games above)")
    for (game, name), values in sorted(times.items()):
        ms = [v * 1000 for v in values]
        print(f"{game} {name}: median {statistics.median(ms):.3f} ms, 95th percentile {_percentile(ms, 0.95):.3f} ms"
              f" ({len(ms)} decisions)")


    print(f"\n== Playouts per second of the strong bots ({args.strong_seconds} s per decision)")
    for game in tournament.GAMES:
        rate = _playouts_per_second(game, args.strong_seconds, args.seed)
        print(f"{game} strong: {rate:.0f} playouts per second" if rate is not None else f"{game} strong: not built yet")


def _playouts_per_second(game: str, seconds: float, seed: int, positions: int = 10):
    """Iterations per second of the strong bot over positions of a random game (``None``
    when the game has no strong bot)."""
    import random

    info = tournament.game_info(game)
    if "strong" not in info.bots:
        return None
    rng = random.Random(seed)
    state = info.new_game(players=info.default_players, seed=seed, **info.new_game_options)
    bot = info.bots["strong"](seed=seed, seconds=seconds)
    playouts = spent = 0.0
    while positions and not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            bot.choose(state)
            playouts += bot.last_analysis["iterations"]
            spent += bot.last_analysis["seconds"]
            positions -= 1
        state.apply(rng.choice(legal))
    return playouts / spent if spent else 0.0


if __name__ == "__main__":
    main()
