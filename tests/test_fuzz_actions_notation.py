"""Fuzzing through the public API (issue 11): malformed actions and mutated notations.

- An action made from a legal one with one field changed (a wrong type, out of range, another
  player, another action's value) is either one of the legal actions, and played, or refused
  with IllegalAction, leaving the game exactly as it was (``to_json`` unchanged).
- A mutated BattleGoats notation gives a position the game's own ``load`` accepts, or a clear
  ValueError (Livestock Uprising and Space Pigs notations are fuzzed the same way in
  ``test_livestock_notation.py`` and ``test_space_pigs_notation.py``).
"""
from __future__ import annotations

import dataclasses
import random
import re

import pytest

from livestock_notebooks import IllegalAction, SaveFileError
from livestock_notebooks import battlegoats as bg
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.games import GAMES

ACTIONS_PER_ENGINE = 1500
NOTATIONS = 1500

#: how a game's fuzzed positions start, where not the default of :func:`new_game` below
ENGINES = {
    "space_pigs": lambda seed: sp.new_game(players=3 + seed % 3, seed=seed, rules="full", max_rounds=3,
                                           clan_powers=bool(seed % 2)),
    "livestock_uprising": lambda seed: lu.new_game(players=2 + seed % 3, seed=seed, max_rounds=3),
    "battlegoats": lambda seed: bg.new_game(players=3 + seed % 2, seed=seed, max_rounds=3),
}


def new_game(engine: str, seed: int):
    """A fuzzed game of any game of the registry: its own line above, else its fewest players
    or one more, three rounds."""
    if engine in ENGINES:
        return ENGINES[engine](seed)
    info = GAMES[engine]
    return info.new_game(players=min(info.min_players + seed % 2, info.max_players), seed=seed, max_rounds=3)


# values a field is changed to: wrong types, out of range, huge
ODD_VALUES = [-1, -3, 99, 10**9, "x", "", None, 1.5, True, False, (), (1, 2), "0"]


def _positions(engine: str, every: int = 7, steps: int = 250) -> list:
    """States of a few seeded random games, taken every ``every`` steps while a decision is open."""
    out = []
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        state = new_game(engine, seed)
        for step in range(steps):
            legal = state.legal_actions()
            if state.is_over or not legal:
                break
            if step % every == 0:
                out.append(state.copy())
            state.apply(rng.choice(legal))
    return out


def _malformed(action, legal: list, players: int, rng: random.Random):
    """``action`` with one field changed; or, now and then, no action of the game at all."""
    fields = [f.name for f in dataclasses.fields(action)]
    if not fields or rng.random() < 0.03:
        return rng.choice([None, "Done", 3, object(), {"player": 0}])
    name = rng.choice(fields)
    value = getattr(action, name)
    how = rng.randrange(4)
    if how == 0:
        new = rng.choice(ODD_VALUES)
    elif how == 1 and isinstance(value, int) and not isinstance(value, bool):
        new = (value + rng.randint(1, players)) % max(players, 2) if name == "player" else value + rng.choice([-1, 1])
    elif how == 2:  # the value of the same field in another legal action
        others = [getattr(a, name) for a in legal if hasattr(a, name)]
        new = rng.choice(others)
    else:
        new = rng.choice(ODD_VALUES + [value])
    return dataclasses.replace(action, **{name: new})


@pytest.mark.parametrize("engine", list(GAMES))
def test_malformed_actions_are_played_only_if_legal_and_refusals_change_nothing(engine):
    positions = _positions(engine)
    rng = random.Random(7)
    failures, refused = [], 0
    for i in range(ACTIONS_PER_ENGINE):
        state = positions[i % len(positions)].copy()
        legal = state.legal_actions()
        action = _malformed(rng.choice(legal), legal, state.players, rng)
        before = state.to_json()
        try:
            state.apply(action)
        except IllegalAction:
            refused += 1
            if state.to_json() != before:
                failures.append(f"refused {action!r} but changed the game")
            continue
        except Exception as exc:  # noqa: BLE001 - collected and reported below
            failures.append(f"{action!r}: {type(exc).__name__}: {exc}")
            continue
        if action not in legal:
            failures.append(f"played {action!r}, which is not a legal action")
        elif state.invariant_violations():
            failures.append(f"{action!r} broke {state.invariant_violations()}")
    assert not failures, f"{len(failures)} malformed actions misbehaved in {engine}:\n" + "\n".join(failures[:12])
    assert refused > ACTIONS_PER_ENGINE // 2  # the fuzz mostly makes bad actions, not legal ones


# --------------------------------------------------------------------------- BattleGoats notation
CHARS = "0123456789abcdefghijklmnopqrstuvwxyz.,/|^*-= "
FIELDS = ["", "-", ".", "0", "99", "-1", "x", "bg9", "bg2", "r0/-", "f9", "s9", "zz", "9" * 300]


def _bg_notations() -> list[str]:
    return [s.notation() for s in _positions("battlegoats", every=11, steps=300)]


def _mutate_notation(text: str, rng: random.Random) -> str:
    """One to three of the notation's words or separators dropped, cut short, lengthened by a
    character, copied from elsewhere in the text or replaced by an odd field."""
    tokens = re.split(r"([ |,/=^*])", text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(tokens))
        tokens[i] = rng.choice(["", tokens[i][:-1], tokens[i] + rng.choice(CHARS),
                                tokens[rng.randrange(len(tokens))], rng.choice(FIELDS)])
    return "".join(tokens)


def test_mutated_battlegoats_notations_load_or_are_refused_clearly():
    base = _bg_notations()
    rng = random.Random(5)
    failures, accepted = [], 0
    for _ in range(NOTATIONS):
        text = _mutate_notation(rng.choice(base), rng)
        try:
            state = bg.from_notation(text)
        except ValueError as exc:
            if not str(exc).startswith("bad BattleGoats notation") or type(exc) not in (ValueError,):
                failures.append(f"{text!r}: unclear {type(exc).__name__}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001
            failures.append(f"{text!r}: {type(exc).__name__}: {exc}")
            continue
        try:
            bg.load(state.to_json())
        except SaveFileError as exc:
            failures.append(f"{text!r}: accepted, but its save is refused: {exc}")
            continue
        accepted += 1
    assert not failures, f"{len(failures)} mutated notations misbehaved:\n" + "\n".join(failures[:12])
    assert accepted > 50
