"""The strong BattleGoats bot's playout policy: every seat plays roughly as the smart bot does.

The strong bot (:mod:`.strong`) plays its candidate moves out to the end of a drawn game. How
well those playouts predict a real game depends on how like the real opponents the simulated
ones play, so :func:`smart_playout` copies the smart bot's (:class:`.bots.SeenBot`) habits,
cheaply:

- the attack with the best expected result (a win 1, a tie a third, a loss -1), a known card it
  surely beats first; an unknown card's chances are counted over the whole card list (not the
  smart bot's exact pool of unplaced cards) at the card's place on its battlefield, as the smart
  bot counts them (which slots are filled changes the neighbours' bonuses), the discard piles
  taken as empty so that a few tables of sorted defences serve every position;
- among equal attacks the smart bot keeps the first it met: its own lowest slot, then the
  opponent with the fewest cards, the lowest seat and the lowest slot. That last habit means
  the smart bots gang up on the lowest seats while the scores are level, which the searcher's
  playouts must know to judge whom to hit;
- it dodges when the attacker would beat or tie its card, defends (Fainting) with its strongest
  card, sacrifices its weakest neighbour and shares a victory.

The searching seat plays the same way in its playouts, except that among equal attacks it hits
the opponent with the most cards (the planner's habit). The policy reads the drawn state it is
given (every card of it is a guess drawn from the searcher's view).
"""
from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from typing import Any

from .. import actions as act
from ..cards import card_value

__all__ = ["smart_playout"]

_NONE: frozenset = frozenset()
_ATTACK_EXPLODES = ("attacking", "any")
_DEFENCE_EXPLODES = ("defending", "any")
_TABLES: dict[int, tuple] = {}  # id of a card list -> (that list, its tables by key, its rows of scores)
_MOST_TABLES = 200000  # tables kept per card list before they are dropped and built again
_MOST_ROWS = 50000  # rows of scores kept per card list (about 20 MB at most) before they start again


_PLACED = frozenset({"per_adjacent", "per_in_front", "per_behind", "per_same_row", "per_same_column", "in_row",
                     "per_own_discard", "per_opponent_discard", "if_on_battlefield"})


def _tables(card_set: Any) -> tuple[dict, dict]:
    """The tables of ``card_set`` built so far (:func:`_slot_table`) and its rows of scores
    (:meth:`_Attacker.row`), each started again when it holds too many (every entry is a
    function of the card list and its key alone)."""
    held = _TABLES.get(id(card_set))
    if held is None or held[0] is not card_set or len(held[1]) > _MOST_TABLES:
        held = _TABLES[id(card_set)] = (card_set, {}, {})
    if len(held[2]) > _MOST_ROWS:
        held[2].clear()
    return held[1], held[2]


def _slot_table(card_set: Any, tables: dict, filled: tuple, slot: int, atype: str) -> tuple:
    """For an unknown card in ``slot`` of a battlefield whose filled slots are ``filled``, against
    an attacker of type ``atype``: per defending type, the sorted defences of the cards that
    fight and of those that may avoid battle, with the scores found so far by attack value; the
    cards that explode; how many cards there are (kept in ``tables``, :func:`_tables`).
    The discard piles are taken as empty (so that few tables serve every position)."""
    key = (filled, slot, atype)
    got = tables.get(key)
    if got is not None:
        return got
    board = ["?" if f else None for f in filled]
    by_type: dict[str, tuple[list[int], list[int]]] = {}
    explode = 0
    for card in card_set.cards:
        if card.explodes in _DEFENCE_EXPLODES:
            explode += 1  # a tie whatever the attack
            continue
        fixed = tables.get((card.id, atype))
        if fixed is None and not any(m[0] in _PLACED for m in card.mods):
            fixed = tables[(card.id, atype)] = _value(card, board, 4, atype)
        dv = fixed if fixed is not None else _value(card, board, slot, atype)
        fight, avoid = by_type.setdefault(card.type, ([], []))
        (avoid if card.may_avoid else fight).append(dv)
    got = tables[key] = (tuple((t, sorted(f), sorted(v), {}) for t, (f, v) in by_type.items()), explode / 3,
                         len(card_set.cards))
    return got


def _value(card: Any, board: list, slot: int, atype: str) -> int:
    v, _ = card_value(card, board=board, slot=slot, role="defending", other_type=atype, face_up=False,
                      own_discard=0, other_discard=0, seen=_NONE, slain=_NONE)
    return v


