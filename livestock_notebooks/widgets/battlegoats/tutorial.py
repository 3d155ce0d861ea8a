"""The BattleGoats tutorial page: the steps of :mod:`livestock_notebooks.battlegoats.tutorial` on
the real board (the play page's :class:`~.board.BattleGoatsView`), run by the games' shared
:class:`~livestock_notebooks.widgets.shell.tutorial.TutorialPage`.

Every step starts from its position and states its goal in a sentence or two; the learner plays
on the board. A move the rules forbid shows the engine's own rule message; an allowed move that
is not the step's goal is explained and not played. *Show me* plays the worked answer; *Back*
and *Next* move between steps (*Next* waits for the goal). The opponent (Player 2) answers at
once, from the step's script or as the smart bot. Steps without a goal show the board to look
at only. ::

    from livestock_notebooks.widgets.battlegoats.tutorial import Tutorial
    Tutorial()
"""
from __future__ import annotations

import dataclasses
import html
import re
from typing import Sequence

import ipywidgets as w

from ...battlegoats import GAME
from ...battlegoats.tutorial import ME, STEPS, Step, goal_advice, reply, state_for, value_in_slot
from ...core.errors import IllegalAction
from ...core.session import Seat
from ..shell.app import ViewContext, illegal_message
from ..shell.tutorial import TutorialPage
from .app import play_app

__all__ = ["STEPS", "Step", "Tutorial", "value_in_slot"]

#: The seat kind of the scripted opponent (a bot of the tutorial's own game description).
TUTOR = "tutor"

TUTORIAL_CSS = """
<style>
.lsn-bg-tut-feedback .lsn-msg-error { color: #b00020; font-weight: 600; }
.lsn-bg-tut-feedback .lsn-msg-info { color: #1b5e20; font-weight: 600; }
.lsn-bg-tut-feedback .lsn-msg-warn { color: #8d4b00; font-weight: 600; }
</style>
"""


class _Tutor:
    """Player 2 of the tutorial: the current step's scripted answer, else the smart bot's."""

    def __init__(self, page: "Tutorial"):
        self.page = page

    def choose(self, state):
        return reply(self.page.step, state)


class Tutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()`` and the
    buttons drive it from Python; ``view`` is the board (click it as a learner would)."""

    prefix = "lsn-bg-tut"
    accent = "#ef6c00"
    background = "#fffdf8"
    max_width = "1100px"
    section_label = "Rulebook"
    read_hint = "Read, look at the board, then press Next."
    move_hint = "Make your move on the board below."
    show_tooltip = "Play the step's answer"
    next_needs_goal = True
    show_me_runs_bots = True

    def __init__(self, steps: Sequence[Step] = STEPS, *, loop=None, step_delay: float | None = 0.6, seed: int = 7):
        self._step_delay = step_delay
        self.feedback = w.HTML()
        self.feedback.add_class("lsn-bg-tut-feedback")
        super().__init__(steps, bot_delay=None, loop=loop, seed=seed)
        self.header.add_class("lsn-bg-tut-head")
        self.card.children = (w.HTML(TUTORIAL_CSS), *self.card.children[:-1], self.feedback, self.card.children[-1])
        self.show_me_button = self.show_button
        view = self.view
        view.move_filter = self.would_accept
        view.after_move = self._opponent

    # -- the page's hooks ----------------------------------------------------------------
    def make_app(self, *, bot_delay, loop):
        spec = dataclasses.replace(GAME, bots={**GAME.bots, TUTOR: lambda seed=0: _Tutor(self)})
        return play_app(bot_delay=bot_delay, autosave=False, check_resume=False, step_delay=self._step_delay,
                        loop=loop, spec=spec)

    def state_for(self, step: Step):
        return state_for(step, seed=self.seed)

    def seats(self, step: Step) -> list[Seat]:
        return [Seat.human(), Seat(TUTOR)]

    def waits_for_goal(self, step: Step) -> bool:
        return step.check is not None

    def on_goal_met(self, step: Step) -> None:
        self.message("Well done! The goal is met.", "info")  # the done label below says why

    def go(self, index: int) -> None:
        self.message("", "info")
        super().go(index)
        step = self.step
        view = self.view
        view.sel_hand = view.sel_attacker = view.sel_target = None
        view.report.reset()
        state = self.state
        if state is not None and step.interactive and not self.waits_for_goal(step):
            # a board to look at: nothing to click
            view.update(ViewContext(session=self.app.session, view=state.player_view(ME), viewer=ME, legal=[],
                                    current_player=state.current_player, is_over=state.is_over))
        view.hint.layout.display = None if self.waits_for_goal(step) else "none"
        view.report.widget.layout.display = None if self.waits_for_goal(step) else "none"

    # -- what the tests and the board read -----------------------------------------------
    @property
    def view(self):
        return self.app.view

    @property
    def state(self):
        return self.app.session.state if self.app.session is not None else None

    @property
    def events(self) -> list:
        """The engine's events since the step began."""
        return list(self._events)

    def message(self, text: str, kind: str = "info") -> None:
        self.feedback.value = (f'<span class="lsn-msg-{kind}" role="status">{html.escape(text)}</span>'
                               if text else "")

    @property
    def feedback_text(self) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", self.feedback.value))

    def _draw(self) -> None:
        super()._draw()
        goal = self.text.value.partition("</div>")[2]
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in self.step.text.split("\n\n"))
        self.text.value = f"<div>{paragraphs}</div>{goal}"

    # -- the learner's moves -------------------------------------------------------------
    def act(self, action) -> bool:
        """Play the learner's move as the board does (refused with a reason when it does not fit)."""
        return self.view.act(action)

    def would_accept(self, actions: Sequence) -> bool:
        """Whether a run of moves (the board's Attack button plays two) fits the rules and the
        step's goal; shows why not."""
        state = self.state
        if self.is_done and self.waits_for_goal(self.step):
            self.message("This step is done: press Next (or start it again).", "warn")
            return False
        if state is None or not self.waits_for_goal(self.step) or state.current_player != ME:
            self.message("Nothing to play in this step: read it, then press Next.", "warn")
            return False
        probe = state.copy()
        for action in actions:
            try:
                probe.copy().apply(action)
            except IllegalAction as exc:
                self.message(illegal_message(exc), "error")
                return False
            why = goal_advice(self.step, action, probe)
            if why:
                self.message(f"That move is allowed, but not this step's goal. {why}", "warn")
                return False
            probe.apply(action)
        if not self.is_done:
            self.message("", "info")
        return True

    def _opponent(self) -> None:
        """Player 2 answers at once (the tutorial never waits for a bot)."""
        for _ in range(20):
            if self.is_done or not self.app.step():
                return
