"""The game-app shell every game page shares: seats, turns, bots, hot-seat, undo, saves, log.

A page builds a :class:`~livestock_notebooks.core.game_info.GameInfo` for its engine and a
:class:`GameView` for its board, then shows ``GameApp(spec, view_factory=MyBoard)``::

    app = GameApp(spec, view_factory=LivestockBoardView)
    app            # last line of a cell: shows app.widget

Everything decided (whose view, undo, saves) lives in :class:`~livestock_notebooks.core.session.Session`;
this package only shows it. Widgets are built once and updated in place (traits change; nothing
is re-displayed). Every control has a ``lsn-...`` CSS class for browser tests, can be driven
from Python (``app.undo_button.click()``) and is a real button, so the keyboard reaches it.

The page is put together from parts, one module per job: ``setup.py`` (the new-game screen,
seats), ``saves.py`` (resume offer, save link, load), ``pacing.py`` (bots on the kernel loop,
:data:`BOT_SPEEDS`), ``log.py`` (the game log), ``views.py`` (what a board is to the shell),
``headless.py`` (bot-vs-bot runs), ``style.py`` (the CSS). This module joins them in
:class:`GameApp` and keeps the playing itself: acting, batches, undo, hot-seat and redraws.

Bots play visibly, one action per tick, on the kernel's asyncio loop (``loop.call_later``),
which runs between messages in Voila and JupyterLab. Without a running loop (tests, scripts)
nothing is scheduled and callers step with :meth:`GameApp.step` or :meth:`GameApp.run_bots`.

Hot-seat: when the decision passes to another human, the view is cleared
(:meth:`GameView.clear`) and a "pass the device" screen is shown until that player confirms.
Views are built only from ``state.player_view(viewer)``, so a hidden hand is never in the
widget tree.
"""
from __future__ import annotations

import contextlib
import functools
import html
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...core.errors import IllegalAction
from ...core.protocol import Action, Event
from ...core.session import GameInfo, Session
from ..common.dom import button, hide, message_html, plain_text, set_classes, set_layout, shared_defaults, show
from ..common.request import await_request
from .headless import HeadlessRunner
from .log import GameLog
from .pacing import BOT_SPEEDS, DEFAULT_BOT_SPEED, BotPacing, Ticker
from .hint import HintControls
from .review import ReviewControls
from .prefs import Prefs
from .saves import SaveControls
from .screen import GameScreen
from .setup import HUMAN_LABEL, SetupScreen, page_query
from .style import APP_CSS
from .views import ActionListView, GameView, ViewContext, illegal_message

__all__ = [
    "APP_CSS",
    "ActionListView",
    "BOT_SPEEDS",
    "Batch",
    "GameApp",
    "GameLog",
    "GameView",
    "HUMAN_LABEL",
    "HeadlessRunner",
    "Ticker",
    "ViewContext",
    "illegal_message",
]


@dataclass
class Batch:
    """What a :meth:`GameApp.batch` block played: how many actions were applied, their
    events, and whether one was refused."""

    applied: int = 0
    events: list = field(default_factory=list)
    refused: bool = False


