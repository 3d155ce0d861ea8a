"""The balance lab page (``notebooks/balance_lab.ipynb``): choose a study, run it on a local Dask
cluster with a progress bar, and see its answers as bqplot charts with 95% intervals.

The page opens on the last finished study of the chosen kind (the one saved in the app's data
folder, else the one shipped with the package: :func:`livestock_notebooks.lab.studies.load_finished`),
so it shows answers at once. **Run** plays the study's games on a local cluster of worker
processes (or ``$DASK_SCHEDULER_ADDRESS``), draws the answers and saves the finished study.

CSS classes: ``lsn-lab`` (the whole), ``lsn-lab-study``, ``lsn-lab-games``, ``lsn-lab-workers``,
``lsn-lab-run``, ``lsn-lab-progress``, ``lsn-lab-status``, ``lsn-lab-charts`` and ``lsn-lab-chart``
(one chart each: bars and their interval whiskers).
"""
from __future__ import annotations

import html
import os
import time
from typing import Any, Callable, Sequence

import bqplot as bq
import ipywidgets as widgets

from ..lab import studies
from .common.chart_parts import PALETTE
from .common.charts_bqplot import make_figure

__all__ = ["BalanceLab", "IntervalChart", "LabProgress", "balance_lab"]

esc = html.escape

#: How many cards the card chart shows at each end (the cards doing best and worst).
CARDS_EACH_END = 8


class IntervalChart:
    """Bars with a 95% interval whisker on each: ``IntervalChart(labels, values, lows, highs)``;
    ``update(...)`` changes them in place. ``percent`` puts the axis from 0% to 100%."""

    def __init__(self, labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
                 highs: Sequence[float], *, title: str = "", y_label: str = "win rate", percent: bool = True,
                 color: str = PALETTE[0]) -> None:
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale(min=0.0, max=1.0) if percent else bq.LinearScale(min=0.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.bars = bq.Bars(x=[0], y=[0], scales=scales, colors=[color], padding=0.3, opacities=[0.75])
        self.whiskers = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=scales, colors=["#222"], stroke_width=2)
        self.x_axis = bq.Axis(scale=self.x_scale, tick_values=[0], tick_labels={}, tick_style={"font-size": "11px"})
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label=y_label,
                              tick_format=".0%" if percent else "", grid_lines="dashed", label_offset="40px")
        self.figure = make_figure([self.bars, self.whiskers], [self.x_axis, self.y_axis], title=title,
                                  css_class="lsn-lab-chart", height="300px",
                                  margin={"top": 30, "bottom": 70, "left": 55, "right": 20})
        self.view = self.figure
        self.update(labels, values, lows, highs)

    def update(self, labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
               highs: Sequence[float]) -> None:
        n = len(labels)
        positions = list(range(n)) or [0]
        with self.figure.hold_sync():
            self.x_scale.min, self.x_scale.max = -0.6, max(n, 1) - 0.4
            self.bars.x = positions
            self.bars.y = list(values) or [0]
            self.whiskers.x = [[i, i] for i in positions]
            self.whiskers.y = [[lo, hi] for lo, hi in zip(lows, highs)] or [[0, 0]]
            self.x_axis.tick_values = positions
            self.x_axis.tick_labels = {i: str(label) for i, label in enumerate(labels)}
            self.x_axis.tick_rotate = -35 if n > 6 or any(len(str(x)) > 12 for x in labels) else 0
            if self.y_scale.max != 1.0:
                self.y_scale.max = max([*highs, 0.01]) * 1.1


