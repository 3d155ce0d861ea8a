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

import ipywidgets as w

from ...livestock_uprising import actions as A
from ...livestock_uprising.tutorial import STEPS, Step, state_for
from ...core.session import Seat
from .app import play_app
from .board import wide_tile_css
from ..shell.tutorial import TutorialPage

__all__ = ["LivestockTutorial", "TUTORIAL_CSS", "tutorial_app"]

#: the tutorial's screen at 1366x768 and wider: everything a step needs on the first screen. The
#: card and the prompt (as high as its parts: at this column's width the actions take one row)
#: fill the top of the right column; under them the side fills what is left of the window: the
#: hand (the Generals beside the command cards, the marshalling panel over the cards) or the
#: armies (the troops' food icons the harvest step reads), both in one place as a step shows
#: one or the other, and the log beside them; a dialog lies over the side from its foot up (over
#: the prompt's foot when it is taller), so its main button is on the screen; the farm's tiles
#: are sized for the room the card's column leaves (at 1280 px its last column was cut)
#: the card's column on a wide screen (the farm takes the rest: its tiles are sized for it)
TUTORIAL_COLUMN = 720
TUTORIAL_CSS = """
<style>
@media (min-width: 761px) {
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt { height: 15.4em; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions { min-height: 34px; }
  .lsn-tutorial .lsn-app .lsn-screen { height: calc(100vh - 86px); min-height: 620px;
    grid-template-rows: auto minmax(0, 1fr); }
  .lsn-tutorial .lsn-app .lsn-screen > .lsn-side { align-self: stretch; min-height: 0; display: grid !important;
    overflow: visible !important;
    grid-template-columns: minmax(0, 1fr) 14em; grid-template-rows: auto minmax(0, 1fr); column-gap: 8px; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand, .lsn-tutorial .lsn-app .lsn-side > .lsn-players {
    grid-column: 1; grid-row: 1 / 3; height: auto; max-height: none; min-height: 0; overflow-y: auto; margin: 0; }
  .lsn-tutorial .lsn-app .lsn-side > .widget-html:not(.lsn-log) { grid-column: 2; grid-row: 1; }
  .lsn-tutorial .lsn-app .lsn-side > .widget-html:not(.lsn-log) .lsn-section-title { margin-top: 0; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-log { grid-column: 2; grid-row: 2; min-height: 0; margin: 0; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-log > .lsn-log-scroll { height: 100%; }
  .lsn-tutorial .lsn-app .lsn-side .lsn-log-scroll { height: 100%; max-height: none !important; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-dialogs { top: auto; bottom: 0; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand { display: grid !important; align-items: start; column-gap: 6px;
    grid-template-columns: minmax(0, 11.5em) minmax(0, 1fr); }
  .lsn-tutorial .lsn-app .lsn-side .lsn-cards { grid-template-columns: repeat(auto-fill, minmax(165px, 1fr)); }
  .lsn-tutorial .lsn-app .lsn-side .lsn-card.widget-vbox { justify-content: flex-start; }  /* plays under the text */
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand > .lsn-generals-panel { grid-column: 1; grid-row: 1; height: auto; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand > .lsn-hand-panel,
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand > .lsn-marshal-panel { grid-column: 2; grid-row: 1; }
  .lsn-tutorial .lsn-app .lsn-side > .lsn-hand > .lsn-marshal-panel { position: relative; top: 0; min-height: 100%; }
""" + wide_tile_css(".lsn-tutorial ", beside=TUTORIAL_COLUMN + 54) + """
}
/* a laptop's short window (a 768 px screen less the browser's bars): the screen as tall as the
   window (not 620 px at least), the card's type a size smaller, and on a step without the log the
   hand takes the log's room too, the marshalling buttons side by side in it, so what a step asks
   for stays on the first screen (two steps' rows still run past it: the tests' LAPTOP_GAPS) */
@media (min-width: 761px) and (max-height: 719px) {
  .lsn-tutorial .lsn-app .lsn-screen { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-tut-card { --jp-widgets-font-size: 12px; font-size: 12px; }
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-log.lsn-tut-unused) > .lsn-hand { grid-column: 1 / 3; }
  .lsn-tutorial .lsn-app .lsn-side .lsn-marshal-box, .lsn-tutorial .lsn-app .lsn-side .lsn-transfer-box {
    flex-flow: row wrap !important; }
}
/* on a phone the prompt (pinned to the foot of the screen) keeps the room of its parts, and
   grows past it rather than scroll a sentence inside it (it was 17em for 256 px of parts) */
@media (max-width: 760px) {
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt { height: auto; min-height: 20em; overflow: visible !important; }
}
</style>
"""


class LivestockTutorial(TutorialPage):
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()``,
    ``start_over()`` drive it from Python as the buttons do. The Chickens (seat 0) are the
    learner's; the Sensible bot plays the Cows."""

    accent = "#6d4c41"
    background = "#fffaf0"
    max_width = "1000px"
    column_width = f"{TUTORIAL_COLUMN}px"  # the 7x7 board is under 600 px wide at 1366

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.8, loop=None, seed: int = 7):
        super().__init__(steps, bot_delay=bot_delay, loop=loop, seed=seed)
        app = self.app
        # the armies beside the board's foot would sit below the first screen: in the side
        # (TUTORIAL_CSS; on a phone it comes after the log, where it came before)
        players = app.regions.players
        if players is not None and any(c is players for c in app.board_col.children):
            app.board_col.children = tuple(c for c in app.board_col.children if c is not players)
            app.side.children = (*app.side.children, players)
        self.widget.children = (self.style, w.HTML(TUTORIAL_CSS), *self.widget.children[1:])
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
