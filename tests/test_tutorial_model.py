"""The one tutorial model, in each of the three games, driven as a learner would (button clicks
and board clicks): Next waits for the goal, Skip leaves a step, Show me plays it, a wrong move
says why in the error colour and is not played, bots play only on steps that need them, and a
continued step keeps the board."""
from __future__ import annotations

import pytest

from livestock_notebooks.battlegoats import actions as bga
from livestock_notebooks.livestock_uprising import actions as lua
from livestock_notebooks.space_pigs import actions as spa
from livestock_notebooks.widgets.battlegoats.tutorial import Tutorial as BattleGoatsTutorial
from livestock_notebooks.widgets.livestock_uprising.tutorial import LivestockTutorial
from livestock_notebooks.widgets.space_pigs.tutorial import SpacePigsTutorial

ERROR = "lsn-msg-error"


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))


def livestock():
    return LivestockTutorial(bot_delay=None)


def space_pigs():
    return SpacePigsTutorial(bot_delay=None)


def battlegoats():
    return BattleGoatsTutorial(step_delay=None)


PAGES = {"livestock": livestock, "space_pigs": space_pigs, "battlegoats": battlegoats}
#: a step with a goal in each game
GOAL_STEP = {"livestock": "move", "space_pigs": "redeploy", "battlegoats": "rows"}


def open_step(t, key):
    t.go([s.key for s in t.steps].index(key))
    assert t.step.key == key
    return t


def snapshot(t):
    return t.app.session.state.to_dict()


@pytest.mark.parametrize("game", PAGES)
def test_at_most_one_reading_step_before_the_first_move(game):
    t = PAGES[game]()
    before = 0
    for step in t.steps:
        if t.waits_for_goal(step):
            break
        before += not step.has_goal
    assert before <= 1 + (game == "battlegoats"), [s.key for s in t.steps[:3]]
    reading = [s for s in t.steps[:3] if not s.interactive]
    assert len(reading) <= 1


@pytest.mark.parametrize("game", PAGES)
def test_next_waits_for_the_goal_and_skip_leaves_the_step(game):
    t = open_step(PAGES[game](), GOAL_STEP[game])
    i = t.index
    assert t.next_button.disabled and not t.skip_button.disabled
    t.next()  # as if the disabled button were forced: the page says what to do
    assert t.index == i and ERROR in t.app.status.value and "Skip" in t.feedback_text
    t.skip_button.click()
    assert t.index == i + 1 and t.steps[i].key in t.skipped and t.steps[i].key not in t.completed


@pytest.mark.parametrize("game", PAGES)
def test_next_closes_before_the_header_names_a_step_with_a_goal(game):
    """The browser applies the kernel's updates in the order they are sent: a quick second click
    that lands once the header names the new step must not meet the last step's open Next."""
    t = PAGES[game]()
    i = [s.key for s in t.steps].index(GOAL_STEP[game])
    t.go(i - 1)
    if t.waits_for_goal(t.step):
        t.show_me()
    assert not t.next_button.disabled
    order = []
    t.next_button.observe(lambda c: order.append(("next", c["new"])), "disabled")
    t.skip_button.observe(lambda c: order.append(("skip", c["new"])), "disabled")
    t.header.observe(lambda c: order.append(("header", "Step %d of" % (i + 1) in c["new"])), "value")
    t.next_button.click()
    assert t.index == i
    assert ("header", True) in order, order
    named = order.index(("header", True))
    assert ("next", True) in order[:named] and ("skip", False) in order[:named], order


@pytest.mark.parametrize("game", PAGES)
def test_show_me_plays_the_goal_and_then_next_opens(game):
    t = open_step(PAGES[game](), GOAL_STEP[game])
    t.show_button.click()
    assert t.is_done and t.step.key in t.completed
    assert not t.next_button.disabled and t.next_button.button_style == "success"
    assert t.skip_button.disabled and t.show_button.disabled


def test_livestock_wrong_moves_show_why_in_the_error_colour():
    t = open_step(livestock(), "move")
    v = t.app.view
    before = snapshot(t)
    v.select("Cluck")
    v.board.click("a2")  # Cluck may go there, but this step asks for Pecky
    assert ERROR in t.app.status.value and "move Pecky" in t.feedback_text
    assert snapshot(t) == before and not t.is_done
    v.board.click("b3")
    v.board.click("b2")  # a forest: the engine's rule
    assert ERROR in t.app.status.value and "forest" in t.feedback_text
    v.board.click("c3")
    assert t.is_done  # the goal is still reachable


def test_livestock_wrong_barn_square_says_the_rule_in_the_error_colour():
    t = open_step(livestock(), "barns")
    t.app.view.board.click("a1")  # a corner: no barn there
    assert ERROR in t.app.status.value and "Barn Placement" in t.feedback_text
    assert "Generals first" not in t.feedback_text and not t.is_done
    t.show_me()
    assert t.is_done


