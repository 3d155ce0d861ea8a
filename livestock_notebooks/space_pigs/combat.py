"""The combat in progress (``state.combat``), as a record with readable fields.

A combat is fought on one hex between an attacker and the defender holding the hex (a player,
or an alien code: -1 pirates, -2 porcophages, -3 the acorn worm). Its ``stage`` says what
happens next: ``cards_d`` / ``cards_a`` (each side plays cards face down, the defender first),
``to_reveal``, ``revealed``, ``tech`` / ``tech_done`` (the technology total, over-armament),
``flee_d`` / ``flee_a``, ``roll``, ``rolled`` / ``rolled2`` / ``reroll``, ``check_tie`` /
``win_tie`` and ``resolve``. The rules that move it on are in :mod:`.space_combat`.

Saves keep the short keys of the first save format:

    >>> c = Combat(hex=4, attacker=0, defender=-1, sequence="3A")
    >>> c.to_dict()["a"], c.to_dict()["dcards"]
    (0, [])
    >>> Combat.from_dict(c.to_dict()) == c
    True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the technology total that destroys every troop on the hex (Technology Indices)
WIPEOUT_TOTAL = 6

# save key -> field, in the order saves write them
_SAVE_KEYS = (("hex", "hex"), ("a", "attacker"), ("d", "defender"), ("seq", "sequence"), ("round", "round"),
              ("stage", "stage"), ("acards", "attacker_cards"), ("dcards", "defender_cards"),
              ("revealed", "revealed"), ("ab", "attacker_bonus"), ("db", "defender_bonus"), ("tech", "tech"),
              ("roll", "rolls"), ("fled_first", "fled_first"), ("tie", "tie_won_by"))


@dataclass
class Combat:
    """One combat under way (see the module docstring)."""

    hex: int
    attacker: int  # a player, or an alien code
    defender: int
    sequence: str  # "3A" or "3C"
    round: int = 1
    stage: str = "cards_d"
    attacker_cards: list[int] = field(default_factory=list)  # played face down, then revealed
    defender_cards: list[int] = field(default_factory=list)
    revealed: bool = False
    attacker_bonus: int = 0  # from the revealed cards
    defender_bonus: int = 0
    tech: int = 0  # the technology total: 6 or more destroys everyone on the hex
    rolls: list[list[int]] | None = None  # [attacker dice, defender dice] of the round being fought
    fled_first: bool = False
    tie_won_by: int | None = None  # the Phacocherus player who used the power to win a tie
    tie_player: int | None = None  # the player offered that power now (saved only once offered)

    def cards_of(self, who: int) -> list[int]:
        """The cards played by a side (``who`` is the attacker or the defender)."""
        return self.defender_cards if who == self.defender else self.attacker_cards

    def rolled(self) -> list[list[int]]:
        """[attacker dice, defender dice] of the round being fought (once rolled)."""
        assert self.rolls is not None, "the round is not rolled yet"
        return self.rolls

    def other_side(self, who: int) -> int:
        return self.attacker if who == self.defender else self.defender

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {key: getattr(self, name) for key, name in _SAVE_KEYS}
        d["acards"] = list(self.attacker_cards)
        d["dcards"] = list(self.defender_cards)
        d["roll"] = None if self.rolls is None else [list(r) for r in self.rolls]
        if self.tie_player is not None:
            d["tie_player"] = self.tie_player
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Combat":
        c = cls(**{name: data[key] for key, name in _SAVE_KEYS if key in data})
        c.attacker_cards = list(c.attacker_cards)
        c.defender_cards = list(c.defender_cards)
        c.tie_player = data.get("tie_player")
        return c

    def copy(self) -> "Combat":
        return Combat.from_dict(self.to_dict())
