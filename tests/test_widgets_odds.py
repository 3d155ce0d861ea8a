"""The odds widgets driven from Python: shown text equals the exact odds, updates happen in
place, the simulation overlay fills in, the dice view reuses its dice."""
from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets
import pytest
import traitlets

from livestock_notebooks.widgets.explorers import (
    AttackDefenseHeatmap,
    BattleComparison,
    NaturalRuleChart,
    SpacePigsCombatExplorer,
    SuperArmyVsGeneral,
    TechWipeoutExplorer,
    plain_dice_odds,
)
from livestock_notebooks.odds import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    livestock_battle,
    space_pigs_combat,
    tech_wipeout,
    tech_wipeout_two_sided,
    default_tech_deck,
)
from livestock_notebooks.widgets.common.dice import DiceView, die_svg
from livestock_notebooks.odds.display import chance_text, fraction_shown, one_in, prob_text, short_fraction
from livestock_notebooks.widgets.common.odds_panel import OddsPanel, format_fraction, format_percent
from livestock_notebooks.widgets.common.simulation import SimulationRunner


def shown(p: Fraction) -> tuple[str, str]:
    """What a result column shows unasked: the percent, and the fraction only when short."""
    return format_percent(p), fraction_shown(p)


def click_cell(heatmap, row: int, column: int) -> None:
    """A click on a heatmap cell as the kernel receives it: a comm ``update`` message whose
    ``selected`` is plain JSON lists (what bqplot's GridHeatMap sends from the browser)."""
    heatmap._handle_msg({"content": {"data": {"method": "update", "state": {"selected": [[row, column]]},
                                              "buffer_paths": []}}, "buffers": []})


# --- formatting -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "p, text",
    [(Fraction(5, 18), "27.8%"), (Fraction(0), "0%"), (Fraction(1), "100%"),
     (Fraction(1, 10**6), "<0.1%"), (1 - Fraction(1, 10**6), ">99.9%"), (Fraction(1, 36), "2.8%")],
)
def test_format_percent(p, text):
    assert format_percent(p) == text


def test_long_fractions_are_left_out_unless_asked_for():
    long = Fraction(7291231047, 9599357152)
    assert short_fraction(long) is None and short_fraction(Fraction(4681, 9216)) == "4681/9216"
    assert chance_text(long) == "76.0%"
    assert chance_text(long, exact=True) == "76.0% (7291231047/9599357152)"
    assert prob_text(long) == "75.96%" and "9599357152" in prob_text(long, exact=True)
    assert chance_text(Fraction(5, 18)) == "27.8% (5/18)"
    # a small chance reads as "about 1 in N"; "1/36" already says it
    assert chance_text(Fraction(5, 216)) == "2.3% (5/216, about 1 in 43)"
    assert chance_text(Fraction(1, 36)) == "2.8% (1/36)"
    assert one_in(Fraction(1, 2)) is None and one_in(0) is None
    assert chance_text(Fraction(3, 10**6)) == "<0.1% (about 1 in 333,333)"


def test_odds_report_table_folds_long_fractions_away():
    long = space_pigs_combat(Pigs(3, 1), Pirates(3))._repr_html_()
    assert "<details>" in long and "<summary>" in long
    short = livestock_battle(3, 4)._repr_html_()
    assert "<code>5/18</code>" in short and "<details>" not in short


def test_format_fraction_shortens_long_numbers():
    assert format_fraction(Fraction(5, 18)) == "5/18"
    assert format_fraction(Fraction(1)) == "1"
    long = Fraction(3**80, 2**130)
    text = format_fraction(long)
    assert len(text) < 40 and "digits" in text


# --- the Super Army comparison ------------------------------------------------------------------

def test_comparison_shows_hand_computed_case():
    w = BattleComparison(attack=3, defense=4)
    assert w.panel.text_of("attacker", "ordinary") == ("27.8%", "5/18")
    assert w.panel.text_of("tie", "ordinary") == ("13.9%", "5/36")
    assert w.panel.text_of("defender", "ordinary") == ("58.3%", "7/12")


