"""How good and how fast the bots are: each pairing's figure against its target, PASS or MISS.

Plays the pairings of issue 13 with the tournament runner (``livestock_notebooks.tournament``),
seats rotated, and prints for each pairing the measured figure next to the issue's target with
PASS or MISS and the Wilson 95% interval, then, for each bot of each game, the milliseconds per
decision (median and 95th percentile) and, for the strong bots, the playouts per second:

  * games that end with a winner within the round limit (Livestock 2 and 4 players within 100
    rounds; Space Pigs full rules, 4 bots, within 20 turns, median 10 turns or fewer);
  * win rates (strong against the existing bots; the existing bots against random ones as a
    baseline, with no target).

    python benchmarks/bots.py [--games 10] [--seed 1] [--strong-iterations 200 | --strong-seconds 0.4]
                              [--pairings bg,lu]
    python benchmarks/bots.py --ladder [--games 200] [--pairings lu] [--results FILE] [--minutes M] [--jobs N]

``--ladder`` prints the difficulty ladder instead (issue 28): in each game each level against the
level below (random, greedy or smart, strong-easy, strong, strong-hard), every level at its own
playout count (:data:`livestock_notebooks.core.search.LEVELS` and each game's
``LEVEL_PLAYOUTS``): two-player Livestock head to head (target: at least 60%); BattleGoats (3
players) and Space Pigs (4) as one seat against the level below in every other seat, the seat's
share of wins against the even share 1/n (target: the interval's low end above 1/n); and Space
Pigs normal against three greedy bots (at least 50%, the interval's low end at least 45%, over
400 games). Space Pigs hard against normal plays 800 games: its edge is about 3 points of a 25%
share, which 200 games leave inside the noise; BattleGoats easy against smart plays 600 games
(about 6 points over a third) and hard against normal 400 (a few points). A full ladder is
hours of CPU, so it is resumable: every game's record is appended to ``--results`` (JSON lines,
default ``ladder-results.jsonl``) as soon as it ends, a run plays only the games (by index, so
by seed) that file does not hold yet, next always one of the pairing that has had the least time
(the quick pairings fill up first, the slow ones share the rest), and stops after ``--minutes``;
the table is printed from everything the file holds, each line with its count of games.
``--jobs 2`` plays two games at a time, one process each (on 2 cores, twice the games an hour; a
game's record is the same whichever process plays it). On a shared machine run it niced, in
chunks (``nice -n 19 python benchmarks/bots.py --ladder --games 200 --minutes 30``), and say how
many games each line has.

``--pairings`` runs only some: a game's short name (``lu``, ``bg``, ``sp``), a game id or a
word of a pairing's title (``strong``, ``baseline``), several separated by commas. The strong
bots play at their level's playout count (``strong`` is normal; ``--strong-iterations`` sets
another count, ``--strong-seconds`` a time budget instead, for experiments). The default run is short (10 games a
pairing): a PASS or MISS from it is a first look; 200 games or more per pairing are needed for
intervals narrow enough to tell them apart (``--games 200``). A PASS is printed when the
measured figure reaches the target; the interval says how sure that is. A shared machine is
noisy: read times as rough.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks import tournament  # noqa: E402

#: The games' short names for ``--pairings``.
SHORT = {"lu": "livestock_uprising", "bg": "battlegoats", "sp": "space_pigs"}


@dataclass(frozen=True)
class Pairing:
    """One line of the benchmark: who plays, and what is measured against which target.

    ``kind`` "finish": the share of games with a winner (``at_least``), and with ``median_at_most``
    the median rounds too; "wins": ``focus``'s win rate (``at_least``; None: a baseline);
    "ladder": ``focus``'s win rate against the level below (``at_least`` and ``low_at_least``,
    the interval's low end, when given; else the low end above the even share 1/n)."""

    title: str
    game: str
    seats: list
    max_rounds: int | None
    kind: str  # "finish", "wins" or "ladder"
    at_least: float | None
    focus: str | None = None
    median_at_most: float | None = None
    options: dict = field(default_factory=dict)
    low_at_least: float | None = None
    #: the games a full ladder plays of this pairing (when the others get 200 or more): more for
    #: a target whose interval needs them to settle
    games_at_least: int = 200

    def key(self) -> str:
        return next(k for k, g in SHORT.items() if g == self.game)

    def matches(self, words: list[str]) -> bool:
        title = self.title.lower()
        return any(w in (self.key(), self.game) or w in title for w in words)


