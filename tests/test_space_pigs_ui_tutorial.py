"""The Space Pigs tutorial: its steps and the widget that runs them, driven from Python."""
from __future__ import annotations

import re

import pytest

from livestock_notebooks.widgets.space_pigs.tutorial import STEPS, SpacePigsTutorial, state_for, step_by_key

INTERACTIVE = [s for s in STEPS if s.interactive]


@pytest.fixture
def tutorial():
    return SpacePigsTutorial(bot_delay=None)


def test_theme_and_goal_come_first_then_one_step_per_sequence():
    assert not STEPS[0].interactive
    assert "recipe" in STEPS[0].text and "win" in STEPS[0].text
    taught = {s.position.split("seq=")[1].split()[0] for s in STEPS if s.position}
    assert {"1A", "1B", "1E", "2A", "2B", "3A", "3B", "3C", "4C"} <= taught
    assert {"extra", "wipeout"} <= {s.key for s in STEPS}  # event cards, a wipeout triggered
    assert STEPS[-1].fresh is not None and STEPS[-1].fresh["rules"].startswith("simple")
    keys = [s.key for s in STEPS]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("step", INTERACTIVE, ids=[s.key for s in INTERACTIVE])
def test_every_goal_is_short_and_every_position_loads(step):
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", step.goal.strip()) if x]
    assert 1 <= len(sentences) <= 2, step.goal
    if step.continues:
        return
    state = state_for(step)
    assert not state.invariant_violations()
    assert not state.is_over


@pytest.mark.parametrize("index", [i for i, s in enumerate(STEPS) if s.interactive],
                         ids=[s.key for s in STEPS if s.interactive])
def test_show_me_reaches_every_goal(tutorial, index):
    tutorial.go(index)
    assert not tutorial.is_done
    assert tutorial.show_me()
    assert tutorial.step.key in tutorial.completed
    assert "\u2714" in tutorial.done_label.value
    assert tutorial.next_button.button_style == "success"


def test_navigation_and_progress(tutorial):
    assert tutorial.index == 0
    assert tutorial.app.widget.layout.display == "none"  # the welcome has no board
    assert tutorial.back_button.disabled
    tutorial.next_button.click()
    assert tutorial.index == 1 and tutorial.app.widget.layout.display != "none"
    assert "Step 2 of" in tutorial.header.value
    assert tutorial.progress.value.count("<span") == len(STEPS)
    tutorial.back_button.click()
    assert tutorial.index == 0
    tutorial.go(len(STEPS) - 1)
    assert tutorial.next_button.disabled


def test_the_learner_completes_the_travel_step_by_clicking(tutorial):
    tutorial.go(STEPS.index(step_by_key("travel")))
    view = tutorial.app.view
    view.map.click(5)  # not my hex: the engine explains
    assert tutorial.app.status_text.startswith("Not allowed:")
    assert not tutorial.is_done
    view.map.click(0)
    view.map.click(5)
    assert tutorial.is_done
    assert "new planet" in tutorial.done_label.value


def test_the_learner_discards_and_draws(tutorial):
    tutorial.go(STEPS.index(step_by_key("draw")))
    view = tutorial.app.view
    assert "Draw cards" in view.prompt.value
    first = view.hand.cards[0]
    view.hand.click(first)  # 1A: a click discards (the card is not one to play now)
    assert len(tutorial.app.session.state.hands[0]) == 3
    view.press("Done: draw my cards")
    assert len(tutorial.app.session.state.hands[0]) == 6
    assert tutorial.is_done


def test_start_over_sets_the_step_up_again(tutorial):
    tutorial.go(STEPS.index(step_by_key("travel")))
    before = tutorial.app.session.state.to_json()
    tutorial.app.view.map.click(0)
    tutorial.app.view.map.click(3)
    assert tutorial.is_done
    tutorial.reset_button.click()
    assert not tutorial.is_done
    assert tutorial.app.session.state.to_json() == before


def test_flee_step_starts_in_round_two_with_the_first_round_shown(tutorial):
    tutorial.go(STEPS.index(step_by_key("flee")))
    panel = tutorial.app.view.combat.widget.value
    assert "Round 1 on H0" in panel
    assert "Flee to H1 (yellow planet)" in tutorial.app.view.button_labels()
