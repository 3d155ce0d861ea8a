"""The Livestock Uprising tutorial: every step's position, goal and worked answer, and the widget."""
from __future__ import annotations

import pytest

from livestock_notebooks.livestock_uprising.tutorial import STEPS, state_for, step_by_key
from livestock_notebooks.widgets.livestock_uprising.tutorial import LivestockTutorial

SECTIONS_IN_ORDER = [
    "Components; Winning; Turn Order",  # theme, goal, overview: one reading step
    "Barn Placement; Board Setup; Final Board; Place Generals; Player Count; Setup; Starting Board",
    "Action Phase; Move; Barns", "Attack", "Attack", "Battle Resolution; Attacking; Defense", "Casualties",
    "No Defense", "Battle Resolution", "Ability to Harvest; Harvest Phase; Resources",
    "Marshaling Phase; Maximum Units; Special Forces; Troops", "Transfering Units", "Command Cards",
    "End Game; Super Army", "Super Army Rules", "Super Army Rules", "Super Army Rules", "Winning",
]


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def test_order_theme_goal_overview_then_one_section_per_step():
    assert [s.section for s in STEPS] == SECTIONS_IN_ORDER
    assert [s.interactive for s in STEPS[:2]] == [False, True]  # the first move comes second
    assert all(s.interactive for s in STEPS[1:])
    for s in STEPS[1:]:
        assert s.goal and s.goal.count(".") <= 3, s.key  # one or two sentences


@pytest.mark.parametrize("step", [s for s in STEPS if s.position], ids=lambda s: s.key)
def test_each_step_is_reachable_by_its_worked_answer(step):
    state = state_for(step)
    assert not step.done([], state)
    events, moves = [], 0
    for _ in range(10):
        if step.done(events, state):
            break
        if state.current_player != 0:  # the Cows answer (a retreat): only on steps with bots
            assert step.bots, step.key
            events += state.apply(state.legal_actions()[0])
            continue
        action = step.demo(state)
        assert action is not None and action in state.legal_actions()
        assert step.why_not(action, state) is None  # the worked answer is on the goal
        events += state.apply(action)
        moves += 1
    assert step.done(events, state)
    assert moves == step.moves  # what the time estimate counts


def test_widget_walks_through_the_first_steps():
    t = LivestockTutorial(bot_delay=None)
    assert t.index == 0 and t.back_button.disabled
    assert "Welcome to the farm" in t.header.value
    # reading step: no board; the card stands where it stands on the next steps (nothing jumps)
    assert "lsn-tut-reading" in t.app.view_box._dom_classes and t.card in t.column.children
    t.next_button.click()
    assert t.step.key == "barns" and "lsn-tut-reading" not in t.app.view_box._dom_classes
    assert t.card in t.column.children  # the step's text sits above the prompt
    for part in (t.app.menu_button, t.app.new_game_button, t.app.help_button, t.app.undo_button, t.app.save_box):
        assert part.layout.display == "none"
    assert "Your goal:" in t.text.value and not t.is_done
    blue = sorted(t.app.view._index["squares"])
    t.app.view.board.click(blue[0])
    assert t.is_done and "\u2714" in t.done_label.value
    assert t.next_button.button_style == "success"
    t.next_button.click()
    assert t.step.key == "move"
    # a wrong move shows the engine's rule message
    t.app.view.board.click("b3")
    t.app.view.board.click("b2")
    assert t.app.status_text.startswith("Not allowed: Generals cannot enter a forest")
    assert not t.is_done
    t.app.view.board.click("c3")
    assert t.is_done


def test_show_me_plays_the_answer_for_every_step():
    t = LivestockTutorial(bot_delay=None)
    for i, step in enumerate(t.steps):
        t.go(i)
        if step.interactive:
            assert t.show_me(), step.key
            assert step.key in t.completed
    assert "last faction standing" in t.done_label.value or "You know the whole game" in t.done_label.value


def test_start_over_and_back():
    t = LivestockTutorial(bot_delay=None)
    t.go(2)  # moving
    t.app.view.board.click("b3")
    t.app.view.board.click("c3")
    assert t.is_done
    t.reset_button.click()
    assert not t.is_done and t.app.session.state.general_at("b3") == ["Pecky"]
    t.back_button.click()
    assert t.step.key == "barns"


def test_wrong_attacker_does_not_complete_the_battle_step():
    t = LivestockTutorial(bot_delay=None)
    t.go([s.key for s in t.steps].index("battle"))
    v = t.app.view
    v.board.click("b3")  # Pecky: the weaker attacker
    v.board.click("c3")
    assert v.battle.visible
    v.battle.commit_button.click()
    assert not t.is_done and "lsn-msg-error" in t.app.status.value and "odds" in t.feedback_text
    assert t.app.session.state.general_at("b3") == ["Pecky"]  # the attack was not fought
    t.start_over()
    v.general_buttons.click("Cluck \u2605\u2605\u2605")
    v.board.click("c3")
    assert "you win" in v.battle.odds_html.value
    v.battle.commit_button.click()
    assert t.is_done


def test_step_by_key():
    assert "Harvest Phase" in step_by_key("harvest").section.split("; ")
    with pytest.raises(KeyError):
        step_by_key("nope")


def test_winning_step_by_clicking_shows_the_super_army_preview():
    t = LivestockTutorial(bot_delay=None)
    t.go([s.key for s in t.steps].index("winning"))
    v = t.app.view
    assert v.selected == "Pecky"  # the Super Army is the only General that can act
    v.board.click("d3")
    assert v.battle.visible and "No battle is fought" in v.battle.odds_html.value
    assert "destroys Bessie" in v.battle.odds_html.value
    v.battle.commit_button.click()
    assert t.is_done and t.app.session.state.is_over
    assert "destroyed" in v.battle.outcome.value and "command card" not in v.battle.outcome.value
    assert "Game over" in t.app.turn.value


def _battle_events(key):
    step = step_by_key(key)
    state, events = state_for(step), []
    while not step.done(events, state):
        action = step.demo(state) if state.current_player == 0 else state.legal_actions()[0]
        events += state.apply(action)
    return {e.kind: e for e in events}, state


def test_battle_resolution_a_boxed_in_defender_swaps_squares_with_the_attacker():
    events, state = _battle_events("noretreat")
    assert state.general_at("d1") == ["Bessie"] and state.general_at("e1") == ["Pecky"]
    assert "no free square" in events["retreat"].text


def test_super_army_rules_a_natural_12_wins_against_a_higher_total_and_a_natural_2_loses():
    events, state = _battle_events("natural12")
    assert events["battle"].data["attack"] + 12 < events["battle"].data["defense"] + 6
    assert "natural 12" in events["battle"].text and state.army("Angus") == []  # two casualties
    events, state = _battle_events("superout")
    assert "natural 2" in events["battle"].text and state.is_over  # the Cows' Super Army emptied: out


def test_super_army_rules_generals_in_a_barn_defend_as_one():
    events, state = _battle_events("barn")
    assert events["attack"].text.endswith("attacks Bessie (1*), Angus (2*) at e3")
    assert events["battle"].data["defense"] == 5  # an ox (4) and a sheep (1) together
    assert state.general_at("e3") == ["Bessie", "Angus"]  # no retreat from a barn
