"""The odds explorers where numpy and bqplot cannot be imported (the static web edition's Python in
the browser): charts drawn as SVG by the package, the plain-Python Monte Carlo, and the same exact
odds. One test runs the explorers in a Python with numpy, bqplot and pandas blocked; the others
switch the back ends in this process (``charts.use_backend("svg")``, ``montecarlo.use_numpy(False)``).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from livestock_notebooks.odds import livestock_battle, montecarlo
from livestock_notebooks.odds.display import fraction_shown
from livestock_notebooks.widgets.common import charts
from livestock_notebooks.widgets.common.odds_panel import format_percent
from livestock_notebooks.widgets.explorers import (
    AttackDefenseHeatmap,
    BattleComparison,
    NaturalRuleChart,
    SpacePigsCombatExplorer,
    TechWipeoutExplorer,
)

ROOT = Path(__file__).resolve().parents[1]

#: run in a fresh Python where ``import numpy`` (and bqplot, pandas) fails, as in the browser
NO_NUMPY_SCRIPT = textwrap.dedent("""
    import json, sys
    for name in ("numpy", "bqplot", "pandas"):
        sys.modules[name] = None  # any import of them now raises ImportError
    from fractions import Fraction
    from livestock_notebooks.odds import livestock_battle, montecarlo
    from livestock_notebooks.widgets.common import charts
    from livestock_notebooks.widgets.explorers import (AttackDefenseHeatmap, BattleComparison, NaturalRuleChart,
        SpacePigsCombatExplorer, SuperArmyVsGeneral, TechWipeoutExplorer)

    out = {"backend": charts.chart_backend(), "numpy": montecarlo.numpy_in_use()}
    w = BattleComparison(attack=3, defense=4, seed=1)
    out["exact"] = str(w.panel.result["ordinary"]["attacker"])
    out["shown"] = list(w.panel.text_of("attacker", "ordinary"))
    figure, before = w.panel.chart.figure, w.panel.chart.figure.value
    w.attack.value = 9
    out["after_slider"] = list(w.panel.text_of("attacker", "super"))
    out["same_figure"] = w.panel.chart.figure is figure and w.panel.chart.figure.value != before
    out["bars"] = w.panel.chart.values
    result = w.runner.run(20_000)
    out["trials"] = result.n
    out["measured"], out["exact_bars"] = w.runner.measured, w.runner.exact
    out["dots_drawn"] = w.runner.chart.figure.value.count("lsn-sim-dot")
    h = AttackDefenseHeatmap()
    h.chart.buttons[(6, 6)].click()
    out["picked"] = list(h.selected)
    out["picked_shown"] = h.readout.prob_labels["attacker"].value
    n = NaturalRuleChart()
    n.difference.value = -2
    out["marked"] = n.chart.marked
    s = SpacePigsCombatExplorer(seed=5)
    out["combat_total"] = sum(s.runner.run(4_000) and s.runner.measured)
    t = TechWipeoutExplorer(seed=2)
    out["wipeout"] = [t.runner.run(4_000).n, t.runner.measured[0], t.runner.exact[0]]
    SuperArmyVsGeneral()
    out["numpy_loaded"] = sys.modules["numpy"] is not None
    print(json.dumps(out))
