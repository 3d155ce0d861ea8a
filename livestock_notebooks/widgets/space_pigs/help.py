"""The Space Pigs page's "how to play" (:func:`help_html`): short, in our own words, with the
rule readings the engine uses and what the page itself assumes folded below.

>>> "Fight to the end" in help_html()
True
"""
from __future__ import annotations

import html

from ...space_pigs import readings

__all__ = ["help_html", "readings_html"]


def readings_html() -> str:
    """The engine's rule readings as a small table (rule, reading)."""
    rows = "".join(
        f"<tr><td style='text-align:left;vertical-align:top'><b>{html.escape(r['rule'])}</b></td>"
        f"<td style='text-align:left'>{html.escape(r['reading'])}</td></tr>"
        for r in readings())
    return f'<table class="lsn-sp-readings">{rows}</table>'


def help_html() -> str:
    """What a newcomer needs to play a game on this page, scannable in a minute."""
    return (
        '<div class="lsn-help-space-pigs">'
        "<p>Three to six pig clans spread over a galaxy of red, yellow and blue planets. Each clan has a "
        "secret <b>sacred recipe</b>: the mix of planets it must hold at the end of a turn to win. A turn "
        "runs in four phases: paperwork (cards, colonists, order of play, aliens), travel, combat, and "
        "the election of the Royal Pig.</p><ul>"
        "<li><b>Start:</b> 3 to 6 seats, a human or a bot each. The simplified rules make a good first "
        "game. Humans sharing a device get a <i>pass the device</i> screen that hides recipes and cards.</li>"
        "<li><b>The map:</b> blue hexes are where you can act from, green where your troops can go (red: "
        "they would attack), purple ones are to choose. Dotted yellow outlines show the last move. Every "
        "hex is a button (Tab, Enter); its tooltip says what is on it.</li>"
        "<li><b>Travel:</b> click one of your hexes, set how many troops board, then click a green hex.</li>"
        "<li><b>Combat:</b> the exact odds show before anyone plays cards. Click your cards to play them "
        "face down; if the technology indices of both sides reach 6, everyone on the hex is wiped out. "
        "From the second round you may flee: choose <i>Fight to the end</i>, or a standing order such as "
        "<i>flee when I have 2 troops or fewer</i>, and the page answers each round for you.</li>"
        "<li><b>Your cards</b> sit beside the map with what each one does; highlighted cards can be "
        "played now.</li>"
        "<li><b>Buttons</b> under the prompt do the rest (travel markers, votes, Done). A move the rules "
        "forbid is refused with the rule and its rulebook section. <b>Undo</b> takes back your own steps "
        "until dice are rolled or something is revealed.</li>"
        "<li>The game saves itself after every move; <i>Menu</i> has Save, Load and the bot speed. The round "
        "limit and the seed are under <i>Advanced</i> on the setup screen.</li></ul>"
        "<details><summary>What this page assumes</summary><ul>"
        "<li><i>Lay the galaxy out for us</i> lays every hex at once, each a seeded random legal placement; "
        "switch it off to lay the hexes yourselves.</li>"
        "<li>The combat odds are exact for both sides as they stand (with the revealed card bonuses once "
        "the cards are turned over) and assume nobody flees.</li>"
        "<li>Before the reveal, the wipeout chance counts each of the other side's face-down cards as a "
        "random combat card from the whole deck.</li>"
        "<li>A bot's one-troop steps (boarding, deploying) follow each other quickly; everything else "
        "waits for the bot speed.</li></ul></details>"
        "<details><summary>Rule readings used on this page</summary>"
        f"{readings_html()}</details></div>"
    )
