"""The shared game-app shell, driven from Python on the toy dice race of test_session."""
from __future__ import annotations

import asyncio
import datetime
import base64
import json
import re

import ipywidgets as w
import pytest

from livestock_notebooks.core.session import Seat, autosave_path
from livestock_notebooks.widgets.shell.app import (
    ActionListView,
    GameApp,
    GameLog,
    GameView,
    HeadlessRunner,
    Ticker,
    widget_tree,
    illegal_message,
)
from livestock_notebooks.core.errors import IllegalAction
from livestock_notebooks.core.session import LogEntry
from livestock_notebooks.games import GAMES
from livestock_notebooks.widgets.games import PAGES
from livestock_notebooks.widgets.shell.pacing import BOT_SPEEDS
from test_session import EndTurn, Roll, Salute, Walk, toy_spec


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def app_with(seats, seed=3, **kw):
    app = GameApp(toy_spec(), bot_delay=None, **kw)
    app.start(seats, seed=seed)
    return app


def shown(widget) -> bool:
    return widget.layout.display != "none"


def buttons(app):
    return {b.description: b for b in app.view.buttons if b in app.view.box.children}


def test_first_open_shows_setup_with_seat_choices():
    app = GameApp(toy_spec(), bot_delay=None)
    assert shown(app.setup_box) and not shown(app.resume_box) and not shown(app.game_box)
    assert app.players.options == (2, 3, 4)
    # the menu shows each bot's label; its value is the bot's name in the game's registry
    assert app.seat_dropdowns[0].options == (("Human", "Human"), ("Random", "Random"), ("Walker", "Walker"))
    assert [shown(r) for r in app.seat_rows] == [True, True, False, False]
    app.players.value = 3
    assert [shown(r) for r in app.seat_rows] == [True, True, True, False]
    app.seat_dropdowns[1].value = "Human"
    app.seat_dropdowns[2].value = "Random"
    app.start_button.click()
    assert app.session.seats == [Seat.human(), Seat.human(), Seat.bot("Random")]
    assert shown(app.game_box) and not shown(app.setup_box)


def test_css_classes_for_browser_tests():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.menu_advanced.selected_index = 0  # the Advanced tools are made when the section first opens
    classes = set()
    for node in app.widget_tree():
        classes.update(getattr(node, "_dom_classes", ()))
    for c in ["lsn-app", "lsn-turn", "lsn-status", "lsn-undo", "lsn-end-turn", "lsn-save-link", "lsn-load", "lsn-log",
              "lsn-headless-run", "lsn-headless-progress", "lsn-start", "lsn-seat-0", "lsn-bots-pause", "lsn-handoff-ok"]:
        assert c in classes, c


def test_click_actions_update_view_and_log_in_place():
    app = app_with([Seat.human(), Seat.human()])
    app.handoff_button.click()
    view_widget, log_widget = app.view.widget, app.log.widget
    buttons(app)["walk 2"].click()
    assert app.session.state.pos == [2, 0]
    assert app.log.lines[-1] == "Player 1 walks 2 to square 2."
    assert "walks 2 to square 2" in app.log.html
    assert app.view.widget is view_widget and app.log.widget is log_widget
    assert "Turn 1: Red" in app.turn.value


def test_illegal_action_reports_rule_and_section():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    assert app.act(Walk(1)) and app.act(Walk(1))
    assert not app.act(Walk(1))
    assert app.status_text == "Not allowed: At most two walks a turn (rulebook: Toy, Walking)."
    assert "lsn-msg-error" in app.status.value
    assert app.session.state.pos == [2, 0]
    assert app.act(EndTurn())
    assert app.status_text == ""


def test_illegal_message_without_section():
    assert illegal_message(IllegalAction("No")) == "Not allowed: No."


