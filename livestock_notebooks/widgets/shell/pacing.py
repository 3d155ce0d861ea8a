"""Bot pacing: the kernel-loop :class:`Ticker` and the one table of bot speeds.

Bots play visibly, one action per tick, on the kernel's asyncio loop (``loop.call_later``),
which runs between messages in Voila and JupyterLab. Without a running loop (tests, scripts)
nothing is scheduled and callers step by hand.

>>> list(BOT_SPEEDS)
['Slow', 'Normal', 'Fast', 'Instant']
>>> Ticker(lambda: None).schedule(0.1)   # no running loop here
False
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

from ...core.session import LogEntry

__all__ = ["BOT_SPEEDS", "BotPacing", "DEFAULT_BOT_SPEED", "Ticker", "running_loop"]

#: seconds between two visible bot actions, by the name shown in a page's speed menu
BOT_SPEEDS: dict[str, float] = {"Slow": 1.2, "Normal": 0.6, "Fast": 0.2, "Instant": 0.02}
#: the speed a page starts with
DEFAULT_BOT_SPEED = "Normal"


def running_loop():
    """The running asyncio loop, or ``None`` (tests, scripts)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Ticker:
    """Calls ``callback`` after a delay on the kernel's asyncio loop, one call at a time.

    Voila and JupyterLab run their kernels on an asyncio loop, which keeps turning between
    messages, so ``loop.call_later`` updates widgets without blocking the page. Without a
    running loop (pytest, plain scripts) :meth:`schedule` returns False and the owner steps
    by hand.
    """

    def __init__(self, callback: Callable[[], Any], loop=None):
        self.callback = callback
        self.loop = loop if loop is not None else running_loop()
        self._handle = None

    @property
    def available(self) -> bool:
        return self.loop is not None and not self.loop.is_closed()

    @property
    def pending(self) -> bool:
        return self._handle is not None

    def schedule(self, delay: float) -> bool:
        if not self.available:
            return False
        if self._handle is not None:
            return True
        self._handle = self.loop.call_later(max(0.0, float(delay)), self._fire)
        return True

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self) -> None:
        self._handle = None
        self.callback()


class BotPacing:
    """Bots on the page of ``GameApp`` (a mixin): one visible bot action per tick of
    ``_ticker``, ``bot_delay`` seconds apart, pause and single steps. The app supplies
    ``session``, ``spec``, ``_after``, ``_message``, ``refresh`` and ``defer``."""

    paused: bool
    bot_delay: float | None
    _ticker: Ticker

    def step(self) -> bool:
        """One bot action now (what a tick does). False if no bot is to decide."""
        s = self.session
        if s is None or not s.is_bot_turn:
            return False
        player = s.current_player
        with s.autosave_later(self.defer):
            try:
                _action, events = s.bot_step()
            except Exception as exc:  # a broken bot pauses the game instead of killing the page
                self.paused = True
                self._message(f"{s.name(player)}'s bot failed: {type(exc).__name__}: {exc}. Bots paused.", "error")
                self.refresh()
                return False
            self._after(events, "", log_first=True)
        return True

    def run_bots(self, max_actions: int | None = None) -> int:
        """Play bot decisions synchronously until a human decides or the game ends."""
        limit = self.spec.max_actions if max_actions is None else max_actions
        count = 0
        while count < limit and self.step():
            count += 1
        return count

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self._ticker.cancel()
        else:
            self._schedule_bots()
        self.refresh()
        self._refresh_rest()

    def _schedule_bots(self) -> None:
        s = self.session
        if s is None or self.paused:
            return
        if not s.is_bot_turn:
            # a step with no real choice is taken for the player, on the loop like a bot's
            # (without a loop, or with bots stepped by hand, :meth:`take_forced` does it)
            if self.bot_delay is not None and self.forced_action() is not None:
                self._ticker.schedule(max(self.bot_delay, self.FORCED_DELAY))
            return
        if self.bot_delay is None:
            return
        self._ticker.schedule(self.bot_delay)

    # -- decisions with one legal action ------------------------------------------------------
    #: the least pause before a forced step is taken (the board shows the position first)
    FORCED_DELAY = 0.15
    #: take a decision that has one legal action for the player (see :meth:`forced_action`)
    take_forced_steps: bool = False
    _forced_held: bool = False

    def forced_action(self):
        """The only legal action of the player deciding now, when the page takes it for them:
        forced steps are on (play pages), "Ask me even when there is only one choice" is off,
        the seat is a human's, the only human seat (at a shared device the others would read
        in the log that a player had no choice, e.g. held no card able to move), and Undo has
        not just brought it back. Also the only real choice among several legal actions, when
        the game says the others change nothing for the player (``spec.only_real_choice``)."""
        found = self._forced_choice()
        return None if found is None else found[0]

    def _forced_choice(self):
        """(the action taken for the player, why; "" when it is the only legal one), or None."""
        s = self.session
        if (not self.take_forced_steps or self.ask_single or self._forced_held or s is None
                or s.state.is_over or s.is_bot_turn or s.needs_handoff
                or sum(not seat.is_bot for seat in s.seats) != 1):
            return None
        legal = s.legal_for_viewer()
        if len(legal) == 1:
            return legal[0], ""
        real = getattr(s.spec, "only_real_choice", None)
        if real is None or not legal:
            return None
        found = real(s.state, s.current_player, legal)
        return found if found is not None and found[0] in legal else None

    @property
    def ask_single(self) -> bool:
        """The player's "Ask me even when there is only one choice" (remembered per browser)."""
        box = getattr(self, "ask_single_checkbox", None)
        return bool(box.value) if box is not None else False

    def take_forced(self) -> bool:
        """Play the one legal action (or the only real choice) for the player, with a log line
        saying so (and why, for a choice among several legal actions)."""
        found = self._forced_choice()
        if found is None:
            return False
        action, why = found
        s = self.session
        player = s.current_player
        text = (f"Only one real choice for {s.name(player)}, taken for you: {action} ({why})" if why
                else f"Only one choice for {s.name(player)}, taken for you: {action}")
        with self.batch():
            at = len(s.log)
            if self.act(action):  # the line goes before the action's own lines (Undo drops both)
                s.log.insert(at, LogEntry(text, player, "forced"))
        return True

    def cancel_bot_tick(self) -> None:
        """Drop a bot step scheduled on the loop (a page that hides the game, such as a
        tutorial's reading step); bots are scheduled again at the next change."""
        self._ticker.cancel()

    def _bot_tick(self) -> None:
        if self.paused:
            return
        if self.session is not None and not self.session.is_bot_turn:
            self.take_forced()
            return
        self.step()