def _unknown(card_set: Any, tables: dict, filled: tuple, t: int, atype: str, attacks: tuple) -> float:
    """The smart bot's score of an attack on an unknown card in slot ``t`` of a battlefield
    filled as ``filled`` by a card of type ``atype`` with ``attacks`` (:meth:`_Attacker.row`):
    the card's place on the battlefield counts (as the smart bot's exact odds count it). A win
    counts 1, a tie a third, a loss -1, a dodge (the card avoids a battle it would not win) 0."""
    got = tables.get((filled, t, atype))
    table, total, n = got if got is not None else _slot_table(card_set, tables, filled, t, atype)
    for (_, fight, avoid, memo), av in zip(table, attacks):
        score = memo.get(av)
        if score is None:
            below, upto = bisect_left(fight, av), bisect_right(fight, av)
            score = memo[av] = below - (len(fight) - upto) + (upto - below) / 3 - (len(avoid) - bisect_right(avoid, av))
        total += score
    return total / n


def _attack(state: Any, p: int, s: int, cid: str, other_type: str, other: int) -> int:
    v, _ = card_value(state.cards.by_id[cid], board=state.board[p], slot=s, role="attacking", other_type=other_type,
                      face_up=state.counts_face_up(cid), own_discard=len(state.discard[p]),
                      other_discard=len(state.discard[other]), seen=state.revealed, slain=_NONE)
    return v


def _defence(state: Any, p: int, s: int, cid: str, other_type: str, other: int) -> int:
    v, _ = card_value(state.cards.by_id[cid], board=state.board[p], slot=s, role="defending", other_type=other_type,
                      face_up=state.counts_face_up(cid), own_discard=len(state.discard[p]),
                      other_discard=len(state.discard[other]), seen=state.revealed, slain=_NONE)
    return v


class _Attacker:
    """``me``'s card in slot ``s`` as an attacker in :func:`_best`: its attack values
    (:func:`_attack`) against a type of card of an opponent, each worked out once (a value the
    card's modifiers make the same against every type, without ``vs_type``, or every opponent,
    without ``per_opponent_discard``, once), and its rows of scores against unknown cards."""

    __slots__ = ("state", "me", "s", "card", "by_type", "by_discard", "values", "rows")

    def __init__(self, state: Any, me: int, s: int, card: Any):
        self.state, self.me, self.s, self.card = state, me, s, card
        kinds = {m[0] for m in card.mods}
        self.by_type, self.by_discard = "vs_type" in kinds, "per_opponent_discard" in kinds
        self.values: dict[tuple, int] = {}
        self.rows: dict[Any, tuple] = {}  # by (filled, discard): (scores, attacks); by discard: attacks

    def value(self, dtype: str, q: int) -> int:
        key = (dtype if self.by_type else None, len(self.state.discard[q]) if self.by_discard else None)
        v = self.values.get(key)
        if v is None:
            v = self.values[key] = _attack(self.state, self.me, self.s, self.card.id, dtype, q)
        return v

    def row(self, q: int, t: int, tables: dict, rows: dict, filled: tuple) -> tuple:
        """(scores, attack values) against the unknown cards of ``q``, whose battlefield is
        filled as ``filled``: ``scores`` by ``q``'s slot (``None`` until :func:`_unknown` fills
        it), shared by every attack with the same attack values against a battlefield filled
        so; the attack values by defending type, in the tables' order (``t``: a slot of an
        unknown card)."""
        discard = len(self.state.discard[q]) if self.by_discard else None
        got = self.rows.get((filled, discard))
        if got is None:
            atype = self.card.type
            attacks = self.rows.get(discard)
            if attacks is None:
                table = tables.get((filled, t, atype))
                if table is None:
                    table = _slot_table(self.state.cards, tables, filled, t, atype)
                attacks = self.rows[discard] = tuple(self.value(entry[0], q) for entry in table[0])
            key = (filled, atype, attacks)
            scores = rows.get(key)
            if scores is None:
                scores = rows[key] = [None] * 9
            got = self.rows[(filled, discard)] = (scores, attacks)
        return got


def _known_score(state: Any, me: int, acard: _Attacker, q: int, t: int, did: str, defences: dict) -> float:
    """The smart bot's score of ``me``'s card ``acard`` attacking the known card ``did`` at (q, t)
    (``defences``: the defence values found so far, by place and attacking type)."""
    dcard = state.cards.by_id[did]
    atype = acard.card.type
    if acard.card.explodes in _ATTACK_EXPLODES or dcard.explodes in _DEFENCE_EXPLODES:
        return 1 / 3
    av = acard.value(dcard.type, q)
    dv = defences.get((q, t, atype))
    if dv is None:
        dv = defences[(q, t, atype)] = _defence(state, q, t, did, atype, me)
    if av > dv:
        return 0.0 if dcard.may_avoid and did not in state.face_up else 1.0
    return 1 / 3 if av == dv else -1.0