def test_bots_play_step_by_step_and_humans_cannot_act_for_them():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.end_turn_button.click()
    assert app.session.is_bot_turn
    assert "Walker bot is playing" in app.turn.value
    assert not app.bot_step_button.disabled and app.undo_button.disabled and app.end_turn_button.disabled
    assert not app.act(Walk(1))
    assert "a bot plays that seat" in app.status_text
    assert app.step()
    assert app.session.state.pos == [0, 1]
    app.bot_step_button.click()
    assert app.session.state.pos == [0, 2]
    assert app.run_bots() == 1
    assert app.session.current_player == 0 and not app.step()


def test_bots_are_scheduled_on_the_kernel_loop():
    async def scenario():
        loop = asyncio.get_running_loop()
        app = GameApp(toy_spec(), bot_delay=0.01, loop=loop)
        app.start([Seat.bot("Walker"), Seat.bot("Walker")], seed=1)
        seen = []
        app.on_change(lambda a, events: seen.append(a.session.state.to_json()))
        for _ in range(200):
            await asyncio.sleep(0.015)
            if app.session.state.is_over:
                break
        return app, seen

    app, seen = asyncio.run(scenario())
    assert app.session.state.is_over
    assert len(seen) >= 6  # one refresh per bot action, visible
    assert app.status_text.startswith("Game over")


def test_pause_stops_bot_ticks():
    async def scenario():
        loop = asyncio.get_running_loop()
        app = GameApp(toy_spec(), bot_delay=0.01, loop=loop)
        app.start([Seat.human(), Seat.bot("Walker")], seed=1)
        app.act(EndTurn())
        app.pause_button.click()
        assert app.pause_button.description == "Resume bots"
        await asyncio.sleep(0.05)
        paused_pos = list(app.session.state.pos)
        app.pause_button.click()
        for _ in range(50):
            await asyncio.sleep(0.015)
            if app.session.current_player == 0:
                break
        return paused_pos, app

    paused_pos, app = asyncio.run(scenario())
    assert paused_pos == [0, 0]
    assert app.session.current_player == 0 and app.session.state.pos == [0, 2]


def test_ticker_without_loop_does_nothing():
    calls = []
    t = Ticker(lambda: calls.append(1))
    assert not t.available and not t.schedule(0.1) and calls == []


def test_undo_button_rules():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    assert app.undo_button.disabled
    app.act(Walk(2))
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.session.state.pos == [0, 0] and app.status_text == "Took back: walk 2"
    app.session.state.dice.script([2])
    app.act(Roll())
    assert app.undo_button.disabled
    assert not app.undo()
    assert app.status_text.startswith("Cannot undo: Dice were rolled")


def test_end_turn_button_hook():
    app = app_with([Seat.human(), Seat.human()])
    app.take_device()
    assert not app.end_turn_button.disabled
    app.end_turn_button.click()
    assert app.session.current_player == 1


def test_hot_seat_hides_previous_players_cards_from_the_widget_tree():
    app = app_with([Seat.human(), Seat.human()], seed=7)
    # at the start nobody's cards are shown
    assert shown(app.handoff_box) and not shown(app.view_box)
    assert "SECRET" not in app.tree_text()
    assert "Pass the device to" in app.handoff_text.value and "Red" in app.handoff_text.value
    app.handoff_button.click()
    assert "SECRET-0-7" in app.tree_text() and "SECRET-1-7" not in app.tree_text()
    app.prepare_save()  # the save link holds the whole game; it must go at the hand-off
    app.end_turn_button.click()
    assert shown(app.handoff_box)
    text = app.tree_text()
    assert "SECRET-0-7" not in text and "SECRET-1-7" not in text
    assert app.save_link.value == ""
    # the cleared view widgets hold nothing private either (even outside the tree)
    for b in app.view.buttons:
        assert b.description == ""
    assert app.view.info.value == ""
    assert not app.act(Walk(1))  # nobody acts before taking the device
    app.handoff_button.click()
    assert "SECRET-1-7" in app.tree_text() and "SECRET-0-7" not in app.tree_text()


