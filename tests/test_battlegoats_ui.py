"""The BattleGoats play page, driven from Python with ``.click()`` (no browser, no loop)."""
from __future__ import annotations

import json

import html
import re

import pytest

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.battlegoats.app import battlegoats_spec, play_app
from livestock_notebooks.widgets.battlegoats.board import attack_steps
from livestock_notebooks.widgets.shell.app import tree_text


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def shown(widget) -> bool:
    return widget.layout.display != "none" and widget.layout.visibility != "hidden"


def new_app(**kw):
    kw.setdefault("bot_delay", None)
    kw.setdefault("step_delay", None)
    return play_app(**kw)


def start(seats=("Human", "Smart", "Random"), *, draft=False, seed=1, **kw):
    app = new_app(**kw)
    app.players.value = len(seats)
    for dd, kind in zip(app.seat_dropdowns, seats):
        dd.value = bg.GAME.bot_name(kind)  # the menu lists bots by stable name
    app.mode_toggle.value = draft
    app.seed.value = seed
    app.start_button.click()
    return app


def app_at(notation: str, seats, **kw):
    """An app showing the position written in the engine's notation."""
    state = bg.from_notation(notation)
    app = new_app(check_resume=False, **kw)
    session = Session(battlegoats_spec(), state, [Seat.human() if s == "Human" else Seat(s) for s in seats],
                      autosave=False)
    assert app.load_text(session.to_save_text(), "a test position")
    return app


def settle(app):
    """Let the drawing deferred after a click run, as the kernel's loop does between messages
    (the hand is drawn right after the board); nothing to do without a loop."""
    import asyncio

    loop = app._ticker.loop
    if loop is not None and not loop.is_running() and not loop.is_closed():
        loop.run_until_complete(asyncio.sleep(3 * app.DEFER_SECONDS))


def lay_out_by_clicking(app, player=0):
    view = app.view
    while app.session.state.phase == "layout" and app.session.current_player == player:
        settle(app)
        view.hand_box.children[0].click()
        free = [s for (p, s), m in view._slot_targets().items() if p == player and m == "selectable"]
        assert free, "a chosen hand card highlights the slots it may go to"
        view.boards[player].slots[free[0]].click()


def play_human_turns(app, max_steps=400):
    """Play a whole game: the human attacks with its first card against the first target."""
    view = app.view
    for _ in range(max_steps):
        app.run_bots()
        s = app.session.state
        if s.is_over:
            return
        me = app.session.current_player
        if s.phase == "layout":
            lay_out_by_clicking(app, me)
        elif s.stage == "attacker":
            mine = [slot for slot, c in enumerate(s.board[me]) if c]
            view.boards[me].slots[mine[0]].click()
            p, slot = next((p, slot) for p in range(s.players) if p != me for slot, c in enumerate(s.board[p]) if c)
            view.boards[p].slots[slot].click()
            assert shown(view.confirm_button)
            view.confirm_button.click()
        elif view.choice_box.children:
            view.choice_box.children[0].click()
        else:
            # a slot choice (defender, own neighbour, capture): click the first highlighted slot
            marks = [k for k, m in view._slot_targets().items() if m == "selectable"]
            p, slot = marks[0]
            view.boards[p].slots[slot].click()
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------- setup
def test_setup_offers_2_to_6_seats_bots_and_draft():
    app = new_app()
    assert shown(app.setup_box) and not shown(app.game_box)
    assert app.players.options == (2, 3, 4, 5, 6) and app.players.value == 3
    # bots by stable name (saved), shown capitalised
    assert app.seat_dropdowns[0].options == (
        ("Human", "Human"), ("Random", "random"), ("Strong (planner, easy)", "strong-easy"),
        ("Strong (search)", "strong"), ("Strong (search, hard)", "strong-hard"), ("Smart", "smart"))
    assert app.seat_dropdowns[2].value == "smart" and app.seat_dropdowns[2].label == "Smart"
    assert app.mode_toggle.options == (("Basic deal", False), ("Draft", True))
    app.seat_dropdowns[0].value = "smart"
    app.seat_dropdowns[1].value = "Human"
    app.mode_toggle.value = True
    app.rounds_dropdown.value = 20
    app.start_button.click()
    s = app.session.state
    assert s.players == 3 and s.draft and s.max_rounds == 20 and s.phase == "draft"
    assert s.layout_first == 1, "the first human seat lays out first (and so picks the first attacker)"
    assert app.session.seats == [Seat("smart"), Seat.human(), Seat("smart")]


