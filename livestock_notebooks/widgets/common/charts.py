"""Small charts that update in place, drawn by bqplot or as SVG by the package.

The chart classes the pages use: :class:`BarChart`, :class:`LineChart`, :class:`HeatmapChart`
(click a cell to pick it: ``on_select``) and :class:`OverlayChart` (exact bars, simulated dots;
the :class:`~.simulation.SimulationRunner`'s chart). Each has two back ends with the same API:

* ``bqplot`` (:mod:`.charts_bqplot`): bqplot figures, the served app's charts;
* ``svg`` (:mod:`.charts_svg`): an HTML widget whose value is an SVG picture drawn here, for
  a Python without numpy and bqplot (the static web edition in the browser, where those would
  come from a CDN). Its heatmap takes clicks through a grid of transparent buttons over the
  picture, as the game boards do.

``BarChart(...)`` makes a chart of the back end in use: ``bqplot`` when bqplot and numpy
import, else ``svg``; the environment variable ``LIVESTOCK_CHARTS=svg`` (or ``bqplot``) or
:func:`use_backend` chooses one (tests). Every chart updates its data in place (``update``,
``mark``, ``select``, ...): nothing is re-created or re-displayed. Display ``chart.view``.

Both back ends read back what they draw the same way: ``values`` / ``categories`` (bars),
``values`` / ``x`` / ``marked`` (lines), ``grid`` / ``selected`` (heatmap), ``exact`` /
``measured`` / ``categories`` (overlay).
"""
from __future__ import annotations

import os
from types import ModuleType
from typing import Any

from .chart_parts import PALETTE, legend_html

__all__ = ["PALETTE", "BACKENDS", "BarChart", "HeatmapChart", "LineChart", "OverlayChart", "chart_backend",
           "legend_html", "use_backend"]

BACKENDS = ("bqplot", "svg")
_chosen: str | None = None


def use_backend(name: str | None) -> None:
    """Draw the charts made from now on with ``name`` (``"bqplot"`` or ``"svg"``); ``None``
    goes back to choosing by what is installed and ``LIVESTOCK_CHARTS``."""
    if name is not None and name not in BACKENDS:
        raise ValueError(f"chart back end must be one of {BACKENDS}, got {name!r}")
    global _chosen
    _chosen = name


def _bqplot_module() -> ModuleType | None:
    try:
        from . import charts_bqplot
    except ImportError:  # no bqplot or no numpy: the browser's Python of the static edition
        return None
    return charts_bqplot


def chart_backend() -> str:
    """The back end new charts use: ``"bqplot"`` or ``"svg"`` (see the module's docstring)."""
    wanted = _chosen or os.environ.get("LIVESTOCK_CHARTS", "").strip().lower()
    if wanted == "svg":
        return "svg"
    if wanted == "bqplot" or _bqplot_module() is not None:
        return "bqplot"
    return "svg"


def _module() -> ModuleType:
    if chart_backend() == "bqplot":
        module = _bqplot_module()
        if module is None:
            raise ImportError("the bqplot charts need bqplot and numpy (LIVESTOCK_CHARTS=bqplot)")
        return module
    from . import charts_svg
    return charts_svg


class _ByBackend(type):
    """Calling the class makes the chart of the back end in use; ``isinstance`` accepts both."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return getattr(_module(), cls.__name__)(*args, **kwargs)

    def __instancecheck__(cls, obj: Any) -> bool:
        kind = type(obj)
        return kind.__name__ == cls.__name__ and kind.__module__.rpartition(".")[2] in ("charts_bqplot", "charts_svg")


class BarChart(metaclass=_ByBackend):
    """Bars over named categories; several series side by side:
    ``BarChart(categories, series_labels, values=None, *, percent=True, title="", y_label,
    x_label, colors, css_class, height, y_max)``; ``update(values, categories=None)``,
    ``set_labels(labels)``."""


class LineChart(metaclass=_ByBackend):
    """Lines over a numeric x axis: ``LineChart(x, {label: ys, ...}, *, title, x_label, y_label,
    percent=True, colors, css_class, height, markers=True, step=False)``; ``update(series,
    x=None)``, ``mark(x)`` (a dashed vertical line; ``None`` hides it)."""


class HeatmapChart(metaclass=_ByBackend):
    """Chances 0..1 as coloured cells: ``HeatmapChart(row_values, column_values, grid, *, title,
    row_label, column_label, css_class, height, width)``; ``update(grid)``, ``select(row,
    column)`` (as a click), ``on_select(callback)`` -> ``callback(row, column)``."""


class OverlayChart(metaclass=_ByBackend):
    """Exact chances as bars, measured frequencies as dots: ``OverlayChart(categories, exact, *,
    title, x_label, css_class, height)``; ``update_exact(exact, categories=None)``,
    ``update_measured(freqs)``, ``clear_measured()``."""
