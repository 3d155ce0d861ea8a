"""Livestock Uprising explorers (``notebooks/super_army_odds.ipynb``): Super Army and ordinary
battles side by side, the attack x defense heatmap, what the natural 12 / natural 2 rule
changes, and a Super Army against a General."""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ...odds import dice_total_distribution, livestock_battle, livestock_outcome, livestock_table
from ...odds import montecarlo
from ..common.charts import PALETTE, HeatmapChart, LineChart
from ..common.dice import DiceView
from ..common.odds_panel import OddsPanel, ResultColumn
from ...odds.display import short_fraction
from ..common.simulation import SimulationRunner
from ..common.dom import button
from .controls import chunk_for, int_slider, note_html, section_title

__all__ = [
    "AttackDefenseHeatmap",
    "BattleComparison",
    "NaturalRuleChart",
    "SuperArmyVsGeneral",
    "attack_defense_heatmap",
    "natural_rule_chart",
    "plain_dice_odds",
    "super_army_comparison",
    "super_army_vs_general",
]


#: One colour per army kind on every table, legend and chart of this page.
ORDINARY_COLOUR, SUPER_COLOUR = PALETTE[0], PALETTE[1]

BATTLE_OUTCOMES = [("attacker", "attacker wins"), ("tie", "tie"), ("defender", "defender wins")]

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
        self.attack = int_slider("Attack total", attack, 1, 24)
        self.defense = int_slider("Defense total", defense, 0, 24)
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
            colors=[ORDINARY_COLOUR, SUPER_COLOUR],
        )
        self._rng = random.Random(seed)
        self.attacker_dice = DiceView(sizes=[6, 6], caption="Attacker rolls", css_class="lsn-attacker-dice")
        self.defender_dice = DiceView(sizes=[6], caption="Defender rolls", css_class="lsn-defender-dice")
        self.roll_button = button("Roll this battle once", "lsn-roll", self.roll, width="14em", icon="dice")
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
            section_title("Roll it yourself (the Super Army side, as set above)"),
            roller,
            section_title("Check by simulation"),
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
        panel.columns["super"].set_title(_super_title(side), SUPER_COLOUR)
        panel.chart.set_labels(["Ordinary (1d6 v 1d6)", _super_title(side)])
        a_super, d_super = _super_flags(side)
        attack, defense = self.attack.value, self.defense.value
        exact = [panel.result["super"][k] for k, _ in BATTLE_OUTCOMES]

        def simulate(n, seed):
            return montecarlo.iter_livestock_battle(
                attack, defense, n, attacker_super=a_super, defender_super=d_super, seed=seed, chunk=chunk_for(n)
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
        if self.chart.selected != (attack, defense):
            self.chart.select(attack, defense)  # the chart calls back here, as for a click
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
        self.difference = int_slider("Attack − defense", difference, -span, span)
        self.difference.add_class("lsn-control-difference")
        self.chart = LineChart(self.xs, self._series(mode), title="Attacker's chance to win",
                               x_label="attack total − defense total", css_class="lsn-natural-chart",
                               colors=[SUPER_COLOUR, PALETTE[3], ORDINARY_COLOUR])
        self.with_rule = ResultColumn("rule", "With the natural 12 / natural 2 rule", BATTLE_OUTCOMES, SUPER_COLOUR)
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
            exactly = short_fraction(abs(delta))
            text = (f"At this difference the rule {word} the attacker's chance by "
                    f"<b>{abs(float(delta)) * 100:.1f} percentage points</b>"
                    + (f" (exactly {exactly})." if exactly else "."))
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

    #: the chart's lines, in the order of the table's columns (Super Army, then ordinary)
    SERIES = ("Super Army (2d6, natural 12 / 2)", "ordinary army (1d6)")
    SERIES_COLOURS = {SERIES[0]: SUPER_COLOUR, SERIES[1]: ORDINARY_COLOUR}

    def __init__(self, attack: int = 12, defense: int = 8, general_troops: int = 3,
                 troops: dict[str, int] | None = None, *, use_troop_data: bool = True):
        self.troop_values = livestock_troop_values() if use_troop_data else None
        controls: dict[str, widgets.ValueWidget] = {}
        parts: list[widgets.Widget] = []
        if self.troop_values:
            mix = troops or {"sheep": 2, "donkey": 1, "llama": 1}
            for t in self.troop_values:
                w = int_slider(f"{t['name']} (attack {t['attack']})", mix.get(t["key"], 0), 0, 8,
                            label_width="16em")
                controls[f"troop_{t['key']}"] = w
            self.troop_note = note_html(
                "<b>House values.</b> The attack numbers printed on the troop cards are not known to this project: "
                "the values beside each troop come from its data file "
                "(<code>livestock_notebooks/data/livestock_uprising/rules.json</code>). Special forces and command "
                "cards are left out; add their attack by choosing a bigger army.", "lsn-house-note")
            parts.append(self.troop_note)
        else:
            controls["attack"] = int_slider("Super Army attack total", attack, 1, 40)
            self.troop_note = note_html(
                "The troop cards' values are not in the project's data, so the Super Army is given by its attack "
                "total: the sum of the attack points on all its troop cards.", "lsn-house-note")
            parts.append(self.troop_note)
        width = "16em" if self.troop_values else "12em"
        self.defense = int_slider("General's defense total", defense, 0, 25, label_width=width)
        self.troops = int_slider("General's troop cards", general_troops, 0, 5, label_width=width)
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
            colors=[SUPER_COLOUR, ORDINARY_COLOUR],
        )
        self.expect = widgets.HTML("")
        self.expect.add_class("lsn-expect")
        self.xs = list(range(1, 41))
        self.chart = LineChart(self.xs, self._series(defense), title="Chance to beat the General, by attack total",
                               x_label="attack total", css_class="lsn-super-general-chart",
                               colors=[self.SERIES_COLOURS[label] for label in self.SERIES], markers=False)
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
        supers, ordinary = self.SERIES
        return {
            supers: [float(livestock_battle(x, defense, attacker_super=True).attacker) for x in self.xs],
            ordinary: [float(livestock_battle(x, defense).attacker) for x in self.xs],
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

