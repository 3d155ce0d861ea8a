"""Mutated saves: every engine's ``load`` either refuses them with ``SaveFileError`` or gives a
state that keeps its invariants and can be played on (issue 11, "Saves, autosaves and loading")."""
from __future__ import annotations

import functools
import json
import re
import random

import pytest

from livestock_notebooks import IllegalAction, SaveFileError
from livestock_notebooks import battlegoats as bg
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.protocol import MAX_SAVE_STRING
from livestock_notebooks.games import GAMES

MUTATIONS_PER_ENGINE = 2000

#: how a game's saves are made and loaded, where not the default of :func:`engine_of` below
ENGINES = {
    "space_pigs": (lambda seed: sp.new_game(players=3 + seed % 3, seed=seed, rules="full", max_rounds=3), sp.load),
    "livestock_uprising": (lambda seed: lu.new_game(players=2 + seed % 3, seed=seed, max_rounds=3), lu.load),
    "battlegoats": (lambda seed: bg.new_game(players=3 + seed % 2, seed=seed, max_rounds=3), bg.load),
}


# positions with nested data under way (a combat, a card's targets, a trip, a battle, an attack);
# a game without a line here is saved at fixed steps only
NESTED = {
    "space_pigs": lambda s: s.combat is not None or s.pending is not None or s.trip is not None or s.ship is not None,
    "livestock_uprising": lambda s: s.battle is not None,
    "battlegoats": lambda s: isinstance(s.pending, dict) and "own" in s.pending,
}


def engine_of(engine: str):
    """(new game from a seed, load) of any game of the registry: its own line above, else its
    fewest players or one more, three rounds."""
    if engine in ENGINES:
        return ENGINES[engine]
    info = GAMES[engine]
    return (lambda seed: info.new_game(players=min(info.min_players + seed % 2, info.max_players), seed=seed,
                                       max_rounds=3), info.load)


def _saves(engine: str) -> list[str]:
    """Saves from a few seeded random games, taken at several steps and wherever nested data
    are under way (up to four such a game)."""
    new, _ = engine_of(engine)
    out = []
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = new(seed)
        nested = 0
        for step in range(160):
            if step % 40 == 0 or (nested < 4 and NESTED.get(engine, lambda s: False)(state)):
                nested += step % 40 != 0
                out.append(state.to_json())
            legal = state.legal_actions()
            if state.is_over or not legal:
                break
            state.apply(rng.choice(legal))
        out.append(state.to_json())
    return out


def _paths(node, prefix=()):
    yield prefix, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _get(root, path):
    for p in path:
        root = root[p]
    return root


def _set(root, path, value):
    _get(root, path[:-1])[path[-1]] = value


