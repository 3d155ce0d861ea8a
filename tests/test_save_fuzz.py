"""Mutated saves: every engine's ``load`` either refuses them with ``SaveFileError`` or gives a
state that keeps its invariants and can be played on (issue 11, "Saves, autosaves and loading")."""
from __future__ import annotations

import json
import random

import pytest

from livestock_notebooks import IllegalAction, SaveFileError
from livestock_notebooks import battlegoats as bg
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks import space_pigs as sp

MUTATIONS_PER_ENGINE = 300

ENGINES = {
    "space_pigs": (lambda seed: sp.new_game(players=3 + seed % 3, seed=seed, rules="full", max_rounds=3), sp.load),
    "livestock_uprising": (lambda seed: lu.new_game(players=2 + seed % 3, seed=seed, max_rounds=3), lu.load),
    "battlegoats": (lambda seed: bg.new_game(players=3 + seed % 2, seed=seed, max_rounds=3), bg.load),
}


def _saves(engine: str) -> list[str]:
    """Saves from a few seeded random games, taken at several steps."""
    new, _ = ENGINES[engine]
    out = []
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = new(seed)
        for step in range(160):
            if step % 40 == 0:
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


def _mutate(data: dict, rng: random.Random) -> str:
    """One mutation of the save's ``state``: a number, a string, a dropped key, a duplicated list
    item or two swapped values. Returns a description for failure messages."""
    state = data["state"]
    paths = [p for p, _ in _paths(state) if p]
    path = rng.choice(paths)
    value = _get(state, path)
    kind = rng.randrange(5)
    if kind == 0 or (isinstance(value, (int, float)) and not isinstance(value, bool) and kind < 3):
        new = rng.choice([-1, 99, "x", None, 1.5, True])
        _set(state, path, new)
        return f"{path} = {new!r}"
    if kind == 1 and isinstance(value, str):
        new = rng.choice(["", "<b>x</b>"])
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


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_mutated_saves_are_refused_or_playable(engine):
    _, load = ENGINES[engine]
    saves = _saves(engine)
    rng = random.Random(11)
    failures = []
    for i in range(MUTATIONS_PER_ENGINE):
        data = json.loads(saves[i % len(saves)])
        what = _mutate(data, rng)
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
    with pytest.raises(SaveFileError, match="'sd'"):
        sp.load(json.dumps(data))


def test_battlegoats_load_refuses_an_attack_step_without_its_own_slot():
    state = bg.new_game(players=3, seed=4)
    rng = random.Random(4)
    while not (isinstance(state.pending, dict) and "own" in state.pending):
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(state.to_json())
    del data["state"]["pending"]["own"]
    with pytest.raises(SaveFileError, match="pending own"):
        bg.load(json.dumps(data))
