"""The hint on a play page: what the strong bot would do now, why, and the chance to win after it.

:class:`HintControls` is a part of :class:`~.app.GameApp` (a mixin). It adds a *Hint* button to
the actions row when the game has a ``strong`` bot, and a *Hints* checkbox to the setup screen
(on by default; a game started without hints never offers one, and its saves remember it).

The hint is computed from the current player's view only: the strong bot (normal level: a
playout count, the same on any machine) is handed the state and reads nothing of it but
``player_view(current_player)``. The answer names the move (a card by its name as well as its
slot: the hint is for the player who holds it), says in one sentence why (the game's own words
on it, such as the odds of the battle it starts: the strong bot's ``hint_detail(view, action)``,
and what the next best move would give up) and gives the chance to win after it as a calibrated
probability with its range (:mod:`livestock_notebooks.win_chance`: the move and the next best
played out in the same :data:`HINT_WORLDS` worlds drawn from that view). No figure is shown when
fewer than :data:`~livestock_notebooks.win_chance.MIN_PLAYOUTS` playouts back it. It is cleared
as soon as anything changes.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ... import win_chance
from ...core.session import GameInfo, Session
from ..common.dom import button, hide, plain_text, show

__all__ = ["HINT_BOT", "HINT_LEVEL", "HINT_WORLDS", "HintControls", "hint_text"]

#: the bot whose choice the hint shows, and its level
HINT_BOT = "strong"
HINT_LEVEL = "normal"
#: the worlds the move and the next best are played out in for the figure
HINT_WORLDS = win_chance.WORLDS[HINT_LEVEL]


def _move_text(spec: GameInfo, state: Any, action: Any, player: int) -> str:
    """The move in words for the player who makes it: a game whose log hides a card
    (``describe_action``) names it here, since the player holds it."""
    if spec.describe_action is not None:
        return str(action)
    return spec.action_text(state, action, player)


def hint_text(spec: GameInfo, state: Any, player: int, analysis: dict, detail: str | None = None,
              found: list | None = None, others: list | None = None) -> str:
    """The hint in words (HTML, escaped): the move, one sentence why (``detail``: the game's words
    on the move; and what the next best of ``others`` gives up, by the chances ``found`` for the
    move then each of ``others``), and the chance to win after it with its range, or why there
    is none."""
    action = analysis.get("action")
    line = _move_text(spec, state, action, player) if action is not None else "no move"
    parts = [f'<b>Hint:</b> {html.escape(line)}']
    found = found or []
    others = others or []
    chance = found[0] if found else None
    why = [detail] if detail else []
    if chance is not None and chance.probability is not None and others and len(found) > 1 \
            and found[1].probability is not None:
        gap = chance.probability - found[1].probability
        other = _move_text(spec, state, others[0], player)
        if gap > 0.005:
            why.append(f"the next best, {other}, gives up {100 * gap:.0f} points of that chance")
        else:
            why.append(f"the next best, {other}, does about as well")
    if why:
        parts.append(html.escape("Why: " + "; ".join(why)))
    if chance is not None and chance.probability is not None:
        parts.append(f"Chance to win after it: <b>{html.escape(chance.text())}</b> "
                     f"(from {chance.playouts} simulated continuations of what you can see)")
    elif chance is not None:
        parts.append(f"No chance to win shown: {chance.playouts} simulated continuations are too few "
                     f"(at least {win_chance.MIN_PLAYOUTS})")
    return '<div class="lsn-bot-hint-line">' + ". ".join(parts) + ".</div>"


def _detail(bot: Any, state: Any, player: int, analysis: dict) -> str | None:
    """The game's own words on the suggested move, when its strong bot offers them
    (``bot.hint_detail(view, action)``, from the player's view only)."""
    detail = getattr(bot, "hint_detail", None)
    action = analysis.get("action")
    if detail is None or action is None:
        return None
    return detail(state.player_view(player), action)


class HintControls:
    """The Hint button, its answer and the setup's Hints checkbox (part of ``GameApp``)."""

    spec: GameInfo
    session: Session | None

    def _build_hint(self) -> None:
        self.has_hint_bot = HINT_BOT in self.spec.bots
        self.hints_checkbox = w.Checkbox(value=True, description="Offer hints in this game", indent=False)
        self.hints_checkbox.add_class("lsn-hints-allowed")
        self._hint_for: Any = None
        if not self.has_hint_bot:
            hide(self.hints_checkbox)

    def _build_hint_button(self) -> None:
        """The Hint button and its answer (with the game screen)."""
        self.hint_button = button("Hint", "lsn-bot-hint", self.hint, width="auto", icon="lightbulb-o",
                                  tooltip="What the strong bot would do now (from what you can see)")
        self.hint_output = w.HTML()
        self.hint_output.add_class("lsn-bot-hint-text")
        if not self.has_hint_bot:
            hide(self.hint_button)

    def _refresh_hint(self, s: Session) -> None:
        """After every change: the button shows when hints are on and it is a human's decision;
        an old hint is dropped."""
        if self._hint_for is not None and self._hint_for != len(s.history):
            self.hint_output.value = ""
            self._hint_for = None
        available = self.has_hint_bot and s.hints and not s.state.is_over
        (show if available else hide)(self.hint_button)
        self.hint_button.disabled = not (available and s.is_human_turn and not s.needs_handoff)

    def hint(self) -> str:
        """Work out and show the hint for the player whose decision it is; returns its text."""
        s = self.session
        if s is None or not self.has_hint_bot or not s.hints:
            return ""
        if s.needs_handoff or not s.is_human_turn or s.state.is_over:
            self.hint_output.value = '<div class="lsn-bot-hint-line">A hint is for your own decision.</div>'
            return ""
        player = s.current_player
        name = {"easy": "strong-easy", "normal": "strong", "hard": "strong-hard"}[HINT_LEVEL]
        bot = self.spec.make_bot(name, seed=len(s.history) * 7919 + (s.seed or 0) % 100_003)
        action = bot.choose(s.state)  # reads only player_view(current player)
        analysis = getattr(bot, "last_analysis", None) or {"action": action}
        detail = _detail(bot, s.state, player, analysis)
        others = [a["action"] for a in analysis.get("alternatives", []) if a.get("action") not in (None, action)][:1]
        found = None
        if hasattr(bot, "action_values"):
            found = win_chance.chances(self.spec.name, s.state.player_view(player), player, [action, *others],
                                       level=HINT_LEVEL, worlds=HINT_WORLDS, bot=bot)
        self.hint_output.value = hint_text(self.spec, s.state, player, analysis, detail, found, others)
        self._hint_for = len(s.history)
        return plain_text(self.hint_output.value)
