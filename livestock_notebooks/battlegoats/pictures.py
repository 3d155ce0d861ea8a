"""Pictures of a BattleGoats position, pure Python (SVG and HTML strings).

:func:`battlefield_svg` draws one player's 3x3 battlefield (cards face up with their type
colour, name and value, or as card backs); :func:`position_html` draws every battlefield and
the viewer's hand. They read a :class:`~livestock_notebooks.battlegoats.views.BattleGoatsPlayerView`
only, so a face-down card the viewer does not know is drawn as a card back: ``view.display()``
shows the game as that player sees it, ``state.display(reveal=True)`` every card.

    >>> from livestock_notebooks.battlegoats import new_game
    >>> "lsn-picture-battlegoats" in position_html(new_game(players=3, seed=2).player_view(0))
    True
"""
from __future__ import annotations

from typing import Any

from ..core.pictures import esc, svg_picture
from .board import player_text
from .cards import CardSet, standard_cards

__all__ = ["BACK_COLOUR", "EMPTY_COLOUR", "PLAYER_COLOURS", "TYPE_COLOURS", "battle_under_way", "battlefield_svg",
           "face_up_count", "position_html"]

#: The seats' colours on the pages.
PLAYER_COLOURS = ("#1f5fbf", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f")
#: Card colours by type, after the rulebook's icons (Heroes purple, Equipment blue, Goats
#: orange, Creatures green).
TYPE_COLOURS = {"hero": "#e3d1f5", "equipment": "#cfe0f7", "goat": "#fde0bd", "creature": "#d3efd0"}
BACK_COLOUR = "#6d4c41"
EMPTY_COLOUR = "#f3efe9"


def face_up_count(board: Any) -> int:
    """How many cards of one battlefield (a view's ``boards[p]``) the viewer can read."""
    return sum(1 for s in board if s is not None and s.card is not None)


def battle_under_way(state: Any) -> bool:
    """A battlefield still nearly full with some cards turned face up (the front page's moment)."""
    return any(face_up_count(b) >= 2 and sum(s is not None for s in b) >= 8 for b in state.player_view(None).boards)


def _fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def battlefield_svg(view: Any, player: int | None = None, card_w: int = 76, card_h: int = 54,
                    cards: CardSet | None = None) -> str:
    """One player's 3x3 battlefield in a view, front row on top (``player=None``: the
    battlefield with the most cards the viewer can read)."""
    if player is None:
        player = max(range(len(view.boards)), key=lambda p: (face_up_count(view.boards[p]), -p))
    cards = cards or standard_cards()
    gap = 5
    parts = []
    for slot, seen in enumerate(view.boards[player]):
        x = gap + (slot % 3) * (card_w + gap)
        y = gap + (slot // 3) * (card_h + gap)
        box = f'x="{x}" y="{y}" width="{card_w}" height="{card_h}" rx="6"'
        if seen is None:
            parts.append(f'<rect {box} fill="{EMPTY_COLOUR}" stroke="#ccc" stroke-dasharray="4 3"/>')
        elif seen.card is None or seen.card not in cards:
            parts.append(f'<g><title>a face-down card</title><rect {box} fill="{BACK_COLOUR}" stroke="#3e2723" stroke-width="1.5"/>'
                         f'<rect x="{x + 6}" y="{y + 6}" width="{card_w - 12}" height="{card_h - 12}" rx="4" '
                         'fill="none" stroke="#d7b899" stroke-width="1.2"/>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 + 5}" font-size="15" text-anchor="middle" '
                         'fill="#d7b899">\u2726</text></g>')
        else:
            card = cards[seen.card]
            edge = ' stroke-dasharray="5 3"' if not seen.face_up else ""
            state = "face up" if seen.face_up else "face down, known to this viewer"
            parts.append(f'<g><title>{esc(card.name)} ({esc(card.type)}, {card.value}), {state}</title>'
                         f'<rect {box} fill="{TYPE_COLOURS.get(card.type, "#eee")}" stroke="#5d4037" '
                         f'stroke-width="1.5"{edge}/>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 - 2}" font-size="10.5" font-weight="600" '
                         f'text-anchor="middle" fill="#222">{esc(_fit(card.name, 13))}</text>'
                         f'<text x="{x + card_w / 2}" y="{y + card_h / 2 + 13}" font-size="9" text-anchor="middle" '
                         f'fill="#555">{esc(card.type)} {card.value}</text></g>')
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    width, height = 3 * card_w + 4 * gap, 3 * card_h + 4 * gap
    frame = (f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8" fill="#fffdf8" '
             f'stroke="{colour}" stroke-width="2"/>')
    shown = face_up_count(view.boards[player])
    label = f"{player_text(player)}'s BattleGoats battlefield: 3 by 3 cards, {shown} readable"
    return svg_picture(width, height, label, frame + "".join(parts), "lsn-picture-battlegoats")


def _status(view: Any) -> str:
    if view.is_over:
        won = ", ".join(player_text(p) for p in view.winners) or "nobody"
        return f"Game over: {won} won"
    turn = "" if view.current_player is None else f", {player_text(view.current_player)} to act"
    return f"Round {view.round + 1}, {view.phase} phase{turn}"


def position_html(view: Any, cards: CardSet | None = None) -> str:
    """Every battlefield as the view's viewer sees it, hand sizes, and the viewer's own hand."""
    cards = cards or standard_cards()
    who = "a spectator" if view.viewer is None else player_text(view.viewer)
    fields = []
    for p in range(view.players):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        fields.append(f'<figure style="margin:0"><figcaption style="color:{colour};font-weight:600">'
                      f'{esc(player_text(p))}: {view.hand_sizes[p]} in hand, {len(view.discards[p])} discarded'
                      f'</figcaption>{battlefield_svg(view, p, cards=cards)}</figure>')
    hand = ""
    if view.viewer is not None:
        names = ", ".join(f"{cards[c].name} ({cards[c].type} {cards[c].value})" if c in cards else c for c in view.hand)
        hand = f"<p><b>{esc(player_text(view.viewer))}'s hand:</b> {esc(names or 'empty')}</p>"
    return (f'<div class="lsn-position lsn-position-battlegoats"><p><b>{esc(_status(view))}</b> '
            f'<small>(as {esc(who)} sees it)</small></p>'
            f'<div style="display:flex;flex-flow:row wrap;gap:12px">{"".join(fields)}</div>{hand}</div>')
