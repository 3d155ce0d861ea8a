"""The pure-logic game session (seats, undo, hot-seat, saves) on a tiny toy engine.

The toy engine ("dice race") is defined here and reused by ``tests/test_game_app.py``:
players walk 1 or 2 squares (reversible), may roll one die per turn (irreversible), and end
their turn; the first to reach square 12 wins. Each player holds a secret card that only
they may see. A roll of 6 asks the *next* player to decide (a mid-turn decision by another
player). ``max_rounds`` ends the game by position.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from livestock_notebooks.core.bots import RandomBot
from livestock_notebooks.core.protocol import Action, Event, GameState, action_from_dict, load_state, require
from livestock_notebooks.core.errors import IllegalAction, NotYourDecision, SaveFileError
from livestock_notebooks.core.rng import Dice
from livestock_notebooks.core.game_info import GameInfo
from livestock_notebooks.core.session import (
    LogEntry,
    Seat,
    Session,
    autosave_path,
    find_autosave,
    save_dir,
)

GOAL = 12


# --------------------------------------------------------------------------- toy engine
@dataclass(frozen=True)
class Walk(Action):
    steps: int

    def __str__(self):
        return f"walk {self.steps}"


@dataclass(frozen=True)
class Roll(Action):
    def __str__(self):
        return "roll the die"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self):
        return "end turn"


@dataclass(frozen=True)
class Salute(Action):
    def __str__(self):
        return "salute the six"


ACTIONS = (Walk, Roll, EndTurn, Salute)


class RaceState(GameState):
    GAME = "toy_race"

    def __init__(self, players=2, seed=0, max_rounds=30):
        self.players = players
        self.pos = [0] * players
        self.secrets = [f"SECRET-{p}-{seed}" for p in range(players)]
        self.turn = 0
        self.mover = 0
        self.walked = 0
        self.rolled = False
        self.saluting = None  # player who must salute
        self.max_rounds = max_rounds
        self.dice = Dice(seed)
        self._winners = []

    @property
    def current_player(self):
        if self.is_over:
            return None
        return self.saluting if self.saluting is not None else self.mover

    @property
    def is_over(self):
        return bool(self._winners) or self.turn >= self.max_rounds * self.players

    @property
    def winners(self):
        if self._winners:
            return list(self._winners)
        if self.is_over:
            best = max(self.pos)
            return [p for p, x in enumerate(self.pos) if x == best]
        return []

    def legal_actions(self):
        if self.is_over:
            return []
        if self.saluting is not None:
            return [Salute()]
        out = []
        if self.walked < 2:
            out += [Walk(1), Walk(2)]
        if not self.rolled:
            out.append(Roll())
        out.append(EndTurn())
        return out

    def apply(self, action):
        if not isinstance(action, Action) or type(action) not in ACTIONS:
            raise IllegalAction("not an action of the race", "Toy, Actions")
        require(not self.is_over, "The race is over", "Toy, End")
        if self.saluting is not None:
            require(isinstance(action, Salute), "A six must be saluted first", "Toy, Sixes")
            p = self.saluting
            self.saluting = None
            return [Event("salute", f"Player {p + 1} salutes the six.", p)]
        p = self.mover
        if isinstance(action, Walk):
            require(action.steps in (1, 2), "Walk 1 or 2 squares", "Toy, Walking")
            require(self.walked < 2, "At most two walks a turn", "Toy, Walking")
            self.walked += 1
            self.pos[p] += action.steps
            events = [Event("walk", f"Player {p + 1} walks {action.steps} to square {self.pos[p]}.", p)]
        elif isinstance(action, Roll):
            require(not self.rolled, "One roll a turn", "Toy, Rolling")
            self.rolled = True
            value = self.dice.roll(6)
            self.pos[p] += value
            events = [Event("roll", f"Player {p + 1} rolls {value} to square {self.pos[p]}.", p, {"dice": [value]}, True)]
            if value == 6:
                self.saluting = (p + 1) % self.players
        elif isinstance(action, EndTurn):
            self.turn += 1
            self.mover = (p + 1) % self.players
            self.walked = 0
            self.rolled = False
            events = [Event("end-turn", f"Player {p + 1} ends the turn.", p)]
        else:
            raise IllegalAction("A salute is not due", "Toy, Sixes")
        if self.pos[p] >= GOAL:
            self._winners = [p]
            events.append(Event("win", f"Player {p + 1} wins the race.", p))
        return events

    def player_view(self, player):
        d = self.to_dict()
        d["secrets"] = [s if i == player else None for i, s in enumerate(self.secrets)]
        d["viewer"] = player
        return d

    def to_dict(self):
        return {
            "players": self.players,
            "pos": list(self.pos),
            "secrets": list(self.secrets),
            "turn": self.turn,
            "mover": self.mover,
            "walked": self.walked,
            "rolled": self.rolled,
            "saluting": self.saluting,
            "max_rounds": self.max_rounds,
            "dice": self.dice.to_dict(),
            "winners": list(self._winners),
        }

    @classmethod
    def from_dict(cls, d):
        s = cls.__new__(cls)
        s.players = int(d["players"])
        s.pos = list(d["pos"])
        s.secrets = list(d["secrets"])
        s.turn = d["turn"]
        s.mover = d["mover"]
        s.walked = d["walked"]
        s.rolled = d["rolled"]
        s.saluting = d["saluting"]
        s.max_rounds = d["max_rounds"]
        s.dice = Dice.from_dict(d["dice"])
        s._winners = list(d["winners"])
        return s

    def invariant_violations(self):
        return [] if len(self.pos) == self.players else ["positions do not match players"]


def new_game(players=2, seed=0, max_rounds=30):
    return RaceState(players, seed, max_rounds)


def load(text):
    return load_state(RaceState, text)


class WalkerBot:
    """Walks twice then ends the turn (never rolls): a deterministic second bot."""

    def __init__(self):
        pass

    def choose(self, state):
        legal = state.legal_actions()
        for a in legal:
            if isinstance(a, (Walk, Salute)):
                return a
        return EndTurn()


def toy_spec(**kw) -> GameInfo:
    opts = dict(
        name="toy_race",
        title="Dice race",
        new_game=new_game,
        load=load,
        bots={"Random": RandomBot, "Walker": WalkerBot},
        min_players=2,
        max_players=4,
        player_name=lambda i: ["Red", "Blue", "Green", "Gold"][i],
        player_color=lambda i: ["#c00", "#00c", "#0a0", "#c90"][i],
        end_turn=lambda state, legal: EndTurn() if EndTurn() in legal else None,
        describe_turn=lambda s: "Race over" if s.is_over else f"Turn {s.turn + 1}: {['Red', 'Blue', 'Green', 'Gold'][s.current_player]}",
        progress=lambda s: min(1.0, max(s.pos) / GOAL),
    )
    opts.update(kw)
    return GameInfo(**opts)


# --------------------------------------------------------------------------- fixtures
@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def humans(n=2, **kw):
    return Session.new(toy_spec(), [Seat.human()] * n, seed=kw.pop("seed", 3), **kw)


# --------------------------------------------------------------------------- tests
def test_toy_engine_passes_a_random_playout():
    state = new_game(players=3, seed=5)
    bots = [RandomBot(i) for i in range(3)]
    from livestock_notebooks.core.bots import play_out

    play_out(state, bots, max_actions=5000)
    assert state.is_over and state.winners


def test_save_dir_default_and_env(monkeypatch, tmp_path):
    monkeypatch.delenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", raising=False)
    assert save_dir().parts[-2:] == (".livestock_notebooks", "saves")
    monkeypatch.setenv("LIVESTOCK_NOTEBOOKS_SAVE_DIR", str(tmp_path))
    assert autosave_path("toy_race") == tmp_path / "toy_race-autosave.json"


def test_apply_logs_events_in_words(saves):
    s = humans()
    s.apply(Walk(2))
    assert s.log[-1].text == "Player 1 walks 2 to square 2."
    assert s.log[-1].player == 0
    assert s.log[0].kind == "new-game" and "Red (human)" in s.log[0].text


def test_illegal_action_leaves_everything_unchanged(saves):
    s = humans()
    s.apply(Walk(1))
    s.apply(Walk(1))
    before = (s.state.to_json(), len(s.log), len(s.history))
    with pytest.raises(IllegalAction) as err:
        s.apply(Walk(2))
    assert err.value.rule == "At most two walks a turn" and err.value.section == "Toy, Walking"
    assert (s.state.to_json(), len(s.log), len(s.history)) == before


def test_undo_own_steps_within_the_turn(saves):
    s = humans()
    start = s.state.to_json()
    s.apply(Walk(1))
    s.apply(Walk(2))
    assert s.can_undo
    s.undo()
    assert s.state.pos[0] == 1
    s.undo()
    assert s.state.to_json() == start
    assert s.undo_blocker() == "Nothing to undo."
    assert s.log[-1].kind == "undo" and "took back: walk 1" in s.log[-1].text


def test_undo_never_crosses_a_die_roll(saves):
    s = humans()
    s.apply(Walk(1))
    s.state.dice.script([3])
    s.apply(Roll())
    assert not s.can_undo
    assert "Dice were rolled" in s.undo_blocker()
    with pytest.raises(ValueError):
        s.undo()
    # walking after the roll can be undone, but only back to the roll
    s.apply(Walk(1))
    s.undo()
    assert not s.can_undo


def test_undo_never_crosses_another_players_decision(saves):
    s = humans()
    s.apply(Walk(1))
    s.apply(EndTurn())
    # Blue to move: Red's steps (and Red's end of turn) are not Blue's to undo
    assert s.current_player == 1
    assert s.undo_blocker() == "That step was another player's decision."
    s.apply(Walk(1))
    s.undo()
    assert s.undo_blocker() == "That step was another player's decision."


def test_undo_never_crosses_a_bot_move(saves):
    s = Session.new(toy_spec(), [Seat.bot("Walker"), Seat.human()], seed=1)
    s.play_bots()
    assert s.current_player == 1
    assert "bot" in s.undo_blocker() or "another player" in s.undo_blocker()


def test_undo_stops_at_a_new_turn_of_the_same_player(saves):
    spec = toy_spec()
    s = Session.new(spec, [Seat.human()] * 2, seed=1)
    s.apply(Walk(1))
    # fake a turn change without a change of player
    s.state.turn += 2
    assert s.undo_blocker() == "A new turn has started."


def test_bots_step_one_action_at_a_time(saves):
    s = Session.new(toy_spec(), [Seat.human(), Seat.bot("Walker")], seed=2)
    assert s.bot_step() is None  # Red (human) to play
    s.apply(EndTurn())
    action, events = s.bot_step()
    assert action == Walk(1) and events[0].text == "Player 2 walks 1 to square 1."
    assert s.is_bot_turn
    assert s.play_bots() == 2  # walk, end turn
    assert s.current_player == 0


def test_humans_cannot_act_for_bots(saves):
    s = Session.new(toy_spec(), [Seat.bot("Walker"), Seat.human()], seed=2)
    with pytest.raises(NotYourDecision):
        s.apply(Walk(1))


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError):
        Session(toy_spec(), new_game(), [Seat.bot("Nope"), Seat.human()], autosave=False)


def test_bot_vs_bot_plays_to_the_end(saves):
    s = Session.new(toy_spec(), [Seat.bot("Random"), Seat.bot("Random"), Seat.bot("Walker")], seed=4, autosave=False)
    s.play_bots()
    assert s.state.is_over
    assert s.log[-1].kind == "game-over" and s.log[-1].text.startswith("Game over:")


def test_hot_seat_handoff_and_views(saves):
    s = humans(3)
    # several humans: nobody's view is shown until the first player takes the device
    assert s.needs_handoff and s.view() is None and s.legal_for_viewer() == []
    s.take_device()
    v = s.view()
    assert v["secrets"] == ["SECRET-0-3", None, None]
    assert s.legal_for_viewer()
    s.apply(EndTurn())
    assert s.needs_handoff and s.view() is None
    s.take_device()
    assert s.view()["secrets"] == [None, "SECRET-1-3", None]


def test_mid_turn_decision_of_another_human_needs_a_handoff(saves):
    s = humans(2)
    s.take_device()
    s.state.dice.script([6])
    s.apply(Roll())
    assert s.current_player == 1 and s.needs_handoff
    s.take_device()
    s.apply(Salute())
    assert s.current_player == 0 and s.needs_handoff


def test_single_human_never_hands_off(saves):
    s = Session.new(toy_spec(), [Seat.bot("Walker"), Seat.human()], seed=2)
    assert s.viewer == 1 and not s.needs_handoff
    assert s.view()["secrets"] == [None, "SECRET-1-2"]
    assert s.legal_for_viewer() == []  # the bot decides now
    s.play_bots()
    assert s.legal_for_viewer()


def test_take_device_refuses_bots(saves):
    s = Session.new(toy_spec(), [Seat.bot("Walker"), Seat.human()], seed=2)
    with pytest.raises(ValueError):
        s.take_device(0)


def test_autosave_written_after_every_action_and_resumed(saves):
    s = Session.new(toy_spec(), [Seat.human(), Seat.bot("Walker")], seed=9)
    path = autosave_path("toy_race")
    assert path.exists()
    s.apply(Walk(2))
    data = json.loads(path.read_text())
    assert data["game"] == "toy_race" and not data["finished"]
    assert json.loads(data["engine_save"])["state"]["pos"] == [2, 0]
    found = find_autosave(toy_spec())
    assert found is not None and "Red (human)" in found.summary
    resumed = Session.from_save_text(toy_spec(), found.text)
    assert resumed.state.to_json() == s.state.to_json()
    assert resumed.seats == s.seats
    assert [e.text for e in resumed.log] == [e.text for e in s.log]
    assert resumed.can_undo  # Red's walk can still be taken back after the reload


def test_undo_rewrites_the_autosave(saves):
    s = humans()
    s.apply(Walk(2))
    s.undo()
    data = json.loads(autosave_path("toy_race").read_text())
    assert json.loads(data["engine_save"])["state"]["pos"] == [0, 0]


def test_finished_game_is_not_offered_for_resume(saves):
    s = Session.new(toy_spec(), [Seat.bot("Walker"), Seat.bot("Walker")], seed=4)
    s.play_bots()
    assert s.state.is_over
    assert json.loads(autosave_path("toy_race").read_text())["finished"] is True
    assert find_autosave(toy_spec()) is None


def test_no_autosave_when_disabled(saves):
    Session.new(toy_spec(), [Seat.human()] * 2, autosave=False)
    assert not autosave_path("toy_race").exists()
    assert find_autosave(toy_spec()) is None


def test_corrupt_autosave_is_ignored(saves):
    saves.mkdir(parents=True)
    autosave_path("toy_race").write_text("{not json")
    assert find_autosave(toy_spec()) is None


def test_save_round_trip_and_bare_engine_save(saves):
    s = humans()
    s.apply(Walk(1))
    again = Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False)
    assert again.state.to_json() == s.state.to_json()
    bare = Session.from_save_text(toy_spec(), s.state.to_json().encode(), autosave=False)
    assert bare.seats == [Seat.human(), Seat.human()]
    assert bare.state.pos == [1, 0]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("hello", "not valid JSON"),
        (b"\xff\xfe\x00", "not text"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "livestock-notebooks-session", "version": 1, "game": "battlegoats"}', "not of 'toy_race'"),
        ('{"format": "livestock-notebooks-session", "version": 99, "game": "toy_race"}', "newer version"),
        ('{"format": "livestock-notebooks-session", "version": 1, "game": "toy_race"}', "no game position"),
        ('{"game": "chess", "version": 1, "state": {}}', "not of 'toy_race'"),
    ],
)
def test_load_errors_are_clear(text, message):
    with pytest.raises(SaveFileError) as err:
        Session.from_save_text(toy_spec(), text, autosave=False)
    assert message in str(err.value)


def test_load_errors_on_bad_seats_and_corrupt_state(saves):
    s = humans()
    good = json.loads(s.to_save_text())
    bad = dict(good, seats=[{"kind": "human"}])
    with pytest.raises(SaveFileError, match="1 seats for a 2-player game"):
        Session.from_save_text(toy_spec(), json.dumps(bad))
    bad = dict(good, seats=[{"kind": "human"}, {"kind": "Terminator"}])
    with pytest.raises(SaveFileError, match="Terminator"):
        Session.from_save_text(toy_spec(), json.dumps(bad))
    bad = dict(good, seats="two")
    with pytest.raises(SaveFileError, match="seats"):
        Session.from_save_text(toy_spec(), json.dumps(bad))
    engine = json.loads(good["engine_save"])
    del engine["state"]["pos"]
    bad = dict(good, engine_save=json.dumps(engine))
    with pytest.raises(SaveFileError, match="corrupt"):
        Session.from_save_text(toy_spec(), json.dumps(bad))


def test_result_text():
    s = Session(toy_spec(), new_game(), [Seat.human()] * 2, autosave=False)
    assert s.result_text() == "The game is not over."
    s.state._winners = [1]
    assert s.result_text() == "Game over: Blue wins."
    s.state._winners = [0, 1]
    assert s.result_text() == "Game over: Red and Blue share the victory."


def test_make_bot_with_and_without_seed():
    spec = toy_spec()
    assert isinstance(spec.make_bot("Random", 3), RandomBot)
    assert isinstance(spec.make_bot("Walker", 3), WalkerBot)
    with pytest.raises(ValueError):
        spec.make_bot("Nope", 1)


def test_spec_defaults():
    spec = GameInfo(name="g", title="G", new_game=new_game, load=load)
    state = new_game(3)
    assert spec.seat_name(0) == "Player 1" and spec.seat_name(None) == "nobody"
    assert spec.count_players(state) == 3
    assert spec.turn_of(state) == 0
    assert spec.turn_text(state) == "Player 1 to play"
    assert spec.color(1) == "#666"
    assert LogEntry("x").to_dict() == {"text": "x", "player": None, "kind": ""}


def test_autosave_later_writes_once_at_the_end(saves):
    s = humans()
    path = autosave_path("toy_race")
    before = path.read_text()
    with s.autosave_later():
        s.apply(Walk(1))
        assert path.read_text() == before  # held
        s.apply(Walk(1))
    assert json.loads(json.loads(path.read_text())["engine_save"])["state"]["pos"] == [2, 0]


def test_describe_action_hook_hides_what_str_would_show(saves):
    spec = toy_spec(describe_action=lambda state, action: f"someone did something at turn {state.turn}")
    s = Session.new(spec, [Seat.human(), Seat.human()], seed=1)

    class Quiet(Walk):
        pass

    # an action without events is logged with the hook's words
    s.state.apply = (lambda real: (lambda a: [] if isinstance(a, Quiet) else real(a)))(s.state.apply)
    s.apply(Quiet(1))
    assert s.log[-1].text == "someone did something at turn 0"
    s.apply(Walk(1))
    s.undo()
    assert s.log[-1].text == "Red took back: someone did something at turn 0"


# --------------------------------------------------------------------------- undo after a reload
def two_walks(s):
    """Red walks 1 then 2; the positions before, between and after (engine saves)."""
    states = [s.state.to_json()]
    for steps in (1, 2):
        s.apply(Walk(steps))
        states.append(s.state.to_json())
    return states


def test_undo_survives_save_and_load_step_by_step(saves):
    s = Session.new(toy_spec(), [Seat.human(), Seat.bot("Walker")], seed=3)
    states = two_walks(s)
    again = Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False)
    assert again.state.to_json() == states[2] and again.can_undo
    took = again.undo()
    assert took.action == Walk(2) and again.state.to_json() == states[1]
    assert again.log[-1].text == "Red took back: walk 2"
    again.undo()
    assert again.state.to_json() == states[0]
    assert again.undo_blocker() == "Nothing to undo."
    # the log is back to what it was before the walks, plus the two take-back lines
    s.undo(), s.undo()
    assert [e.text for e in again.log] == [e.text for e in s.log]


def test_a_save_keeps_only_the_steps_undo_can_still_reach(saves):
    s = humans()
    s.apply(Walk(1))
    s.state.dice.script([3])
    s.apply(Roll())  # a die roll: nothing before it can be undone
    s.apply(Walk(1))
    envelope = json.loads(s.to_save_text())
    assert len(envelope["undo"]) == 1
    again = Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False)
    again.undo()
    assert not again.can_undo and again.state.to_json() == envelope["undo"][0]["before"]
    s.apply(EndTurn())  # Blue to play: Red's steps are out of reach, and out of the save
    assert json.loads(s.to_save_text())["undo"] == []
    assert not Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False).can_undo


def test_a_save_keeps_at_most_the_bounded_number_of_steps(saves, monkeypatch):
    from livestock_notebooks.core import session as session_module

    monkeypatch.setattr(session_module, "MAX_SAVED_UNDO", 1)
    s = humans()
    states = two_walks(s)
    again = Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False)
    again.undo()
    assert again.state.to_json() == states[1] and again.undo_blocker() == "Nothing to undo."


def test_undo_after_reload_keeps_the_log_in_step_when_the_log_was_cut(saves):
    s = humans()
    s.log.extend(LogEntry(f"old line {i}") for i in range(700))  # the save keeps the last 500
    two_walks(s)
    again = Session.from_save_text(toy_spec(), s.to_save_text(), autosave=False)
    assert len(again.log) == 500
    again.undo()
    s.undo()
    assert [e.text for e in again.log] == [e.text for e in s.log[-len(again.log):]]
    assert again.log[-2].text == "Player 1 walks 1 to square 1."


def _tamper(item: dict, how: str) -> None:
    if how == "another position":
        engine = json.loads(item["before"])
        engine["state"]["pos"] = [5, 0]
        item["before"] = json.dumps(engine)
    elif how == "not a position":
        item["before"] = "{broken"
    elif how == "another action":
        item["action"] = 0 if item["action"] else 1
    elif how == "no such action":
        item["action"] = 99
    elif how == "action as text":
        item["action"] = "Walk(2)"
    elif how == "other events":
        item["events"] = ["Player 1 flies to the moon."]
    elif how == "a bot's step":
        item["by_bot"] = True
    elif how == "another player":
        item["player"] = 1
    elif how == "another turn":
        item["turn"] = 7
    elif how == "log past its end":
        item["log_length"] = 10**6
    elif how == "not a step":
        item.clear()


TAMPERINGS = ["another position", "not a position", "another action", "no such action", "action as text",
              "other events", "a bot's step", "another player", "another turn", "log past its end", "not a step"]


@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_tampered_undo_history_is_dropped_and_the_game_still_loads(saves, how):
    s = humans()
    two_walks(s)
    envelope = json.loads(s.to_save_text())
    _tamper(envelope["undo"][-1], how)
    again = Session.from_save_text(toy_spec(), json.dumps(envelope), autosave=False)
    assert again.state.to_json() == s.state.to_json()
    assert [e.text for e in again.log] == [e.text for e in s.log]
    assert again.history == [] and again.undo_blocker() == "Nothing to undo."


@pytest.mark.parametrize("undo", ["lots", 7, None, {"before": "x"}, [1, 2], [[]] * 1000])
def test_an_undo_history_of_the_wrong_shape_is_ignored(saves, undo):
    s = humans()
    two_walks(s)
    envelope = dict(json.loads(s.to_save_text()), undo=undo)
    again = Session.from_save_text(toy_spec(), json.dumps(envelope), autosave=False)
    assert again.state.to_json() == s.state.to_json() and not again.can_undo


def test_an_undo_history_that_undo_could_not_reach_is_dropped(saves):
    """Steps saved for a seat a bot now plays (the seats were edited) are not undoable."""
    s = humans()
    two_walks(s)
    envelope = json.loads(s.to_save_text())
    envelope["seats"] = [{"kind": "Walker"}, {"kind": "human"}]
    again = Session.from_save_text(toy_spec(), json.dumps(envelope), autosave=False)
    assert again.history == [] and again.state.to_json() == s.state.to_json()


def test_a_save_from_before_undo_was_saved_loads_without_history(saves):
    s = humans()
    two_walks(s)
    envelope = json.loads(s.to_save_text())
    del envelope["undo"]
    again = Session.from_save_text(toy_spec(), json.dumps(envelope), autosave=False)
    assert again.state.to_json() == s.state.to_json() and again.history == []
