"""The Space Pigs tutorial page: the steps of :mod:`livestock_notebooks.space_pigs.tutorial`
run on the real board (the same :class:`~.app.SpacePigsView` as the game page) by the shared
:class:`~livestock_notebooks.widgets.shell.tutorial.TutorialPage`.

A step says what to do beside the board, waits for the learner's move, shows the engine's rule
for a move the rules forbid and what the step asks for an allowed move off its goal (both in the
error colour, the move not played), and is complete when the engine's events meet the goal.
*Next* waits for the goal, *Skip* leaves it, *Show me* (the Greedy bot, steered) plays it. Seat 0
(P1) is the learner; P2 and P3 are Greedy bots, who play only on the steps that need them.
"""
from __future__ import annotations

import contextlib
from typing import Iterator, Sequence

from ...core.session import Seat
from ...space_pigs.tutorial import STEPS, Step, demo_for, state_for, step_by_key
from ..common.dom import set_classes
from ..shell.tutorial import TutorialPage
from .app import play_app

__all__ = ["STEPS", "Step", "SpacePigsTutorial", "state_for", "step_by_key", "tutorial_app"]


class SpacePigsTutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()`` and
    ``start_over()`` drive it from Python as the buttons do. ``app`` is the game shell under it."""

    accent = "#4527a0"
    play_query = "?from=tutorial&rules=simple_b&turns=4"  # what the last step recommends
    background = "#f7f4ff"
    max_width = "1100px"
    column_width = "640px"  # the map is about 630 px wide
    section_label = "Rulebook"
    read_hint = "Press Next to begin."
    move_hint = "Make your move on the board."
    show_tooltip = "Let the engine play your part"
    #: the clan displays under the map show powers, acorns and governors
    players_words = ("clan power", "acorn", "governor")

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.5, loop=None, seed: int = 7):
        super().__init__(steps, bot_delay=bot_delay, loop=loop, seed=seed)

    def go(self, index: int) -> None:
        """Open step ``index`` (the prompt hidden meanwhile: :meth:`_prompt_hidden`)."""
        with self._prompt_hidden():
            super().go(index)

    def show_me(self, max_actions: int | None = None) -> bool:
        """Play the step's worked answer (the prompt hidden meanwhile: :meth:`_prompt_hidden`)."""
        with self._prompt_hidden():
            return super().show_me(max_actions)

    @contextlib.contextmanager
    def _prompt_hidden(self) -> Iterator[None]:
        """On a phone the prompt pinned under the card is as tall as what it shows (SP_CSS): it
        is hidden (lsn-tut-switching) while a step is set up or its worked answer played, and
        shown again by a deferred call once their messages are out, so its parts do not jump as
        the prompts, buttons and messages of each move come in one by one."""
        prompt = getattr(self.app, "prompt_panel", None)
        if prompt is None:
            yield
            return
        set_classes(prompt, {"lsn-tut-switching": True})
        try:
            yield
        finally:
            self.app.defer(lambda: set_classes(prompt, {"lsn-tut-switching": False}))

    def make_app(self, *, bot_delay, loop):
        return play_app(bot_delay=bot_delay, autosave=False, check_resume=False, headless=False, loop=loop)

    def state_for(self, step: Step):
        return state_for(step, seed=self.seed)

    def seats(self, step: Step) -> list[Seat]:
        return [Seat.human(), Seat("greedy"), Seat("greedy")]

    def start_events(self, step: Step, state) -> list:
        """A prepared position may start inside a combat: its first round counts and shows."""
        events = list(getattr(state, "start_events", []) or [])
        self.app.view.start_events(events)
        return events

    def demo_for(self, step: Step):
        """The Greedy bot plays the learner's part, steered where the step asks for a precise move."""
        return demo_for(step, self.seed)


def tutorial_app(**options) -> SpacePigsTutorial:
    """The tutorial page (``notebooks/space_pigs_tutorial.ipynb``): every game's widgets have this entry point."""
    return SpacePigsTutorial(**options)