def test_mid_turn_decision_hands_off_and_back():
    app = app_with([Seat.human(), Seat.human()])
    app.take_device()
    app.session.state.dice.script([6])
    app.act(Roll())
    assert shown(app.handoff_box) and "Blue" in app.handoff_text.value
    app.take_device()
    assert app.act(Salute())
    assert shown(app.handoff_box) and "Red" in app.handoff_text.value


def test_one_human_against_bots_never_sees_the_handoff_screen():
    app = app_with([Seat.bot("Walker"), Seat.human()])
    assert not shown(app.handoff_box)
    assert "SECRET-1-3" in app.tree_text() and "SECRET-0-3" not in app.tree_text()
    app.run_bots()
    assert not shown(app.handoff_box) and buttons(app)


def test_autosave_and_resume_offer():
    app = app_with([Seat.human(), Seat.bot("Walker")], seed=5)
    app.act(Walk(2))
    app.act(Walk(1))
    path = autosave_path("toy_race")
    assert path.exists()

    again = GameApp(toy_spec(), bot_delay=None)  # a page reload: a fresh kernel
    assert shown(again.resume_box) and not shown(again.setup_box)
    assert "Red (human)" in again.resume_info.value
    again.resume_button.click()
    assert again.session.state.pos == [3, 0]
    assert again.log.lines[-1] == "Game resumed."
    assert "walks 1 to square 3" in again.log.html

    third = GameApp(toy_spec(), bot_delay=None)
    third.new_instead_button.click()
    assert shown(third.setup_box) and not shown(third.resume_box)


def test_finished_game_is_not_offered():
    app = app_with([Seat.bot("Walker"), Seat.bot("Walker")])
    app.run_bots()
    assert app.session.state.is_over
    assert not shown(GameApp(toy_spec(), bot_delay=None).resume_box)


def test_save_link_is_a_download_of_the_game():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    def saved_pos():
        m = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', app.save_link.value)
        assert m and m.group(1) == "toy_race-save.json" and "Save game" in app.save_link.value
        saved = json.loads(base64.b64decode(m.group(2)))
        assert saved["game"] == "toy_race"
        return json.loads(saved["engine_save"])["state"]["pos"]

    app.act(Walk(1))
    assert saved_pos() == [1, 0]  # one click on Save game downloads the game as it stands
    app.act(Walk(1))
    assert saved_pos() == [2, 0]  # never a stale game


def _upload(app, content: bytes, name="save.json"):
    app.load_upload.value = ({"name": name, "type": "application/json", "size": len(content),
                              "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


def test_load_through_file_upload():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.act(Walk(2))
    text = app.session.to_save_text()
    other = app_with([Seat.human(), Seat.human()])
    _upload(other, text.encode(), "mine.json")
    assert other.session.state.pos == [2, 0]
    assert other.session.seats == [Seat.human(), Seat.bot("Walker")]
    assert other.status_text == "Loaded mine.json."
    assert other.load_upload.value == ()


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "the save file is empty"),
        (b"garbage", "not valid JSON"),
        (b'{"format": "livestock-notebooks-session", "version": 1, "game": "space_pigs"}', "not of 'toy_race'"),
    ],
)
def test_load_errors_are_shown_and_the_game_stays(content, message):
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.act(Walk(2))
    _upload(app, content, "bad.json")
    assert app.status_text.startswith("Could not load bad.json:")
    assert message in app.status_text
    assert app.session.state.pos == [2, 0]


def test_new_game_in_the_middle_of_a_game_asks_first_then_goes_back_to_setup():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.new_game_button.click()
    assert shown(app.confirm_box) and "Leave this game" in app.confirm_text.value
    assert shown(app.game_box) and app.session is not None  # nothing lost yet
    app.confirm_no.click()
    assert not shown(app.confirm_box) and app.act(Walk(1))
    app.new_game_button.click()
    app.confirm_yes.click()
    assert shown(app.setup_box) and not shown(app.game_box) and app.session is None
    assert not shown(app.confirm_box)
    assert app.act(Walk(1)) is False


