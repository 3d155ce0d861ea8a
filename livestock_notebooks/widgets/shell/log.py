"""The game log widget: the log in words, newest at the bottom, in a box that scrolls."""
from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

from ...core.session import GameInfo, LogEntry

__all__ = ["GameLog"]


class GameLog:
    """The game log in words, newest at the bottom; the box scrolls and stays at the bottom.

    ``widget`` is a box (``lsn-log``) holding the scrolling box (``lsn-log-scroll``), which holds
    the lines in pages of :attr:`PAGE` lines, one HTML widget each, numbered from the game's first
    line. A new line changes only the last page, so what goes to the browser stays small however
    long the game: one HTML widget for the whole log would send every line again at every move,
    and the browser would lay them all out again each time.
    """

    #: lines to a page; pages start at lines 1, PAGE + 1, ... whatever is shown
    PAGE = 25

    def __init__(self, spec: GameInfo | None = None, *, max_lines: int = 300, height: str = "15em"):
        self.spec = spec
        self.max_lines = max_lines
        self.height = height
        self.entries: list[LogEntry] = []
        #: the game's state, when there is one (seat colours may depend on it)
        self.state = None
        #: the page widgets shown, by the index of their first line (-1: the empty log's note)
        self._pages: dict[int, w.HTML] = {}
        self._inner = w.VBox()
        self._inner.add_class("lsn-log-pages")
        scroll = w.Box([self._inner], layout=w.Layout(max_height=height))
        scroll.add_class("lsn-log-scroll")
        self.widget = w.Box([scroll])  # as wide as its column (style.py: stretched, not 100% and a margin)
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

    @property
    def html(self) -> str:
        """The log's pages as one HTML string (what the box shows)."""
        return "".join(page.value for page in self._pages.values())

    def _line(self, e: LogEntry) -> str:
        color = self.spec.color(e.player, self.state) if (self.spec is not None and e.player is not None) else None
        dot = f'<span class="lsn-log-dot" style="background:{html.escape(color)}"></span>' if color else ""
        return f'<li class="lsn-log-line lsn-log-{html.escape(e.kind or "note")}">{dot}{html.escape(e.text)}</li>'

    def _render(self) -> None:
        n = len(self.entries)
        if n == 0:
            values = {-1: '<ol><li class="lsn-log-empty">Nothing has happened yet.</li></ol>'}
        else:
            # whole pages, from the one holding the oldest of the last max_lines lines
            first = max(0, n - self.max_lines) // self.PAGE * self.PAGE
            values = {
                start: f'<ol start="{start + 1}">{"".join(self._line(e) for e in self.entries[start:start + self.PAGE])}</ol>'
                for start in range(first, n, self.PAGE)
            }
        pages = {}
        for start, value in values.items():
            page = self._pages.get(start)
            if page is None:
                page = w.HTML()
                page.add_class("lsn-log-page")
            # an unchanged value is not sent again (traitlets): only the pages that changed travel
            page.value = value
            pages[start] = page
        dropped = [page for start, page in self._pages.items() if start not in pages]
        self._pages = pages
        children = tuple(pages.values())
        if tuple(self._inner.children) != children:
            self._inner.children = children
        for page in dropped:  # closed once the box no longer shows them
            page.close()
