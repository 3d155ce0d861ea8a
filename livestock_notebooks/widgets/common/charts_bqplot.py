"""Small bqplot charts that update in place: the charts of the served app (:mod:`.charts`
chooses these when bqplot and numpy import, else the SVG ones of :mod:`.charts_svg`).

Every chart here wraps one :class:`bqplot.Figure` (``chart.figure``; display ``chart.view``)
and offers an ``update(...)`` method that changes the marks' data traits. Nothing is ever
re-created or re-displayed, so the page does not flicker and a browser test can keep a locator
on the same element.

Charts:

* :class:`BarChart`: one or more series of bars over named categories (grouped when several).
* :class:`LineChart`: one or more lines over a numeric x axis, with an optional marker line.
* :class:`HeatmapChart`: a grid of values (rows x columns) coloured 0..1, with a click to pick
  a cell (``on_select``).
* :class:`OverlayChart`: exact values as bars with measured frequencies drawn over them as
  dots; used by :class:`~livestock_notebooks.widgets.common.simulation.SimulationRunner`.

Display ``chart.view``: the figure itself, or the figure with an HTML legend under it when a
chart has several series (legends drawn inside a bqplot figure can hide bars). Each figure gets
the CSS class ``lsn-chart`` plus the one passed as ``css_class``.
"""
from __future__ import annotations

from typing import Callable, Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np
import traitlets

from .chart_parts import HEAT_COLOURS, PALETTE, legend_html
from .chart_parts import with_legend as _with_legend

__all__ = [
    "BarChart",
    "LineChart",
    "HeatmapChart",
    "OverlayChart",
    "make_figure",
]

_MARGIN = {"top": 30, "bottom": 45, "left": 55, "right": 20}


def make_figure(
    marks: list,
    axes: list,
    *,
    title: str = "",
    css_class: str | None = None,
    width: str = "100%",
    height: str = "280px",
    margin: dict | None = None,
) -> bq.Figure:
    """A :class:`bqplot.Figure` with the project's margins, size and CSS classes."""
    fig = bq.Figure(
        marks=marks,
        axes=axes,
        title=title,
        fig_margin=dict(margin or _MARGIN),
        layout=widgets.Layout(width=width, height=height, min_width="260px"),
        legend_location="top-right",
        animation_duration=0,
    )
    fig.add_class("lsn-chart")
    if css_class:
        fig.add_class(css_class)
    return fig


def _percent_axis(scale: bq.LinearScale, label: str = "chance") -> bq.Axis:
    return bq.Axis(
        scale=scale,
        side="left",
        tick_format=".0%",
        label=label,
        grid_lines="dashed",
        label_offset="40px",
    )


class BarChart:
    """Bars over named categories; several series are drawn side by side.

    ``BarChart(categories, series_labels, values=None, percent=True, title="")``; ``values`` is
    one list per series, in category order. ``update(values, categories=None)`` changes the bars
    in place.
    """

    def __init__(
        self,
        categories: Sequence[str],
        series_labels: Sequence[str] = ("",),
        values: Sequence[Sequence[float]] | None = None,
        *,
        percent: bool = True,
        title: str = "",
        y_label: str = "chance",
        x_label: str = "",
        colors: Sequence[str] | None = None,
        css_class: str | None = None,
        height: str = "260px",
        y_max: float | None = None,
    ) -> None:
        self.series_labels = list(series_labels)
        self.x_scale = bq.OrdinalScale()
        self.y_scale = bq.LinearScale(min=0.0, max=1.0 if (percent and y_max is None) else y_max)
        if values is None:
            values = [[0.0] * len(categories) for _ in self.series_labels]
        self.bars = bq.Bars(
            x=list(categories),
            y=[list(v) for v in values] if len(self.series_labels) > 1 else list(values[0]),
            scales={"x": self.x_scale, "y": self.y_scale},
            type="grouped",
            colors=list(colors or PALETTE[: max(len(self.series_labels), 1)]),
            labels=self.series_labels,
            padding=0.25,
            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%" if percent else ".3g"]),
        )
        axes = [
            bq.Axis(scale=self.x_scale, label=x_label),
            _percent_axis(self.y_scale, y_label)
            if percent
            else bq.Axis(scale=self.y_scale, side="left", label=y_label, grid_lines="dashed"),
        ]
        self.figure = make_figure([self.bars], axes, title=title, css_class=css_class, height=height)
        self.colors = list(self.bars.colors)
        self.legend = None
        if len(self.series_labels) > 1:
            self.view = _with_legend(self.figure, list(zip(self.series_labels, self.colors)))
            self.legend = self.view.children[1]
        else:
            self.view = self.figure

    def set_labels(self, labels: Sequence[str]) -> None:
        """Rename the series (the legend follows)."""
        self.series_labels = list(labels)
        self.bars.labels = self.series_labels
        if self.legend is not None:
            self.legend.value = legend_html(list(zip(self.series_labels, self.colors)))

    @property
    def values(self) -> list[list[float]]:
        """The bars drawn now: one list per series, in category order."""
        y = [list(map(float, v)) for v in (self.bars.y if len(self.series_labels) > 1 else [self.bars.y])]
        return y

    @property
    def categories(self) -> list[str]:
        return list(self.bars.x)

    def update(self, values: Sequence[Sequence[float]], categories: Sequence[str] | None = None) -> None:
        y = [list(map(float, v)) for v in values]
        with self.bars.hold_sync():
            if categories is not None:
                self.bars.x = list(categories)
            self.bars.y = y if len(self.series_labels) > 1 else y[0]


