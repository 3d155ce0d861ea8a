"""A golden BattleGoats playthrough: one seeded bot-vs-bot game's event texts.

Regenerate deliberately (after an intended rule change) with::

    UPDATE_GOLDEN=1 python -m pytest tests/test_battlegoats_golden.py
"""
from __future__ import annotations

import os
from pathlib import Path

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.bots import play_out

GOLDEN = Path(__file__).parent / "golden" / "battlegoats.txt"
CONFIG = {"players": 3, "seed": 11, "draft": True, "max_rounds": 30}


def transcript() -> str:
    state = bg.new_game(**CONFIG)
    bots = [bg.SeenBot(1), bg.RandomBot(2), bg.SeenBot(3)]
    lines = [f"# BattleGoats golden game: {CONFIG}, bots Seen/Random/Seen"]
    for event in play_out(state, bots):
        lines.append(event.text)
    lines.append(f"# final: {state.notation()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    text = transcript()
    if os.environ.get("UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
