"""The BattleGoats tutorial page: the steps of :mod:`livestock_notebooks.battlegoats.tutorial` on
the real board (the play page's :class:`~.board.BattleGoatsView`), run by the games' shared
:class:`~livestock_notebooks.widgets.shell.tutorial.TutorialPage`.

Every step starts from its position (or goes on from the previous one) and states its goal
beside the board; the learner plays there. A move the rules forbid shows the engine's rule; an
allowed move that is not the step's goal is not played and the prompt says what the step asks
(both in the error colour). *Next* waits for the goal, *Skip* leaves it, *Show me* plays it. The
opponent (Player 2) answers, from the step's script or as the smart bot, only on the steps
that need it. Steps without a goal show the board to look at only. ::

    from livestock_notebooks.widgets.battlegoats.tutorial import Tutorial
    Tutorial()
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

from ...battlegoats import GAME
from ...battlegoats.tutorial import ME, STEPS, Step, reply, state_for, value_in_slot
from ...core.session import Seat
from ..shell.app import ViewContext
from ..shell.tutorial import TutorialPage
from .app import play_app
from ..common.dom import set_layout

__all__ = ["STEPS", "Step", "Tutorial", "value_in_slot", "tutorial_app"]

#: The seat kind of the scripted opponent (a bot of the tutorial's own game description).
TUTOR = "tutor"

class _Tutor:
    """Player 2 of the tutorial: the current step's scripted answer, else the smart bot's."""

    def __init__(self, page: "Tutorial"):
        self.page = page

    def choose(self, state):
        return reply(self.page.step, state)


class Tutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``skip()``,
    ``show_me()`` and the buttons drive it from Python; ``view`` is the board (click it as a
    learner would)."""

    prefix = "lsn-bg-tut"
    accent = "#ef6c00"
    background = "#fffdf8"
    max_width = "1100px"
    column_width = "760px"  # the board is 380 px wide: the card takes the room beside it
    section_label = "Rulebook"
    read_hint = "Read, look at the board, then press Next."
    show_tooltip = "Play the step's answer"
    always_parts = ("hand",)  # your cards are the game: every step shows them

    def __init__(self, steps: Sequence[Step] = STEPS, *, loop=None, step_delay: float | None = 0.6, seed: int = 7,
                 bot_delay: float | None = None):
        self._step_delay = step_delay
        super().__init__(steps, bot_delay=bot_delay, loop=loop, seed=seed)
        self.header.add_class("lsn-bg-tut-head")
        self.show_me_button = self.show_button
        self.view.move_filter = self.would_accept  # the Attack button plays two moves: both are checked first

    # -- the page's hooks ----------------------------------------------------------------
    def make_app(self, *, bot_delay, loop):
        spec = dataclasses.replace(GAME, bots={**GAME.bots, TUTOR: lambda seed=0: _Tutor(self)})
        return play_app(bot_delay=bot_delay, autosave=False, check_resume=False, step_delay=self._step_delay,
                        loop=loop, spec=spec)

    def state_for(self, step: Step):
        return state_for(step, seed=self.seed)

    def seats(self, step: Step) -> list[Seat]:
        return [Seat.human(), Seat(TUTOR)]

    def on_goal_met(self, step: Step) -> None:
        self.message("Well done! The goal is met.", "info")  # the done label says why

    def go(self, index: int) -> None:
        view = self.app.view
        fresh = not (self.steps[max(0, min(index, len(self.steps) - 1))].continues and index == self.index + 1)
        if fresh:
            view.sel_hand = view.sel_attacker = view.sel_target = None
            view.report.reset()
        super().go(index)
        step = self.step
        state = self.state
        if state is not None and step.interactive and not self.waits_for_goal(step):
            # a board to look at: nothing to click
            view.update(ViewContext(session=self.app.session, view=state.player_view(ME), viewer=ME, legal=[],
                                    current_player=state.current_player, is_over=state.is_over))
        set_layout(view.hint, display=None if self.waits_for_goal(step) else "none")
        set_layout(view.report.widget, display=None if self.waits_for_goal(step) else "none")

    @property
    def view(self):
        return self.app.view


def tutorial_app(**options) -> Tutorial:
    """The tutorial page (``notebooks/battlegoats_tutorial.ipynb``): every game's widgets have this entry point."""
    return Tutorial(**options)
