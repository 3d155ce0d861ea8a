"""The buttons of the BattleGoats board's hand and of its choices (a part of
:class:`~.board.BattleGoatsView`): pools of buttons kept between draws, so that laying out one
card sends messages for that card only and no button keeps stale card text."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from ..common.dom import set_classes
from .faces import card_text, type_classes

__all__ = ["HandButtons"]


class HandButtons:
    """Mixin of the board: reads ``sel_hand`` and the card lookup ``_card``; owns ``hand_buttons``,
    ``hand_box``, ``choice_buttons`` and ``choice_box`` (made by the board's constructor) and calls
    the board's ``click_hand`` and ``click_choice``."""

    sel_hand: str | None
    hand_buttons: list[w.Button]
    hand_box: w.Box
    choice_buttons: list[w.Button]
    choice_box: w.Box
    _hand_shown: list[str | None]
    _hand_cards: list[str]
    _choices: list

    def _card(self, cid: str) -> Any:  # pragma: no cover - the board looks cards up
        raise NotImplementedError

    def click_hand(self, index: int) -> None:  # pragma: no cover - the board handles the click
        raise NotImplementedError

    def click_choice(self, index: int) -> None:  # pragma: no cover - the board handles the click
        raise NotImplementedError

    @staticmethod
    def _buttons(pool: list[w.Button], count: int, make: Callable[[int], w.Button], box: w.Box) -> list[w.Button]:
        """The first ``count`` buttons of ``pool`` (made as needed), shown in ``box``; the rest are
        blanked (no stale card text in the widget tree)."""
        while len(pool) < count:
            pool.append(make(len(pool)))
        for b in pool[count:]:
            b.description = ""
            b.tooltip = None
        shown = pool[:count]
        if tuple(shown) != tuple(box.children):
            box.children = tuple(shown)
        return shown

    def _hand_button(self, i: int) -> w.Button:
        b = w.Button()
        b.add_class("lsn-bg-card")
        b.add_class("lsn-bg-hand-card")
        b.on_click(lambda _b: self._hand_clicked(i))
        return b

    def _hand_clicked(self, pool_index: int) -> None:
        """A hand button was clicked: the card it shows (buttons keep their card, see :meth:`_set_hand`)."""
        cid = self._hand_shown[pool_index] if pool_index < len(self._hand_shown) else None
        if cid is not None and cid in self._hand_cards:
            self.click_hand(self._hand_cards.index(cid))

    def _choice_button(self, i: int) -> w.Button:
        b = w.Button(layout=w.Layout(width="auto"), button_style="info")
        b.add_class("lsn-bg-choice")
        b.on_click(lambda _b: self.click_choice(i))
        return b

    def _set_hand(self, cards: list[str]) -> None:
        """Show ``cards`` in the hand. A card already shown keeps its button (nothing is sent for
        it: laying out one card changes the box's children, not every card after it); a new card
        takes a free button; a button no longer needed is blanked (no stale card text)."""
        self._hand_cards = list(cards)
        pool, shown = self.hand_buttons, self._hand_shown
        wanted = set(cards)
        kept = {cid: i for i, cid in enumerate(shown) if cid in wanted}
        free = [i for i in range(len(pool)) if i not in kept.values()]
        chosen = []
        for cid in cards:
            if cid in kept:
                i = kept[cid]
            elif free:
                i = free.pop(0)
            else:
                pool.append(self._hand_button(len(pool)))
                shown.append(None)
                i = len(pool) - 1
            chosen.append(i)
            shown[i] = cid
            card = self._card(cid)
            b = pool[i]
            with b.hold_sync():
                b.description = card_text(card)
                b.tooltip = f"{card.name} ({card.type}, {card.value}): {card.ability}"
                set_classes(b, {"lsn-bg-selected": cid == self.sel_hand, **type_classes(card.type)})
        for i in free:
            if shown[i] is not None or pool[i].description:
                shown[i] = None
                with pool[i].hold_sync():
                    pool[i].description = ""
                    pool[i].tooltip = None
        children = tuple(pool[i] for i in chosen)
        if children != tuple(self.hand_box.children):
            self.hand_box.children = children

    def _set_choices(self, actions: list, labels: list[str] | None = None) -> None:
        self._choices = list(actions)
        for i, b in enumerate(self._buttons(self.choice_buttons, len(actions), self._choice_button, self.choice_box)):
            b.description = labels[i] if labels else str(actions[i])
            b.tooltip = b.description
