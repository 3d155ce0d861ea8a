"""Exact dice odds for Livestock Uprising and Space Pigs (pure Python, no widget imports).

The Space Pigs combat model lives in :mod:`livestock_notebooks.odds.sides`; see its docstring.
"""
from .sides import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    Side,
    dice_total_distribution,
    resolve_round,
    round_odds,
)
