"""The BattleGoats tutorial, driven from Python as a learner would (board clicks)."""
from __future__ import annotations

import pytest

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.widgets.battlegoats.tutorial import STEPS, Tutorial, value_in_slot

RULEBOOK_SECTIONS = {"Building Your Army", "Battlefield Setup", "Attacking", "Face Up Cards", "Turns and Winning"}
SIX = ("Cowboy Goat", "Soldier Goat", "Cyborg Goat", "Fainting Goat", "Wizard Goat", "Matador Goat")


@pytest.fixture
def tut():
    return Tutorial(step_delay=None)


def open_step(tut, key):
    tut.go([s.key for s in STEPS].index(key))
    return tut.view


def test_order_theme_goal_overview_then_every_section_with_the_six_cards():
    keys = [s.key for s in STEPS]
    assert keys[:3] == ["theme", "goal", "overview"]
    assert RULEBOOK_SECTIONS <= {part for s in STEPS[3:] for part in s.section.split('; ')}
    text = " ".join(s.text for s in STEPS)
    for name in SIX:
        assert name in text, name
    for s in STEPS:
        if s.check is not None:  # a step with a goal
            assert s.goal and s.goal.count(".") <= 2, s.key
            assert s.position or s.continues, s.key


@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.key for s in STEPS])
def test_every_position_loads_and_show_me_reaches_the_goal(tut, index):
    step = STEPS[index]
    if step.position:
        bg.from_notation(step.position)
    else:
        assert step.continues or step.check is None
    tut.go(index)
    if step.check is None:  # a step to read (and look at)
        assert not tut.next_button.disabled or index == len(STEPS) - 1
        return
    assert tut.next_button.disabled and not tut.is_done
    tut.show_me_button.click()
    assert tut.is_done and step.done(tut.events, tut.state)
    assert "Well done" in tut.feedback_text
    assert not tut.next_button.disabled or index == len(STEPS) - 1


def test_next_and_back(tut):
    assert "Step 1 of" in tut.header.value and tut.back_button.disabled
    tut.next_button.click()
    assert "Step 2 of" in tut.header.value
    assert tut.next_button.disabled, "the goal step waits for the learner's move"
    tut.back_button.click()
    assert "Step 1 of" in tut.header.value


def test_goal_step_played_on_the_board(tut):
    view = open_step(tut, "goal")
    view.boards[0].slots[4].click()      # my Ram Goat
    view.boards[1].slots[7].click()      # their last card
    assert "Win" in view.odds.widget.value
    view.confirm_button.click()
    assert tut.is_done and tut.state.winners == [0]
    assert "Kid Goat" in view.report.body.value


def test_cowboy_step_counts_the_cards_the_board_shows(tut):
    view = open_step(tut, "rows")
    down = sum(1 for c in tut.state.board[0] if c is not None)
    assert down == 5 and "Five of your cards are already down" in tut.text.value


def test_cowboy_goes_where_two_cards_are_in_front(tut):
    view = open_step(tut, "rows")
    cowboy = [b.description.split("\n")[0] for b in view.hand_box.children].index("Cowboy Goat")
    view.hand_box.children[cowboy].click()
    view.boards[0].slots[6].click()      # B1: only one card in front
    assert "would be a 5" in tut.feedback_text and "allowed, but not this step's goal" in tut.feedback_text
    assert "lsn-msg-error" in tut.app.status.value
    assert tut.state.board[0][6] is None, "a move off the goal is not played"
    view.boards[0].slots[0].click()      # F1 is taken: the engine's own rule message
    assert "Not allowed: that slot already holds a card" in tut.feedback_text
    assert "Battlefield Setup" in tut.feedback_text
    assert view.sel_hand == "cowboy_goat", "the chosen card stays chosen after a refused move"
    view.boards[0].slots[7].click()
    assert tut.is_done and value_in_slot(tut.state, "cowboy_goat", 0, 7) == 9


def test_soldier_with_four_neighbours_is_an_8(tut):
    view = open_step(tut, "adjacent")
    soldier = [b.description.split("\n")[0] for b in view.hand_box.children].index("Soldier Goat")
    view.hand_box.children[soldier].click()
    view.boards[0].slots[0].click()
    assert "Soldier Goat would be a 6" in tut.feedback_text
    view.boards[0].slots[4].click()
    assert tut.is_done and value_in_slot(tut.state, "soldier_goat", 0, 4) == 8


def test_draft_keep_the_cowboy(tut):
    view = open_step(tut, "army")
    names = [b.description.split("\n")[0] for b in view.hand_box.children]
    assert names[:6] == ["Cowboy Goat", "Soldier Goat", "Cyborg Goat", "Fainting Goat", "Wizard Goat", "Matador Goat"]
    view.hand_box.children[1].click()
    view.confirm_button.click()
    assert "keep Cowboy Goat" in tut.feedback_text and not tut.is_done
    view.hand_box.children[0].click()
    view.confirm_button.click()
    assert tut.is_done


def test_attack_step_shows_certain_odds_and_refuses_other_attacks(tut):
    view = open_step(tut, "attack")
    view.boards[0].slots[0].click()      # the Owl, not the Cyborg
    view.boards[1].slots[7].click()
    view.confirm_button.click()
    assert "attack with your Cyborg Goat" in tut.feedback_text
    assert tut.state.stage == "attacker", "nothing was revealed"
    view.boards[0].slots[1].click()      # Cyborg Goat
    view.boards[1].slots[7].click()      # the Cowboy Goat seen before
    assert view.odds.odds.known and view.odds.odds.win == 1
    assert "certain" in view.odds.widget.value
    view.confirm_button.click()
    assert tut.is_done
    body = view.report.body.value
    assert "against Goat cards" in body and "straight ahead" in body and "8 beats 5" in body


def test_tie_step_opponent_chooses_the_wizard(tut):
    view = open_step(tut, "tie")
    view.boards[0].slots[4].click()
    view.boards[1].slots[3].click()
    view.confirm_button.click()
    assert tut.is_done
    assert "tie" in view.report.body.value


def test_matador_dodge_and_fight_is_explained(tut):
    view = open_step(tut, "faceup")
    labels = [b.description for b in view.choice_box.children]
    assert labels == ["Flip it face up and avoid the battle", "Fight"]
    view.choice_box.children[1].click()
    assert "Avoid the battle instead" in tut.feedback_text and not tut.is_done
    view.choice_box.children[0].click()
    assert tut.is_done and tut.state.counts_face_up("matador_goat")


def test_ending_step_offers_both_endings(tut):
    view = open_step(tut, "winning")
    view.boards[0].slots[4].click()
    view.boards[1].slots[4].click()
    view.confirm_button.click()
    labels = [b.description for b in view.choice_box.children]
    assert labels == ["Share the victory", "No victors: we all lose"]
    view.choice_box.children[1].click()
    assert tut.is_done and tut.state.result == "no_victors"


def test_passive_steps_refuse_moves(tut):
    view = tut.view
    assert all(b.disabled for b in view.boards[0].slots)
    assert tut.act(bg.ChooseAttacker(0, 0)) is False
    assert "press Next" in tut.feedback_text
    assert "lsn-msg-error" in tut.app.status.value


def test_tutorial_board_hides_the_opponents_cards(tut):
    view = open_step(tut, "theme")
    assert all(b.description == "?" for b in view.boards[1].slots)
    text = "\n".join(str(getattr(x, "tooltip", "") or "") + str(getattr(x, "description", "") or "")
                     for x in view.boards[1].slots)
    assert "Ram Goat" not in text and "Queen Nanny" not in text
