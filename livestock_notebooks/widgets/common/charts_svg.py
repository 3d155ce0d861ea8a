"""The charts of :mod:`.charts` drawn as SVG by the package, for a Python without bqplot and
numpy (the static web edition, whose Python runs in the browser with no CDN to fetch them from).

Each chart is an :class:`ipywidgets.HTML` (``chart.figure``, CSS class ``lsn-chart`` plus the
chart's own, ``lsn-chart-svg``) whose value is one ``<svg>`` picture; ``update(...)`` and the
other methods draw the picture again into the same widget's ``value``: nothing is re-created
or re-displayed. Every text that reaches the picture is escaped.

The heatmap takes clicks without a JavaScript front end of its own: over the picture lies a
grid of transparent buttons, one per cell (sharing one layout and one style model), as the game
boards do; a click selects the cell and calls ``on_select``'s callbacks.
"""
from __future__ import annotations

import html
import math
from typing import Callable, Sequence

import ipywidgets as widgets

from .chart_parts import PALETTE, heat_colour, legend_html, with_legend

__all__ = ["BarChart", "LineChart", "HeatmapChart", "OverlayChart", "svg_percent"]

WIDTH = 640
_MARGIN = {"top": 30, "bottom": 45, "left": 55, "right": 20}
_FONT = "font-family='system-ui, sans-serif'"
EXACT_COLOUR, MEASURED_COLOUR = "#9ecae1", "#d62728"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _px(size: str, default: int) -> int:
    try:
        return int(float(str(size).removesuffix("px")))
    except ValueError:
        return default


def svg_percent(value: float) -> str:
    """``0.2778`` -> ``"27.8%"`` (the tooltips' reading)."""
    return f"{float(value) * 100:.1f}%"


def _nice_step(span: float, target: int = 5) -> float:
    raw = span / max(target, 1) if span > 0 else 1.0
    power = 10 ** math.floor(math.log10(raw))
    for mult in (1, 2, 2.5, 5, 10):
        if mult * power >= raw:
            return mult * power
    return 10 * power


def _ticks(lo: float, hi: float, target: int = 5, integer: bool = False) -> list[float]:
    step = _nice_step(hi - lo, target)
    if integer:
        step = max(1.0, round(step))
    first = math.ceil(lo / step - 1e-9) * step
    out, v = [], first
    while v <= hi + step * 1e-6:
        out.append(round(v, 10))
        v += step
    return out


class _Frame:
    """The plot area of one picture: the scales from data to SVG units and the shared parts
    (title, axes, grid lines)."""

    def __init__(self, width: int, height: int, margin: dict, y_max: float, title: str):
        self.width, self.height, self.m = width, height, margin
        self.left, self.top = margin["left"], margin["top"]
        self.plot_w = width - margin["left"] - margin["right"]
        self.plot_h = height - margin["top"] - margin["bottom"]
        self.y_max = y_max if y_max > 0 else 1.0
        self.title = title

    def y(self, value: float) -> float:
        v = min(max(float(value), 0.0), self.y_max)
        return self.top + self.plot_h * (1 - v / self.y_max)

    def open(self, label: str) -> list[str]:
        aria = _esc(self.title or label)
        parts = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {self.width} {self.height}' width='100%' "
                 f"role='img' aria-label='{aria}' style='max-width:{self.width}px;height:auto;display:block' {_FONT}>"]
        if self.title:
            parts.append(f"<text x='{self.width / 2:.1f}' y='18' text-anchor='middle' font-size='14' "
                         f"font-weight='600' fill='#222'>{_esc(self.title)}</text>")
        return parts

    def y_axis(self, label: str, percent: bool) -> list[str]:
        parts = []
        ticks = _ticks(0.0, self.y_max)
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
        for t in ticks:
            y = self.y(t)
            text = (f"{t * 100:.0f}%" if step >= 0.01 else f"{t * 100:.1f}%") if percent else f"{t:g}"
            parts.append(f"<line x1='{self.left}' x2='{self.left + self.plot_w}' y1='{y:.1f}' y2='{y:.1f}' "
                         "stroke='#ddd' stroke-dasharray='3 3'/>")
            parts.append(f"<text x='{self.left - 6}' y='{y + 4:.1f}' text-anchor='end' font-size='11' "
                         f"fill='#444'>{_esc(text)}</text>")
        if label:
            cy = self.top + self.plot_h / 2
            parts.append(f"<text x='14' y='{cy:.1f}' transform='rotate(-90 14 {cy:.1f})' text-anchor='middle' "
                         f"font-size='12' fill='#333'>{_esc(label)}</text>")
        base = self.top + self.plot_h
        parts.append(f"<line x1='{self.left}' x2='{self.left + self.plot_w}' y1='{base}' y2='{base}' stroke='#888'/>")
        return parts

    def x_label(self, label: str) -> list[str]:
        if not label:
            return []
        return [f"<text x='{self.left + self.plot_w / 2:.1f}' y='{self.height - 6}' text-anchor='middle' "
                f"font-size='12' fill='#333'>{_esc(label)}</text>"]

    def x_tick(self, x: float, text: str) -> str:
        return (f"<text x='{x:.1f}' y='{self.top + self.plot_h + 16}' text-anchor='middle' font-size='11' "
                f"fill='#444'>{_esc(text)}</text>")


