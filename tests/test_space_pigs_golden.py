"""A golden Space Pigs playthrough: one seeded bot-vs-bot game's set-up log and event texts.

Any change of behaviour (rules, house values, dice use, event wording, bot play) shows up as a
diff of ``tests/golden/space_pigs.txt``. Regenerate deliberately (after an intended change) with::

    UPDATE_GOLDEN=1 python -m pytest tests/test_space_pigs_golden.py
"""
from __future__ import annotations

import os
from pathlib import Path

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.bots import play_out
from livestock_notebooks.space_pigs.bots.heuristic import GreedyBot, RandomBot

GOLDEN = Path(__file__).parent / "golden" / "space_pigs.txt"
CONFIG = {"players": 4, "seed": 21, "rules": "full", "max_rounds": 4, "clan_powers": True}


def transcript() -> str:
    state = sp.new_game(**CONFIG)
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    lines = [f"# Space Pigs golden game: {CONFIG}, bots Greedy/Random/Greedy/Random"]
    lines += state.setup_log
    for event in play_out(state, bots):
        lines.append(event.text)
    lines.append(f"# winners: {state.winners}")
    lines.append(f"# final: {state.notation()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    text = transcript()
    if os.environ.get("UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_golden_game_replays_from_its_save():
    state = sp.new_game(**CONFIG)
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    for _ in range(300):
        state.apply(bots[state.current_player].choose(state))
    again = sp.load(state.to_json())
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
