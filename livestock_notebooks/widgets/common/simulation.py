"""A Monte Carlo runner: a "Simulate" button, a progress bar, and simulated frequencies drawn
over the exact chances.

:class:`SimulationRunner` knows nothing about any game. The page that owns it describes the
current model with :meth:`SimulationRunner.set_model`:

* ``categories``: ``[(key, label), ...]``, the bars of the chart;
* ``exact``: the exact chance of each category (floats or Fractions), drawn as bars;
* ``simulate(n, seed)``: returns an iterator of *cumulative* results, one per chunk (the
  ``iter_*`` functions of :mod:`livestock_notebooks.odds.montecarlo` do exactly this); each
  result has ``n`` (trials so far) and ``frequency(key)``, or pass ``frequencies`` to read them
  another way.

Pressing the button (or calling :meth:`run`) consumes the iterator, moving the progress bar and
the simulated dots after every chunk. When the inputs change, the page calls ``set_model`` again:
the exact bars move and the old dots disappear. Nothing is re-displayed.

CSS classes: ``lsn-simulation`` (the runner), ``lsn-simulate`` (the button),
``lsn-sim-progress``, ``lsn-sim-status``, ``lsn-sim-chart``, ``lsn-sim-trials`` (the number of
trials).

Callbacks: ``on_progress(callback)`` -> ``callback(result)`` after each chunk;
``on_done(callback)`` -> ``callback(result)`` when a run ends.
"""
from __future__ import annotations

import html
import math
import time
from typing import Any, Callable, Iterator, Sequence

import ipywidgets as widgets

from ...odds import montecarlo
from .charts import OverlayChart

__all__ = ["SimulationRunner"]

Simulate = Callable[[int, Any], Iterator[Any]]


def _default_frequencies(result: Any, keys: Sequence[str]) -> list[float]:
    return [float(result.frequency(k)) for k in keys]


