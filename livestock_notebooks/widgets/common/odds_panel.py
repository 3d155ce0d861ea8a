"""An odds panel: input controls, the exact result as percent and fraction, and a bar chart.

:class:`OddsPanel` is generic. You give it

* ``controls``: a mapping name -> ipywidget with a ``value`` (sliders, toggles, int boxes);
* ``compute(**values)``: returns the result for the current values, either one result or a
  mapping *scenario key* -> result, where a result is a mapping outcome -> ``Fraction`` or an
  object with one ``Fraction`` attribute per outcome (e.g. ``livestock_battle(...)``);
* ``outcomes``: ``[(key, label), ...]`` in display order;
* ``scenarios``: ``[(key, title), ...]`` when ``compute`` returns several results to show side
  by side (a column each, and grouped bars in the chart).

When any control changes, the panel recomputes and updates the *same* label widgets and the
*same* chart marks in place. A ``ValueError`` from ``compute`` (for example a rule the inputs
break) is shown in the panel's message line instead of a traceback.

CSS classes for browser tests and styling:

``lsn-odds-panel``
    the panel itself (plus the ``css_class`` you pass);
``lsn-scenario-<scenario>``
    the column of one scenario;
``lsn-<outcome>-prob`` / ``lsn-<outcome>-frac`` / ``lsn-<outcome>-one-in``
    the percent, the exact fraction and "about 1 in N" of one outcome in that column, e.g.
    ``.lsn-scenario-result .lsn-attacker-prob`` shows ``27.8%``; the fraction is shown when it
    is short (``5/18``) and a long one only with the "Exact fractions" box ticked;
``lsn-exact-toggle``
    that box (a checkbox, so it works on a phone too);
``lsn-odds-message``
    the message line (errors and notes);
``lsn-control-<name>``
    each control.
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as widgets

from ...odds.display import format_fraction, format_percent, fraction_shown, one_in, short_fraction
from .charts import PALETTE, BarChart
from .dom import set_layout

__all__ = ["OddsPanel", "ResultColumn", "exact_toggle", "format_percent", "format_fraction", "as_outcomes"]


def as_outcomes(result: Any, outcomes: Sequence[str]) -> dict[str, Fraction]:
    """Read ``outcomes`` from a mapping or from attributes of a result object."""
    if isinstance(result, Mapping):
        return {k: Fraction(result[k]) for k in outcomes}
    return {k: Fraction(getattr(result, k)) for k in outcomes}


def exact_toggle(columns: Sequence["ResultColumn"]) -> widgets.Checkbox:
    """An "Exact fractions" box that shows the long fractions of ``columns`` while ticked; it
    is hidden while every fraction is short enough to be shown anyway."""
    box = widgets.Checkbox(value=False, description="Exact fractions", indent=False,
                           layout=widgets.Layout(width="auto"))
    box.add_class("lsn-exact-toggle")

    def flip(change) -> None:
        for column in columns:
            column.set_exact(change["new"])

    def fit(_column=None) -> None:
        set_layout(box, display=None if any(c.has_long for c in columns) else "none")

    box.observe(flip, names="value")
    for column in columns:
        column.on_show(fit)
    fit()
    return box


class ResultColumn(widgets.VBox):
    """One column of results: for each outcome a label, the percent, the exact fraction when it
    is short (any with :meth:`set_exact`) and "about 1 in N" for a small chance."""

    def __init__(self, key: str, title: str, outcomes: Sequence[tuple[str, str]], color: str | None = None,
                 name_width: str = "9em"):
        self.key = key
        self.title_label = widgets.HTML(self._title_html(title, color))
        self.title_label.add_class("lsn-scenario-title")
        self.prob_labels: dict[str, widgets.Label] = {}
        self.frac_labels: dict[str, widgets.Label] = {}
        self.one_in_labels: dict[str, widgets.Label] = {}
        self.exact = False
        #: some fraction is too long to be shown unasked
        self.has_long = False
        self._values: Mapping[str, Fraction] | None = None
        self._show_callbacks: list[Callable[["ResultColumn"], None]] = []
        rows = [self.title_label]
        for outcome, text in outcomes:
            name = widgets.Label(text, layout=widgets.Layout(width=name_width))
            name.add_class("lsn-outcome-name")
            prob = widgets.Label("–", layout=widgets.Layout(width="4.5em"),
                                 style={"font_weight": "bold"})
            prob.add_class(f"lsn-{outcome}-prob")
            prob.add_class("lsn-prob")
            frac = widgets.Label("", layout=widgets.Layout(width="auto"), style={"text_color": "#555"})
            frac.add_class(f"lsn-{outcome}-frac")
            frac.add_class("lsn-frac")
            rough = widgets.Label("", layout=widgets.Layout(width="auto"), style={"text_color": "#555"})
            rough.add_class(f"lsn-{outcome}-one-in")
            self.prob_labels[outcome] = prob
            self.frac_labels[outcome] = frac
            self.one_in_labels[outcome] = rough
            rows.append(widgets.HBox([name, prob, frac, rough],
                                     layout=widgets.Layout(align_items="baseline", flex_flow="row wrap",
                                                           grid_gap="0 0.5em")))
        super().__init__(rows, layout=widgets.Layout(padding="4px 12px 4px 0", min_width="17em"))
        self.add_class("lsn-result-column")
        self.add_class(f"lsn-scenario-{key}")

    @staticmethod
    def _title_html(title: str, color: str | None) -> str:
        swatch = (
            f"<span style='display:inline-block;width:0.8em;height:0.8em;background:{color};"
            "margin-right:0.4em;border-radius:2px'></span>"
            if color
            else ""
        )
        return f"<b>{swatch}{title}</b>" if title else ""

    def set_title(self, title: str, color: str | None = None) -> None:
        self.title_label.value = self._title_html(title, color)

    def show(self, values: Mapping[str, Fraction] | None) -> None:
        self._values = values
        self.has_long = values is not None and any(short_fraction(p) is None for p in values.values())
        for outcome, prob in self.prob_labels.items():
            frac, rough = self.frac_labels[outcome], self.one_in_labels[outcome]
            if values is None:
                prob.value, frac.value, rough.value = "–", "", ""
                continue
            p = Fraction(values[outcome])
            prob.value = format_percent(p)
            fraction = fraction_shown(p, self.exact, 32)
            frac.value = fraction
            # "1/36" already says "1 in 36"
            rough.value = "" if fraction and p.numerator == 1 else (one_in(p) or "")
        for callback in self._show_callbacks:
            callback(self)

    def on_show(self, callback: Callable[["ResultColumn"], None]) -> None:
        """``callback(column)`` after every :meth:`show`."""
        self._show_callbacks.append(callback)

    def set_exact(self, exact: bool) -> None:
        """Show every exact fraction (``True``) or only the short ones (``False``)."""
        self.exact = bool(exact)
        self.show(self._values)


class OddsPanel(widgets.VBox):
    """Controls, exact results (percent and fraction) and a bar chart that all update in place.

    Parameters
    ----------
    controls:
        name -> widget with ``.value``; the values are passed to ``compute`` by name.
    compute:
        ``compute(**values)`` -> one result, or ``{scenario: result}`` when ``scenarios`` is set.
    outcomes:
        ``[(outcome_key, label), ...]``; the CSS classes use ``outcome_key``.
    scenarios:
        ``[(scenario_key, title), ...]``; default one column ``("result", "")``.
    title, note:
        HTML shown above the controls and under the results.
    chart:
        draw the bar chart (default ``True``).
    controls_view:
        a widget laying the controls out (default: the controls in a column); it must contain
        every control of ``controls``.
    outcome_width:
        width of the outcome labels (CSS length).

    Callbacks: ``on_result(callback)`` calls ``callback(panel)`` after every successful
    recompute (read ``panel.result`` / ``panel.values``); ``on_error(callback)`` gets the
    exception.
    """

    def __init__(
        self,
        controls: Mapping[str, widgets.ValueWidget],
        compute: Callable[..., Any],
        outcomes: Sequence[tuple[str, str]],
        *,
        scenarios: Sequence[tuple[str, str]] | None = None,
        title: str = "",
        note: str = "",
        chart: bool = True,
        chart_title: str = "",
        css_class: str | None = None,
        colors: Sequence[str] | None = None,
        controls_view: widgets.Widget | None = None,
        outcome_width: str = "9em",
    ) -> None:
        self.controls = dict(controls)
        self.compute = compute
        self.outcomes = list(outcomes)
        self._single = scenarios is None
        self.scenarios = list(scenarios or [("result", "")])
        colors = list(colors or PALETTE)
        self.result: dict[str, dict[str, Fraction]] | None = None
        self.error: Exception | None = None
        self._result_callbacks: list[Callable[["OddsPanel"], None]] = []
        self._error_callbacks: list[Callable[[Exception], None]] = []

        for name, control in self.controls.items():
            control.add_class(f"lsn-control-{name.replace('_', '-')}")
            control.observe(self._on_control, names="value")

        self.title_html = widgets.HTML(title)
        self.title_html.add_class("lsn-odds-title")
        self.columns = {
            key: ResultColumn(key, text, self.outcomes, colors[i % len(colors)] if len(self.scenarios) > 1 else None,
                              name_width=outcome_width)
            for i, (key, text) in enumerate(self.scenarios)
        }
        self.message = widgets.HTML("")
        self.message.add_class("lsn-odds-message")
        self.note_html = widgets.HTML(note)
        self.note_html.add_class("lsn-odds-note")
        self.chart = (
            BarChart(
                [label for _, label in self.outcomes],
                [text or "chance" for _, text in self.scenarios],
                title=chart_title,
                colors=colors[: len(self.scenarios)] if len(self.scenarios) > 1 else ["#4c78a8"],
                css_class="lsn-odds-chart",
                height="240px",
            )
            if chart
            else None
        )
        controls_box = controls_view or widgets.VBox(list(self.controls.values()))
        controls_box.add_class("lsn-odds-controls")
        results_box = widgets.HBox(list(self.columns.values()), layout=widgets.Layout(flex_flow="row wrap"))
        results_box.add_class("lsn-odds-results")
        self.exact_toggle = exact_toggle(list(self.columns.values()))
        children = [w for w in (self.title_html,) if title]
        children += [controls_box, results_box, self.exact_toggle, self.message]
        if note:
            children.append(self.note_html)
        if self.chart is not None:
            children.append(self.chart.view)
        super().__init__(children, layout=widgets.Layout(width="100%", max_width="900px"))
        self.add_class("lsn-odds-panel")
        if css_class:
            self.add_class(css_class)
        self.refresh()

    # -- public API ---------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, Any]:
        """The current control values, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def set_values(self, **values: Any) -> None:
        """Set several controls at once and recompute once."""
        with self.hold_refresh():
            for name, value in values.items():
                self.controls[name].value = value
        self.refresh()

    def on_result(self, callback: Callable[["OddsPanel"], None]) -> None:
        """``callback(panel)`` after every successful recompute."""
        self._result_callbacks.append(callback)

    def on_error(self, callback: Callable[[Exception], None]) -> None:
        """``callback(exception)`` when ``compute`` raises a ``ValueError``."""
        self._error_callbacks.append(callback)

    def set_message(self, html_text: str, kind: str = "info") -> None:
        color = {"error": "#b00020", "info": "#555"}.get(kind, "#555")
        self.message.value = f"<span style='color:{color}'>{html_text}</span>" if html_text else ""

    def refresh(self) -> None:
        """Recompute from the current control values and update every view in place."""
        if getattr(self, "_holding", False):
            return
        try:
            raw = self.compute(**self.values)
        except ValueError as exc:
            self.error = exc
            self.result = None
            for column in self.columns.values():
                column.show(None)
            self.set_message(html.escape(str(exc)), "error")  # the message is text, not markup
            if self.chart is not None:
                self.chart.update([[0.0] * len(self.outcomes) for _ in self.scenarios])
            for cb in self._error_callbacks:
                cb(exc)
            return
        self.error = None
        results = {"result": raw} if self._single else raw
        keys = [o for o, _ in self.outcomes]
        self.result = {key: as_outcomes(results[key], keys) for key, _ in self.scenarios}
        for key, column in self.columns.items():
            column.show(self.result[key])
        self.set_message("")
        if self.chart is not None:
            self.chart.update([[float(self.result[s][o]) for o in keys] for s, _ in self.scenarios])
        for cb in self._result_callbacks:
            cb(self)

    def text_of(self, outcome: str, scenario: str | None = None) -> tuple[str, str]:
        """The (percent, fraction) texts shown for one outcome; for tests."""
        column = self.columns[scenario or self.scenarios[0][0]]
        return column.prob_labels[outcome].value, column.frac_labels[outcome].value

    # -- internals ----------------------------------------------------------------------------
    def _on_control(self, change) -> None:
        self.refresh()

    def hold_refresh(self):
        panel = self

        class _Hold:
            def __enter__(self_inner):
                panel._holding = True

            def __exit__(self_inner, *exc):
                panel._holding = False

        return _Hold()