def test_comparison_super_column_matches_odds_module():
    w = BattleComparison(attack=3, defense=4, super_side="attacker")
    for side, flags in (("attacker", (True, False)), ("defender", (False, True)), ("both", (True, True))):
        w.super_side.value = side
        odds = livestock_battle(3, 4, attacker_super=flags[0], defender_super=flags[1])
        for outcome in ("attacker", "tie", "defender"):
            assert w.panel.text_of(outcome, "super") == shown(getattr(odds, outcome))


def test_moving_sliders_updates_the_same_widgets_in_place():
    w = BattleComparison(attack=3, defense=4)
    column = w.panel.columns["ordinary"]
    label = column.prob_labels["attacker"]
    bars = w.panel.chart.bars
    figure = w.panel.chart.figure
    children = list(w.panel.children)
    before = list(bars.y[0])
    w.attack.value = 4
    odds = livestock_battle(4, 4)
    assert w.panel.columns["ordinary"] is column
    assert column.prob_labels["attacker"] is label
    assert label.value == format_percent(odds.attacker)
    assert w.panel.chart.bars is bars and w.panel.chart.figure is figure
    assert list(w.panel.children) == children
    assert list(bars.y[0]) != before
    assert bars.y[0][0] == pytest.approx(float(odds.attacker))


@pytest.mark.parametrize("attack, defense", [(1, 0), (5, 1), (10, 12), (24, 24), (1, 24)])
def test_comparison_matches_module_over_inputs(attack, defense):
    w = BattleComparison()
    w.panel.set_values(attack=attack, defense=defense)
    ordinary = livestock_battle(attack, defense)
    sup = livestock_battle(attack, defense, attacker_super=True)
    for outcome in ("attacker", "tie", "defender"):
        assert w.panel.text_of(outcome, "ordinary") == shown(getattr(ordinary, outcome))
        assert w.panel.text_of(outcome, "super") == shown(getattr(sup, outcome))


def test_on_result_callback_and_values():
    w = BattleComparison()
    seen = []
    w.panel.on_result(lambda panel: seen.append(panel.values["attack"]))
    w.attack.value = 7
    assert seen == [7]
    assert w.panel.result["ordinary"]["attacker"] == livestock_battle(7, 4).attacker


def test_roll_button_shows_dice_in_place():
    w = BattleComparison(attack=3, defense=4, seed=7)
    dice_before = w.attacker_dice.die_widgets
    w.roll_button.click()
    assert len(w.attacker_dice.faces) == 2 and len(w.defender_dice.faces) == 1
    assert w.attacker_dice.die_widgets == dice_before  # same two die widgets, new faces
    assert w.roll_result.value.startswith("<b>")
    for _ in range(30):  # every outcome is decided by the rule function
        outcome = w.roll()
        assert outcome in ("attacker", "tie", "defender")
        assert ("lsn-dice-win" in w.attacker_dice._dom_classes) == (outcome == "attacker")


def test_simulation_overlay_gets_data():
    w = BattleComparison(attack=3, defense=4, seed=1)
    runner = w.runner
    assert runner.measured == []
    progress = []
    runner.on_progress(lambda r: progress.append(r.n))
    done = []
    runner.on_done(done.append)
    result = runner.run(40_000)
    odds = livestock_battle(3, 4, attacker_super=True)
    assert result.n == 40_000 and done == [result]
    assert len(progress) >= 2 and progress[-1] == 40_000  # chunked, with progress
    assert runner.progress.value == 1.0
    assert runner.chart.dots.visible
    measured = runner.measured
    assert len(measured) == 3
    for freq, exact in zip(measured, (odds.attacker, odds.tie, odds.defender)):
        assert freq == pytest.approx(float(exact), abs=0.02)
    assert "40,000 trials" in runner.status.value
    # Changing the inputs moves the exact bars and clears the old dots, in place.
    dots = runner.chart.dots
    w.defense.value = 10
    assert runner.chart.dots is dots and not dots.visible and runner.measured == []
    assert list(runner.chart.bars.y) == pytest.approx(
        [float(p) for p in livestock_battle(3, 10, attacker_super=True).as_dict().values()])


def test_simulate_button_click_runs():
    w = BattleComparison(seed=3)
    w.runner.trials.value = 10_000
    w.runner.button.click()
    assert w.runner.last_result.n == 10_000
    assert len(w.runner.measured) == 3