def _figure(css_class: str | None) -> widgets.HTML:
    fig = widgets.HTML(layout=widgets.Layout(width="100%", min_width="260px"))
    fig.add_class("lsn-chart")
    fig.add_class("lsn-chart-svg")
    if css_class:
        fig.add_class(css_class)
    return fig


def _bars_svg(frame: _Frame, categories: Sequence[str], series: Sequence[Sequence[float]], labels: Sequence[str],
              colors: Sequence[str], padding: float, percent: bool) -> list[str]:
    parts = []
    n = max(len(categories), 1)
    band = frame.plot_w / n
    group = band * (1 - padding)
    width = group / max(len(series), 1)
    base = frame.top + frame.plot_h
    for c, name in enumerate(categories):
        x0 = frame.left + band * c + (band - group) / 2
        for s, values in enumerate(series):
            v = float(values[c]) if c < len(values) else 0.0
            y = frame.y(v)
            label = f"{labels[s]}, " if labels and labels[s] else ""
            shown = svg_percent(v) if percent else f"{v:.3g}"
            parts.append(f"<rect x='{x0 + width * s:.1f}' y='{y:.1f}' width='{max(width - 1, 1):.1f}' "
                         f"height='{max(base - y, 0):.1f}' fill='{_esc(colors[s % len(colors)])}'>"
                         f"<title>{_esc(label + str(name))}: {_esc(shown)}</title></rect>")
        parts.append(frame.x_tick(frame.left + band * (c + 0.5), str(name)))
    return parts