class GameApp(GameScreen, SetupScreen, SaveControls, HintControls, ReviewControls, BotPacing):
    """The whole game page: resume offer, setup (seats human or bot), the game with its view,
    hot-seat screen, bots, undo, end-turn, save/load, log, and a headless bot-vs-bot runner.

    Parameters: ``spec`` (the game); ``view_factory()`` makes the :class:`GameView` (default
    :class:`ActionListView`); ``bot_delay`` seconds between visible bot actions (``None``:
    never schedule, step by hand); ``autosave`` and ``save_directory`` as in
    :class:`Session`; ``check_resume`` offers an unfinished autosave; ``setup_widgets`` and
    ``setup_options()`` add game options to the setup screen (passed to ``new_game``);
    ``help_html`` is the page's "how to play" (open on the setup screen, behind the
    *How to play* button during a game).

    The screen (see :class:`~.views.ScreenRegions`): a slim top bar (title, Undo, New game,
    How to play, Menu); the board on the left; on the right the prompt (``lsn-prompt``: whose
    turn, what to do, the message line and the actions ``lsn-actions``), the view's dialogs,
    the hand (``lsn-hand``) and the latest log lines (``lsn-log``). The menu holds Save, Load
    and a closed "Advanced" section (pause or step the bots, the view's own tools, a
    bot-vs-bot run).
    """

    #: delay of deferred work (panels, autosave) after a click, see :meth:`defer`
    DEFER_SECONDS = 0.008
    #: the pause after a board's messages, so the kernel sends them at once (see :meth:`let_out`)
    LET_OUT_SECONDS = 0.0005

    @shared_defaults()
    def __init__(
        self,
        spec: GameInfo,
        *,
        view_factory: Callable[[], GameView] | None = None,
        bot_delay: float | None = BOT_SPEEDS[DEFAULT_BOT_SPEED],
        autosave: bool = True,
        save_directory=None,
        check_resume: bool = True,
        setup_widgets: Sequence[w.Widget] = (),
        setup_options: Callable[[], Mapping[str, Any]] | None = None,
        headless: bool = True,
        help_html: str = "",
        loop=None,
        take_forced: bool | None = None,
        tutorial: str = "",
    ):
        await_request()  # a preheated kernel: the visitor's browser id before any autosave is read
        self.spec = spec
        #: decisions with one legal action are taken for the player (play pages; a tutorial's
        #: steps are the player's own): ``take_forced`` or, when ``None``, ``autosave``
        self.take_forced_steps = autosave if take_forced is None else take_forced
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_directory = save_directory
        self.setup_options = setup_options
        self.session: Session | None = None
        self.paused = False
        self.last_events: list[Event] = []
        self._ticker = Ticker(self._bot_tick, loop=loop)
        self._listeners: list[Callable[["GameApp", list], None]] = []
        self._rest_pending = False
        self._link_stale = False  # the save link shows an older point: cleared after the board
        self._let_out_done = False
        self._batch: Batch | None = None

        # header
        self.style = w.HTML(APP_CSS)
        self.title = w.HTML(f"<h2>{html.escape(spec.title)}</h2>")
        self.title.add_class("lsn-title")
        self.status = w.HTML()
        self.status.add_class("lsn-status")
        self.seed_note = w.HTML()  # the seed, once the game is over (hidden information before)
        self.seed_note.add_class("lsn-seed-note")

        self._build_resume_offer()
        self._build_hint()
        self._build_setup([*setup_widgets, self.hints_checkbox])

        # the page's own buttons (top bar)
        self.undo_button = button("Undo", "lsn-undo", self.undo, icon="undo", tooltip="Take back your last step")
        self.new_game_button = button("New game", "lsn-new-game", self.ask_new_game, icon="plus")
        self.help_button = w.ToggleButton(description="How to play", icon="question-circle", value=False,
                                          tooltip="Show or hide how to play", layout=w.Layout(width="auto"))
        self.help_button.add_class("lsn-help-toggle")
        self.menu_button = w.ToggleButton(description="Menu", icon="bars", value=False,
                                          tooltip="Save, load and advanced tools", layout=w.Layout(width="auto"))
        self.menu_button.add_class("lsn-menu-toggle")
        self.controls = w.HBox([self.undo_button, self.new_game_button, self.help_button, self.menu_button],
                               layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.controls.add_class("lsn-controls")
        self.topbar = w.HBox([self.title, self.controls])
        self.topbar.add_class("lsn-topbar")

        # what this browser remembers: the bot speed, whether "how to play" was seen
        self.prefs = Prefs(save_directory) if autosave else None
        speed = self.prefs.get("bot_speed", DEFAULT_BOT_SPEED) if self.prefs else DEFAULT_BOT_SPEED
        self._ask_single_start = bool(self.prefs.get("ask_single", False)) if self.prefs else False
        #: the bot speed chosen (a key of BOT_SPEEDS); its menu (``speed_dropdown``) comes with the game screen
        self.bot_speed: str = speed if speed in BOT_SPEEDS else DEFAULT_BOT_SPEED
        if self.bot_delay is not None and bot_delay == BOT_SPEEDS[DEFAULT_BOT_SPEED]:
            self.bot_delay = BOT_SPEEDS[self.bot_speed]  # the page's default: the remembered speed

        # help: the page's "how to play", open on the setup screen, folded during a game
        self.help_html = w.HTML(help_html)
        self.help_html.add_class("lsn-help-text")
        self.help_box = w.VBox([self.help_html])
        self.help_box.add_class("lsn-help")
        self.help_button.observe(lambda c: (show if c["new"] else hide)(self.help_box), "value")

        self._headless_wanted = headless and bool(spec.bots)
        self._loop = loop
        self.menu_button.observe(self._menu_toggled, "value")

        # the message line: in the prompt during a game, above the setup screen before
        self.status_slot = w.VBox([self.status])
        # the page's parts in order; the hidden ones join the page when first shown (a browser
        # draws every part it is given, hidden or not: the setup screen draws half as many)
        self._parts = (self.style, self.topbar, self.help_box, self.seed_note, self.status_slot,
                       self.resume_box, self.setup_box)
        self._late_parts: tuple = ()
        self.widget = w.VBox(list(self._parts))
        self.widget.add_class("lsn-app")
        self.widget.add_class(f"lsn-app-{spec.name}")
        self._prepare_screen(view_factory)  # the game screen: now, or when first needed in a kernel

        # a first-time visitor is offered the tutorial (``tutorial``: its notebook's name)
        first_visit = not (self.prefs and self.prefs.seen(f"help:{spec.name}"))
        self.tutorial_offer = w.HTML()
        self.tutorial_offer.add_class("lsn-tutorial-offer")
        if tutorial and first_visit and page_query().get("from") != "tutorial":
            self.tutorial_offer.value = (
                '<div style="border:2px solid #1565c0;border-radius:6px;padding:6px 10px;background:#e3f2fd;'
                f'margin-bottom:6px">New to {html.escape(spec.title)}? <a class="lsn-tutorial-link" '
                f'href="{html.escape(tutorial)}.ipynb" style="font-weight:600">Learn it in the tutorial</a> '
                'first: each step is a move on a real board. Or set up a game below.</div>')
            self.help_box.children = (self.tutorial_offer, *self.help_box.children)  # open on a first visit
        self.help_button.value = bool(help_html) and first_visit
        (show if self.help_button.value else hide)(self.help_box)
        if not help_html:
            self._hide(self.help_button)
        self._offer_autosave(check_resume)

    @functools.cached_property
    def _advanced_tools(self) -> tuple:
        """The Menu's Advanced tools, made the first time it opens (or one is asked for from
        Python): Pause bots, Bot: one step, and the bot-vs-bot run."""
        pause = button("Pause bots", "lsn-bots-pause", self.toggle_pause, width="auto", icon="pause")
        step = button("Bot: one step", "lsn-bot-step", self.step, width="auto", icon="step-forward")
        tools = w.HBox([pause, step], layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        headless = HeadlessRunner(self.spec, self._headless_seats, seed=self._headless_seed,
                                  options=lambda: dict(self.setup_options()) if self.setup_options else {},
                                  loop=self._loop)
        headless_box = w.VBox([w.HTML('<div class="lsn-section-title">Bot-vs-bot game (headless)</div>'),
                               headless.widget])
        if not self._headless_wanted:
            set_layout(headless_box, display="none")
        box = self.menu_advanced.children[0]
        box.children = (tools, *box.children, headless_box)
        made = (pause, step, tools, headless, headless_box)
        self.__dict__["_advanced_tools"] = made
        self._refresh_bot_tools()
        return made

    pause_button = property(lambda self: self._advanced_tools[0])
    bot_step_button = property(lambda self: self._advanced_tools[1])
    bot_tools = property(lambda self: self._advanced_tools[2])
    headless = property(lambda self: self._advanced_tools[3])
    headless_box = property(lambda self: self._advanced_tools[4])

    # -- display ------------------------------------------------------------------------
    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    _hide = staticmethod(hide)

    def _show(self, widget: w.Widget, display: str = "") -> None:
        """Show ``widget``; a part of the page kept out of it until first shown joins it now."""
        if widget in self._late_parts and widget not in self.widget.children:
            here = set(map(id, self.widget.children)) | {id(widget)}
            self.widget.children = tuple(x for x in self._parts if id(x) in here)
        show(widget, display)

    def defer(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` soon on the kernel loop (after the current handler returns and its widget
        messages are sent); at once when there is no loop (tests, scripts)."""
        if self._ticker.available:
            # a short pause rather than call_soon: the kernel's IOPub thread needs the GIL to
            # send the messages of the handler that just ran, and gets it while the loop waits
            self._ticker.loop.call_later(self.DEFER_SECONDS, self._guarded, fn)
        else:
            fn()

    def let_out(self) -> None:
        """Let the kernel send the widget messages made so far (the board's) before the handler
        goes on: they leave from the kernel's IOPub thread, which needs the GIL, and a handler
        that keeps computing holds it for up to the interpreter's switch interval (5 ms). A
        short sleep hands it over. Once per refresh (a view may call it right after its board,
        see :meth:`GameView.let_out`); nothing without a loop (tests, scripts)."""
        if self._let_out_done or not self._ticker.available:
            return
        self._let_out_done = True
        time.sleep(self.LET_OUT_SECONDS)

    def _guarded(self, fn: Callable[[], Any]) -> None:
        """Run deferred work; an error shows in the status line instead of vanishing in the
        kernel's log."""
        try:
            fn()
        except Exception as exc:  # pragma: no cover - shown to the user
            self._message(f"Display error: {type(exc).__name__}: {exc}", "error")

    def on_change(self, callback: Callable[["GameApp", list], None]) -> None:
        """Call ``callback(app, events)`` after every refresh (events of the last action)."""
        self._listeners.append(callback)

    # -- setup and resume -------------------------------------------------------------
    def _headless_seed(self) -> int | None:
        try:
            return self.seed_from_setup()
        except ValueError:
            return None

    def _enter(self, session: Session, message: str) -> None:
        self._ticker.cancel()
        self._leave_session()
        self.session = session
        self.paused = False
        self.last_events = []
        self._hide(self.resume_box)
        self._hide(self.setup_box)
        self._hide(self.confirm_box)
        # the message line goes into the prompt before the help folds away (under the help, it
        # jumped up the page as the help folded)
        self._place_status(in_game=True)
        if self.help_button.value and self.prefs is not None:
            self.prefs.mark_seen(f"help:{self.spec.name}")  # open on the first visit only
        self.help_button.value = False  # the explanations fold away once a game is on (before
        self.menu_button.value = False  # the game shows: it would show under them, then jump up)
        self._show(self.game_box)
        self.save_link.value = ""
        self._message(message, "info")
        self._watch_autosave(session)
        self.refresh()
        self._schedule_bots()

    def _speed_changed(self, change) -> None:
        """The player picked a bot speed (remembered for this browser)."""
        self.bot_speed = change["new"]
        if self.bot_delay is not None:
            self.bot_delay = BOT_SPEEDS[change["new"]]
        if self.prefs is not None:
            self.prefs.set("bot_speed", change["new"])

    def ask_new_game(self) -> None:
        """The New-game button: straight to the setup screen when no game is going on, else a
        question first (the game in progress stays saved until a new one starts)."""
        s = self.session
        if s is None or s.state.is_over:
            self.show_setup()
            return
        self.confirm_text.value = ('<span class="lsn-confirm-text">Leave this game for a new one? It stays saved '
                                   'until the new game starts.</span>')
        self._show(self.confirm_box)

    def _place_status(self, *, in_game: bool) -> None:
        """The message line sits in the prompt during a game and above the setup screen before
        (one widget, moved: nothing is displayed twice)."""
        self.status_slot.children = () if in_game else (self.status,)
        if in_game or self.screen_built:
            self.prompt_panel.children = tuple(x for x in self._prompt_parts if in_game or x is not self.status)

    def _cancel_new_game(self) -> None:
        self._hide(self.confirm_box)

    # -- playing --------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Play ``action`` for the human whose decision it is; shows the rule if refused."""
        s = self.session
        if s is None:
            self._message("Start or resume a game first.", "error")
            return False
        if s.needs_handoff:
            self._message(f"Pass the device to {s.name(s.current_player)} first.", "error")
            return False
        self._forced_held = False
        with s.autosave_later(self.defer):
            try:
                events = s.apply(action)
            except IllegalAction as exc:
                self._message(illegal_message(exc), "error")
                if self._batch is not None:
                    self._batch.refused = True
                return False
            if self._batch is not None:  # drawn once, when the batch ends
                self._batch.events.extend(events)
                self._batch.applied += 1
            else:
                self._after(events, "")
        return True

    @contextlib.contextmanager
    def batch(self):
        """Play several actions as one step of the page (a click that boards troops and then
        flies). Inside the block :meth:`act` applies and logs each action but draws nothing;
        when the block ends the page is drawn once, with the events of all of them, and the
        autosave is written once, after the page (deferred like the log). A refused action
        shows its rule as usual; the actions applied before it stay applied. Yields a
        :class:`Batch` (``applied``, ``events``, ``refused``); nested batches join the outer one."""
        s = self.session
        if self._batch is not None or s is None:
            yield self._batch if self._batch is not None else Batch()
            return
        batch = self._batch = Batch()
        try:
            with s.autosave_later(self.defer):
                try:
                    yield batch
                finally:
                    self._batch = None
                    if batch.applied and self.session is s:
                        self._after(batch.events, None if batch.refused else "")
        finally:
            self._batch = None

    def end_turn(self) -> bool:
        s = self.session
        if s is None or self.spec.end_turn is None:
            return False
        action = self.spec.end_turn(s.state, s.legal_for_viewer())
        if action is None:
            self._message(f"'{self.spec.end_turn_label}' is not possible now.", "error")
            return False
        return self.act(action)

    def undo(self) -> bool:
        s = self.session
        if s is None:
            return False
        reason = s.undo_blocker()
        if reason is not None:
            self._message(f"Cannot undo: {reason}", "error")
            return False
        with s.autosave_later(self.defer):
            entry = s.undo()
            taken = [entry]
            # a step taken for the player (one legal action) goes back with the step before it
            while (self.forced_action() is not None and s.can_undo and s.undo_blocker() is None
                   and s.history and not s.history[-1].by_bot):
                taken.append(s.undo())
            self._forced_held = self.forced_action() is not None  # shown, not taken again at once
            self._after([], f"Took back: {taken[-1].action}")
        return True

    def take_device(self) -> None:
        """The player named on the hand-off screen confirms they hold the device."""
        s = self.session
        if s is None or not s.needs_handoff:
            return
        s.take_device()
        self._message(f"{s.name(s.viewer)}, it is your decision.", "info")
        self.refresh()

    # -- a game whose moves are made elsewhere (a table: widgets/tables) --------------------
    def show_remote(self, session: Session, message: str) -> None:
        """Show ``session``, a game kept elsewhere (a table's store), on this screen: its
        ``apply`` and ``bot_step`` send the moves there; the hot-seat rules come from it."""
        self._enter(session, message)

    def moved_elsewhere(self, events: list, message: str | None = "") -> None:
        """Redraw after a change made elsewhere (another browser's move, a seat given to a
        bot), log first as after a bot's step; bots are scheduled when it is their turn."""
        self._after(events, message, log_first=True)

    def _after(self, events: list, message: str | None, *, log_first: bool = False) -> None:
        """Show the page after a change; ``message`` replaces the status line (``None``
        keeps it: a refusal inside a batch stays on screen). ``log_first`` (a bot's step,
        which no click waits for) brings the log and controls up to date before the board,
        so the log is complete when the next decision is shown."""
        self.last_events = list(events)
        # a player's change makes the save link stale (cleared after the board, rebuilt right
        # after); a bot's step keeps the last link: the game as the players last left it
        self._link_stale = self._link_stale or not log_first
        s = self.session
        if s.state.is_over:
            self._message(s.result_text(), "info")
        elif message is None:
            pass
        elif message:
            self._message(message, "info")
        else:
            self._clear_status_later()
        self.refresh(log_first=log_first)
        self._schedule_bots()

    def _clear_status_later(self) -> None:
        """Clear the status line after the click's board message is out (``defer``: at once
        without a loop); a message shown meanwhile stays."""
        shown = self.status.value
        if not shown:
            return

        def clear() -> None:
            if self.status.value == shown:
                self.status.value = ""

        self.defer(clear)

    # -- showing ---------------------------------------------------------------------------
    def message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status line; ``kind`` is ``info``, ``error`` or ``bot``."""
        self._message(text, kind)

    def _message(self, text: str, kind: str = "info") -> None:
        self.status.value = message_html(text, kind)

    @property
    def status_text(self) -> str:
        """The status line as plain text (tests)."""
        return plain_text(self.status.value)

    def context(self) -> ViewContext:
        s = self.session
        return ViewContext(
            session=s,
            view=s.view(),
            viewer=s.viewer,
            legal=s.legal_for_viewer(),
            current_player=s.current_player,
            events=list(self.last_events),
            is_over=s.state.is_over,
            bot_turn=s.is_bot_turn,
        )

    def refresh(self, *, log_first: bool = False) -> None:
        """Bring every widget up to date with the session, in place: the board first (the
        message a click waits for), then the turn line and prompt, then the log and the
        controls right after (``defer``), or first with ``log_first``."""
        s = self.session
        if s is None:
            return
        self._let_out_done = False
        if log_first:
            self._refresh_rest(bot_step=True)
        player = s.current_player
        if s.needs_handoff:
            self.view.clear()
            self.save_link.value = ""
            self._hide(self.view_box)
            name = s.name(player)
            recent = "".join(f'<li>{html.escape(e.text)}</li>' for e in self.last_events[-6:])
            recent = (f'<div class="lsn-handoff-recent" style="text-align:left;margin-top:0.6em">'
                      f'<div>What just happened:</div><ul>{recent}</ul></div>') if recent else ""
            self.handoff_text.value = (f'<div>Pass the device to <b class="lsn-handoff-name">{html.escape(name)}</b>.</div>'
                                       f'<div style="color:#555">Everyone else, please look away.</div>{recent}')
            self.handoff_button.description = f"I am {name}: show my game"
            self._show(self.handoff_box)
        else:
            self._hide(self.handoff_box)
            self._show(self.view_box)
            self.view.update(self.context())  # the board first: what the click waits for
            self.let_out()
        if self._link_stale:
            self._link_stale = False
            self.save_link.value = ""
        color = self.spec.color(player, s.state) if player is not None else "#999"
        extra = ""
        if s.is_bot_turn:
            extra = " (bots paused)" if self.paused else f" ({s.seats[player].kind} bot is playing)"
        text = html.escape(s.named(self.spec.turn_text(s.state)) + extra)
        # two lines at most, one height (style.py: a line that wrapped moved the whole prompt)
        self.turn.value = (f'<div class="lsn-turn-line" title="{text}"><span class="lsn-chip" '
                           f'style="background:{html.escape(color)}"></span><span class="lsn-turn-text">{text}</span></div>')
        mine = bool(s.legal_for_viewer()) and not s.needs_handoff
        if mine != ("lsn-prompt-mine" in self.prompt_panel._dom_classes):
            (self.prompt_panel.add_class if mine else self.prompt_panel.remove_class)("lsn-prompt-mine")
        self._show_seed(s)
        # the rest after the click's messages are out (at once without a loop)
        if not log_first and not self._rest_pending:
            self._rest_pending = True
            self.defer(self._refresh_rest)
        for callback in self._listeners:
            callback(self, self.last_events)

    def _show_seed(self, s: Session) -> None:
        """The seed, only once the game is over (before, it would tell every hidden card)."""
        note = ""
        if s.state.is_over:
            note = (f'<div class="lsn-seed-shown">Seed of this game: <b>{html.escape(str(s.seed))}</b>. '
                    "Type it under Advanced when starting a new game to replay the same deal.</div>")
        if self.seed_note.value != note:
            self.seed_note.value = note

    def _refresh_rest(self, *, bot_step: bool = False) -> None:
        self._rest_pending = False
        s = self.session
        if s is None:
            return
        legal = s.legal_for_viewer()
        self.undo_button.disabled = not s.can_undo or s.needs_handoff
        end_action = self.spec.end_turn(s.state, legal) if (self.spec.end_turn is not None and legal) else None
        self.end_turn_button.disabled = end_action is None
        if self.spec.end_turn is None:
            self._hide(self.end_turn_button)
        self._refresh_bot_tools()
        self.log.state = s.state  # seat colours may follow the game (Livestock factions)
        self.log.set_entries(s.log)
        self._refresh_hint(s)
        self._refresh_review(s)
        if not bot_step or s.state.is_over or not self.save_link.value:
            self.update_save_link()  # after a bot's step the last link stays (a settled point)

    def _refresh_bot_tools(self) -> None:
        """Pause and step buttons as the game stands (once the Advanced tools are made)."""
        s = self.session
        if "_advanced_tools" not in self.__dict__ or s is None:
            return
        has_bots = any(seat.is_bot for seat in s.seats)
        set_layout(self.pause_button, display=None if has_bots else "none")
        set_layout(self.bot_step_button, display=None if has_bots else "none")
        self.pause_button.description = "Resume bots" if self.paused else "Pause bots"
        self.pause_button.icon = "play" if self.paused else "pause"
        self.bot_step_button.disabled = not s.is_bot_turn

    # -- introspection for tests -------------------------------------------------------
    def widget_tree(self) -> list[w.Widget]:
        """Every widget reachable from the app's root (children of boxes, in order)."""
        return widget_tree(self.widget)

    def tree_text(self) -> str:
        """All text in the widget tree (values, descriptions, options, tooltips), but the
        Save-game link: a download of the whole game by design, never shown as text."""
        return tree_text(self.widget, skip=(self.save_link,))


def widget_tree(root: w.Widget) -> list[w.Widget]:
    """Every widget reachable from ``root`` (children of boxes), each once; with the parts of
    a page not on it yet (``_lsn_detached``: the game screen before the first game, ...)."""
    out, stack, seen = [], [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        out.append(node)
        stack.extend(getattr(node, "_lsn_detached", ()))
        stack.extend(getattr(node, "children", ()) or ())
    return out


def tree_text(root: w.Widget, skip: Sequence[w.Widget] = ()) -> str:
    """All text a page built from ``root`` can show (values, descriptions, options, tooltips):
    what tests search for a card or a seed that must not be there (``skip``: widgets left out,
    with what they hold)."""
    parts: list[str] = []
    skipped = {id(node) for x in skip for node in widget_tree(x)}
    for node in widget_tree(root):
        if id(node) in skipped:
            continue
        for attr in ("value", "description", "tooltip", "placeholder"):
            v = getattr(node, attr, None)
            if isinstance(v, str):
                parts.append(v)
        opts = getattr(node, "options", None)
        if isinstance(opts, (list, tuple)):
            parts.extend(str(o) for o in opts)
    return "\n".join(parts)