def test_errors_show_in_the_message_line():
    attack = widgets.IntSlider(value=3, min=-5, max=10)
    panel = OddsPanel({"attack": attack}, lambda attack: livestock_battle(attack, 2),
                      [("attacker", "a"), ("tie", "t"), ("defender", "d")])
    errors = []
    panel.on_error(errors.append)
    assert panel.text_of("attacker") == shown(livestock_battle(3, 2).attacker)
    attack.value = 0
    assert "at least 1" in panel.message.value
    assert panel.text_of("attacker") == ("–", "")
    assert len(errors) == 1 and isinstance(errors[0], ValueError)
    attack.value = 2
    assert panel.message.value == ""
    assert panel.text_of("attacker") == shown(livestock_battle(2, 2).attacker)


def test_panel_css_classes():
    w = BattleComparison()
    col = w.panel.columns["ordinary"]
    assert "lsn-scenario-ordinary" in col._dom_classes
    assert "lsn-attacker-prob" in col.prob_labels["attacker"]._dom_classes
    assert "lsn-attacker-frac" in col.frac_labels["attacker"]._dom_classes
    assert "lsn-control-attack" in w.attack._dom_classes
    assert "lsn-simulate" in w.runner.button._dom_classes
    assert "lsn-sim-progress" in w.runner.progress._dom_classes


# --- heatmap, natural rule, Super Army v General ---------------------------------------------

def test_heatmap_cells_and_selection():
    w = AttackDefenseHeatmap(mode="none")
    colors = w.chart.heatmap.color
    i, j = w.attacks.index(3), w.defenses.index(4)
    assert colors[i][j] == pytest.approx(5 / 18)
    assert w.readout.prob_labels["attacker"].value == "27.8%"
    heatmap = w.chart.heatmap
    w.mode.value = "attacker"
    assert w.chart.heatmap is heatmap
    sup = livestock_battle(3, 4, attacker_super=True)
    assert heatmap.color[i][j] == pytest.approx(float(sup.attacker))
    assert w.readout.frac_labels["attacker"].value == fraction_shown(sup.attacker)
    w.chart.select(10, 0)
    assert w.selected == (10, 0)
    assert w.readout.prob_labels["attacker"].value == "100%"


def test_heatmap_click_from_the_browser_updates_the_readout():
    w = AttackDefenseHeatmap(mode="attacker")
    heatmap = w.chart.heatmap
    click_cell(heatmap, w.attacks.index(6), w.defenses.index(6))
    assert w.selected == (6, 6)
    assert "Attack 6 v defense 6" in w.cell_label.value
    odds = livestock_battle(6, 6, attacker_super=True)
    assert (w.readout.prob_labels["attacker"].value, w.readout.frac_labels["attacker"].value) == shown(odds.attacker)
    # a second click elsewhere, then a ctrl-click adding a cell: the newest cell is read out
    click_cell(heatmap, w.attacks.index(1), w.defenses.index(9))
    assert w.selected == (1, 9)
    heatmap._handle_msg({"content": {"data": {"method": "update", "state": {"selected": [[0, 9], [4, 2]]},
                                              "buffer_paths": []}}, "buffers": []})
    assert w.selected == (w.attacks[4], w.defenses[2])
    assert [list(c) for c in heatmap.selected] == [[4, 2]]
    # the mode still applies to the clicked cell
    w.mode.value = "none"
    assert w.readout.prob_labels["attacker"].value == format_percent(livestock_battle(5, 2).attacker)


def test_exact_fractions_box_shows_the_long_fractions():
    w = SpacePigsCombatExplorer()
    panel = w.panel
    p = panel.result["result"]["attacker"]
    assert short_fraction(p) is None
    assert panel.text_of("attacker") == (format_percent(p), "")
    assert panel.exact_toggle.layout.display != "none"
    panel.exact_toggle.value = True
    assert panel.text_of("attacker") == (format_percent(p), format_fraction(p))
    panel.exact_toggle.value = False
    assert panel.text_of("attacker")[1] == ""
    # Livestock battles have short fractions only: no box to tick, every fraction shown
    comparison = BattleComparison(attack=12, defense=8)
    assert comparison.panel.exact_toggle.layout.display == "none"
    sup = livestock_battle(12, 8, attacker_super=True)
    assert comparison.panel.text_of("attacker", "super") == shown(sup.attacker) == (format_percent(sup.attacker),
                                                                                   format_fraction(sup.attacker))


