"""The Space Pigs page driven from Python: the map, the panels, combat and election screens,
hidden information, hot-seat, undo, saves and the headless runner.

Humans play through the widgets only (``map.click``, ``hand.click``, action buttons, the troop
toggle and the boarding counters), never by calling the engine.
"""
from __future__ import annotations

import random
import re

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.odds import Pigs, space_pigs_combat
from livestock_notebooks.core.session import Seat, Session
from livestock_notebooks.space_pigs.actions import (
    Deploy, Discard, Fly, Load, MoveAliens, OfferExchange, PlaceHex, PlayCard, Redeploy,
)
from livestock_notebooks.space_pigs.bots import GreedyBot
from livestock_notebooks.space_pigs.views import SpacePigsPlayerView
from livestock_notebooks.widgets.shell.app import ViewContext, tree_text
from livestock_notebooks.widgets.common.odds_panel import format_percent
from livestock_notebooks.widgets.space_pigs.app import (
    SpacePigsView, action_label, play_app, space_pigs_spec,
)
from livestock_notebooks.widgets.space_pigs.board import card_label
from livestock_notebooks.widgets.space_pigs.tutorial import step_by_key, state_for

#: the travel lesson's situation (the tutorial now reaches it from the marker step): P1 has 2 trips
TRAVEL = ("SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=2,0,0 | "
          "0,0:Pr:a5 1,0:Py -1,0:A 0,1:Pb:b3 -1,1:Pb 1,-1:Pr:c3 0,-1:Py")
COMBAT = step_by_key("combat").position
ELECTION = step_by_key("election").position


# --------------------------------------------------------------------------- helpers
def human_step(app, bot: GreedyBot) -> str:
    """Play one decision of the human on screen through the widgets; returns what was clicked.

    The decision is the one the Greedy bot would take, expressed as clicks: map hexes, hand
    cards, action buttons, the troop-type toggle, the boarding counters and the pile toggle.
    """
    view = app.view
    state = app.session.state
    action = bot.choose(state)
    t = type(action)
    if t is PlaceHex:
        view.pile.value = action.pile
        view.map.click((action.q, action.r))
        return "place"
    if t is Load and view.view.trip is None:
        view.map.click(action.hex)
        assert view.selected == action.hex and view.mode == "load"
        view.load_piglets.value = 0 if action.hog else 1
        view.load_hogs.value = 1 if action.hog else 0
        dests = [h for h, m in view.marks.items() if isinstance(h, int) and m in ("dest", "attack")]
        assert dests, "a selected source shows its destinations"
        view.map.click(dests[0])
        return "trip"
    if t is Redeploy:
        view.map.click(action.src)
        view.troop_type.value = action.hog
        view.map.click(action.dst)
        return "redeploy"
    if t is MoveAliens:
        view.map.click(action.src)
        view.map.click(action.dst)
        return "aliens"
    if t is Deploy:
        view.troop_type.value = action.hog
        view.map.click(action.hex)
        return "deploy"
    if t is Fly:
        view.map.click(action.hex)
        return "fly"
    if t is Discard:
        view.press(action_label(view.view, action))
        return "discard"
    if t is OfferExchange:
        view.offer_choice.value = view._offers.index(action)
        view.offer_button.click()
        return "offer"
    if t is PlayCard:
        view.hand.click(action.card)
        return "card"
    label = action_label(view.view, action)
    if label in view.button_labels():
        view.press(label)
        return "button"
    hexy = getattr(action, "hex", None)
    if hexy is not None:
        view.map.click(hexy)
        return "map"
    raise AssertionError(f"the UI offers no way to play {action!r}; buttons {view.button_labels()}")



@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


def make_app(saves, **kw):
    return play_app(bot_delay=None, save_directory=saves, check_resume=kw.pop("check_resume", False), **kw)