SP_FULL = {"rules": "full"}
PAIRINGS = [
    Pairing("Livestock 2p greedy v greedy: games with a winner", "livestock_uprising", ["greedy", "greedy"], 100,
            "finish", 0.95),
    Pairing("Livestock 2p strong v strong: games with a winner", "livestock_uprising", ["strong", "strong"], 100,
            "finish", 0.95),
    Pairing("Livestock 4p greedy x4: games with a winner", "livestock_uprising", ["greedy"] * 4, 100, "finish", 0.90),
    Pairing("Livestock 4p strong x4: games with a winner", "livestock_uprising", ["strong"] * 4, 100, "finish", 0.90),
    Pairing("Space Pigs full 4p greedy x4: recipe winners", "space_pigs", ["greedy"] * 4, 20, "finish", 0.90,
            median_at_most=10, options=SP_FULL),
    Pairing("Space Pigs full 4p strong x4: recipe winners", "space_pigs", ["strong"] * 4, 20, "finish", 0.90,
            median_at_most=10, options=SP_FULL),
    Pairing("Livestock 2p strong v greedy", "livestock_uprising", ["strong", "greedy"], 100, "wins", 0.75, "strong"),
    Pairing("Livestock 2p greedy v random (baseline)", "livestock_uprising", ["greedy", "random"], 100, "wins", None,
            "greedy"),
    Pairing("BattleGoats strong v smart x2", "battlegoats", ["strong", "smart", "smart"], None, "wins", 0.55, "strong"),
    Pairing("BattleGoats smart v random x2 (baseline)", "battlegoats", ["smart", "random", "random"], None, "wins",
            None, "smart"),
    Pairing("Space Pigs strong v greedy x3", "space_pigs", ["strong", "greedy", "greedy", "greedy"], 20, "wins", 0.50,
            "strong", options=SP_FULL),
    Pairing("Space Pigs greedy v random x3 (baseline)", "space_pigs", ["greedy", "random", "random", "random"], 20,
            "wins", None, "greedy", options=SP_FULL),
]


