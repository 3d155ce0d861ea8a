"""A first game without friction (issue 27), checked from Python on the pages' widgets.

Decisions with one legal action are taken for the player, with a log line: unless "Ask me even
when there is only one choice" is on (remembered per browser), in a hot-seat game, or right after
Undo brought the step back (BattleGoats: a player holding no card able to move at the start of
battle has only "Carry on"). The Livestock defender keeps the battle box with its dice."""
from __future__ import annotations

import asyncio

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.widgets.battlegoats.app import battlegoats_spec, play_app

#: I attack first; the card list has Jonas (who moves as the battle begins), held by the bot
POS = ("bg2 first s0 r0/- f- l0 basic | owl,soldier_goat,.,.,.,.,.,.,./-/-/-/- "
       "| .,.,.,.,jonas,.,.,.,./-/-/-/- | rev=-")


def page_at(tmp_path, seats=("Human", "Random"), **kw):
    kw.setdefault("bot_delay", None)
    app = play_app(check_resume=False, save_directory=tmp_path, step_delay=None, **kw)
    session = Session(battlegoats_spec(), bg.from_notation(POS),
                      [Seat.human() if s == "Human" else Seat(s) for s in seats], autosave=False)
    assert app.load_text(session.to_save_text(), "a test position")
    if app.session.needs_handoff:
        app.take_device()
    app.view.choice_box.children[0].click()  # I attack first
    if app.session.needs_handoff:
        app.take_device()
    assert app.session.state.phase == "move" and not app.session.is_bot_turn
    return app


def log_texts(app):
    return [e.text for e in app.session.log]


def test_the_only_choice_is_taken_with_a_log_line(tmp_path):
    app = page_at(tmp_path)
    assert [b.description for b in app.view.choice_box.children] == ["Carry on"]
    only = app.forced_action()
    assert only is not None
    assert app.take_forced()
    assert any(t.startswith("Only one choice for") and str(only) in t for t in log_texts(app))
    assert app.session.history[-1].action == only
    # once taken, the page says so and the game goes on: the bot answers, then I attack
    app.run_bots()
    assert app.session.state.phase == "attack" and app.forced_action() is None


def test_ask_me_setting_is_remembered_and_keeps_the_click(tmp_path):
    app = page_at(tmp_path)
    assert app.ask_single_checkbox.layout.display != "none"
    app.ask_single_checkbox.value = True
    assert app.forced_action() is None and not app.take_forced()
    again = play_app(check_resume=False, save_directory=tmp_path, bot_delay=None, step_delay=None)
    again.menu_button.value = True  # the game screen and its menu
    assert again.ask_single_checkbox.value is True


def test_hot_seat_and_tutorial_pages_take_nothing(tmp_path):
    app = page_at(tmp_path, ("Human", "Human"))
    assert len(app.session.legal_for_viewer()) == 1 and app.forced_action() is None
    assert play_app(autosave=False, check_resume=False, bot_delay=None).take_forced_steps is False


def test_on_the_kernel_loop_the_forced_step_needs_no_click(tmp_path):
    loop = asyncio.new_event_loop()
    try:
        app = page_at(tmp_path, bot_delay=0.01, loop=loop)
        app._schedule_bots()
        loop.run_until_complete(asyncio.sleep(0.5))
        assert any(t.startswith("Only one choice for") for t in log_texts(app))
        assert app.session.state.phase != "move"
    finally:
        loop.close()


def test_livestock_defender_keeps_the_battle_with_its_dice_until_ok(tmp_path, monkeypatch):
    """The Chickens' bot attacks the Cows (you): once you answer, the battle box shows both
    dice and the outcome, and stays while the bot plays on, until you close it."""
    from livestock_notebooks import livestock_uprising as lu
    from livestock_notebooks.livestock_uprising import actions as A
    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app

    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    # the Cows hold Hardened Hide, a defending card, so they are asked
    pos = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b3:ss,a3,a3,c2:d,e3,e3 "
           "4.0.0.0.0,0.2.0.0.0 abc,m|defghijkl - 0/action/0/0")
    app = livestock_app(bot_delay=None)
    app.start_state(lu.from_notation(pos, seed=5), [Seat("greedy"), Seat.human()])
    s, v = app.session, app.view
    attack = next(a for a in s.state.legal_actions() if isinstance(a, A.Attack) and a.to == "c2")
    app._after(s.apply(attack, by_bot=True), "", log_first=True)  # as a bot's step draws it
    assert v.decision.visible and "Play no card" in v.decision.choices.labels
    s.state.dice.script([1, 6])
    v.decision.choices.click("Play no card")
    app.run_bots()  # the bot plays on (retreats, ends its phases)
    assert v.battle.visible, "the defender's battle went away before they saw it"
    assert v.battle.attacker_dice.faces == [1] and v.battle.defender_dice.faces == [6]
    assert "the defender wins" in v.battle.outcome.value
    v.battle.close_button.click()
    assert not v.battle.visible