class SimulationRunner(widgets.VBox):
    """Button + progress bar + exact-vs-simulated chart.

    Parameters
    ----------
    categories, exact, simulate, frequencies:
        the first model (see :meth:`set_model`); may be set later.
    trials:
        default number of trials (the user can pick another from ``trial_options``; by default
        10,000, 100,000 and, where the Monte Carlo runs on numpy, 1,000,000: the plain-Python
        kernels of the static edition take about half a minute for a million in a browser).
    title, x_label:
        chart title and x axis label.
    seed:
        fixed seed for reproducible runs (tests); ``None`` draws fresh dice every run.
    """

    def __init__(
        self,
        categories: Sequence[tuple[str, str]] = (),
        exact: Sequence[float] = (),
        simulate: Simulate | None = None,
        *,
        frequencies: Callable[[Any, Sequence[str]], Sequence[float]] | None = None,
        trials: int = 100_000,
        trial_options: Sequence[int] | None = None,
        title: str = "Exact chances (bars) and simulated frequencies (dots)",
        x_label: str = "",
        seed: Any = None,
        button_text: str = "Simulate",
        css_class: str | None = None,
    ) -> None:
        self.seed = seed
        self.category_keys: list[str] = []
        self.exact: list[float] = []
        self._simulate: Simulate | None = None
        self._frequencies = frequencies or _default_frequencies
        self.last_result: Any = None
        self.running = False
        self._progress_callbacks: list[Callable[[Any], None]] = []
        self._done_callbacks: list[Callable[[Any], None]] = []

        if trial_options is None:
            trial_options = (10_000, 100_000, 1_000_000) if montecarlo.numpy_in_use() else (10_000, 100_000)
        options = sorted(set(trial_options) | {trials})
        self.trials = widgets.Dropdown(
            options=[(f"{n:,} trials", n) for n in options],
            value=trials,
            layout=widgets.Layout(width="11em"),
        )
        self.trials.add_class("lsn-sim-trials")
        self.button = widgets.Button(
            description=button_text, icon="play", button_style="primary",
            tooltip="Roll the dice many times and compare with the exact chances",
            layout=widgets.Layout(width="10em"),
        )
        self.button.add_class("lsn-simulate")
        self.button.on_click(lambda _b: self.run())
        self.progress = widgets.FloatProgress(
            value=0.0, min=0.0, max=1.0, bar_style="info", layout=widgets.Layout(width="14em"),
        )
        self.progress.add_class("lsn-sim-progress")
        self.status = widgets.HTML("")
        self.status.add_class("lsn-sim-status")
        self.chart = OverlayChart([label for _, label in categories], list(map(float, exact)),
                                  title=title, x_label=x_label, css_class="lsn-sim-chart")
        top = widgets.HBox([self.button, self.trials, self.progress],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([top, self.status, self.chart.view],
                         layout=widgets.Layout(width="100%", max_width="900px"))
        self.add_class("lsn-simulation")
        if css_class:
            self.add_class(css_class)
        if categories:
            self.set_model(categories, exact, simulate, frequencies=frequencies)

    # -- public API ---------------------------------------------------------------------------
    def set_model(
        self,
        categories: Sequence[tuple[str, str]],
        exact: Sequence[float],
        simulate: Simulate | None,
        *,
        frequencies: Callable[[Any, Sequence[str]], Sequence[float]] | None = None,
    ) -> None:
        """Describe what to simulate now; updates the exact bars and clears old dots."""
        self.category_keys = [k for k, _ in categories]
        self.exact = [float(p) for p in exact]
        self._simulate = simulate
        if frequencies is not None:
            self._frequencies = frequencies
        self.chart.clear_measured()
        self.chart.update_exact(self.exact, [label for _, label in categories])
        self.progress.value = 0.0
        self.progress.bar_style = "info"
        self.last_result = None
        self.button.disabled = simulate is None
        self.status.value = "" if simulate is not None else "<i>Nothing to simulate for these inputs.</i>"

    def run(self, n: int | None = None) -> Any:
        """Run ``n`` trials (default: the chosen number) and return the final result."""
        if self._simulate is None or self.running:
            return None
        n = int(n or self.trials.value)
        self.running = True
        self.button.disabled = True
        self.progress.value = 0.0
        self.progress.bar_style = "info"
        self.chart.clear_measured()
        start = time.perf_counter()
        result = None
        try:
            for result in self._simulate(n, self.seed):
                self.progress.value = min(result.n / n, 1.0) if n else 1.0
                self.chart.update_measured(self._frequencies(result, self.category_keys))
                self.status.value = self._status_text(result, n, time.perf_counter() - start, final=False)
                for cb in self._progress_callbacks:
                    cb(result)
        except ValueError as exc:
            self.progress.bar_style = "danger"
            self.status.value = f"<span style='color:#b00020'>{html.escape(str(exc))}</span>"
            return None
        finally:
            self.running = False
            self.button.disabled = self._simulate is None
        self.last_result = result
        if result is not None:
            self.progress.value = 1.0
            self.progress.bar_style = "success"
            self.status.value = self._status_text(result, n, time.perf_counter() - start, final=True)
            for cb in self._done_callbacks:
                cb(result)
        return result

    def on_progress(self, callback: Callable[[Any], None]) -> None:
        self._progress_callbacks.append(callback)

    def on_done(self, callback: Callable[[Any], None]) -> None:
        self._done_callbacks.append(callback)

    @property
    def measured(self) -> list[float]:
        """The simulated frequencies now drawn (empty before a run)."""
        return self.chart.measured

    # -- internals ----------------------------------------------------------------------------
    def _status_text(self, result: Any, n: int, seconds: float, final: bool) -> str:
        freqs = list(self._frequencies(result, self.category_keys))
        done = int(getattr(result, "n", 0))
        if not done:
            return ""
        worst = max((abs(f - e) for f, e in zip(freqs, self.exact)), default=0.0)
        worst_se = 0.0
        for f, e in zip(freqs, self.exact):
            se = math.sqrt(max(e * (1 - e), 1e-12) / done)
            worst_se = max(worst_se, abs(f - e) / se)
        verdict = (
            "within the expected random wobble" if worst_se < 4 else "further from the exact value than chance explains"
        )
        head = f"{done:,} of {n:,} trials" if not final else f"{done:,} trials in {seconds:.2f} s"
        return (
            "<div style='line-height:1.4;max-width:56em'>"
            f"{head}. Largest gap between simulation and exact: {worst * 100:.2f} percentage points "
            f"({worst_se:.1f} standard errors, {verdict}).</div>"
        )