class LineChart:
    """Lines over a numeric x axis: ``LineChart(x, {label: ys, ...})``.

    ``update(series, x=None)`` replaces the y values in place (same labels, same order);
    ``mark(x)`` moves a vertical marker line (``None`` hides it).
    """

    def __init__(
        self,
        x: Sequence[float],
        series: dict[str, Sequence[float]],
        *,
        title: str = "",
        x_label: str = "",
        y_label: str = "chance",
        percent: bool = True,
        colors: Sequence[str] | None = None,
        css_class: str | None = None,
        height: str = "280px",
        markers: bool = True,
        step: bool = False,
    ) -> None:
        self.labels = list(series)
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale(min=0.0, max=1.0) if percent else bq.LinearScale(min=0.0)
        self.lines = bq.Lines(
            x=list(x),
            y=self._y(list(series.values())),
            scales={"x": self.x_scale, "y": self.y_scale},
            colors=list(colors or PALETTE[: len(self.labels)]),
            labels=self.labels,
            marker="circle" if markers else None,
            marker_size=24,
            stroke_width=2,
            interpolation="step-after" if step else "linear",
        )
        self.marker = bq.Lines(
            x=[0, 0],
            y=[0, 1],
            scales={"x": self.x_scale, "y": bq.LinearScale(min=0.0, max=1.0)},
            colors=["#999"],
            line_style="dashed",
            visible=False,
        )
        axes = [
            bq.Axis(scale=self.x_scale, label=x_label, tick_format="d"),
            _percent_axis(self.y_scale, y_label)
            if percent
            else bq.Axis(scale=self.y_scale, side="left", label=y_label, grid_lines="dashed"),
        ]
        self.figure = make_figure([self.lines, self.marker], axes, title=title, css_class=css_class, height=height)
        self.view = (
            _with_legend(self.figure, list(zip(self.labels, self.lines.colors))) if len(self.labels) > 1 else self.figure
        )

    def update(self, series: Sequence[Sequence[float]] | dict[str, Sequence[float]], x: Sequence[float] | None = None) -> None:
        ys = list(series.values()) if isinstance(series, dict) else list(series)
        with self.lines.hold_sync():
            if x is not None:
                self.lines.x = list(x)
            self.lines.y = self._y(ys)

    @property
    def values(self) -> list[list[float]]:
        """The lines drawn now: one list of y values per series."""
        return [list(map(float, v)) for v in (self.lines.y if len(self.labels) > 1 else [self.lines.y])]

    @property
    def x(self) -> list[float]:
        return [float(v) for v in self.lines.x]

    @property
    def marked(self) -> float | None:
        """Where the marker line is (``None`` while hidden)."""
        return float(self.marker.x[0]) if self.marker.visible else None

    def _y(self, ys: Sequence[Sequence[float]]):
        rows = [list(map(float, v)) for v in ys]
        return rows[0] if len(self.labels) == 1 else rows

    def mark(self, x: float | None) -> None:
        if x is None:
            self.marker.visible = False
            return
        with self.marker.hold_sync():
            self.marker.x = [x, x]
            self.marker.visible = True


class _CellGrid(bq.GridHeatMap):
    """A GridHeatMap whose ``selected`` is always an integer array.

    A click in the browser sends ``selected`` as plain JSON lists, which bqplot reads into an
    array of Python objects; ipywidgets then fails to echo that array back ("Unsupported dtype
    object") before any observer runs, so a click outlined the cell and changed nothing else.
    """

    @traitlets.validate("selected")
    def _integer_cells(self, proposal):
        value = proposal["value"]
        return None if value is None else np.asarray(value, dtype=np.int32).reshape(-1, 2)


