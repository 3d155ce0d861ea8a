"""The hint on a play page: what the strong bot would do now, and why.

:class:`HintControls` is a part of :class:`~.app.GameApp` (a mixin). It adds a *Hint* button to
the actions row when the game has a ``strong`` bot, and a *Hints* checkbox to the setup screen
(on by default; a game started without hints never offers one, and its saves remember it).

The hint is computed from the current player's view only: the strong bot is handed the state
and reads nothing of it but ``player_view(current_player)`` (see
:class:`livestock_notebooks.core.search.SearchBot`); it then draws complete states from that
view. The answer names the move, what the game says about it (a battle's odds: the strong
bot's ``hint_detail(view, action)``, when it has one), its estimated chance to win (the mean
score of the search's playouts) and the best alternatives. It is cleared as soon as anything
changes.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...core.session import GameInfo, Session
from ..common.dom import button, hide, plain_text, show

__all__ = ["HINT_BOT", "HintControls", "hint_text"]

#: the bot whose choice the hint shows
HINT_BOT = "strong"
#: seconds the hint may think (the strong bot's easy level is 0.1 s, normal 0.4 s)
HINT_SECONDS = 0.5


def _percent(x: Any) -> str:
    return f"{100 * float(x):.0f}%" if isinstance(x, (int, float)) else "?"


def hint_text(spec: GameInfo, state: Any, player: int, analysis: dict, detail: str | None = None) -> str:
    """The hint in words (HTML, escaped) from the search's ``last_analysis``; ``detail`` (the
    game's words on the move, such as the odds of its battle) follows the move."""
    action = analysis.get("action")
    line = spec.action_text(state, action, player) if action is not None else "no move"
    parts = [f'<b>Hint:</b> {html.escape(line)}']
    if detail:
        parts.append(html.escape(detail))
    chance = analysis.get("win_chance")
    playouts = analysis.get("iterations", 0)
    if chance is not None:
        parts.append(f"estimated chance to win after it: <b>{_percent(chance)}</b> "
                     f"(from {int(playouts)} simulated continuations of what you can see)")
    others = [a for a in analysis.get("alternatives", []) if a.get("action") is not None][:2]
    if others:
        alts = "; ".join(f"{html.escape(spec.action_text(state, a['action'], player))} ({_percent(a.get('win_chance'))})"
                         for a in others)
        parts.append(f"next best: {alts}")
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
        bot = self.spec.make_bot(HINT_BOT, seed=len(s.history) * 7919 + (s.seed or 0) % 100_003)
        if getattr(bot, "seconds", None) is not None:
            bot.seconds = HINT_SECONDS
        bot.choose(s.state)  # reads only player_view(current player)
        analysis = getattr(bot, "last_analysis", None) or {}
        detail = _detail(bot, s.state, player, analysis)
        self.hint_output.value = hint_text(self.spec, s.state, player, analysis, detail)
        self._hint_for = len(s.history)
        return plain_text(self.hint_output.value)
