"""Exact attack odds over the cards the attacking player has not located.

:func:`attack_odds` answers "if my card in this slot attacks that card, what are my chances?"
using only what the attacking player knows (their own cards, cards revealed so far). A target
that the player remembers is certain; an unknown target is any card of the pool of cards whose
whereabouts the player does not know, each equally likely (see the "Attack odds" reading in the
data file for the exact model). The odds are exact under that model: every card in the pool is
counted, none sampled.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.errors import IllegalAction
from .cards import ADJACENT

from ..odds.display import html_table, prob_text


__all__ = ["AttackOdds", "attack_odds", "unknown_pool"]


@dataclass(frozen=True)
class AttackOdds:
    """Chances of one attack: ``win`` (target defeated, attacker survives), ``tie`` (both
    defeated, explosions included), ``loss`` (attacker defeated) and ``dodge`` (the target avoids
    the battle). They add up to 1. ``candidates`` maps each possible target card id to its outcome.
    """

    win: Fraction
    tie: Fraction
    loss: Fraction
    dodge: Fraction
    pool_size: int
    known: bool
    attacker: str
    candidates: dict = field(default_factory=dict, compare=False)
    note: str = ""

    def as_dict(self) -> dict[str, Fraction]:
        return {"win": self.win, "tie": self.tie, "loss": self.loss, "dodge": self.dodge}

    def __repr__(self) -> str:
        return (f"AttackOdds(win={prob_text(self.win)}, tie={prob_text(self.tie)}, loss={prob_text(self.loss)}, "
                f"dodge={prob_text(self.dodge)}, over {self.pool_size} possible card(s))")

    def _repr_html_(self) -> str:
        rows = [("win", self.win), ("tie (both defeated)", self.tie), ("loss", self.loss)]
        if self.dodge:
            rows.append(("target avoids battle", self.dodge))
        title = ("Known target" if self.known else f"Unknown target: {self.pool_size} possible cards")
        note = self.note or None
        if html_table is not None:
            return html_table(title, rows, note)
        body = "".join(f"<tr><td>{k}</td><td>{prob_text(v)}</td></tr>" for k, v in rows)  # pragma: no cover
        return f"<div><b>{title}</b><table>{body}</table></div>"  # pragma: no cover


def unknown_pool(state, player: int) -> list[str]:
    """Card ids whose whereabouts ``player`` does not know (they could be any unknown card)."""
    known = set(state.revealed) | set(state.face_up)
    known.update(c for c in state.board[player] if c is not None)
    known.update(state.hands[player])
    known.update(state.packs[player])
    for d in state.discard:
        known.update(d)
    return [c for c in state.cards.ids if c not in known]


def attack_odds(state, player: int, attacker_slot: int, target: tuple[int, int], *, own: int | None = None) -> AttackOdds:
    """Exact odds of ``player``'s card in ``attacker_slot`` attacking ``target`` = (player, slot).

    ``own``: for a card that also hits an own neighbouring card (Wizard Goat), the slot of that
    card; when omitted and the attacker has such neighbours, the odds ignore that extra battle
    (the ``note`` says so). The model: the target's position, its owner's discard pile and every
    public fact count; an unknown target is uniform over :func:`unknown_pool`; a target able to
    dodge is assumed to dodge exactly when it would otherwise lose or tie.
    """
    tp, ts = target
    board = state.board
    if not (0 <= player < state.players and 0 <= tp < state.players) or tp == player:
        raise IllegalAction("the target must be an opponent's card", "Attacking")
    aid = board[player][attacker_slot] if 0 <= attacker_slot < 9 else None
    if aid is None:
        raise IllegalAction("attack with one of your own cards in play", "Attacking")
    if not 0 <= ts < 9 or board[tp][ts] is None:
        raise IllegalAction("there is no card in that slot", "Attacking")
    cards = state.cards.by_id
    acard = cards[aid]
    actual = board[tp][ts]
    note = ""
    if actual in state.revealed or actual in state.face_up:
        pool = [actual]
        known = True
    else:
        known = False
        pool = unknown_pool(state, player)
        known_here = [c for c in board[tp] if c is not None and (c in state.revealed or c in state.face_up)]
        if not state.captured and any(cards[c].type == "hero" for c in known_here):
            pool = [c for c in pool if cards[c].type != "hero"]
            note = "Heroes left out: this player's Hero is known to sit elsewhere."
        elif not state.captured and any(cards[c].type == "hero" for c in state.discard[tp]):
            # each army has one Hero: once it is in the discard pile, no Hero is left in play
            pool = [c for c in pool if cards[c].type != "hero"]
            note = "Heroes left out: this player's Hero has been defeated."
    own_battle = None
    if acard.hits_own_adjacent:
        adj = [s for s in ADJACENT[attacker_slot] if board[player][s] is not None]
        if own is not None:
            if own not in adj:
                raise IllegalAction("the extra card must be your own card next to the attacker", "Attacking")
            own_battle = own
        elif adj:
            note = (note + " " if note else "") + "The attacker's extra battle against an own card is not included."
    if acard.defender_chooses:
        note = (note + " " if note else "") + ("This attacker lets the named opponent pick the defender; "
                                               "the odds are for this card if it is the one picked.")
    if acard.second_target:
        note = (note + " " if note else "") + "Odds for this target alone (a second strike is a separate battle)."
    slain = state.slain_set()
    base_seen = set(state.revealed) | {aid}
    if own_battle is not None:
        base_seen.add(board[player][own_battle])
    # the target board as the attacker knows it: unknown cards are "unknown" (None-like for names)
    tboard_known = [c if c is not None and (c in state.revealed or c in state.face_up) else ("?" if c else None)
                    for c in board[tp]]
    counts = {"win": 0, "tie": 0, "loss": 0, "dodge": 0}
    outcomes = {}
    own_result = None
    if own_battle is not None:
        oid = board[player][own_battle]
        own_result = state._battle(player, attacker_slot, aid, player, own_battle, oid,
                                   seen=base_seen | {actual} if known else base_seen, slain=slain)["outcome"]
    for cid in pool:
        tb = list(tboard_known)
        tb[ts] = cid
        b = state._battle(player, attacker_slot, aid, tp, ts, cid, seen=base_seen | {cid}, slain=slain, defender_board=tb)
        out = b["outcome"]
        target_down = out in ("win", "tie", "explode")
        attacker_down = out in ("loss", "tie", "explode")
        if cards[cid].may_avoid and cid not in state.face_up and target_down:
            result = "dodge"
            target_down = False
            attacker_down = False
        else:
            result = None
        if own_result is not None and own_result in ("loss", "tie", "explode"):
            attacker_down = True
        if result is None:
            if target_down and not attacker_down:
                result = "win"
            elif target_down and attacker_down:
                result = "tie"
            elif attacker_down:
                result = "loss"
            else:  # pragma: no cover - every battle defeats someone
                result = "dodge"
        counts[result] += 1
        outcomes[cid] = (result, b["attack"], b["defense"])
    total = len(pool)
    if total == 0:  # pragma: no cover - a face-down card is always somewhere in the pool
        raise IllegalAction("no card could be there", "Attacking")
    return AttackOdds(
        win=Fraction(counts["win"], total),
        tie=Fraction(counts["tie"], total),
        loss=Fraction(counts["loss"], total),
        dodge=Fraction(counts["dodge"], total),
        pool_size=total,
        known=known,
        attacker=aid,
        candidates=outcomes,
        note=note,
    )