def position_app(saves, notation, seats=("human", "Greedy", "Greedy"), script=None):
    app = make_app(saves)
    state = sp.from_notation(notation, seed=3, script=script)
    app.view.start_events(state.start_events)
    app.start_state(state, [Seat(s) for s in seats])
    return app


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("rules,options", [
    ("full", {}),
    ("full", {"clan_powers": True}),
    ("simple_a", {}),
    ("simple_b", {}),
    ("full", {"auto_layout": False}),
    ("full", {"players": 6, "clan_powers": True, "seventh_planet": True}),
    ("full", {"players": 4, "auto_layout": False, "layout": "twin", "connecting_galaxy": True,
              "look_before_placing": True}),
    ("full", {"players": 5, "unexplored": True, "inverse_deployment": True}),
])
def test_a_whole_game_through_the_widgets(saves, rules, options):
    app = make_app(saves)
    opts = {"rules": rules, "max_rounds": 3, "auto_layout": True}
    opts.update(options)
    players = opts.pop("players", 3)
    seats = [Seat.human()] + [Seat("Greedy" if i % 2 == 0 else "Random") for i in range(players - 1)]
    session = app.start(seats, seed=2, options=opts)
    bot = GreedyBot(2)
    kinds = set()
    for _ in range(3000):
        app.run_bots()
        if session.state.is_over:
            break
        before = len(session.history)
        kinds.add(human_step(app, bot))
        assert len(session.history) > before, (app.status_text, session.state.sequence)
        assert not session.state.invariant_violations()
    assert session.state.is_over
    assert "trip" in kinds and "button" in kinds
    if not options.get("auto_layout", True):
        assert "place" in kinds
    assert "Game over" in app.status_text
    assert "Game over" in app.turn.value


def test_headless_bot_game_runs_to_the_end_with_progress(saves):
    app = make_app(saves)
    for dd in app.seat_dropdowns:
        dd.value = "greedy"
    app.controls_widgets["turns"].value = 3
    app.headless.start()  # no loop in tests: plays to the end at once
    assert app.headless.session.state.is_over
    assert app.headless.progress.value == app.headless.progress.max
    assert app.headless.progress.bar_style == "success"
    assert "Game over" in app.headless.result.value


# --------------------------------------------------------------------------- the map
def test_travel_by_clicking_source_then_destination(saves):
    app = position_app(saves, TRAVEL)
    view = app.view
    assert "2 trips left" in view.prompt.value
    assert view.marks[0] == "source"
    view.map.click(0)
    assert view.selected == 0 and view.mode == "load"
    # five piglets at home: all but one go aboard by default
    assert (view.load_piglets.value, view.load_hogs.value) == (4, 0)
    assert view.marks[1] == "dest" and view.marks[3] == "attack" and view.marks[0] == "selected"
    assert view.map.svg.count("lsn-sp-mark-dest") >= 1
    view.load_piglets.value = 2
    view.map.click(1)
    state = app.session.state
    assert state.troops_on(1) == [{"player": 0, "piglets": 2, "hogs": 0}]
    assert "1 trip left" in view.prompt.value
    assert any("lands 2 piglets on H1" in line for line in app.session.log and [e.text for e in app.session.log])


def test_trip_destinations_come_from_the_engines_public_method(saves, monkeypatch):
    calls = []
    real = sp.SpacePigsState.trip_destinations

    def spy(self, player, hex):
        calls.append((player, hex))
        return real(self, player, hex)

    monkeypatch.setattr(sp.SpacePigsState, "trip_destinations", spy)
    app = position_app(saves, TRAVEL)
    view = app.view
    view.map.click(0)
    assert (0, 0) in calls
    marked = sorted(h for h, m in view.marks.items() if isinstance(h, int) and m in ("dest", "attack"))
    assert marked == real(app.session.state, 0, 0)


def test_space_pigs_widgets_use_no_private_engine_api():
    """The page reads the engine through its public API only: no ``obj._name`` access on
    anything but the widget's own ``self`` (ipywidgets' ``_dom_classes`` trait aside)."""
    import ast
    from pathlib import Path

    import livestock_notebooks.widgets as widgets

    allowed = {"_dom_classes"}
    found = []
    paths = sorted((Path(widgets.__file__).parent / "space_pigs").glob("*.py"))
    assert paths, "the Space Pigs widget modules"
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and node.attr not in allowed
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert not found, found


def test_a_trip_click_draws_the_page_once(saves, monkeypatch):
    """Boarding and flying are two engine actions but one click: one refresh, one view update."""
    from livestock_notebooks.widgets.shell.app import GameApp

    app = position_app(saves, TRAVEL)
    app.view.map.click(0)
    app.view.load_piglets.value = 2
    calls = {"refresh": 0, "update": 0}
    refresh, update = GameApp.refresh, SpacePigsView.update

    def counting_refresh(self, *a, **kw):
        calls["refresh"] += 1
        return refresh(self, *a, **kw)

    def counting_update(self, ctx):
        calls["update"] += 1
        return update(self, ctx)

    monkeypatch.setattr(GameApp, "refresh", counting_refresh)
    monkeypatch.setattr(SpacePigsView, "update", counting_update)
    app.view.map.click(1)
    assert app.session.state.troops_on(1) == [{"player": 0, "piglets": 2, "hogs": 0}]
    assert calls == {"refresh": 1, "update": 1}
    assert "1 trip left" in app.view.prompt.value