def _mutate(data: dict, paths: list, rng: random.Random) -> str:
    """One mutation of the save's ``state`` (``paths``: every path in it): a number, a string, a
    dropped key, a duplicated list item or two swapped values. Returns a description for failure
    messages."""
    state = data["state"]
    nested = [p for p in paths if isinstance(state.get(p[0]), dict)] if rng.random() < 0.5 else []
    path = rng.choice(nested or paths)
    value = _get(state, path)
    kind = rng.randrange(5)
    if kind == 0 or (isinstance(value, (int, float)) and not isinstance(value, bool) and kind < 3):
        new = rng.choice([-1, 99, "x", None, 1.5, True])
        _set(state, path, new)
        return f"{path} = {new!r}"
    if kind == 1 and isinstance(value, str):
        new = rng.choice(["", "<b>x</b>", "x" * (MAX_SAVE_STRING + 1)])
        _set(state, path, new)
        return f"{path} = {new!r}"
    if kind == 2:
        parent = _get(state, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
            return f"del {path}"
        parent.pop(path[-1])
        return f"pop {path}"
    if kind == 3 and isinstance(value, list) and value:
        value.append(value[rng.randrange(len(value))])
        return f"dup item in {path}"
    other = rng.choice(paths)
    try:
        a, b = _get(state, path), _get(state, other)
        _set(state, path, json.loads(json.dumps(b)))
        _set(state, other, json.loads(json.dumps(a)))
    except (KeyError, IndexError, TypeError):
        return "swap failed"
    return f"swap {path} <-> {other}"


def _exercise(state) -> None:
    assert state.invariant_violations() == []
    legal = state.legal_actions()
    for p in range(state.players):
        state.player_view(p)
    state.player_view(None)
    state.to_json()
    if legal:
        try:
            state.apply(legal[0])
        except IllegalAction:
            pass


@pytest.mark.parametrize("engine", list(GAMES))
def test_mutated_saves_are_refused_or_playable(engine):
    _, load = engine_of(engine)
    saves = _saves(engine)
    paths = [[p for p, _ in _paths(json.loads(text)["state"]) if p] for text in saves]
    rng = random.Random(11)
    failures = []
    for i in range(MUTATIONS_PER_ENGINE):
        data = json.loads(saves[i % len(saves)])
        what = _mutate(data, paths[i % len(saves)], rng)
        text = json.dumps(data)
        try:
            state = load(text)
        except SaveFileError:
            continue
        except Exception as exc:  # noqa: BLE001 - collected and reported below
            failures.append(f"load: {what}: {type(exc).__name__}: {exc}")
            continue
        try:
            _exercise(state)
        except Exception as exc:  # noqa: BLE001
            failures.append(f"play: {what}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} mutated saves broke {engine}:\n" + "\n".join(failures[:15])


# --------------------------------------------------------------------------- Space Pigs: the cases
# the review found (each was accepted, then crashed the page or showed a stuck board)
def _space_pigs_save(layout: str = "twin") -> dict:
    state = sp.new_game(players=4, seed=5, rules="full", max_rounds=3, layout=layout)
    rng = random.Random(5)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    return json.loads(state.to_json())


def _second_sun(state: dict) -> None:
    h = state["kind"].index("P")
    state["kind"][h], state["col"][h] = "S", ""


@pytest.mark.parametrize("field, change", [
    ("actor", lambda s: s.update(actor=99)),
    ("seq", lambda s: s.update(seq="9Z")),
    ("kind", _second_sun),
    ("rp", lambda s: s.update(rp=99)),
    ("max_rounds", lambda s: s.update(max_rounds="x")),
])
def test_space_pigs_load_refuses_a_bad_field_and_names_it(field, change):
    data = _space_pigs_save()
    assert sp.load(json.dumps(data)).sequence  # the unchanged save loads
    change(data["state"])
    with pytest.raises(SaveFileError, match=repr(field)):
        sp.load(json.dumps(data))


def test_space_pigs_load_refuses_sequence_data_that_do_not_fit():
    data = _space_pigs_save()
    data["state"]["opts"].pop("layout")
    with pytest.raises(SaveFileError, match="'opts'"):
        sp.load(json.dumps(data))
    data = _space_pigs_save()
    data["state"]["sd"]["i"] = "x"
    with pytest.raises(SaveFileError, match="'sd.i'"):
        sp.load(json.dumps(data))


def test_battlegoats_load_refuses_an_attack_step_without_its_own_slot():
    state = bg.new_game(players=3, seed=4)
    rng = random.Random(4)
    while not (isinstance(state.pending, dict) and "own" in state.pending):
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(state.to_json())
    del data["state"]["pending"]["own"]
    with pytest.raises(SaveFileError, match="pending.*own"):
        bg.load(json.dumps(data))


# --------------------------------------------------------------------------- nested fields, by name
@functools.lru_cache(maxsize=None)
def _space_pigs_save_with(what: str) -> str:
    """A Space Pigs save with ``what`` under way: a combat, a card or power waiting for its targets,
    a trip, a ship card in play, or a queue in the sequence data."""
    found = {"cb": lambda s: s.combat is not None and s.combat.stage == "cards_d",
             "pend": lambda s: s.pending is not None, "trip": lambda s: s.trip is not None,
             "ship": lambda s: s.ship is not None and s.trip is None, "sd": lambda s: "q" in s.seq_data}[what]
    for seed in range(40):
        state = sp.new_game(players=4, seed=seed, rules="full", max_rounds=4, clan_powers=True)
        rng = random.Random(seed)
        while not state.is_over:
            if found(state):
                return state.to_json()
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no random game reached {what}")


def _drop(key):
    return lambda part, s: part.pop(key)


def _other_seat(s):
    return next(p for p in range(s["n"]) if p not in (s["cb"]["a"], s["cb"]["d"]))


@pytest.mark.parametrize("where, field, change", [
    ("cb", "cb.round", lambda cb, s: cb.update(round=0)),
    ("cb", "cb.stage", lambda cb, s: cb.update(stage="dance")),
    ("cb", "cb.hex", lambda cb, s: cb.update(hex=999)),
    ("cb", "cb.a", lambda cb, s: cb.update(a=9)),
    ("cb", "cb.d", lambda cb, s: cb.update(d=cb["a"])),
    ("cb", "cb.acards", lambda cb, s: cb.update(acards=[999])),
    ("cb", "cb.revealed", lambda cb, s: cb.update(revealed="yes")),
    ("cb", "cb.tech", _drop("tech")),
    ("cb", "cb.zap", lambda cb, s: cb.update(zap=1)),
    ("cb", "cb.seq", lambda cb, s: cb.update(seq="3C" if cb["seq"] == "3A" else "3A")),
    ("cb", "cb.roll", lambda cb, s: cb.update(stage="resolve", roll=None)),
    ("cb", "cb.tie_player", lambda cb, s: cb.update(stage="win_tie", roll=[[3], [3]])),
    ("cb", "actor", lambda cb, s: s.update(actor=_other_seat(s))),
    ("pend", "pend.what", lambda pd, s: pd.update(what="spell")),
    ("pend", "pend.id", lambda pd, s: pd.update(id=999 if pd["what"] == "card" else "fly")),
    ("pend", "pend.player", lambda pd, s: pd.update(player=9)),
    ("pend", "pend.player", lambda pd, s: pd.update(player=(pd["player"] + 1) % s["n"])),
    ("pend", "pend.kinds", lambda pd, s: pd.update(kinds=["nowhere"])),
    ("pend", "pend.picks", lambda pd, s: pd.update(picks=[0] * len(pd["kinds"]))),
    ("trip", "trip.mode", lambda tr, s: tr.update(mode="warp")),
    ("trip", "trip.p", lambda tr, s: tr.update(p=99)),
    ("trip", "trip.src", lambda tr, s: tr.update(src=999)),
    ("trip", "trip.hops", lambda tr, s: tr.update(hops="2")),
    ("trip", "trip", lambda tr, s: s.update(seq="4B")),
    ("ship", "ship.mode", lambda sh, s: sh.update(mode="warp")),
    ("ship", "ship.range", lambda sh, s: sh.update(range=0)),
    ("sd", "sd.q", lambda sd, s: sd.update(q=[9])),
    ("sd", "sd.i", lambda sd, s: sd.update(i=len(sd["q"]) + 1)),
    ("sd", "sd.stage", lambda sd, s: sd.update(stage="dance")),
    ("sd", "sd.bogus", lambda sd, s: sd.update(bogus=1)),
    ("sd", "sd.convoy", lambda sd, s: sd.update(convoy={"9": 1})),
])
def test_space_pigs_load_refuses_a_bad_nested_field_and_names_it(where, field, change):
    data = json.loads(_space_pigs_save_with(where))
    sp.load(json.dumps(data))  # the unchanged save loads
    change(data["state"][where], data["state"])
    with pytest.raises(SaveFileError, match=re.escape(f"save file field {field!r}")):
        sp.load(json.dumps(data))


@functools.lru_cache(maxsize=None)
def _livestock_save_in_battle() -> str:
    for seed in range(40):
        state = lu.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.battle is not None and state.battle.stage == "respond":
                return state.to_json()
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no random game reached a battle")


@pytest.mark.parametrize("field, change", [
    ("battle.att", lambda s: s["battle"].update(att=99)),
    ("battle.frm", lambda s: s["battle"].update(frm="a1")),
    ("battle.stage", lambda s: s["battle"].update(stage="dance")),
    ("battle.defs", lambda s: s["battle"].update(defs=[])),
    ("battle.defs", lambda s: s["battle"].update(defs=[s["battle"]["att"]])),
    ("battle.loser", lambda s: s["battle"].update(loser="x")),
    ("battle.loser", lambda s: s["battle"].update(stage="casualty")),
    ("battle.barn", lambda s: s["battle"].update(barn=2)),
    ("battle.card", lambda s: s["battle"].update(card=999)),
    ("battle.decider", lambda s: s["battle"].update(decider=7)),
    ("battle.cas", lambda s: s["battle"].pop("cas")),
    ("battle.zz", lambda s: s["battle"].update(zz=0)),
    ("battle.to", lambda s: s["battle"].update(to=s["battle"]["frm"])),
    ("battle.att", lambda s: s["battle"].update(frm=min({0, 1, 2} - {s["battle"]["frm"], s["battle"]["to"]}))),
    ("battle", lambda s: s.update(battle=[1, 2])),
    ("battle", lambda s: s.update(phase="over")),
    ("phase", lambda s: s.update(phase="lunch")),
    ("resume", lambda s: s.update(resume="nap")),
    ("max_rounds", lambda s: s.update(max_rounds=0)),
    ("buffs", lambda s: s.update(buffs={})),
    ("buffs.attack", lambda s: s["buffs"].update(attack=-1)),
    ("turn", lambda s: s.update(turn=9)),
    ("first", lambda s: s.update(first=9)),
    ("acted", lambda s: s.update(acted=2)),
    ("players", lambda s: s.update(players=7)),
    ("factions", lambda s: s.update(factions=[0, 0, 1])),
    ("hands[1]", lambda s: s["hands"][1].append(999)),
    ("deck", lambda s: s.pop("deck")),
])
def test_livestock_load_refuses_a_bad_field_and_names_it(field, change):
    data = json.loads(_livestock_save_in_battle())
    lu.load(json.dumps(data))  # the unchanged save loads
    change(data["state"])
    with pytest.raises(SaveFileError, match=re.escape(f"save file field {field!r}")):
        lu.load(json.dumps(data))


# --------------------------------------------------------------------------- strings, endings, views
def _string_paths(node, prefix=()):
    return [path for path, value in _paths(node, prefix) if isinstance(value, str)]


@pytest.mark.parametrize("engine", list(GAMES))
def test_every_string_field_has_a_length_cap_that_names_it(engine):
    _, load = engine_of(engine)
    saves = [json.loads(text) for text in _saves(engine)]
    checked = 0
    for data in saves:
        for path in _string_paths(data["state"], ("state",)):
            changed = json.loads(json.dumps(data))
            _set(changed, path, "x" * (MAX_SAVE_STRING + 1))
            name = path[0] + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:])
            with pytest.raises(SaveFileError, match=re.escape(f"save file field {name!r}")):
                load(json.dumps(changed))
            checked += 1
    assert checked > 10  # names, setup logs, phases, card ids ... every string the saves hold


