"""What the BattleGoats board writes on its cards and around them, from a player's view only:
the value a card is worth where it stands now, the text of a card face, the slots the last
move touched (``lsn-last-move``) and the strip of public facts about every player.

>>> from livestock_notebooks.battlegoats import standard_cards
>>> card_text(standard_cards()["tower_goat"], 8).splitlines()[:2]
['Tower Goat', '8 (printed 2) \u00b7 Goat']
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from ...battlegoats import events as ev
from ...battlegoats.cards import card_value
from .style import PLAYER_SHAPES, TYPE_COLOURS, TYPE_MARKS, esc, player_colour, player_name

__all__ = ["card_text", "players_html", "touched_slots", "type_classes", "worth_now"]

#: a stand-in for a card the viewer cannot name (it occupies its slot, nothing more)
_UNKNOWN = "\u0000unknown"


def worth_now(view: Any, cards: Mapping, player: int, slot: int) -> int | None:
    """What the card in ``slot`` of ``player``'s battlefield is worth where it stands now, outside
    any battle (modifiers that need an opponent or a role are left out), from what the viewer
    knows only: an unknown neighbour counts as an occupied slot and nothing more. ``None`` when
    the viewer cannot name the card."""
    cell = view.boards[player][slot]
    if cell is None or cell.card is None:
        return None
    board = [None if c is None else (c.card if c.card is not None else _UNKNOWN) for c in view.boards[player]]
    slain = frozenset(c for pile in view.discards for c in pile)
    value, _ = card_value(cards[cell.card], board=board, slot=slot, role="", other_type="",
                          face_up=bool(cell.counts_face_up), own_discard=len(view.discards[player]),
                          other_discard=0, seen=frozenset(view.revealed), slain=slain)
    return value


def card_text(card: Any, worth: int | None = None) -> str:
    """A card face as the lines of a card button: name, value (as it stands now, with the printed
    one when they differ), type, and the ability in words."""
    value = str(card.value) if worth is None or worth == card.value else f"{worth} (printed {card.value})"
    return f"{card.name}\n{value} \u00b7 {TYPE_MARKS[card.type]}\n{card.ability}"


def touched_slots(events: Iterable) -> set[tuple[int, int]]:
    """The (player, slot) pairs the events name: the attacking card, targets, defenders,
    revealed, defeated or captured cards, cards laid out or swapped (public event data only)."""
    out: set[tuple[int, int]] = set()
    for e in events:
        d = e.data or {}
        if "slot" in d and "player" in d and isinstance(d["slot"], int) and d["slot"] >= 0:
            out.add((d["player"], d["slot"]))
        if e.kind == ev.MOVE and "to" in d:
            out.update({(d["player"], d["from"]), (d["player"], d["to"])})
        if "target_player" in d and "target_slot" in d:
            out.add((d["target_player"], d["target_slot"]))
        if e.kind == ev.BATTLE:
            out.add((d["attacker_player"], d["attacker_slot"]))
            out.add((d["defender_player"], d["defender_slot"]))
    return out


def starts_new_move(events: Iterable) -> bool:
    """Whether these events begin a new move to mark (an attack, a card laid out or swapped),
    rather than continue the attack in progress."""
    return any(e.kind in (ev.ATTACK, ev.PLACE, ev.MOVE, ev.PICK) for e in events)


def players_html(view: Any, cards: Mapping, me: int | None) -> str:
    """Public facts about every player: cards in play, in hand (laying out), the discard pile."""
    rows = []
    for p in range(view.players):
        in_play = sum(1 for c in view.boards[p] if c is not None)
        facts = [f"{in_play} in play"]
        if view.phase in ("draft", "layout"):
            facts.append(f"{view.hand_sizes[p]} in hand")
        pile = view.discards[p]
        chips = "".join(f'<span class="lsn-bg-mini" style="background:{TYPE_COLOURS[cards[c].type]}" '
                        f'title="{esc(cards[c].ability)}">{esc(cards[c].name)} {cards[c].value}</span>' for c in pile)
        facts.append(f"discard {len(pile)}")
        shape = PLAYER_SHAPES[p % len(PLAYER_SHAPES)]
        who = player_name(p) + (" (you)" if p == me else "")
        out = " lsn-bg-player-out" if view.phase in ("attack", "over") and not in_play else ""
        rows.append(f'<div class="lsn-bg-player lsn-bg-player-{p}{out}">'
                    f'<span class="lsn-bg-shape" style="color:{player_colour(p)}">{shape}</span>'
                    f'<b>{esc(who)}</b>: {esc(", ".join(facts))}'
                    f'{" " + chips if chips else ""}</div>')
    return f'<div class="lsn-bg-players">{"".join(rows)}</div>'


def type_classes(kind: str | None) -> dict[str, bool]:
    """The card-type class of a card face (none for a card back or an empty slot)."""
    return {f"lsn-bg-type-{t}": t == kind for t in TYPE_COLOURS}