def test_the_screen_has_its_named_parts_and_advanced_tools_sit_in_the_closed_menu():
    app = app_with([Seat.human(), Seat.bot("Walker")])
    classes = {c for wdg in app.widget_tree() for c in getattr(wdg, "_dom_classes", ())}
    assert {"lsn-board", "lsn-prompt", "lsn-actions", "lsn-log", "lsn-topbar"} <= classes
    assert not shown(app.menu_box) and app.menu_advanced.selected_index is None
    assert app.pause_button in app.bot_tools.children and app.headless_box in app.menu_advanced.children[0].children
    app.menu_button.value = True
    assert shown(app.menu_box) and app.save_box in app.menu_box.children
    assert "lsn-prompt-mine" in app.prompt_panel._dom_classes  # the human's decision


def test_headless_runner_plays_to_the_end_with_progress():
    app = GameApp(toy_spec(), bot_delay=None)
    app.players.value = 3
    app.headless.run_button.click()  # no loop: plays synchronously
    h = app.headless
    assert h.session.state.is_over
    assert h.progress.value == h.progress.max and h.progress.bar_style == "success"
    assert "Game over" in h.result.value
    assert not autosave_path("toy_race").exists()  # headless games are not autosaved


def test_headless_runner_in_slices_on_a_loop():
    async def scenario():
        loop = asyncio.get_running_loop()
        values = []
        runner = HeadlessRunner(toy_spec(), lambda: ["Random", "Random"], loop=loop, slice_seconds=0.0, chunk=1)
        runner.progress.observe(lambda c: values.append(c["new"]), "value")
        runner.start()
        for _ in range(500):
            await asyncio.sleep(0)
            if not runner.running:
                await asyncio.sleep(0)
                break
        return runner, values

    runner, values = asyncio.run(scenario())
    assert runner.session.state.is_over and runner.progress.value == runner.progress.max
    assert len(values) >= 2


def test_log_widget_keeps_newest_at_bottom_and_escapes():
    log = GameLog(toy_spec(), max_lines=3)
    log.PAGE = 2
    log.set_entries([LogEntry(f"line {i} <b>", i % 2) for i in range(5)])
    v = log.html
    # the last 3 lines, in whole pages of 2 (lines 3 to 5), numbered from the game's first line
    assert "line 1 " not in v and "line 2" in v and v.index("line 2") < v.index("line 4")
    assert "&lt;b&gt;" in v and 'ol start="3"' in v and 'ol start="5"' in v
    assert "lsn-log-scroll" in log.widget.children[0]._dom_classes


def test_log_sends_only_the_page_a_new_line_changes():
    """A new line changes the last page alone: the earlier pages' widgets keep their values,
    so a long game does not send its whole log again at every move."""
    log = GameLog(toy_spec())
    entries = [LogEntry(f"line {i}", i % 2) for i in range(60)]
    log.set_entries(entries)
    pages = list(log.widget.children[0].children[0].children)
    assert len(pages) == 3 and 'ol start="51"' in pages[2].value
    sent = []
    for page in pages:
        page.observe(lambda change, page=page: sent.append(page), "value")
    log.set_entries(entries + [LogEntry("line 60", 0)])
    assert sent == [pages[2]] and "line 60" in pages[2].value
    log.set_entries(entries + [LogEntry(f"line {i}", 0) for i in range(60, 76)])  # a fourth page
    assert sent == [pages[2]] * 2 and len(log.widget.children[0].children[0].children) == 4
    log.set_entries([])
    assert "Nothing has happened yet" in log.html


class RecordingView(GameView):
    def __init__(self):
        super().__init__()
        self.widget = w.Label()
        self.contexts = []
        self.cleared = 0

    def update(self, ctx):
        self.contexts.append(ctx)
        self.widget.value = str(ctx.view["pos"])

    def clear(self):
        self.cleared += 1
        self.widget.value = ""


