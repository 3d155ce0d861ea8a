"""The seed is hidden information; saves and autosaves never break a page; two tabs never
silently overwrite each other's autosave (issue 11). Driven on the toy dice race of test_session."""
from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

import ipywidgets as w
import pytest

from livestock_notebooks.core import session as session_module
from livestock_notebooks.core.errors import SaveFileError
from livestock_notebooks.core.protocol import load_state, parse_save
from livestock_notebooks.core.session import Seat, Session, autosave_path, check_autosave, fresh_seed
from livestock_notebooks.games import GAMES
from livestock_notebooks.widgets.shell.app import ActionListView, GameApp
from test_session import RaceState, Walk, toy_spec

NESTED_500 = "[" * 500 + "]" * 500
LONG_NUMBER = "1" * 5000


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def page(**kw) -> GameApp:
    """A page whose board shows positions only (the toy's own secret card names the seed)."""
    return GameApp(toy_spec(), bot_delay=None,
                   view_factory=lambda: ActionListView(describe=lambda v: f"positions {v['pos']}" if v else ""), **kw)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def upload(app: GameApp, content: bytes, name: str) -> None:
    app.load_upload.value = ({"name": name, "type": "application/json", "size": len(content),
                              "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


# --------------------------------------------------------------------------- the seed
def test_new_games_draw_a_fresh_seed_and_the_save_keeps_it(saves):
    seeds = {Session.new(toy_spec(), [Seat.human()] * 2, autosave=False).seed for _ in range(5)}
    assert len(seeds) == 5 and all(10**9 <= s < 10**10 for s in seeds)
    assert fresh_seed() != fresh_seed()
    fixed = Session.new(toy_spec(), [Seat.human()] * 2, seed=12345, autosave=False)
    assert fixed.seed == 12345
    fixed.apply(Walk(1))
    again = Session.from_save_text(toy_spec(), fixed.to_save_text(), autosave=False)
    assert again.seed == 12345 and again.state.to_json() == fixed.state.to_json()


def test_seed_box_is_empty_under_a_closed_advanced_section():
    app = page()
    assert isinstance(app.advanced, w.Accordion)
    assert app.advanced.titles == ("Advanced",) and app.advanced.selected_index is None
    assert app.seed not in app.setup_box.children
    assert app.seed in app.advanced.children[0].children
    assert app.seed.value == "" and "lsn-seed" in app.seed._dom_classes


def test_every_new_game_from_the_setup_screen_deals_differently():
    first, second = page(autosave=False), page(autosave=False)
    first.start_button.click()
    second.start_button.click()
    assert first.session.seed != second.session.seed


def test_a_typed_seed_gives_a_fixed_deal_and_a_bad_one_a_message():
    app = page(autosave=False)
    app.seed.value = " 4242 "
    app.start_button.click()
    assert app.session.seed == 4242
    app.new_game_button.click()
    app.confirm_yes.click()
    app.seed.value = 77  # set from Python as a number (older tests and notebooks do)
    app.start_button.click()
    assert app.session.seed == 77
    app.new_game_button.click()
    app.confirm_yes.click()
    app.seed.value = "12abc"
    assert app.start_button.click() is None
    assert app.session is None and shown(app.setup_box)
    assert "The seed must be a whole number" in app.status_text
    assert app.advanced.selected_index == 0  # opened, so the player sees the box


def test_seed_is_not_on_the_page_before_the_end_and_shown_after(saves):
    app = page()
    app.seat_dropdowns[0].value = "Walker"
    app.seat_dropdowns[1].value = "Walker"
    app.start_button.click()
    s = app.session
    seed = str(s.seed)
    app.step()
    assert not s.state.is_over
    assert seed not in app.tree_text()
    assert json.loads(autosave_path("toy_race").read_text())["seed"] == s.seed  # the save keeps it
    app.run_bots()
    assert s.state.is_over
    assert seed in app.seed_note.value and seed in app.tree_text()
    assert "replay" in app.seed_note.value
    app.new_game_button.click()
    assert app.seed_note.value == ""


def test_headless_result_shows_the_seed_at_the_end():
    app = page(autosave=False)
    app.headless.run_button.click()
    assert f"seed {app.headless.session.seed}" in app.headless.result.value


# --------------------------------------------------------------------------- bad saves
def _envelope(**changes) -> str:
    s = Session.new(toy_spec(), [Seat.human()] * 2, seed=3, autosave=False)
    data = json.loads(s.to_save_text())
    data.update(changes)
    return json.dumps(data)


class Exploding:
    def __init__(self, error: BaseException):
        self.error = error

    def __call__(self, text):
        raise self.error


@pytest.mark.parametrize("text, words", [
    (NESTED_500, "nested too deeply"),
    ('{"format": "livestock-notebooks-session", "version": 1, "a": ' + NESTED_500 + "}", "nested too deeply"),
    ('{"game": "toy_race", "version": 1, "state": ' + NESTED_500 + "}", "nested too deeply"),
    ('{"format": "livestock-notebooks-session", "version": ' + LONG_NUMBER + "}", "number too long"),
    ('{"game": "toy_race", "version": 1, "state": {"players": ' + LONG_NUMBER + "}}", "number too long"),
    ('{"game": "toy_race", "version": 1, "state": {"players": NaN}}', "NaN"),
])
def test_deep_nesting_and_huge_numbers_are_save_file_errors(text, words):
    with pytest.raises(SaveFileError, match=words):
        Session.from_save_text(toy_spec(), text, autosave=False)


@pytest.mark.parametrize("text", [NESTED_500, '{"game": "toy_race", "version": 1, "state": ' + NESTED_500 + "}",
                                  '{"game": "toy_race", "version": ' + LONG_NUMBER + ', "state": {}}'])
def test_engine_save_envelope_refuses_deep_nesting_and_huge_numbers(text):
    with pytest.raises(SaveFileError):
        parse_save(text, "toy_race", 1)
    with pytest.raises(SaveFileError):
        load_state(RaceState, text)


@pytest.mark.parametrize("error", [RuntimeError("boom"), RecursionError("deep"), ZeroDivisionError(), KeyError("pos")])
def test_whatever_an_engine_load_raises_arrives_as_a_save_file_error(error):
    spec = toy_spec(load=Exploding(error))
    with pytest.raises(SaveFileError, match=f"corrupt \\({type(error).__name__}"):
        Session.from_save_text(spec, _envelope(), autosave=False)


BAD_AUTOSAVES = {
    "random bytes": bytes(range(256)) * 4,
    "deeply nested JSON": NESTED_500.encode(),
    "nested game position": _envelope(engine_save='{"game": "toy_race", "version": 1, "state": '
                                      + NESTED_500 + "}").encode(),
    "a long number": ('{"format": "livestock-notebooks-session", "version": ' + LONG_NUMBER + "}").encode(),
    "another version": _envelope(version=99).encode(),
    "another game": _envelope(game="space_pigs").encode(),
    "refused by the engine": _envelope(engine_save='{"game": "toy_race", "version": 1, "state": {}}').encode(),
}


@pytest.mark.parametrize("content", BAD_AUTOSAVES.values(), ids=BAD_AUTOSAVES.keys())
def test_a_bad_autosave_is_set_aside_and_the_page_offers_a_new_game(saves, content):
    saves.mkdir(parents=True)
    path = autosave_path("toy_race")
    path.write_bytes(content)
    app = page()
    assert shown(app.setup_box) and not shown(app.resume_box) and not shown(app.game_box)
    text = app.status_text
    assert text.startswith("The autosaved game could not be opened (") and "\n" not in text
    assert text.endswith("Start a new game.")
    kept = [p for p in saves.iterdir() if p.name.startswith("toy_race-autosave.bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content and f"kept as {kept[0].name}" in text
    assert not path.exists()
    app.start_button.click()  # the new game the page offers
    assert app.session is not None and path.exists()
    assert page().resume_box.layout.display != "none"  # the new game is offered on the next visit


def test_an_autosave_whose_engine_raises_anything_is_set_aside(saves):
    Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    app = GameApp(toy_spec(load=Exploding(RuntimeError("engine bug"))), bot_delay=None)
    assert shown(app.setup_box) and "could not be opened" in app.status_text and "RuntimeError" in app.status_text
    assert [n for n in files(saves) if n.startswith("toy_race-autosave.bad-")]


def test_check_autosave_never_raises_and_keeps_good_files(saves):
    assert check_autosave(toy_spec()).found is None  # no folder at all
    s = Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    check = check_autosave(toy_spec())
    assert check.problem is None and check.found is not None and check.seen == (s.owner, s.revision)
    assert files(saves) == ["toy_race-autosave.json"]


def test_every_failed_load_shows_its_message_also_twice_in_a_row():
    app = page(autosave=False)
    app.start([Seat.human(), Seat.bot("Walker")], seed=3)
    app.act(Walk(2))
    upload(app, NESTED_500.encode(), "deep.json")
    assert app.status_text.startswith("Could not load deep.json: ") and "nested too deeply" in app.status_text
    first = app.status.value
    assert app.load_upload.value == ()
    upload(app, NESTED_500.encode(), "deep.json")  # the same file again
    assert "nested too deeply" in app.status_text and app.status.value != first
    assert app.status_text.endswith("(attempt 2)")
    upload(app, LONG_NUMBER.encode(), "long.json")
    assert app.status_text.startswith("Could not load long.json:") and app.status_text.endswith("(attempt 3)")
    assert app.session.state.pos == [2, 0]  # the game stays
    upload(app, app.session.to_save_text().encode(), "good.json")
    assert app.status_text == "Loaded good.json."
    upload(app, b"garbage", "bad.json")
    assert "attempt" not in app.status_text


# --------------------------------------------------------------------------- atomic writes
def test_autosave_writes_leave_no_temp_file_even_when_they_fail(saves, monkeypatch):
    s = Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    s.apply(Walk(1))
    assert files(saves) == ["toy_race-autosave.json"]
    before = autosave_path("toy_race").read_text()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session_module.os, "replace", broken_replace)
    assert s.write_autosave() is None
    s.apply(Walk(1))  # autosaves fail quietly; the game goes on
    assert files(saves) == ["toy_race-autosave.json"]
    assert autosave_path("toy_race").read_text() == before
    with pytest.raises(OSError):
        s.save_copy()
    assert files(saves) == ["toy_race-autosave.json"]


# --------------------------------------------------------------------------- two tabs
def pos_in_autosave() -> list[int]:
    data = json.loads(autosave_path("toy_race").read_text())
    return json.loads(data["engine_save"])["state"]["pos"]


def test_two_sessions_in_one_process_never_silently_overwrite_each_other(saves):
    first = Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    first.apply(Walk(2))
    second = Session.new(toy_spec(), [Seat.human()] * 2, seed=4)  # never saw the file: may not replace it
    assert second.autosave_conflict is not None
    assert "continued in another tab" in second.autosave_conflict.message
    second.apply(Walk(1))
    assert pos_in_autosave() == [2, 0]
    first.apply(Walk(1))
    assert pos_in_autosave() == [3, 0]  # its own file: written
    assert second.take_over_autosave() is not None and pos_in_autosave() == [1, 0]
    seen = []
    first.on_autosave_conflict = seen.append
    first.undo()  # any change writes the autosave
    assert pos_in_autosave() == [1, 0] and first.autosave_conflict is not None and len(seen) == 1


def test_two_processes_never_silently_overwrite_each_other(saves):
    mine = Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    mine.apply(Walk(1))
    other = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from test_session import toy_spec, Walk\n"
        "from livestock_notebooks.core.session import Session, Seat, check_autosave\n"
        "seen = check_autosave(toy_spec()).seen\n"
        "s = Session.from_save_text(toy_spec(), check_autosave(toy_spec()).found.text, autosave_seen=seen)\n"
        "s.apply(Walk(2)); assert s.autosave_conflict is None\n"
    )
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-c", other], check=True, cwd=root, env=dict(os.environ))
    assert pos_in_autosave() == [3, 0]  # the other process resumed and played on
    mine.apply(Walk(1))
    assert mine.autosave_conflict is not None and pos_in_autosave() == [3, 0]


def test_a_tab_continued_elsewhere_is_told_and_can_save_a_copy_or_take_over(saves):
    tab_a = page()
    tab_a.start([Seat.human(), Seat.bot("Walker")], seed=3)
    tab_a.act(Walk(2))
    tab_b = page()  # another tab: offered the game in progress
    assert shown(tab_b.resume_box)
    tab_b.resume_button.click()
    tab_b.act(Walk(1))
    assert pos_in_autosave() == [3, 0] and not shown(tab_b.conflict_box)

    tab_a.act(Walk(2))  # tab A plays on: must not overwrite tab B's game
    assert pos_in_autosave() == [3, 0]
    assert shown(tab_a.conflict_box)
    assert tab_a.status_text.startswith("This game was continued in another tab or window")
    assert "not autosaved" in tab_a.conflict_text.value

    tab_a.save_copy_button.click()
    copy = [p for p in saves.iterdir() if p.name.startswith("toy_race-copy-")]
    assert len(copy) == 1
    assert json.loads(json.loads(copy[0].read_text())["engine_save"])["state"]["pos"] == [4, 0]
    assert f"Saved a copy as {copy[0].name}" in tab_a.status_text and "lsn-save-anchor" in tab_a.save_link.value
    assert pos_in_autosave() == [3, 0]

    tab_a.take_over_button.click()
    assert pos_in_autosave() == [4, 0] and not shown(tab_a.conflict_box)
    assert tab_b.end_turn()  # now tab B is the one told
    assert pos_in_autosave() == [4, 0] and shown(tab_b.conflict_box)
    assert not [n for n in files(saves) if n.endswith(".tmp")]


def test_new_game_in_a_second_tab_does_not_overwrite_the_first_tabs_game(saves):
    tab_b = page()  # opened first: no game yet
    tab_a = page()
    tab_a.start([Seat.human(), Seat.bot("Walker")], seed=3)
    tab_a.act(Walk(2))
    tab_b.start_button.click()  # "New game" in the other tab
    assert pos_in_autosave() == [2, 0]
    assert shown(tab_b.conflict_box) and "continued in another tab" in tab_b.status_text
    tab_a.act(Walk(1))  # tab A keeps its autosave
    assert pos_in_autosave() == [3, 0] and not shown(tab_a.conflict_box)


def test_new_game_after_the_resume_offer_replaces_the_old_game(saves):
    old = page()
    old.start([Seat.human(), Seat.bot("Walker")], seed=3)
    old.act(Walk(2))
    later = page()  # the next visit: the offer was seen, a new game replaces it deliberately
    later.new_instead_button.click()
    later.start([Seat.human(), Seat.human()], seed=5)
    assert pos_in_autosave() == [0, 0] and not shown(later.conflict_box)
    later.act(Walk(1))
    later.new_game_button.click()  # a new game in the same tab replaces its own game
    later.start([Seat.human(), Seat.human()], seed=6)
    assert pos_in_autosave() == [0, 0] and not shown(later.conflict_box)


@pytest.mark.parametrize("module_name", list(GAMES))
def test_every_engine_refuses_deep_nesting_and_huge_numbers_with_a_save_file_error(module_name):
    game = GAMES[module_name]
    good = Session.new(game, [Seat.human()] * game.min_players, seed=3, autosave=False)
    engine = json.loads(good.state.to_json())
    key = next(iter(engine["state"]))
    for bad_value in (NESTED_500, LONG_NUMBER):
        text = json.dumps(engine).replace(f'"{key}":', f'"{key}":{bad_value},"was_{key}":', 1)
        with pytest.raises(SaveFileError):
            game.load(text)
        envelope = json.loads(good.to_save_text())
        envelope["engine_save"] = text
        with pytest.raises(SaveFileError):
            Session.from_save_text(game, json.dumps(envelope), autosave=False)


def test_tutorial_pages_show_no_seed():
    """A tutorial's position is scripted: the 'seed of this game' line would only confuse."""
    from livestock_notebooks.widgets.battlegoats.tutorial import Tutorial

    tut = Tutorial(step_delay=None)
    assert tut.app.seed_note.layout.display == "none"


BROWSER_A, BROWSER_B = "a" * 32, "b" * 32


def test_each_browser_has_its_own_autosave(saves, monkeypatch):
    """Saves, autosaves and loading: the served app passes the browser's id to the page; a game
    autosaved in one browser is offered in that browser only."""
    monkeypatch.setenv(session_module.BROWSER_ENV, BROWSER_A)
    tab_a = page()
    tab_a.start([Seat.human(), Seat.bot("Walker")], seed=3)
    tab_a.act(Walk(2))
    assert tab_a.session.autosave_path == saves / "browsers" / BROWSER_A / "toy_race-autosave.json"
    assert shown(page().resume_box)  # another tab of browser A

    monkeypatch.setenv(session_module.BROWSER_ENV, BROWSER_B)
    tab_b = page()
    assert not shown(tab_b.resume_box)  # browser B: nothing to resume
    tab_b.start([Seat.human(), Seat.bot("Walker")], seed=4)
    assert tab_b.session.autosave_conflict is None  # and its new game overwrites nobody's
    tab_a.act(Walk(1))
    assert tab_a.session.autosave_conflict is None

    monkeypatch.delenv(session_module.BROWSER_ENV)
    assert not shown(page().resume_box)  # no id (a notebook outside the app): the folder itself


@pytest.mark.parametrize("value", ["../../etc", "A" * 32, "a" * 31, "a" * 33, "a/b", ""])
def test_a_malformed_browser_id_is_ignored(monkeypatch, saves, value):
    monkeypatch.setenv(session_module.BROWSER_ENV, value)
    assert session_module.browser_id() is None
    assert autosave_path("toy_race") == saves / "toy_race-autosave.json"
    with pytest.raises(ValueError):
        autosave_path("toy_race", browser="../x")


def test_the_check_and_the_write_happen_under_one_lock(saves, monkeypatch):
    """Two processes cannot both pass the 'who wrote it last' check before either writes:
    while another process holds the folder's lock, a write waits for it."""
    import fcntl
    import threading

    mine = Session.new(toy_spec(), [Seat.human()] * 2, seed=3)
    folder = mine.autosave_path.parent
    fd = os.open(folder, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    done = threading.Event()
    worker = threading.Thread(target=lambda: (mine.apply(Walk(1)), done.set()))
    worker.start()
    assert not done.wait(0.5)  # blocked on the lock
    os.close(fd)
    assert done.wait(10)
    worker.join()
    assert pos_in_autosave() == [1, 0]
