"""Ready-made studies, and finished ones kept as plain JSON.

A :class:`Study` is a named experiment with the question it answers. :func:`finish` turns the games
of a run into a finished study: the experiment, how many games, and every answer of
:data:`.analysis.ANALYSES` for that game as rows (``label``, ``n``, ``rate``, ``low``, ``high``...).
The page saves it in the app's data folder (beside the autosaves: :func:`lab_dir`) and shows it
again when reopened; the package ships one finished study per game
(``livestock_notebooks/data/lab/<study>.json``) so the page has answers before anything is run.

    >>> sorted(s.key for s in STUDIES)
    ['battlegoats_cards', 'livestock_factions', 'space_pigs_recipes']
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..core.session import save_dir
from ..games import GAMES
from . import analysis
from .runner import Experiment, run
from .store import read_frame

__all__ = ["LAB_DIR_ENV", "SHIPPED_DIR", "STUDIES", "Study", "finish", "lab_dir", "load_finished", "save_finished",
           "run_study", "study"]

LAB_DIR_ENV = "LIVESTOCK_NOTEBOOKS_LAB_DIR"
SHIPPED_DIR = Path(__file__).resolve().parent.parent / "data" / "lab"


@dataclass(frozen=True)
class Study:
    """A question and the experiment that answers it (the page may change the number of games)."""

    key: str
    title: str
    question: str
    experiment: Experiment

    @property
    def game(self) -> str:
        return self.experiment.game

    def with_games(self, games: int, seed: int | None = None) -> Experiment:
        changes: dict[str, Any] = {"games": int(games)}
        if seed is not None:
            changes["seed"] = int(seed)
        return dataclasses.replace(self.experiment, **changes)


#: The studies the page offers, one per game (``GAME.lab.study``).
STUDIES: tuple[Study, ...] = tuple(
    Study(f.key, f.title, f.question, Experiment(name, f.seats, games=f.games, seed=f.seed, options=dict(f.options)))
    for name, info in GAMES.items() if info.lab is not None and (f := info.lab.study) is not None)


def study(key: str) -> Study:
    """The study named ``key``; ``ValueError`` naming the studies otherwise."""
    for s in STUDIES:
        if s.key == key:
            return s
    raise ValueError(f"unknown study {key!r}; the studies are {[s.key for s in STUDIES]}")


def lab_dir() -> Path:
    """Where finished studies and runs are kept: ``$LIVESTOCK_NOTEBOOKS_LAB_DIR``, else ``lab``
    beside the autosave folder (``~/.livestock_notebooks/lab``)."""
    env = os.environ.get(LAB_DIR_ENV)
    return Path(env).expanduser() if env else save_dir().parent / "lab"


def finish(key: str, experiment: Experiment, frame: Any, seconds: float | None = None) -> dict[str, Any]:
    """A finished study: plain data with every answer of its game as rows."""
    answers = {}
    for title, function, kind in analysis.ANALYSES.get(experiment.game, ()):
        table = function(frame)
        answers[title] = {"kind": kind, "rows": [_plain_row(r) for r in table.to_dict("records")]}
    workers = sorted(set(frame["worker"])) if "worker" in frame.columns else []
    return {"study": key, "game": experiment.game, "experiment": experiment.to_dict(), "games": int(len(frame)),
            "workers": len(workers), "seconds": seconds, "finished_at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "answers": answers}


def _plain_row(row: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in row.items():
        if hasattr(value, "item"):
            value = value.item()
        if isinstance(value, float):
            value = None if math.isnan(value) else round(value, 6)
        out[key] = value
    return out


def save_finished(result: Mapping[str, Any], directory: str | os.PathLike | None = None) -> Path:
    """Keep a finished study (``<lab dir>/<study>.json``, replacing the previous one)."""
    folder = Path(directory) if directory is not None else lab_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{result['study']}.json"
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def load_finished(key: str, directory: str | os.PathLike | None = None) -> dict[str, Any] | None:
    """The last finished study ``key``: the one saved here, else the one shipped with the package,
    else ``None``. A saved file that cannot be read is passed over."""
    folder = Path(directory) if directory is not None else lab_dir()
    for path in (folder / f"{key}.json", SHIPPED_DIR / f"{key}.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("study") == key and isinstance(data.get("answers"), dict):
            data["shipped"] = path.parent == SHIPPED_DIR
            return data
    return None


def run_study(key: str, games: int | None = None, seed: int | None = None, *, scheduler: str | None = None,
              workers: int | None = None, progress: Any = None,
              directory: str | os.PathLike | None = None) -> dict[str, Any]:
    """Run study ``key`` (its games and seed unless given) into ``<lab dir>/runs/``, then finish
    and save it; the finished study. A run stopped before the end resumes when started again."""
    chosen = study(key)
    experiment = chosen.with_games(games if games is not None else chosen.experiment.games, seed)
    folder = Path(directory) if directory is not None else lab_dir()
    out = folder / "runs" / f"{key}-{experiment.games}-seed{experiment.seed}.parquet"
    start = time.perf_counter()
    run(experiment, out, scheduler=scheduler, workers=workers, progress=progress)
    result = finish(key, experiment, read_frame(out), time.perf_counter() - start)
    save_finished(result, folder)
    return result