def test_css_classes_for_locators():
    app = start()
    classes = {c for node in app.widget_tree() for c in getattr(node, "_dom_classes", ())}
    for c in ("lsn-bg-view", "lsn-bg-board-0", "lsn-bg-board-1", "lsn-bg-board-2", "lsn-bg-slot", "lsn-bg-slot-F1",
              "lsn-bg-hand-card", "lsn-bg-hint", "lsn-bg-report", "lsn-bg-odds", "lsn-bg-actions", "lsn-bg-mine"):
        assert c in classes, c


# --------------------------------------------------------------------------- laying out
def test_layout_by_clicking_hand_then_slot():
    app = start()
    view = app.view
    assert app.session.state.phase == "layout" and app.session.current_player == 0
    hand = list(app.session.state.hands[0])
    assert [b.description.split("\n")[0] for b in view.hand_box.children] == [bg.standard_cards()[c].name for c in hand]
    # a slot before a card: a hint, nothing happens
    view.boards[0].slots[4].click()
    assert "First choose a card" in app.status_text
    view.hand_box.children[0].click()
    assert "lsn-bg-selected" in view.hand_box.children[0]._dom_classes
    assert "lsn-bg-selectable" in view.boards[0].slots[4]._dom_classes
    # the card shows its ability on its face (not only in a tooltip)
    assert bg.standard_cards()[hand[0]].ability in view.hand_box.children[0].description
    view.boards[0].slots[4].click()
    s = app.session.state
    assert s.board[0][4] == hand[0] and len(view.hand_box.children) == 8
    # the card shows on my battlefield; a second card into the same slot: the engine's rule
    assert bg.standard_cards()[hand[0]].name in view.boards[0].slots[4].description
    view.hand_box.children[0].click()
    view.boards[0].slots[4].click()
    assert "Not allowed: that slot already holds a card" in app.status_text
    assert "Battlefield Setup" in app.status_text
    # undo takes a placement back
    app.undo_button.click()
    assert app.session.state.board[0][4] is None and len(view.hand_box.children) == 9


def test_widgets_update_in_place():
    app = start()
    view = app.view
    slots = [b for board in view.boards for b in board.slots]
    hand_box = view.hand_box
    lay_out_by_clicking(app)
    app.run_bots()
    assert [b for board in view.boards for b in board.slots] == slots
    assert view.hand_box is hand_box
    assert app.view.regions().board in app.board_col.children


# --------------------------------------------------------------------------- attacking
# Cyborg Goat (8; two cards in its owner's discard pile, +1 against goats) attacks a face-down
# Cowboy Goat in the back row behind two cards (the rulebook's 9).
ATTACK = ("bg2 attack s0 r1/- f0 l0 basic | .,.,.,.,cyborg_goat,.,.,.,./-/ram_goat,shield_goat/-/- "
          "| .,soldier_goat,.,.,wolf,.,.,cowboy_goat,./-/-/-/- | rev=-")


