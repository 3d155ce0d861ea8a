"""The Space Pigs tutorial: its steps and the widget that runs them, driven from Python."""
from __future__ import annotations

import re

import pytest

from livestock_notebooks.space_pigs import actions as spa
from livestock_notebooks.widgets.space_pigs.tutorial import STEPS, SpacePigsTutorial, state_for, step_by_key

INTERACTIVE = [s for s in STEPS if s.interactive]


@pytest.fixture
def tutorial():
    return SpacePigsTutorial(bot_delay=None)


def test_theme_and_goal_come_first_then_one_step_per_sequence():
    assert not STEPS[0].interactive
    assert "recipe" in STEPS[0].text and "win" in STEPS[0].text
    taught = {s.position.split("seq=")[1].split()[0] for s in STEPS if s.position}
    assert {"return", "1A", "1B", "1E", "2A", "2B", "3A", "3B", "3C", "4C"} <= taught
    # every rule after the welcome is taught by doing: a position, a goal and a worked answer
    assert [s.key for s in STEPS if not s.interactive or not s.has_goal] == ["welcome"]
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
    assert "lsn-tut-reading" in tutorial.app.view_box._dom_classes  # the welcome has no board
    assert tutorial.back_button.disabled
    tutorial.next_button.click()
    assert tutorial.index == 1 and "lsn-tut-reading" not in tutorial.app.view_box._dom_classes
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


ERROR = "lsn-msg-error"


def test_clan_powers_step_the_learner_steals_a_card_from_p2(tutorial):
    tutorial.go(STEPS.index(step_by_key("clans")))
    state = tutorial.app.session.state
    assert state.opts["clan_powers"] and state.clans[0] == "Hylocherus"
    p2_hand = list(state.hands[1])
    power = next(label for label in tutorial.app.view.button_labels() if label.startswith("Power:"))
    assert "random card" in power
    tutorial.app.view.press(power)
    assert not tutorial.is_done
    assert not tutorial.act(next(a for a in state.legal_actions() if getattr(a, "target", None) == 2))
    assert ERROR in tutorial.app.status.value and "P2" in tutorial.feedback_text
    assert tutorial.act(next(a for a in state.legal_actions() if getattr(a, "target", None) == 1))
    assert tutorial.is_done
    stolen = set(p2_hand) - set(state.hands[1])
    assert len(stolen) == 1 and stolen <= set(state.hands[0])


def test_elimination_step_the_clan_returns_on_the_edge_with_five_piglets(tutorial):
    tutorial.go(STEPS.index(step_by_key("elimination")))
    state = tutorial.app.session.state
    assert state.out[0] and state.troop_count(0) == 0 and state.used[0]
    tutorial.app.view.map.click(0)  # the core: held, and not on the edge
    assert tutorial.app.status_text.startswith("Not allowed:") and not tutorial.is_done
    tutorial.app.view.map.click(4)  # an empty blue planet on the edge
    assert tutorial.is_done
    assert not state.out[0] and state.troop_count(0) == 5 and state.used[0] == []
    assert state.player_view(0).hexes[4].holder == 0


def test_multi_player_combat_step_the_winner_defends_against_the_next_attacker(tutorial):
    tutorial.go(STEPS.index(step_by_key("multi")))
    state = tutorial.app.session.state
    assert [e[0] for e in state.occupants[0]] == [2, 0, 1]  # P3 holds H0; P1, then P2, landed
    assert not tutorial.act(spa.Done(0))  # allowed, but the step asks for a card in each combat
    assert ERROR in tutorial.app.status.value and "card" in tutorial.feedback_text
    tutorial.app.view.hand.click(tutorial.app.view.hand.cards[0])
    assert not tutorial.act(spa.PlayCard(0, state.hands[0][0]))  # the other card: for the next combat
    assert ERROR in tutorial.app.status.value and "next combat" in tutorial.feedback_text
    tutorial.app.view.press("Done: my cards are down")
    # P1 won the first combat, so P1 now defends H0 against P2, and plays the other card
    assert state.combat is not None and (state.combat.attacker, state.combat.defender) == (1, 0)
    assert "defender" in tutorial.app.view.prompt.value
    tutorial.app.view.hand.click(tutorial.app.view.hand.cards[0])
    assert tutorial.is_done
    combats = [e for e in tutorial.events if e.kind == "combat"]
    assert [(e.data["attacker"], e.data["defender"]) for e in combats] == [(0, 2), (1, 0)]
