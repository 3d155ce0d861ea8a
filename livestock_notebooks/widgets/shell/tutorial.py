"""The tutorial page the games share: the game's own screen (its :class:`GameApp`) with fewer
parts, and a step card beside the board, just above the prompt.

One model for every game's tutorial (steps are :class:`~livestock_notebooks.core.tutorial.Step`):

- A step with a goal (``check``) waits: *Next* stays disabled until the engine's events since
  the step began meet the goal; *Skip* leaves it without; *Show me* plays the worked answer.
- Every move of the board passes the step first: a move the rules forbid shows the engine's
  rule, and one the rules allow but that is not the step's goal (``step.advice``) is not
  played; both are said in the error colour in the prompt, and the goal stays reachable.
- The other seats' bots play only on a step with ``bots=True``, and only until its goal is
  met (a ``fresh`` first game carries on).
- A step with ``continues=True`` goes on from the board the previous step left; reached from
  elsewhere (Back, Skip, a jump), the previous step is set up and its worked answer played.
- The page shows only what a step needs: no setup screen, saves, menu, help, undo or new game;
  a reading step (no board) shows the card alone.

A game's page subclasses :class:`TutorialPage` and fills in the hooks: :meth:`make_app` (its
game page), :meth:`state_for` (the step's engine state), :meth:`seats` (who plays), and if it
needs them :meth:`start_events` (extra set-up per step), :meth:`demo_for` (the worked answer)
and :meth:`after_demo_action`. Looks come from class attributes: the CSS class ``prefix``
(``lsn-tut``), the ``accent`` colour and the card's ``background``.

The page reaches the app's moves by wrapping the app's ``act`` (every board move goes through
it), and moves its card next to ``app.prompt_panel`` in ``app.view_box``.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as w

from ...links import page_href
from ...core.errors import IllegalAction
from ...core.protocol import Action
from ...core.session import Seat
from ...core.tutorial import Step
from ..common.dom import hide, plain_text, set_classes, set_layout, shared_defaults, show
from .views import illegal_message

__all__ = ["TutorialPage", "tutorial_css"]

#: the parts of the play screen a tutorial step shows only when it needs them (see TutorialPage.parts_for)
OPTIONAL_PARTS = ("hand", "log", "players")
#: the app's parts a tutorial never shows (setup, saves, menu, help, new game, undo)
HIDDEN_PARTS = ("setup_box", "save_box", "new_game_button", "resume_box", "seed_note",
                "help_button", "help_box", "menu_button", "menu_box", "confirm_box", "undo_button")


def tutorial_css(accent: str, *, background: str = "#fffaf0", max_width: str = "1000px",
                 prefix: str = "lsn-tut", column_width: str = "440px") -> str:
    """The card's style: ``accent`` colours its border and the current step's chip;
    ``column_width`` is the widest the card's column gets on a wide screen."""
    return f"""
<style>
.{prefix}-card {{ border: 2px solid {accent}; border-radius: 8px; padding: 6px 10px; background: {background}; max-width: {max_width}; }}
.lsn-app .lsn-screen > .lsn-tut-column {{ grid-area: prompt; min-width: 0; }}
/* the card keeps one height from step to step and reads whole (never clipped, never scrolled):
   each varying part (header, text, done line) sits in one grid cell with a hidden copy of every
   step's version of it (lsn-tut-sizer), so the part keeps the height of its longest version at
   the column's width, and nothing under the card moves between steps */
.lsn-tut-column .{prefix}-card {{ max-width: none; margin-bottom: 6px; box-sizing: border-box; }}
.lsn-tut-column .lsn-tut-sized {{ display: grid !important; }}
.lsn-tut-column .lsn-tut-sized > * {{ grid-area: 1 / 1; margin: 0; }}
.lsn-tut-column .lsn-tut-sized > .lsn-tut-sizer {{ visibility: hidden; pointer-events: none; }}
.lsn-tut-column .lsn-tut-sizer > .widget-html-content {{ display: grid; }}
.lsn-tut-column .lsn-tut-sizer > .widget-html-content > div {{ grid-area: 1 / 1; min-width: 0; }}
.lsn-tut-column .{prefix}-card > * {{ flex-shrink: 0; }}
.lsn-tut-sized > * {{ min-width: 0; }}
.lsn-tut-column .lsn-tut-heading, .lsn-tut-column .lsn-tut-section {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}
.lsn-tut-column .lsn-tut-heading {{ font-size: 1.05em; }}
@media (min-width: 761px) {{
  /* the column as wide as the game's board leaves room for (column_width): the text needs fewer lines */
  .lsn-tutorial .lsn-app .lsn-screen {{ grid-template-columns: minmax(0, 1fr) minmax(300px, {column_width}); }}
  /* the buttons in one row (the last step's link takes the place of Skip and Show me) */
  .lsn-tut-column .{prefix}-nav {{ flex-wrap: nowrap !important; }}
  .lsn-tut-column .{prefix}-nav .widget-button {{ padding: 0 7px; flex-shrink: 0; }}
}}
/* on a wide screen the page's title and its one line of help side by side: a line more for the
   card, and the hand under the prompt in sight */
@media (min-width: 761px) {{
  .lsn-tutorial .lsn-title h2 {{ display: inline-block; margin-right: 0.8em; }}
  .lsn-tutorial .lsn-title .lsn-tut-intro {{ display: inline; }}
}}
@media (max-width: 760px) {{
  .lsn-tut-column .lsn-tut-sized .lsn-tut-heading, .lsn-tut-column .lsn-tut-section {{ white-space: normal; }}  /* the whole title (its room is kept) */
  /* the card and the prompt as wide as the screen, whatever their content (the screen's items
     are aligned to the start: a long action button made them, and the card's text, wider for a
     moment), and no button wider than the prompt (its label wraps) */
  .lsn-app .lsn-screen > .lsn-tut-column > * {{ align-self: stretch; max-width: 100%; }}
  .lsn-tut-column .lsn-prompt .widget-button {{ max-width: 100%; white-space: normal; height: auto; min-height: 28px; }}
  /* the card first, under the page's title (a reading step shows it at once, and the board's
     size never moves it); the prompt, as on a play page, last and stuck to the screen's bottom */
  .lsn-app .lsn-screen > .lsn-tut-column {{ display: contents !important; }}
  .lsn-app .lsn-screen > .lsn-tut-column > .lsn-tut-card {{ order: -2; }}
  .lsn-tutorial {{ overflow: visible !important; }}  /* a box that scrolls would hold the sticky prompt */
  /* the prompt grows past its 17em rather than scroll a sentence inside it */
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt {{ height: auto; min-height: 17em; overflow: visible !important; }}
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-turn {{ font-size: 1em; height: 4.2em; }}  /* as on a play page */
  /* a square, hex, card or button scrolled into view (keyboard focus, a link, the browser) stops
     above the pinned prompt, which is at most about this tall, not under it */
  html:has(.lsn-tutorial), #rendered_cells:has(.lsn-tutorial) {{ scroll-padding-bottom: max(36vh, 280px); }}
}}
.lsn-tut-column .{prefix}-progress span {{ min-width: 1.2em; font-size: 0.72em; margin-right: 1px; }}
/* a reading step (no board): the card alone, where it stands on the steps with a board */
.lsn-app .lsn-screen.lsn-tut-reading > :not(.lsn-tut-column),
.lsn-app .lsn-screen.lsn-tut-reading > .lsn-tut-column > :not(.lsn-tut-card) {{ visibility: hidden; }}
.{prefix}-card .widget-html-content {{ line-height: 1.4; }}
.{prefix}-card p {{ margin: 0.3em 0; }}
.{prefix}-card p:first-child {{ margin-top: 0; }} .{prefix}-card p:last-child {{ margin-bottom: 0; }}
.{prefix}-progress span {{ display: inline-block; min-width: 1.5em; text-align: center; border-radius: 10px;
  margin-right: 2px; font-size: 0.78em; padding: 1px 3px; background: #eee; color: #555;
  border: 1px solid transparent; }}  /* a skipped step's dashed border widens no chip: the rows keep their wrap */
.{prefix}-progress span.{prefix}-now {{ background: {accent}; color: #fff; }}
.{prefix}-progress span.{prefix}-ok {{ background: #2e7d32; color: #fff; }}
.{prefix}-progress span.{prefix}-skipped {{ background: #fff; border: 1px dashed #999; }}
.{prefix}-goal {{ font-weight: 600; margin: 2px 0 4px 0; }}
.{prefix}-done-ok {{ color: #1b5e20; font-weight: 600; }}
.{prefix}-card .widget-button {{ width: auto; }}
.{prefix}-card .{prefix}-play {{ flex-shrink: 0; white-space: nowrap; }}
/* a part a step does not need keeps its room (hidden, not removed): nothing under it moves
   between steps */
.lsn-app .lsn-tut-unused {{ visibility: hidden !important; }}
.lsn-app .lsn-tut-column > .lsn-prompt {{ height: 17em; overflow-y: auto !important; box-sizing: border-box; }}
/* the actions keep two rows' height: the message line under them stays put as a step's one
   button becomes two rows of them (the prompt's 17em has room for it) */
.lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions {{ min-height: 72px; align-content: flex-start; }}
</style>
"""