def test_attack_shows_odds_before_committing_then_the_battle_step_by_step():
    app = app_at(ATTACK, ["Human", "Random"])
    view = app.view
    assert "Your turn to attack" in view.hint.value
    view.boards[1].slots[7].click()
    assert "First choose one of your own cards" in app.status_text
    view.boards[0].slots[4].click()  # Cyborg Goat
    assert "lsn-bg-selected" in view.boards[0].slots[4]._dom_classes
    assert "lsn-bg-selectable" in view.boards[1].slots[7]._dom_classes
    assert not shown(view.confirm_button)
    assert "Cyborg Goat" in view.details.value
    view.boards[1].slots[7].click()  # the face-down card in B2
    assert "lsn-bg-aimed" in view.boards[1].slots[7]._dom_classes
    assert shown(view.confirm_button) and "Cyborg Goat" in view.confirm_button.description
    odds = bg.attack_odds(app.session.state, 0, 4, (1, 7))
    assert view.odds.odds == odds and not odds.known
    assert odds.win + odds.tie + odds.loss + odds.dodge == 1
    text = view.odds.widget.value
    for word in ("Win", "Tie", "Loss", str(odds.pool_size)):
        assert word in text
    assert f"{odds.win.numerator}/{odds.win.denominator}" in text
    # the odds say what they are exact under: each unseen card equally likely to be the target
    assert "exact if each of those cards is equally likely" in text
    assert app.session.state.stage == "attacker", "nothing is played before Attack is pressed"
    view.confirm_button.click()
    assert app.session.state.stage == "dodge"  # every face-down target's owner is asked (Face Up Cards)
    app.run_bots()  # the bot lets its Cowboy Goat fight
    s = app.session.state
    assert s.is_over and s.winners == [1] and s.discard[0][-1] == "cyborg_goat"
    report = view.report
    assert report.shown == len(report.steps)  # no loop: every step at once
    body = re.sub(r"<[^>]+>", " ", report.body.value).replace("&#x27;", "'")
    assert "Cyborg Goat" in body and "Cowboy Goat" in body
    assert "\u22122: -1 per card in its owner's discard pile" in body
    assert "+1: +1 against Goat cards" in body
    assert "+8: +4 per card straight ahead of it in its column" in body
    assert "total  7" in body and "total  9" in body
    assert "9 beats 7" in body
    assert "Game over: Player 2" in view.hint.value


def test_report_steps_one_at_a_time():
    app = app_at(ATTACK, ["Human", "Random"])
    view = app.view
    view.report.step_delay = 10.0  # stepping by hand
    view.boards[0].slots[4].click()
    view.boards[1].slots[7].click()
    view.confirm_button.click()
    app.run_bots()  # the bot lets its face-down card fight
    report = view.report
    report.replay()
    assert report.shown == 1 and report.body.value.count("lsn-bg-step") == 1
    report.next_button.click()
    assert report.shown == 2
    report.all_button.click()
    assert report.shown == len(report.steps) and report.next_button.disabled


def test_attack_steps_from_events_lists_each_modifier_with_its_reason():
    state = bg.from_notation(ATTACK)
    events = (state.apply(bg.ChooseAttacker(0, 4)) + state.apply(bg.ChooseTarget(0, 1, 7))
              + state.apply(bg.Dodge(1, 7, False)))
    cards = bg.standard_cards()
    steps = attack_steps(events, lambda c: cards[c].name, lambda c: cards[c].value)
    assert steps[0].startswith("Player 1 attacks with the card in M2")
    assert any("Cowboy Goat" in s and "printed value 1" in s for s in steps)
    assert any("9 beats 7" in s for s in steps)


def test_full_game_against_two_bots_by_clicking():
    app = start(("Human", "Smart", "Random"), seed=4)
    play_human_turns(app)
    s = app.session.state
    assert s.is_over
    assert "Game over" in app.view.hint.value
    assert app.log.lines[-1].startswith("Game over")
    assert app.view.report.entries, "the attacks were reported"


def test_draft_keep_a_card_from_the_pack():
    app = start(("Human", "Random"), draft=True)
    view = app.view
    s = app.session.state
    pack = list(s.packs[0])
    assert len(view.hand_box.children) == len(pack) == 8
    view.hand_box.children[2].click()
    assert shown(view.confirm_button) and view.confirm_button.description.startswith("Keep ")
    view.confirm_button.click()
    assert sorted(pack)[0] in app.session.state.hands[0] or pack[2] in app.session.state.hands[0]
    app.run_bots()
    assert len(app.session.state.packs[0]) == 7
    while app.session.state.phase == "draft":
        view.hand_box.children[0].click()
        view.confirm_button.click()
        app.run_bots()
    assert app.session.state.phase == "layout"
    assert len(view.hand_box.children) == 9