def chart_rows(title: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows a chart draws: all of them, but for the card table the cards doing best and
    worst (``CARDS_EACH_END`` each)."""
    if rows and "difference" in rows[0] and len(rows) > 2 * CARDS_EACH_END:
        ranked = sorted(rows, key=lambda r: (-r["difference"], str(r["label"])))
        return ranked[:CARDS_EACH_END] + ranked[-CARDS_EACH_END:]
    return rows


def chart_of(title: str, answer: dict[str, Any]) -> IntervalChart:
    rows = chart_rows(title, answer["rows"])
    share = answer.get("kind") == "share"
    key = "share" if share else "rate"
    labels = [str(r["label"]).replace("_", " ") for r in rows]
    return IntervalChart(labels, [r[key] for r in rows], [r["low"] for r in rows], [r["high"] for r in rows],
                         title=title, y_label="share of games" if share else "win rate", percent=not share,
                         color=PALETTE[2] if share else PALETTE[0])


class LabProgress(widgets.HBox):
    """A progress bar for :func:`livestock_notebooks.lab.run`: pass ``progress.update`` as its
    ``progress`` callback; it shows ``done / total games`` and the games per second."""

    def __init__(self) -> None:
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="60%"))
        self.bar.add_class("lsn-lab-progress")
        self.text = widgets.HTML("")
        self.start = time.perf_counter()
        super().__init__([self.bar, self.text])

    def begin(self) -> None:
        self.start = time.perf_counter()
        self.bar.value = 0

    def update(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.start
        self.bar.max = max(1, total)
        self.bar.value = done
        self.text.value = f"&nbsp;{done} / {total} games &middot; {elapsed:.0f} s"


class BalanceLab(widgets.VBox):
    """The page: ``study`` (Dropdown), ``games``, ``workers``, ``run_button``, ``progress``,
    ``status`` and ``charts`` (one :class:`IntervalChart` per answer of the shown study).

    ``runner(key, games, workers, progress)`` plays a study and returns the finished study
    (default: :func:`livestock_notebooks.lab.studies.run_study`); tests pass a quicker one.
    """

    def __init__(self, runner: Callable[..., dict[str, Any]] | None = None) -> None:
        self.runner = runner or (lambda key, games, workers, progress: studies.run_study(
            key, games, workers=workers, progress=progress))
        self.study = widgets.Dropdown(options=[(s.title, s.key) for s in studies.STUDIES],
                                      description="Study", layout=widgets.Layout(width="auto", max_width="560px"))
        self.study.add_class("lsn-lab-study")
        self.question = widgets.HTML()
        self.games = widgets.BoundedIntText(value=100, min=10, max=100_000, step=10, description="Games",
                                            layout=widgets.Layout(width="180px"))
        self.games.add_class("lsn-lab-games")
        self.workers = widgets.BoundedIntText(value=min(2, os.cpu_count() or 1), min=1, max=64,
                                              description="Workers", layout=widgets.Layout(width="180px"))
        self.workers.add_class("lsn-lab-workers")
        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.run_button.add_class("lsn-lab-run")
        self.progress = LabProgress()
        self.status = widgets.HTML()
        self.status.add_class("lsn-lab-status")
        self.charts = widgets.VBox()
        self.charts.add_class("lsn-lab-charts")
        self.shown: dict[str, Any] | None = None
        self.study.observe(lambda _change: self.show_study(), names="value")
        self.run_button.on_click(lambda _button: self.run())
        controls = widgets.HBox([self.games, self.workers, self.run_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.study, self.question, controls, self.progress, self.status, self.charts])
        self.add_class("lsn-lab")
        self.show_study()

    def show_study(self) -> None:
        chosen = studies.study(self.study.value)
        self.question.value = f"<p style='margin:0.2em 0 0.6em 0;line-height:1.4'>{esc(chosen.question)}</p>"
        self.games.value = chosen.experiment.games
        self.show(studies.load_finished(chosen.key))

    def show(self, result: dict[str, Any] | None) -> None:
        self.shown = result
        if result is None:
            self.status.value = "<p>No finished study yet: press <b>Run</b>.</p>"
            self.charts.children = ()
            return
        where = "shipped with the app" if result.get("shipped") else "saved on this computer"
        seconds = result.get("seconds")
        took = f" in {seconds:.0f} s on {result.get('workers', 0)} workers" if seconds else ""
        self.status.value = (f"<p>Finished study ({esc(where)}): <b>{int(result['games'])} games</b>{esc(took)}, "
                             f"{esc(str(result.get('finished_at', '')))}. Bars are win rates (or shares of games); "
                             "the black whiskers are 95% Wilson intervals.</p>")
        self.charts.children = tuple(chart_of(title, answer).view for title, answer in result["answers"].items())

    def run(self) -> dict[str, Any] | None:
        key = self.study.value
        self.run_button.disabled = True
        self.progress.begin()
        self.status.value = "<p>Starting the workers...</p>"
        try:
            result = self.runner(key, int(self.games.value), int(self.workers.value), self.progress.update)
        except Exception as exc:  # a cluster that cannot start, a scheduler out of reach
            self.status.value = f"<p>The study could not run: {esc(str(exc))}</p>"
            return None
        finally:
            self.run_button.disabled = False
        if self.study.value == key:
            self.show({**result, "shipped": False})
        return result


def balance_lab(runner: Callable[..., dict[str, Any]] | None = None) -> BalanceLab:
    """The balance lab page (what ``notebooks/balance_lab.ipynb`` shows)."""
    return BalanceLab(runner)
