"""The Livestock Uprising notation: a text either gives a position the game's own ``load`` accepts,
or it is refused with a clear :class:`NotationError` (a ValueError) naming the field."""
from __future__ import annotations

import random

import pytest

from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising.bots.heuristic import GreedyBot, RandomBot

BATTLE = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr c3:d,a3,a3,c4:ss,e3,e3 0.0.0.0.0,0.0.0.0.0 -,-| - 0/action/0/0 "
          "000:100:000/t1.A Pecky@c3>c4:Bessie:casualty:1:0:0:-:def:1:1")


def _valid_notations() -> list[str]:
    """Positions of bot games at every stage: setup, each phase, Super Armies, battles in progress."""
    out = [BATTLE]
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = lu.new_game(players=players, seed=seed, max_rounds=30)
        bots = [GreedyBot(seed + p) if p % 2 == 0 else RandomBot(seed + p) for p in range(players)]
        step = 0
        while not s.is_over and step < 3000:
            if step % 7 == 0 or s.battle is not None:
                out.append(s.notation())
            s.apply(bots[s.current_player].choose(s))
            step += 1
        out.append(s.notation())
    return out


def test_a_malformed_battle_field_is_refused_clearly():
    assert lu.from_notation(BATTLE).pending["kind"] == "casualty"
    fields = BATTLE.split()
    for bad in ("Pecky@c3>c4:Bessie", "Pecky@c3>c4:Bessie:casualty:1:0:0:-:def:1:1:9", "x", "::::::::::",
                "Pecky@c3>c4:Bessie:casualty:one:0:0:-:def:1:1", "Pecky@c3>c4:Bessie:casualty:1:0:0:-:def:1:7"):
        with pytest.raises(lu.NotationError) as info:
            lu.from_notation(" ".join(fields[:8] + [bad]))
        assert "(battle field)" in str(info.value) and "unpack" not in str(info.value), info.value
        assert isinstance(info.value, ValueError)


def test_a_malformed_flags_or_turn_field_is_refused_clearly():
    fields = BATTLE.split()
    for i, bad in ((7, "000:100"), (7, "0x0:100:000"), (6, "0/action/0"), (6, "0/action/zero/0")):
        with pytest.raises(lu.NotationError) as info:
            lu.from_notation(" ".join(fields[:i] + [bad] + fields[i + 1:]))
        assert ("(flags field)" if i == 7 else "(turn field)") in str(info.value), info.value


def _mutate(text: str, rng: random.Random) -> str:
    fields = text.split()
    how = rng.randrange(6)
    if how == 0:  # one character changed
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("0123456789:/.,|-*@>+abcdefghorsxzACLRt ") + text[i + 1:]
    if how == 1:  # one character removed
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1:]
    if how == 2:  # the last field cut short
        last = fields[-1]
        return " ".join(fields[:-1] + [last[:rng.randrange(len(last))]])
    if how == 3:  # a part of the last field dropped or repeated
        sep = ":" if ":" in fields[-1] else "/"
        parts = fields[-1].split(sep)
        i = rng.randrange(len(parts))
        parts = parts[:i] + parts[i + 1:] if rng.random() < 0.5 else parts[:i] + [parts[i]] + parts[i:]
        return " ".join(fields[:-1] + [sep.join(parts)])
    if how == 4:  # a number made huge or negative
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        if not digits:
            return text
        i = rng.choice(digits)
        return text[:i] + rng.choice(("9" * 40, "-1", "99")) + text[i + 1:]
    i, j = rng.randrange(len(fields)), rng.randrange(len(fields))  # two fields swapped
    fields[i], fields[j] = fields[j], fields[i]
    return " ".join(fields)


def test_mutated_notations_load_or_are_refused_clearly():
    rng = random.Random(11)
    valid = _valid_notations()
    assert any(len(t.split()) == 9 for t in valid)
    accepted = refused = 0
    for k in range(4000):
        text = _mutate(rng.choice(valid), rng)
        try:
            s = lu.from_notation(text)
        except lu.NotationError as exc:
            message = str(exc)
            assert message.startswith("bad Livestock Uprising notation") or message == "a position is a string"
            assert "unpack" not in message and "invalid literal" not in message, (text, message)
            refused += 1
            continue
        assert not s.invariant_violations(), text
        again = lu.load(s.to_json())  # the game's own load accepts it
        assert again.notation() == s.notation()
        if not s.is_over:
            s.legal_actions()
        accepted += 1
    assert accepted > 100 and refused > 1000
