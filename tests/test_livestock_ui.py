"""The Livestock Uprising page driven from Python: selecting, highlighting, moving, the battle
dialog, decisions, harvest, marshalling, undo, hot-seat hiding, save/load, bots."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising import actions as A
from livestock_notebooks.odds.livestock_uprising import livestock_battle
from livestock_notebooks.core.session import Seat, autosave_path
from livestock_notebooks.widgets.livestock_uprising.app import LivestockView, livestock_app, livestock_bots, livestock_spec
from livestock_notebooks.livestock_uprising.game import FACTION_COLOURS
from livestock_notebooks.widgets.livestock_uprising.board import LivestockBoard, terrain_icon

# Chickens (seat 0) against Cows (seat 1) on a 5x5 board. Pecky (2 sheep) at b3 next to
# Bessie (a donkey) at c2; the other Generals in their barns (a3, e3). Chickens hold
# Battle Cry, War Drums, Overrun; Cows hold Forced March, Double Time, Second Wind.
POSITION = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b3:ss,a3,a3,c2:d,e3,e3 "
            "4.0.0.0.0,0.2.0.0.0 abc,def|ghijkl - 0/action/0/0")
CHICKEN_CARDS = ["Battle Cry", "War Drums", "Overrun"]
COW_CARDS = ["Forced March", "Double Time", "Second Wind"]


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def make(seats=("human", "human"), position=POSITION, take=True):
    app = livestock_app(bot_delay=None)
    app.start_state(lu.from_notation(position, seed=5), [Seat(s) for s in seats])
    if take and app.session.needs_handoff:
        app.take_device()
    return app


def face(app, square):
    return app.view.board.face(square)


def marks(app, kind):
    return sorted(sq for sq, f in app.view.board.faces.items() if f"lsn-mark-{kind}" in f)


def test_bots_offered():
    bots = livestock_bots()
    assert list(bots)[0] == "random" and list(bots)[-1] == "greedy"  # greedy: the default seat
    assert {"strong", "strong-easy", "strong-hard"} <= set(bots)
    assert livestock_spec().bot_name("Sensible") == "greedy"  # the name older saves carry
    spec = livestock_spec()
    assert spec.seat_name(0) == "Chickens" and spec.seat_name(3) == "Pigs"


def test_board_draws_terrain_barns_and_generals():
    app = make()
    b = app.view.board
    assert len(b.buttons) == 25 and b.hits.layout.grid_template_columns == "repeat(5, var(--lsn-tile, 66px))"
    assert "lsn-size-5" in b.stack._dom_classes  # the tile size shrinks to fit a phone's width
    assert 'aria-label="forest"' in face(app, "b2")
    assert "lsn-ico-barn-chickens" in face(app, "a3")  # blue barn
    assert "lsn-ico-barn-cows" in face(app, "e3")  # red barn
    assert "#1f5fbf" in terrain_icon("barn", 20, FACTION_COLOURS["chickens"])
    assert "Pecky (1 star)" in face(app, "b3") and "\u2605" in face(app, "b3")
    tip = b.buttons["c2"].tooltip
    assert "Bessie" in tip and "attack 2" in tip and "defense 1" in tip


def test_click_general_highlights_moves_and_attacks_then_moves():
    app = make()
    app.view.board.click("b3")
    assert app.view.selected == "Pecky"
    assert marks(app, "selected") == ["b3"]
    assert marks(app, "attack") == ["c2"]
    assert marks(app, "move") == ["a2", "a3", "a4", "b4", "c3", "c4"]  # a3: own barn
    assert "b2" not in marks(app, "move")  # forest
    board_widget = app.view.board.faces_html
    app.view.board.click("a4")
    assert app.session.state.general_at("a4") == ["Pecky"]
    assert app.log.lines[-1].startswith("Pecky (1*) moves from b3 to a4")
    assert app.view.board.faces_html is board_widget  # updated in place
    # the squares' tooltips follow the move (sent after the board's picture)
    assert "Pecky" in app.view.board.buttons["a4"].tooltip
    assert "Pecky" not in app.view.board.buttons["b3"].tooltip


def test_click_barn_cycles_through_generals():
    app = make()
    app.view.board.click("a3")
    first = app.view.selected
    app.view.board.click("a3")
    assert app.view.selected != first and app.view.selected in ("Henrietta", "Cluck")


def test_wrong_move_shows_the_engines_rule():
    app = make()
    assert not app.act(A.Move("Pecky", "b3", "b2"))
    assert app.status_text.startswith("Not allowed: ")
    assert "rulebook:" in app.status_text
    app.view.board.click("b3")
    app.view.board.click("e5")  # too far: the engine's own explanation
    assert app.status_text.startswith("Not allowed: ") and "(rulebook: " in app.status_text
    app.view.board.click("b2")  # the forest
    assert "rulebook: " in app.status_text


def test_battle_dialog_odds_dice_and_retreat_decision():
    app = make()
    v = app.view
    v.board.click("b3")
    v.board.click("c2")  # attack: the dialog first
    assert v.battle.visible and v.battle.pending_attack == A.Attack("Pecky", "b3", "c2")
    assert app.session.state.general_at("c2") == ["Bessie"]  # nothing happened yet
    odds = livestock_battle(2, 1)
    assert v.battle.odds == odds
    assert ">2</b>" in v.battle.totals.value and ">1</b>" in v.battle.totals.value
    assert f"{float(odds.attacker) * 100:.1f}%" in v.battle.odds_html.value
    app.session.state.dice.script([6, 1])
    v.battle.commit_button.click()
    # the Cows hold command cards, so they are asked first (whatever the cards are): hand-off, then
    # their answer; then they choose a retreat
    assert app.session.current_player == 1 and app.session.needs_handoff
    assert app.handoff_box.layout.display != "none"
    assert "attacks Bessie" in app.handoff_text.value and "the attacker wins" not in app.handoff_text.value
    app.handoff_button.click()
    assert app.session.state.pending["kind"] == "card"
    assert app.act(A.DeclineCard())
    assert app.session.current_player == 1
    assert v.battle.visible and v.battle.commit_button.layout.display == "none"
    assert v.battle.attacker_dice.faces == [6] and v.battle.defender_dice.faces == [1]
    assert "the attacker wins" in v.battle.outcome.value
    assert "loses a Dynamite Donkey" in v.battle.outcome.value
    assert v.decision.visible
    assert all(label.startswith("Retreat to ") for label in v.decision.choices.labels)
    targets = marks(app, "target")
    assert targets and all(f"Retreat to {t}" in v.decision.choices.labels for t in targets)
    v.board.click(targets[0])
    assert app.session.state.general_at(targets[0]) == ["Bessie"]
    assert app.session.state.general_at("c2") == ["Pecky"]
    assert not app.undo_button.disabled is False or not app.session.can_undo


def test_battle_cancel_and_undo_rules():
    app = make(position=POSITION.replace("abc,def|ghijkl", "abc,-|defghijkl"))  # the Cows hold no card
    v = app.view
    v.board.click("b3")
    v.board.click("c2")
    v.battle.cancel_button.click()
    assert not v.battle.visible and app.session.state.general_at("b3") == ["Pecky"]
    # a move can be undone; a battle (dice) cannot
    v.general_buttons.click("Henrietta \u2605\u2605")
    sel = v.selected
    v.board.click("a2")
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.session.state.general_at("a2") == []
    v.board.click("b3")
    v.board.click("c2")
    app.session.state.dice.script([1, 6])
    v.battle.commit_button.click()  # the defender wins: Pecky loses a sheep (only one kind)
    assert v.battle.visible and "the defender wins" in v.battle.outcome.value
    assert app.undo_button.disabled and "Cannot undo" not in app.status_text
    assert not app.undo()
    assert "Dice were rolled" in app.status_text
    assert sel == "Henrietta"


def test_harvest_marshal_transfer_and_end_turn():
    app = make()
    v = app.view
    v.board.click("b3")
    v.board.click("c3")  # carrot: sheep cannot harvest it; grass would be free
    app.end_turn_button.click()
    assert app.session.state.phase_name == "harvest"
    assert app.end_turn_button.description == "End harvest phase"
    # the Generals in the barn cannot harvest; Pecky on a carrot with sheep neither
    assert marks(app, "target") == []
    app.end_turn_button.click()
    assert app.session.state.phase_name == "marshal"
    assert app.end_turn_button.description == "End turn"
    v.general_buttons.click("Henrietta \u2605\u2605")
    assert v.selected == "Henrietta"
    assert "Marshal Sacrificial Sheep" in v.marshal.marshal.labels
    assert "house values" in v.marshal.table.value  # house values marked
    assert "14 of 14" in v.marshal.table.value or "of 14" in v.marshal.table.value
    v.marshal.marshal.click("Marshal Sacrificial Sheep")
    assert app.session.state.army("Henrietta") == ["sheep"]
    assert app.session.state.resources[0]["grass"] == 2
    assert "marshals a Sacrificial Sheep under Henrietta" in app.log.lines[-1]
    assert not app.undo_button.disabled  # marshalling is undoable
    app.undo_button.click()
    assert app.session.state.army("Henrietta") == []
    v.marshal.marshal.click("Marshal Sacrificial Sheep")
    transfers = v.marshal.transfers.labels
    assert any("Henrietta \u2192 Cluck" in t for t in transfers)
    v.marshal.transfers.click(next(t for t in transfers if "Henrietta \u2192 Cluck" in t))
    assert app.session.state.army("Cluck") == ["sheep"]
    app.end_turn_button.click()
    assert app.session.state.turn_player == 1


def test_harvest_by_clicking_the_square():
    pos = POSITION.replace("b3:ss", "c3:ss").replace("0/action/0/0", "0/harvest/0/0")
    pos = pos.replace("ghcra/gfhcl/0grh1", "ghcra/gfhcl/0ghr1")  # c3 is hay now
    app = make(position=pos)
    assert marks(app, "target") == ["c3"]
    app.view.board.click("c3")
    assert app.session.state.resources[0]["hay"] == 1
    assert "harvests 1 hay" in app.log.lines[-1]


def test_play_a_command_card():
    app = make()
    v = app.view
    assert "Play Battle Cry" in v.hand.plays.labels
    v.hand.plays.click("Play Battle Cry")
    assert "Battle Cry" not in [c for c in app.session.state.hand(0)]
    v.board.click("b3")
    v.board.click("c2")
    assert ">4</b>" in v.battle.totals.value and "+2 from a card" in v.battle.totals.value


def test_a_command_card_is_played_from_the_card_itself():
    """Each card of the hand is a small card (name, when, what it does) with its plays on it;
    a card that cannot be played now has none and is not highlighted."""
    app = make()
    v = app.view
    cards = {c.children[0].value.split('lsn-card-name">')[1].split("<")[0]: c for c in v.hand.cards_box.children}
    battle_cry = cards["Battle Cry"]
    assert "lsn-card-playable" in battle_cry._dom_classes
    buttons = battle_cry.children[1].children
    assert [b.description for b in buttons] == ["Play Battle Cry"]
    for name, card in cards.items():
        playable = bool(card.children[1].children)
        assert ("lsn-card-playable" in card._dom_classes) == playable, name
    buttons[0].click()
    assert "battle_cry" not in app.session.state.hand(0)
    assert "Battle Cry" not in v.hand.html.value + "".join(c.children[0].value for c in v.hand.cards_box.children)


def test_a_card_keeps_its_spare_play_buttons_in_place():
    """A card's plays going from three to one keep the two spare buttons in the card, marked
    lsn-spare (on a phone hidden in their place, so the cards under it do not move up and back),
    neither shown nor clickable; a second play later takes the first spare back."""
    from livestock_notebooks.widgets.livestock_uprising.panels import ActionRow

    played: list = []
    row = ActionRow("lsn-play-card", played.append, wrap=False, keep_room=True)
    row.set([("on Pecky", "a"), ("on Henrietta", "b"), ("on Cluck", "c")])
    row.set([("on Cluck", "c")])
    assert len(row.box.children) == 3 and row.labels == ["on Cluck"]
    assert ["lsn-spare" in b._dom_classes for b in row.buttons] == [False, True, True]
    assert all(b.layout.display != "none" for b in row.buttons)  # the CSS decides: room on a phone
    row.buttons[2].click()
    assert played == []
    row.set([("on Pecky", "a"), ("on Cluck", "c")])
    assert ["lsn-spare" in b._dom_classes for b in row.buttons] == [False, False, True]
    row.click("on Cluck")
    assert played == ["c"]

def test_hot_seat_hides_the_other_hand_from_the_widget_tree():
    app = make(take=False)
    assert app.session.needs_handoff
    text = app.tree_text()
    for card in CHICKEN_CARDS + COW_CARDS:
        assert card not in text
    app.take_device()
    text = app.tree_text()
    assert all(c in text for c in CHICKEN_CARDS) and not any(c in text for c in COW_CARDS)
    assert "3 cards" in app.view.armies.html.value  # the Cows' hand only as a count
    # end the Chickens' turn: the hand-off screen hides everything private again
    for _ in range(3):
        app.end_turn_button.click()
    assert app.session.needs_handoff
    text = app.tree_text()
    assert not any(c in text for c in CHICKEN_CARDS + COW_CARDS)
    app.take_device()
    text = app.tree_text()
    assert all(c in text for c in COW_CARDS) and not any(c in text for c in CHICKEN_CARDS)


def test_hot_seat_leaves_no_card_of_the_other_hand_in_any_widget_state():
    """What a browser holds is every widget's state, on the page or not: after the hand-off no
    widget the page made (a card face dropped from the hand, a spare play button, a hidden
    decision button) names or keys a card of the hand before, as the browser's developer tools
    would show it to the next player."""
    from ipywidgets.widgets import widget as widget_module

    _instances = getattr(widget_module, "_instances", None)
    if _instances is None:  # ipywidgets 8.0 keeps the registry on the class
        _instances = widget_module.Widget.widgets

    before = set(_instances)
    app = make()
    assert "Play Battle Cry" in app.view.hand.plays.labels  # a play button names the card
    chicken_keys = list(lu.from_notation(POSITION, seed=5).hand(0))

    def state_text() -> str:
        return " ".join(json.dumps(wd.get_state(), default=str) for k, wd in list(_instances.items())
                        if k not in before and not any(wd is x for x in (app.save_link,)))

    for _ in range(3):
        app.end_turn_button.click()
    assert app.session.needs_handoff
    text = state_text()
    assert not any(c in text for c in CHICKEN_CARDS + COW_CARDS + chicken_keys)
    app.take_device()
    text = state_text()
    assert all(c in text for c in COW_CARDS)
    assert not any(c in text for c in CHICKEN_CARDS + chicken_keys), [c for c in CHICKEN_CARDS + chicken_keys if c in text]


def test_the_view_carries_no_hidden_information():
    s = lu.from_notation(POSITION, seed=5)
    pub = s.player_view(0)  # what the page draws from
    assert pub.hand == ("battle_cry", "war_drums", "overrun")
    assert pub.hand_sizes == (3, 3) and pub.deck_size == 6
    text = json.dumps(pub.to_dict())
    for card in s.hand(1) + [lu.data.CARD_KEYS[c] for c in s.deck]:
        assert card not in text
    assert "dice" not in pub.to_dict()


def test_save_and_load_through_the_page():
    app = make()
    app.view.board.click("b3")
    app.view.board.click("a4")
    text = app.prepare_save()
    assert 'download="livestock_uprising-save.json"' in app.save_link.value
    other = livestock_app(bot_delay=None)
    other.load_text(text, "game.json")
    assert other.session.state.general_at("a4") == ["Pecky"]
    assert other.status_text == "Loaded game.json."
    assert not other.load_text(b"{}", "empty.json")
    assert other.status_text.startswith("Could not load empty.json:")


def test_autosave_and_resume_offer_on_a_new_page():
    app = livestock_app(bot_delay=None)
    app.players.value = 2
    app.seat_dropdowns[1].value = "greedy"
    app.start_button.click()
    square = sorted(app.view._index["squares"])[0]
    app.view.board.click(square)
    app.run_bots()
    assert autosave_path("livestock_uprising").exists()
    again = livestock_app(bot_delay=None)
    assert again.resume_box.layout.display != "none"
    again.resume_button.click()
    assert again.session.state.to_json() == app.session.state.to_json()
    assert again.view.board.face(square) == app.view.board.face(square)


def test_bots_play_step_by_step_against_a_human():
    app = livestock_app(bot_delay=None)
    app.seat_dropdowns[1].value = "greedy"
    app.start_button.click()
    app.view.board.click(sorted(app.view._index["squares"])[0])
    steps = 0
    while app.session.is_bot_turn and steps < 500:
        assert app.step()
        steps += 1
    assert steps >= 1 and app.session.current_player == 0 or app.session.state.is_over


def test_headless_bot_game_runs_to_the_end_with_progress():
    app = livestock_app(bot_delay=None)
    app.players.value = 3
    for dd in app.seat_dropdowns[:3]:
        dd.value = "greedy"
    app.round_limit.value = 15
    app.headless.run_button.click()
    h = app.headless
    assert h.session.state.is_over
    assert h.progress.value == h.progress.max
    assert "Game over" in h.result.value


def test_spectating_bots_shows_the_board_without_hands():
    app = livestock_app(bot_delay=None)
    app.start([Seat("Random"), Seat("Random")], seed=3, options={"max_rounds": 3})
    app.run_bots(50)
    text = app.tree_text()
    from livestock_notebooks.livestock_uprising import data as D

    for p in range(2):
        for key in app.session.state.hand(p):
            name = D.CARD_NAMES[D.CARD_CODE[key]]
            if name not in "".join(app.log.lines):  # played cards are public
                assert name not in text


def test_any_legal_action_dropdown():
    app = make()
    v = app.view
    labels = [label for label, _i in v.any_action.options]
    assert "End the action phase" in labels
    v.any_action.value = labels.index("End the action phase")
    v.any_button.click()
    assert app.session.state.phase_name == "harvest"


def test_board_clear_and_resize():
    b = LivestockBoard(3)
    assert len(b.hits.children) == 9
    b.resize(5)
    assert len(b.hits.children) == 25
    b.clear()
    assert b.faces_html.value == "" and b.faces == {}


def test_deferred_panels_never_draw_a_hidden_hand_after_the_hand_off():
    import asyncio

    async def scenario():
        app = livestock_app(bot_delay=None, loop=asyncio.get_running_loop())
        app.start_state(lu.from_notation(POSITION, seed=5), [Seat.human(), Seat.human()])
        app.take_device()
        await asyncio.sleep(0.05)
        shown = app.tree_text()
        for _ in range(3):
            app.end_turn_button.click()  # the last click hands the device to the Cows
        await asyncio.sleep(0.05)
        return app, shown, app.tree_text()

    app, shown, after = asyncio.run(scenario())
    assert all(c in shown for c in CHICKEN_CARDS)
    assert app.session.needs_handoff
    assert not any(c in after for c in CHICKEN_CARDS + COW_CARDS)


def test_battle_result_stays_until_the_phase_moves_on():
    app = make(seats=("human", "Sensible"))
    v = app.view
    v.board.click("b3")
    v.board.click("c2")
    app.session.state.dice.script([6, 1])
    v.battle.commit_button.click()
    app.run_bots()  # the Cows' bot retreats
    assert v.battle.visible and "the attacker wins" in v.battle.outcome.value
    v.general_buttons.click("Henrietta \u2605\u2605")
    assert v.battle.visible
    app.end_turn_button.click()  # on to the harvest phase
    assert not v.battle.visible


def test_defender_sees_its_odds_before_choosing_a_card():
    # the Cows (human) hold Hardened Hide (m), a defending card
    pos = POSITION.replace("abc,def|ghijkl", "abc,m|defghijkl")
    app = make(position=pos)
    v = app.view
    v.board.click("b3")
    v.board.click("c2")
    v.battle.commit_button.click()
    assert app.session.needs_handoff and app.session.current_player == 1
    app.take_device()
    assert v.decision.visible
    assert "Play Hardened Hide" in v.decision.choices.labels and "Play no card" in v.decision.choices.labels
    odds = livestock_battle(2, 1)
    assert f"you win <b>{float(odds.defender) * 100:.1f}%" in v.decision.text.value
    app.session.state.dice.script([1, 1])
    v.decision.choices.click("Play Hardened Hide")
    assert "Hardened Hide" in "".join(app.log.lines)


def test_rule_readings_are_shown():
    app = make()
    text = app.help_html.value  # behind "How to play"
    assert "Super Army naturals" in text and "house value" in text


def test_general_info_counts_units_in_words():
    app = make()
    app.view.click_square("c2")  # Bessie with one Dynamite Donkey
    assert app.status_text.endswith("defense 1, 1 unit.")


# --------------------------------------------------------------------------- the game screen (issue 12)
def _plain(*widgets):
    import html as _html

    return _html.unescape(re.sub(r"<[^>]+>", " ", " ".join(x.value for x in widgets)))


def _box_text(v):
    b = v.battle
    return re.sub(r"\s+", " ", _plain(b.title, b.totals, b.odds_html, b.outcome))


def test_battle_box_shows_only_the_battle_on_screen_battle_after_battle():
    """Several battles in a row (the human's, previewed then fought, and the bot's): the box
    never keeps odds, totals or notes of an earlier battle; a preview's odds are the engine's."""
    from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot
    from livestock_notebooks.odds.display import format_percent

    app = livestock_app(bot_delay=None)
    app.start([Seat.human(), Seat("greedy")], seed=21, options={"max_rounds": 40})
    chooser = GreedyBot(3, attack_odds=0.2)
    v = app.view
    previews = rolled = 0

    def check_after(events):
        """After a battle is fought: its own totals and dice, no odds or notes of the preview."""
        nonlocal rolled
        battle = [e for e in events if e.kind == "battle"]
        if not battle and not any(e.kind == "attack" for e in events):
            return
        text = _box_text(v)
        assert "you win" not in text and "Exact odds" not in text, text
        attack = [e for e in events if e.kind == "attack"]
        if attack:
            d = attack[0].data
            assert f"{d['attacker']} attacks {', '.join(d['defenders'])} at {d['to']}" in text
        if battle and battle[0].data.get("attacker_dice"):
            d = battle[0].data
            assert "without a roll" not in text, text  # dice were rolled
            assert f"Attack total {d['attack']} against defense total {d['defense']}" in text
            assert v.battle.attacker_dice.faces == d["attacker_dice"]
            rolled += 1

    for _ in range(4000):
        s = app.session
        if s.state.is_over or (previews >= 5 and rolled >= 3):
            break
        if s.is_bot_turn:
            app.step()
            check_after(app.last_events)
            continue
        action = chooser.choose(s.state)
        if isinstance(action, A.Attack):
            v.select(action.general)
            v.board.click(action.to)
            expected = s.state.preview_attack(action)
            text = _box_text(v)
            assert v.battle.pending_attack == action
            assert f"{action.general} (" in text and f"at {action.to}" in text
            assert all(f"{name} (" in text for name in expected["defenders"])
            assert f"Attack total {expected['attack']}" in text and f"defense total {expected['defense']}" in text
            odds = expected["odds"]
            if odds is None:
                assert "No battle is fought" in text and "you win" not in text
            else:
                assert v.battle.odds == odds
                assert (f"you win {format_percent(odds.attacker)}" in text
                        and f"you lose {format_percent(odds.defender)}" in text), text
                assert ("without a roll" in text) == (expected["defense"] == 0)
            previews += 1
            v.battle.commit_button.click()
            check_after(app.last_events)
        else:
            app.act(action)
    assert previews >= 5 and rolled >= 3, (previews, rolled)


def test_battle_preview_follows_a_card_played_while_it_is_open():
    app = make()
    v = app.view
    v.board.click("b3")
    v.board.click("c2")
    assert "Attack total 2" in _box_text(v)
    v.hand.plays.click("Play Battle Cry")  # +2 attack: the open box must say so
    text = _box_text(v)
    assert "Attack total 4" in text and "Attack total 2" not in text
    assert v.battle.odds == app.session.state.preview_attack(A.Attack("Pecky", "b3", "c2"))["odds"]


def test_screen_regions_put_each_part_in_its_place():
    app = make()
    v = app.view
    r = v.regions()
    assert r.board is v.board_box and v.board.widget in r.board.children
    assert "lsn-board" in r.board._dom_classes and "lsn-hand" in r.hand._dom_classes
    assert r.prompt is v.prompt_box and list(r.prompt.children) == [v.phase, v.hint]
    assert v.general_actions.box in r.actions.children and v.phase_actions.box in r.actions.children
    assert r.dialogs == (v.decision.widget, v.battle.widget)
    assert v.hand.widget in r.hand.children and v.general_buttons.box in v.generals_panel.children
    assert r.players is v.armies.widget
    # the dialogs sit in the side column, never above the board
    assert v.battle.widget in app.dialogs_box.children and app.dialogs_box in app.side.children and v.battle.widget not in app.board_col.children
    # developer tools under the menu's Advanced; the round limit under the setup screen's Advanced
    assert v.advanced_box in app.menu_advanced.children[0].children
    assert v.any_action in v.advanced_box.children
    assert app.round_limit in app.advanced.children[0].children
    # command cards as small cards, their text visible (not only in a tooltip)
    cards = v.hand.cards_box.children
    assert cards and all("lsn-card" in c._dom_classes and "lsn-card-text" in c.children[0].value for c in cards)


def test_no_general_is_selected_for_no_reason_and_prompts_follow_the_general():
    app = make()
    v = app.view
    assert v.selected is None and marks(app, "selected") == []
    assert v.hint.value and "Click one of your Generals" in v.hint.value
    v.board.click("b3")
    assert "Pecky: click a green square to move or a red one to attack" in v.hint.value
    v.board.click("c3")  # Pecky moves
    if "Pecky" not in v._index["movers"]:
        assert v.selected is None and "Pecky: click" not in v.hint.value
    else:
        assert "Pecky: click" in v.hint.value  # steps left: the prompt still holds
    # every General done: the prompt says to end the phase
    state = app.session.state
    for name in ("Pecky", "Henrietta", "Cluck"):
        stay = A.Stay(name)
        if stay in state.legal_actions():
            app.act(stay)
    if not v._index["movers"]:
        assert "end the action phase" in v.hint.value and "click a green" not in v.hint.value


def test_last_move_is_marked_on_the_board_until_the_next_step():
    app = make()
    v = app.view
    v.board.click("b3")
    v.board.click("a4")
    assert marks_last(app) == ["a4", "b3"]
    v.board.click("a3")  # selecting does not change what the last move was
    assert marks_last(app) == ["a4", "b3"]
    app.act(A.EndActions())
    assert marks_last(app) == []


def marks_last(app):
    return sorted(sq for sq, f in app.view.board.faces.items() if "lsn-last-move" in f)


def test_generals_are_faction_tokens_with_a_shape_and_tiles_name_their_resource():
    app = make()
    f = face(app, "b3")
    assert "lsn-gen-chickens" in f and "\u25cf" in f and "\u2605" in f
    assert "lsn-gen-cows" in face(app, "c2") and "\u25a0" in face(app, "c2")
    assert 'lsn-res-name">grass' in face(app, "a1")


def test_the_battle_dialog_comes_first_after_the_board_in_tab_order():
    app = make()
    v = app.view
    v.board.click("b3")
    assert all(b.tabbable is None for b in v.general_actions.buttons)
    v.board.click("c2")
    assert "lsn-dialog-main" in v.battle.commit_button._dom_classes
    # the buttons between the board and the dialog (Pecky stays, End phase) leave the tab order
    between = list(v.general_actions.shown) + [app.end_turn_button]
    assert len(between) >= 2 and all(b.tabbable is False for b in between)
    v.battle.cancel_button.click()
    assert app.end_turn_button.tabbable is None and all(b.tabbable is None for b in v.general_actions.buttons)


def test_each_seat_chooses_its_faction_at_setup():
    app = livestock_app(bot_delay=None)
    choice = app.faction_choice
    assert [dd.value for dd in choice.dropdowns] == ["chickens", "cows", "goats", "pigs"]
    assert choice.dropdowns[0] in app.seat_rows[0].children
    choice.dropdowns[0].value = "pigs"  # the Pigs were seat 4's: the two swap
    assert [dd.value for dd in choice.dropdowns] == ["pigs", "cows", "goats", "chickens"]
    app.seat_dropdowns[1].value = "greedy"
    app.start_button.click()
    state = app.session.state
    assert [lu.data.FACTION_KEYS[f] for f in state.factions] == ["pigs", "cows"]
    assert "Pigs" in app.turn.value
    assert app.session.name(0) == "Pigs"


def test_seat_colours_follow_the_chosen_faction():
    """A seat playing Pigs is shown in the Pigs' colour in the turn line and the log."""
    app = livestock_app(bot_delay=None, check_resume=False)
    state = lu.new_game(players=2, seed=3, factions=[3, 0])
    app.start_state(state, [Seat.human(), Seat.human()], autosave=False)
    from livestock_notebooks.livestock_uprising import data as D

    pigs = FACTION_COLOURS[D.FACTION_KEYS[3]]
    assert D.FACTION_NAMES[3] == "Pigs"
    assert f"background:{pigs}" in app.turn.value
    app.take_device()
    assert app.spec.color(0, app.session.state) == pigs and app.spec.color(0) != pigs
