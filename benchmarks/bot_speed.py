"""How fast the strong bots play a ladder game, and whether an older copy of the code plays the
very same game: ``python benchmarks/bot_speed.py [--pairings ...] [--games 3] [--before DIR]``.

The games of a pairing of ``benchmarks/bots.py --ladder`` (same seeds, seats rotated) are played
in turn by one process of this checkout (its caches warm from game to game, as in a ladder run)
and, with ``--before``, at the same time by one of the code in ``DIR`` (a checkout of an older
commit, e.g. ``git worktree add /tmp/old main``): side by side, both see the same load. It prints per game the CPU seconds of each (the process's own time, less
sensitive to a busy machine than the wall clock), their ratio, the load average, and SAME when
both played the same actions with the same search results (a digest of every action and of the
strong bots' analyses), DIFF otherwise; then the medians. Speed-ups must keep SAME.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def play(title: str, index: int, base_seed: int) -> dict:
    """Game ``index`` of ladder pairing ``title``, as ``tournament.play_one`` plays it; its digest."""
    import livestock_notebooks
    from livestock_notebooks import tournament as T  # first: the code given by PYTHONPATH
    import bots  # benchmarks/bots.py (the ladder's pairings), which puts this checkout on sys.path

    assert Path(livestock_notebooks.__file__).resolve().parents[1] == Path.cwd().resolve(), "not the code asked for"

    pairing = next(p for p in bots.LADDER if p.title == title)
    info = T.game_info(pairing.game)
    seats = T.seats_for(pairing.seats, index, True)
    seed = T.game_seed(base_seed, index)
    options = dict(info.new_game_options)
    options.update(pairing.options or {})
    options.pop("players", None)
    options["max_rounds"] = pairing.max_rounds
    state = info.new_game(players=len(seats), seed=seed, **options)
    players = [T._make_bot(info, name, seed * 101 + i + 1, {}) for i, name in enumerate(seats)]
    digest = hashlib.sha256()
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while not state.is_over and actions < info.max_actions:
        bot = players[state.current_player]
        action = bot.choose(state)
        found = getattr(bot, "last_analysis", None) or {}
        line = [repr(action), repr(found.get("win_chance")), repr(found.get("iterations")),
                repr([(repr(x["action"]), x["win_chance"], x["visits"]) for x in found.get("alternatives", [])])]
        digest.update("|".join(line).encode() + b"\n")
        state.apply(action)
        actions += 1
    return {"actions": actions, "digest": digest.hexdigest()[:16], "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall}


def _start(code: Path, title: str, games: int, base_seed: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(code))
    return subprocess.Popen([sys.executable, str(HERE / "bot_speed.py"), "--child", title, str(games), str(base_seed)],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=str(code))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairings", default="BattleGoats 3p normal v easy,Space Pigs 4p normal v easy",
                        help="ladder pairings (titles, or parts of them), comma-separated")
    parser.add_argument("--games", type=int, default=3, help="games a pairing (indexes 0..N-1)")
    parser.add_argument("--seed", type=int, default=1, help="the ladder's base seed")
    parser.add_argument("--before", type=Path, help="a checkout of older code to compare with")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # one process plays a pairing's games in turn, as a ladder run does (its caches warm)
        for index in range(int(args.child[1])):
            print(json.dumps(play(args.child[0], index, int(args.child[2]))), flush=True)
        return
    sys.path.insert(0, str(HERE))
    import bots

    wanted = [w.strip() for w in args.pairings.split(",") if w.strip()]
    titles = [p.title for p in bots.LADDER if any(w in p.title for w in wanted)]
    codes = [HERE.parent] + ([args.before.resolve()] if args.before else [])
    for title in titles:
        procs = [_start(code, title, args.games, args.seed) for code in codes]
        rows = []
        for index in range(args.games):
            out = [json.loads(p.stdout.readline()) for p in procs]
            load = " ".join(open("/proc/loadavg").read().split()[:3]) if os.path.exists("/proc/loadavg") else "?"
            now = out[0]
            text = f"{title} game {index}: {now['actions']} actions, {now['cpu']:.2f} s CPU ({now['wall']:.1f} s wall)"
            if args.before:
                old = out[1]
                same = (old["digest"], old["actions"]) == (now["digest"], now["actions"])
                text += (f"; before {old['cpu']:.2f} s CPU ({old['wall']:.1f} s wall): x{old['cpu'] / now['cpu']:.2f} "
                         f"{'SAME' if same else 'DIFF'}")
            rows.append(out)
            print(f"{text}; load {load}", flush=True)
        for p in procs:
            p.wait()
        summary = f"{title}: median {statistics.median(r[0]['cpu'] for r in rows):.2f} s CPU a game"
        if args.before:
            summary += (f", before {statistics.median(r[1]['cpu'] for r in rows):.2f} s; median ratio "
                        f"x{statistics.median(r[1]['cpu'] / r[0]['cpu'] for r in rows):.2f}; "
                        f"{sum((r[0]['digest'], r[0]['actions']) == (r[1]['digest'], r[1]['actions']) for r in rows)}"
                        f"/{len(rows)} games the same")
        print(summary, flush=True)


if __name__ == "__main__":
    main()