def test_a_trip_click_answers_with_the_map_and_leaves_the_rest_for_after(saves):
    """On the kernel loop the click's own messages are the map and the prompt; the autosave,
    the log, the clan panel and the tooltips follow right after (deferred)."""
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        app = make_app(saves, loop=loop)
        app.start_state(sp.from_notation(TRAVEL, seed=3), [Seat("human"), Seat("Greedy"), Seat("Greedy")])
        drain = lambda: loop.run_until_complete(asyncio.sleep(0.05))  # noqa: E731
        drain()
        view = app.view
        view.map.click(0)
        drain()
        saved = app.session.autosave_path.read_text()
        clans, log, tip = view.clans.widget.value, list(app.log.lines), view.map.buttons[1].tooltip
        svg = view.map.faces.value
        view.map.click(1)
        assert app.session.state.owner(1) == 0
        assert view.map.faces.value != svg and "1 trip left" in view.prompt.value  # the answer
        assert app.session.autosave_path.read_text() == saved  # not yet: after the click
        assert (view.clans.widget.value, app.log.lines, view.map.buttons[1].tooltip) == (clans, log, tip)
        drain()
        resumed = Session.from_save_text(space_pigs_spec(), app.session.autosave_path.read_text())
        assert resumed.state.owner(1) == 0
        assert any("lands 4 piglets on H1" in line for line in app.log.lines)
        assert view.clans.widget.value != clans and "P1" in view.map.buttons[1].tooltip
    finally:
        loop.close()


def test_a_bots_step_shows_its_log_lines_with_the_board(saves):
    """A bot's step brings the log up to date before the board (no click waits for it), so the
    log is complete when the human's next decision appears."""
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        app = play_app(bot_delay=None, save_directory=saves, check_resume=False, loop=loop)
        app.start_state(sp.from_notation(TRAVEL.replace("trips=2,0,0", "trips=0,2,0"), seed=3),
                        [Seat("human"), Seat("Greedy"), Seat("Greedy")])
        before = len(app.log.lines)
        assert app.step()
        assert len(app.log.lines) > before and app.log.lines[-1] == app.session.log[-1].text
    finally:
        loop.close()


def test_game_over_status_names_the_winner_by_clan_as_the_turn_line_does(saves):
    app = position_app(saves, step_by_key("victory").position)
    view = app.view
    view.map.click(0)
    view.map.click(3)  # the blue planet the recipe still lacks
    view.press("End my travel")
    bot = GreedyBot(seed=1)
    for _ in range(200):
        if app.session.state.is_over:
            break
        app.run_bots()
        if not app.session.state.is_over:
            human_step(app, bot)
    state = app.session.state
    assert state.is_over and state.winners == [0]
    name = state.pname(0)  # "P1 <clan>"
    assert app.status_text == f"Game over: {name} wins."
    assert re.sub(r"<[^>]+>", "", app.turn.value).startswith(f"Game over: {name} wins")
    assert app.session.log[-1].text == f"Game over: {name} wins."
    assert "Player 1" not in app.status_text + app.turn.value


def test_seats_hand_off_and_undo_are_named_by_clan_once_the_clans_are_drawn(saves):
    app = make_app(saves)
    assert "Player 1" in app.setup_box.children[2].children[0].value  # the setup: no clans yet
    app.start([Seat("human"), Seat("human"), Seat("Greedy")], seed=4, options={"auto_layout": True})
    state = app.session.state
    names = [state.pname(p) for p in range(3)]
    assert all(re.fullmatch(r"P[123] \S.*", n) for n in names)
    assert app.session.log[0].text == f"New game: {names[0]} (human), {names[1]} (human), {names[2]} (Greedy bot)."
    assert app.session.needs_handoff
    who = app.session.current_player
    assert app.handoff_button.description == f"I am {names[who]}: show my game"
    app.handoff_button.click()
    assert app.status_text == f"{names[who]}, it is your decision."
    app.view.map.click(next(a.hex for a in app.session.legal_for_viewer()))
    if app.session.can_undo:
        app.undo_button.click()
        assert app.session.log[-1].text.startswith(f"{names[who]} took back")