class BarChart:
    """Bars over named categories, several series side by side (the API of :mod:`.charts`)."""

    def __init__(self, categories: Sequence[str], series_labels: Sequence[str] = ("",),
                 values: Sequence[Sequence[float]] | None = None, *, percent: bool = True, title: str = "",
                 y_label: str = "chance", x_label: str = "", colors: Sequence[str] | None = None,
                 css_class: str | None = None, height: str = "260px", y_max: float | None = None) -> None:
        self.series_labels = list(series_labels)
        self._categories = [str(c) for c in categories]
        self._values = [[0.0] * len(self._categories) for _ in self.series_labels] if values is None else \
            [list(map(float, v)) for v in values]
        self.percent, self.title, self.y_label, self.x_label = percent, title, y_label, x_label
        self.y_max = y_max
        self.height = _px(height, 260)
        self.colors = list(colors or PALETTE[: max(len(self.series_labels), 1)])
        self.figure = _figure(css_class)
        self.legend = None
        if len(self.series_labels) > 1:
            self.view = with_legend(self.figure, list(zip(self.series_labels, self.colors)))
            self.legend = self.view.children[1]
        else:
            self.view = self.figure
        self._draw()

    @property
    def values(self) -> list[list[float]]:
        return [list(v) for v in self._values]

    @property
    def categories(self) -> list[str]:
        return list(self._categories)

    def set_labels(self, labels: Sequence[str]) -> None:
        """Rename the series (the legend follows)."""
        self.series_labels = list(labels)
        if self.legend is not None:
            self.legend.value = legend_html(list(zip(self.series_labels, self.colors)))
        self._draw()

    def update(self, values: Sequence[Sequence[float]], categories: Sequence[str] | None = None) -> None:
        if categories is not None:
            self._categories = [str(c) for c in categories]
        self._values = [list(map(float, v)) for v in values]
        self._draw()

    def _draw(self) -> None:
        top = self.y_max if self.y_max is not None else 1.0 if self.percent else \
            max([1e-9, *(v for s in self._values for v in s)]) * 1.1
        frame = _Frame(WIDTH, self.height, _MARGIN, top, self.title)
        parts = frame.open("bar chart") + frame.y_axis(self.y_label, self.percent)
        parts += _bars_svg(frame, self._categories, self._values, self.series_labels if len(self.series_labels) > 1
                           else [], self.colors, 0.25, self.percent)
        parts += frame.x_label(self.x_label) + ["</svg>"]
        self.figure.value = "".join(parts)


class LineChart:
    """Lines over a numeric x axis, with a dashed marker line (the API of :mod:`.charts`)."""

    def __init__(self, x: Sequence[float], series: dict[str, Sequence[float]], *, title: str = "",
                 x_label: str = "", y_label: str = "chance", percent: bool = True,
                 colors: Sequence[str] | None = None, css_class: str | None = None, height: str = "280px",
                 markers: bool = True, step: bool = False) -> None:
        self.labels = list(series)
        self._x = [float(v) for v in x]
        self._values = [list(map(float, v)) for v in series.values()]
        self.title, self.x_label, self.y_label, self.percent = title, x_label, y_label, percent
        self.colors = list(colors or PALETTE[: len(self.labels)])
        self.markers, self.step = markers, step
        self.height = _px(height, 280)
        self._mark: float | None = None
        self.figure = _figure(css_class)
        self.view = with_legend(self.figure, list(zip(self.labels, self.colors))) if len(self.labels) > 1 \
            else self.figure
        self._draw()

    @property
    def values(self) -> list[list[float]]:
        return [list(v) for v in self._values]

    @property
    def x(self) -> list[float]:
        return list(self._x)

    @property
    def marked(self) -> float | None:
        return self._mark

    def update(self, series: Sequence[Sequence[float]] | dict[str, Sequence[float]],
               x: Sequence[float] | None = None) -> None:
        ys = list(series.values()) if isinstance(series, dict) else list(series)
        if x is not None:
            self._x = [float(v) for v in x]
        self._values = [list(map(float, v)) for v in ys]
        self._draw()

    def mark(self, x: float | None) -> None:
        self._mark = None if x is None else float(x)
        self._draw()

    def _draw(self) -> None:
        top = 1.0 if self.percent else max([1e-9, *(v for s in self._values for v in s)]) * 1.1
        frame = _Frame(WIDTH, self.height, _MARGIN, top, self.title)
        lo, hi = (min(self._x), max(self._x)) if self._x else (0.0, 1.0)
        if hi <= lo:
            lo, hi = lo - 1, hi + 1

        def sx(v: float) -> float:
            return frame.left + frame.plot_w * (v - lo) / (hi - lo)

        parts = frame.open("line chart") + frame.y_axis(self.y_label, self.percent)
        for t in _ticks(lo, hi, 8, integer=True):
            parts.append(frame.x_tick(sx(t), f"{t:g}"))
        if self._mark is not None and lo <= self._mark <= hi:
            mx = sx(self._mark)
            parts.append(f"<line class='lsn-chart-marker' x1='{mx:.1f}' x2='{mx:.1f}' y1='{frame.top}' "
                         f"y2='{frame.top + frame.plot_h}' stroke='#999' stroke-dasharray='5 4'/>")
        for s, ys in enumerate(self._values):
            color = _esc(self.colors[s % len(self.colors)])
            points = [(sx(x), frame.y(y)) for x, y in zip(self._x, ys)]
            path = []
            for k, (px, py) in enumerate(points):
                if k and self.step:
                    path.append(f"L{px:.1f},{points[k - 1][1]:.1f}")
                path.append(f"{'L' if k else 'M'}{px:.1f},{py:.1f}")
            parts.append(f"<path d='{''.join(path)}' fill='none' stroke='{color}' stroke-width='2'/>")
            if self.markers:
                label = f"{self.labels[s]}, " if len(self.labels) > 1 else ""
                for (px, py), x, y in zip(points, self._x, ys):
                    shown = svg_percent(y) if self.percent else f"{y:.3g}"
                    parts.append(f"<circle cx='{px:.1f}' cy='{py:.1f}' r='3' fill='{color}'>"
                                 f"<title>{_esc(label)}{x:g}: {_esc(shown)}</title></circle>")
        parts += frame.x_label(self.x_label) + ["</svg>"]
        self.figure.value = "".join(parts)


