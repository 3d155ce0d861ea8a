"""What every game shares: the engine protocol, errors, seeded dice, game descriptions,
the game session (seats, turns, bots, undo, saves), the bot protocol and the tutorial step model.

Pure Python: nothing here imports a widget library (``tests/test_engine_purity.py``).

- :mod:`.protocol` -- ``Action``, ``Event``, ``GameState``, ``require``, the save envelope
- :mod:`.errors` -- ``IllegalAction``, ``MalformedAction``, ``NotYourDecision``, ``SaveFileError``
- :mod:`.rng` -- ``Dice``, the seeded and saveable generator
- :mod:`.game_info` -- ``GameInfo``, one game described once (each game's ``GAME``)
- :mod:`.session` -- ``Session``, ``Seat``: a game in progress as a page runs it
- :mod:`.bots` -- the bot protocol, ``RandomBot``, ``play_out``
- :mod:`.tutorial` -- ``Step``, the one tutorial step model
"""
from .errors import IllegalAction, MalformedAction, NotYourDecision, SaveFileError
from .protocol import Action, Event, GameState, require
from .rng import Dice

__all__ = [
    "Action", "Dice", "Event", "GameState", "IllegalAction", "MalformedAction",
    "NotYourDecision", "SaveFileError", "require",
]
