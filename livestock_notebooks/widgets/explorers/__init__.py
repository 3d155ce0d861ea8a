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

One module per game: :mod:`.super_army` and :mod:`.space_pigs`; :mod:`.controls` holds the
small building blocks they share. Every explorer is built from the reusable components in
:mod:`livestock_notebooks.widgets.common` (:class:`~.common.odds_panel.OddsPanel`,
:class:`~.common.dice.DiceView`, :class:`~.common.simulation.SimulationRunner`,
:mod:`~.common.charts`) and from the exact odds
in :mod:`livestock_notebooks.odds`; nothing here computes a probability itself except the
"plain 2d6" comparison, which exists only to show what the Super Army rule changes.
"""
from __future__ import annotations

from .space_pigs import (
    SpacePigsCombatExplorer,
    TechWipeoutExplorer,
    house_cards_note,
    space_pigs_combat_explorer,
    tech_wipeout_explorer,
)
from .super_army import (
    AttackDefenseHeatmap,
    BattleComparison,
    NaturalRuleChart,
    SuperArmyVsGeneral,
    attack_defense_heatmap,
    natural_rule_chart,
    plain_dice_odds,
    super_army_comparison,
    super_army_vs_general,
)

from . import space_pigs as _space_pigs, super_army as _super_army

__all__ = [*_super_army.__all__, *_space_pigs.__all__]
