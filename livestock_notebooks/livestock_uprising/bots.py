"""Bots for Livestock Uprising, using only the public interface of a state.

- :class:`RandomBot` (the shared one): a uniformly random legal action.
- :class:`GreedyBot`: harvests the best resource it can reach, marshals the dearest unit it can
  pay for, attacks when the exact odds favour it, gathers its Generals in the barn and forms a
  Super Army once its armies are large, then hunts the nearest enemy.

Both have ``choose(state) -> action``; ``livestock_notebooks.core.bots.play_out(state, [bot, bot])``
plays a game to the end.
"""
from __future__ import annotations

import random

from ..core.bots import RandomBot
from . import actions as A
from . import data as D

__all__ = ["RandomBot", "GreedyBot"]

_VALUE = {r: i + 1 for i, r in enumerate(D.RESOURCES)}  # grass 1 .. apple 5
_UNIT_WORTH = {k: sum(c) for k, c in zip(D.UNIT_KEYS, D.UNIT_COST)}


def _xy(square: str) -> tuple[int, int]:
    return int(square[1:]) - 1, ord(square[0]) - 97


def _dist(a: str, b: str) -> int:
    (r1, c1), (r2, c2) = _xy(a), _xy(b)
    return max(abs(r1 - r2), abs(c1 - c2))


class GreedyBot:
    """A simple, sensible player (see the module docstring). Seeded for tie-breaks."""

    name = "Greedy"

    def __init__(self, seed: int | None = 0, *, super_army_units: int = 11, attack_odds: float = 0.55):
        self._random = random.Random(seed)
        self.super_army_units = super_army_units
        self.attack_odds = attack_odds

    # ------------------------------------------------------------------ entry point
    def choose(self, state):
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        pending = state.pending
        if pending is not None:
            return self._decide_pending(state, legal, pending)
        gens = {g["name"]: g for g in state.generals}
        phase = state.phase_name
        if phase == "barn":
            return self._random.choice(legal)
        if phase == "super":
            buys = [a for a in legal if isinstance(a, A.Marshal)]
            return self._best_buy(buys) if buys else _first(legal, A.FormSuperArmy)
        cards = self._useful_card(state, legal, me, phase)
        if cards is not None:
            return cards
        if any(isinstance(a, A.DeclareSuperArmy) for a in legal) and self._gathering(state, me, gens):
            return _first(legal, A.DeclareSuperArmy)
        if phase == "action":
            return self._act(state, legal, me, gens)
        if phase == "harvest":
            harvests = [a for a in legal if isinstance(a, A.Harvest)]
            if harvests:
                return max(harvests, key=lambda a: _VALUE[a.resource])
            return _first(legal, A.EndHarvest)
        if phase == "marshal":
            buys = [a for a in legal if isinstance(a, A.Marshal)]
            if buys:
                return self._best_buy(buys, gens)
            return _first(legal, A.EndTurn)
        return legal[-1]

    # ------------------------------------------------------------------ pieces
    def _decide_pending(self, state, legal, pending):
        kind = pending["kind"]
        if kind == "card":
            plays = [a for a in legal if isinstance(a, A.PlayCard)]
            return plays[0] if plays else legal[-1]
        if kind == "casualty":
            return min(legal, key=lambda a: (_UNIT_WORTH[a.unit], a.general))
        # retreat: as far as possible from enemies
        me = state.current_player
        enemies = [g["square"] for g in state.generals if g["player"] != me and g["square"]]
        return max(legal, key=lambda a: (min((_dist(a.to, e) for e in enemies), default=9), a.to))

    def _gathering(self, state, me, gens) -> bool:
        if state.is_super_army(me):
            return False
        units = sum(len(g["units"]) for g in gens.values() if g["player"] == me and g["status"] == "active")
        return units >= self.super_army_units

    def _best_buy(self, buys, gens=None):
        def key(a):
            load = len(gens[a.general]["units"]) if gens else 0
            return (_UNIT_WORTH[a.unit], -load)

        return max(buys, key=key)

    def _useful_card(self, state, legal, me, phase):
        for a in legal:
            if not isinstance(a, A.PlayCard):
                continue
            kind = D.CARD_EFFECT[D.CARD_CODE[a.card]]["kind"]
            if phase == "marshal" and kind in ("gain", "free_unit"):
                return a
            if phase == "marshal" and kind in ("gain_choice", "steal") and a.resource in ("carrot", "apple", "corn"):
                return a
            if phase == "harvest" and kind == "harvest_bonus" and any(isinstance(b, A.Harvest) for b in legal):
                return a
        return None

    def _act(self, state, legal, me, gens):
        attacks = [a for a in legal if isinstance(a, A.Attack)]
        best: A.LivestockAction | None = None
        best_p = self.attack_odds
        for a in attacks:
            preview = state.attack_preview(a)  # the engine's totals and exact odds
            p = float(preview.odds.attacker) if preview.odds is not None else 1.0
            if preview.attacker_super:
                p += 0.3
            if p > best_p:
                best, best_p = a, p
        if best is not None:
            return best
        moves = [a for a in legal if isinstance(a, A.Move)]
        gathering = self._gathering(state, me, gens)
        barn = next((sq["name"] for row in state.board for sq in row if sq["barn_of"] == me), None)
        by_general: dict[str, list] = {}
        for move in moves:
            by_general.setdefault(move.general, []).append(move)
        for name, options in sorted(by_general.items()):
            g = gens[name]
            if g["super"]:
                enemies = [e["square"] for e in gens.values() if e["player"] != me and e["square"]]
                if not enemies:
                    continue
                target = min(enemies, key=lambda e: (_dist(g["square"], e), e))
            elif gathering:
                target = barn
            else:
                target = self._harvest_target(state, g)
            if target is None or target == g["square"]:
                continue
            here = _dist(g["square"], target)
            step = min(options, key=lambda a: (_dist(a.to, target), a.to))
            if _dist(step.to, target) < here:
                return step
        return _first(legal, A.EndActions)

    def _harvest_target(self, state, g):
        can = {"grass"}
        for u in g["units"]:
            can.update(D.UNITS[D.UNIT_CODE[u]]["harvests"])
        best, best_score = None, None
        for row in state.board:
            for sq in row:
                r = sq["resource"]
                if r is None or r not in can:
                    continue
                if sq["generals"] and sq["generals"] != [g["name"]]:
                    continue
                score = _VALUE[r] * 2 - _dist(g["square"], sq["name"])
                if best_score is None or score > best_score:
                    best, best_score = sq["name"], score
        return best


def _first(legal, cls):
    for a in legal:
        if isinstance(a, cls):
            return a
    return legal[-1]