def test_custom_view_gets_player_view_and_legal_actions():
    app = GameApp(toy_spec(), view_factory=RecordingView, bot_delay=None)
    app.start([Seat.human(), Seat.human()], seed=2)
    assert app.view.cleared >= 1 and not app.view.contexts
    app.take_device()
    ctx = app.view.contexts[-1]
    assert ctx.viewer == 0 and ctx.view["secrets"][1] is None and ctx.my_turn
    assert Walk(1) in ctx.legal
    app.view.act(Walk(1))
    ctx = app.view.contexts[-1]
    assert ctx.events[0].text == "Player 1 walks 1 to square 1."
    assert app.view.widget.value == "[1, 0]"


def test_broken_bot_pauses_instead_of_crashing():
    spec = toy_spec()
    spec.bots = dict(spec.bots, Broken=lambda: type("B", (), {"choose": lambda self, s: 1 / 0})())
    app = GameApp(spec, bot_delay=None)
    app.start([Seat.human(), Seat.bot("Broken")])
    app.act(EndTurn())
    assert not app.step()
    assert app.paused and "bot failed: ZeroDivisionError" in app.status_text


def test_shell_package_exports_what_game_pages_import():
    import livestock_notebooks.widgets.shell as shell
    import livestock_notebooks.widgets.shell.app as shell_app

    for name in ("GameApp", "GameView", "ViewContext", "Ticker", "illegal_message", "HUMAN_LABEL",
                 "ActionListView", "Batch", "GameLog", "HeadlessRunner", "APP_CSS", "BOT_SPEEDS"):
        assert getattr(shell, name) is getattr(shell_app, name), name
    assert shell.TutorialPage and set(shell.__all__) >= {"GameApp", "BOT_SPEEDS", "TutorialPage"}
    speeds = shell.BOT_SPEEDS
    assert list(speeds) == ["Slow", "Normal", "Fast", "Instant"]
    assert list(speeds.values()) == sorted(speeds.values(), reverse=True)
    assert speeds[shell.DEFAULT_BOT_SPEED] == GameApp(toy_spec(), check_resume=False).bot_delay


@pytest.mark.parametrize("value", [
    {"new": ({"name": "a.json", "content": memoryview(b"{}")},), "old": (), "name": "value", "type": "change"},
    ({"name": "a.json", "content": b"{}"},),
    {"a.json": {"content": b"{}", "metadata": {}}},  # ipywidgets 7
])
def test_upload_bytes_reads_every_shape_of_a_file_upload(value):
    from livestock_notebooks.widgets.common import upload_bytes

    assert upload_bytes(value) == ("a.json", b"{}")
    assert upload_bytes({"new": (), "old": (), "name": "value"}) is None


def test_button_helpers():
    from livestock_notebooks.widgets.common import ButtonPool, button, message_html, plain_text

    clicks = []
    b = button("Go", "lsn-go", lambda: clicks.append("go"), width="auto", icon="play")
    b.click()
    assert clicks == ["go"] and "lsn-go" in b._dom_classes and b.layout.width == "auto" and b.icon == "play"
    pool = ButtonPool("lsn-pick", clicks.append)
    pool[2].click()
    assert clicks == ["go", 2] and len(pool.buttons) == 3 and pool[0] is pool.buttons[0]
    assert plain_text(message_html("a < b", "error")) == "a < b" and message_html("") == ""


def test_how_to_play_opens_on_the_first_visit_only_and_the_bot_speed_is_remembered():
    first = GameApp(toy_spec(), help_html="<p>Roll and walk.</p>")
    assert shown(first.help_box) and first.help_button.value
    first.speed_dropdown.value = "Fast"
    assert first.bot_delay == BOT_SPEEDS["Fast"]
    first.start([Seat.human(), Seat.bot("Walker")], seed=3)
    assert not shown(first.help_box)  # folded once the game is on
    first.help_button.value = True  # and back on demand
    assert shown(first.help_box)

    again = GameApp(toy_spec(), help_html="<p>Roll and walk.</p>")  # the next visit
    assert not shown(again.help_box) and not again.help_button.value
    assert again.speed_dropdown.value == "Fast" and again.bot_delay == BOT_SPEEDS["Fast"]
    assert not shown(GameApp(toy_spec()).help_button)  # a page without help has no button


