"""The strong BattleGoats bot's playout policy: every seat plays roughly as the smart bot does.

The strong bot (:mod:`.strong`) plays its candidate moves out to the end of a drawn game. How
well those playouts predict a real game depends on how like the real opponents the simulated
ones play, so :func:`smart_playout` copies the smart bot's (:class:`.bots.SeenBot`) habits,
cheaply:

- the attack with the best expected result (a win 1, a tie a third, a loss -1), a known card it
  surely beats first; an unknown card's chances are those of an average card's defence
  (:data:`DEFENCES`, the 81 cards on a full battlefield), not the exact pool;
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

import bisect
import random
from typing import Any

from . import actions as act
from .cards import card_value, standard_cards

__all__ = ["DEFENCES", "smart_playout", "unknown_score"]

_FULL = ["x"] * 9
_NONE: frozenset = frozenset()
_ATTACK_EXPLODES = ("attacking", "any")
_DEFENCE_EXPLODES = ("defending", "any")


def _defences() -> list[int]:
    values = []
    for card in standard_cards().cards:
        v, _ = card_value(card, board=_FULL, slot=4, role="defending", other_type="goat", face_up=False,
                          own_discard=0, other_discard=0, seen=_NONE, slain=_NONE)
        values.append(v)
    return sorted(values)


#: The defence of each of the 81 built-in cards on a full battlefield, sorted (an unknown card's
#: likely values).
DEFENCES = _defences()

_SCORES: dict[int, float] = {}


def unknown_score(attack: int) -> float:
    """The smart bot's score (win - loss + tie / 3) of an attack worth ``attack`` against a card
    drawn from :data:`DEFENCES`."""
    got = _SCORES.get(attack)
    if got is None:
        n = len(DEFENCES)
        below = bisect.bisect_left(DEFENCES, attack)
        ties = bisect.bisect_right(DEFENCES, attack) - below
        got = _SCORES[attack] = (below - (n - below - ties) + ties / 3) / n
    return got


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


def _pair_score(state: Any, me: int, s: int, acard: Any, q: int, t: int, known: set) -> float:
    """The smart bot's score of ``me``'s card in ``s`` attacking (q, t), as it would judge it."""
    did = state.board[q][t]
    if did in known:
        dcard = state.cards.by_id[did]
        if acard.explodes in _ATTACK_EXPLODES or dcard.explodes in _DEFENCE_EXPLODES:
            return 1 / 3
        av = _attack(state, me, s, acard.id, dcard.type, q)
        dv = _defence(state, q, t, did, acard.type, me)
        if av > dv:
            return 0.0 if dcard.may_avoid and did not in state.face_up else 1.0
        return 1 / 3 if av == dv else -1.0
    if acard.explodes in _ATTACK_EXPLODES:
        return 1 / 3
    return unknown_score(_attack(state, me, s, acard.id, "goat", q))


def _best(state: Any, me: int, slots: list[int], most: bool, taken: list | None = None) -> tuple | None:
    """(score, bare score, slot, target player, target slot) of the best attack from ``slots``
    (the score with a small bonus for the target's owner, the bare one without); ties go to the
    first met (fewest cards, or with ``most`` the most, then the lowest seat and slot)."""
    known = state.revealed | state.face_up
    by_id = state.cards.by_id
    sizes = {q: 9 - b.count(None) for q, b in enumerate(state.board) if q != me}
    best = None
    best_score = -9.0
    for s in slots:
        acard = by_id[state.board[me][s]]
        for q, n in sizes.items():
            if not n:
                continue
            bonus = 0.001 * n if most else 0.01 / (n + 1)
            row = state.board[q]
            unknown_done = False
            for t in range(9):
                if row[t] is None or (taken and [q, t] in taken):
                    continue
                if row[t] not in known:
                    if unknown_done:  # every unknown card of q scores alike: the first one counts
                        continue
                    unknown_done = True
                bare = _pair_score(state, me, s, acard, q, t, known)
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

