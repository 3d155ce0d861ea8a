"""Space Pigs page: words, saves, the game screen and standing combat orders (the helpers of test_space_pigs_ui)."""

from __future__ import annotations

import html

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.space_pigs.actions import PlayCard
from livestock_notebooks.space_pigs.bots import GreedyBot
from livestock_notebooks.space_pigs.data import CARDS
from livestock_notebooks.widgets.shell.app import tree_text
from livestock_notebooks.widgets.shell.pacing import BOT_SPEEDS
from livestock_notebooks.widgets.space_pigs.app import describe_action, play_app
from livestock_notebooks.widgets.space_pigs.tutorial import step_by_key, state_for
from test_space_pigs_ui import COMBAT, TRAVEL, human_step, make_app, position_app, saves  # noqa: F401 (helpers and fixtures)


# --------------------------------------------------------------------------- words, saves
def test_log_lines_never_name_a_face_down_card():
    state = sp.from_notation(COMBAT, seed=3)
    state.apply(GreedyBot(1).choose(state))
    text = describe_action(state, PlayCard(0, 26))
    assert "Suicide Porker" not in text and "face down" in text


def test_undo_of_a_face_down_card_keeps_it_hidden(saves):
    app = position_app(saves, COMBAT)
    app.run_bots()
    app.view.hand.click(26)
    assert app.undo()
    log = " ".join(e.text for e in app.session.log)
    assert "Suicide Porker" not in log and "took back" in log
    assert 26 in app.session.state.hands[0]


def test_autosave_and_resume_the_same_position(saves):
    app = make_app(saves)
    session = app.start([Seat.human(), Seat("Greedy"), Seat("Greedy")], seed=9,
                        options={"max_rounds": 3, "auto_layout": True})
    bot = GreedyBot(0)
    for _ in range(200):
        app.run_bots()
        if session.state.turn >= 2 and session.state.sequence == "2A":
            break
        human_step(app, bot)
    assert any(e.kind == "election" for e in session.log)
    saved = session.state.to_json()
    again = make_app(saves, check_resume=True)
    assert again.resume_box.layout.display != "none"
    assert "Space Pigs" in again.resume_info.value
    resumed = again.resume()
    assert resumed.state.to_json() == saved
    assert "Last election" in again.view.election.widget.value
    assert again.view.map.svg
    text = again.prepare_save()
    third = make_app(saves)
    assert third.load_text(text, "a file")
    assert third.session.state.to_json() == saved
    # a new game on the same page starts with clean panels
    again.start([Seat.human(), Seat("Greedy"), Seat("Greedy")], seed=10, options={"auto_layout": True})
    assert again.view.election.widget.layout.display == "none"
    assert again.view.combat.widget.layout.display == "none"


def test_setup_options_reach_the_engine(saves):
    app = make_app(saves)
    c = app.controls_widgets
    c["rules"].value = "simple_a"
    c["checks"]["baston_rikiki"].value = True
    c["layout"].value = "pancake"
    c["turns"].value = 4
    for dd in app.seat_dropdowns[:3]:
        dd.value = "random"
    session = app.start_from_setup()
    s = session.state
    assert s.rules == "simple_a" and s.opts["baston_rikiki"] and s.opts["layout"] == "pancake"
    assert s.max_rounds == 4 and s.sequence != "layout"


def test_cards_show_name_bonuses_and_technology(saves):
    app = position_app(saves, COMBAT)
    app.run_bots()
    buttons = app.view.hand.box.children
    assert [b.description.splitlines()[0] for b in buttons] == ["Laser Snout", "Photon Ham Cannon", "Suicide Porker"]
    assert "Attack +4, defence +0" in buttons[2].description and "Technology 3" in buttons[2].description
    assert all("lsn-sp-playable" in b._dom_classes for b in buttons)
    assert CARDS[26].name in buttons[2].tooltip


def test_event_cards_show_their_ability_on_the_card_not_only_in_the_tooltip(saves):
    """A phone shows no tooltip: an event card's face says when it is played and what it does."""
    notation = ("SP1 n=3 turn=2 seq=1A order=123 rp=1 factions=111 hands=48.31.55/3.9.60/1.7 | "
                + step_by_key("draw").position.split(" | ")[1])
    app = position_app(saves, notation, seats=("human", "Greedy", "Greedy"))
    faces = {c: b.description for c, b in zip(app.view.hand.cards, app.view.hand.box.children)}
    assert set(faces) == {31, 48, 55}
    for c, face in faces.items():
        assert face.splitlines()[0] == CARDS[c].english
        assert CARDS[c].text in face and f"play in {CARDS[c].sequence}" in face


