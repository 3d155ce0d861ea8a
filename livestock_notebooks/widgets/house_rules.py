"""The House rules page (``notebooks/house_rules.ipynb``): every rule reading and house value of
the data files, one tab per game, with a filter box.

Typing in the filter (``lsn-house-filter``) keeps the rows whose text holds every word typed, in
any column, case ignored; each tab's title counts its matching rows, and when the open tab has
none the first tab that has some opens. Inside a tab, links jump to its tables. The rows come
from :mod:`livestock_notebooks.data_catalog`, so a value added to a data file shows up here with
no further code. Every value that reaches the HTML is escaped.

CSS classes: ``lsn-house-browser`` (the whole), ``lsn-house-filter``, ``lsn-house-count`` (the
"n of m rows" line), ``lsn-house-tabs``, ``lsn-house-page`` and ``lsn-house-page-<game>`` (one
tab's tables).
"""
from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Sequence

import ipywidgets as widgets

from .. import data_catalog as dc

__all__ = ["HouseRulesBrowser", "house_rules_browser", "matches"]

esc = html.escape

READING_HEADERS = ["Rule", "Reading", "Why", "Rulebook section", "Source"]
VALUE_HEADERS = ["What", "Field", "House value", "Note", "Where in the file"]

_STYLE = dc._STYLE.replace("</style>", """
.lsn-house .lsn-house-scroll { overflow-x: auto; max-width: 100%; }
.lsn-house .lsn-house-scroll table { min-width: 640px; }
.lsn-house table td, .lsn-house table th { line-height: 1.35; }
.lsn-house .lsn-house-jump { margin: 0.3em 0 0.6em 0; line-height: 1.6; }
.lsn-house .lsn-house-jump a { margin-right: 1em; color: #1f5fbf; text-decoration: underline; }
.lsn-house h3 { margin: 0.8em 0 0.2em 0; line-height: 1.3; }
.lsn-house-tabs .lm-TabBar-tab { flex: 0 0 auto !important; max-width: none !important; min-width: 0 !important; }
.lsn-house-page .widget-html-content { line-height: 1.35; }
</style>""")


def matches(cells: Sequence[str], query: str) -> bool:
    """True when every word of ``query`` appears in one of ``cells`` (case ignored).

    >>> matches(["Tower Goat", "worth 2"], "tower 2"), matches(["Tower Goat"], "pig")
    (True, False)
    """
    text = " ".join(cells).lower()
    return all(word in text for word in query.lower().split())