def test_choose_first_attacker_buttons():
    app = start(("Human", "Random"))
    lay_out_by_clicking(app)
    app.run_bots()
    view = app.view
    labels = [b.description for b in view.choice_box.children]
    assert labels == ["I attack first", "Player 2 attacks first"]
    view.choice_box.children[1].click()
    assert app.session.state.first_attacker == 1


# --------------------------------------------------------------------------- special choices
def test_matador_dodge_is_offered_to_the_defender():
    pos = ("bg2 attack s1 r1/- f1 l0 basic | .,matador_goat,.,.,soldier_goat,.,.,.,./-/-/-/- "
           "| .,.,.,.,cyborg_goat,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    s = app.session.state
    # the bot attacks; play it by hand to pick the Matador
    s.apply(bg.ChooseAttacker(1, 4))
    app.session.apply(bg.ChooseTarget(1, 0, 1), by_bot=True)
    app.refresh()
    labels = [b.description for b in view.choice_box.children]
    assert labels == ["Flip it face up and avoid the battle", "Fight"]
    assert "avoid the battle" in view.hint.value
    view.choice_box.children[0].click()
    st = app.session.state
    assert "matador_goat" in st.face_up and st.board[0][1] == "matador_goat"


def test_last_two_cards_ending_is_offered_to_both_players():
    pos = ("bg2 attack s0 r3/- f0 l0 basic | .,.,.,.,wolf,.,.,.,./-/-/-/- "
           "| .,.,.,.,stubborn_goat,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Human"])
    view = app.view
    app.take_device()
    # Wolf 5 +2 against a goat = 7; Stubborn Goat 7 (its -2 only when attacking): a tie
    st = app.session.state
    b = st.battle_values((0, 4), (1, 4))
    assert b["outcome"] == "tie"
    view.boards[0].slots[4].click()
    view.boards[1].slots[4].click()
    view.confirm_button.click()
    # Face Up Cards: the face-down Stubborn Goat's owner is asked; it cannot avoid battle: one button
    assert app.session.state.stage == "dodge"
    app.handoff_button.click()
    assert [b.description for b in view.choice_box.children] == ["Let it fight"]
    assert "cannot avoid the battle" in view.hint.value
    view.choice_box.children[0].click()
    assert app.session.state.stage == "ending"
    if shown(app.handoff_box):  # the attacker votes first
        app.handoff_button.click()
    labels = [b.description for b in view.choice_box.children]
    assert labels == ["Share the victory", "No victors: we all lose"]
    view.choice_box.children[0].click()
    # the other player votes after the hand-off
    assert shown(app.handoff_box)
    app.handoff_button.click()
    view.choice_box.children[0].click()
    st = app.session.state
    assert st.is_over and st.result == "shared" and st.winners == [0, 1]
    assert "share the victory" in view.hint.value


def test_fainting_goat_lets_the_opponent_choose():
    pos = ("bg2 attack s0 r1/- f0 l0 basic | .,.,.,.,fainting_goat,.,.,.,./-/-/-/- "
           "| .,wizard_goat,.,.,soldier_goat,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Human"])
    app.take_device()
    view = app.view
    view.boards[0].slots[4].click()
    assert "chooses which card defends" in view.hint.value or "pick" in view.hint.value
    view.boards[1].slots[1].click()
    assert "No odds" in view.odds.widget.value
    view.confirm_button.click()
    st = app.session.state
    assert st.stage == "defender" and st.current_player == 1
    app.handoff_button.click()
    assert "click the card of yours that defends" in view.hint.value
    view.boards[1].slots[4].click()
    assert app.session.state.stage != "defender"


# --------------------------------------------------------------------------- hidden information
def _names_pattern(names):
    return re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names, key=len, reverse=True)))


def hidden_from(state, viewer) -> set[str]:
    """Card ids the viewer must not be able to find on screen: every card not seen."""
    return {c for c in state.cards.ids if c not in state.seen[viewer]}


def game_text(app) -> str:
    """The page's text but the static How-to-play (its rule readings name cards, places never)."""
    return tree_text(app.widget, skip=(app.save_link, app.help_html))


