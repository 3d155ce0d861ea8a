"""The game log widget: the log in words, newest at the bottom, in a box that scrolls."""
from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

from ...core.session import GameInfo, LogEntry

__all__ = ["GameLog"]


class GameLog:
    """The game log in words, newest at the bottom; the box scrolls and stays at the bottom.

    ``widget`` is one HTML widget whose value is replaced in place.
    """

    def __init__(self, spec: GameInfo | None = None, *, max_lines: int = 300, height: str = "15em"):
        self.spec = spec
        self.max_lines = max_lines
        self.height = height
        self.entries: list[LogEntry] = []
        #: the game's state, when there is one (seat colours may depend on it)
        self.state = None
        self.widget = w.HTML(layout=w.Layout(width="100%"))
        self.widget.add_class("lsn-log")
        self._render()

    def set_entries(self, entries: Sequence[LogEntry]) -> None:
        if list(entries) == self.entries:
            return
        self.entries = list(entries)
        self._render()

    @property
    def lines(self) -> list[str]:
        return [e.text for e in self.entries]

    def _render(self) -> None:
        shown = self.entries[-self.max_lines:]
        start = len(self.entries) - len(shown) + 1
        items = []
        for e in shown:
            color = self.spec.color(e.player, self.state) if (self.spec is not None and e.player is not None) else None
            dot = f'<span class="lsn-log-dot" style="background:{html.escape(color)}"></span>' if color else ""
            items.append(f'<li class="lsn-log-line lsn-log-{html.escape(e.kind or "note")}">{dot}{html.escape(e.text)}</li>')
        body = "".join(items) if items else '<li class="lsn-log-empty">Nothing has happened yet.</li>'
        self.widget.value = (
            f'<div class="lsn-log-scroll" role="log" aria-live="polite" style="max-height:{self.height}">'
            f'<div><ol start="{start}">{body}</ol></div></div>'
        )

