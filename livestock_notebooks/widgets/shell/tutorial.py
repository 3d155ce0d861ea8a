"""The tutorial page the games share: a card over the game's own page (its :class:`GameApp`).

The card shows a progress strip (one chip per step), the step's header, its rule and goal, a
done label, and *Back*, *Next*, *Show me* and *Start over*. Each interactive step sets up its
position on the real board; the learner plays there, a move the rules forbid shows the
engine's own rule message, and the step is complete when the engine's events since it began
meet its goal (:meth:`livestock_notebooks.core.tutorial.Step.done`).

A game's page subclasses :class:`TutorialPage` and fills in the hooks: :meth:`make_app` (its
game page, bots included), :meth:`state_for` (the step's engine state), :meth:`seats` (who
plays), and if it needs them :meth:`start_events` (extra set-up per step), :meth:`demo_for`
(the worked answer) and :meth:`after_demo_action`. Looks come from class attributes: the CSS
class ``prefix`` (``lsn-tut``), the ``accent`` colour and the card's ``background``.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as w

from ...core.protocol import Action
from ...core.session import Seat
from ...core.tutorial import Step

__all__ = ["TutorialPage", "tutorial_css"]


def tutorial_css(accent: str, *, background: str = "#fffaf0", max_width: str = "1000px",
                 prefix: str = "lsn-tut") -> str:
    """The card's style: ``accent`` colours its border and the current step's chip."""
    return f"""
