"""The BattleGoats play page's "How to play": a few short lines, then the rule readings the
engine uses where the rulebook leaves a question open (folded).

>>> "Laying out" in help_html() and "layout_first" not in help_html()
True
"""
from __future__ import annotations

import html
import re

from ...battlegoats import readings

__all__ = ["help_html"]

#: developer words in a reading, and what a player reads instead
_PLAIN = (
    (r"the seat given by new_game\(layout_first=\.\.\.\) \(seat 0 by default\)", "the first human seat"),
    (r"\bmax_rounds\b", "the round limit"),
)

_HOW = """
<div class="lsn-bg-help">
<p><b>The game.</b> Each player lays out nine cards face down on a 3x3 battlefield. Then you take turns
attacking: your card against any opponent's card, both turned over, modifiers added; the higher number
wins and a tie defeats both. The last player with cards on the battlefield wins.</p>
<ul>
<li><b>Laying out:</b> click a card of your hand, then an empty slot of your battlefield. The front row
faces your opponents. <b>Undo</b> takes a placement back.</li>
<li><b>Attacking:</b> click one of your cards, then the card you attack. The exact chances of a win, a tie
and a loss (over the cards you have not seen) show before you press <b>Attack</b>.</li>
<li><b>Cards</b> show their value as it stands now (a Tower Goat with two cards in front of it is worth 8,
not its printed 2) and their ability. Face-down cards you have not seen are plain card backs.</li>
<li><b>Battle report:</b> each attack step by step: both cards turned over, each modifier with its reason,
the result. A report of your own battle stays until you press <b>OK</b>; the bots' moves are outlined
on the battlefields meanwhile.</li>
<li><b>Bots:</b> <i>Random</i> plays any legal move; <i>Smart</i> remembers every card it has seen and
attacks where its odds are best. Set their speed in the <b>Menu</b>.</li>
<li>Several humans can share this device: a <i>pass the device</i> screen hides your cards between turns.
The game saves itself after every move; the Menu saves it to a file.</li>
</ul>
</div>
"""


def _plain(text: str) -> str:
    for pattern, words in _PLAIN:
        text = re.sub(pattern, words, text)
    return text


def help_html() -> str:
    """How to play, and the rule readings (folded), as HTML for ``GameApp(help_html=...)``."""
    rows = "".join(
        f"<li><b>{html.escape(_plain(r['rule']).capitalize() if r['rule'] == 'max_rounds' else r['rule'])}</b>: "
        f"{html.escape(_plain(r['reading']))}</li>"
        for r in readings())
    return (_HOW + '<details class="lsn-bg-readings"><summary>How this page reads the rulebook where it is '
            f'open to question</summary><ul>{rows}</ul></details>')
