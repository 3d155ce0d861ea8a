"""The Livestock Uprising tutorial widget: the steps of
:mod:`livestock_notebooks.livestock_uprising.tutorial` on the real board.

Each step shows its rule in a few words and its goal, sets up its position, and waits for the
learner to play on the board (the same :class:`LivestockView` as the game page). A wrong move
shows the engine's own rule message; the step is complete when the engine's events meet the
goal. *Back*, *Next*, *Show me* (the engine plays a worked answer) and *Start over* are always
there. The page itself is the games' shared :class:`~.tutorial.TutorialPage`.
"""
from __future__ import annotations

from typing import Sequence

from ...livestock_uprising.tutorial import STEPS, Step, state_for
from ...core.session import Seat
from .app import livestock_app
from ..shell.tutorial import TutorialPage

__all__ = ["LivestockTutorial"]


class LivestockTutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()``,
    ``start_over()`` drive it from Python as the buttons do. The Chickens (seat 0) are the
    learner's; the Sensible bot plays the Cows."""

    accent = "#6d4c41"
    background = "#fffaf0"
    max_width = "1000px"

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.8, loop=None, seed: int = 7):
        super().__init__(steps, bot_delay=bot_delay, loop=loop, seed=seed)

    def make_app(self, *, bot_delay, loop):
        return livestock_app(bot_delay=bot_delay, autosave=False, check_resume=False, headless=False, loop=loop)

    def state_for(self, step: Step):
        return state_for(step, seed=self.seed)

    def seats(self, step: Step) -> list[Seat]:
        return [Seat.human(), Seat("greedy")]

    def after_demo_action(self) -> None:
        battle = getattr(self.app.view, "battle", None)
        if battle is not None and battle.pending_attack is not None:
            battle.hide()