def test_space_pigs_clans_and_setup_log_are_bounded():
    data = _space_pigs_save()
    data["state"]["clans"][0] = "The " + "very " * 30 + "long clan"  # under the cap, not a clan
    with pytest.raises(SaveFileError, match="'clans'"):
        sp.load(json.dumps(data))
    data = _space_pigs_save()
    data["state"]["log0"] = ["a line"] * 101
    with pytest.raises(SaveFileError, match="'log0'"):
        sp.load(json.dumps(data))


def _page_save(engine: str) -> dict:
    from livestock_notebooks.core.session import Seat, Session

    new, _ = engine_of(engine)
    state = new(1)
    spec = {"space_pigs": sp.GAME, "livestock_uprising": lu.GAME, "battlegoats": bg.GAME}[engine]
    session = Session(spec, state, [Seat.human()] * state.players, autosave=False)
    return json.loads(session.to_save_text())


@pytest.mark.parametrize("engine", list(GAMES))
def test_a_page_save_caps_its_log_but_not_its_embedded_position(engine):
    from livestock_notebooks.core.session import Session

    spec = {"space_pigs": sp.GAME, "livestock_uprising": lu.GAME, "battlegoats": bg.GAME}[engine]
    data = _page_save(engine)
    assert len(data["engine_save"]) > MAX_SAVE_STRING // 2
    data["engine_save"] = json.dumps(json.loads(data["engine_save"]), indent=4)  # longer than the cap: fine
    assert len(data["engine_save"]) > MAX_SAVE_STRING
    Session.from_save_text(spec, json.dumps(data), autosave=False)
    for change, field in ((lambda d: d["log"].append({"text": "x" * 5000, "player": None, "kind": "k"}), "log["),
                          (lambda d: d.update(summary="x" * 5000), "summary"),
                          (lambda d: d["seats"][0].update(kind="x" * 5000), "seats[0].kind")):
        changed = json.loads(json.dumps(data))
        change(changed)
        with pytest.raises(SaveFileError, match=re.escape(field)):
            Session.from_save_text(spec, json.dumps(changed), autosave=False)
    data["log"] = [{"text": "a move", "player": None, "kind": "k"}] * 1001
    with pytest.raises(SaveFileError, match="log has 1001 lines"):
        Session.from_save_text(spec, json.dumps(data), autosave=False)


