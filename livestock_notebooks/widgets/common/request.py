"""The page request a kernel serves, for kernels Voila starts before any visitor asks.

With ``livestock-notebooks --preheat N`` Voila keeps kernels started, the page's imports done,
for the next visitors. Such a kernel runs its page until the page first needs the request (the
browser id its autosaves belong to, the query string naming a table, the address it was reached
at): :func:`await_request` waits there until a visitor's request takes the kernel and puts the
request's variables in ``os.environ``, as they are in a kernel started for a request. Anywhere
else (a kernel started for its request, tests, scripts) it returns at once.
"""
from __future__ import annotations

import os

__all__ = ["await_request"]

_taken = False


def await_request() -> None:
    """In a preheated kernel, wait (once) until a page request takes it; see the module doc."""
    global _taken
    if _taken or os.environ.get("VOILA_PREHEAT") != "True":
        return
    from voila.utils import wait_for_request

    wait_for_request()
    _taken = True
