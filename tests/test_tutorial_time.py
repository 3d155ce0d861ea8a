"""Each tutorial fits a newcomer's quarter of an hour (estimated from its words and moves) and
teaches every section of its rulebook (the headings of the rulebook's table of contents), or
says in its data why a section is left out."""
from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

from livestock_notebooks.core.tutorial import (SECONDS_PER_MOVE, SECONDS_PER_NEXT, Step, estimate_minutes,
                                               step_seconds, untaught)
from livestock_notebooks.games import GAMES
from livestock_notebooks.space_pigs import tutorial as space_pigs

#: every game's tutorial steps (``<game>/tutorial.py``)
TUTORIALS = {name: importlib.import_module(f"livestock_notebooks.{name}.tutorial") for name in GAMES}
RULEBOOKS = Path(os.environ.get("LIVESTOCK_NOTEBOOKS_RULEBOOKS", "/work/shared/rulebooks"))


def rulebook_headings(text: str) -> list[str]:
    """The section headings of a rulebook: its table of contents' bullets, or (a rulebook whose
    contents list is empty) the short title lines after it."""
    lines = text.splitlines()
    bullets: list[str] = []
    for line in lines:
        m = re.match(r"^\s*\u2022\s*(.+)$", line)
        if m:
            bullets.append(m.group(1).strip())
        elif bullets and line.strip():
            break
    if bullets:
        return bullets
    start = max(i for i, line in enumerate(lines) if line.strip() == "Table of Contents") + 1
    return [line.strip() for line in lines[start:]
            if 2 < len(line.strip()) < 40 and line.strip()[0].isupper() and line.strip()[-1] not in '.:;,"'
            and not line.startswith(("-", "Example"))]


def test_the_estimate_counts_words_moves_and_next():
    reading = Step("r", "Title", "S", " ".join(["word"] * 199))  # 200 words: one minute, then Next
    goal = Step("g", "Title", "S", "x", goal="y", praise="z", check=lambda ev, st: True, moves=3)
    assert step_seconds(reading) == 60 + SECONDS_PER_NEXT
    assert step_seconds(goal) == 4 * 60 / 200 + 3 * SECONDS_PER_MOVE + SECONDS_PER_NEXT
    assert estimate_minutes([reading, goal]) == pytest.approx((step_seconds(reading) + step_seconds(goal)) / 60)


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_newcomer_finishes_each_tutorial_in_15_minutes(game):
    minutes = estimate_minutes(TUTORIALS[game].STEPS)
    assert 3 < minutes <= 15, f"{game}: about {minutes:.1f} minutes"


def headings_of(game: str) -> list[str]:
    path = RULEBOOKS / f"{game}.txt"
    if not path.exists():
        pytest.skip(f"no rulebook at {path}")
    headings = rulebook_headings(path.read_text(encoding="utf-8"))
    assert len(headings) >= 8
    return headings


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_rulebook_section_is_taught_or_listed_as_left_out(game):
    headings = headings_of(game)
    left_out = TUTORIALS[game].NOT_TAUGHT
    assert all(reason.strip() for reason in left_out.values())
    assert set(left_out) <= set(headings), "a section left out is not a rulebook heading"
    assert [h for h in untaught(headings, TUTORIALS[game].STEPS) if h not in left_out] == []
    assert not set(left_out) & (set(headings) - set(untaught(headings, TUTORIALS[game].STEPS))), \
        "a section listed as left out is taught"


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_section_a_step_names_is_a_rulebook_heading(game):
    headings = headings_of(game)
    for step in TUTORIALS[game].STEPS:
        for part in step.section.split(";"):
            assert untaught(headings, [Step("k", "t", part, "")]) != headings, (step.key, part)


def test_space_pigs_moves_are_what_the_worked_answers_take():
    """``Step.moves`` (what the estimate counts) matches the learner's moves in each worked answer."""
    from livestock_notebooks.space_pigs.bots.heuristic import GreedyBot
    state = None
    for step in space_pigs.STEPS:
        if not step.interactive:
            continue
        state = state if step.continues else space_pigs.state_for(step)
        demo, bot, events, moves = space_pigs.demo_for(step), GreedyBot(3), [], 0
        for _ in range(400):
            if step.done(events, state) or state.is_over:
                break
            if state.current_player != 0:
                assert step.bots, step.key
                events += state.apply(bot.choose(state))
                continue
            events += state.apply(demo(state))
            moves += 1
        assert step.done(events, state) and moves == step.moves, step.key
