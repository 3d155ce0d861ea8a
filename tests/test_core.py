"""The shared core: errors, seeded dice, save envelopes, action serialisation."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from livestock_notebooks import IllegalAction, MalformedAction, SaveFileError
from livestock_notebooks.core.protocol import Action, action_from_dict, dump_save, parse_save
from livestock_notebooks.core.rng import Dice


def test_illegal_action_is_a_value_error_naming_rule_and_section():
    exc = IllegalAction("Generals cannot enter a forest", "Move")
    assert isinstance(exc, ValueError)
    assert exc.rule == "Generals cannot enter a forest" and exc.section == "Move"
    assert "forest" in str(exc) and "Move" in str(exc)
    assert issubclass(MalformedAction, IllegalAction)


def test_same_seed_same_rolls_and_saved_dice_continue_identically():
    a, b = Dice(42), Dice(42)
    assert a.rolls(20) == b.rolls(20)
    saved = a.to_dict()
    later = [a.roll(8) for _ in range(10)]
    restored = Dice.from_dict(saved)
    assert [restored.roll(8) for _ in range(10)] == later
    assert Dice(1).rolls(20) != Dice(2).rolls(20)


def test_dice_are_fair_enough():
    dice = Dice(3)
    counts = [0] * 6
    for _ in range(60000):
        counts[dice.roll(6) - 1] += 1
    assert all(9500 < c < 10500 for c in counts)


def test_scripted_rolls_come_first_and_are_saved():
    dice = Dice(0)
    dice.script([6, 1])
    restored = Dice.from_dict(dice.to_dict())
    assert restored.roll(6) == 6 and restored.roll(6) == 1
    bad = Dice(0)
    bad.script([9])
    with pytest.raises(ValueError, match="d6"):
        bad.roll(6)


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(30))
    d1, d2 = Dice(5), Dice(5)
    x, y = items[:], items[:]
    d1.shuffle(x)
    d2.shuffle(y)
    assert x == y and sorted(x) == items and x != items


@dataclass(frozen=True)
class Step(Action):
    where: tuple
    how: str

    def __str__(self):
        return f"step {self.how} to {self.where}"


def test_actions_round_trip_through_dicts():
    action = Step(where=(1, 2), how="north")
    assert action_from_dict(action.to_dict(), [Step]) == action
    with pytest.raises(MalformedAction):
        action_from_dict({"type": "Fly"}, [Step])
    with pytest.raises(MalformedAction):
        action_from_dict({"type": "Step", "where": [1, 2]}, [Step])


@pytest.mark.parametrize(
    "text,message",
    [
        ("not json at all", "not valid JSON"),
        ("[1, 2]", "no game state"),
        (dump_save("battlegoats", 1, {}), "not of 'space_pigs'"),
        (dump_save("space_pigs", 99, {}), "version 99"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_corrupt_saves_give_clear_errors(text, message):
    with pytest.raises(SaveFileError, match=message):
        parse_save(text, "space_pigs", 1)


@dataclass(frozen=True)
class _Pick(Action):
    player: int
    name: str
    sure: bool


@dataclass(frozen=True)
class _Maybe(Action):
    player: int
    target: int | None
    path: tuple[int, ...]


def test_an_action_field_of_the_wrong_type_is_refused_naming_the_field():
    from livestock_notebooks.core.protocol import check_field_types

    check_field_types(_Pick(0, "a", True))
    for bad, field in [(_Pick(True, "a", True), "player"), (_Pick(0, 1, True), "name"),
                       (_Pick(0, "a", 1), "sure"), (_Pick(1.0, "a", False), "player")]:
        with pytest.raises(MalformedAction, match=rf"_Pick\.{field} must be"):
            check_field_types(bad, "Move")
    # fields declared with a type that is not a plain class (a union, a tuple of ints) are not
    # checked; the plain ones beside them still are
    check_field_types(_Maybe(0, None, (1, 2)))
    check_field_types(_Maybe(0, 3, ()))
    with pytest.raises(MalformedAction, match=r"_Maybe\.player must be an int, not bool"):
        check_field_types(_Maybe(False, None, ()))
