"""Golden playthrough: one seeded bot-vs-bot game of Livestock Uprising, its whole transcript.

Any change of behaviour (rules, house values, dice use, event wording, bot play) shows up as a
diff of ``tests/golden/livestock_uprising.txt`` in review. To accept a deliberate change:

    LIVESTOCK_GOLDEN_REGEN=1 python -m pytest tests/test_livestock_golden.py
"""
from __future__ import annotations

import os
from pathlib import Path

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot

GOLDEN = Path(__file__).parent / "golden" / "livestock_uprising.txt"
CONFIG = {"players": 2, "seed": 2026, "max_rounds": 80}


def transcript() -> str:
    state = lu.new_game(**CONFIG)
    bots = [GreedyBot(1), GreedyBot(2)]
    lines = [f"# Livestock Uprising golden game: {CONFIG}, GreedyBot(1) v GreedyBot(2)"]
    while not state.is_over:
        player = state.current_player
        action = bots[player].choose(state)
        lines.append(f"P{player + 1} > {action}")
        lines.extend(f"    {e.text}" for e in state.apply(action))
    lines.append(f"# winners: {state.winners}; final position: {state.notation()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    text = transcript()
    if os.environ.get("LIVESTOCK_GOLDEN_REGEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, "the golden game changed: regenerate it deliberately (see this file's docstring)"
