"""What a page remembers for its browser between visits: the bot speed and which games' "How to
play" the player has already seen (so it opens on the first visit only).

Kept as a small JSON file next to the browser's autosaves (see
:func:`livestock_notebooks.core.session.autosave_path`), written atomically; a missing or broken
file means "nothing remembered" and is never an error.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> prefs = Prefs(folder)
>>> prefs.get("bot_speed", "Normal")
'Normal'
>>> prefs.set("bot_speed", "Fast")
>>> Prefs(folder).get("bot_speed", "Normal")
'Fast'
"""
from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from ...core.session import atomic_write_text, autosave_path

__all__ = ["PREFS_NAME", "Prefs"]

PREFS_NAME = "page-prefs.json"
#: a prefs file larger than this is ignored
MAX_PREFS_BYTES = 64_000


class Prefs:
    """The remembered settings of this browser (``directory``: the save folder, as pages take it)."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.path = autosave_path("any", directory).parent / PREFS_NAME

    def _read(self) -> dict:
        with contextlib.suppress(OSError, ValueError):
            if self.path.stat().st_size <= MAX_PREFS_BYTES:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    return data
        return {}

    def get(self, key: str, default: Any = None) -> Any:
        value = self._read().get(key, default)
        return value if isinstance(value, type(default)) or default is None else default

    def set(self, key: str, value: Any) -> None:
        data = self._read()
        if data.get(key) == value:
            return
        data[key] = value
        with contextlib.suppress(OSError):
            atomic_write_text(Path(self.path), json.dumps(data, indent=1, sort_keys=True))

    def seen(self, topic: str) -> bool:
        return topic in self.get("seen", [])

    def mark_seen(self, topic: str) -> None:
        seen = self.get("seen", [])
        if topic not in seen:
            self.set("seen", sorted([*seen, topic])[:100])
