"""The Livestock Uprising tutorial widget: the steps of
:mod:`livestock_notebooks.livestock_uprising.tutorial` on the real board.

Each step shows its rule in a few words and its goal beside the board, sets up its position (or
goes on from the previous one), and waits for the learner to play on the board (the same
:class:`LivestockView` as the game page). A move the rules forbid shows the engine's rule, one
off the step's goal says what the step asks (both in the error colour); *Next* waits for the
goal, *Skip* leaves it, *Show me* plays it. The page is the games' shared
:class:`~livestock_notebooks.widgets.shell.tutorial.TutorialPage`.
"""
from __future__ import annotations

from typing import Sequence

from ...livestock_uprising import actions as A
from ...livestock_uprising.tutorial import STEPS, Step, state_for
from ...core.session import Seat
from .app import play_app
from ..shell.tutorial import TutorialPage

__all__ = ["LivestockTutorial", "tutorial_app"]


class LivestockTutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()``,
    ``start_over()`` drive it from Python as the buttons do. The Chickens (seat 0) are the
    learner's; the Sensible bot plays the Cows."""

    accent = "#6d4c41"
    background = "#fffaf0"
    max_width = "1000px"
    column_width = "720px"  # the 7x7 board is under 600 px wide

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.8, loop=None, seed: int = 7):
        super().__init__(steps, bot_delay=bot_delay, loop=loop, seed=seed)
        self.app.view.board.on_click(self._barn_click)

    def _barn_click(self, square: str) -> None:
        """While placing barns, a click on a square where no barn may go asks the engine, which
        says which rule forbids it (the board alone would only say there is nothing to do)."""
        s = self.app.session
        if s is None or s.current_player != self.learner or getattr(s.state, "phase_name", None) != "barn":
            return
        action = A.PlaceBarn(square)
        if action not in s.state.legal_actions():
            self.app.act(action)

    def make_app(self, *, bot_delay, loop):
        return play_app(bot_delay=bot_delay, autosave=False, check_resume=False, headless=False, loop=loop)

    def state_for(self, step: Step):
        return state_for(step, seed=self.seed)

    def seats(self, step: Step) -> list[Seat]:
        return [Seat.human(), Seat("greedy")]

    def after_demo_action(self) -> None:
        battle = getattr(self.app.view, "battle", None)
        if battle is not None and battle.pending_attack is not None:
            battle.hide()


def tutorial_app(**options) -> LivestockTutorial:
    """The tutorial page (``notebooks/livestock_uprising_tutorial.ipynb``): every game's widgets have this entry point."""
    return LivestockTutorial(**options)
