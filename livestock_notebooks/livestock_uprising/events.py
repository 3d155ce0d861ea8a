"""The kinds of event the Livestock Uprising engine emits (``Event.kind``), as named constants.

Logs, the battle dialog, tutorials and bots match on these names rather than on bare strings::

    >>> from livestock_notebooks.livestock_uprising.events import EventKind
    >>> EventKind.MOVE
    'move'
    >>> "battle" in EventKind.ALL
    True
"""
from __future__ import annotations

from typing import ClassVar

__all__ = ["EventKind"]


class EventKind:
    """Every ``Event.kind`` of Livestock Uprising (the values are what logs and saves have always used)."""

    # setup and turns
    BARN = "barn"  #: a barn was placed (data: square)
    BOARD = "board"  #: the board was completed (data: terrain)
    FIRST = "first"  #: the first player was drawn (data: player)
    TURN = "turn"  #: a player's turn begins (data: round)
    PHASE = "phase"  #: the next phase of the turn (data: phase)
    END = "end"  #: the round limit ended the game (data: rounds)
    # action phase
    MOVE = "move"  #: a General moved (data: general, from, to)
    STAY = "stay"  #: a General stayed (data: general)
    # battles
    ATTACK = "attack"  #: an attack (data: attacker, from, to, defenders)
    BATTLE = "battle"  #: the dice of a battle (data: attack, defense, attacker_dice, defender_dice, outcome)
    CASUALTY = "casualty"  #: a unit lost (data: general, unit, auto)
    RETREAT = "retreat"  #: a beaten defender stepped back (data: general, to, auto)
    ADVANCE = "advance"  #: the attacker moved into the square it won (data: general, to)
    DESTROYED = "destroyed"  #: a General without units destroyed by a Super Army (data: general)
    OUT = "out"  #: a player left the game (data: player)
    WIN = "win"  #: the last player standing won (data: winners)
    # harvest and marshalling
    HARVEST = "harvest"  #: tokens harvested (data: general, resource, amount)
    MARSHAL = "marshal"  #: a unit bought (data: unit, general, cost)
    TRANSFER = "transfer"  #: a unit passed between Generals (data: unit, from, to)
    # command cards and the Super Army
    CARD = "card"  #: a command card played, or none by a defender (data: card, effect, ...)
    DRAW = "draw"  #: a command card drawn (hidden; data: player)
    SUPER = "super"  #: a Super Army declared, or formed (data: units, discarded)

    ALL: ClassVar[frozenset[str]] = frozenset()


EventKind.ALL = frozenset(v for k, v in vars(EventKind).items() if k.isupper() and isinstance(v, str))