""")


def test_explorers_show_exact_odds_and_simulate_where_numpy_and_bqplot_cannot_be_imported():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("LIVESTOCK_CHARTS", None)
    env.pop("LIVESTOCK_MONTECARLO", None)
    run = subprocess.run([sys.executable, "-c", NO_NUMPY_SCRIPT], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert (out["backend"], out["numpy"], out["numpy_loaded"]) == ("svg", False, False)
    assert out["exact"] == "5/18" and out["shown"] == ["27.8%", "5/18"]
    sup = livestock_battle(9, 4, attacker_super=True)
    assert out["after_slider"] == [format_percent(sup.attacker), fraction_shown(sup.attacker)]
    assert out["same_figure"]
    assert out["bars"][1] == pytest.approx([float(p) for p in sup.as_dict().values()])
    assert out["trials"] == 20_000 and out["dots_drawn"] == 3
    assert out["exact_bars"] == pytest.approx([float(p) for p in sup.as_dict().values()])
    for freq, exact in zip(out["measured"], out["exact_bars"]):
        assert freq == pytest.approx(exact, abs=0.02)
    odds = livestock_battle(6, 6, attacker_super=True)
    assert out["picked"] == [6, 6] and out["picked_shown"] == format_percent(odds.attacker)
    assert out["marked"] == -2
    assert out["combat_total"] == pytest.approx(1.0)
    trials, measured, exact = out["wipeout"]
    assert trials == 4_000 and measured == pytest.approx(exact, abs=0.05)


@pytest.fixture
def svg():
    """Charts drawn as SVG and the plain-Python Monte Carlo, as in the browser."""
    charts.use_backend("svg")
    montecarlo.use_numpy(False)
    yield
    charts.use_backend(None)
    montecarlo.use_numpy(None)


def test_backend_follows_the_switch_and_the_environment(monkeypatch):
    monkeypatch.setenv("LIVESTOCK_CHARTS", "svg")
    chart = charts.BarChart(["a"], ["x"], [[0.5]])
    assert charts.chart_backend() == "svg" and type(chart).__module__.endswith("charts_svg")
    assert isinstance(chart, charts.BarChart) and not isinstance(chart, charts.LineChart)
    assert chart.view.value.startswith("<svg")
    monkeypatch.setenv("LIVESTOCK_CHARTS", "")
    pytest.importorskip("bqplot")
    assert charts.chart_backend() == "bqplot"
    assert type(charts.BarChart(["a"], ["x"], [[0.5]])).__module__.endswith("charts_bqplot")
    charts.use_backend("svg")
    try:
        assert charts.chart_backend() == "svg"
    finally:
        charts.use_backend(None)
    with pytest.raises(ValueError):
        charts.use_backend("matplotlib")


def test_svg_charts_escape_every_text(svg):
    nasty = "<script>alert('x')</script> & co"
    bar = charts.BarChart([nasty, "b"], [nasty, "two"], [[0.2, 0.4], [0.1, 0.3]], title=nasty, x_label=nasty)
    line = charts.LineChart([0, 1], {nasty: [0.1, 0.2], "other": [0.3, 0.4]}, title=nasty, y_label=nasty)
    heat = charts.HeatmapChart([1, 2], [3, 4], [[0.1, 0.9], [0.5, 0.6]], title=nasty, row_label=nasty,
                               column_label=nasty)
    overlay = charts.OverlayChart([nasty], [0.5], title=nasty, measured_label=nasty)
    overlay.update_measured([0.4])
    pictures = [bar.figure.value, bar.legend.value, line.figure.value, line.view.children[1].value,
                heat.figure.value, overlay.figure.value]
    for picture in pictures:
        assert "<script>" not in picture and "&lt;script&gt;" in picture
    assert heat.buttons[(1, 3)].tooltip.startswith(nasty)  # a tooltip is plain text, not HTML


def test_svg_bar_chart_redraws_the_same_widget(svg):
    w = BattleComparison(attack=3, defense=4)
    chart = w.panel.chart
    figure, view = chart.figure, chart.view
    assert figure.value.count("<rect") == 6  # three outcomes, two scenarios
    assert chart.values[0] == pytest.approx([5 / 18, 5 / 36, 7 / 12])
    before = figure.value
    w.attack.value = 8
    assert chart.figure is figure and chart.view is view and figure.value != before
    assert chart.values[0] == pytest.approx([float(p) for p in livestock_battle(8, 4).as_dict().values()])
    w.super_side.value = "both"
    assert "Super Army v Super Army" in chart.legend.value


def test_svg_heatmap_click_picks_a_cell_and_mode_recolours_in_place(svg):
    w = AttackDefenseHeatmap(mode="none")
    chart = w.chart
    assert len(chart.buttons) == len(w.attacks) * len(w.defenses)
    # one layout and one style model for all the cell buttons
    assert len({id(b.layout) for b in chart.buttons.values()}) == 1
    assert len({id(b.style) for b in chart.buttons.values()}) == 1
    assert not any(b.tabbable for b in chart.buttons.values())  # Tab does not walk 420 cells
    assert chart.grid[w.attacks.index(3)][w.defenses.index(4)] == pytest.approx(5 / 18)
    assert chart.selected == (3, 4) and "lsn-heat-selected" in chart.figure.value
    figure = chart.figure
    chart.buttons[(7, 2)].click()
    assert w.selected == (7, 2) and chart.selected == (7, 2)
    assert "Attack 7 v defense 2" in w.cell_label.value
    odds = livestock_battle(7, 2)
    assert (w.readout.prob_labels["attacker"].value, w.readout.frac_labels["attacker"].value) == \
        (format_percent(odds.attacker), fraction_shown(odds.attacker))
    before = figure.value
    w.mode.value = "attacker"
    assert chart.figure is figure and figure.value != before
    sup = livestock_battle(7, 2, attacker_super=True)
    assert chart.grid[w.attacks.index(7)][w.defenses.index(2)] == pytest.approx(float(sup.attacker))
    assert w.readout.prob_labels["attacker"].value == format_percent(sup.attacker)
    assert chart.hits.children == tuple(chart.buttons.values())


def test_svg_line_chart_marker_moves_in_place(svg):
    w = NaturalRuleChart(mode="attacker", difference=6)
    figure = w.chart.figure
    assert w.chart.marked == 6 and "lsn-chart-marker" in figure.value
    w.difference.value = -3
    assert w.chart.figure is figure and w.chart.marked == -3
    rule = livestock_battle(17, 20, attacker_super=True)
    assert w.chart.values[0][w.xs.index(-3)] == pytest.approx(float(rule.attacker))
    assert w.with_rule.prob_labels["attacker"].value == format_percent(rule.attacker)


def test_svg_simulation_draws_dots_then_clears_them_when_inputs_change(svg):
    w = BattleComparison(attack=3, defense=4, seed=1)
    runner = w.runner
    figure = runner.chart.figure
    result = runner.run(20_000)
    assert result.n == 20_000 and figure.value.count("lsn-sim-dot") == 3
    # a million plain-Python trials would hold the browser's Python for half a minute: not offered
    assert [n for _, n in runner.trials.options] == [10_000, 100_000]
    exact = livestock_battle(3, 4, attacker_super=True)
    for freq, p in zip(runner.measured, exact.as_dict().values()):
        assert freq == pytest.approx(float(p), abs=0.02)
    w.defense.value = 10
    assert runner.chart.figure is figure and runner.measured == [] and "lsn-sim-dot" not in figure.value
    assert runner.chart.exact == pytest.approx([float(p) for p in
                                                livestock_battle(3, 10, attacker_super=True).as_dict().values()])


def test_svg_space_pigs_explorers_keep_their_exact_odds(svg):
    s = SpacePigsCombatExplorer(seed=3)
    survivors = s.survivors.figure
    s.panel.set_values(a_piglets=6, d_kind="pigs", d_piglets=4)
    assert s.survivors.figure is survivors
    assert s.survivors.values[0] == pytest.approx([float(s.odds.attacker_survivors.get(n, 0))
                                                   for n in range(len(s.survivors.categories))])
    assert isinstance(s.odds.attacker, Fraction)
    t = TechWipeoutExplorer(seed=2)
    curve = t.curve.figure
    t.attacker_cards.value = 4
    assert t.curve.figure is curve and t.curve.marked == 5
    assert t.runner.run(5_000).n == 5_000


def _live_widgets() -> int:
    from ipywidgets.widgets import widget as widget_module

    return len(widget_module._instances)


def test_svg_explorers_create_no_widgets_when_inputs_change(svg):
    w = AttackDefenseHeatmap()
    n = NaturalRuleChart()
    before = _live_widgets()
    w.mode.value = "both"
    w.chart.buttons[(9, 9)].click()
    n.difference.value = 1
    assert _live_widgets() == before


def test_a_million_trials_are_offered_where_numpy_runs():
    pytest.importorskip("numpy")
    from livestock_notebooks.widgets.common.simulation import SimulationRunner

    montecarlo.use_numpy(True)
    try:
        assert [n for _, n in SimulationRunner().trials.options] == [10_000, 100_000, 1_000_000]
    finally:
        montecarlo.use_numpy(None)


#: the kernel's first cell: numpy, bqplot and pandas cannot be found, as in the browser's Python
#: (an import finder, so that IPython's own "is numpy loaded?" checks see them absent)
BLOCK_CELL = """import sys
class _Absent:
    def find_spec(self, name, path=None, target=None):
        if name.partition('.')[0] in ('numpy', 'bqplot', 'pandas'):
            raise ModuleNotFoundError(f'No module named {name!r}', name=name)