def test_small_chances_read_as_one_in_n():
    w = AttackDefenseHeatmap(mode="none", selected=(1, 5))
    p = livestock_battle(1, 5).attacker  # 1/36
    assert w.readout.frac_labels["attacker"].value == "1/36"
    assert w.readout.one_in_labels["attacker"].value == ""
    w.mode.value = "attacker"
    p = livestock_battle(1, 5, attacker_super=True).attacker
    assert w.readout.one_in_labels["attacker"].value == (one_in(p) or "")
    assert w.readout.one_in_labels["defender"].value == ""


def test_super_army_v_general_table_and_chart_agree_on_colours():
    w = SuperArmyVsGeneral(attack=12, defense=8, use_troop_data=False)
    colour_of_line = dict(zip(w.chart.labels, w.chart.lines.colors))
    super_line = next(label for label in colour_of_line if label.startswith("Super Army"))
    ordinary_line = next(label for label in colour_of_line if label.startswith("ordinary"))
    super_title = w.panel.columns["super"].title_label.value
    ordinary_title = w.panel.columns["ordinary"].title_label.value
    assert colour_of_line[super_line] in super_title and colour_of_line[super_line] not in ordinary_title
    assert colour_of_line[ordinary_line] in ordinary_title and colour_of_line[ordinary_line] not in super_title
    # and the same colours as the ordinary / Super Army comparison above it on the page
    comparison = BattleComparison()
    assert colour_of_line[super_line] in comparison.panel.columns["super"].title_label.value
    assert colour_of_line[ordinary_line] in comparison.panel.columns["ordinary"].title_label.value
    assert comparison.panel.chart.colors == [colour_of_line[ordinary_line], colour_of_line[super_line]]


def test_natural_rule_chart():
    w = NaturalRuleChart(mode="attacker", difference=13)
    # A lead of 13 cannot be lost on plain dice sums, but double one still loses.
    assert w.without_rule.prob_labels["attacker"].value == "100%"
    assert w.with_rule.frac_labels["attacker"].value == "35/36"
    assert "lowers" in w.shift.value
    lines = w.chart.lines
    w.difference.value = -13
    assert w.with_rule.frac_labels["attacker"].value == "1/36"
    assert w.without_rule.prob_labels["attacker"].value == "0%"
    w.mode.value = "both"
    assert w.chart.lines is lines
    assert plain_dice_odds(0, (6,), (6,)) == {"attacker": Fraction(5, 12), "tie": Fraction(1, 6),
                                              "defender": Fraction(5, 12)}


def test_super_army_vs_general_with_troop_data():
    w = SuperArmyVsGeneral(defense=8, troops={"sheep": 2, "donkey": 1, "llama": 1})
    if not w.troop_values:
        pytest.skip("no Livestock Uprising troop data")
    attack = sum(t["attack"] * {"sheep": 2, "donkey": 1, "llama": 1}.get(t["key"], 0) for t in w.troop_values)
    assert w.attack_total == attack
    assert w.panel.text_of("attacker", "super") == shown(livestock_battle(attack, 8, attacker_super=True).attacker)
    assert "House values" in w.troop_note.value
    w.panel.set_values(**{k: 0 for k in w.panel.values if k.startswith("troop_")})
    assert "at least 1" in w.panel.message.value


def test_super_army_vs_general_by_totals():
    w = SuperArmyVsGeneral(attack=12, defense=8, use_troop_data=False)
    assert w.panel.text_of("attacker", "super") == shown(livestock_battle(12, 8, attacker_super=True).attacker)
    w.troops.value = 0
    assert "destroys it" in w.expect.value


# --- Space Pigs --------------------------------------------------------------------------------

