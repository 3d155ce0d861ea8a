"""BattleGoats bots: ``RandomBot`` (the shared one) and ``SeenBot``, which plays on what it has seen.

Bots decide from what the deciding player may know: ``SeenBot`` reads ``state.player_view(me)``
for every card (its own, face-up and remembered ones; any other card is an unknown ``"?"``),
the card data, the legal actions and :func:`attack_odds` (which uses only the attacker's
knowledge). Changing the cards it cannot see never changes its choice
(``tests/test_battlegoats_bots.py``). Both are seeded and have ``.choose(state) -> action``.
"""
from __future__ import annotations

import random
from fractions import Fraction
from types import SimpleNamespace

from ...core.bots import RandomBot
from .. import actions as act
from ..cards import ADJACENT, card_value
from ..odds import attack_odds
from ..setup import SetupMixin
from ..views import BattleGoatsPlayerView

__all__ = ["RandomBot", "SeenBot"]


class SeenBot:
    """A greedy player that uses what it has seen.

    - Draft: keeps the card with the best value on a full battlefield.
    - Layout: plans where each card goes (best card first, where its own modifiers give the
      most), then lays the plan out in slot order, so the public log tells nothing of the cards.
    - Attack: for every pair (own card, opponent card) it asks :func:`attack_odds` and picks the
      best expected result (a known target it beats is a sure win); ties go to the opponent with
      the fewest cards left, so it closes out games.
    - Defends (Fainting) with its strongest known card; dodges when the revealed attacker would
      beat or tie its card; shares a victory when offered.
    """

    name = "Smart"

    def __init__(self, seed: int | None = 0):
        self._random = random.Random(seed)
        self._plan: tuple | None = None

    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _static_value(state, cid: str, board: list, slot: int, role: str = "defending") -> int:
        card = state.cards.by_id[cid]
        v, _ = card_value(card, board=board, slot=slot, role=role, other_type="goat", face_up=False,
                          own_discard=0, other_discard=0, seen=frozenset(), slain=frozenset())
        return v

    def _full_value(self, state, cid: str) -> float:
        full = ["x"] * 9
        return max(self._static_value(state, cid, full, s) for s in range(9)) + 0.01 * state.cards.by_id[cid].value

    @staticmethod
    def _known_board(view: BattleGoatsPlayerView, player: int) -> list:
        """``player``'s battlefield as the viewer knows it: a face-down card it does not know is ``"?"``."""
        return [None if cell is None else (cell.card if cell.card is not None else "?") for cell in view.boards[player]]

    def _layout_plan(self, state, view: BattleGoatsPlayerView, me: int) -> dict[int, str]:
        """slot -> card: the best card first, each where it gives the most (row rules respected)."""
        board = [cell.card if cell is not None else None for cell in view.boards[me]]
        hand = sorted(view.hand)
        plan: dict[int, str] = {}
        # the engine's own placement rule, run on the bot's own battlefield only
        own = SimpleNamespace(board={me: board}, cards=state.cards)
        while hand:
            best = max(hand, key=lambda c: (self._full_value(state, c), c))
            slots = SetupMixin._place_slots(own, me, best, hand)  # type: ignore[arg-type]
            if not slots:
                break
            full = [c if c is not None else "x" for c in board]  # assume the battlefield fills up
            slot = max(slots, key=lambda t: (self._static_value(state, best, full, t), -t))
            board[slot] = best
            plan[slot] = best
            hand.remove(best)
        return plan

    # -- choose ---------------------------------------------------------------------------
    def choose(self, state):
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        kind = type(first)
        me = state.current_player
        view = state.player_view(me)
        if kind is act.Pick:
            return max(actions, key=lambda a: (self._full_value(state, a.card), a.card))
        if kind is act.Place:
            plan = self._layout_plan(state, view, me)
            for slot in sorted(plan):
                chosen = act.Place(me, plan[slot], slot)
                if chosen in actions:
                    return chosen
            return min(actions, key=lambda a: (a.slot, a.card))
        if kind is act.ChooseFirstAttacker:
            mine = [a for a in actions if a.first == me]
            return mine[0] if mine else actions[0]
        if kind is act.MoveAtStart:
            return actions[0]  # stay: keep the battlefield as it is
        if kind is act.ChooseAttacker:
            plan = self._best_attack(state, me)
            self._plan = (me,) + plan if plan is not None else None
            if plan is not None:
                for a in actions:
                    if a.slot == plan[0]:
                        return a
            return self._random.choice(actions)
        if kind in (act.ChooseTarget, act.SkipSecondTarget):
            return self._choose_target(state, me, actions)
        if kind is act.ChooseOpponent:
            alive = {a.opponent: sum(c is not None for c in state.board[a.opponent]) for a in actions}
            return max(actions, key=lambda a: (alive[a.opponent], -a.opponent))
        if kind is act.ChooseDefender:
            return self._choose_defender(state, view, me, actions)
        if kind is act.ChooseOwnAdjacent:
            # sacrifice the weakest neighbour
            return min(actions, key=lambda a: (self._static_value(state, state.board[me][a.slot],
                                                                   state.board[me], a.slot), a.slot))
        if kind is act.Dodge:
            return self._choose_dodge(state, view, me, actions)
        if kind is act.PlaceCaptured:
            return actions[0]
        if kind is act.ChooseEnding:
            return next(a for a in actions if a.share)
        return self._random.choice(actions)

    def _score(self, odds, opp_cards: int) -> Fraction:
        # a win is worth 1, a tie about a third, a dodge nothing, a loss -1; finish weak players
        return odds.win - odds.loss + Fraction(1, 3) * odds.tie + Fraction(1, 100) * (Fraction(1, opp_cards + 1))

    def _best_attack(self, state, me):
        best = None
        best_score = None
        for s, c in enumerate(state.board[me]):
            if c is None:
                continue
            card = state.cards.by_id[c]
            own = None
            if card.hits_own_adjacent:
                adj = [x for x in ADJACENT[s] if state.board[me][x] is not None]
                own = adj[0] if adj else None
            for p in range(state.players):
                if p == me:
                    continue
                left = sum(x is not None for x in state.board[p])
                for t, d in enumerate(state.board[p]):
                    if d is None:
                        continue
                    odds = attack_odds(state, me, s, (p, t), own=own)
                    sc = self._score(odds, left)
                    if best_score is None or sc > best_score:
                        best_score = sc
                        best = (s, p, t)
        return best

    def _choose_target(self, state, me, actions):
        aslot = state.pending["attacker"]
        plan = self._plan
        if plan is not None and plan[:2] == (me, aslot):
            for a in actions:
                if isinstance(a, act.ChooseTarget) and (a.target_player, a.target_slot) == (plan[2], plan[3]):
                    return a
        best = None
        best_score = None
        for a in actions:
            if not isinstance(a, act.ChooseTarget):
                continue
            left = sum(x is not None for x in state.board[a.target_player])
            odds = attack_odds(state, me, aslot, (a.target_player, a.target_slot))
            sc = self._score(odds, left)
            if best_score is None or sc > best_score:
                best, best_score = a, sc
        if isinstance(actions[-1], act.SkipSecondTarget) and (best_score is None or best_score <= 0):
            return actions[-1]
        return best if best is not None else actions[0]

    def _battle_as_known(self, state, view: BattleGoatsPlayerView, me: int, slot: int) -> dict:
        """The battle of the (face-up) attacker against ``me``'s card in ``slot``, the attacker's
        battlefield as ``me`` knows it (its face-down neighbours unknown)."""
        pend = view.pending
        assert pend is not None and pend.attacker is not None and pend.card is not None and view.turn is not None
        mine = view.boards[me][slot]
        assert mine is not None and mine.card is not None
        return state._battle(view.turn, pend.attacker, pend.card, me, slot, mine.card,
                             attacker_board=self._known_board(view, view.turn),
                             defender_board=self._known_board(view, me))

    def _choose_defender(self, state, view, me, actions):
        def margin(a):
            b = self._battle_as_known(state, view, me, a.slot)
            order = {"loss": 2, "tie": 1, "explode": 1, "win": 0}[b["outcome"]]
            return (order, b["defense"] - b["attack"], -a.slot)

        return max(actions, key=margin)

    def _choose_dodge(self, state, view, me, actions):
        if len(actions) == 1:  # a face-down card that cannot avoid battle: fight is the only choice
            return actions[0]
        b = self._battle_as_known(state, view, me, actions[0].slot)
        dodge = b["outcome"] != "loss"
        return next(a for a in actions if a.dodge == dodge)