def _finished(engine: str, max_rounds):
    make = {"space_pigs": lambda seed: sp.new_game(players=3, seed=seed, rules="full", max_rounds=max_rounds),
            "livestock_uprising": lambda seed: lu.new_game(players=2, seed=seed, max_rounds=max_rounds),
            "battlegoats": lambda seed: bg.new_game(players=3, seed=seed, max_rounds=max_rounds)}[engine]
    for seed in range(20):
        state, rng = make(seed), random.Random(seed)
        for _ in range(20000):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over and (max_rounds is not None or state.winners):
            return json.loads(state.to_json())
    raise AssertionError(f"no random {engine} game finished")


WINNERS = {"space_pigs": "win", "livestock_uprising": "winners", "battlegoats": "winners"}


@pytest.mark.parametrize("engine", list(GAMES))
def test_a_finished_game_must_have_its_winners(engine):
    _, load = engine_of(engine)
    data = _finished(engine, None)
    assert load(json.dumps(data)).winners  # as saved: it loads
    data["state"][WINNERS[engine]] = []
    with pytest.raises(SaveFileError, match=f"'{WINNERS[engine]}'"):
        load(json.dumps(data))
    # a game the round limit ended has no winner, and loads
    stopped = _finished(engine, 1)
    assert load(json.dumps(stopped)).winners == []


def test_battlegoats_winners_must_fit_the_result():
    data = _finished("battlegoats", None)
    assert data["state"]["result"] == "last_card" or data["state"]["result"] == "shared"
    running = json.loads(_saves("battlegoats")[0])
    running["state"]["winners"] = [0]
    with pytest.raises(SaveFileError, match="'winners' names winners of a game still running"):
        bg.load(json.dumps(running))
    data["state"]["result"] = "no_victors"
    with pytest.raises(SaveFileError, match="'winners'"):
        bg.load(json.dumps(data))


@pytest.mark.parametrize("engine", list(GAMES))
def test_a_loaded_game_shows_the_same_views(engine):
    new, load = engine_of(engine)
    for seed in range(4):
        state, rng = new(seed), random.Random(seed)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        loaded = load(state.to_json())
        for seat in [None, *range(state.players)]:
            assert loaded.player_view(seat) == state.player_view(seat), (engine, seed, seat)