def test_space_pigs_move_off_the_goal_is_not_played_and_bots_do_not_play_on():
    t = open_step(space_pigs(), "extra")
    s = t.app.session
    before = snapshot(t)
    assert not t.act(spa.Done(0))  # allowed, but the step asks for two planets
    assert ERROR in t.app.status.value and "H1" in t.feedback_text
    assert snapshot(t) == before and s.current_player == 0
    assert not t.act(spa.Discard(0, 48))  # not allowed now: the engine's rule
    assert ERROR in t.app.status.value and t.feedback_text.startswith("Not allowed")
    t.show_me()
    assert t.is_done


def test_space_pigs_travel_refuses_a_trip_elsewhere():
    t = open_step(space_pigs(), "travel")
    view = t.app.view
    view.map.click(0)
    view.map.click(2)  # the asteroid: allowed, not the goal
    assert ERROR in t.app.status.value and "not this step's goal" in t.feedback_text
    assert not t.is_done
    view.map.click(0)
    view.map.click(3)
    assert t.is_done


def test_battlegoats_move_off_the_goal_is_not_played():
    t = open_step(battlegoats(), "first")
    before = snapshot(t)
    assert not t.act(bga.ChooseFirstAttacker(0, 1))
    assert ERROR in t.app.status.value and "first attack yourself" in t.feedback_text
    assert snapshot(t) == before
    assert t.act(bga.ChooseFirstAttacker(0, 0)) and t.is_done


def test_bots_play_only_when_the_step_needs_them():
    # Space Pigs: choosing a marker needs the bots (they choose theirs), and they stop once revealed
    t = open_step(space_pigs(), "marker")
    assert t.step.bots
    t.act(next(a for a in t.app.session.state.legal_actions() if isinstance(a, spa.ChooseMarker)))
    assert t.is_done and t.app.session.state.sequence == "2B" and t.app.paused
    # the combat needs them too; once it is over the others' redeployment waits for Next
    t = open_step(space_pigs(), "combat")
    t.show_me()
    log = len(t.app.session.log)
    assert t.is_done and t.app.paused
    t.app._bot_tick()
    assert len(t.app.session.log) == log
    # a step without bots: they never move, even when asked to tick
    t = open_step(livestock(), "move")
    assert not t.step.bots and t.app.paused
    t = open_step(livestock(), "attack")  # Bessie retreats (a bot's answer), then the bots wait
    t.show_me()
    state = t.app.session.state
    assert t.is_done and state.general_at("c3") == ["Pecky"] and state.current_player == 0 and t.app.paused
    t = open_step(battlegoats(), "faceup")
    assert not t.step.bots
    t.show_me()
    log = len(t.app.session.log)
    t.app._bot_tick()
    assert len(t.app.session.log) == log


@pytest.mark.parametrize("game,first,then", [("livestock", "attack", "attacked"), ("space_pigs", "marker", "travel"),
                                             ("battlegoats", "first", "first_attack")])
def test_a_continued_step_keeps_the_board(game, first, then):
    t = open_step(PAGES[game](), first)
    t.show_me()
    session, before = t.app.session, snapshot(t)
    t.next_button.click()
    assert t.step.key == then and t.step.continues
    assert t.app.session is session and snapshot(t) == before and not t.is_done
    t.show_me()
    assert t.is_done
    # reached from elsewhere, the previous step is played first: the same situation
    t.go(0)
    t.go(t.steps.index(t.steps[[s.key for s in t.steps].index(then)]))
    assert t.step.key == then and not t.is_done
    assert snapshot(t) == before


# --------------------------------------------------------------------------- the parts a step shows
UNUSED = "lsn-tut-unused"


def hidden(widget) -> bool:
    return UNUSED in widget._dom_classes


@pytest.mark.parametrize("game,quiet,bots", [("livestock", "move", "attack"), ("space_pigs", "travel", "marker"),
                                             ("battlegoats", "adjacent", "attack")])
def test_a_step_shows_only_the_parts_of_the_page_it_needs(game, quiet, bots):
    """A step where only the learner moves hides the game log (and the players strip); a step
    where the bots play shows them, to follow what they do. BattleGoats shows the hand always."""
    t = open_step(PAGES[game](), quiet)
    app = t.app
    assert hidden(app.log.widget) and hidden(app.regions.players) and "log" not in t.shown_parts
    assert hidden(app.regions.hand) == (game != "battlegoats")
    t = open_step(PAGES[game](), bots)
    app = t.app
    assert not hidden(app.log.widget) and not hidden(app.regions.players)
    assert {"log", "players"} <= t.shown_parts


@pytest.mark.parametrize("game,cards", [("livestock", "cards"), ("space_pigs", "draw")])
def test_a_step_about_cards_shows_the_hand_and_the_next_step_hides_it_again(game, cards):
    t = open_step(PAGES[game](), cards)
    assert not hidden(t.app.regions.hand) and "hand" in t.shown_parts
    t.skip_button.click()
    assert "hand" not in t.parts_for(t.step) and hidden(t.app.regions.hand)


def test_a_step_can_name_the_parts_it_shows():
    import dataclasses

    t = livestock()
    move = next(s for s in t.steps if s.key == "move")
    t = type(t)([dataclasses.replace(move, shows=("log",))], bot_delay=None)
    assert t.shown_parts == {"log"}
    assert not hidden(t.app.log.widget) and hidden(t.app.regions.hand) and hidden(t.app.regions.players)