def test_a_refused_click_shows_the_engine_rule(saves):
    app = position_app(saves, TRAVEL)
    app.view.map.click(5)  # P3's planet: nothing of mine to board there
    assert app.status_text.startswith("Not allowed:")
    assert "Space Travel" in app.status_text
    assert app.session.state.troops_on(0)[0]["piglets"] == 5


def test_undo_takes_back_a_trip_step_by_step(saves):
    app = position_app(saves, TRAVEL)
    before = app.session.state.to_json()
    app.view.map.click(0)
    app.view.load_piglets.value = 1
    app.view.map.click(1)
    assert app.session.state.owner(1) == 0
    assert app.undo()  # the flight
    assert app.session.state.trip is not None
    assert "Aboard: 1 piglet" in app.view.prompt.value
    assert app.undo()  # the boarding
    assert app.session.state.to_json() == before


def test_deploy_with_the_troop_toggle(saves):
    app = position_app(saves, step_by_key("colonists").position)
    view = app.view
    for _ in range(5):  # the Royal Pig hands out the markers: two to me first, then the others
        view.press("Give a marker to")
    assert any(e.kind == "colonists" for e in app.last_events)
    app.run_bots()
    state = app.session.state
    assert "Turn 2 new piglets into a hog" in view.button_labels()
    if app.session.state.new_piglets[0] >= 4:
        view.press("Turn 2 new piglets into a hog")
        app.run_bots()
    assert state.sequence in ("1B", "1D")
    while app.session.state.sequence in ("1B",):
        view.press("Done")
        app.run_bots()
    assert app.session.state.sequence == "1D" and app.session.current_player == 0
    assert view.troop_type.layout.display != "none"
    hogs = app.session.state.new_hogs[0]
    if hogs:
        view.troop_type.value = True
        view.map.click(0)
        assert app.session.state.new_hogs[0] == hogs - 1
    piglets = app.session.state.new_piglets[0]
    view.troop_type.value = False
    view.map.click(0)
    assert app.session.state.new_piglets[0] == piglets - 1


def test_alien_move_by_two_clicks(saves):
    app = position_app(saves, step_by_key("aliens_move").position)
    view = app.view
    assert view.marks[5] == "source"
    view.map.click(5)
    assert view.mode == "aliens" and view.marks[1] == "attack"
    view.map.click(1)
    assert any(e.kind == "aliens_move" for e in app.last_events) or "pirates" in app.log.html


# --------------------------------------------------------------------------- combat
def test_combat_screen_odds_cards_reveal_and_rounds(saves):
    app = position_app(saves, COMBAT)
    view = app.view
    app.run_bots()  # the defender (a bot) plays first, face down
    panel = view.combat.widget
    assert panel.layout.display != "none"
    expected = format_percent(space_pigs_combat(Pigs(5), Pigs(4)).attacker)
    assert f"attacker holds the hex <b class=\"lsn-sp-odds-a\">{expected}</b>" in panel.value
    assert "before any card" in panel.value
    d_cards = app.session.state.combat.defender_cards
    assert "The other side has played" in panel.value
    for c in d_cards:  # the defender's face-down cards are nowhere on my screen
        assert card_label(c) not in tree_text(app.widget)
    assert "as the attacker" in view.prompt.value
    view.hand.click(8)  # Laser Snout, tech 1
    assert "Your face-down cards: Laser Snout" in panel.value
    assert "(technology 1)" in panel.value
    log_text = " ".join(e.text for e in app.session.log)
    assert "Laser Snout" not in log_text and "plays a card face down" in log_text
    view.press("Done: my cards are down")
    app.run_bots()
    assert "Cards revealed" in panel.value or "over-armament" in panel.value
    assert "Technology total" in panel.value or "over-armament" in panel.value
    assert "lsn-sp-techline" in panel.value
    # fight to the end through the widgets
    for _ in range(60):
        if app.session.state.combat is None or "Round 3" in panel.value:
            break
        if "Fight on" in view.button_labels():
            view.press("Fight on")
        app.run_bots()
    assert "lsn-sp-round" in panel.value or "over-armament" in panel.value
    assert "Round 1" in panel.value or "over-armament" in panel.value


def test_the_page_shows_the_engines_typed_view(saves):
    """The page draws the engine's view of the seat on screen; the other side's face-down cards
    are only a count in it, for that seat and for a spectator alike."""
    app = position_app(saves, COMBAT)
    app.run_bots()  # the defender plays face down
    view = app.view.view
    assert isinstance(view, SpacePigsPlayerView) and view.viewer == 0
    assert view == app.session.state.player_view(0)
    played = app.session.state.combat.defender_cards
    assert played
    for seen in (view, app.session.state.player_view(None)):
        assert seen.combat.defender_cards == () and seen.combat.defender_card_count == len(played)
    assert view.clans[0].hand is not None and view.clans[1].hand is None


