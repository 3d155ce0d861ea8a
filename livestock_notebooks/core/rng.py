"""The seeded dice every engine uses.

A small splitmix64 generator whose whole state is one integer, so it saves into a game's
JSON and a loaded game replays exactly. Tests and tutorials may *script* die rolls: scripted
values are used (in order) by :meth:`Dice.roll` before the generator is consulted again.
"""
from __future__ import annotations

from typing import Iterable, MutableSequence, Sequence, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Dice:
    """Seeded, saveable source of randomness.

    >>> d = Dice(7)
    >>> d.roll(6) in range(1, 7)
    True
    >>> d.script([6, 6]); d.roll(6), d.roll(6)
    (6, 6)
    """

    __slots__ = ("_state", "_script")

    def __init__(self, seed: int = 0):
        self._state = (int(seed) * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & _MASK
        self._script: list[int] = []

    # -- core generator -------------------------------------------------------------
    def _next64(self) -> int:
        s = (self._state + 0x9E3779B97F4A7C15) & _MASK
        self._state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (never scripted)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self._next64() * n) >> 64

    # -- what games use ---------------------------------------------------------------
    def roll(self, sides: int = 6) -> int:
        """One die with ``sides`` faces, 1..sides; scripted values come first."""
        if self._script:
            value = self._script.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted roll {value} does not fit a d{sides}")
            return value
        return (self._next64() * sides >> 64) + 1

    def rolls(self, count: int, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.roll(sides) for _ in range(count))

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def script(self, values: Iterable[int]) -> None:
        """Queue die results for the next :meth:`roll` calls (tests, tutorials)."""
        self._script.extend(int(v) for v in values)

    @property
    def scripted(self) -> tuple[int, ...]:
        return tuple(self._script)

    # -- saving -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"state": format(self._state, "x"), "script": list(self._script)}

    @classmethod
    def from_dict(cls, data: dict) -> "Dice":
        dice = cls.__new__(cls)
        state = data["state"]
        if not isinstance(state, str):
            raise ValueError("dice state must be a hex string")
        dice._state = int(state, 16) & _MASK
        script = data.get("script", [])
        if not isinstance(script, list) or not all(isinstance(v, int) for v in script):
            raise ValueError("dice script must be a list of integers")
        dice._script = list(script)
        return dice

    def copy(self) -> "Dice":
        dice = Dice.__new__(Dice)
        dice._state = self._state
        dice._script = list(self._script)
        return dice

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and (self._state, self._script) == (other._state, other._script)

    def __repr__(self) -> str:
        return f"<Dice state={self._state:x} scripted={self._script}>"
