"""Headless bot-vs-bot runner: plays a whole game without a board, with a progress bar."""
from __future__ import annotations

import html
import time
from dataclasses import KW_ONLY, dataclass
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...core.session import GameInfo, Seat, Session
from ..common.dom import button
from .pacing import Ticker

__all__ = ["HeadlessRunner"]


def _no_seed() -> int | None:
    return None


@dataclass(eq=False)
class HeadlessRunner:
    """Plays a bot-only game to the end without a board, with a progress bar.

    ``seats`` gives the bot names (one per player) when the run starts; ``seed()`` the seed
    (``None``: a fresh one, shown with the result at the end). The game is played in
    slices of about ``slice_seconds`` on the kernel loop so the page keeps answering; without
    a loop (tests) :meth:`run` plays it all at once.
    """

    spec: GameInfo
    seats: Callable[[], Sequence[str]]
    _: KW_ONLY
    seed: Callable[[], int | None] = _no_seed
    options: Callable[[], Mapping[str, Any]] | None = None
    loop: Any = None
    slice_seconds: float = 0.05
    chunk: int = 20

    def __post_init__(self) -> None:
        self.session: Session | None = None
        self.actions = 0
        self.run_button = button("Run a bot-vs-bot game to the end", "lsn-headless-run", self.start,
                                 width="auto", icon="play")
        self.progress = w.IntProgress(value=0, min=0, max=1000, description="Progress", bar_style="info")
        self.progress.add_class("lsn-headless-progress")
        self.result = w.HTML()
        self.result.add_class("lsn-headless-result")
        self.widget = w.VBox([w.HBox([self.run_button, self.progress]), self.result])
        self.widget.add_class("lsn-headless")
        self._ticker = Ticker(self._slice, loop=self.loop)

    @property
    def running(self) -> bool:
        return self.session is not None and not self.session.state.is_over and self.actions < self.spec.max_actions

    def start(self) -> None:
        """Start a new bot-vs-bot game; plays in slices on the loop, or all at once without one."""
        names = list(self.seats())
        self.session = self._new_session(names)
        self.actions = 0
        self.progress.value = 0
        self.progress.bar_style = "info"
        self.run_button.disabled = True
        self.result.value = f"Playing: {html.escape(', '.join(self.session.seat_label(i) for i in range(len(names))))}"
        if not self._ticker.schedule(0):
            self.run()

    def run(self) -> Session:
        """Play the started game to the end now (synchronously)."""
        if self.session is None:
            self.session = self._new_session(list(self.seats()))
        while self.running:
            self._play(10_000)
        self._finish()
        return self.session

    def _new_session(self, names: Sequence[str]) -> Session:
        options = dict(self.options()) if self.options is not None else {}
        return Session.new(self.spec, [Seat(n) for n in names], seed=self.seed(), options=options, autosave=False)

    def _slice(self) -> None:
        deadline = time.perf_counter() + self.slice_seconds
        self._play(self.chunk)
        while self.running and time.perf_counter() < deadline:
            self._play(self.chunk)
        if self.running:
            self._show_progress()
            self._ticker.schedule(0)
        else:
            self._finish()

    def _play(self, count: int) -> None:
        for _ in range(count):
            if not self.running:
                break
            self.session.bot_step()
            self.actions += 1

    def _fraction(self) -> float:
        s = self.session
        if s is None:
            return 0.0
        if s.state.is_over:
            return 1.0
        if self.spec.progress is not None:
            try:
                return max(0.0, min(1.0, float(self.spec.progress(s.state))))
            except Exception:  # a progress hook never stops a game
                pass
        return min(1.0, self.actions / max(1, self.spec.max_actions))

    def _show_progress(self) -> None:
        self.progress.value = int(self._fraction() * self.progress.max)
        self.result.value = html.escape(f"{self.actions} actions played; {self.spec.turn_text(self.session.state)}")

    def _finish(self) -> None:
        s = self.session
        self.run_button.disabled = False
        self.progress.value = self.progress.max
        if s.state.is_over:
            self.progress.bar_style = "success"
            text = f"{s.result_text()} ({self.actions} actions; seed {s.seed})"
        else:
            self.progress.bar_style = "warning"
            text = f"Stopped after {self.actions} actions without an end (seed {s.seed})."
        self.result.value = f'<span class="lsn-headless-done">{html.escape(text)}</span>'