def test_the_wipeout_line_destroys_everyone(saves):
    app = position_app(saves, COMBAT)
    app.run_bots()  # defender: Gravity Mudbath, tech 2
    view = app.view
    view.hand.click(26)  # Suicide Porker, tech 3
    view.hand.click(18)  # Photon Ham Cannon, tech 2
    assert "(technology 5)" in view.combat.widget.value
    view.press("Done: my cards are down")
    app.run_bots()
    state = app.session.state
    assert state.troops_on(0) == []
    assert any(e.kind == "wipeout" for e in view.combat.events)
    assert "over-armament destroys every troop" in view.combat.widget.value


def test_fleeing_from_round_two(saves):
    step = step_by_key("flee")
    app = make_app(saves)
    app.start_state(state_for(step), [Seat.human(), Seat("Greedy"), Seat("Greedy")])
    view = app.view
    assert "flee to an adjacent hex" in view.prompt.value
    assert view.marks[1] == "dest"
    assert "Flee to H1 (yellow planet)" in view.button_labels() and "Fight on" in view.button_labels()
    view.map.click(1)
    assert app.session.state.troops_on(1) == [{"player": 0, "piglets": 4, "hogs": 0}]


# --------------------------------------------------------------------------- election
def test_election_screen_votes_in_calling_order_and_factions(saves):
    app = position_app(saves, ELECTION)
    view = app.view
    panel = view.election.widget
    assert "do you stand" in view.prompt.value
    view.press("Stand for Royal Pig")
    app.run_bots()
    assert "Candidates" in panel.value or "Votes so far" in panel.value
    assert "calls the votes" in panel.value
    # I call the others first, then vote last
    assert any(label.startswith("Call ") for label in view.button_labels())
    view.press("Call P3")
    app.run_bots()
    view.press("Call P2")
    app.run_bots()
    assert re.search(r"<ol class=\"lsn-sp-votes\"><li>.*P3 Phacocherus.*</li><li>.*P2 Hylocherus", panel.value)
    view.press("Vote for P1")
    app.run_bots()
    assert "Last election" in panel.value and "is the Royal Pig" in panel.value
    assert panel.value.index("P3 Phacocherus gives") < panel.value.index("P2 Hylocherus gives")
    assert "Factions for this turn" in panel.value
    assert app.session.state.sequence not in ("4C",)


# --------------------------------------------------------------------------- hidden information
def scramble(state, viewer: int, seed: int = 0):
    """The same position for ``viewer`` with everything hidden from them changed: the other
    hands and the deck reshuffled between them, other recipes, marker choices and face-down
    combat cards swapped."""
    rng = random.Random(seed)
    s = state.copy()
    others = [p for p in range(s.players) if p != viewer]
    pool = [c for p in others for c in s.hands[p]] + list(s.deck)
    hidden_cb = []
    if s.combat is not None and s.combat.stage in ("cards_d", "cards_a"):
        for key, who in (("attacker_cards", s.combat.attacker), ("defender_cards", s.combat.defender)):
            if who != viewer:
                hidden_cb.append(key)
                pool += getattr(s.combat, key)
    rng.shuffle(pool)
    for p in others:
        k = len(s.hands[p])
        s.hands[p], pool = pool[:k], pool[k:]
    for key in hidden_cb:
        k = len(getattr(s.combat, key))
        setattr(s.combat, key, pool[:k])
        pool = pool[k:]
    s.deck = pool
    if s.rules == "full":
        for p in others:
            s.recipes[p] = list(reversed(s.recipes[p])) if s.recipes[p][0] != s.recipes[p][2] else s.recipes[p]
    for p in others:
        if s.choice[p]:
            s.choice[p] = 4 if s.choice[p] != 4 else 2
    if s.drawn is not None and s.drawn[0] != viewer:
        s.drawn = [s.drawn[0], s.drawn[1], "Db" if s.drawn[2] != "Db" else "A"]
    s.dice = type(s.dice)(seed + 99)
    s._legal = None
    return s


def render(state, viewer: int) -> SpacePigsView:
    spec = space_pigs_spec()
    session = Session(spec, state, [Seat.human()] * state.players, autosave=False)
    view = SpacePigsView()
    legal = list(state.legal_actions()) if state.current_player == viewer else []
    view.update(ViewContext(session=session, view=state.player_view(viewer), viewer=viewer, legal=legal,
                            current_player=state.current_player))
    return view