def all_text(app) -> str:
    parts = [game_text(app)]
    for node in app.widget_tree():
        parts.extend(getattr(node, "_dom_classes", ()))
        for attr in ("tooltips", "_options_labels"):
            v = getattr(node, attr, None)
            if isinstance(v, (list, tuple)):
                parts.extend(str(x) for x in v)
    return "\n".join(parts)


def assert_no_hidden_names(app, viewer):
    state = app.session.state
    cards = state.cards.by_id
    hidden = hidden_from(state, viewer)
    # names a visible card's ability text mentions are allowed (they say nothing about places)
    mentioned = set()
    for c in state.seen[viewer]:
        for other in hidden:
            if cards[other].name in cards[c].ability:
                mentioned.add(other)
    text = all_text(app)
    check = hidden - mentioned
    assert check, "the position must hide something"
    found = _names_pattern([cards[c].name for c in check]).findall(text)
    assert not found, f"hidden cards named on screen: {found}"
    for c in check:
        assert not re.search(rf"\b{c}\b", text), f"hidden card id {c} on screen"


def midgame_app(seed=2):
    app = start(("Human", "Smart", "Smart"), seed=seed)
    lay_out_by_clicking(app)
    app.run_bots()
    app.view.choice_box.children[1].click()  # Player 2 attacks first
    app.run_bots()
    assert app.session.state.phase == "move"  # every player is asked about cards able to move
    app.view.choice_box.children[0].click()  # Carry on / Leave it where it is
    app.run_bots()
    while app.session.state.stage == "dodge":  # a bot attacked a face-down card of ours: let it fight
        app.view.choice_box.children[-1].click()
        app.run_bots()
    return app


def test_widget_tree_for_player_1_names_no_face_down_opponent_card():
    app = midgame_app()
    state = app.session.state
    assert state.stage == "attacker" and state.current_player == 0
    assert_no_hidden_names(app, 0)
    # with an attacker and a face-down target chosen, the odds panel names no card either
    view = app.view
    mine = next(s for s, c in enumerate(state.board[0]) if c)
    target = next((p, s) for p in (1, 2) for s, c in enumerate(state.board[p])
                  if c and c not in state.revealed and c not in state.face_up)
    view.boards[0].slots[mine].click()
    view.boards[target[0]].slots[target[1]].click()
    assert view.odds.odds is not None and not view.odds.odds.known
    assert_no_hidden_names(app, 0)
    # and after some attacks, still nothing (revealed cards may be named: everyone saw them)
    play_some = 0
    while not app.session.state.is_over and play_some < 3:
        view.confirm_button.click() if shown(view.confirm_button) else None
        app.run_bots()
        st = app.session.state
        if st.is_over:
            break
        if st.stage == "attacker" and st.current_player == 0:
            mine = next(s for s, c in enumerate(st.board[0]) if c)
            p, s_ = next((p, s) for p in (1, 2) for s, c in enumerate(st.board[p]) if c)
            view.boards[0].slots[mine].click()
            view.boards[p].slots[s_].click()
            assert_no_hidden_names(app, 0)
        play_some += 1


def test_swapping_hidden_cards_changes_nothing_on_screen():
    """The page for player 1 is the same whichever unseen card lies face down over there."""
    app = midgame_app(seed=3)
    state = app.session.state
    unseen_board = [(p, s) for p in (1, 2) for s, c in enumerate(state.board[p])
                    if c and c not in state.seen[0]]
    aside = [c for c in state.set_aside if c not in state.seen[0]]
    assert unseen_board and aside
    view = app.view
    mine = next(s for s, c in enumerate(state.board[0]) if c)
    p, s = unseen_board[0]

    def screen():
        view.clear_selection()
        view.boards[0].slots[mine].click()
        view.boards[p].slots[s].click()
        return app.tree_text()

    before = screen()
    # put a set-aside card (same type class as the engine allows) in place of the hidden one
    st = app.session.state
    hidden = st.board[p][s]
    swap = next(c for c in aside if (st.cards.by_id[c].type == "hero") == (st.cards.by_id[hidden].type == "hero"))
    st.board[p][s] = swap
    st.set_aside[st.set_aside.index(swap)] = hidden
    st.seen[p].discard(hidden)
    st.seen[p].add(swap)
    st._legal = None
    app.refresh()
    after = screen()
    assert before == after


