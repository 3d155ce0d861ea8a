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
        if s is None or self.paused or self.bot_delay is None or not s.is_bot_turn:
            return
        self._ticker.schedule(self.bot_delay)

    def cancel_bot_tick(self) -> None:
        """Drop a bot step scheduled on the loop (a page that hides the game, such as a
        tutorial's reading step); bots are scheduled again at the next change."""
        self._ticker.cancel()

    def _bot_tick(self) -> None:
        if self.paused:
            return
        self.step()