class HeatmapChart:
    """A grid of chances (0..1) as coloured cells, rows by ``row_values``, columns by
    ``column_values``. Click a cell to select it: ``on_select(callback)`` gets ``(row, column)``.

    ``update(grid)`` recolours the cells in place (``grid[i][j]`` for row i, column j).
    """

    def __init__(
        self,
        row_values: Sequence[int],
        column_values: Sequence[int],
        grid: Sequence[Sequence[float]],
        *,
        title: str = "",
        row_label: str = "",
        column_label: str = "",
        css_class: str | None = None,
        height: str = "460px",
        width: str = "100%",
    ) -> None:
        self.row_values = list(row_values)
        self.column_values = list(column_values)
        self._select_callbacks: list[Callable[[int, int], None]] = []
        self.row_scale = bq.OrdinalScale(reverse=False)
        self.column_scale = bq.OrdinalScale()
        self.color_scale = bq.ColorScale(
            min=0.0, max=1.0, colors=list(HEAT_COLOURS), mid=0.5
        )
        self.heatmap = _CellGrid(
            row=self.row_values,
            column=self.column_values,
            color=[list(map(float, r)) for r in grid],
            scales={"row": self.row_scale, "column": self.column_scale, "color": self.color_scale},
            stroke="white",
            interactions={"click": "select"},
            selected_style={"stroke": "black", "stroke-width": 2},
            anchor_style={"fill": "none"},
            tooltip=bq.Tooltip(fields=["row", "column", "color"], formats=["", "", ".1%"],
                               labels=[row_label or "row", column_label or "column", "chance"]),
        )
        self.heatmap.observe(self._on_selected, names="selected")
        axes = [
            bq.Axis(scale=self.column_scale, label=column_label),
            bq.Axis(scale=self.row_scale, side="left", label=row_label, label_offset="35px"),
            bq.ColorAxis(scale=self.color_scale, side="right",
                         tick_format=".0%"),
        ]
        margin = {"top": 30, "bottom": 45, "left": 55, "right": 85}
        self.figure = make_figure(
            [self.heatmap], axes, title=title, css_class=css_class, height=height, width=width,
            margin=margin,
        )
        self.view = self.figure

    def update(self, grid: Sequence[Sequence[float]]) -> None:
        self.heatmap.color = [list(map(float, r)) for r in grid]

    @property
    def grid(self) -> list[list[float]]:
        """The chances drawn now, ``grid[i][j]`` for row i, column j."""
        return [list(map(float, r)) for r in self.heatmap.color]

    @property
    def selected(self) -> tuple[int, int] | None:
        """The selected cell as ``(row value, column value)``, or ``None``."""
        sel = self.heatmap.selected
        if sel is None or len(sel) == 0:
            return None
        i, j = (int(v) for v in sel[-1])
        return self.row_values[i], self.column_values[j]

    def on_select(self, callback: Callable[[int, int], None]) -> None:
        """Call ``callback(row_value, column_value)`` when a cell is clicked."""
        self._select_callbacks.append(callback)

    def select(self, row: int, column: int) -> None:
        """Select a cell from Python (as a click would)."""
        i, j = self.row_values.index(row), self.column_values.index(column)
        self.heatmap.selected = [[i, j]]

    def _on_selected(self, change) -> None:
        sel = change["new"]
        if sel is None or len(sel) == 0:
            return
        i, j = (int(v) for v in sel[-1])  # the newest click (ctrl-click adds cells)
        if len(sel) > 1:  # keep the newest cell only; this observer runs again for it
            self.heatmap.selected = [[i, j]]
            return
        for cb in self._select_callbacks:
            cb(self.row_values[i], self.column_values[j])


class OverlayChart:
    """Exact chances as bars, measured frequencies as dots on top of them.

    ``OverlayChart(categories, exact)``; ``update_exact(exact, categories=None)`` and
    ``update_measured(freqs)`` change the data in place; ``clear_measured()`` hides the dots.
    """

    def __init__(
        self,
        categories: Sequence[str],
        exact: Sequence[float],
        *,
        title: str = "",
        x_label: str = "",
        css_class: str | None = None,
        height: str = "280px",
        exact_label: str = "exact",
        measured_label: str = "simulated",
    ) -> None:
        self.x_scale = bq.OrdinalScale()
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        cats = list(categories)
        self.bars = bq.Bars(
            x=cats,
            y=list(map(float, exact)),
            scales={"x": self.x_scale, "y": self.y_scale},
            colors=["#9ecae1"],
            labels=[exact_label],
            padding=0.2,
            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".2%"]),
        )
        self.dots = bq.Scatter(
            x=cats,
            y=[0.0] * len(cats),
            scales={"x": self.x_scale, "y": self.y_scale},
            colors=["#d62728"],
            default_size=90,
            marker="diamond",
            labels=[measured_label],
            visible=False,
            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".2%"]),
        )
        axes = [bq.Axis(scale=self.x_scale, label=x_label), _percent_axis(self.y_scale)]
        self.figure = make_figure([self.bars, self.dots], axes, title=title, css_class=css_class, height=height)
        self.view = self.figure

    @property
    def categories(self) -> list[str]:
        return list(self.bars.x)

    def update_exact(self, exact: Sequence[float], categories: Sequence[str] | None = None) -> None:
        with self.bars.hold_sync():
            if categories is not None:
                self.bars.x = list(categories)
            self.bars.y = list(map(float, exact))
        top = max([1e-9, *map(float, exact)])
        self.y_scale.max = 1.0 if top > 0.5 else min(1.0, round(top * 1.4 + 0.05, 2))

    @property
    def exact(self) -> list[float]:
        return [float(v) for v in self.bars.y]

    def update_measured(self, freqs: Sequence[float]) -> None:
        with self.dots.hold_sync():
            self.dots.x = list(self.bars.x)
            self.dots.y = list(map(float, freqs))
            self.dots.visible = True

    def clear_measured(self) -> None:
        self.dots.visible = False

    @property
    def measured(self) -> list[float]:
        return [float(v) for v in self.dots.y] if self.dots.visible else []