def test_hot_seat_hides_the_previous_players_cards():
    from ipywidgets.widgets import widget as widget_module

    _instances = getattr(widget_module, "_instances", None)
    if _instances is None:  # ipywidgets 8.0 keeps the registry on the class
        _instances = widget_module.Widget.widgets

    before = set(_instances)
    app = start(("Human", "Human"), seed=5)
    view = app.view
    assert not shown(app.handoff_box) or app.session.viewer is None
    if shown(app.handoff_box):
        app.handoff_button.click()
    lay_out_by_clicking(app, 0)
    assert shown(app.handoff_box) and not shown(app.view_box)
    state = app.session.state
    names = [state.cards.by_id[c].name for c in state.board[0]]
    text = game_text(app)
    assert not _names_pattern(names).findall(text)
    app.handoff_button.click()
    assert app.session.viewer == 1
    assert_no_hidden_names(app, 1)
    assert all(b.description == "?" for b in view.boards[0].slots)
    # nor in any widget's state the browser holds, on the page or not (a reused button, a
    # hidden one): only where seat 1's own cards' texts name them ("+3 while Right Twin Goat ...")
    own = " ".join(state.cards.by_id[c].name + " " + state.cards.by_id[c].ability for c in state.hands[1])
    held = " ".join(json.dumps(wd.get_state(), default=str) for k, wd in list(_instances.items())
                    if k not in before and wd is not app.save_link)
    assert not [n for n in names if n in held and n not in own]


# --------------------------------------------------------------------------- the game screen
def test_the_screen_regions_hold_battlefields_prompt_actions_dialogs_hand_and_players():
    app = start()
    view = app.view
    assert view.field in app.board_col.children and view.players_strip in app.board_col.children
    assert view.prompt_box in app.prompt_panel.children and view.action_row in app.actions_row.children
    assert view.odds.widget in app.dialogs_box.children and view.report.widget in app.dialogs_box.children
    assert "lsn-hand" in view.hand_panel._dom_classes and view.hand_box in view.hand_panel.children
    # the players strip: public facts of every seat
    strip = view.players_strip.value
    assert "Player 1 (you)" in strip and "9 in hand" in strip and "discard 0" in strip
    # no battle yet: the empty report takes no room
    assert "lsn-bg-report-empty" in view.report.widget._dom_classes


def test_placed_cards_show_what_they_are_worth_now_and_their_ability():
    # Tower Goat in B1 with two cards in front of it in its column: printed 2, worth 8
    pos = ("bg2 attack s0 r1/- f0 l0 basic | soldier_goat,.,.,wolf,.,.,tower_goat,.,./-/-/-/- "
           "| .,.,.,.,owl,.,.,.,./-/-/-/- | rev=-")
    app = app_at(pos, ["Human", "Random"])
    view = app.view
    tower = view.boards[0].slots[6]
    cards = bg.standard_cards()
    assert tower.description.splitlines()[:2] == ["Tower Goat", "8 (printed 2) \u00b7 Goat"]
    assert cards["tower_goat"].ability in tower.description
    assert "lsn-bg-type-goat" in tower._dom_classes
    assert "worth 8" in view.army.value and "Tower Goat" in view.army.value


def test_face_down_backs_are_all_alike():
    app = midgame_app()
    state = app.session.state
    view = app.view
    backs = [view.boards[p].slots[s] for p in (1, 2) for s, c in enumerate(state.board[p])
             if c and c not in state.seen[0] and c not in state.face_up]
    assert len(backs) > 2
    assert {b.description for b in backs} == {"?"}
    strip = ("lsn-last-move", "lsn-bg-selectable", "lsn-bg-selected", "lsn-bg-aimed")
    looks = {tuple(sorted(c for c in b._dom_classes if c not in strip and not c.startswith("lsn-bg-slot-")))
             for b in backs}
    assert len(looks) == 1 and not any(c.startswith("lsn-bg-type-") for c in next(iter(looks)))


