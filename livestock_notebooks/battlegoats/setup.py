"""Battlefield Setup (rulebook): laying out the cards, the first attacker, cards that move.

Players lay out their cards face down one after another (``layout``); the first to finish
chooses who attacks first (``first``); then each card able to move at the start of the battle
may swap places (``move``), and the battle begins.

Who holds a card able to move is hidden, so the ``move`` steps depend only on the card list:
when it has any such card, every player is asked in seat order from the first attacker, once per
such card in the list. A step of a player holding no (further) such card has only "stay"
(``MoveAtStart(player, STAY, STAY)``), which makes the same event as a holder's "stay".
"""
from __future__ import annotations

from ..core.protocol import Event
from . import events as ev
from .actions import STAY, BattleGoatsAction, ChooseFirstAttacker, MoveAtStart, Place, interned
from .board import BoardMixin, player_text as _p
from .cards import SLOT_NAMES

__all__ = ["SetupMixin"]

# interned Place actions per (player, card): the layout offers many, every turn
_PLACE_ROWS: dict[tuple, tuple] = {}


class SetupMixin(BoardMixin):
    """Laying out the battlefields, choosing the first attacker, moving at the start."""

    def _place_slots(self, player: int, cid: str, hand: list[str]) -> list[int]:
        """Empty slots where ``cid`` may be laid out (row restrictions respected)."""
        board = self.board[player]
        empty = [s for s in range(9) if board[s] is None]
        card = self.cards.by_id[cid]
        if card.place_row is not None:
            own = [s for s in empty if s // 3 == card.place_row]
            return own or empty
        reserve = [0, 0, 0]
        for other in hand:
            if other != cid:
                r = self.cards.by_id[other].place_row
                if r is not None:
                    reserve[r] += 1
        if not any(reserve):
            return empty
        free = [0, 0, 0]
        for s in empty:
            free[s // 3] += 1
        return [s for s in empty if free[s // 3] > reserve[s // 3] or free[s // 3] == 0]

    def _layout_legal(self) -> list[BattleGoatsAction]:
        p = self.seat
        hand = self.hands[p]
        out: list[BattleGoatsAction] = []
        board = self.board[p]
        empty = [s for s in range(9) if board[s] is None]
        by_id = self.cards.by_id
        plain = True
        for c in hand:
            if by_id[c].place_row is not None:
                plain = False
                break
        rows = _PLACE_ROWS
        for c in sorted(hand):
            row = rows.get((p, c))
            if row is None:
                row = rows[(p, c)] = tuple(Place(p, c, s) for s in range(9))
            if plain:
                out += [row[s] for s in empty]
            else:
                out += [row[s] for s in self._place_slots(p, c, hand)]
        return out

    def _first_legal(self) -> list[BattleGoatsAction]:
        return [interned(ChooseFirstAttacker, self.seat, q) for q in range(self.players)]

    def _keeps_row(self, cid: str, frm: int, to: int) -> bool:
        """Whether moving ``cid`` from slot ``frm`` to ``to`` keeps a card that must be in one row
        (the Double Ballista: front) in that row."""
        row = self.cards.by_id[cid].place_row
        return row is None or to // 3 == row or frm // 3 != row

    def _swap_slots(self, player: int, slot: int) -> list[int]:
        """The slots the card in ``slot`` may swap with as the battle begins: any other card of
        the battlefield, unless the swap takes a card out of the row it must stay in."""
        b = self.board[player]
        mover = b[slot]
        assert mover is not None
        return [t for t in range(9) if t != slot and b[t] is not None
                and self._keeps_row(mover, slot, t) and self._keeps_row(b[t], t, slot)]  # type: ignore[arg-type]

    def _move_legal(self) -> list[BattleGoatsAction]:
        mp, slot = self.movers[0]
        stay = [interned(MoveAtStart, mp, STAY, STAY)]
        if slot == STAY:
            return stay
        return stay + [interned(MoveAtStart, mp, slot, t) for t in self._swap_slots(mp, slot)]

    def _mover_count(self) -> int:
        """How many cards of the card list may move as the battle begins (public: the list is)."""
        return sum(1 for c in self.cards.by_id.values() if c.moves_at_start)

    def _mover_steps(self, player: int, steps: int) -> list[list[int]]:
        """``steps`` move steps of ``player``: the slots of their cards able to move, then STAY."""
        slots = [s for s, c in enumerate(self.board[player]) if c is not None and self.cards.by_id[c].moves_at_start]
        slots = (slots + [STAY] * steps)[:steps]
        return [[player, s] for s in slots]

    def _redrawn_movers(self, keep: int | None) -> list[list[int]]:
        """The move steps after the cards were redrawn: the same players in the same order (that
        is public); the steps of every player but ``keep`` point at their cards able to move now."""
        counts: dict[int, int] = {}
        for q, _ in self.movers:
            counts[q] = counts.get(q, 0) + 1
        fresh = {q: iter(self._mover_steps(q, n)) for q, n in counts.items() if q != keep}
        return [list(m) if m[0] == keep else next(fresh[m[0]]) for m in self.movers]

    def _start_layout(self, events: list[Event]) -> None:
        self.phase = "layout"
        self.seat = self.layout_first
        events.append(Event(ev.LAYOUT, f"{_p(self.seat)} lays out their battlefield", self.seat, {"player": self.seat}))

    def _do_place(self, a: Place) -> list[Event]:
        p = a.player
        self.hands[p].remove(a.card)
        self.board[p][a.slot] = a.card
        events = [Event(ev.PLACE, f"{_p(p)} lays a card face down in {SLOT_NAMES[a.slot]}", p,
                        {"player": p, "slot": a.slot})]
        if self.hands[p]:
            return events
        events.append(Event(ev.LAYOUT_DONE, f"{_p(p)} has finished laying out", p, {"player": p}))
        nxt = (p + 1) % self.players
        if nxt == self.layout_first:
            self.phase = "first"
            self.seat = self.layout_first
            events.append(Event(ev.CHOOSE_FIRST, f"{_p(self.seat)} finished first and chooses who attacks first",
                                self.seat, {"player": self.seat}))
        else:
            self.seat = nxt
            events.append(Event(ev.LAYOUT, f"{_p(nxt)} lays out their battlefield", nxt, {"player": nxt}))
        return events

    def _do_first(self, a: ChooseFirstAttacker) -> list[Event]:
        self.first_attacker = a.first
        events = [Event(ev.FIRST_ATTACKER, f"{_p(a.player)} chooses {_p(a.first)} to attack first", a.player,
                        {"player": a.player, "first": a.first})]
        steps = self._mover_count()
        movers = []
        if steps:
            for i in range(self.players):
                movers += self._mover_steps((a.first + i) % self.players, steps)
        self.movers = movers
        if movers:
            self.phase = "move"
            self.seat = movers[0][0]
        else:
            self._begin_battle(events)
        return events

    def _do_move(self, a: MoveAtStart) -> list[Event]:
        b = self.board[a.player]
        events = []
        if a.to != a.slot and a.slot != STAY:
            b[a.slot], b[a.to] = b[a.to], b[a.slot]
            # a card that moved later in the queue keeps its identity: update the queue
            for m in self.movers[1:]:
                if m[0] == a.player and m[1] in (a.slot, a.to):
                    m[1] = a.to if m[1] == a.slot else a.slot
            events.append(Event(ev.MOVE, f"{_p(a.player)} swaps the cards in {SLOT_NAMES[a.slot]} and {SLOT_NAMES[a.to]}",
                                a.player, {"player": a.player, "from": a.slot, "to": a.to}))
        else:
            # the same event whether the player holds a card able to move or not
            events.append(Event(ev.MOVE, str(interned(MoveAtStart, a.player, STAY, STAY)), a.player,
                                {"player": a.player}))
        self.movers.pop(0)
        if self.movers:
            self.seat = self.movers[0][0]
        else:
            self._begin_battle(events)
        return events

    def _begin_battle(self, events: list[Event]) -> None:
        first = self.first_attacker
        assert first is not None
        self.phase = "attack"
        self.round = 1
        self.seat = first
        self.face_up_turn = set(self.face_up)
        self.pending = {"stage": "attacker"}
        events.append(Event(ev.TURN, f"Round 1: {_p(self.seat)} attacks first", self.seat,
                            {"player": self.seat, "round": 1}))
