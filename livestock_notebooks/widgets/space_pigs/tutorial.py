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

import ipywidgets as w

from ...core.session import Seat
from ...space_pigs.tutorial import STEPS, Step, demo_for, state_for, step_by_key
from ..common.dom import set_classes
from ..shell.tutorial import TutorialPage
from .app import play_app

__all__ = ["STEPS", "Step", "SpacePigsTutorial", "TUTORIAL_CSS", "state_for", "step_by_key", "tutorial_app"]

#: the tutorial's screen at 1366x768 and wider: everything a step needs on the first screen.
#: The prompt keeps the room of its parts with two rows of actions (232 px; a smaller box made
#: them scroll). Under the card and the prompt the side fills what is left of the window in two
#: columns: the hand left (one card wide; both columns when no dialog or log shows) and the log
#: right. A dialog (combat, trip tools, election) lies over the right column from the prompt's
#: top (-238 px: the prompt and the row gap) down, over the prompt's right part, so that even
#: the largest (a combat box with its rounds) ends on the screen with the hand's cards beside
#: it; the prompt's buttons are drawn over it. Placed under the hand, a dialog opened below the
#: window; grown up from the window's foot, it moved with every change in it.
TUTORIAL_CSS = """
<style>
@media (min-width: 761px) {
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt:has(.lsn-sp-prompt) { height: 232px; min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions { min-height: 34px; }
  .lsn-tutorial .lsn-app .lsn-screen:has(.lsn-sp-board) { height: calc(100vh - 71px); min-height: 600px;
    grid-template-rows: auto minmax(0, 1fr); }
  .lsn-tutorial .lsn-app .lsn-screen > .lsn-side:has(> .lsn-sp-handbox) { align-self: stretch; min-height: 0;
    display: grid !important; overflow: visible !important; column-gap: 8px;
    grid-template-columns: 186px minmax(0, 1fr); grid-template-rows: auto minmax(0, 1fr); }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-sp-handbox.lsn-hand { grid-column: 1; grid-row: 1 / 3; height: auto;
    max-height: none; min-height: 0; margin: 0; }
  /* cards a little wider than on the play page: the longest event card's text (Planet
     displacement, Extra move) in the hand box's room, none cut at its foot */
  .lsn-tutorial .lsn-app .lsn-sp-handbox .widget-button.lsn-sp-card { width: 176px !important; }
  /* the hand's title and its hint line whole in the title's 2.5em (two lines of 1.4 were cut) */
  .lsn-tutorial .lsn-app .lsn-sp-handbox > .widget-html:first-child > .widget-html-content { line-height: 1.2; }
  /* no dialog open and no log shown: the hand takes both columns (four cards in sight, not one) */
  .lsn-tutorial .lsn-app .lsn-side:not(:has(> .lsn-log:not(.lsn-tut-unused))):not(:has(
      > .lsn-dialogs > .lsn-sp-tools:not([style*="display: none"]),
      > .lsn-dialogs > .lsn-sp-election:not([style*="display: none"]),
      > .lsn-dialogs > .lsn-sp-combatbox > :not([style*="display: none"]))) > .lsn-sp-handbox.lsn-hand {
    grid-column: 1 / 3; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .widget-html:not(.lsn-log) { grid-column: 2; grid-row: 1; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .widget-html:not(.lsn-log) .lsn-section-title { margin-top: 0; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .lsn-log { grid-column: 2; grid-row: 2; min-height: 0; margin: 0; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .lsn-log > .lsn-log-scroll { height: 100%; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) .lsn-log-scroll { height: 100%; max-height: none !important; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .lsn-dialogs { top: -238px; left: 194px; right: 0; }
  /* the prompt's buttons (Done, Stay, Flee, Fight on, the votes: the step's answers) and Hint
     over a dialog where one reaches under it: each stays whole and clickable */
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt .lsn-actions .widget-button:not(.lsn-bot-hint) {
    position: relative; z-index: 13; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt .lsn-actions > .lsn-bot-hint { z-index: 13; }
}
/* a laptop's short window (a 768 px screen less the browser's bars): the screen as tall as the
   window (not 600 px at least); the card's column wider (800 px: the map, sized by the height,
   needs less) and the card's and the combat box's type a size smaller, so the card is shorter;
   the hand's title on one line and its column wider (246 px), its cards too (236 px), so the
   longest event card's text takes fewer lines. The hand's tallest card and the combat box down
   to "Fight to the end" then end on the first screen, the prompt keeping its 232 px. */
@media (min-width: 761px) and (max-height: 719px) {
  .lsn-tutorial .lsn-app .lsn-screen:has(.lsn-sp-board) { min-height: 0;
    grid-template-columns: minmax(0, 1fr) minmax(300px, 800px); }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-tut-card { --jp-widgets-font-size: 12px; font-size: 12px; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-dialogs > .lsn-sp-combatbox { --jp-widgets-font-size: 12px; font-size: 12px; }
  .lsn-tutorial .lsn-app .lsn-screen > .lsn-side:has(> .lsn-sp-handbox) { grid-template-columns: 246px minmax(0, 1fr); }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-sp-handbox) > .lsn-dialogs { left: 254px; }
  .lsn-tutorial .lsn-app .lsn-sp-handbox .widget-button.lsn-sp-card { width: 236px !important; }
  .lsn-tutorial .lsn-app .lsn-sp-handbox > .widget-html:first-child { height: 1.4em; }
  .lsn-tutorial .lsn-app .lsn-sp-handbox > .widget-html:first-child .widget-html-content > div {
    display: inline; margin-right: 0.5em; }
}
</style>
"""


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
        self.widget.children = (self.style, w.HTML(TUTORIAL_CSS), *self.widget.children[1:])

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
