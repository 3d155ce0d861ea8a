"""Livestock Notebooks: rules engines, odds and Jupyter widgets for three tabletop games.

Engines (pure Python, no widget imports):

- ``livestock_notebooks.livestock_uprising``
- ``livestock_notebooks.battlegoats``
- ``livestock_notebooks.space_pigs``

Shared pieces: :mod:`livestock_notebooks.odds` (exact dice odds), :mod:`.engine` (the
protocol every engine follows), :mod:`.rng` (the seeded, saveable dice), :mod:`.errors`.
"""
from .core.errors import IllegalAction, MalformedAction, NotYourDecision, SaveFileError

__all__ = ["IllegalAction", "MalformedAction", "NotYourDecision", "SaveFileError"]
__version__ = "0.1.0"
