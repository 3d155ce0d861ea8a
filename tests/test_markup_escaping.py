"""Markup in a crafted save, card list or typed text is shown as text, never run as HTML or SVG
(issue 11: "a crafted save ran script in the page").

Every string and number field of saves of seeded games (the session envelope and the engine's
position) is replaced in turn by a markup payload; the file is uploaded through the page's own
Load control, as a user would. Whether the page accepts or refuses it, every HTML-rendered
value of the page (HTML widgets, HTML descriptions, HTML and SVG outputs) is searched for a live
tag built from the payload; an accepted save is also played on for a few actions. The same for
the autosave offered at page open, BattleGoats card lists, the Seed box and refused actions.
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets as w
import pytest

from livestock_notebooks import battlegoats as bg
from livestock_notebooks.core.session import Seat, autosave_path
from livestock_notebooks.games import GAMES as REGISTRY
from livestock_notebooks.widgets.games import PAGES
from livestock_notebooks.widgets.shell.app import tree_text, widget_tree
from test_save_fuzz import _paths, _set as put

#: closes a quoted attribute and its tag, then opens a tag that would run script
PAYLOAD = "\"'><img src=x onerror=alert(1) data-lsnxss=1>"
MARKER = "data-lsnxss"
LIVE_TAG = re.compile(r"<\s*(img|script)\b", re.I)
CARDS_FILE = Path(__file__).resolve().parents[1] / "livestock_notebooks" / "data" / "battlegoats" / "cards.json"

#: a page's own options for these tests (the battle report's steps all at once)
PAGE_OPTIONS = {"battlegoats": {"step_delay": None}}


def _page(name):
    return lambda **kw: PAGES[name].play_app(bot_delay=None, **PAGE_OPTIONS.get(name, {}), **kw)


#: every game of the registry: (its GameInfo, its play page without bot delays)
GAMES = {name: (info, _page(name)) for name, info in REGISTRY.items()}


@pytest.fixture(autouse=True)
def save_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


# --------------------------------------------------------------------------- what a page renders
def rendered_html(root: w.Widget):
    """Every value of the page that a browser renders as HTML or SVG, with its widget."""
    for node in widget_tree(root):
        if isinstance(node, (w.HTML, w.HTMLMath)):
            yield node, node.value
        style = getattr(node, "style", None)
        if getattr(node, "description_allow_html", False) or getattr(style, "description_allow_html", False):
            yield node, node.description
        if isinstance(node, w.Output):
            for out in node.outputs:
                for mime in ("text/html", "image/svg+xml"):
                    if mime in out.get("data", {}):
                        yield node, out["data"][mime]
        if hasattr(node, "_repr_html_"):
            yield node, node._repr_html_() or ""


class _TagFinder(HTMLParser):
    """Start tags a browser would build from the payload: an img or script element, or any
    element carrying the payload's marker attribute or an event handler."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = [k for k, _ in attrs]
        if tag in ("img", "script") or MARKER in names or any(k.startswith("on") for k in names):
            self.found.append(self.get_starttag_text() or tag)

    handle_startendtag = handle_starttag


def live_tags(root: w.Widget) -> list[str]:
    """Live tags in the rendered page, each with the CSS classes of its widget."""
    found = []
    for node, markup in rendered_html(root):
        parser = _TagFinder()
        parser.feed(markup)
        parser.close()
        hits = parser.found + [m.group(0) for m in LIVE_TAG.finditer(markup)]
        found.extend(f"{type(node).__name__}{list(node._dom_classes)}: {hit}" for hit in hits)
    return found


def shows_payload(root: w.Widget) -> bool:
    """The payload is on the page (as text, in HTML or in a button, a menu...: ``live_tags``
    checks it is no tag)."""
    return MARKER in tree_text(root) or any(MARKER in markup for _node, markup in rendered_html(root))


def assert_no_live_tag(app, where) -> None:
    tags = live_tags(app.widget)
    assert not tags, f"markup from {where} became a live tag on the page: {tags[:3]}"