def test_thrown_dice_roll_for_a_moment_and_blank_dice_do_not():
    from livestock_notebooks.widgets.shell.app import APP_CSS
    from livestock_notebooks.widgets.common.dice import die_svg

    assert "lsn-die-rolled" in die_svg(4) and "lsn-die-rolled" not in die_svg(None)
    assert "@keyframes lsn-roll" in APP_CSS and "prefers-reduced-motion" in APP_CSS


def test_the_save_link_is_there_while_the_bots_play():
    """Save game works at any moment: once my turn ends and the bots play, the link holds the
    game as I left it (it never goes missing while they play)."""
    app = app_with([Seat.human(), Seat.bot("Walker")])
    app.act(Walk(2))
    assert app.end_turn() and app.session.is_bot_turn
    mine = app.save_link.value
    assert "Save game" in mine
    assert app.step()  # one bot step
    assert app.save_link.value == mine  # the settled point, not emptied


def test_the_menus_advanced_tools_are_made_when_it_first_opens_and_then_follow_the_game():
    """Page load: the closed Advanced section has no widgets yet; opening it makes Pause bots,
    Bot: one step and the bot-vs-bot run, already showing the game as it stands."""
    app = app_with([Seat.human(), Seat.bot("Walker")])
    inside = app.menu_advanced.children[0]
    assert "lsn-bots-pause" not in {c for wdg in widget_tree(inside) for c in getattr(wdg, "_dom_classes", ())}
    app.toggle_pause()  # paused before the tools exist
    app.menu_advanced.selected_index = 0
    classes = {c for wdg in widget_tree(inside) for c in getattr(wdg, "_dom_classes", ())}
    assert {"lsn-bots-pause", "lsn-bot-step", "lsn-headless-run"} <= classes
    assert app.pause_button.description == "Resume bots"
    app.pause_button.click()
    assert not app.paused and app.pause_button.description == "Pause bots"


def test_the_setup_screen_sends_the_browser_only_what_it_shows():
    """The game screen, the menu and the New-game question join the page when first shown
    (a browser draws every part it is given, hidden or not); the text checks still see them."""
    app = GameApp(toy_spec(), bot_delay=None)
    on_page = app.widget.children
    assert app.setup_box in on_page
    assert not {id(app.game_box), id(app.menu_box), id(app.confirm_box)} & set(map(id, on_page))
    assert app.game_box in app.widget_tree() and app.end_turn_button in app.widget_tree()
    app.menu_button.value = True
    assert app.menu_box in app.widget.children and shown(app.menu_box)
    app.menu_button.value = False
    app.start_button.click()
    parts = list(app.widget.children)
    assert app.game_box in parts and shown(app.game_box) and parts.index(app.menu_box) < parts.index(app.game_box)
    app.new_game_button.click()  # mid-game: asks first, the question above the game
    assert shown(app.confirm_box) and app.confirm_box in app.widget.children
    assert list(app.widget.children).index(app.confirm_box) < list(app.widget.children).index(app.game_box)