def test_livestock_play_no_card_is_taken_when_no_card_could_change_the_battle(tmp_path, monkeypatch):
    """The Cows (you) hold Hardened Hide, but their attacked General has no troops (defense 0):
    no defending card could change the battle, so "Play no card" is taken for you with a log
    line, and the battle box shows what followed; with "Ask me..." on, you are asked."""
    from livestock_notebooks import livestock_uprising as lu
    from livestock_notebooks.livestock_uprising import actions as A
    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app

    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    pos = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b3:ss,a3,a3,c2,e3,e3 "
           "4.0.0.0.0,0.2.0.0.0 abc,m|defghijkl - 0/action/0/0")
    for ask in (False, True):
        app = livestock_app(bot_delay=None)
        app.start_state(lu.from_notation(pos, seed=5), [Seat("greedy"), Seat.human()])
        app.ask_single_checkbox.value = ask
        s, v = app.session, app.view
        assert "hardened_hide" in [c for c in s.state.player_view(1).hand]
        attack = next(a for a in s.state.legal_actions() if isinstance(a, A.Attack) and a.to == "c2")
        app._after(s.apply(attack, by_bot=True), "", log_first=True)  # as a bot's step draws it
        assert s.legal_for_viewer() == [A.DeclineCard()]  # the card could change nothing
        if ask:
            assert app.forced_action() is None and v.decision.visible
            assert v.decision.choices.labels == ["Play no card"]
            continue
        assert app.take_forced()
        assert any(t == f"Only one choice for Cows, taken for you: {A.DeclineCard()}"
                   for t in log_texts(app)), log_texts(app)[-4:]
        assert v.battle.visible and "loses without a roll" in v.battle.outcome.value


def test_space_pigs_tutorial_refusals_say_the_rule_and_the_pirates_go_against_a_clan():
    """Steps 4 and 14 refuse a hex with the rule (not "is not allowed now"); step 13 refuses
    the learner's own hex and an empty one for the pirates, and takes another clan's."""
    from livestock_notebooks.space_pigs.actions import MoveAliens
    from livestock_notebooks.widgets.space_pigs.tutorial import SpacePigsTutorial

    t = SpacePigsTutorial(bot_delay=None)
    for index, rule in ((3, "asteroid free of other aliens"), (13, "empty hex, as near the galaxy's edge")):
        t.go(index)
        t.app.view._on_map(("hex", 0))  # a planet held by a clan: neither takes it
        assert rule in t.app.status_text and "not allowed now" not in t.app.status_text, t.app.status_text
        assert "\u2714" not in t.done_label.value
    t.go(12)
    assert t.step.key == "aliens_move"
    assert not t.app.act(MoveAliens(0, 5, 0)) and "your own piglets" in t.app.status_text
    assert not t.app.act(MoveAliens(0, 5, 4)) and "No clan holds" in t.app.status_text
    assert t.app.act(MoveAliens(0, 5, 1)) and "\u2714" in t.done_label.value
    assert "below" not in t.done_label.value  # the board is beside the card, not below it


def test_tutorials_end_with_play_your_first_game_and_play_pages_offer_the_tutorial(tmp_path, monkeypatch):
    from livestock_notebooks.widgets.battlegoats.app import play_app as bg_page
    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app
    from livestock_notebooks.widgets.space_pigs.app import play_app as sp_page
    from livestock_notebooks.widgets.space_pigs.tutorial import SpacePigsTutorial

    t = SpacePigsTutorial(bot_delay=None)
    assert t.play_link.layout.display == "none"
    t.go(len(t.steps) - 1)
    assert t.play_link.layout.display != "none"
    assert 'href="space_pigs_play.ipynb?from=tutorial&amp;rules=simple_b&amp;turns=4"' in t.play_link.value
    assert "Play your first game" in t.play_link.value
    # the play page: simplified B by default, the tutorial's settings from the address
    assert sp_page(save_directory=tmp_path / "a", check_resume=False).controls_widgets["rules"].value == "simple_b"
    monkeypatch.setenv("QUERY_STRING", "from=tutorial&rules=simple_a&turns=4")
    page = sp_page(save_directory=tmp_path / "b", check_resume=False)
    assert page.controls_widgets["rules"].value == "simple_a" and page.controls_widgets["turns"].value == 4
    assert page.tutorial_offer.value == ""  # coming from the tutorial: no offer of it
    monkeypatch.delenv("QUERY_STRING")
    # a first visit offers the tutorial; once a game has started there, no more
    for make, name in ((livestock_app, "livestock_uprising"), (bg_page, "battlegoats"), (sp_page, "space_pigs")):
        page = make(save_directory=tmp_path / name, check_resume=False)
        assert f'href="{name}_tutorial.ipynb"' in page.tutorial_offer.value
        assert page.tutorial_offer in page.help_box.children and page.help_box.layout.display != "none"
        page.prefs.mark_seen(f"help:{page.spec.name}")
        assert make(save_directory=tmp_path / name, check_resume=False).tutorial_offer.value == ""


