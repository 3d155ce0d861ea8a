"""The data files' rule readings, read without any game: :func:`readings`.

Rule readings live in a top-level list ``"readings"`` of each data file
(``livestock_notebooks/data/<game>/*.json``); a reading behind the odds names its topic in
``"odds_topic"``. :mod:`livestock_notebooks.odds.readings` shows those beside the odds and
:mod:`livestock_notebooks.data_catalog` (the House rules page) lists them all, so both read them
here. Pure Python.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DATA_DIR", "Reading", "data_files", "game_of", "load", "readings"]

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Reading:
    """A reading of a rule, from a data file's top-level ``readings`` list."""

    game: str
    file: str
    rule: str
    reading: str
    reason: str
    section: str
    source: str
    #: the odds topic the reading explains (its ``odds_topic`` key), shown beside the odds
    topic: str = ""


def data_files(data_dir: str | os.PathLike[str] | None = None) -> list[Path]:
    """Every ``*.json`` under the data folder, sorted; ``lab/`` (finished balance-lab studies)
    and ``calibration/`` (the hint's fitted tables) are results, not game values: not listed."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    return sorted(p for p in root.rglob("*.json") if p.relative_to(root).parts[0] not in ("lab", "calibration"))


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def game_of(path: Path, data_dir: str | os.PathLike[str] | None = None) -> str:
    """The game a data file belongs to: its folder under ``data/`` (``"general"`` at the top)."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    parts = path.relative_to(root).parts
    return parts[0] if len(parts) > 1 else "general"


def load(path: Path) -> Any:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def readings(data_dir: str | os.PathLike[str] | None = None) -> list[Reading]:
    """Every rule reading (top-level ``readings`` lists), in file order."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    found = []
    for file in data_files(root):
        data = load(file)
        if not isinstance(data, dict) or not isinstance(data.get("readings"), list):
            continue
        for item in data["readings"]:
            if not isinstance(item, dict):
                continue
            found.append(
                Reading(
                    game_of(file, root),
                    _rel(file, root),
                    str(item.get("rule", "")),
                    str(item.get("reading", "")),
                    str(item.get("reason", "")),
                    str(item.get("section", "")),
                    str(item.get("source", "")),
                    str(item.get("odds_topic", "")),
                )
            )
    return found