def test_card_exchange_inside_a_faction_through_the_offer_row(saves):
    notation = ("SP1 n=3 turn=2 seq=1A order=123 rp=1 factions=111 hands=2.18.45/3.9.60/1.7 | "
                + step_by_key("draw").position.split(" | ")[1])
    app = position_app(saves, notation, seats=("human", "human", "Greedy"))
    view = app.view
    assert app.session.needs_handoff  # two humans: P1 takes the device first
    app.handoff_button.click()
    assert view.offer_box.layout.display != "none"
    assert not any(label.startswith("Offer") for label in view.button_labels())
    labels = [label for label, _ in view.offer_choice.options]
    assert "Offer Photon Ham Cannon to P2 Hylocherus" in labels
    view.offer_choice.value = labels.index("Offer Photon Ham Cannon to P2 Hylocherus")
    view.offer_button.click()
    # P2 answers on the same device: the hand-off screen first, then P2's hand and the offer
    assert app.session.needs_handoff
    assert "Photon Ham Cannon" not in tree_text(app.view_box)
    app.handoff_button.click()
    assert "offers you Photon Ham Cannon in exchange" in view.prompt.value
    view.press("Give Truffle Rations in exchange")
    state = app.session.state
    assert 18 in state.hands[1] and 3 in state.hands[0]
    log = " ".join(e.text for e in app.session.log)
    assert "Photon Ham Cannon" not in log and "Truffle Rations" not in log


def test_every_hex_is_a_button_with_its_contents_as_tooltip(saves):
    app = position_app(saves, TRAVEL)
    m = app.view.map
    state = app.session.state
    assert [b for b in m.hits.children] == [m.buttons[h] for h in range(len(state.hexes))]
    assert m.buttons[0].tooltip == "H0 (red planet); P1 Porcus: 5 piglets"
    assert m.buttons[2].tooltip == "H2 (asteroid); empty"
    assert all("lsn-sp-hit" in b._dom_classes for b in m.hits.children)


def test_pancake_galaxy_is_drawn_flat_top(saves):
    app = make_app(saves)
    app.start([Seat("Greedy")] * 3, seed=1, options={"layout": "pancake", "auto_layout": True, "max_rounds": 1})
    m = app.view.map
    assert "lsn-sp-flat" in m.hits._dom_classes
    bw, bh = m.button_size
    assert bw > bh  # flat-top: wider than tall
    b = m.hits.children[0]  # placed in per cent of the picture, so it scales with it
    assert b.layout.width.endswith("%") and b.layout.left.endswith("%")


def test_bots_one_troop_steps_go_quickly(saves):
    app = play_app(save_directory=saves, check_resume=False)  # bot speed from the setup, no loop here
    app.controls_widgets["speed"].value = "Normal"
    app.start_state(sp.from_notation(TRAVEL.replace("trips=2,0,0", "trips=0,2,0"), seed=3),
                    [Seat("Greedy"), Seat("Greedy"), Seat("Greedy")])
    seen = {}
    for _ in range(40):
        if not app.step():
            break
        kinds = {e.kind for e in app.last_events}
        seen[frozenset(kinds)] = app.bot_delay
    assert seen[frozenset({"load"})] == 0.12
    assert any(delay == BOT_SPEEDS["Normal"] for kinds, delay in seen.items() if "land" in kinds)


def test_saves_with_the_old_bot_names_still_load(saves):
    """Earlier pages wrote the bots as "Random" and "Greedy"; the stable names are lower case."""
    assert {"greedy", "random"} <= set(sp.GAME.bots)
    state = sp.from_notation(TRAVEL, seed=3)
    old = Session(sp.GAME, state, [Seat.human(), Seat("Greedy"), Seat("Random")], autosave=False)
    text = old.to_save_text()
    assert '"Greedy"' in text and '"Random"' in text
    loaded = Session.from_save_text(sp.GAME, text, autosave=False)
    assert [s.kind for s in loaded.seats] == ["human", "Greedy", "Random"]
    assert isinstance(sp.GAME.make_bot("Greedy", seed=1), GreedyBot)


# --------------------------------------------------------------------------- the game screen
def test_the_screen_puts_map_prompt_actions_dialogs_and_cards_in_their_places(saves):
    app = position_app(saves, COMBAT)
    view = app.view
    assert view.map.widget in view.board.children and "lsn-board" in view.board._dom_classes
    assert view.regions().board is view.board and app.board_col.children[0] is view.board
    assert view.clans.widget in app.board_col.children[1].children  # the clans strip under the map
    assert view.prompt in app.prompt_panel.children[2].children and view.actions_box in app.actions_row.children
    dialogs = app.dialogs_box.children
    assert view.combat_box in dialogs and view.election.widget in dialogs and view.hand.widget in app.side.children
    assert "lsn-hand" in view.hand.widget._dom_classes
    assert view.seq_bar.widget in view.board.children[1].children  # turn and sequences above the map
    # the map scales with the column and the window height: hex buttons in per cent
    # (the hits layer, the stack's last child, is sized by the page's CSS from its first frame)
    assert "100vh" in view.map.stack.layout.width and view.map.stack.children[-1] is view.map.hits
    assert all(b.layout.width.endswith("%") and b.layout.top.endswith("%") for b in view.map.hits.children)