def secret_positions():
    """Positions with secrets: hands in 1A, marker choices in 2A, face-down combat cards."""
    found = {}
    state = sp.new_game(players=4, seed=11, max_rounds=4)
    bots = [GreedyBot(i) for i in range(4)]
    while not state.is_over and len(found) < 3:
        seq = state.sequence
        if seq == "1A" and state.turn >= 2 and "hands" not in found:
            found["hands"] = state.copy()
        if seq == "2A" and any(state.choice) and "markers" not in found:
            found["markers"] = state.copy()
        if state.combat is not None and state.combat.stage == "cards_a" and state.combat.defender_cards and "cards" not in found:
            found["cards"] = state.copy()
        state.apply(bots[state.current_player].choose(state))
    layout = sp.new_game(players=3, seed=2, look_before_placing=True)
    layout.apply(layout.legal_actions()[0])  # the first player draws a hex and looks at it
    found["drawn"] = layout
    combat = sp.from_notation(COMBAT, seed=3)
    combat.apply(GreedyBot(1).choose(combat))  # the defender plays Gravity Mudbath face down
    found["tutorial_cards"] = combat
    return found


@pytest.mark.parametrize("key", ["hands", "markers", "cards", "tutorial_cards", "drawn"])
def test_what_is_hidden_from_the_viewer_changes_nothing_on_screen(key):
    state = secret_positions().get(key)
    if state is None:
        pytest.skip(f"the seeded game had no {key} position")
    for viewer in range(state.players):
        a = render(state, viewer)
        b = render(scramble(state, viewer, seed=viewer + 5), viewer)
        assert tree_text(a.widget) == tree_text(b.widget), (key, viewer)
        assert a.map.svg == b.map.svg
    # and the viewer's own secrets are shown to them
    me = 0
    view = render(state, me)
    text = tree_text(view.widget)
    for c in state.hands[me]:
        assert card_label(c) in text


def test_other_recipes_and_hands_are_not_in_the_tree(saves):
    state = secret_positions()["hands"]
    view = render(state, 0)
    text = tree_text(view.widget).replace(view.seq_bar.widget.value, "").replace(view.legend.value, "")
    assert view.clans.widget.value.count(">secret<") == state.players - 1
    assert "(you)" in text
    mine = {card_label(c) for c in state.hands[0]}
    for p in range(1, state.players):
        for c in state.hands[p]:
            if card_label(c) not in mine:
                assert card_label(c) not in text


def test_spectator_view_when_only_bots_play(saves):
    app = make_app(saves)
    session = app.start([Seat("Greedy")] * 3, seed=4, options={"max_rounds": 2, "auto_layout": True})
    app.run_bots(200)
    text = app.tree_text()
    assert "(you)" not in text
    assert app.view.view.viewer is None  # the engine's spectator view, player_view(None)
    assert all(clan.hand is None for clan in app.view.view.clans)
    assert app.view.hand.widget.layout.display == "none"
    for p in range(3):
        for c in session.state.hands[p]:
            assert card_label(c) not in app.view.clans.widget.value


def test_hot_seat_hands_the_device_over_without_showing_cards(saves):
    app = make_app(saves)
    session = app.start([Seat.human(), Seat.human(), Seat("Greedy")], seed=6,
                        options={"max_rounds": 2, "auto_layout": True})
    bots = {0: GreedyBot(1), 1: GreedyBot(2)}
    handoffs = 0
    for _ in range(400):
        app.run_bots()
        s = session.state
        if s.is_over or s.turn >= 2 and s.sequence == "2B":
            break
        if session.needs_handoff:
            handoffs += 1
            assert app.handoff_box.layout.display != "none"
            assert app.view_box.layout.display == "none"
            # the log and the turn line are public (the log names cards once revealed); the save link is emptied
            text = tree_text(app.view_box, skip=(app.log.widget, app.turn)) + app.handoff_text.value + app.save_link.value
            text = text.replace("Colonist markers revealed", "")  # public news, not the Colonist card
            for p in (0, 1):
                for c in s.hands[p]:
                    assert card_label(c) not in text
            assert "secret" not in app.view.clans.widget.value  # the clan table is cleared too
            app.handoff_button.click()
            assert session.viewer == s.current_player
            continue
        human_step(app, bots[session.current_player])
    assert handoffs >= 2