<style>
.{prefix}-card {{ border: 2px solid {accent}; border-radius: 8px; padding: 8px 12px; background: {background}; max-width: {max_width}; }}
.{prefix}-card .widget-html-content {{ line-height: 1.45; }}
.{prefix}-progress span {{ display: inline-block; min-width: 1.6em; text-align: center; border-radius: 10px;
  margin-right: 2px; font-size: 0.8em; padding: 1px 4px; background: #eee; color: #555; }}
.{prefix}-progress span.{prefix}-now {{ background: {accent}; color: #fff; }}
.{prefix}-progress span.{prefix}-ok {{ background: #2e7d32; color: #fff; }}
.{prefix}-goal {{ font-weight: 600; margin-top: 4px; }}
.{prefix}-done-ok {{ color: #1b5e20; font-weight: 600; }}
</style>
"""


class TutorialPage:
    """A tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()`` and
    ``start_over()`` drive it from Python as the buttons do. ``app`` is the game page under it;
    ``completed`` holds the keys of the steps done."""

    #: CSS class prefix of the card's parts (``<prefix>-next``, ``<prefix>-header``, ...)
    prefix = "lsn-tut"
    accent = "#6d4c41"
    background = "#fffaf0"
    max_width = "1000px"
    #: the words before the rulebook section in the header
    section_label = "Rulebook section"
    #: the done label of a reading step, and of a step waiting for the learner
    read_hint = "Press Next to continue."
    move_hint = "Make the move on the board below."
    show_tooltip = "Let the engine play the move"
    #: seat of the learner
    learner = 0
    #: the most actions *Show me* plays, and whether it also plays the bots' turns meanwhile
    show_me_actions = 12
    show_me_runs_bots = False
    #: whether *Next* waits until the goal of a step that has one is met
    next_needs_goal = False

    def __init__(self, steps: Sequence[Step], *, bot_delay: float | None, loop=None, seed: int = 7):
        self.steps = list(steps)
        self.seed = seed
        self.index = 0
        self.completed: set[str] = set()
        self._events: list = []
        self._met = False
        self.app = self.make_app(bot_delay=bot_delay, loop=loop)
        # a tutorial has no setup screen, saves or seeds to replay: only the game itself
        for part in (self.app.setup_box, self.app.save_box, self.app.headless_box, self.app.new_game_button,
                     self.app.title, self.app.resume_box, self.app.seed_note):
            part.layout.display = "none"
        self.app.on_change(self._changed)

        p = self.prefix
        self.style = w.HTML(tutorial_css(self.accent, background=self.background, max_width=self.max_width,
                                         prefix=p))
        self.progress = w.HTML()
        self.progress.add_class(f"{p}-progress")
        self.header = w.HTML()
        self.header.add_class(f"{p}-header")
        self.text = w.HTML()
        self.text.add_class(f"{p}-text")
        self.done_label = w.HTML()
        self.done_label.add_class(f"{p}-done")
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.back_button.add_class(f"{p}-back")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary")
        self.next_button.add_class(f"{p}-next")
        self.next_button.on_click(lambda _b: self.next())
        self.show_button = w.Button(description="Show me", icon="magic", tooltip=self.show_tooltip)
        self.show_button.add_class(f"{p}-show")
        self.show_button.on_click(lambda _b: self.show_me())
        self.reset_button = w.Button(description="Start over", icon="redo", tooltip="Set this step up again")
        self.reset_button.add_class(f"{p}-reset")
        self.reset_button.on_click(lambda _b: self.start_over())
        nav = w.HBox([self.back_button, self.next_button, self.show_button, self.reset_button],
                     layout=w.Layout(grid_gap="6px", margin="6px 0"))
        card = w.VBox([self.progress, self.header, self.text, self.done_label, nav])
        card.add_class(f"{p}-card")
        self.card = card
        self.widget = w.VBox([self.style, card, self.app.widget])
        self.widget.add_class("lsn-tutorial")
        self.go(0)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- hooks a game fills in ----------------------------------------------------------------
    def make_app(self, *, bot_delay: float | None, loop):
        """The game page the steps are played on (a :class:`GameApp`, no autosave)."""
        raise NotImplementedError

    def state_for(self, step: Step):
        """A fresh engine state for the interactive ``step``."""
        raise NotImplementedError

    def seats(self, step: Step) -> list[Seat]:
        """Who plays ``step``: the learner's seat is human, the others bots."""
        raise NotImplementedError

    def start_events(self, step: Step, state) -> list:
        """Set-up before ``step`` starts on ``state``; returns events that already count
        towards its goal (none by default)."""
        return []

    def demo_for(self, step: Step) -> Callable[[Any], Action | None] | None:
        """The worked answer *Show me* plays: ``demo(state)`` gives the learner's next move."""
        return step.demo

    def after_demo_action(self) -> None:
        """Called after each move *Show me* plays (to close a panel a click would have closed)."""

    def waits_for_goal(self, step: Step) -> bool:
        """Whether ``step`` waits for the learner to meet a goal (default: every step with a
        board); a game may also show a board on a step that is only read."""
        return step.interactive

    def on_goal_met(self, step: Step) -> None:
        """Called once when the goal of ``step`` is met (a page may say more than the done label)."""

    # -- navigation ------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based) and set its position up."""
        self.index = max(0, min(index, len(self.steps) - 1))
        step = self.step
        self._events = []
        self._met = False
        if step.interactive:
            state = self.state_for(step)
            self._events = list(self.start_events(step, state))
            self.app.start_state(state, self.seats(step), message=f"Tutorial: {step.title}", autosave=False)
            self.app.widget.layout.display = None
        else:
            self.app.cancel_bot_tick()
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

    def show_me(self, max_actions: int | None = None) -> bool:
        """The engine plays a worked answer of this step (the learner's moves; the bots' too
        when ``show_me_runs_bots``) until the goal is met."""
        step = self.step
        demo = self.demo_for(step) if step.interactive else None
        if demo is None or self.app.session is None:
            return False
        for _ in range(self.show_me_actions if max_actions is None else max_actions):
            session = self.app.session
            if self.is_done or session is None or session.state.is_over:
                break
            if self.show_me_runs_bots and session.is_bot_turn:
                if not self.app.step():
                    break
                continue
            if session.current_player != self.learner:
                break
            action = demo(session.state)
            if action is None or not self.app.act(action):
                break
            self.after_demo_action()
        if not self.is_done:
            self.app.message("Start over to try this step again.", "info")
        return self.is_done

    # -- goals --------------------------------------------------------------------------------
    @property
    def is_done(self) -> bool:
        return True if not self.waits_for_goal(self.step) else self._met

    def _changed(self, app, events) -> None:
        step = self.step
        if not step.interactive or app.session is None:
            return
        for e in events:
            if not any(e is seen for seen in self._events):
                self._events.append(e)
        met = step.done(self._events, app.session.state)
        newly = met and not self._met
        if newly:
            self.completed.add(step.key)
        self._met = self._met or met
        if newly:
            self.on_goal_met(step)
        self._draw_done()

    def _draw(self) -> None:
        step = self.step
        p = self.prefix
        if not self.waits_for_goal(step):
            self.completed.add(step.key)
        chips = []
        for i, s in enumerate(self.steps):
            cls = f"{p}-now" if i == self.index else (f"{p}-ok" if s.key in self.completed else "")
            chips.append(f'<span class="{cls}" title="{html.escape(s.title)}">{i + 1}</span>')
        self.progress.value = "".join(chips)
        self.header.value = (f'<h3 style="margin:0.2em 0">Step {self.index + 1} of {len(self.steps)}: '
                             f'{html.escape(step.title)}</h3>'
                             f'<div style="color:#666;font-size:0.85em">{html.escape(self.section_label)}: '
                             f'{html.escape(step.section)}</div>')
        goal = f'<div class="{p}-goal">Your goal: {html.escape(step.goal)}</div>' if step.goal else ""
        self.text.value = f"<div>{html.escape(step.text)}</div>{goal}"
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.show_button.disabled = not self.waits_for_goal(step)
        self.reset_button.disabled = not step.interactive
        self._draw_done()

    def _draw_done(self) -> None:
        step = self.step
        if self.next_needs_goal:
            self.next_button.disabled = self.index == len(self.steps) - 1 or not self.is_done
        if not self.waits_for_goal(step):
            self.done_label.value = f'<div style="color:#555">{html.escape(self.read_hint)}</div>'
            self.next_button.button_style = "primary"
            return
        if self._met:
            self.done_label.value = (f'<div class="{self.prefix}-done-ok">\u2714 {html.escape(step.praise)} '
                                     'Press Next for the next step.</div>')
            self.next_button.button_style = "success"
        else:
            self.done_label.value = f'<div style="color:#555">{html.escape(self.move_hint)}</div>'
            self.next_button.button_style = "primary"
