"""Space Pigs notation: every string either gives a position the engine's own ``load`` accepts,
or is refused with a NotationError (a ValueError) naming the field; fuzzed by mutating valid
notations."""
from __future__ import annotations

import random

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.bots import RandomBot

SETUPS = [("full", {"clan_powers": True}), ("full", {"unexplored": True}), ("simple_a", {}), ("simple_b", {}),
          ("full", {"layout": "twin"}), ("full", {"seventh_planet": True})]
# characters and whole fields a mutation may put in
CHARS = "0123456789abcdefhpPDASrybwmo?-,.:/|= _x"
FIELDS = ["", "0", "9", "99", "-1", "x", "a9", "b0h4", "pir9", "por0", "worm", "Pr", "Pq", "Arr", "?S", "S:a1",
          "n=9", "n=3", "seq=4C", "seq=2X", "turn=0", "turn=-3", "rules=simpleb", "opts=layout:x", "worm=4",
          "rp=9", "out=123", "hands=1.1//", "trips=,,", "9" * 5000]


def _notations() -> list[str]:
    out = []
    for g, (rules, opts) in enumerate(SETUPS):
        state = sp.new_game(players=3 + g % 4, seed=200 + g, rules=rules, max_rounds=3, **opts)
        bot = RandomBot(g)
        step = 0
        while not state.is_over:
            if step % 9 == 0:
                out.append(state.notation())
            state.apply(bot.choose(state))
            step += 1
    return out


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(7)
        if how < 3 and text:  # drop, duplicate or replace a character
            i = rng.randrange(len(text))
            text = text[:i] + ("" if how == 0 else text[i] * 2 if how == 1 else rng.choice(CHARS)) + text[i + 1:]
            continue
        sep = rng.choice([" ", ":", ",", "/", ".", "="])
        parts = text.split(sep)
        i = rng.randrange(len(parts))
        if how == 3:
            del parts[i]
        elif how == 4:
            parts.insert(i, parts[i])
        elif how == 5:
            parts[i] = parts[rng.randrange(len(parts))]
        else:
            parts[i] = rng.choice(FIELDS)
        text = sep.join(parts)
    return text


def _check(text: str) -> bool:
    """True if the text gave a position (which must load and keep its invariants), False if it
    was refused with a clear NotationError."""
    try:
        state = sp.from_notation(text)
    except sp.NotationError as exc:
        assert str(exc).startswith("bad Space Pigs notation") or "Space Pigs notation" in str(exc), str(exc)
        return False
    again = sp.load(state.to_json())  # never a SaveFileError
    assert again.invariant_violations() == []
    assert again.legal_actions() or again.is_over
    return True


def test_notation_error_is_a_value_error():
    assert issubclass(sp.NotationError, ValueError)


@pytest.mark.parametrize("text, field", [
    ("SP1 n=3 rules=simpleb | 0,0:Pr:a3 1,0:Py:b3 0,1:Pb:c3", "rules"),  # its save was refused
    ("SP1 n=3 | 0,0:Pq:a3 1,0:Py:b3 0,1:Pb:c3", "cell"),  # a planet of no colour was accepted
    ("SP1 n=3 | 0,0:Arr:a3 1,0:Py:b3 0,1:Pb:c3", "cell"),
    ("SP1 n=3 opts=layout:maze | 0,0:Pr:a3 1,0:Py:b3 0,1:Pb:c3", "opts"),
    ("SP1 n=3 clans=Po,Zz,Hy | 0,0:Pr:a3 1,0:Py:b3 0,1:Pb:c3", "clans"),
    ("SP1 n=3 hands=999// | 0,0:Pr:a3 1,0:Py:b3 0,1:Pb:c3", "hands"),
    ("SP1 n=3 turn=" + "9" * 5000 + " | 0,0:Pr:a3", "turn"),
    ("SP1 rules=full | 0,0:Pr:a3", "n"),
    ("SP1 n=3 | 0,0", "cell"),
])
def test_bad_notation_names_its_field(text, field):
    with pytest.raises(sp.NotationError) as exc:
        sp.from_notation(text)
    assert field in str(exc.value) and len(str(exc.value)) < 400


def test_valid_notations_load():
    for text in _notations():
        assert _check(text), text


def test_mutated_notations_load_or_are_refused_clearly():
    rng = random.Random(11)
    base = _notations()
    accepted = 0
    for _ in range(3000):
        accepted += _check(_mutate(rng.choice(base), rng))
    assert accepted > 100  # the fuzz reaches real positions, not only refusals
