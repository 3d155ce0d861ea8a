"""Exact dice odds for Livestock Uprising and Space Pigs (pure Python, no widget imports).

Livestock Uprising battles (:mod:`.livestock_uprising`)
    ``livestock_battle(attack, defense, *, attacker_super=False, defender_super=False)``
    -> :class:`BattleOdds` with exact ``attacker``, ``tie``, ``defender`` fractions;
    ``livestock_outcome(attack, defense, attacker_dice, defender_dice, attacker_super,
    defender_super)`` decides one battle from rolled dice (the engine uses it);
    ``livestock_table(attacks, defenses, ...)`` for a whole grid.

Space Pigs combat (:mod:`.space_pigs_sides`, :mod:`.space_pigs_combat_odds`)
    Sides ``Pigs(piglets, hogs, bonus)``, ``Pirates(count, bonus)``,
    ``Porcophages(count, bonus)``, ``AcornWorm(bonus)``, each with ``strength_dice()``,
    ``modifier()``, ``after_loss()``, ``after_win(killed_piglet=...)``; one round from rolled
    dice: ``resolve_round``; exact: ``round_odds``, ``space_pigs_combat``, ``space_pigs_table``.

Technology-index wipeout (:mod:`.space_pigs_tech`)
    ``tech_wipeout(deck, cards, threshold=6)``, ``tech_wipeout_two_sided(...)``,
    ``tech_wipeout_curve(...)``, and the house combat-card data: ``default_tech_deck()``,
    ``combat_cards()``, ``combat_cards_note()``.

Monte Carlo of the same models (numpy): :mod:`livestock_notebooks.odds.montecarlo` (imported
lazily so this package does not need numpy for exact odds).

The rule readings, in plain words for users: ``READINGS`` and ``readings_html(topic)``
(:mod:`.readings`).

Every result has a readable ``repr`` and a ``_repr_html_`` showing percent and exact fraction.
"""
from importlib import import_module
from typing import Any

#: where each name lives: the package imports a module when one of its names is first asked
#: for, so a page of one game does not load the odds of the others
_HOMES = {
    "livestock_uprising": ("ATTACK_RULE", "ATTACK_SECTION", "BattleOdds", "BattleTable", "livestock_battle",
                           "livestock_outcome", "livestock_table", "natural"),
    "readings": ("READINGS", "readings_html"),
    # not "space_pigs_combat": a module named as one of its functions would replace that name
    # here once imported (the import system binds a submodule on its package)
    "space_pigs_combat_odds": ("CombatOdds", "CombatTable", "space_pigs_combat", "space_pigs_table"),
    "space_pigs_sides": ("AcornWorm", "Pigs", "Pirates", "Porcophages", "Side", "dice_total_distribution",
                         "resolve_round", "round_counts", "round_odds"),
    "space_pigs_tech": ("WIPEOUT_THRESHOLD", "CombatCard", "WipeoutOdds", "combat_cards", "combat_cards_note",
                        "default_tech_deck", "tech_total_distribution", "tech_wipeout", "tech_wipeout_curve",
                        "tech_wipeout_two_sided"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})


__all__ = [
    "ATTACK_RULE",
    "ATTACK_SECTION",
    "READINGS",
    "AcornWorm",
    "BattleOdds",
    "BattleTable",
    "CombatCard",
    "CombatOdds",
    "CombatTable",
    "Pigs",
    "Pirates",
    "Porcophages",
    "Side",
    "WIPEOUT_THRESHOLD",
    "WipeoutOdds",
    "combat_cards",
    "combat_cards_note",
    "default_tech_deck",
    "dice_total_distribution",
    "livestock_battle",
    "livestock_outcome",
    "livestock_table",
    "natural",
    "readings_html",
    "resolve_round",
    "round_counts",
    "round_odds",
    "space_pigs_combat",
    "space_pigs_table",
    "tech_total_distribution",
    "tech_wipeout",
    "tech_wipeout_curve",
    "tech_wipeout_two_sided",
]