class TutorialPage:
    """A tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``skip()``,
    ``show_me()`` and ``start_over()`` drive it from Python as the buttons do. ``app`` is the
    game page under it; ``completed`` holds the keys of the steps done, ``skipped`` those skipped."""

    #: CSS class prefix of the card's parts (``<prefix>-next``, ``<prefix>-header``, ...)
    prefix = "lsn-tut"
    accent = "#6d4c41"
    background = "#fffaf0"
    max_width = "1000px"
    #: the widest the card's column (card, prompt, hand, log) gets on a wide screen: as much as
    #: the game's board leaves (a wider column wraps the step's text into fewer lines)
    column_width = "440px"
    #: the words before the rulebook section in the header
    section_label = "Rulebook section"
    #: the done label of a step without a goal, and of a step waiting for the learner
    read_hint = "Read, then press Next."
    move_hint = "Make the move on the board."
    show_tooltip = "Let the engine play the move"
    #: the query the last step's "Play your first game" adds to the play page's address (the
    #: settings the tutorial recommends for a first game, read by the play page)
    play_query = "?from=tutorial"
    #: seat of the learner
    learner = 0
    #: the most actions *Show me* (or setting up a continued step) plays, bots' included
    show_me_actions = 400
    #: the most bot actions played at once when there is no loop to pace them (tests, scripts)
    bot_limit = 400
    #: the optional parts of the play screen (beyond board, prompt, actions and dialogs) every
    #: step shows; the others show only on the steps that need them (see :meth:`parts_for`)
    always_parts: tuple[str, ...] = ()
    #: words of a step's section or goal that mean it needs the hand, or the players strip
    hand_words: tuple[str, ...] = ("card", "your hand", "the pack", "marshal", "transfer")
    players_words: tuple[str, ...] = ()

    @shared_defaults()
    def __init__(self, steps: Sequence[Step], *, bot_delay: float | None, loop=None, seed: int = 7):
        self.steps = list(steps)
        self.seed = seed
        self.index = 0
        self.completed: set[str] = set()
        self.skipped: set[str] = set()
        self._events: list = []
        self._met = False
        self._replaying = False
        self.app = self.make_app(bot_delay=bot_delay, loop=loop)
        self._play = self.app.act
        self.app.act = self._act  # every move of the board passes the step's checks first
        for name in HIDDEN_PARTS:
            part = getattr(self.app, name, None)
            if part is not None:
                hide(part)
        game = html.escape(self.app.spec.name)
        self.app.title.value = (
            f"<h2>Learn {html.escape(self.app.spec.title)}</h2>"
            # its own line height: the widgets' 28 px made three lines of help on a phone 84 px tall
            '<div class="lsn-tut-intro" style="color:#555;font-size:0.92em;line-height:1.35">'
            "Each step is a goal on a real board: make the move yourself (<b>Show me</b> plays it, "
            "<b>Skip</b> passes it). When you are done, "
            f'<a href="{html.escape(page_href(f"{game}_play.ipynb"))}">play a game</a>.</div>')
        self.app.on_change(self._changed)

        p = self.prefix
        self.style = w.HTML(tutorial_css(self.accent, background=self.background, max_width=self.max_width,
                                         prefix=p, column_width=self.column_width))
        self.progress = w.HTML()
        self.progress.add_class(f"{p}-progress")
        self.header = w.HTML()
        self.header.add_class(f"{p}-header")
        self.text = w.HTML()
        self.text.add_class(f"{p}-text")
        self.done_label = w.HTML()
        self.done_label.add_class(f"{p}-done")
        self.back_button = self._button("Back", "back", self.back, icon="arrow-left")
        self.next_button = self._button("Next", "next", self.next, icon="arrow-right", button_style="primary")
        self.skip_button = self._button("Skip", "skip", self.skip, icon="step-forward",
                                        tooltip="Leave this step without doing it")
        self.show_button = self._button("Show me", "show", self.show_me, icon="magic", tooltip=self.show_tooltip)
        self.reset_button = self._button("Start over", "reset", self.start_over, icon="redo",
                                         tooltip="Set this step up again")
        # the way out of the last step: a first game with the tutorial's settings
        self.play_link = w.HTML(
            f'<a class="lsn-tut-play-link" href="{game}_play.ipynb{html.escape(self.play_query)}" '
            'style="display:inline-block;padding:4px 14px;border-radius:4px;background:#2e7d32;color:#fff;'
            'font-weight:600;text-decoration:none">&#9654; Play your first game</a>')
        self.play_link.add_class(f"{p}-play")
        self.play_link.add_class("lsn-tut-play")
        hide(self.play_link)
        nav = w.HBox([self.back_button, self.next_button, self.skip_button, self.show_button, self.reset_button,
                      self.play_link],
                     layout=w.Layout(flex_flow="row wrap", grid_gap="4px", margin="4px 0"))
        nav.add_class(f"{p}-nav")
        # the buttons above the done line: a done line of two lines moves nothing
        card = w.VBox([self.progress, self._sized(self.header, [self._header_html(i) for i in range(len(self.steps))]),
                       self._sized(self.text, [self._text_html(s, self._WHO_SIZER if s.interactive else "")
                                               for s in self.steps]),
                       nav, self._sized(self.done_label, self._done_variants())])
        card.add_class(f"{p}-card")
        card.add_class("lsn-tut-card")
        self.card = card
        # the card sits above the prompt (on a reading step too, the rest hidden)
        self.top = w.VBox()
        self.column: w.VBox | None = None
        box = getattr(self.app, "view_box", None)
        prompt = getattr(self.app, "prompt_panel", None)
        if box is not None and prompt is not None and any(c is prompt for c in box.children):
            self.column = w.VBox([card, prompt])
            self.column.add_class("lsn-tut-column")
            box.children = tuple(self.column if c is prompt else c for c in box.children)
        self.widget = w.VBox([self.style, self.top, self.app.widget])
        self.widget.add_class("lsn-tutorial")
        self.go(0)

    #: the longest "You play ..." line a step may show, in the card's hidden copies of the steps
    _WHO_SIZER = ('<div class="lsn-tut-who">You play <b>P1 Hylocherus</b> here (in the last step you played '
                  '<b>P1 Hylocherus</b>).</div>')

    @staticmethod
    def _sized(widget: w.Widget, versions: Sequence[str]) -> w.Box:
        """``widget`` in one grid cell with a hidden copy of each of its ``versions`` (see the
        CSS): on a phone it keeps the height of the longest."""
        sizer = w.HTML("".join(f"<div>{v}</div>" for v in versions))
        sizer.add_class("lsn-tut-sizer")
        box = w.Box([sizer, widget])
        box.add_class("lsn-tut-sized")
        return box

    def _header_html(self, index: int) -> str:
        step = self.steps[index]
        heading = f"Step {index + 1} of {len(self.steps)}: {step.title}"
        return (f'<h3 class="lsn-tut-heading" title="{html.escape(heading)}" style="margin:0.2em 0">'
                f'{html.escape(heading)}</h3>'
                f'<div class="lsn-tut-section" title="{html.escape(self.section_label)}: {html.escape(step.section)}" '
                f'style="color:#666;font-size:0.85em">{html.escape(self.section_label)}: '
                f'{html.escape(step.section)}</div>')

    def _text_html(self, step: Step, who: str) -> str:
        paragraphs = "".join(f"<p>{html.escape(x)}</p>" for x in step.text.split("\n\n"))
        goal = f'<div class="{self.prefix}-goal">Your goal: {html.escape(step.goal)}</div>' if step.goal else ""
        # the goal first: on a wide screen the card keeps one height and a long text scrolls inside it
        return f"{goal}{who}<div>{paragraphs}</div>"

    def _done_html(self, step: Step, met: bool) -> str:
        if not self.waits_for_goal(step):
            return f'<div style="color:#555">{html.escape(self.read_hint)}</div>'
        if met:
            last = step is self.steps[-1]
            return (f'<div class="{self.prefix}-done-ok">\u2714 {html.escape(step.praise)}'
                    + ("" if last else " Press Next for the next step.") + "</div>")
        return f'<div style="color:#555">{html.escape(self.move_hint)}</div>'

    def _done_variants(self) -> list[str]:
        return sorted({self._done_html(s, met) for s in self.steps for met in (False, True)})

    def _button(self, description: str, name: str, fn: Callable[[], Any], **traits) -> w.Button:
        b = w.Button(description=description, **traits)
        b.add_class(f"{self.prefix}-{name}")
        b.on_click(lambda _b: fn())
        return b

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- hooks a game fills in ----------------------------------------------------------------
    def make_app(self, *, bot_delay: float | None, loop):
        """The game page the steps are played on (a :class:`GameApp`, no autosave)."""
        raise NotImplementedError

    def state_for(self, step: Step):
        """A fresh engine state for the ``step`` (one with a position or ``fresh``)."""
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
        """Whether ``step`` waits for the learner to meet a goal (a step with a board and a goal)."""
        return step.interactive and step.has_goal

    def on_goal_met(self, step: Step) -> None:
        """Called once when the goal of ``step`` is met (a page may say more than the done label)."""

    # -- navigation ------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def state(self):
        """The engine state on the board (``None`` on a reading step)."""
        s = self.app.session
        return s.state if s is not None and self.step.interactive else None

    @property
    def events(self) -> list:
        """The engine's events since the step began."""
        return list(self._events)

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based): set its position up, or keep the board when it
        continues the step just left with that step's goal met."""
        index = max(0, min(index, len(self.steps) - 1))
        keep = (self.steps[index].continues and index == self.index + 1 and self._met
                and self.app.session is not None)
        self.message("")
        step = self.steps[index]
        if keep:
            self.index, self._events, self._met = index, [], False
        elif step.interactive:
            self._set_up(index)
        else:
            # a reading step keeps a board beside (on a phone under) its card, hidden
            # (lsn-tut-reading): the board keeps its room, so nothing jumps when the next step
            # shows it; before any board, the first step's
            if self.app.session is None:
                first = next((i for i, s in enumerate(self.steps) if s.interactive), None)
                if first is not None:
                    self._set_up(first)
            self.index, self._events, self._met = index, [], False
            self.app.paused = True
            self.app.cancel_bot_tick()
        self._place_card(on_board=step.interactive)
        last = index == len(self.steps) - 1
        # the last step's link takes Skip's place (the buttons stay in one row)
        (show if last else hide)(self.play_link)
        (hide if last else show)(self.skip_button)
        self._show_parts(step)
        self._set_bots()
        self._draw()
        self._drive_bots()

    def _set_up(self, index: int) -> None:
        """A new board for step ``index`` (a continued step: the previous one's, played)."""
        step = self.steps[index]
        self.index, self._events, self._met = index, [], False
        if step.continues and index > 0:
            self._set_up(index - 1)
            demo = self.demo_for(self.steps[index - 1])
            if demo is not None:
                self._replaying = True
                try:
                    self._run_demo(self.steps[index - 1], demo, self.show_me_actions)
                finally:
                    self._replaying = False
            self.index, self._events, self._met = index, [], False
            return
        state = self.state_for(step)
        self._events = list(self.start_events(step, state))
        self.app.paused = True  # no bot moves before the step has said what it needs
        self.app.start_state(state, self.seats(step), message=f"Tutorial: {step.title}", autosave=False)
        self.app.cancel_bot_tick()

    def _place_card(self, *, on_board: bool) -> None:
        if self.column is not None:
            # the card stays above the prompt on every step (a card that moved to the top of
            # the page on a reading step jumped across the screen): the rest is hidden there
            set_classes(self.app.view_box, {"lsn-tut-reading": not on_board})
            self.app._place_status(in_game=True)  # the message line in the prompt, not above the page
            self.app._show(self.app.game_box)
            show(self.app.view_box)
            show(self.app.widget)
        else:  # a page without the game screen's prompt: the card above it
            self.top.children = (self.card,)
            (show if on_board else hide)(self.app.widget)

    # -- the parts of the screen a step needs ---------------------------------------------------
    def parts_for(self, step: Step) -> frozenset[str]:
        """The optional parts of the screen ``step`` shows, of :data:`OPTIONAL_PARTS`: its own
        ``shows`` when it names them; else the page's ``always_parts``, the hand when its
        section or goal speaks of cards or the hand (``hand_words``), the players strip for
        ``players_words``, and the log and the
        players strip when the bots play during it (to follow what they do)."""
        if step.shows is not None:
            return frozenset(step.shows) & frozenset(OPTIONAL_PARTS)
        parts = set(self.always_parts)
        words = f"{step.section} {step.goal}".casefold()
        if any(word in words for word in self.hand_words):
            parts.add("hand")
        if any(word in words for word in self.players_words):
            parts.add("players")
        if step.bots:
            parts.update(("log", "players"))
        return frozenset(parts)

    def _part_widgets(self, part: str) -> list[w.Widget]:
        """The widgets of an optional part of the screen (the log with its title)."""
        app = self.app
        if part == "log":
            log = getattr(getattr(app, "log", None), "widget", None)
            side = tuple(getattr(getattr(app, "side", None), "children", ()))
            at = next((i for i, c in enumerate(side) if c is log), None)
            if at is None:
                return []
            return [log, side[at - 1]] if at > 0 and "Game log" in getattr(side[at - 1], "value", "") else [log]
        regions = getattr(app, "regions", None)
        widget = getattr(regions, part, None) if regions is not None else None
        return [widget] if widget is not None else []

    def _show_parts(self, step: Step) -> None:
        wanted = self.parts_for(step) if step.interactive else frozenset()
        for part in OPTIONAL_PARTS:
            for widget in self._part_widgets(part):
                set_classes(widget, {"lsn-tut-unused": part not in wanted})

    @property
    def shown_parts(self) -> frozenset[str]:
        """The optional parts of the screen on view now (tests)."""
        return frozenset(part for part in OPTIONAL_PARTS
                         if any("lsn-tut-unused" not in getattr(x, "_dom_classes", ()) for x in self._part_widgets(part))
                         and self.step.interactive)

    def next(self) -> None:
        """The next step, once this one's goal is met (else: say so; *Skip* leaves it)."""
        if self.waits_for_goal(self.step) and not self._met:
            self.message("Do this step's goal first, or press Skip.", "error")
            return
        if self.index < len(self.steps) - 1:
            self.go(self.index + 1)

    def skip(self) -> None:
        """Leave this step without meeting its goal."""
        if self.index < len(self.steps) - 1:
            if not self._met:
                self.skipped.add(self.step.key)
            self.go(self.index + 1)

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def start_over(self) -> None:
        self._met = False  # never keep the board of a step started over
        self.go(self.index)

    # -- bots ----------------------------------------------------------------------------------
    def _bots_wanted(self) -> bool:
        step = self.step
        return step.interactive and step.bots and (not self._met or step.fresh is not None)

    def _set_bots(self) -> None:
        """Bots play on a step that needs them, until its goal is met; else they wait."""
        wanted = self._bots_wanted()
        self.app.paused = not wanted
        if wanted:
            self.app._schedule_bots()
        else:
            self.app.cancel_bot_tick()

    def _paced(self) -> bool:
        ticker = getattr(self.app, "_ticker", None)
        return self.app.bot_delay is not None and ticker is not None and ticker.available

    def _drive_bots(self) -> None:
        """Without a loop to pace them (tests, scripts) the bots a step needs play at once."""
        if self._paced() or self._replaying:
            return
        for _ in range(self.bot_limit):
            s = self.app.session
            if s is None or not self._bots_wanted() or self.app.paused or not s.is_bot_turn:
                return
            if not self.app.step():
                return

    # -- the learner's moves -------------------------------------------------------------------
    def _off_goal(self, action: Action, state) -> str | None:
        """Why an action the rules allow is not this step's goal (``None``: it is, or the rules
        forbid it and the engine will say so)."""
        if self.step.advice is None:
            return None
        try:
            state.copy().apply(action)
        except IllegalAction:
            return None
        why = self.step.why_not(action, state)
        return f"That move is allowed, but not this step's goal. {why}" if why else None

    def _refusal(self) -> str | None:
        """Why no move is played now (a step without a goal, or one already met)."""
        step = self.step
        if not self.waits_for_goal(step):
            return "Nothing to play in this step: read it, then press Next."
        if self._met and step.fresh is None:
            return "This step is done: press Next (or Start over to play it again)."
        return None

    def _act(self, action: Action) -> bool:
        """The app's ``act`` in a tutorial: the step's checks, then the move, then the bots."""
        if self._replaying or self.app.session is None:
            return self._play(action)
        why = self._refusal() or self._off_goal(action, self.app.session.state)
        if why:
            self.message(why, "error")
            batch = getattr(self.app, "_batch", None)
            if batch is not None:
                batch.refused = True  # the app keeps the message when the click's batch ends
            return False
        played = self._play(action)
        if played:
            self._drive_bots()
        return played

    def act(self, action: Action) -> bool:
        """Play the learner's move as the board does (refused with a reason when it does not fit)."""
        return self.app.act(action)

    def would_accept(self, actions: Sequence[Action]) -> bool:
        """Whether a run of moves (one click that plays two) fits the rules and the step's
        goal; shows why not, in the error colour."""
        s = self.app.session
        why = self._refusal()
        if why or s is None:
            self.message(why or "Nothing to play in this step.", "error")
            return False
        probe = s.state.copy()
        for action in actions:
            try:
                probe.copy().apply(action)
            except IllegalAction as exc:
                self.message(illegal_message(exc), "error")
                return False
            why = self._off_goal(action, probe)
            if why:
                self.message(why, "error")
                return False
            probe.apply(action)
        return True

    def message(self, text: str, kind: str = "info") -> None:
        """Say ``text`` in the prompt's message line (``error``: the error colour)."""
        self.app.message(text, kind)

    @property
    def feedback_text(self) -> str:
        """The prompt's message line as plain text (tests)."""
        return plain_text(self.app.status.value)

    # -- show me ------------------------------------------------------------------------------
    def show_me(self, max_actions: int | None = None) -> bool:
        """The engine plays a worked answer of this step (and the bots' turns on a step with
        bots) until the goal is met."""
        step = self.step
        demo = self.demo_for(step) if step.interactive else None
        if demo is None or self.app.session is None or self.is_done:
            return False
        self._run_demo(step, demo, self.show_me_actions if max_actions is None else max_actions)
        if not self.is_done:
            self.message("Start over to try this step again.", "info")
        return self.is_done

    def _run_demo(self, step: Step, demo, limit: int) -> None:
        for _ in range(limit):
            session = self.app.session
            if self._met or session is None or session.state.is_over:
                break
            if session.is_bot_turn:
                if not step.bots or not self.app.step():
                    break
                continue
            if session.current_player != self.learner:
                break
            action = demo(session.state)
            if action is None or not self._play(action):
                break
            self.after_demo_action()

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
        newly = not self._met and step.done(self._events, app.session.state)
        if not newly:
            return
        self._met = True
        if not self._replaying:
            self.completed.add(step.key)
            self.skipped.discard(step.key)
            self.on_goal_met(step)
        if not self._bots_wanted():
            app.paused = True  # the goal is met: the bots wait (the learner reads the result)
            app.cancel_bot_tick()
        self._draw_done()

    def _draw(self) -> None:
        step = self.step
        p = self.prefix
        if not self.waits_for_goal(step):
            self.completed.add(step.key)
        # the buttons first: once the header names the new step, Next and Skip are already the
        # new step's (a quick second click never meets the last step's open Next)
        self.back_button.disabled = self.index == 0
        self.reset_button.disabled = not step.interactive
        self._draw_done()
        chips = []
        for i, s in enumerate(self.steps):
            cls = (f"{p}-now" if i == self.index else f"{p}-ok" if s.key in self.completed
                   else f"{p}-skipped" if s.key in self.skipped else "")
            chips.append(f'<span class="{cls}" title="{html.escape(s.title)}">{i + 1}</span>')
        self.progress.value = "".join(chips)
        self.header.value = self._header_html(self.index)
        self.text.value = self._text_html(step, self._who_you_play(step))

    def _who_you_play(self, step: Step) -> str:
        """"You play ..." on a step with a board, saying so when the learner's seat (a faction,
        a clan) is not the one of the last step with a board."""
        s = self.app.session
        if not step.interactive or s is None:
            return ""
        name = s.name(self.learner)
        before = getattr(self, "_played", None)
        if before is not None and before[0] != self.index and before[1] != name:
            note = f" here (in the last step you played {html.escape(before[1])})"
        elif before is not None and before[0] == self.index:
            note = before[2]
        else:
            note = ""
        self._played = (self.index, name, note)
        return f'<div class="{self.prefix}-who lsn-tut-who">You play <b>{html.escape(name)}</b>{note}.</div>'

    def _draw_done(self) -> None:
        step = self.step
        last = self.index == len(self.steps) - 1
        waiting = self.waits_for_goal(step) and not self._met
        self.next_button.disabled = last or waiting
        self.skip_button.disabled = last or not waiting
        # hidden, not removed: the buttons after them keep their places from step to step
        set_layout(self.skip_button, visibility=None if waiting else "hidden")
        self.show_button.disabled = not waiting or self.demo_for(step) is None
        set_layout(self.show_button, visibility=None if self.waits_for_goal(step) else "hidden")
        self.done_label.value = self._done_html(step, self._met)
        self.next_button.button_style = "success" if self.waits_for_goal(step) and self._met else "primary"

