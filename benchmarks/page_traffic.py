"""What a play page sends its browser while a game is played: widget updates and their size.

    python benchmarks/page_traffic.py [--steps 400] [--players 4] [--top 6]

Builds each game's play page in this process (no server, no browser), starts a game of bots only
(watched, as a spectator sees it: every seat's move redraws the page) and counts every widget
update the kernel would send (``ipywidgets.Widget._send``): how many, how many bytes of JSON
state, and the widgets that sent the most. Every update is read twice by the Jupyter server
(its activity watch and the relay to the browser) and redrawn by the browser, so the bytes are a
fair gauge of what a move costs the server and the page. Never asserts.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

#: each game's play page and the bot that plays every seat
GAMES = {
    "livestock_uprising": ("livestock_notebooks.widgets.livestock_uprising.app", "greedy"),
    "battlegoats": ("livestock_notebooks.widgets.battlegoats.app", "smart"),
    "space_pigs": ("livestock_notebooks.widgets.space_pigs.app", "greedy"),
}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400, help="bot steps at most (default 400)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--top", type=int, default=6, help="widgets listed per game")
    args = parser.parse_args(argv)
    os.environ["LIVESTOCK_NOTEBOOKS_SAVE_DIR"] = tempfile.mkdtemp()  # autosaves go to a scratch folder

    import importlib

    import ipywidgets

    from livestock_notebooks.core.session import Seat

    counts: collections.Counter = collections.Counter()
    sizes: collections.Counter = collections.Counter()
    send = ipywidgets.Widget._send

    def counting_send(widget, data, buffers=None):
        if data.get("method") == "update":
            state = data.get("state", {})
            classes = ".".join(c for c in getattr(widget, "_dom_classes", ()) if c.startswith("lsn"))
            key = f"{type(widget).__name__} {','.join(sorted(state))} {classes}"
            counts[key] += 1
            sizes[key] += len(json.dumps(state, default=str))
        return send(widget, data, buffers)

    ipywidgets.Widget._send = counting_send
    print(f"bots-only games, {args.players} seats, seed {args.seed}, at most {args.steps} bot steps")
    for game, (module, bot) in GAMES.items():
        counts.clear()
        sizes.clear()
        play_app = importlib.import_module(module).play_app
        app = play_app(bot_delay=None, autosave=False)
        app.start([Seat(bot) for _ in range(args.players)], seed=args.seed)
        steps = 0
        while not app.session.state.is_over and steps < args.steps and app.step():
            steps += 1
        total = sum(sizes.values())
        print(f"\n{game}: {steps} bot steps, {sum(counts.values()):,} updates, {total / 1e6:.2f} MB"
              f" ({total / max(steps, 1) / 1e3:.1f} kB a step)")
        for key, size in sizes.most_common(args.top):
            print(f"  {counts[key]:6,} updates {size / 1e3:9,.0f} kB  {key}")
    ipywidgets.Widget._send = send


if __name__ == "__main__":
    main()
