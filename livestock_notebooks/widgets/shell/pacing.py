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

__all__ = ["BOT_SPEEDS", "DEFAULT_BOT_SPEED", "Ticker", "running_loop"]

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
