"""The decision panel of the BattleGoats board during attacks: which slots to highlight, the
hint and the choice buttons of each attack step, the odds of the chosen attack and the details
of the chosen cards (a part of :class:`~.board.BattleGoatsView`)."""
from __future__ import annotations

from typing import Any

from ...battlegoats import SLOT_NAMES, attack_odds
from ...battlegoats import actions as act
from ...battlegoats.views import PendingView
from ...core.errors import IllegalAction
from ..shell.app import illegal_message
from .report import OddsBox
from .style import TYPE_COLOURS, TYPE_MARKS, esc as _esc, player_name

__all__ = ["AttackPanel"]


class AttackPanel:
    """Mixin of the board: reads ``view`` (the typed player view), ``viewer``, ``legal`` and the
    selection (``sel_hand``, ``sel_attacker``, ``sel_target``); writes ``odds``."""

    view: Any
    viewer: int | None
    legal: list
    sel_hand: str | None
    sel_attacker: int | None
    sel_target: tuple[int, int] | None
    odds: OddsBox
    details: Any  # the HTML widget of the chosen cards
    #: what the odds box shows next: None (nothing), ("note", text) or ("show", slot, target, name)
    _odds_plan: tuple | None = None

    def _legal_of(self, cls) -> list:
        return [a for a in self.legal if type(a) is cls]

    def state(self) -> Any:  # pragma: no cover - the board gives the live engine state
        raise NotImplementedError

    def _slot_targets(self) -> dict[tuple[int, int], str]:
        """Slots to highlight now: (player, slot) -> 'selectable' / 'selected' / 'aimed'."""
        v = self.view
        out: dict[tuple[int, int], str] = {}
        if v is None or not self.legal or self.viewer is None:
            return out
        me = self.viewer
        phase, stage = v.phase, v.stage
        if phase == "layout" and self.sel_hand is not None:
            for a in self._legal_of(act.Place):
                if a.card == self.sel_hand:
                    out[(me, a.slot)] = "selectable"
        elif phase == "move":
            for a in self._legal_of(act.MoveAtStart):
                if a.to != a.slot:
                    out[(me, a.slot)] = "selected"
                    out[(me, a.to)] = "selectable"
        elif phase == "attack":
            if stage == "attacker":
                for a in self._legal_of(act.ChooseAttacker):
                    out[(me, a.slot)] = "selectable"
                if self.sel_attacker is not None:
                    for p, row in enumerate(v.boards):
                        if p != me:
                            for s, cell in enumerate(row):
                                if cell is not None:
                                    out[(p, s)] = "selectable"
            elif stage in ("target", "second"):
                for a in self._legal_of(act.ChooseTarget):
                    out[(a.target_player, a.target_slot)] = "selectable"
                for tp, ts in (v.pending.targets if v.pending else ()):
                    out[(tp, ts)] = "aimed"
            elif stage == "defender":
                for a in self._legal_of(act.ChooseDefender):
                    out[(me, a.slot)] = "selectable"
            elif stage == "own":
                for a in self._legal_of(act.ChooseOwnAdjacent):
                    out[(me, a.slot)] = "selectable"
            elif stage == "capture":
                for a in self._legal_of(act.PlaceCaptured):
                    out[(me, a.slot)] = "selectable"
            if self.sel_attacker is not None:
                out[(me, self.sel_attacker)] = "selected"
            if self.sel_target is not None:
                out[self.sel_target] = "aimed"
        return out

    def _attack_panel(self, v, cards):
        me = self.viewer
        stage = v.stage
        pend = v.pending or PendingView("none")
        confirm = None
        choices: list = []
        labels: list[str] = []
        if stage == "attacker":
            if self.sel_attacker is None:
                hint = "Your turn to attack: choose one of your cards (you must attack)."
            else:
                acard = cards[v.boards[me][self.sel_attacker].card]
                if self.sel_target is None:
                    if acard.defender_chooses:
                        hint = (f"{acard.name} attacks a player: click any card of the opponent you pick; that "
                                "player then chooses which card defends.")
                    else:
                        hint = f"Now choose the opponent's card that {acard.name} attacks."
                else:
                    tp, ts = self.sel_target
                    if acard.defender_chooses:
                        hint = f"{player_name(tp)} will choose which of their cards defends against {acard.name}."
                        confirm = f"Attack {player_name(tp)} with {acard.name}"
                        self._odds_plan = ("note", f"No odds: {player_name(tp)} chooses the defending card.")
                    else:
                        hint = "Check the odds, then attack (or choose another card)."
                        confirm = f"Attack {player_name(tp)}'s {SLOT_NAMES[ts]} with {acard.name}"
                        self._odds_plan = ("show", self.sel_attacker, self.sel_target, acard.name)
        elif stage in ("target", "second"):
            acard = cards[pend.card]
            if stage == "second":
                hint = f"{acard.name} may strike a second card: choose it, or strike only one."
                choices = self._legal_of(act.SkipSecondTarget)
                labels = ["Strike only one card"]
            else:
                hint = f"Choose the opponent's card that {acard.name} attacks."
            if self.sel_target is not None:
                tp, ts = self.sel_target
                confirm = f"Attack {player_name(tp)}'s {SLOT_NAMES[ts]}"
                self._odds_plan = ("show", pend.attacker, self.sel_target, acard.name)
        elif stage == "opponent":
            hint = f"{cards[pend.card].name} attacks a player: name the opponent who picks the defending card."
            choices = self._legal_of(act.ChooseOpponent)
            labels = [f"{player_name(a.opponent)} picks the defender" for a in choices]
        elif stage == "defender":
            hint = (f"{player_name(v.turn)} attacks you with {cards[pend.card].name}: "
                    "click the card of yours that defends.")
        elif stage == "own":
            hint = (f"{cards[pend.card].name} also attacks one of your own neighbouring cards: click which.")
        elif stage == "dodge":
            p, s = pend.dodge_queue[0]
            mine = v.boards[me][s]
            name = cards[mine.card].name if mine and mine.card else "your card"
            choices = self._legal_of(act.Dodge)
            if any(a.dodge for a in choices):
                hint = (f"{cards[pend.card].name} attacks your {name} ({SLOT_NAMES[s]}). It is face down, so you may "
                        "flip it face up and avoid the battle (both cards stay face up), or fight.")
                labels = ["Flip it face up and avoid the battle" if a.dodge else "Fight" for a in choices]
            else:
                # every face-down defender gets this step, so the table cannot tell which may avoid battle
                hint = (f"{cards[pend.card].name} attacks your {name} ({SLOT_NAMES[s]}). It cannot avoid the "
                        "battle: let it fight.")
                labels = ["Let it fight"]
        elif stage == "capture":
            hint = "Your attacker captured a card: click an empty slot of your battlefield for it."
        elif stage == "ending":
            hint = ("The last cards in play fell together. Do you share the victory, or do all of you lose, "
                    "fallen on the battlefield? A shared victory needs everyone to agree.")
            choices = self._legal_of(act.ChooseEnding)
            labels = ["Share the victory" if a.share else "No victors: we all lose" for a in choices]
        else:
            hint = "Choose."
        known = {type(a) for a in (choices or [])}
        if not choices:
            # a safety net: anything the board cannot click is offered as a button
            extra = [a for a in self.legal if type(a) in (act.ChooseFirstAttacker, act.ChooseOpponent, act.SkipSecondTarget,
                                                          act.Dodge, act.ChooseEnding) and type(a) not in known]
            choices, labels = extra, [str(a) for a in extra]
        return hint, confirm, choices, labels

    def _render_odds(self) -> None:
        """The odds box as :meth:`_attack_panel` planned it (``_odds_plan``): cleared, a note,
        or the odds of the chosen attack (the engine's, worked out here: after the board)."""
        plan = self._odds_plan
        if plan is None:
            self.odds.clear()
        elif plan[0] == "note":
            self.odds.note(plan[1])
        else:
            self._show_odds(*plan[1:])

    def _show_odds(self, attacker_slot: int, target: tuple[int, int], attacker_name: str) -> None:
        state = self.state()
        if state is None or self.viewer is None:
            return
        try:
            odds = attack_odds(state, self.viewer, attacker_slot, target)
        except IllegalAction as exc:
            self.odds.note(illegal_message(exc))
            return
        tp, ts = target
        self.odds.show(odds, f"{attacker_name} against {player_name(tp)}'s {SLOT_NAMES[ts]}")

    def _render_details(self, v, cards) -> None:
        me = self.viewer
        cid = None  # a card of the hand shows its ability on its face already
        if self.sel_attacker is not None and me is not None:
            cell = v.boards[me][self.sel_attacker]
            cid = cell.card if cell else None
        shown = [cid] if cid is not None else []
        if self.sel_target is not None:
            tp, ts = self.sel_target
            cell = v.boards[tp][ts]
            if cell is not None and cell.card is not None:  # a card the viewer knows
                shown.append(cell.card)
        parts = []
        for c in shown:
            card = cards[c]
            parts.append(f'<div class="lsn-bg-card-detail" style="background:{TYPE_COLOURS[card.type]};'
                         f'border-radius:6px;padding:4px 8px;margin:4px 0">'
                         f'<b>{_esc(card.name)}</b> \u00b7 {_esc(TYPE_MARKS[card.type])} \u00b7 value {card.value}'
                         f'<br>{_esc(card.ability)}</div>')
        self.details.value = "".join(parts)