# --------------------------------------------------------------------------- driving a page
def upload(widget: w.FileUpload, content: bytes, name: str = "save.json") -> None:
    """What the browser sends when a user picks a file."""
    widget.value = ({"name": name, "type": "application/json", "size": len(content),
                     "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


def play(app, actions: int, rng: random.Random, where=None) -> bool:
    """Play on as the page's users would: hand the device over, let bots step, click a legal
    action; the page is checked after every step when ``where`` is given. True when the
    payload was on the page (as text) at one of the steps."""
    s = app.session
    seen = False
    for _ in range(actions):
        if s is None or s.state.is_over:
            return seen
        if s.needs_handoff:
            app.take_device()
        elif s.is_bot_turn:
            app.step()
        else:
            legal = s.legal_for_viewer()
            if not legal:
                return seen
            app.act(rng.choice(legal))
        if where is not None:
            assert_no_live_tag(app, where)
            seen = seen or shows_payload(app.widget)
    return seen


def leaves(node):
    """(path, value) of every string and number under ``node``."""
    return [(path, v) for path, v in _paths(node) if isinstance(v, (str, int, float)) and not isinstance(v, bool)]


def pattern(path) -> tuple:
    """A field's path with list positions left out: one pattern per kind of field."""
    return tuple("*" if isinstance(p, int) else p for p in path)


def field_groups(data) -> dict[tuple, list[tuple]]:
    groups: dict[tuple, list[tuple]] = {}
    for path, _value in leaves(data):
        groups.setdefault(pattern(path), []).append(path)
    return groups


def seeded_saves(game: str, app) -> list[str]:
    """Session saves of seeded hot-seat games (two humans and a bot) started on the page, at
    the start, in play and at the end (BattleGoats: one game with its own card list)."""
    spec = GAMES[game][0]
    bot = list(spec.bots)[-1]
    saves = []
    for seed in (3, 4):
        app.start([Seat.human(), Seat.human(), Seat.bot(bot)], seed=seed, options={"max_rounds": 2})
        rng = random.Random(seed)
        saves.append(app.session.to_save_text())
        play(app, 45, rng)
        saves.append(app.session.to_save_text())
        play(app, 2000, rng)
        saves.append(app.session.to_save_text())
    if game == "battlegoats":
        app.start([Seat.human(), Seat.human(), Seat.bot(bot)], seed=5,
                  options={"cards": bg.load_cards(CARDS_FILE.read_text(encoding="utf-8"))})
        play(app, 30, random.Random(5))
        saves.append(app.session.to_save_text())
    return saves


def mutated(text: str, side: str, paths: list[tuple]) -> tuple[str, str]:
    """The save with the payload in ``paths`` of the envelope (``side="env"``) or of the engine
    position (``"eng"``); returns (session save, bare engine save)."""
    envelope = json.loads(text)
    engine = json.loads(envelope["engine_save"])
    for path in paths:
        put(envelope if side == "env" else engine, path, PAYLOAD)
    envelope["engine_save"] = json.dumps(engine)
    return json.dumps(envelope), json.dumps(engine)


def save_targets(text: str, rng: random.Random):
    """Every kind of field of a save, as (side, pattern, paths): all fields of that kind when
    they hold text (whichever of them the page shows carries the payload), else alternately
    one sampled field and all of them."""
    envelope = json.loads(text)
    engine = json.loads(envelope.pop("engine_save"))
    for side, data in (("env", envelope), ("eng", engine)):
        numbers = {pattern(path) for path, value in leaves(data) if not isinstance(value, str)}
        for i, (pat, paths) in enumerate(field_groups(data).items()):
            yield side, pat, (paths if i % 2 or pat not in numbers else [rng.choice(paths)])


# --------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("game", list(GAMES))
def test_markup_in_any_save_field_is_shown_as_text(game, tmp_path):
    """Load path: the Load upload. Every field of every save, accepted or refused, then play on."""
    make = GAMES[game][1]
    app = make(save_directory=tmp_path, check_resume=False)
    rng = random.Random(11)
    covered, reached = set(), set()
    accepted = refused = 0
    for n, text in enumerate(seeded_saves(game, app)):
        for side, pat, paths in save_targets(text, rng):
            session_text, engine_text = mutated(text, side, paths)
            bare = side == "eng" and (n + len(covered)) % 3 == 0  # a bare engine save loads too
            before = app.session
            upload(app.load_upload, (engine_text if bare else session_text).encode("utf-8"),
                   name=PAYLOAD if n % 2 else "save.json")
            where = (game, side, pat, "bare engine save" if bare else "session save")
            assert_no_live_tag(app, where)
            if shows_payload(app.widget):
                reached.add((side, pat))
            covered.add((side, pat))
            if app.session is not before:
                accepted += 1
                if play(app, 4, random.Random(len(covered)), where):
                    reached.add((side, pat))
            else:
                refused += 1
    # every kind of field of the saves was tried, and the test did reach the page
    assert {("env", ("log", "*", "text")), ("env", ("summary",)), ("eng", ("game",))} <= covered
    assert accepted > 5 and refused > 5
    assert ("env", ("log", "*", "text")) in reached  # the log shows a save's lines
    assert ("eng", ("version",)) in reached  # a refusal quotes the bad value
    if game == "space_pigs":
        assert ("eng", ("state", "clans", "*")) in reached  # clan names come from the save
    if game == "battlegoats":
        assert ("eng", ("state", "cards", "*", "name")) in reached  # so do a card list's names


@pytest.mark.parametrize("game", list(GAMES))
def test_markup_in_an_autosave_is_shown_as_text_on_resume(game, tmp_path):
    """Load path: the autosave offered when the page opens, and the Resume button."""
    spec, make = GAMES[game]
    text = seeded_saves(game, make(save_directory=tmp_path / "make", check_resume=False))[1]
    rng = random.Random(5)
    # every field of the envelope (the offer shows its summary), a sample of the position's
    targets = [t for t in save_targets(text, rng) if t[0] == "env" or rng.random() < 0.25]
    offered = False
    for i, (side, pat, paths) in enumerate(targets):
        folder = tmp_path / f"resume-{i}"
        folder.mkdir()
        autosave_path(spec.name, folder).write_text(mutated(text, side, paths)[0], encoding="utf-8")
        app = make(save_directory=folder, check_resume=True)
        assert_no_live_tag(app, (game, "resume offer", pat))
        if app.resume_box.layout.display != "none":
            offered = offered or (pat == ("summary",) and shows_payload(app.widget))
            app.resume_button.click()
            assert_no_live_tag(app, (game, "resumed", pat))
            play(app, 4, random.Random(1), (game, "resumed and played", pat))
    assert offered, "the resume offer shows the save's summary"


def test_markup_in_a_battlegoats_card_list_is_shown_as_text(tmp_path):
    """Every field of an uploaded card list (name, ability, type, value, effects...): the
    upload's message, a game played with the list, its save loaded again."""
    app = GAMES["battlegoats"][1](save_directory=tmp_path, check_resume=False)
    cards_upload = next(n for n in widget_tree(app.widget) if "lsn-bg-cards" in n._dom_classes)
    rows = json.loads(CARDS_FILE.read_text(encoding="utf-8"))["cards"]
    groups = field_groups(rows)
    used = []
    for pat, paths in groups.items():
        changed = json.loads(json.dumps(rows))
        for path in paths:
            put(changed, path, PAYLOAD)
        upload(cards_upload, json.dumps({"cards": changed}).encode("utf-8"), name=PAYLOAD)
        where = ("card list", pat)
        assert_no_live_tag(app, where)
        assert shows_payload(app.widget), "the upload's message names the file (and the bad value)"
        if "Using" not in app.card_list_status.value:
            continue
        used.append(pat)
        app.players.value = 3
        for dd, kind in zip(app.seat_dropdowns, ("Human", "Human", "smart")):
            dd.value = kind
        app.start_button.click()
        assert app.session is not None
        rng = random.Random(len(used))
        play(app, 90, rng, where)
        app.load_text(app.session.to_save_text(), "the card list's game")
        play(app, 10, rng, where + ("reloaded",))
        assert_no_live_tag(app, where)
        app.show_setup()
    assert ("*", "name") in used and ("*", "ability") in used  # text fields the page shows
    assert len(used) < len(groups)  # and the refused ones were refused


@pytest.mark.parametrize("game", list(GAMES))
def test_typed_markup_and_refused_actions_are_shown_as_text(game, tmp_path):
    """The Seed box (the only text a user types on these pages) and actions refused with a
    rule (MalformedAction, IllegalAction) whose fields hold the payload."""
    spec, make = GAMES[game]
    app = make(save_directory=tmp_path, check_resume=False)
    app.seed.value = PAYLOAD
    app.start_button.click()
    assert app.session is None
    assert_no_live_tag(app, (game, "seed box"))
    app.start([Seat.human(), Seat.bot(list(spec.bots)[-1]), Seat.bot(list(spec.bots)[-1])], seed=7)
    rng = random.Random(7)
    tried = 0
    for _ in range(6):
        app.run_bots()
        legal = app.session.legal_for_viewer()
        for action in legal[:4]:
            for f in dataclasses.fields(action):
                assert not app.act(dataclasses.replace(action, **{f.name: PAYLOAD}))
                assert_no_live_tag(app, (game, "refused action", type(action).__name__, f.name))
                tried += 1
        if legal:
            app.act(rng.choice(legal))
    assert tried


def test_refusal_texts_of_the_odds_panel_and_the_simulation_runner_are_shown_as_text():
    """The odds explorers show an exception's text (a refused input) as the message: as text."""
    from livestock_notebooks.widgets.common.odds_panel import OddsPanel
    from livestock_notebooks.widgets.common.simulation import SimulationRunner

    def refuse(**_values):
        raise ValueError(f"no odds for {PAYLOAD}")

    def refuse_to_simulate(_n, _seed):
        raise ValueError(f"cannot simulate {PAYLOAD}")
        yield  # pragma: no cover - a generator

    panel = OddsPanel({"n": w.IntSlider(value=1)}, refuse, [("win", "win")], chart=False)
    runner = SimulationRunner([("win", "win")], [1.0], refuse_to_simulate)
    assert runner.run(10) is None
    for root in (panel, runner):
        assert shows_payload(root)
        assert not live_tags(root), live_tags(root)