def test_space_pigs_combat_matches_module():
    w = SpacePigsCombatExplorer(attacker=Pigs(piglets=3, hogs=1), defender_kind="pirates", defender_count=3)
    assert w.controls["d_piglets"].layout.display == "none"  # pig-only controls hidden for aliens
    assert w.controls["d_count"].layout.display is None
    odds = space_pigs_combat(Pigs(3, 1), Pirates(3))
    assert w.panel.text_of("attacker") == shown(odds.attacker)
    assert w.panel.text_of("defender") == shown(odds.defender)
    label = w.panel.columns["result"].prob_labels["attacker"]
    bars = w.survivors.bars
    w.controls["a_bonus"].value = 2
    odds = space_pigs_combat(Pigs(3, 1, 2), Pirates(3))
    assert w.panel.columns["result"].prob_labels["attacker"] is label
    assert label.value == format_percent(odds.attacker)
    assert w.survivors.bars is bars
    exact = [float(odds.attacker_survivors.get(n, 0)) for n in range(len(bars.x))]
    assert list(bars.y[0]) == pytest.approx(exact)


@pytest.mark.parametrize(
    "kind, side",
    [("porcophages", Porcophages(2)), ("worm", AcornWorm()), ("pigs", Pigs(piglets=3)), ("pirates", Pirates(2))],
)
def test_space_pigs_each_defender_kind(kind, side):
    w = SpacePigsCombatExplorer()
    w.panel.set_values(a_piglets=4, a_hogs=0, a_bonus=0, d_count=2, d_piglets=3, d_hogs=0, d_bonus=0)
    w.controls["d_kind"].value = kind
    odds = space_pigs_combat(Pigs(4), side)
    assert w.panel.text_of("attacker") == shown(odds.attacker)
    hidden = w.controls["d_count"].layout.display == "none"
    assert hidden == (kind not in ("pirates", "porcophages"))


def test_space_pigs_flee_threshold():
    w = SpacePigsCombatExplorer()
    w.panel.set_values(a_piglets=5, a_hogs=0, a_flee=2, d_kind="pigs", d_piglets=5, d_hogs=0, d_flee=0)
    odds = space_pigs_combat(Pigs(5), Pigs(5), attacker_flee_at=2)
    assert w.panel.text_of("attacker_fled") == shown(odds.attacker_fled)
    assert odds.attacker_fled > 0
    w.panel.set_values(a_piglets=0, a_hogs=0)
    assert "at least one troop" in w.panel.message.value


def test_space_pigs_simulation_overlays_survivors():
    w = SpacePigsCombatExplorer(seed=5)
    result = w.runner.run(20_000)
    assert result.n == 20_000
    measured = w.runner.measured
    assert len(measured) == len(w.runner.exact) and sum(measured) == pytest.approx(1.0)
    for freq, exact in zip(measured, w.runner.exact):
        assert freq == pytest.approx(exact, abs=0.03)


def test_tech_wipeout_matches_module_and_deck_is_editable():
    w = TechWipeoutExplorer(attacker_cards=2, defender_cards=1)
    deck = default_tech_deck()
    assert w.panel.text_of("wipeout") == shown(tech_wipeout_two_sided(deck, 2, 1).wipeout)
    assert w.panel.text_of("wipeout") == shown(tech_wipeout(deck, 3).wipeout)
    lines = w.curve.lines
    w.deck_inputs["deck_3"].value = deck.get(3, 0) + 6
    new_deck = {**deck, 3: deck.get(3, 0) + 6}
    assert w.panel.text_of("wipeout") == shown(tech_wipeout(new_deck, 3).wipeout)
    assert w.curve.lines is lines
    assert list(lines.y)[4] == pytest.approx(float(tech_wipeout(new_deck, 4).wipeout))
    w.reset_deck()
    assert w.deck == {i: deck.get(i, 0) for i in range(6)}
    assert w.panel.text_of("wipeout") == shown(tech_wipeout(deck, 3).wipeout)


def test_tech_wipeout_errors_and_simulation():
    w = TechWipeoutExplorer(seed=2)
    w.deck_inputs["deck_1"].value = -1
    assert "cannot hold" in w.panel.message.value
    w.reset_deck()
    assert w.panel.message.value == ""
    result = w.runner.run(20_000)
    assert result.n == 20_000
    assert w.runner.measured[0] == pytest.approx(w.runner.exact[0], abs=0.02)


def test_house_deck_is_labelled():
    w = TechWipeoutExplorer()
    texts = " ".join(c.value for c in _walk(w) if isinstance(c, widgets.HTML))
    assert "House values" in texts


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


# --- dice view ---------------------------------------------------------------------------------

