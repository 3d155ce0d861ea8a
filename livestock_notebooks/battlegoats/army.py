"""Building Your Army (rulebook): the deal, and the draft of the advanced game.

Each player gets a random Hero and eight more cards: dealt at once (basic game) or drafted from
packs passed to the right (advanced game, phase ``draft``).
"""
from __future__ import annotations

from ..core.protocol import Event
from . import events as ev
from .actions import BattleGoatsAction, Pick, interned
from .board import EXTRA_CARDS, BoardMixin, player_text as _p
from .cards import CardListError, CardSet

__all__ = ["ArmyMixin", "check_card_list"]


def check_card_list(players: int, cards: CardSet) -> None:
    """:class:`CardListError` (a ``ValueError``) when ``cards`` cannot give every player a Hero
    and the extra cards."""
    if len(cards.heroes) < players:
        raise CardListError([(None, "cards", f"the card list has {len(cards.heroes)} Heroes; {players} players "
                                             "need one each")])
    if len(cards.others) < EXTRA_CARDS * players:
        raise CardListError([(None, "cards", f"the card list has {len(cards.others)} non-Hero cards; {players} "
                                             f"players need {EXTRA_CARDS * players}")])


class ArmyMixin(BoardMixin):
    """Dealing the armies and the draft."""

    def _deal(self) -> None:
        """Shuffle and give each player a Hero and the extra cards (into a draft pack if drafting)."""
        cards = self.cards
        players = self.players
        heroes = list(cards.heroes)
        others = list(cards.others)
        self.dice.shuffle(heroes)
        self.dice.shuffle(others)
        for p in range(players):
            self.hands[p].append(heroes[p])
            dealt = others[p * EXTRA_CARDS:(p + 1) * EXTRA_CARDS]
            if self.draft:
                self.packs[p] = dealt
            else:
                self.hands[p].extend(dealt)
            self.seen[p].update(self.hands[p])
            self.seen[p].update(self.packs[p])
        self.set_aside = heroes[players:] + others[players * EXTRA_CARDS:]
        if self.draft:
            self.phase = "draft"
            self.seat = 0
        else:
            self.phase = "layout"
            self.seat = self.layout_first

    def _draft_legal(self) -> list[BattleGoatsAction]:
        p = self.seat
        return [interned(Pick, p, c) for c in sorted(set(self.packs[p]))]

    def _do_pick(self, a: Pick) -> list[Event]:
        p = a.player
        self.packs[p].remove(a.card)
        self.hands[p].append(a.card)
        events = [Event(ev.PICK, f"{_p(p)} keeps a card from the pack", p, {"player": p})]
        nxt = p + 1
        if nxt < self.players:
            self.seat = nxt
            return events
        # everyone picked: pass the packs to the right (seat i -> seat i-1)
        self.packs = [self.packs[(i + 1) % self.players] for i in range(self.players)]
        self.seat = 0
        if self.packs[0]:
            for q in range(self.players):
                self.seen[q].update(self.packs[q])
            events.append(Event(ev.PASS, f"The packs are passed to the right ({len(self.packs[0])} "
                                f"card{'s' if len(self.packs[0]) != 1 else ''} each)", None,
                                {"size": len(self.packs[0])}))
        else:
            events.append(Event(ev.DRAFT_DONE, "The draft is over; every army has 9 cards", None, {}))
            self._start_layout(events)
        return events
