"""The rule readings behind the odds, in plain words, for the explorers to show to users.

``READINGS`` maps a topic to a list of short sentences; ``readings_html(topic)`` renders one
topic as an HTML list. The project-wide readings come from the project GUIDE (section 3); the
others are choices made here where the rulebooks leave a gap.
"""
from __future__ import annotations

import html

__all__ = ["READINGS", "readings_html"]

READINGS: dict[str, list[str]] = {
    "livestock_battle": [
        "Each side rolls one die and adds its total (attack for the attacker, defense for the "
        "defender). The higher sum wins; equal sums are a tie and nothing happens.",
        "A defender with a defense total of 0 loses at once; nobody rolls.",
        "An attacker needs an attack total of at least 1 (rulebook section \"Attacking\").",
    ],
    "super_army": [
        "A Super Army rolls two dice instead of one.",
        "A Super Army's double six (a natural 12) always wins and its double one (a natural 2) "
        "always loses, whatever the totals.",
        "When two Super Armies meet, 12 against 12 and 2 against 2 are ties, and 12 against 2 "
        "goes to the 12.",
    ],
    "space_pigs_combat": [
        "Each round both sides roll and add one per troop beyond the first plus their card "
        "bonus. Pigs roll a d6, or a d8 once they have at least one hog.",
        "The lower total loses one troop; equal totals cost nobody anything. Piglets always die "
        "before hogs.",
        "Pirates roll a d6 plus one per pirate beyond the first (at most +3, four per hex).",
        "Porcophages roll a d8 plus one per porcophage beyond the first (at most +2). Every "
        "piglet the pack kills adds one porcophage, up to three; killing a hog or an alien adds "
        "none.",
        "Our reading: the acorn worm is a single creature rolling a d6 and a d8 together; it "
        "gets no extra-troop bonus and dies the first round it loses.",
        "The card bonus is the attack bonus of the attacker's cards or the defense bonus of the "
        "defender's cards, for the whole combat.",
    ],
    "retreat": [
        "\"Flee at N\" means: flee at the start of any round from the second on if you have N "
        "troops or fewer. The first round is always fought.",
        "Our reading: when both sides would flee at the same moment, the defender decides first "
        "and so is the one that leaves.",
        "Fled troops survive; the side that stays holds the hex. Aliens never flee.",
    ],
    "tech_wipeout": [
        "The technology indices of every combat card played in one combat, by both sides "
        "together, are added; a total of 6 or more destroys every troop on the hex.",
        "Random cards are drawn without replacement from one shared deck.",
        "Our reading: a side with a known hand plays cards from it; if it plays fewer cards than "
        "it holds, which ones is taken as random. Known hands were dealt from the deck, so they "
        "are no longer in it.",
        "The printed card values are unknown: the default deck uses house values from "
        "livestock_notebooks/data/space_pigs/combat_cards.json, which you can replace.",
    ],
}


def readings_html(topic: str) -> str:
    """One topic's readings as an HTML bullet list."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in READINGS[topic])
    return f"<ul class='livestock-readings'>{items}</ul>"
