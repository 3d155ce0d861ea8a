"""Space Pigs explorers (``notebooks/space_pigs_odds.ipynb``): one combat with its forces,
bonuses, flee thresholds and survivors, and the technology-index wipeout with an editable
deck; and the combat-card data file's note on where its values come from."""
from __future__ import annotations

import html
import random
from typing import Any, Optional

import ipywidgets as widgets

from ...odds import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    combat_cards_note,
    default_tech_deck,
    resolve_round,
    space_pigs_combat,
    tech_wipeout_curve,
    tech_wipeout_two_sided,
)
from ...odds import montecarlo
from ..common.charts import PALETTE, BarChart, LineChart
from ..common.dice import DiceView
from ..common.odds_panel import OddsPanel
from ..common.simulation import SimulationRunner
from ..common.dom import button, set_layout
from .controls import LABEL_STYLE, chunk_for, int_slider, note_html, section_title, wide_layout

__all__ = [
    "SpacePigsCombatExplorer",
    "TechWipeoutExplorer",
    "house_cards_note",
    "space_pigs_combat_explorer",
    "tech_wipeout_explorer",
]



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
        value=0, description=description, style=LABEL_STYLE, layout=wide_layout(),
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
            "a_piglets": int_slider("Attacking piglets", attacker.piglets, 0, 10, continuous=False),
            "a_hogs": int_slider("Attacking hogs", attacker.hogs, 0, 5, continuous=False),
            "a_bonus": int_slider("Attacker's card bonus", attacker.bonus, -3, 10, continuous=False),
            "a_flee": _flee_dropdown("Attacker flees"),
            "d_kind": widgets.ToggleButtons(options=ALIEN_KINDS, value=defender_kind,
                                            style={"button_width": "9em"}),
            "d_piglets": int_slider("Defending piglets", 3, 0, 10, continuous=False),
            "d_hogs": int_slider("Defending hogs", 0, 0, 5, continuous=False),
            "d_count": int_slider("How many", defender_count, 1, 4, continuous=False),
            "d_bonus": int_slider("Defender's card bonus", 0, -3, 10, continuous=False),
            "d_flee": _flee_dropdown("Defender flees"),
        }
        self.controls = c
        self.odds = None
        self.attacker_box = widgets.VBox([section_title("Attacker: your pigs"), c["a_piglets"], c["a_hogs"],
                                          c["a_bonus"], c["a_flee"]])
        self.defender_box = widgets.VBox([section_title("Defender"), c["d_kind"], c["d_piglets"], c["d_hogs"],
                                          c["d_count"], c["d_bonus"], c["d_flee"]])
        self.alien_note = note_html("", "lsn-alien-note")
        view = widgets.VBox([self.attacker_box, self.defender_box, self.alien_note])
        self.survivors = BarChart(["0"], ["attacker", "defender"], [[0.0], [0.0]],
                                  title="Troops left when the combat ends", x_label="troops left",
                                  css_class="lsn-survivor-chart", colors=[PALETTE[0], PALETTE[1]])
        self.runner = SimulationRunner(title="Attacker's troops left: exact (bars), simulated (dots)",
                                       x_label="attacker's troops left", seed=seed)
        self._rng = random.Random(seed)
        self.attacker_dice = DiceView(sizes=[8], caption="Attacker rolls", css_class="lsn-attacker-dice")
        self.defender_dice = DiceView(sizes=[8], caption="Defender rolls", css_class="lsn-defender-dice")
        self.round_button = button("Roll one round", "lsn-roll", self.roll_round, width="12em", icon="dice")
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
            section_title("Roll the first round yourself"),
            roller,
            section_title("Check by simulation"),
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
            set_layout(c[name], display=None if visible else "none")
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
                                                     defender_flee_at=d_flee, seed=seed, chunk=chunk_for(n))

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
        self.attacker_cards = int_slider("Cards the attacker plays", attacker_cards, 0, 8, label_width="16em")
        self.defender_cards = int_slider("Cards the defender plays", defender_cards, 0, 8, label_width="16em")
        self.threshold = int_slider("Wipeout threshold (index total)", 6, 1, 15, label_width="16em")
        self.attacker_hand = widgets.Text(
            value="", placeholder="e.g. 2 1 (empty: random cards)",
            description="Attacker's cards, if known", style={"description_width": "16em"},
            layout=wide_layout("calc(16em + 20em)"), continuous_update=False,
        )
        self.reset_button = button("Back to the house deck", "lsn-deck-reset", self.reset_deck, width="16em", icon="undo")
        self.deck_size = widgets.HTML("")
        self.deck_size.add_class("lsn-deck-size")
        deck_grid = widgets.GridBox(list(self.deck_inputs.values()),
                                    layout=widgets.Layout(grid_template_columns="repeat(3, 10em)",
                                                          grid_gap="4px 12px"))
        house = note_html(
            "<b>House values.</b> The printed technology indices of the 30 combat cards are not known to this "
            f"project. The starting deck below comes from the project's data file ({html.escape(self._deck_text(self.house_deck))}). "
            "If you own the cards, type in how many carry each index.", "lsn-house-note")
        view = widgets.VBox([
            self.attacker_cards, self.attacker_hand, self.defender_cards, self.threshold,
            section_title("The combat deck: number of cards per technology index"),
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
        note = note_html(
            "Event cards carry no technology index and are left out. Cards not known are taken as drawn at random "
            "from the deck, without replacement; both sides draw from the same deck. When you type the attacker's "
            "cards, those cards are taken out of the deck first and all of them are played. The chart assumes "
            "random cards throughout.", "lsn-wipeout-note")
        super().__init__([self.panel, note, self.curve.view, section_title("Check by simulation"), self.runner],
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
                                                          seed=seed, chunk=chunk_for(n))

        self.runner.set_model(WIPEOUT_OUTCOMES, exact, simulate)


def tech_wipeout_explorer(*, seed: Any = None) -> TechWipeoutExplorer:
    """The technology-index wipeout chance, with the deck editable."""
    return TechWipeoutExplorer(seed=seed)


def house_cards_note() -> widgets.HTML:
    """The combat-card data file's own note on where its values come from."""
    return note_html(f"<b>About the card data:</b> {html.escape(combat_cards_note())}", "lsn-house-note")
