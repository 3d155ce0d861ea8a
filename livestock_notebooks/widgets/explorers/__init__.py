"""Ready-made explorers for the odds notebooks: each builder returns one widget to display.

Notebook cells stay one line long::

    from livestock_notebooks.widgets.explorers import super_army_comparison
    super_army_comparison()

Livestock Uprising (``notebooks/super_army_odds.ipynb``):

* :func:`super_army_comparison` -> :class:`BattleComparison`: ordinary and Super Army odds side
  by side for the same totals, a dice roller, and the Monte Carlo check.
* :func:`attack_defense_heatmap` -> :class:`AttackDefenseHeatmap`: the attacker's chance over
  attack x defense totals.
* :func:`natural_rule_chart` -> :class:`NaturalRuleChart`: what the natural 12 / natural 2 rule
  changes compared with plain 2d6.
* :func:`super_army_vs_general` -> :class:`SuperArmyVsGeneral`: what a Super Army can expect
  against a General with a given defense total.

Space Pigs (``notebooks/space_pigs_odds.ipynb``):

* :func:`space_pigs_combat_explorer` -> :class:`SpacePigsCombatExplorer`: forces, bonuses, flee
  thresholds, who holds the hex, and the survivor distribution.
* :func:`tech_wipeout_explorer` -> :class:`TechWipeoutExplorer`: the technology-index wipeout
  chance with an editable deck, by number of cards played.

Every explorer is built from the reusable components in :mod:`livestock_notebooks.widgets`
(:class:`~.widgets.odds_panel.OddsPanel`, :class:`~.widgets.dice.DiceView`,
:class:`~.widgets.simulation.SimulationRunner`, :mod:`~.widgets.charts`) and from the exact odds
in :mod:`livestock_notebooks.odds`; nothing here computes a probability itself except the
"plain 2d6" comparison, which exists only to show what the Super Army rule changes.
"""
from __future__ import annotations

import html
import random
from fractions import Fraction
from typing import Any, Optional

import ipywidgets as widgets

from ...odds import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    combat_cards_note,
    default_tech_deck,
    dice_total_distribution,
    livestock_battle,
    livestock_outcome,
    livestock_table,
    resolve_round,
    space_pigs_combat,
    tech_wipeout_curve,
    tech_wipeout_two_sided,
)
from ...odds import montecarlo
from ..common.charts import PALETTE, BarChart, HeatmapChart, LineChart
from ..common.dice import DiceView
from ..common.odds_panel import OddsPanel, ResultColumn, format_fraction, format_percent
from ..common.simulation import SimulationRunner

__all__ = [
    "BattleComparison",
    "AttackDefenseHeatmap",
    "NaturalRuleChart",
    "SuperArmyVsGeneral",
    "SpacePigsCombatExplorer",
    "TechWipeoutExplorer",
    "super_army_comparison",
    "attack_defense_heatmap",
    "natural_rule_chart",
    "super_army_vs_general",
    "space_pigs_combat_explorer",
    "tech_wipeout_explorer",
    "plain_dice_odds",
]

BATTLE_OUTCOMES = [("attacker", "attacker wins"), ("tie", "tie"), ("defender", "defender wins")]
_STYLE = {"description_width": "12em"}


def _wide(width: str = "32em") -> widgets.Layout:
    """A fresh Layout per control (a shared one would hide or show them all together)."""
    return widgets.Layout(width=width, max_width="100%")


def _slider(description: str, value: int, low: int, high: int, *, continuous: bool = True,
            label_width: str = "12em") -> widgets.IntSlider:
    width = f"calc({label_width} + 20em)"
    return widgets.IntSlider(
        value=value, min=low, max=high, step=1, description=description,
        style={"description_width": label_width}, layout=_wide(width), continuous_update=continuous,
    )


