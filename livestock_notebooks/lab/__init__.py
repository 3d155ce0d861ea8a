"""The balance lab: thousands of bot games on Dask, and the answers with intervals.

    >>> from livestock_notebooks import lab
    >>> experiment = lab.Experiment("livestock_uprising", ["greedy", "greedy"], games=4, seed=1,
    ...                             options={"factions": "draw"})
    >>> row = lab.play_game(experiment, 0)
    >>> sorted(row["factions"]) == sorted(set(row["factions"])), row["worker"]
    (True, 'local')

An experiment (:class:`Experiment`) is played by :func:`run` into a Parquet folder, one file
per chunk of games, on an embedded local Dask cluster or a running one; :func:`read_frame`
reads it back as a pandas DataFrame and :mod:`.analysis` turns it into win rates with Wilson
intervals. :mod:`.studies` names ready-made studies and keeps finished ones. Pure Python: no
widget import (the page is :mod:`livestock_notebooks.widgets.lab`).
"""
from __future__ import annotations

from . import analysis
from .features import FEATURE_COLUMNS, game_options
from .runner import SCHEDULER_ENV, Experiment, play_chunk, play_game, plan_chunks, run
from .store import read_frame, records

__all__ = ["FEATURE_COLUMNS", "SCHEDULER_ENV", "Experiment", "analysis", "game_options", "play_chunk", "play_game",
           "plan_chunks", "read_frame", "records", "run"]