def test_dice_view_updates_in_place():
    view = DiceView(sizes=[6, 6], caption="Attacker")
    blank = view.die_widgets
    assert len(blank) == 2 and view.total_label.value == ""
    changes = []
    view.on_change(lambda v: changes.append(list(v.faces)))
    view.show([6, 6], outcome="win")
    assert view.die_widgets == blank
    assert view.total == 12 and view.total_label.value == "= 12"
    assert "lsn-dice-win" in view._dom_classes
    assert "d6 showing 6" in blank[0].value
    view.show([3], sizes=8, outcome="lose")
    assert view.die_widgets == blank[:1]
    assert "d8 showing 3" in blank[0].value
    assert "lsn-dice-lose" in view._dom_classes and "lsn-dice-win" not in view._dom_classes
    assert changes == [[6, 6], [3]]
    view.clear()
    assert view.faces == [] and "not rolled" in blank[0].value


def test_dice_view_validates_faces():
    view = DiceView([1, 2])
    with pytest.raises(traitlets.TraitError):
        view.faces = [7, 1]
    with pytest.raises(traitlets.TraitError):
        view.show([0])
    assert die_svg(5).startswith("<svg") and die_svg(5).count("<circle") == 5


def test_runner_without_model_is_disabled():
    runner = SimulationRunner()
    assert runner.run() is None
    runner.set_model([("x", "x")], [1.0], None)
    assert runner.button.disabled


def _live_widgets() -> int:
    from ipywidgets.widgets import widget as widget_module

    return len(widget_module._instances)


@pytest.mark.parametrize("build, change", [
    (lambda: BattleComparison(), lambda w: (setattr(w.attack, "value", 9), setattr(w.defense, "value", 2))),
    (lambda: AttackDefenseHeatmap(), lambda w: (setattr(w.mode, "value", "both"), w.select(7, 7))),
    (lambda: NaturalRuleChart(), lambda w: (setattr(w.mode, "value", "defender"), setattr(w.difference, "value", -3))),
    (lambda: SuperArmyVsGeneral(), lambda w: setattr(w.defense, "value", 3)),
    (lambda: SpacePigsCombatExplorer(), lambda w: (w.panel.set_values(a_piglets=6, d_kind="pigs", d_piglets=4))),
    (lambda: TechWipeoutExplorer(), lambda w: (setattr(w.deck_inputs["deck_2"], "value", 3),
                                               setattr(w.attacker_cards, "value", 4))),
])
def test_changing_inputs_creates_no_new_widgets(build, change):
    """Updates go into the existing widgets' traits: nothing new is created or displayed."""
    w = build()
    before = _live_widgets()
    change(w)
    assert _live_widgets() == before


def test_space_pigs_round_roller_uses_the_right_dice():
    w = SpacePigsCombatExplorer(attacker=Pigs(piglets=2, hogs=1), defender_kind="worm", seed=11)
    assert w.defender_dice.sizes == [6, 8] and w.attacker_dice.sizes == [8]
    dice = w.defender_dice.die_widgets
    for _ in range(20):
        winner = w.roll_round()
        assert winner in ("attacker", "tie", "defender")
        assert 1 <= w.attacker_dice.faces[0] <= 8
        assert 1 <= w.defender_dice.faces[0] <= 6 and 1 <= w.defender_dice.faces[1] <= 8
        assert w.defender_dice.die_widgets == dice
        assert "against" in w.round_result.value
    w.panel.set_values(a_hogs=0)
    assert w.attacker_dice.sizes == [6] and w.attacker_dice.faces == []


def test_tech_wipeout_with_a_known_attacker_hand():
    w = TechWipeoutExplorer(defender_cards=1, seed=4)
    deck = default_tech_deck()
    w.attacker_hand.value = "3, 2"
    assert w.attacker_cards.disabled
    exact = tech_wipeout_two_sided(deck, None, 1, attacker_hand=[3, 2]).wipeout
    assert w.panel.text_of("wipeout") == shown(exact)
    result = w.runner.run(20_000)
    assert result.n == 20_000 and w.runner.measured[0] == pytest.approx(float(exact), abs=0.02)
    w.attacker_hand.value = "three"
    assert "technology indices" in w.panel.message.value
    w.attacker_hand.value = ""
    assert not w.attacker_cards.disabled
    assert w.panel.text_of("wipeout") == shown(tech_wipeout(deck, 3).wipeout)