def _chunk(n: int) -> int:
    """Chunk size for a run of ``n`` trials: about 20 progress steps."""
    return max(n // 20, 1_000)


def _section(title: str) -> widgets.HTML:
    w = widgets.HTML(f"<h4 style='margin:0.6em 0 0.2em 0'>{html.escape(title)}</h4>")
    w.add_class("lsn-section-title")
    return w


def _note(text_html: str, css_class: str = "lsn-note") -> widgets.HTML:
    w = widgets.HTML(f"<div style='font-size:0.9em;color:#444;line-height:1.4;max-width:56em'>{text_html}</div>")
    w.add_class(css_class)
    return w


# ---------------------------------------------------------------------------------------------
# Livestock Uprising

SUPER_SIDES = [
    ("Super Army attacks", "attacker"),
    ("Super Army defends", "defender"),
    ("Both are Super Armies", "both"),
]


def _super_flags(side: str) -> tuple[bool, bool]:
    return side in ("attacker", "both"), side in ("defender", "both")


def _super_title(side: str) -> str:
    return {
        "attacker": "Super Army attacks (2d6 v 1d6)",
        "defender": "Super Army defends (1d6 v 2d6)",
        "both": "Super Army v Super Army (2d6 v 2d6)",
    }[side]


class BattleComparison(widgets.VBox):
    """Ordinary and Super Army battles side by side for the same attack and defense totals.

    Parts: ``panel`` (an :class:`OddsPanel` with scenarios ``ordinary`` and ``super``),
    ``attacker_dice`` / ``defender_dice`` (:class:`DiceView`), ``roll_button``,
    ``roll_result``, and ``runner`` (a :class:`SimulationRunner` for the Super Army battle).
    """

    def __init__(self, attack: int = 3, defense: int = 4, super_side: str = "attacker", *, seed: Any = None):
        self.attack = _slider("Attack total", attack, 1, 24)
        self.defense = _slider("Defense total", defense, 0, 24)
        self.super_side = widgets.ToggleButtons(
            options=SUPER_SIDES, value=super_side, style={"button_width": "12em"},
        )
        self.panel = OddsPanel(
            {"attack": self.attack, "defense": self.defense, "super_side": self.super_side},
            self._compute,
            BATTLE_OUTCOMES,
            scenarios=[("ordinary", "Ordinary battle (1d6 v 1d6)"), ("super", _super_title(super_side))],
            chart_title="Ordinary battle v Super Army battle",
            css_class="lsn-battle-comparison",
        )
        self._rng = random.Random(seed)
        self.attacker_dice = DiceView(sizes=[6, 6], caption="Attacker rolls", css_class="lsn-attacker-dice")
        self.defender_dice = DiceView(sizes=[6], caption="Defender rolls", css_class="lsn-defender-dice")
        self.roll_button = widgets.Button(description="Roll this battle once", icon="dice",
                                          layout=widgets.Layout(width="14em"))
        self.roll_button.add_class("lsn-roll")
        self.roll_button.on_click(lambda _b: self.roll())
        self.roll_result = widgets.HTML("")
        self.roll_result.add_class("lsn-roll-result")
        self.runner = SimulationRunner(title="Super Army battle: exact chances (bars), simulated (dots)",
                                       seed=seed)
        self.panel.on_result(self._on_result)
        self._on_result(self.panel)
        roller = widgets.VBox(
            [widgets.HBox([self.roll_button, self.roll_result], layout=widgets.Layout(align_items="center")),
             widgets.HBox([self.attacker_dice, self.defender_dice],
                          layout=widgets.Layout(flex_flow="row wrap", grid_gap="24px"))],
        )
        roller.add_class("lsn-roller")
        super().__init__([
            self.panel,
            _section("Roll it yourself (the Super Army side, as set above)"),
            roller,
            _section("Check by simulation"),
            self.runner,
        ])
        self.add_class("lsn-explorer")

    def _compute(self, attack: int, defense: int, super_side: str) -> dict:
        a_super, d_super = _super_flags(super_side)
        return {
            "ordinary": livestock_battle(attack, defense),
            "super": livestock_battle(attack, defense, attacker_super=a_super, defender_super=d_super),
        }

    def _on_result(self, panel: OddsPanel) -> None:
        side = self.super_side.value
        panel.columns["super"].set_title(_super_title(side), PALETTE[1])
        panel.chart.set_labels(["Ordinary (1d6 v 1d6)", _super_title(side)])
        a_super, d_super = _super_flags(side)
        attack, defense = self.attack.value, self.defense.value
        exact = [panel.result["super"][k] for k, _ in BATTLE_OUTCOMES]

        def simulate(n, seed):
            return montecarlo.iter_livestock_battle(
                attack, defense, n, attacker_super=a_super, defender_super=d_super, seed=seed, chunk=_chunk(n)
            )

        self.runner.set_model(BATTLE_OUTCOMES, exact, simulate)
        self.attacker_dice.clear(sizes=[6, 6] if a_super else [6])
        self.defender_dice.clear(sizes=[6, 6] if d_super else [6])
        self.roll_result.value = ""

    def roll(self) -> str:
        """Roll the Super Army battle once with the current totals; returns the outcome."""
        a_super, d_super = _super_flags(self.super_side.value)
        attack, defense = self.attack.value, self.defense.value
        a = tuple(self._rng.randint(1, 6) for _ in range(2 if a_super else 1))
        d = tuple(self._rng.randint(1, 6) for _ in range(2 if d_super else 1))
        outcome = livestock_outcome(attack, defense, a, d, a_super, d_super)
        marks = {"attacker": ("win", "lose"), "defender": ("lose", "win"), "tie": ("tie", "tie")}[outcome]
        self.attacker_dice.show(a, outcome=marks[0])
        if defense == 0:
            self.defender_dice.clear()
        else:
            self.defender_dice.show(d, outcome=marks[1])
        if defense == 0:
            why = "the defender has no defense and loses without rolling"
        elif a_super and a in ((6, 6), (1, 1)) or d_super and d in ((6, 6), (1, 1)):
            why = "a natural 12 or natural 2 decided it"
        else:
            why = f"{attack} + {sum(a)} = {attack + sum(a)} against {defense} + {sum(d)} = {defense + sum(d)}"
        word = {"attacker": "The attacker wins", "defender": "The defender wins", "tie": "A tie"}[outcome]
        self.roll_result.value = f"<b>{word}</b>: {why}."
        return outcome


def super_army_comparison(attack: int = 3, defense: int = 4, super_side: str = "attacker", *, seed: Any = None) -> BattleComparison:
    """Ordinary and Super Army odds side by side, with dice and a simulation."""
    return BattleComparison(attack, defense, super_side, seed=seed)


HEATMAP_MODES = [
    ("1d6 v 1d6", "none"),
    ("Super Army attacks", "attacker"),
    ("Super Army defends", "defender"),
    ("Both Super Armies", "both"),
]


class AttackDefenseHeatmap(widgets.VBox):
    """The attacker's chance to win over attack x defense totals; click a cell for exact odds.

    Parts: ``mode`` (ToggleButtons: ``none``/``attacker``/``defender``/``both`` is the Super
    Army), ``chart`` (:class:`HeatmapChart`), ``readout`` (:class:`ResultColumn` of the selected
    cell, CSS class ``lsn-scenario-cell``).
    """

    def __init__(self, attacks=range(1, 21), defenses=range(0, 21), mode: str = "attacker",
                 selected: tuple[int, int] = (3, 4)):
        self.attacks = list(attacks)
        self.defenses = list(defenses)
        self.mode = widgets.ToggleButtons(options=HEATMAP_MODES, value=mode, style={"button_width": "11em"})
        self.mode.add_class("lsn-control-mode")
        self.selected = selected
        self.chart = HeatmapChart(
            self.attacks, self.defenses, self._grid(mode),
            title="Attacker's chance to win", row_label="attack total", column_label="defense total",
            css_class="lsn-heatmap", width="620px",
        )
        self.cell_label = widgets.HTML("")
        self.cell_label.add_class("lsn-cell-label")
        self.readout = ResultColumn("cell", "", BATTLE_OUTCOMES)
        self.mode.observe(self._on_mode, names="value")
        self.chart.on_select(self.select)
        self.select(*selected)
        super().__init__([
            self.mode,
            widgets.HBox(
                [self.chart.view,
                 widgets.VBox([self.cell_label, self.readout],
                              layout=widgets.Layout(min_width="18em", margin="40px 0 0 12px"))],
                layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
            ),
        ], layout=widgets.Layout(max_width="980px"))
        self.add_class("lsn-explorer")

    def _grid(self, mode: str) -> list[list[float]]:
        a_super, d_super = _super_flags(mode) if mode != "none" else (False, False)
        return livestock_table(self.attacks, self.defenses, attacker_super=a_super,
                               defender_super=d_super).float_grid("attacker")

    def _on_mode(self, change) -> None:
        self.chart.update(self._grid(change["new"]))
        self.select(*self.selected)

    def select(self, attack: int, defense: int) -> None:
        """Show the exact odds of one cell (a click on the heatmap does the same)."""
        self.selected = (attack, defense)
        cell = [[self.attacks.index(attack), self.defenses.index(defense)]]
        current = self.chart.heatmap.selected
        if current is None or [list(map(int, c)) for c in current] != cell:
            self.chart.heatmap.selected = cell
        mode = self.mode.value
        a_super, d_super = _super_flags(mode) if mode != "none" else (False, False)
        odds = livestock_battle(attack, defense, attacker_super=a_super, defender_super=d_super)
        self.cell_label.value = (f"<b>Attack {attack} v defense {defense}</b><br>"
                                 f"<span style='color:#555'>{dict(HEATMAP_MODES_REV)[mode]}; "
                                 "click another cell to compare</span>")
        self.readout.show(odds.as_dict())


HEATMAP_MODES_REV = [(v, k) for k, v in HEATMAP_MODES]


def attack_defense_heatmap(mode: str = "attacker") -> AttackDefenseHeatmap:
    """A heatmap of the attacker's chance over attack 1..20 x defense 0..20."""
    return AttackDefenseHeatmap(mode=mode)


def plain_dice_odds(difference: int, attacker_dice: tuple[int, ...], defender_dice: tuple[int, ...]) -> dict[str, Fraction]:
    """Odds of a battle decided by the dice sums alone (no natural 12 / natural 2 rule).

    ``difference`` is attack total minus defense total. Used only to show what the Super Army
    rule changes; the game's own odds are :func:`livestock_notebooks.odds.livestock_battle`.
    """
    ways = {"attacker": 0, "tie": 0, "defender": 0}
    d_dist = dice_total_distribution(defender_dice)
    for a_sum, a_ways in dice_total_distribution(attacker_dice):
        for d_sum, d_ways in d_dist:
            score = difference + a_sum - d_sum
            key = "attacker" if score > 0 else "tie" if score == 0 else "defender"
            ways[key] += a_ways * d_ways
    total = sum(ways.values())
    return {k: Fraction(v, total) for k, v in ways.items()}


class NaturalRuleChart(widgets.VBox):
    """What the natural 12 / natural 2 rule changes, by attack total minus defense total.

    Parts: ``mode`` (who is the Super Army), ``difference`` (slider), ``chart``
    (:class:`LineChart` with the rule, plain 2d6 and ordinary 1d6 lines), ``with_rule`` and
    ``without_rule`` (:class:`ResultColumn`, CSS ``lsn-scenario-rule`` / ``lsn-scenario-plain``).
    """

    BASE_DEFENSE = 20  # any defense > 0 gives the same odds for the same difference

    def __init__(self, mode: str = "attacker", difference: int = 6, span: int = 13):
        self.xs = list(range(-span, span + 1))
        self.mode = widgets.ToggleButtons(options=SUPER_SIDES, value=mode, style={"button_width": "12em"})
        self.mode.add_class("lsn-control-mode")
        self.difference = _slider("Attack − defense", difference, -span, span)
        self.difference.add_class("lsn-control-difference")
        self.chart = LineChart(self.xs, self._series(mode), title="Attacker's chance to win",
                               x_label="attack total − defense total", css_class="lsn-natural-chart",
                               colors=[PALETTE[1], PALETTE[3], PALETTE[0]])
        self.with_rule = ResultColumn("rule", "With the natural 12 / natural 2 rule", BATTLE_OUTCOMES, PALETTE[1])
        self.without_rule = ResultColumn("plain", "Plain dice sums, no natural rule", BATTLE_OUTCOMES, PALETTE[3])
        self.shift = widgets.HTML("")
        self.shift.add_class("lsn-natural-shift")
        self.mode.observe(self._refresh, names="value")
        self.difference.observe(self._refresh, names="value")
        self._refresh()
        super().__init__([
            self.mode, self.difference,
            widgets.HBox([self.with_rule, self.without_rule], layout=widgets.Layout(flex_flow="row wrap")),
            self.shift,
            self.chart.view,
        ], layout=widgets.Layout(max_width="900px"))
        self.add_class("lsn-explorer")

    def _dice(self, mode: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        a_super, d_super = _super_flags(mode)
        return ((6, 6) if a_super else (6,)), ((6, 6) if d_super else (6,))

    def _rule(self, diff: int, mode: str):
        a_super, d_super = _super_flags(mode)
        return livestock_battle(self.BASE_DEFENSE + diff, self.BASE_DEFENSE,
                                attacker_super=a_super, defender_super=d_super).as_dict()

    def _series(self, mode: str) -> dict[str, list[float]]:
        a_dice, d_dice = self._dice(mode)
        return {
            "with the natural 12 / 2 rule": [float(self._rule(x, mode)["attacker"]) for x in self.xs],
            "plain dice sums": [float(plain_dice_odds(x, a_dice, d_dice)["attacker"]) for x in self.xs],
            "ordinary 1d6 v 1d6": [float(plain_dice_odds(x, (6,), (6,))["attacker"]) for x in self.xs],
        }

    def _refresh(self, change=None) -> None:
        mode, diff = self.mode.value, self.difference.value
        if change is None or change["name"] == "value" and change["owner"] is self.mode:
            self.chart.update(self._series(mode))
        self.chart.mark(diff)
        rule = self._rule(diff, mode)
        plain = plain_dice_odds(diff, *self._dice(mode))
        self.with_rule.show(rule)
        self.without_rule.show(plain)
        delta = rule["attacker"] - plain["attacker"]
        if delta == 0:
            text = "At this difference the rule does not change the attacker's chance."
        else:
            word = "raises" if delta > 0 else "lowers"
            text = (f"At this difference the rule {word} the attacker's chance by "
                    f"<b>{abs(float(delta)) * 100:.1f} percentage points</b> (exactly {format_fraction(abs(delta))}).")
        self.shift.value = text


def natural_rule_chart(mode: str = "attacker") -> NaturalRuleChart:
    """Natural 12 / natural 2 against plain 2d6, by attack total minus defense total."""
    return NaturalRuleChart(mode=mode)


def livestock_troop_values() -> list[dict] | None:
    """The five troop kinds with attack and defense from the Livestock Uprising data file.

    Returns ``[{"key", "name", "attack", "defense", "source"}, ...]`` or ``None`` when the data
    file is not there. The values are house values unless marked otherwise in the file.
    """
    import json
    from importlib import resources

    try:
        path = resources.files("livestock_notebooks").joinpath("data", "livestock_uprising", "rules.json")
        data = json.loads(path.read_text(encoding="utf-8"))
        return [
            {"key": t["key"], "name": t["name"], "attack": int(t["attack"]), "defense": int(t["defense"]),
             "source": t.get("source", "house")}
            for t in data["troops"]
        ]
    except (OSError, KeyError, ValueError, TypeError):
        return None


class SuperArmyVsGeneral(widgets.VBox):
    """A Super Army attacking a General: one battle's odds, the expected casualties, and how the
    chance grows with the Super Army's attack total.

    With the Livestock Uprising data file present, the Super Army is built from troop cards
    (one slider per troop kind, ``troop_<key>``; the attack values are labelled as house values);
    without it, from an attack total (``attack``). The General is given by its defense total
    (``defense``) and its number of troop cards (``troops``).

    Parts: ``panel`` (:class:`OddsPanel`, scenarios ``super`` and ``ordinary``), ``chart``
    (:class:`LineChart`), ``attack_total`` (the Super Army's attack total now).
    """

    def __init__(self, attack: int = 12, defense: int = 8, general_troops: int = 3,
                 troops: dict[str, int] | None = None, *, use_troop_data: bool = True):
        self.troop_values = livestock_troop_values() if use_troop_data else None
        controls: dict[str, widgets.ValueWidget] = {}
        parts: list[widgets.Widget] = []
        if self.troop_values:
            mix = troops or {"sheep": 2, "donkey": 1, "llama": 1}
            for t in self.troop_values:
                w = _slider(f"{t['name']} (attack {t['attack']})", mix.get(t["key"], 0), 0, 8,
                            label_width="16em")
                controls[f"troop_{t['key']}"] = w
            self.troop_note = _note(
                "<b>House values.</b> The attack numbers printed on the troop cards are not known to this project: "
                "the values beside each troop come from its data file "
                "(<code>livestock_notebooks/data/livestock_uprising/rules.json</code>). Special forces and command "
                "cards are left out; add their attack by choosing a bigger army.", "lsn-house-note")
            parts.append(self.troop_note)
        else:
            controls["attack"] = _slider("Super Army attack total", attack, 1, 40)
            self.troop_note = _note(
                "The troop cards' values are not in the project's data, so the Super Army is given by its attack "
                "total: the sum of the attack points on all its troop cards.", "lsn-house-note")
            parts.append(self.troop_note)
        width = "16em" if self.troop_values else "12em"
        self.defense = _slider("General's defense total", defense, 0, 25, label_width=width)
        self.troops = _slider("General's troop cards", general_troops, 0, 5, label_width=width)
        controls["defense"] = self.defense
        controls["troops"] = self.troops
        self.attack_label = widgets.HTML("")
        self.attack_label.add_class("lsn-super-attack-total")
        self.attack_total = attack
        self.panel = OddsPanel(
            controls,
            self._compute,
            BATTLE_OUTCOMES,
            scenarios=[("super", "Super Army attacks the General"), ("ordinary", "Same totals, ordinary army")],
            chart=False,
            css_class="lsn-super-v-general",
        )
        self.expect = widgets.HTML("")
        self.expect.add_class("lsn-expect")
        self.xs = list(range(1, 41))
        self.chart = LineChart(self.xs, self._series(defense), title="Chance to beat the General, by attack total",
                               x_label="attack total", css_class="lsn-super-general-chart",
                               colors=[PALETTE[1], PALETTE[0]], markers=False)
        self._defense_shown = defense
        self.panel.on_result(self._on_result)
        self.panel.on_error(lambda exc: self._show_attack())
        if self.panel.result is not None:
            self._on_result(self.panel)
        else:
            self._show_attack()
        super().__init__(parts + [self.panel, self.attack_label, self.expect, self.chart.view],
                         layout=widgets.Layout(max_width="900px"))
        self.add_class("lsn-explorer")

    def _attack_from(self, values: dict) -> tuple[int, int]:
        """(attack total, number of troop cards) of the Super Army."""
        if not self.troop_values:
            return values["attack"], 0
        total = cards = 0
        for t in self.troop_values:
            n = values[f"troop_{t['key']}"]
            total += n * t["attack"]
            cards += n
        return total, cards

    def _compute(self, defense: int, troops: int, **v) -> dict:
        attack, _cards = self._attack_from(v)
        self.attack_total = attack
        return {
            "super": livestock_battle(attack, defense, attacker_super=True),
            "ordinary": livestock_battle(attack, defense),
        }

    def _series(self, defense: int) -> dict[str, list[float]]:
        return {
            "Super Army (2d6, natural 12 / 2)": [float(livestock_battle(x, defense, attacker_super=True).attacker) for x in self.xs],
            "ordinary army (1d6)": [float(livestock_battle(x, defense).attacker) for x in self.xs],
        }

    def _show_attack(self) -> None:
        attack, cards = self._attack_from(self.panel.values)
        if self.troop_values:
            self.attack_label.value = (f"The Super Army has <b>{cards} troop card{'s' if cards != 1 else ''}</b> "
                                       f"with an attack total of <b>{attack}</b>.")
        else:
            self.attack_label.value = ""

    def _on_result(self, panel: OddsPanel) -> None:
        self._show_attack()
        defense, troops = self.defense.value, self.troops.value
        if defense != self._defense_shown:
            self.chart.update(self._series(defense))
            self._defense_shown = defense
        self.chart.mark(self.attack_total)
        win = panel.result["super"]["attacker"]
        loss = panel.result["super"]["defender"]
        if troops == 0:
            text = ("The General has no troop cards: a Super Army that attacks it destroys it outright, "
                    "and the General and its token leave the game.")
        else:
            removed = min(2, troops)
            need = -(-troops // 2)
            text = (
                f"Each attack the Super Army wins costs the General {removed} troop card"
                f"{'s' if removed != 1 else ''} (a Super Army causes two casualties); each one it loses costs "
                f"the Super Army one. Per attack that is <b>{float(win * removed):.2f}</b> of the General's "
                f"troop cards on average, against <b>{float(loss):.2f}</b> of the Super Army's. "
                f"A General with {troops} troop card{'s' if troops != 1 else ''} is stripped bare after "
                f"{need} won battle{'s' if need != 1 else ''} (and the next attack destroys it); each casualty "
                "also lowers its defense total, so later battles get easier."
            )
        self.expect.value = f"<div style='max-width:56em;line-height:1.4'>{text}</div>"


def super_army_vs_general(attack: int = 12, defense: int = 8, general_troops: int = 3) -> SuperArmyVsGeneral:
    """What a Super Army can expect when it attacks a General."""
    return SuperArmyVsGeneral(attack, defense, general_troops)


# ---------------------------------------------------------------------------------------------
# Space Pigs: combat

ALIEN_KINDS = [("Pigs", "pigs"), ("Pirates", "pirates"), ("Porcophages", "porcophages"), ("Acorn worm", "worm")]
COMBAT_OUTCOMES = [
    ("attacker", "attacker holds the hex"),
    ("defender", "defender holds the hex"),
    ("defender_fled", "… defender fled"),
    ("attacker_fled", "… attacker fled"),
]


def _flee_dropdown(description: str) -> widgets.Dropdown:
    return widgets.Dropdown(
        options=[("never (fight to the end)", 0)] + [(f"when down to {n} troop{'s' if n > 1 else ''}", n) for n in range(1, 13)],
        value=0, description=description, style=_STYLE, layout=_wide(),
    )


class SpacePigsCombatExplorer(widgets.VBox):
    """A Space Pigs combat: pigs attacking pigs or aliens, fought round by round.

    Controls (``controls`` dict): ``a_piglets``, ``a_hogs``, ``a_bonus``, ``a_flee`` (0 = never),
    ``d_kind`` (``pigs``/``pirates``/``porcophages``/``worm``), ``d_piglets``, ``d_hogs``,
    ``d_count``, ``d_bonus``, ``d_flee``.

    Parts: ``panel`` (:class:`OddsPanel`, outcomes ``attacker``, ``defender``,
    ``defender_fled``, ``attacker_fled``), ``survivors`` (:class:`BarChart`), ``runner``
    (:class:`SimulationRunner` over the attacker's troops left), ``odds`` (the last
    :class:`~livestock_notebooks.odds.CombatOdds`).
    """

    def __init__(self, attacker: Pigs = Pigs(piglets=2, hogs=1), defender_kind: str = "porcophages",
                 defender_count: int = 2, *, seed: Any = None):
        c = {
            "a_piglets": _slider("Attacking piglets", attacker.piglets, 0, 10, continuous=False),
            "a_hogs": _slider("Attacking hogs", attacker.hogs, 0, 5, continuous=False),
            "a_bonus": _slider("Attacker's card bonus", attacker.bonus, -3, 10, continuous=False),
            "a_flee": _flee_dropdown("Attacker flees"),
            "d_kind": widgets.ToggleButtons(options=ALIEN_KINDS, value=defender_kind,
                                            style={"button_width": "9em"}),
            "d_piglets": _slider("Defending piglets", 3, 0, 10, continuous=False),
            "d_hogs": _slider("Defending hogs", 0, 0, 5, continuous=False),
            "d_count": _slider("How many", defender_count, 1, 4, continuous=False),
            "d_bonus": _slider("Defender's card bonus", 0, -3, 10, continuous=False),
            "d_flee": _flee_dropdown("Defender flees"),
        }
        self.controls = c
        self.odds = None
        self.attacker_box = widgets.VBox([_section("Attacker: your pigs"), c["a_piglets"], c["a_hogs"],
                                          c["a_bonus"], c["a_flee"]])
        self.defender_box = widgets.VBox([_section("Defender"), c["d_kind"], c["d_piglets"], c["d_hogs"],
                                          c["d_count"], c["d_bonus"], c["d_flee"]])
        self.alien_note = _note("", "lsn-alien-note")
        view = widgets.VBox([self.attacker_box, self.defender_box, self.alien_note])
        self.survivors = BarChart(["0"], ["attacker", "defender"], [[0.0], [0.0]],
                                  title="Troops left when the combat ends", x_label="troops left",
                                  css_class="lsn-survivor-chart", colors=[PALETTE[0], PALETTE[1]])
        self.runner = SimulationRunner(title="Attacker's troops left: exact (bars), simulated (dots)",
                                       x_label="attacker's troops left", seed=seed)
        self._rng = random.Random(seed)
        self.attacker_dice = DiceView(sizes=[8], caption="Attacker rolls", css_class="lsn-attacker-dice")
        self.defender_dice = DiceView(sizes=[8], caption="Defender rolls", css_class="lsn-defender-dice")
        self.round_button = widgets.Button(description="Roll one round", icon="dice", layout=widgets.Layout(width="12em"))
        self.round_button.add_class("lsn-roll")
        self.round_button.on_click(lambda _b: self.roll_round())
        self.round_result = widgets.HTML("")
        self.round_result.add_class("lsn-roll-result")
        self._apply_kind(defender_kind)
        self.panel = OddsPanel(c, self._compute, COMBAT_OUTCOMES, chart=False, controls_view=view,
                               css_class="lsn-combat-panel", outcome_width="13em")
        c["d_kind"].observe(self._on_kind, names="value")
        self.panel.on_result(self._on_result)
        if self.odds is not None:
            self._on_result(self.panel)
        roller = widgets.VBox([
            widgets.HBox([self.attacker_dice, self.defender_dice],
                         layout=widgets.Layout(flex_flow="row wrap", grid_gap="24px")),
            widgets.HBox([self.round_button, self.round_result], layout=widgets.Layout(align_items="center")),
        ])
        roller.add_class("lsn-roller")
        super().__init__([
            self.panel,
            self.survivors.view,
            _section("Roll the first round yourself"),
            roller,
            _section("Check by simulation"),
            self.runner,
        ], layout=widgets.Layout(max_width="900px"))
        self.add_class("lsn-explorer")

    def roll_round(self) -> str | None:
        """Roll the first round of this combat once; returns the round's winner (or None when the
        inputs are not a valid combat)."""
        v = self.panel.values
        attacker, defender = self.attacker_side(v), self.defender_side(v)
        if attacker.troops < 1 or defender.troops < 1:
            self.round_result.value = "<i>Both sides need at least one troop.</i>"
            return None
        a_sizes, d_sizes = attacker.strength_dice(), defender.strength_dice()
        a = [self._rng.randint(1, n) for n in a_sizes]
        d = [self._rng.randint(1, n) for n in d_sizes]
        _a_after, _d_after, winner = resolve_round(attacker, defender, sum(a), sum(d))
        marks = {"attacker": ("win", "lose"), "defender": ("lose", "win"), "tie": ("tie", "tie")}[winner]
        self.attacker_dice.show(a, sizes=list(a_sizes), outcome=marks[0])
        self.defender_dice.show(d, sizes=list(d_sizes), outcome=marks[1])
        a_total, d_total = sum(a) + attacker.modifier(), sum(d) + defender.modifier()
        sums = (f"{sum(a)} {attacker.modifier():+d} = {a_total} against "
                f"{sum(d)} {defender.modifier():+d} = {d_total}")
        if winner == "tie":
            text = f"{sums}: a tie, nobody is hurt."
        else:
            loser = defender if winner == "attacker" else attacker
            lost = "a piglet" if getattr(loser, "piglets", 0) else (
                "a hog" if getattr(loser, "hogs", 0) else {"pirates": "a pirate", "porcophages": "a porcophage",
                                                            "acorn_worm": "the acorn worm"}.get(loser.kind, "a troop"))
            who = "defender" if winner == "attacker" else "attacker"
            text = f"{sums}: the {who} loses {lost}."
        self.round_result.value = text
        return winner

    # sides from the controls
    def attacker_side(self, v: dict | None = None) -> Pigs:
        v = v or self.panel.values
        return Pigs(piglets=v["a_piglets"], hogs=v["a_hogs"], bonus=v["a_bonus"])

    def defender_side(self, v: dict | None = None):
        v = v or self.panel.values
        kind = v["d_kind"]
        if kind == "pigs":
            return Pigs(piglets=v["d_piglets"], hogs=v["d_hogs"], bonus=v["d_bonus"])
        if kind == "pirates":
            return Pirates(v["d_count"], bonus=v["d_bonus"])
        if kind == "porcophages":
            return Porcophages(v["d_count"], bonus=v["d_bonus"])
        return AcornWorm(bonus=v["d_bonus"])

    def _flee(self, v: dict) -> tuple[Optional[int], Optional[int]]:
        a = v["a_flee"] or None
        d = (v["d_flee"] or None) if v["d_kind"] == "pigs" else None
        return a, d

    def _compute(self, **v):
        a_flee, d_flee = self._flee(v)
        attacker, defender = self.attacker_side(v), self.defender_side(v)
        for who, side in (("attacker", attacker), ("defender", defender)):
            if side.troops < 1:
                raise ValueError(f"The {who} needs at least one troop: give it a piglet or a hog.")
        self.odds = space_pigs_combat(attacker, defender, attacker_flee_at=a_flee, defender_flee_at=d_flee)
        return self.odds

    def _apply_kind(self, kind: str) -> None:
        c = self.controls
        show = {
            "d_piglets": kind == "pigs", "d_hogs": kind == "pigs", "d_flee": kind == "pigs",
            "d_count": kind in ("pirates", "porcophages"),
        }
        for name, visible in show.items():
            c[name].layout.display = None if visible else "none"
        if kind == "pirates":
            c["d_count"].max = 4
            c["d_count"].description = "Pirates"
        elif kind == "porcophages":
            c["d_count"].value = min(c["d_count"].value, 3)
            c["d_count"].max = 3
            c["d_count"].description = "Porcophages"
        notes = {
            "pigs": "Pigs roll 1d6, or 1d8 when at least one hog is present, plus one per troop beyond the first, "
                    "plus card bonuses. Piglets die before hogs. Pigs may flee from the second round on.",
            "pirates": "Pirates roll 1d6 plus one per pirate beyond the first (at most +3). Aliens never flee.",
            "porcophages": "Porcophages roll 1d8 plus one per porcophage beyond the first (at most +2). Every "
                           "piglet they kill joins the pack, up to three. Aliens never flee.",
            "worm": "The acorn worm rolls 1d6 + 1d8. It is one creature: one lost round kills it. "
                    "Aliens never flee.",
        }
        self.alien_note.value = (f"<div style='font-size:0.9em;color:#444;max-width:56em;line-height:1.4'>{notes[kind]} "
                                 "Aliens hold no cards, so leave their bonus at 0 unless an event card changes "
                                 "their strength.</div>" if kind != "pigs" else
                                 f"<div style='font-size:0.9em;color:#444;max-width:56em;line-height:1.4'>{notes[kind]}</div>")

    def _on_kind(self, change) -> None:
        with self.panel.hold_refresh():
            self._apply_kind(change["new"])
        self.panel.refresh()

    def _on_result(self, panel: OddsPanel) -> None:
        odds = self.odds
        a_dist = {n: float(p) for n, p in odds.attacker_survivors.items()}
        d_dist = {n: float(p) for n, p in odds.defender_survivors.items()}
        top = max(odds.attacker_start.troops, odds.defender_start.troops, *a_dist, *d_dist)
        cats = [str(n) for n in range(top + 1)]
        self.survivors.update([[a_dist.get(n, 0.0) for n in range(top + 1)],
                               [d_dist.get(n, 0.0) for n in range(top + 1)]], categories=cats)
        a_top = max(odds.attacker_start.troops, *a_dist)
        keys = [(str(n), str(n)) for n in range(a_top + 1)]
        exact = [a_dist.get(n, 0.0) for n in range(a_top + 1)]
        attacker, defender = odds.attacker_start, odds.defender_start
        a_flee, d_flee = odds.attacker_flee_at, odds.defender_flee_at

        def simulate(n, seed):
            return montecarlo.iter_space_pigs_combat(attacker, defender, n, attacker_flee_at=a_flee,
                                                     defender_flee_at=d_flee, seed=seed, chunk=_chunk(n))

        def freqs(result, ks):
            hist = result.attacker_survivors if result.n else {}
            return [hist.get(int(k), 0.0) for k in ks]

        self.runner.set_model(keys, exact, simulate, frequencies=freqs)
        self.attacker_dice.clear(sizes=list(attacker.strength_dice()))
        self.defender_dice.clear(sizes=list(defender.strength_dice()))
        self.round_result.value = ""


def space_pigs_combat_explorer(*, seed: Any = None) -> SpacePigsCombatExplorer:
    """Space Pigs combat odds for chosen forces, with the survivor distribution."""
    return SpacePigsCombatExplorer(seed=seed)


# ---------------------------------------------------------------------------------------------
# Space Pigs: technology-index wipeout

WIPEOUT_OUTCOMES = [("wipeout", "every troop destroyed"), ("safe", "the combat goes on")]
MAX_INDEX = 5


class TechWipeoutExplorer(widgets.VBox):
    """The chance that the combat cards played in one combat wipe out the hex.

    Controls: ``attacker_cards``, ``defender_cards``, ``threshold`` (sliders), ``attacker_hand``
    (a Text of known technology indices the attacker plays; empty for random cards) and
    ``deck_<i>`` (an IntText per technology index 0..5: how many cards carry it; CSS
    ``lsn-deck-index-<i>``). Parts: ``panel`` (:class:`OddsPanel`, outcomes ``wipeout``,
    ``safe``), ``curve`` (:class:`LineChart`, wipeout chance by cards played), ``runner``.
    """

    def __init__(self, attacker_cards: int = 2, defender_cards: int = 1, deck: dict[int, int] | None = None,
                 *, seed: Any = None):
        self.house_deck = default_tech_deck()
        deck = dict(self.house_deck if deck is None else deck)
        self.deck_inputs = {}
        for i in range(MAX_INDEX + 1):
            box = widgets.IntText(value=deck.get(i, 0), description=f"index {i}",
                                  style={"description_width": "4em"}, layout=widgets.Layout(width="9.5em"))
            box.add_class(f"lsn-deck-index-{i}")
            self.deck_inputs[f"deck_{i}"] = box
        self.attacker_cards = _slider("Cards the attacker plays", attacker_cards, 0, 8, label_width="16em")
        self.defender_cards = _slider("Cards the defender plays", defender_cards, 0, 8, label_width="16em")
        self.threshold = _slider("Wipeout threshold (index total)", 6, 1, 15, label_width="16em")
        self.attacker_hand = widgets.Text(
            value="", placeholder="e.g. 2 1 (empty: random cards)",
            description="Attacker's cards, if known", style={"description_width": "16em"},
            layout=_wide("calc(16em + 20em)"), continuous_update=False,
        )
        self.reset_button = widgets.Button(description="Back to the house deck", icon="undo",
                                           layout=widgets.Layout(width="16em"))
        self.reset_button.add_class("lsn-deck-reset")
        self.reset_button.on_click(lambda _b: self.reset_deck())
        self.deck_size = widgets.HTML("")
        self.deck_size.add_class("lsn-deck-size")
        deck_grid = widgets.GridBox(list(self.deck_inputs.values()),
                                    layout=widgets.Layout(grid_template_columns="repeat(3, 10em)",
                                                          grid_gap="4px 12px"))
        house = _note(
            "<b>House values.</b> The printed technology indices of the 30 combat cards are not known to this "
            f"project. The starting deck below comes from the project's data file ({html.escape(self._deck_text(self.house_deck))}). "
            "If you own the cards, type in how many carry each index.", "lsn-house-note")
        view = widgets.VBox([
            self.attacker_cards, self.attacker_hand, self.defender_cards, self.threshold,
            _section("The combat deck: number of cards per technology index"),
            house, deck_grid, widgets.HBox([self.reset_button, self.deck_size],
                                           layout=widgets.Layout(align_items="center")),
        ])
        controls = {"attacker_cards": self.attacker_cards, "attacker_hand": self.attacker_hand,
                    "defender_cards": self.defender_cards, "threshold": self.threshold, **self.deck_inputs}
        self.curve = LineChart([0], {"wipeout chance": [0.0]}, title="Wipeout chance by number of combat cards played",
                               x_label="combat cards played in the combat (both sides together)",
                               css_class="lsn-wipeout-chart", colors=[PALETTE[1]])
        self.runner = SimulationRunner(title="Wipeout: exact (bars), simulated (dots)", seed=seed)
        self._curve_key = None
        self.panel = OddsPanel(controls, self._compute, WIPEOUT_OUTCOMES, chart=False, controls_view=view,
                               css_class="lsn-wipeout-panel", outcome_width="13em")
        self.panel.on_result(self._on_result)
        self.panel.on_error(lambda exc: self._update_size())
        if self.panel.result is not None:
            self._on_result(self.panel)
        note = _note(
            "Event cards carry no technology index and are left out. Cards not known are taken as drawn at random "
            "from the deck, without replacement; both sides draw from the same deck. When you type the attacker's "
            "cards, those cards are taken out of the deck first and all of them are played. The chart assumes "
            "random cards throughout.", "lsn-wipeout-note")
        super().__init__([self.panel, note, self.curve.view, _section("Check by simulation"), self.runner],
                         layout=widgets.Layout(max_width="900px"))
        self.add_class("lsn-explorer")

    @staticmethod
    def _deck_text(deck: dict[int, int]) -> str:
        return ", ".join(f"{n} card{'s' if n != 1 else ''} of index {i}" for i, n in sorted(deck.items()) if n)

    @property
    def deck(self) -> dict[int, int]:
        return {i: self.deck_inputs[f"deck_{i}"].value for i in range(MAX_INDEX + 1)}

    def reset_deck(self) -> None:
        self.panel.set_values(**{f"deck_{i}": self.house_deck.get(i, 0) for i in range(MAX_INDEX + 1)})

    def _deck_from(self, v: dict) -> dict[int, int]:
        deck = {i: v[f"deck_{i}"] for i in range(MAX_INDEX + 1)}
        for i, n in deck.items():
            if n < 0:
                raise ValueError(f"the deck cannot hold {n} cards of index {i}")
        return {i: n for i, n in deck.items() if n}

    @staticmethod
    def parse_hand(text: str) -> list[int] | None:
        """``"2 1"`` or ``"2, 1"`` -> ``[2, 1]``; empty text -> ``None`` (random cards)."""
        parts = text.replace(",", " ").split()
        if not parts:
            return None
        try:
            hand = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"write the attacker's cards as technology indices, e.g. 2 1 (got {text!r})") from None
        if any(i < 0 for i in hand):
            raise ValueError("technology indices are 0 or more")
        return hand

    def _compute(self, attacker_cards: int, attacker_hand: str, defender_cards: int, threshold: int, **deck_values):
        deck = self._deck_from(deck_values)
        hand = self.parse_hand(attacker_hand)
        self.attacker_cards.disabled = hand is not None
        played = (len(hand) if hand is not None else attacker_cards) + defender_cards
        size = sum(deck.values())
        if played > size:
            raise ValueError(f"{played} cards cannot be played from a deck of {size}")
        if hand is not None:
            return tech_wipeout_two_sided(deck, None, defender_cards, threshold, attacker_hand=hand)
        return tech_wipeout_two_sided(deck, attacker_cards, defender_cards, threshold)

    def _update_size(self) -> None:
        size = sum(n for n in self.deck.values() if n > 0)
        self.deck_size.value = f"<span style='color:#555'>Deck: {size} combat cards</span>"

    def _on_result(self, panel: OddsPanel) -> None:
        v = panel.values
        deck = self._deck_from(v)
        threshold = v["threshold"]
        self._update_size()
        key = (tuple(sorted(deck.items())), threshold)
        if key != self._curve_key:
            curve = tech_wipeout_curve(deck, 12, threshold)
            self.curve.update([[float(w.wipeout) for w in curve]], x=list(range(len(curve))))
            self._curve_key = key
        hand = self.parse_hand(v["attacker_hand"])
        a = None if hand is not None else v["attacker_cards"]
        d = v["defender_cards"]
        self.curve.mark((len(hand) if hand is not None else a) + d)
        exact = [panel.result["result"][k] for k, _ in WIPEOUT_OUTCOMES]

        def simulate(n, seed):
            return montecarlo.iter_tech_wipeout_two_sided(deck, a, d, n, threshold=threshold, attacker_hand=hand,
                                                          seed=seed, chunk=_chunk(n))

        self.runner.set_model(WIPEOUT_OUTCOMES, exact, simulate)


def tech_wipeout_explorer(*, seed: Any = None) -> TechWipeoutExplorer:
    """The technology-index wipeout chance, with the deck editable."""
    return TechWipeoutExplorer(seed=seed)


def house_cards_note() -> widgets.HTML:
    """The combat-card data file's own note on where its values come from."""
    return _note(f"<b>About the card data:</b> {html.escape(combat_cards_note())}", "lsn-house-note")