def _heat_css() -> str:
    return (
        "<style>.lsn-heat-stack{position:relative;display:block !important;overflow:visible}"
        ".lsn-heat-stack>.widget-html{margin:0 !important;width:100%}"
        ".lsn-heat-stack>.widget-html>.widget-html-content{line-height:0;width:100%}"
        ".lsn-heat-hits{position:absolute !important;margin:0 !important;padding:0 !important;gap:0 !important}"
        ".lsn-heat-hits>.lsn-heat-cell{width:auto !important;height:auto !important;min-width:0;min-height:0;"
        "margin:0 !important;padding:0 !important;border:0 !important;background:transparent !important;"
        "box-shadow:none !important;cursor:pointer}"
        ".lsn-heat-hits>.lsn-heat-cell:hover{outline:2px solid rgba(0,0,0,0.45);outline-offset:-2px}"
        ".lsn-heat-hits>.lsn-heat-cell:focus{outline:2px solid #1976d2;outline-offset:-2px}</style>"
    )


class HeatmapChart:
    """Chances 0..1 as coloured cells; click a cell to pick it (the API of :mod:`.charts`).

    ``buttons[(row, column)]`` is the transparent button over a cell (CSS classes
    ``lsn-heat-cell`` and ``lsn-heat-r<row>-c<column>``); ``buttons[...].click()`` from Python
    goes the way of a click in the page."""

    MARGIN = {"top": 30, "bottom": 45, "left": 55, "right": 85}

    def __init__(self, row_values: Sequence[int], column_values: Sequence[int], grid: Sequence[Sequence[float]],
                 *, title: str = "", row_label: str = "", column_label: str = "", css_class: str | None = None,
                 height: str = "460px", width: str = "100%") -> None:
        self.row_values = list(row_values)
        self.column_values = list(column_values)
        self.title, self.row_label, self.column_label = title, row_label, column_label
        self._grid = [list(map(float, r)) for r in grid]
        self._selected: tuple[int, int] | None = None
        self._select_callbacks: list[Callable[[int, int], None]] = []
        self.width = _px(width, WIDTH) if str(width).endswith("px") else WIDTH
        self.height = _px(height, 460)
        m = self.MARGIN
        self.figure = _figure(css_class)
        self.figure.add_class("lsn-heat-picture")
        cell_layout = widgets.Layout()
        cell_style = widgets.ButtonStyle()
        self.buttons: dict[tuple[int, int], widgets.Button] = {}
        for row in self.row_values:
            for column in self.column_values:
                # out of the Tab order: a keyboard would otherwise step through every cell
                b = widgets.Button(description="", layout=cell_layout, style=cell_style, tabbable=False,
                                   tooltip=f"{row_label or 'row'} {row}, {column_label or 'column'} {column}")
                b.add_class("lsn-heat-cell")
                b.add_class(f"lsn-heat-r{row}-c{column}")
                b.on_click(lambda _b, r=row, c=column: self.select(r, c))
                self.buttons[(row, column)] = b
        pct_w, pct_h = 100 / self.width, 100 / self.height
        self.hits = widgets.GridBox(list(self.buttons.values()), layout=widgets.Layout(
            left=f"{m['left'] * pct_w:.4f}%", top=f"{m['top'] * pct_h:.4f}%",
            width=f"{(self.width - m['left'] - m['right']) * pct_w:.4f}%",
            height=f"{(self.height - m['top'] - m['bottom']) * pct_h:.4f}%",
            grid_template_columns=f"repeat({len(self.column_values)}, 1fr)",
            grid_template_rows=f"repeat({len(self.row_values)}, 1fr)"))
        self.hits.add_class("lsn-heat-hits")
        self.view = widgets.Box([self.figure, self.hits],
                                layout=widgets.Layout(width="100%", max_width=f"{self.width}px"))
        self.view.add_class("lsn-heat-stack")
        self._draw()

    @property
    def grid(self) -> list[list[float]]:
        return [list(r) for r in self._grid]

    @property
    def selected(self) -> tuple[int, int] | None:
        if self._selected is None:
            return None
        i, j = self._selected
        return self.row_values[i], self.column_values[j]

    def update(self, grid: Sequence[Sequence[float]]) -> None:
        self._grid = [list(map(float, r)) for r in grid]
        self._draw()

    def on_select(self, callback: Callable[[int, int], None]) -> None:
        """Call ``callback(row_value, column_value)`` when a cell is clicked."""
        self._select_callbacks.append(callback)

    def select(self, row: int, column: int) -> None:
        """Select a cell (a click on it does this) and tell the ``on_select`` callbacks."""
        self._selected = (self.row_values.index(row), self.column_values.index(column))
        self._draw()
        for cb in self._select_callbacks:
            cb(row, column)

    def _draw(self) -> None:
        m = self.MARGIN
        frame = _Frame(self.width, self.height, m, 1.0, self.title)
        cw = frame.plot_w / max(len(self.column_values), 1)
        ch = frame.plot_h / max(len(self.row_values), 1)
        parts = [_heat_css()] + frame.open("heatmap")
        for i, row in enumerate(self.row_values):
            y = frame.top + ch * i
            parts.append(f"<text x='{frame.left - 5}' y='{y + ch / 2 + 4:.1f}' text-anchor='end' font-size='10' "
                         f"fill='#444'>{_esc(row)}</text>")
            for j, column in enumerate(self.column_values):
                v = self._grid[i][j] if i < len(self._grid) and j < len(self._grid[i]) else 0.0
                parts.append(f"<rect x='{frame.left + cw * j:.1f}' y='{y:.1f}' width='{cw:.1f}' height='{ch:.1f}' "
                             f"fill='{heat_colour(v)}' stroke='#fff' stroke-width='0.5'/>")
        for j, column in enumerate(self.column_values):
            parts.append(frame.x_tick(frame.left + cw * (j + 0.5), str(column)).replace("font-size='11'",
                                                                                         "font-size='10'"))
        if self._selected is not None:
            i, j = self._selected
            parts.append(f"<rect class='lsn-heat-selected' x='{frame.left + cw * j:.1f}' y='{frame.top + ch * i:.1f}' "
                         f"width='{cw:.1f}' height='{ch:.1f}' fill='none' stroke='#000' stroke-width='2'/>")
        # the colour scale, 0% at the bottom
        bar_x, steps = self.width - m["right"] + 18, 20
        for k in range(steps):
            v = (k + 0.5) / steps
            y = frame.top + frame.plot_h * (1 - (k + 1) / steps)
            parts.append(f"<rect x='{bar_x}' y='{y:.1f}' width='12' height='{frame.plot_h / steps + 0.5:.1f}' "
                         f"fill='{heat_colour(v)}'/>")
        for v in (0.0, 0.5, 1.0):
            y = frame.top + frame.plot_h * (1 - v)
            parts.append(f"<text x='{bar_x + 16}' y='{y + 4:.1f}' font-size='10' fill='#444'>{v * 100:.0f}%</text>")
        if self.row_label:
            cy = frame.top + frame.plot_h / 2
            parts.append(f"<text x='14' y='{cy:.1f}' transform='rotate(-90 14 {cy:.1f})' text-anchor='middle' "
                         f"font-size='12' fill='#333'>{_esc(self.row_label)}</text>")
        parts += frame.x_label(self.column_label) + ["</svg>"]
        self.figure.value = "".join(parts)