def _models_of(root: w.Widget) -> set[str]:
    """The ids of every widget model a widget refers to, itself included (children, layouts, styles)."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        x = todo.pop()
        if x.model_id in seen:
            continue
        seen.add(x.model_id)
        for name in x.keys:
            value = getattr(x, name)
            todo.extend(v for v in (value if isinstance(value, (list, tuple)) else [value]) if isinstance(v, w.Widget))
    return seen


def _widgets_made(make):
    before = set(w.widgets.widget._instances)
    made = make()
    return made, len(set(w.widgets.widget._instances) - before)


@pytest.mark.parametrize("page", list(GAMES))
def test_a_served_page_makes_its_game_screen_when_first_needed(page, tmp_path):
    """In a kernel (a running loop) a play page makes only its setup screen with the page; the
    game screen (board, prompt, hand, log, menu) comes with Start, never on its own (widgets
    made while the browser still loads the page reach it half-known), and is then the same page
    as one made in one go."""
    import asyncio
    make = PAGES[page].play_app
    whole, all_widgets = _widgets_made(lambda: make(check_resume=False, save_directory=tmp_path))
    assert whole.screen_built

    async def served():
        before = set(w.widgets.widget._instances)
        app, at_load = _widgets_made(lambda: make(check_resume=False, save_directory=tmp_path))
        assert not app.screen_built and "view" not in vars(app)
        # the browser makes every model before the page shows: the setup screen alone, its blank
        # layouts and styles shared (56 / 63 / 65 models, from 92 / 111 / 116 each its own)
        assert at_load <= 70 and at_load < 0.5 * all_widgets, (at_load, all_widgets)
        # every model made at load is a part of the page (the browser is sent every one)
        made = set(w.widgets.widget._instances) - before
        assert made <= _models_of(app.widget), [type(w.widgets.widget._instances[m]).__name__
                                                for m in made - _models_of(app.widget)]
        labels = [row.children[0] for row in app.seat_rows]
        assert len({id(x.layout) for x in labels}) == 1 and len({id(x.style) for x in labels}) == 1
        assert app.setup_box in app.widget.children and shown(app.setup_box)
        app.seed.value = "5"
        app.show_setup()  # back to the setup screen needs no game screen
        await asyncio.sleep(0.3)
        assert not app.screen_built  # nothing made behind the browser's back
        app._ticker.loop = None  # play on by hand from here
        app.start_button.click()
        assert app.screen_built and shown(app.game_box) and app.regions.board is not None
        kinds = sorted(type(x).__name__ for x in app.widget_tree())
        return app, kinds

    app, kinds = asyncio.run(served())
    assert app.session.seed == 5
    whole.seed.value = "5"  # the same game: what the board shows follows the deal
    whole.start_button.click()
    assert kinds == sorted(type(x).__name__ for x in whole.widget_tree())


def test_the_game_screen_is_made_when_first_needed():
    """Whatever needs the game screen (Start, the Menu, a test reading ``app.view``) makes it
    at once, once."""
    import asyncio

    async def served():
        app = GameApp(toy_spec(), bot_delay=None)
        assert not app.screen_built
        app.menu_button.value = True
        assert app.screen_built and shown(app.menu_box) and app.menu_box in app.widget.children
        view = app.view
        app.start_button.click()
        assert app.view is view and shown(app.game_box)
        app._ticker.cancel()
        return app

    asyncio.run(served())
    with pytest.raises(AttributeError):
        GameApp(toy_spec(), bot_delay=None).no_such_part


def test_widgets_made_in_a_page_share_blank_layouts_and_hiding_one_hides_only_it():
    """A page's widgets made without a layout or style of their own share one sealed default
    (the browser makes every model before the page shows); hiding or resizing one gives it its
    own layout and leaves the others as they were; a direct change of the shared one is refused."""
    from livestock_notebooks.widgets.common.dom import hide, set_layout, shared_defaults, show

    with shared_defaults():
        a, b = w.HTML("a"), w.HTML("b")
        box = w.VBox([a, b])
        sized = w.HTML("c", layout=w.Layout(width="3em"))
    after = w.HTML("d")
    assert a.layout is b.layout is box.layout and a.style is b.style
    assert sized.layout is not a.layout and sized.layout.width == "3em"
    assert after.layout is not a.layout  # only inside the block
    with pytest.raises(TypeError, match="shared by many widgets"):
        a.layout.display = "none"
    show(a)  # nothing to change: still shared, no new model
    assert a.layout is b.layout
    hide(a)
    assert a.layout.display == "none" and b.layout.display is None and box.layout.display is None
    set_layout(b, width="5em")
    assert b.layout.width == "5em" and box.layout.width is None and a.layout.width is None
    show(a)
    assert a.layout.display is None