def test_the_last_move_is_marked_on_the_board_from_its_events():
    app = start(("Human", "Random"), seed=3)
    view = app.view
    lay_out_by_clicking(app)
    app.run_bots()  # the bot lays out its cards: its last card's slot is marked
    marked = {(p, s) for p in range(2) for s, b in enumerate(view.boards[p].slots) if "lsn-last-move" in b._dom_classes}
    last = next(e for e in reversed(app.session.log) if e.kind == "place")
    assert marked and all(p == 1 for p, _ in marked)
    assert marked == view.last_move and len(marked) == 1
    assert "Last:" in view.recent.value and last.text in view.recent.value


def test_touched_slots_of_an_attack_name_attacker_and_target():
    from livestock_notebooks.widgets.battlegoats.faces import touched_slots

    state = bg.from_notation(ATTACK)
    events = (state.apply(bg.ChooseAttacker(0, 4)) + state.apply(bg.ChooseTarget(0, 1, 7))
              + state.apply(bg.Dodge(1, 7, False)))
    assert touched_slots(events) == {(0, 4), (1, 7)}


def _attack_events(player, slot, card, target):
    from livestock_notebooks.core.protocol import Event

    return [Event("attack", f"Player {player + 1} attacks", player, {"player": player, "slot": slot, "card": card}),
            Event("target", "targets", player, {"player": player, "target_player": target[0],
                                                "target_slot": target[1]})]


def test_your_battle_report_stays_until_ok_while_bots_attack():
    from livestock_notebooks.widgets.battlegoats.report import BattleReport

    cards = bg.standard_cards()
    report = BattleReport(lambda c: cards[c].name, lambda c: cards[c].value, step_delay=None, own=lambda p: p == 0)
    report.add_events(_attack_events(0, 4, "cyborg_goat", (1, 7)))
    assert report.index == 0 and report.held and shown(report.ok_button)
    report.add_events(_attack_events(1, 0, "wolf", (2, 3)))  # a bot attacks another bot
    report.add_events(_attack_events(2, 1, "owl", (1, 2)))
    assert report.index == 0, "your own report stays on screen"
    assert "Cyborg Goat" in report.title.value and len(report.picker.options) == 3
    report.ok_button.click()
    assert report.index == 2 and not report.held and not shown(report.ok_button)
    assert "Owl" in report.title.value and report.shown == len(report.steps)
    report.add_events(_attack_events(1, 0, "wolf", (2, 3)))  # nothing held: the newest shows
    assert report.index == 3
    report.add_events(_attack_events(1, 0, "wolf", (0, 3)))  # a bot attacks you: held for you
    assert report.index == 4 and report.held


def test_setup_keeps_the_rarely_needed_under_advanced_and_help_has_the_rules():
    import json as _json
    from pathlib import Path

    app = new_app(check_resume=False)
    advanced = app.advanced.children[0].children
    assert app.rounds_dropdown in advanced and app.card_list_status in tree_children(app.advanced)
    assert app.rounds_dropdown not in app.setup_box.children
    assert app.advanced.selected_index is None, "closed"
    text = app.tree_text()
    for developer in ("layout_first", "GUIDE", ".lsn-bg-speed", "new_game("):
        assert developer not in text
    help_text = html.unescape(app.help_html.value)
    assert "Laying out" in help_text and "Matador Goat's dodge" in help_text
    nb = _json.loads((Path(__file__).parent.parent / "notebooks" / "battlegoats_play.ipynb").read_text())
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]


def tree_children(root):
    from livestock_notebooks.widgets.shell.app import widget_tree

    return widget_tree(root)


def test_the_start_button_starts_a_game_with_the_setup_defaults(tmp_path):
    """The setup's Start button (not a test shortcut) starts a game, hints setting included."""
    from livestock_notebooks.widgets.battlegoats.app import play_app

    app = play_app(bot_delay=None, save_directory=tmp_path, check_resume=False)
    app.hints_checkbox.value = False
    app.start_button.click()
    assert app.session is not None and app.session.hints is False