class OverlayChart:
    """Exact chances as bars, measured frequencies as diamonds on them (the API of :mod:`.charts`)."""

    def __init__(self, categories: Sequence[str], exact: Sequence[float], *, title: str = "", x_label: str = "",
                 css_class: str | None = None, height: str = "280px", exact_label: str = "exact",
                 measured_label: str = "simulated") -> None:
        self._categories = [str(c) for c in categories]
        self._exact = list(map(float, exact))
        self._measured: list[float] = []
        self.title, self.x_label = title, x_label
        self.exact_label, self.measured_label = exact_label, measured_label
        self.height = _px(height, 280)
        self.y_max = 1.0
        self.figure = _figure(css_class)
        self.view = self.figure
        self._draw()

    @property
    def categories(self) -> list[str]:
        return list(self._categories)

    @property
    def exact(self) -> list[float]:
        return list(self._exact)

    @property
    def measured(self) -> list[float]:
        return list(self._measured)

    def update_exact(self, exact: Sequence[float], categories: Sequence[str] | None = None) -> None:
        if categories is not None:
            self._categories = [str(c) for c in categories]
        self._exact = list(map(float, exact))
        top = max([1e-9, *self._exact])
        self.y_max = 1.0 if top > 0.5 else min(1.0, round(top * 1.4 + 0.05, 2))
        self._draw()

    def update_measured(self, freqs: Sequence[float]) -> None:
        self._measured = list(map(float, freqs))
        self._draw()

    def clear_measured(self) -> None:
        if self._measured:
            self._measured = []
            self._draw()

    def _draw(self) -> None:
        frame = _Frame(WIDTH, self.height, _MARGIN, self.y_max, self.title)
        parts = frame.open("chart") + frame.y_axis("chance", True)
        parts += _bars_svg(frame, self._categories, [self._exact], [self.exact_label], [EXACT_COLOUR], 0.2, True)
        band = frame.plot_w / max(len(self._categories), 1)
        for c, v in enumerate(self._measured[: len(self._categories)]):
            x, y = frame.left + band * (c + 0.5), frame.y(v)
            parts.append(f"<polygon class='lsn-sim-dot' points='{x:.1f},{y - 7:.1f} {x + 6:.1f},{y:.1f} "
                         f"{x:.1f},{y + 7:.1f} {x - 6:.1f},{y:.1f}' fill='{MEASURED_COLOUR}'>"
                         f"<title>{_esc(self.measured_label)}, {_esc(self._categories[c])}: "
                         f"{_esc(svg_percent(v))}</title></polygon>")
        parts += frame.x_label(self.x_label) + ["</svg>"]
        self.figure.value = "".join(parts)