def test_setup_keeps_the_round_limit_under_advanced_and_the_bot_speed_in_the_menu(saves):
    app = make_app(saves)
    c = app.controls_widgets
    assert c["turns"] in app.advanced.children[0].children
    assert c["turns"] not in app.setup_box.children
    assert c["speed"] in app.menu_box.children and c["speed"] not in app.menu_advanced.children[0].children
    assert c["speed"] not in app.controls.children
    assert "sacred recipe" in app.help_html.value and "Rule readings" in app.help_html.value


def test_the_play_notebook_is_one_code_cell():
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parent.parent / "notebooks" / "space_pigs_play.ipynb").read_text())
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    assert "play_app()" in "".join(nb["cells"][0]["source"])


def test_a_bots_step_is_marked_on_the_map_with_a_line_of_what_it_did(saves):
    app = position_app(saves, TRAVEL.replace("trips=2,0,0", "trips=1,2,2"))
    view = app.view
    bot = GreedyBot()
    for _ in range(30):  # the human travels until the bots' turn
        if app.session.is_bot_turn:
            break
        human_step(app, bot)
    seen = 0
    for _ in range(40):  # each bot step marks the hexes it touched, and only those, until the next
        if not app.step():
            break
        events = app.last_events
        touched = {h for e in events for k in ("hex", "src", "dst", "dest") for h in [e.data.get(k)]
                   if isinstance(h, int)}
        marked = {h for h, b in view.map.buttons.items() if "lsn-last-move" in b._dom_classes}
        assert marked == touched
        assert ("lsn-last-move" in view.map.svg) == bool(touched)
        if events and events[-1].player != 0:
            assert "Last move:" in view.last_line.value
            assert html.escape(events[-1].text) in view.last_line.value
        seen += bool(touched)
    assert seen >= 2


def test_no_trips_left_says_so_instead_of_asking_for_a_hex(saves):
    import dataclasses
    from livestock_notebooks.space_pigs.actions import Done
    from livestock_notebooks.widgets.space_pigs.words import prompt_for
    app = position_app(saves, TRAVEL)
    view = app.view.view
    assert view.sequence == "2B" and "Click one of your hexes" in app.view.prompt.value
    clans = tuple(dataclasses.replace(c, trips=0) if c.player == 0 else c for c in view.clans)
    text = prompt_for(dataclasses.replace(view, clans=clans), [Done(0)], 0)
    assert text == "No trips left this turn: end your travel."
    assert "0 trips" not in text and "Click" not in text


# --------------------------------------------------------------------------- standing combat orders
def _fight(app, rounds_cap=60):
    """Run the bots until the combat is over; the human presses nothing."""
    for _ in range(rounds_cap):
        if app.session.state.combat is None:
            return
        assert not app.session.legal_for_viewer(), f"the page left a decision to the human: {app.view.button_labels()}"
        app.run_bots()
    raise AssertionError("the combat did not end")


def test_fight_to_the_end_answers_every_round_without_a_click(saves):
    app = position_app(saves, COMBAT)
    view = app.view
    app.run_bots()
    assert view.standing.widget.layout.display != "none"  # offered to a clan in the combat
    view.standing.fight_end.click()
    view.press("Done: my cards are down")
    _fight(app)
    log = app.session.log
    rounds = [e for e in log if e.kind == "round"]
    assert len(rounds) >= 3  # several rounds, none asked of the player
    assert not any(e.kind == "flee" for e in log)
    assert app.session.state.combat is None and view.standing.orders == {}  # the order ends with the combat


@pytest.mark.parametrize("threshold", [3, 4])
def test_a_flee_threshold_flees_once_down_to_it(saves, threshold):
    app = position_app(saves, COMBAT)
    view = app.view
    app.run_bots()
    view._draw_panels()
    assert ("flee when I have 3 troops or fewer", 3) in view.standing.choice.options
    view.standing.choice.value = threshold
    view.press("Done: my cards are down")
    _fight(app)
    log = app.session.log
    fled = [e for e in log if e.kind == "flee"]
    assert len(fled) == 1 and fled[0].player == 0
    before = [e for e in log if e.kind == "round"]
    assert 5 - len(before) <= threshold  # fled as soon as down to the threshold (every round here costs a piglet)
    assert f"flees with {threshold} piglets" in fled[0].text


def test_a_standing_order_set_at_the_flee_question_answers_it_at_once(saves):
    app = make_app(saves)
    app.start_state(state_for(step_by_key("flee")), [Seat.human(), Seat("Greedy"), Seat("Greedy")])
    view = app.view
    assert "Fight on" in view.button_labels()
    view.standing.fight_end.click()
    assert "Fight on" not in view.button_labels()
    assert any(e.kind == "round" for e in app.session.log)