class HouseRulesBrowser(widgets.VBox):
    """Tabs of rule readings and house values, one per game, and a filter box.

    Parts: ``filter`` (Text), ``count`` (HTML), ``tabs`` (Tab), ``pages`` (game -> HTML), and
    ``games`` (the game keys in tab order).
    """

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, query: str = ""):
        root = Path(data_dir) if data_dir is not None else dc.DATA_DIR
        readings = dc.readings(root)
        values = dc.house_values(root)
        order = list(dc.GAMES)
        self.games = sorted({r.game for r in readings} | {v.game for v in values},
                            key=lambda g: (order.index(g) if g in order else len(order), g))
        self._readings = {g: [[r.rule, r.reading, r.reason, r.section, r.source] for r in readings if r.game == g]
                          for g in self.games}
        self._values: dict[str, dict[str, list[list[str]]]] = {g: {} for g in self.games}
        for v in values:
            self._values[v.game].setdefault(v.file, []).append(
                [v.label, v.field or "(all)", dc._value_text(v.value), v.note, v.path or "(top)"])
        self.filter = widgets.Text(value=query, placeholder="a card, a rule, any word…", description="Find",
                                   continuous_update=True, layout=widgets.Layout(width="min(28em, 100%)"))
        self.filter.add_class("lsn-house-filter")
        self.count = widgets.HTML("")
        self.count.add_class("lsn-house-count")
        self.pages: dict[str, widgets.HTML] = {}
        for game in self.games:
            page = widgets.HTML("", layout=widgets.Layout(width="100%"))
            page.add_class("lsn-house-page")
            page.add_class(f"lsn-house-page-{game}")
            self.pages[game] = page
        self.tabs = widgets.Tab(children=list(self.pages.values()), layout=widgets.Layout(width="100%"))
        self.tabs.add_class("lsn-house-tabs")
        self.filter.observe(self._refresh, names="value")
        self._refresh()
        parts: list[widgets.Widget] = [widgets.HBox([self.filter, self.count],
                                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                          grid_gap="4px 16px"))]
        parts.append(self.tabs if self.games else widgets.HTML(
            "<p>No house values or rule readings in the data files yet.</p>"))
        super().__init__(parts, layout=widgets.Layout(width="100%", max_width="1100px"))
        self.add_class("lsn-house-browser")

    # -- reading ---------------------------------------------------------------------------------
    def shown_rows(self, game: str) -> int:
        """How many rows of ``game`` the filter keeps."""
        query = self.filter.value
        rows = self._readings[game] + [r for rs in self._values[game].values() for r in rs]
        return sum(1 for r in rows if matches(r, query))

    def total_rows(self, game: str) -> int:
        return len(self._readings[game]) + sum(len(rs) for rs in self._values[game].values())

    # -- drawing ---------------------------------------------------------------------------------
    def _page(self, game: str) -> str:
        query = self.filter.value
        title = esc(dc.game_title(game))
        sections: list[tuple[str, str, list[str], list[list[str]], str]] = []
        readings = [r for r in self._readings[game] if matches(r, query)]
        if readings:
            sections.append((f"{game}-readings", "Rule readings", READING_HEADERS, readings, "lsn-house-readings"))
        for file, rows in self._values[game].items():
            kept = [r for r in rows if matches(r, query)]
            if kept:
                anchor = f"{game}-values-{file.replace('/', '-').replace('.', '-')}"
                sections.append((anchor, f"House values in {file}", VALUE_HEADERS, kept, "lsn-house-values"))
        if not sections:
            return (f'{_STYLE}<div class="lsn-house"><p>Nothing in {title} matches '
                    f"“{esc(query)}”.</p></div>")
        jump = " ".join(f'<a href="#lsn-house-{esc(anchor)}">{esc(name)} ({len(rows)})</a>'
                        for anchor, name, _h, rows, _c in sections)
        parts = [_STYLE, '<div class="lsn-house">']
        if len(sections) > 1:
            parts.append(f'<div class="lsn-house-jump">Jump to: {jump}</div>')
        for anchor, name, headers, rows, css in sections:
            parts.append(f'<h3 id="lsn-house-{esc(anchor)}">{esc(name)} ({len(rows)})</h3>')
            parts.append(f'<div class="lsn-house-scroll">{dc._table(headers, rows, css)}</div>')
        parts.append("</div>")
        return "\n".join(parts)

    def _refresh(self, change=None) -> None:
        counts = {game: self.shown_rows(game) for game in self.games}
        for game, page in self.pages.items():
            page.value = self._page(game)
        self.tabs.titles = tuple(f"{dc.game_title(g)} ({counts[g]})" for g in self.games)
        shown, total = sum(counts.values()), sum(self.total_rows(g) for g in self.games)
        self.count.value = (f"{shown} of {total} rows match" if self.filter.value.strip()
                            else f"{total} readings and house values")
        current = self.tabs.selected_index
        if self.games and (current is None or counts[self.games[current]] == 0):
            first = next((i for i, g in enumerate(self.games) if counts[g]), current or 0)
            self.tabs.selected_index = first


def house_rules_browser(data_dir: str | os.PathLike[str] | None = None) -> HouseRulesBrowser:
    """The House rules page: one tab per game and a filter."""
    return HouseRulesBrowser(data_dir)