def _best(state: Any, me: int, slots: list[int], most: bool, taken: list | None = None) -> tuple | None:
    """(score, bare score, slot, target player, target slot) of the best attack from ``slots``
    (the score with a small bonus for the target's owner, the bare one without); ties go to the
    first met (fewest cards, or with ``most`` the most, then the lowest seat and slot). A target
    the smart bot knows is scored by :func:`_known_score`, an unknown one by :func:`_unknown`."""
    known = state.revealed | state.face_up
    by_id = state.cards.by_id
    boards = state.board
    sizes = {q: 9 - b.count(None) for q, b in enumerate(boards) if q != me}
    filled = {q: tuple(c is not None for c in boards[q]) for q, n in sizes.items() if n}
    # per opponent with cards: its bonus and its targets (slot, card, known), lowest slot first
    targets = [(q, 0.001 * n if most else 0.01 / (n + 1),
                [(t, did, did in known) for t, did in enumerate(boards[q])
                 if did is not None and not (taken and [q, t] in taken)]) for q, n in sizes.items() if n]
    tables, rows = _tables(state.cards)
    defences: dict[tuple, int] = {}
    best = None
    best_score = -9.0
    for s in slots:
        card = by_id[boards[me][s]]
        explodes = card.explodes in _ATTACK_EXPLODES
        acard = _Attacker(state, me, s, card)
        for q, bonus, aims in targets:
            scores = attacks = None
            for t, did, seen in aims:
                if seen:
                    bare = _known_score(state, me, acard, q, t, did, defences)
                elif explodes:
                    bare = 1 / 3
                else:
                    if scores is None:
                        scores, attacks = acard.row(q, t, tables, rows, filled[q])
                    assert attacks is not None  # set with scores, by the same row
                    bare = scores[t]
                    if bare is None:
                        bare = scores[t] = _unknown(state.cards, tables, filled[q], t, card.type, attacks)
                if bare + bonus > best_score:
                    best_score, best = bare + bonus, (bare + bonus, bare, s, q, t)
    return best


def smart_playout(state: Any, rng: random.Random, searcher: int | None = None) -> Any:
    """The action the seat to move takes in a playout (see the module docstring)."""
    legal = state.legal_actions()
    first = legal[0]
    if len(legal) == 1:
        return first
    kind = type(first)
    me = state.current_player
    most = me == searcher
    if kind is act.ChooseAttacker:
        best = _best(state, me, [a.slot for a in legal], most)
        return next(a for a in legal if a.slot == best[2]) if best else rng.choice(legal)
    if kind is act.ChooseTarget or kind is act.SkipSecondTarget:
        pend = state.pending
        best = _best(state, me, [pend["attacker"]], most, pend["targets"])
        skip = legal[-1] if isinstance(legal[-1], act.SkipSecondTarget) else None
        if best is None or skip is not None and best[1] <= 0:
            return skip or rng.choice(legal)
        return next((a for a in legal if isinstance(a, act.ChooseTarget)
                     and (a.target_player, a.target_slot) == (best[3], best[4])), legal[0])
    if kind is act.Dodge:
        pend = state.pending
        p, s = first.player, first.slot
        b = state._battle(state.seat, pend["attacker"], pend["card"], p, s, state.board[p][s])
        dodge = b["outcome"] != "loss"
        return next(a for a in legal if a.dodge == dodge)
    if kind is act.ChooseOpponent:
        return max(legal, key=lambda a: (9 - state.board[a.opponent].count(None), -a.opponent))
    if kind is act.ChooseDefender:
        pend = state.pending
        atype = state.cards.by_id[pend["card"]].type
        return max(legal, key=lambda a: (_defence(state, a.player, a.slot, state.board[a.player][a.slot], atype,
                                                  state.seat), -a.slot))
    if kind is act.ChooseOwnAdjacent:
        return min(legal, key=lambda a: (state.cards.by_id[state.board[me][a.slot]].value, a.slot))
    if kind is act.ChooseEnding:
        return next(a for a in legal if a.share)
    if kind is act.MoveAtStart or kind is act.PlaceCaptured:
        return first
    return rng.choice(legal)