def test_livestock_tutorial_steps_open_clean_and_show_what_they_name():
    """Walked with Show me: no step opens with the last step's battle (steps 6-8 did); the
    barn step shows the hand panel it names, the harvest step the troops' food icons (the
    armies strip), the command-card step the log its praise points to; "You play" names the
    learner's side."""
    from livestock_notebooks.widgets.livestock_uprising.tutorial import LivestockTutorial

    t = LivestockTutorial(bot_delay=None)
    for i, step in enumerate(t.steps):
        t.go(i)
        if step.key != "attacked":  # that step begins inside a battle on purpose
            assert not t.app.view.battle.visible, f"step {i + 1} opens with an old battle"
        if step.interactive:
            assert "You play <b>Chickens</b>." in t.text.value
        wanted = {"barns": {"hand"}, "harvest": {"players"}, "cards": {"hand", "log"}}.get(step.key, set())
        assert wanted <= t.shown_parts, (step.key, t.shown_parts)
        if t.show_button.layout.display != "none" and not t.show_button.disabled:
            t.show_me()


def test_space_pigs_tutorial_says_when_your_clan_changes():
    from livestock_notebooks.widgets.space_pigs.tutorial import SpacePigsTutorial

    t = SpacePigsTutorial(bot_delay=None)
    names = []
    for i, step in enumerate(t.steps):
        t.go(i)
        if not step.interactive:
            continue
        name = t.app.session.name(0)
        assert f"You play <b>{name}</b>" in t.text.value
        if names and names[-1] != name:
            assert f"in the last step you played {names[-1]}" in t.text.value
        names.append(name)
    assert len(set(names)) > 1  # the steps' positions do change the clan


def test_the_turn_alert_is_off_by_default_and_remembered(tmp_path):
    app = page_at(tmp_path)
    assert app.notify_checkbox.value is False and "lsn-notify-on" not in app.widget._dom_classes
    app.notify_checkbox.value = True
    assert "lsn-notify-on" in app.widget._dom_classes  # what turn_alert.js waits for
    again = play_app(check_resume=False, save_directory=tmp_path, bot_delay=None, step_delay=None)
    again.menu_button.value = True
    assert again.notify_checkbox.value is True and "lsn-notify-on" in again.widget._dom_classes
    again.notify_checkbox.value = False
    assert "lsn-notify-on" not in again.widget._dom_classes


def test_space_pigs_play_no_card_is_taken_when_no_card_could_change_the_combat(tmp_path, monkeypatch):
    """Sequence A: Combat. P2 (you) attacks holding only Mud Armour (+0 when attacking, no
    technology index): no card could change the combat, so "Play no card" is taken for you
    with a log line saying why; with "Ask me..." on, you are asked."""
    from livestock_notebooks import space_pigs as sp
    from livestock_notebooks.widgets.space_pigs.app import play_app as pigs_app

    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    pos = "SP1 n=3 turn=2 seq=3A order=123 rp=1 hands=0/1/ | 0,0:Pr:a3:b2h1 -1,1:Pb:c3"
    for ask in (False, True):
        app = pigs_app(bot_delay=None, check_resume=False)
        app.start_state(sp.from_notation(pos), [Seat("greedy"), Seat.human(), Seat("greedy")])
        app.ask_single_checkbox.value = ask
        app.run_bots()  # the defender's cards
        s = app.session
        assert s.state.combat.stage == "cards_a" and s.current_player == 1
        assert s.legal_for_viewer() == [sp.PlayCard(1, 1), sp.Done(1)]  # the card is legal all the same
        if ask:
            assert app.forced_action() is None
            continue
        assert app.forced_action() == sp.Done(1) and app.take_forced()
        line = next(t for t in log_texts(app) if t.startswith("Only one real choice for"))
        assert "taken for you: P2 is done" in line and "adds nothing when attacking" in line
        assert "Mud Armour" not in line  # the log names no card of a hand
        assert s.state.combat is None or s.state.combat.stage != "cards_a"