sys.meta_path.insert(0, _Absent())
for _name in [n for n in sys.modules if n.partition('.')[0] in ('numpy', 'bqplot', 'pandas')]:
    del sys.modules[_name]"""
REPORT_CELL = ("from livestock_notebooks.widgets.common import charts\nfrom livestock_notebooks.odds import montecarlo\n"
               "print(charts.chart_backend(), montecarlo.numpy_in_use(), 'numpy' in sys.modules)")


@pytest.mark.parametrize("name", ["super_army_odds.ipynb", "space_pigs_odds.ipynb"])
def test_explorer_notebooks_run_where_numpy_and_bqplot_cannot_be_imported(name):
    """The notebooks themselves, headless, in a kernel that cannot import numpy, bqplot or pandas
    (a first cell blocks them, as the browser's Python lacks them)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from test_notebooks import NOTEBOOKS_DIR, error_outputs

    nb = nbformat.read(NOTEBOOKS_DIR / name, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(BLOCK_CELL))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(NOTEBOOKS_DIR)}}).execute()
    assert error_outputs(nb) == []
    widgets_shown = sum("application/vnd.jupyter.widget-view+json" in out.get("data", {})
                        for cell in nb.cells for out in cell.get("outputs", []))
    assert widgets_shown >= 2
    assert nb.cells[-1].outputs[0]["text"].strip() == "svg False False"