LADDER = [
    Pairing("Livestock 2p greedy v random", "livestock_uprising", ["greedy", "random"], 100, "ladder", 0.60, "greedy"),
    Pairing("Livestock 2p easy v greedy", "livestock_uprising", ["strong-easy", "greedy"], 100, "ladder", 0.60,
            "strong-easy"),
    Pairing("Livestock 2p normal v easy", "livestock_uprising", ["strong", "strong-easy"], 100, "ladder", 0.60,
            "strong"),
    Pairing("Livestock 2p hard v normal", "livestock_uprising", ["strong-hard", "strong"], 100, "ladder", 0.60,
            "strong-hard"),
    Pairing("BattleGoats 3p smart v random x2", "battlegoats", ["smart", "random", "random"], None, "ladder", None,
            "smart"),
    # easy (the planner alone) against the smart bot: about 6 points over a 33% share
    Pairing("BattleGoats 3p easy v smart x2", "battlegoats", ["strong-easy", "smart", "smart"], None, "ladder", None,
            "strong-easy", games_at_least=600),
    Pairing("BattleGoats 3p normal v easy x2", "battlegoats", ["strong", "strong-easy", "strong-easy"], None,
            "ladder", None, "strong"),
    # hard's edge over normal is a few points of a 33% share
    Pairing("BattleGoats 3p hard v normal x2", "battlegoats", ["strong-hard", "strong", "strong"], None, "ladder",
            None, "strong-hard", games_at_least=400),
    Pairing("Space Pigs 4p greedy v random x3", "space_pigs", ["greedy"] + ["random"] * 3, 20, "ladder", None,
            "greedy", options=SP_FULL),
    Pairing("Space Pigs 4p easy v greedy x3", "space_pigs", ["strong-easy"] + ["greedy"] * 3, 20, "ladder", None,
            "strong-easy", options=SP_FULL),
    Pairing("Space Pigs 4p normal v easy x3", "space_pigs", ["strong"] + ["strong-easy"] * 3, 20, "ladder", None,
            "strong", options=SP_FULL),
    # hard's edge over normal is about 3 points of a 25% share: 200 games leave an interval 12 points wide
    Pairing("Space Pigs 4p hard v normal x3", "space_pigs", ["strong-hard"] + ["strong"] * 3, 20, "ladder", None,
            "strong-hard", options=SP_FULL, games_at_least=800),
    Pairing("Space Pigs 4p normal v greedy x3 (400 games)", "space_pigs", ["strong"] + ["greedy"] * 3, 20, "ladder",
            0.50, "strong", options=SP_FULL, low_at_least=0.45, games_at_least=400),
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _verdict(passed: bool | None) -> str:
    return "" if passed is None else ("PASS" if passed else "MISS")


def _run(pairing: Pairing, games: int, seed: int, times: dict, bot_options: dict) -> tuple[list, float] | None:
    """The records and seconds of one pairing, or ``None`` (said) when a bot is not built yet."""
    info = tournament.game_info(pairing.game)
    missing = sorted({s for s in pairing.seats if info.bot_name(s) not in info.bots})
    if missing:
        print(f"{pairing.title}: {', '.join(missing)}: not built yet")
        return None
    start = time.perf_counter()
    records = tournament.play_games(pairing.game, pairing.seats, games=games, seed=seed,
                                    max_rounds=pairing.max_rounds, rotate_seats=True, options=pairing.options,
                                    timings=True, bot_options=bot_options)
    for record in records:
        for name, seat_times in zip(record["seats"], record["decision_times"]):
            times.setdefault((pairing.game, name), []).extend(seat_times)
    return records, time.perf_counter() - start


def report(pairing: Pairing, records: list, seconds: float) -> tuple[str, bool | None]:
    """The pairing's line (measured figure, target, PASS or MISS, interval) and whether it passed
    (None for a baseline without a target)."""
    s = tournament.summary(records)
    n = len(records)
    if pairing.kind == "finish":
        won = sum(1 for r in records if r["winners"])
        low, high = tournament.wilson_interval(won, n)
        unit = "turns" if pairing.game == "space_pigs" else "rounds"
        median = s["median_rounds"]
        passed = won / n >= (pairing.at_least or 0.0)
        target = f">= {pairing.at_least:.0%} within {pairing.max_rounds} {unit}"
        if pairing.median_at_most is not None:
            passed = passed and median is not None and median <= pairing.median_at_most
            target += f", median <= {pairing.median_at_most:g} {unit}"
        line = (f"{pairing.title}: {won}/{n} = {won / n:.0%} [95% {low:.0%} .. {high:.0%}], median {unit} {median}"
                f" | target {target} | {_verdict(passed)} ({seconds:.0f} s)")
        return line, passed
    b = s["bots"][pairing.focus]
    if pairing.kind == "ladder":
        return _ladder_line(pairing, s, b, seconds)
    passed = None if pairing.at_least is None else b["win_rate"] >= pairing.at_least
    target = "none (baseline)" if pairing.at_least is None else f">= {pairing.at_least:.0%}"
    line = (f"{pairing.title}: {pairing.focus} wins {b['wins']}/{b['seat_games']} = {b['win_rate']:.0%}"
            f" [95% {b['low']:.0%} .. {b['high']:.0%}], no winner {s['no_winner']:.0%}"
            f" | target {target} {_verdict(passed)} ({seconds:.0f} s)").replace("  (", " (")
    return line, passed


def _ladder_line(pairing: Pairing, s: dict, b: dict, seconds: float) -> tuple[str, bool]:
    """A ladder line: the level's wins against the level below, its interval, the target."""
    n_seats = len(pairing.seats)
    if pairing.at_least is not None:
        passed = b["win_rate"] >= pairing.at_least and (pairing.low_at_least is None or b["low"] >= pairing.low_at_least)
        target = f">= {pairing.at_least:.0%}" + (f", low end >= {pairing.low_at_least:.0%}" if pairing.low_at_least else "")
    else:
        passed = b["low"] > 1 / n_seats
        target = f"low end > 1/{n_seats} = {1 / n_seats:.0%}"
    line = (f"{pairing.title}: {pairing.focus} wins {b['wins']}/{b['seat_games']} = {b['win_rate']:.1%}"
            f" [95% {b['low']:.1%} .. {b['high']:.1%}], no winner {s['no_winner']:.0%}"
            f" | target {target} {_verdict(passed)} ({seconds:.0f} s)")
    return line, passed


def select(words: str | None, pairings: list[Pairing] | None = None) -> list[Pairing]:
    """The pairings ``--pairings`` names among ``pairings`` (default :data:`PAIRINGS`; all when
    ``words`` is None); ``SystemExit`` naming the choices when nothing matches."""
    pool = PAIRINGS if pairings is None else pairings
    if not words:
        return list(pool)
    wanted = [w.strip().lower() for w in words.split(",") if w.strip()]
    chosen = [p for p in pool if p.matches(wanted)]
    if not chosen:
        raise SystemExit(f"no pairing matches {words!r}; use {', '.join(SHORT)}, a game id or a word of a title")
    return chosen


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pairing (default 10; 200 for the targets)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strong-seconds", type=float, default=None,
                        help="a time budget per decision for the strong bots instead of their level's playouts")
    parser.add_argument("--strong-iterations", type=int, default=None,
                        help="search this many playouts per decision instead of a time budget (the same strength "
                             "on a busy machine as on an idle one; the milliseconds printed then show its cost); "
                             "the Livestock strong bot gives a routine decision an eighth of them, as a time budget "
                             "gives it an eighth of the time")
    parser.add_argument("--pairings", default=None,
                        help="only these pairings: lu, bg, sp, a game id or a word of a title, comma-separated")
    parser.add_argument("--ladder", action="store_true", help="the difficulty ladder: each level against the one below")
    parser.add_argument("--results", default="ladder-results.jsonl",
                        help="--ladder: the file of game records, appended to and resumed from")
    parser.add_argument("--minutes", type=float, default=None,
                        help="--ladder: start no new game after this many minutes (the file keeps what was played)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="--ladder: games played at once, one process each (default 1; the records are the same)")
    args = parser.parse_args(argv)
    chosen = select(args.pairings, LADDER if args.ladder else None)
    if args.ladder:
        ladder(chosen, args.games, args.seed, Path(args.results), args.minutes, args.jobs)
        return
    if args.strong_iterations:
        strong = {"strong": {"max_iterations": args.strong_iterations}}
        budget = f"{args.strong_iterations} playouts a decision"
    elif args.strong_seconds:
        strong = {"strong": {"seconds": args.strong_seconds}}
        budget = f"{args.strong_seconds} s a decision"
    else:
        strong: dict = {}
        budget = "at the normal level's playouts"
    times: dict[tuple[str, str], list[float]] = {}
    verdicts: list[tuple[str, bool]] = []

    print(f"== Pairings ({args.games} games each, seats rotated, seed {args.seed}, "
          f"strong bots {budget}; {time.strftime('%Y-%m-%d')})")
    for pairing in chosen:
        played = _run(pairing, args.games, args.seed, times, strong)
        if played is None:
            continue
        line, passed = report(pairing, *played)
        print(line, flush=True)
        if passed is not None:
            verdicts.append((pairing.title, passed))

    print("\n== Milliseconds per decision (over the games above)")
    for (game, name), values in sorted(times.items()):
        ms = [v * 1000 for v in values]
        print(f"{game} {name}: median {statistics.median(ms):.3f} ms, 95th percentile {_percentile(ms, 0.95):.3f} ms"
              f" ({len(ms)} decisions)")

    print("\n== Playouts per second of the strong bots (normal level)")
    for game in sorted({p.game for p in chosen}):
        rate = _playouts_per_second(game, args.seed)
        print(f"{game} strong: {rate:.0f} playouts per second" if rate is not None else f"{game} strong: not built yet")

    if verdicts:
        passed = sum(1 for _, ok in verdicts if ok)
        print(f"\n== Targets: {passed}/{len(verdicts)} PASS"
              + "".join(f"\n  MISS {title}" for title, ok in verdicts if not ok))


def ladder_games(pairing: Pairing, games: int) -> int:
    """The games the ladder plays of ``pairing``: its ``games_at_least`` once the others get 200
    or more (400 for Space Pigs normal v greedy and BattleGoats hard v normal, 600 for BattleGoats
    easy v smart, 800 for Space Pigs hard v normal)."""
    return max(games, pairing.games_at_least) if games >= 200 else games


def load_results(path: Path, seed: int) -> dict[str, dict[int, dict]]:
    """The records of ``path`` (JSON lines) played from ``seed``, by pairing title and game index
    (a line cut short by a stopped run is skipped)."""
    out: dict[str, dict[int, dict]] = {}
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("base_seed") == seed and "pairing" in record:
            out.setdefault(record["pairing"], {})[int(record["index"])] = record
    return out


def _ladder_game(pairing: Pairing, i: int, seed: int) -> dict:
    """The record of game ``i`` of ``pairing`` as the ladder keeps it (seats rotated, seeded)."""
    record = tournament.play_one(pairing.game, tournament.seats_for(pairing.seats, i, True),
                                 tournament.game_seed(seed, i), i, pairing.max_rounds, pairing.options)
    record.update(pairing=pairing.title, base_seed=seed, load=round(os.getloadavg()[0], 1))
    return record


def ladder(chosen: list[Pairing], games: int, seed: int, path: Path, minutes: float | None, jobs: int = 1) -> None:
    """Play the ladder's missing games (next, always the pairing that has had the least time;
    each record appended to ``path`` at once) until each pairing has its games or ``minutes``
    are up, ``jobs`` games at a time (one process each: a game's record does not depend on
    which process plays it); print the table."""
    done = load_results(path, seed)
    began = time.perf_counter()
    todo = {p.title: [i for i in range(ladder_games(p, games)) if i not in done.get(p.title, {})] for p in chosen}
    spent = {title: sum(r["seconds"] for r in records.values()) for title, records in done.items()}
    cut = path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n")

    def next_game() -> tuple[Pairing, int] | None:
        if not any(todo.values()) or (minutes is not None and time.perf_counter() - began > minutes * 60):
            return None
        # the pairing that has had the least time so far: the quick ones fill up first, the
        # slow ones (hard levels) share the rest of the time
        pairing = min((p for p in chosen if todo[p.title]), key=lambda p: spent.get(p.title, 0.0))
        return pairing, todo[pairing.title].pop(0)

    with path.open("a", encoding="utf-8") as out:
        if cut:  # a run stopped in the middle of a line: the next record starts a line of its own
            out.write("\n")

        def keep(record: dict) -> None:
            spent[record["pairing"]] = spent.get(record["pairing"], 0.0) + record["seconds"]
            out.write(json.dumps(record) + "\n")
            out.flush()

        if jobs <= 1:
            while (game := next_game()) is not None:
                keep(_ladder_game(*game, seed))
        else:
            from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

            with ProcessPoolExecutor(jobs) as pool:
                running = set()
                while True:
                    while len(running) < jobs and (game := next_game()) is not None:
                        running.add(pool.submit(_ladder_game, *game, seed))
                    if not running:
                        break
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        keep(future.result())
    done = load_results(path, seed)
    loads = [r["load"] for records in done.values() for r in records.values() if "load" in r]
    busy = f"load average {min(loads):.0f} to {max(loads):.0f} on {os.cpu_count()} cores" if loads else "load not recorded"
    print(f"== Ladder (seed {seed}, seats rotated, each level at its playouts; {time.strftime('%Y-%m-%d %H:%M')}; "
          f"from {path}; games played at a {busy})")
    for pairing in chosen:
        records = [done[pairing.title][i] for i in sorted(done.get(pairing.title, {}))]
        wanted = ladder_games(pairing, games)
        if not records:
            print(f"{pairing.title}: no games yet (of {wanted})")
            continue
        seconds = sum(r["seconds"] for r in records)
        line, _ = report(pairing, records, seconds)
        print(line + ("" if len(records) >= wanted else f" PARTIAL: {len(records)} of {wanted} games"), flush=True)


def _playouts_per_second(game: str, seed: int, positions: int = 10) -> float | None:
    """Iterations per second of the strong bot over positions of a random game where it searches
    (``None`` when the game has no strong bot; 0 when no searched decision came up). Decisions its
    heuristic takes alone (``searched: False``: Space Pigs outside a battle's cards, whose start
    and turn policy play their own playouts) are left out: they report one iteration."""
    import random

    info = tournament.game_info(game)
    if "strong" not in info.bots:
        return None
    rng = random.Random(seed)
    state = info.new_game(players=info.default_players, seed=seed, **info.new_game_options)
    bot: Any = info.make_bot("strong", seed)
    playouts = spent = 0.0
    while positions and not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            bot.choose(state)
            if bot.last_analysis.get("searched", True):
                playouts += bot.last_analysis["iterations"]
                spent += bot.last_analysis["seconds"]
                positions -= 1
        state.apply(rng.choice(legal))
    return playouts / spent if spent else 0.0


if __name__ == "__main__":
    main()
