"""The Livestock Uprising tutorial widget: the steps of
:mod:`livestock_notebooks.livestock_uprising_tutorial` on the real board.

Each step shows its rule in a few words and its goal, sets up its position, and waits for the
learner to play on the board (the same :class:`LivestockView` as the game page). A wrong move
shows the engine's own rule message; the step is complete when the engine's events meet the
goal. *Back*, *Next*, *Show me* (the engine plays a worked answer) and *Start over* are always
there.
"""
from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

from ..livestock_uprising_tutorial import STEPS, Step, state_for
from ..session import Seat
from .livestock_app import livestock_app

__all__ = ["LivestockTutorial"]

TUTORIAL_CSS = """
<style>
.lsn-tut-card { border: 2px solid #6d4c41; border-radius: 8px; padding: 8px 12px; background: #fffaf0; max-width: 1000px; }
.lsn-tut-card .widget-html-content { line-height: 1.45; }
.lsn-tut-progress span { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 10px;
  margin-right: 2px; font-size: 0.8em; padding: 1px 4px; background: #eee; color: #555; }
.lsn-tut-progress span.lsn-tut-now { background: #6d4c41; color: #fff; }
.lsn-tut-progress span.lsn-tut-ok { background: #2e7d32; color: #fff; }
.lsn-tut-goal { font-weight: 600; margin-top: 4px; }
.lsn-tut-done-ok { color: #1b5e20; font-weight: 600; }
</style>
"""


class LivestockTutorial:
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()``,
    ``start_over()`` drive it from Python as the buttons do."""

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.8, loop=None, seed: int = 7):
        self.steps = list(steps)
        self.seed = seed
        self.index = 0
        self.completed: set[str] = set()
        self._events: list = []
        self.app = livestock_app(bot_delay=bot_delay, autosave=False, check_resume=False, headless=False, loop=loop)
        for part in (self.app.setup_box, self.app.save_box, self.app.headless_box, self.app.new_game_button,
                     self.app.title, self.app.resume_box):
            part.layout.display = "none"
        self.app.on_change(self._changed)

        self.style = w.HTML(TUTORIAL_CSS)
        self.progress = w.HTML()
        self.progress.add_class("lsn-tut-progress")
        self.header = w.HTML()
        self.header.add_class("lsn-tut-header")
        self.text = w.HTML()
        self.text.add_class("lsn-tut-text")
        self.done_label = w.HTML()
        self.done_label.add_class("lsn-tut-done")
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.back_button.add_class("lsn-tut-back")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary")
        self.next_button.add_class("lsn-tut-next")
        self.next_button.on_click(lambda _b: self.next())
        self.show_button = w.Button(description="Show me", icon="magic", tooltip="Let the engine play the move")
        self.show_button.add_class("lsn-tut-show")
        self.show_button.on_click(lambda _b: self.show_me())
        self.reset_button = w.Button(description="Start over", icon="redo", tooltip="Set this step up again")
        self.reset_button.add_class("lsn-tut-reset")
        self.reset_button.on_click(lambda _b: self.start_over())
        nav = w.HBox([self.back_button, self.next_button, self.show_button, self.reset_button],
                     layout=w.Layout(grid_gap="6px", margin="6px 0"))
        card = w.VBox([self.progress, self.header, self.text, self.done_label, nav])
        card.add_class("lsn-tut-card")
        self.widget = w.VBox([self.style, card, self.app.widget])
        self.widget.add_class("lsn-tutorial")
        self.go(0)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- navigation ------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based) and set up its position."""
        self.index = max(0, min(index, len(self.steps) - 1))
        step = self.step
        self._events = []
        if step.interactive:
            state = state_for(step, seed=self.seed)
            self.app.start_state(state, [Seat.human(), Seat("Sensible")], message=f"Tutorial: {step.title}",
                                 autosave=False)
            self.app.widget.layout.display = None
        else:
            self.app._ticker.cancel()
            self.app.view.clear()
            self.app.widget.layout.display = "none"
        self._draw()

    def next(self) -> None:
        if self.index < len(self.steps) - 1:
            self.go(self.index + 1)

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def start_over(self) -> None:
        self.go(self.index)

    def show_me(self) -> bool:
        """The engine plays a worked answer of this step (the learner's moves only)."""
        step = self.step
        if not step.interactive or step.demo is None:
            return False
        session = self.app.session
        for _ in range(12):
            if self.is_done or session is None or session.state.is_over:
                break
            if session.current_player != 0:
                break
            action = step.demo(session.state)
            if action is None or not self.app.act(action):
                break
            if getattr(self.app.view, "battle", None) is not None and self.app.view.battle.pending_attack is not None:
                self.app.view.battle.hide()
        if not self.is_done:
            self.app.message("Start over to try this step again.", "info")
        return self.is_done

    # -- goals --------------------------------------------------------------------------------
    @property
    def is_done(self) -> bool:
        return self.step.key in self.completed if not self.step.interactive else self._met

    _met = False

    def _changed(self, app, events) -> None:
        step = self.step
        if not step.interactive or app.session is None:
            return
        for e in events:
            if not any(e is seen for seen in self._events):
                self._events.append(e)
        met = step.done(self._events, app.session.state)
        if met and not self._met:
            self.completed.add(step.key)
        self._met = met
        self._draw_done()

    def _draw(self) -> None:
        step = self.step
        self._met = step.key in self.completed and not step.interactive
        if not step.interactive:
            self.completed.add(step.key)
            self._met = True
        chips = []
        for i, s in enumerate(self.steps):
            cls = "lsn-tut-now" if i == self.index else ("lsn-tut-ok" if s.key in self.completed else "")
            chips.append(f'<span class="{cls}" title="{html.escape(s.title)}">{i + 1}</span>')
        self.progress.value = "".join(chips)
        self.header.value = (f'<h3 style="margin:0.2em 0">Step {self.index + 1} of {len(self.steps)}: '
                             f'{html.escape(step.title)}</h3>'
                             f'<div style="color:#666;font-size:0.85em">Rulebook section: {html.escape(step.section)}</div>')
        goal = f'<div class="lsn-tut-goal">Your goal: {html.escape(step.goal)}</div>' if step.goal else ""
        self.text.value = f"<div>{html.escape(step.text)}</div>{goal}"
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.show_button.disabled = not step.interactive
        self.reset_button.disabled = not step.interactive
        self._draw_done()

    def _draw_done(self) -> None:
        step = self.step
        if not step.interactive:
            self.done_label.value = '<div style="color:#555">Press Next to continue.</div>'
            return
        if self._met:
            self.done_label.value = (f'<div class="lsn-tut-done-ok">\u2714 {html.escape(step.praise)} '
                                     'Press Next for the next step.</div>')
            self.next_button.button_style = "success"
        else:
            self.done_label.value = '<div style="color:#555">Make the move on the board below.</div>'
            self.next_button.button_style = "primary"
