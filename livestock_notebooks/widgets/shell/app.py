"""The game-app shell every game page shares: seats, turns, bots, hot-seat, undo, saves, log.

A page builds a :class:`~livestock_notebooks.core.session.GameInfo` for its engine and a
:class:`GameView` for its board, then shows ``GameApp(spec, view_factory=MyBoard)``::

    app = GameApp(spec, view_factory=LivestockBoardView)
    app            # last line of a cell: shows app.widget

Everything decided (whose view, undo, saves) lives in :class:`~livestock_notebooks.core.session.Session`;
this module only shows it. Widgets are built once and updated in place (traits change; nothing
is re-displayed). Every control has a ``lsn-...`` CSS class for browser tests, can be driven
from Python (``app.undo_button.click()``) and is a real button, so the keyboard reaches it.

Bots play visibly, one action per tick, on the kernel's asyncio loop (``loop.call_later``),
which runs between messages in Voila and JupyterLab. Without a running loop (tests, scripts)
nothing is scheduled and callers step with :meth:`GameApp.step` or :meth:`GameApp.run_bots`.

Hot-seat: when the decision passes to another human, the view is cleared
(:meth:`GameView.clear`) and a "pass the device" screen is shown until that player confirms.
Views are built only from ``state.player_view(viewer)``, so a hidden hand is never in the
widget tree.
"""
from __future__ import annotations

import base64
import contextlib
import html
import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...core.protocol import Action, Event
from ...core.errors import IllegalAction, SaveFileError
from ...core.session import HUMAN, AutosaveInfo, GameInfo, LogEntry, Seat, Session, find_autosave
from ..common.uploads import upload_bytes
from .pacing import BOT_SPEEDS, DEFAULT_BOT_SPEED, Ticker, running_loop

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

HUMAN_LABEL = "Human"

APP_CSS = """
<style>
.lsn-app { max-width: 1100px; }
.lsn-title h2 { margin: 0.2em 0; }
.lsn-turn { font-size: 1.1em; font-weight: 600; }
.lsn-turn .lsn-chip { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
  margin-right: 0.4em; vertical-align: -0.1em; border: 1px solid #333; }
.lsn-status { min-height: 1.6em; }
.lsn-status .lsn-msg-error { color: #b00020; font-weight: 600; }
.lsn-status .lsn-msg-info { color: #1b5e20; }
.lsn-status .lsn-msg-bot { color: #555; font-style: italic; }
.lsn-app .lsn-log .widget-html-content, .lsn-app .lsn-status .widget-html-content { line-height: 1.4; }
.lsn-log-scroll { max-height: 15em; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid #ccc; border-radius: 4px; padding: 4px 10px; background: #fcfcfc; }
.lsn-log-scroll ol { margin: 0; padding-left: 1.6em; }
.lsn-log-scroll li { margin: 1px 0; }
.lsn-log-dot { display: inline-block; width: 0.7em; height: 0.7em; border-radius: 50%;
  margin-right: 0.35em; }
.lsn-handoff-box { border: 3px dashed #888; border-radius: 8px; padding: 1.5em; text-align: center;
  background: #f4f4f4; }
.lsn-handoff-box .lsn-handoff-text { font-size: 1.3em; }
.lsn-resume-box { border: 2px solid #2e7d32; border-radius: 8px; padding: 0.8em; background: #f1f8e9; }
.lsn-section-title { font-weight: 600; margin-top: 0.6em; }
.lsn-save-anchor { display: inline-block; padding: 4px 12px; border: 1px solid #888; border-radius: 3px;
  background: #eee; color: #000; text-decoration: none; }
.lsn-save-anchor:focus, .lsn-save-anchor:hover { background: #ddd; outline: 2px solid #1976d2; }
.lsn-actions-list .widget-button { width: auto; }
</style>
"""


def illegal_message(error: IllegalAction) -> str:
    """An engine refusal in words: the rule, and the rulebook section when there is one."""
    if error.section:
        return f"Not allowed: {error.rule} (rulebook: {error.section})."
    return f"Not allowed: {error.rule}."


# --------------------------------------------------------------------------- log
class GameLog:
    """The game log in words, newest at the bottom; the box scrolls and stays at the bottom.

    ``widget`` is one HTML widget whose value is replaced in place.
    """

    def __init__(self, spec: GameInfo | None = None, *, max_lines: int = 300, height: str = "15em"):
        self.spec = spec
        self.max_lines = max_lines
        self.height = height
        self.entries: list[LogEntry] = []
        self.widget = w.HTML(layout=w.Layout(width="100%"))
        self.widget.add_class("lsn-log")
        self._render()

    def set_entries(self, entries: Sequence[LogEntry]) -> None:
        if list(entries) == self.entries:
            return
        self.entries = list(entries)
        self._render()

    @property
    def lines(self) -> list[str]:
        return [e.text for e in self.entries]

    def _render(self) -> None:
        shown = self.entries[-self.max_lines:]
        start = len(self.entries) - len(shown) + 1
        items = []
        for e in shown:
            color = self.spec.color(e.player) if (self.spec is not None and e.player is not None) else None
            dot = f'<span class="lsn-log-dot" style="background:{html.escape(color)}"></span>' if color else ""
            items.append(f'<li class="lsn-log-line lsn-log-{html.escape(e.kind or "note")}">{dot}{html.escape(e.text)}</li>')
        body = "".join(items) if items else '<li class="lsn-log-empty">Nothing has happened yet.</li>'
        self.widget.value = (
            f'<div class="lsn-log-scroll" role="log" aria-live="polite" style="max-height:{self.height}">'
            f'<div><ol start="{start}">{body}</ol></div></div>'
        )


# --------------------------------------------------------------------------- views
@dataclass
class Batch:
    """What a :meth:`GameApp.batch` block played: how many actions were applied, their
    events, and whether one was refused."""

    applied: int = 0
    events: list = field(default_factory=list)
    refused: bool = False


@dataclass
class ViewContext:
    """What a game view may show. ``view`` is ``state.player_view(viewer)`` (``None`` when no
    human's view may be shown); ``legal`` are the viewer's legal actions when it is their
    decision, else empty; ``events`` those of the last action."""

    session: Session
    view: Any
    viewer: int | None
    legal: list
    current_player: int | None
    events: list = field(default_factory=list)
    is_over: bool = False
    bot_turn: bool = False

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)


class GameView:
    """Base of a game's main view. Build ``self.widget`` once in ``__init__``; update it in
    place in :meth:`update`; :meth:`clear` must drop everything private (hot-seat). Call
    ``self.app.act(action)`` to play an action (errors are shown by the app)."""

    def __init__(self):
        self.widget: w.Widget = w.VBox()
        self.app: "GameApp | None" = None

    def bind(self, app: "GameApp") -> None:
        self.app = app

    def update(self, ctx: ViewContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def clear(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        if self.app is None:
            raise RuntimeError("view is not bound to an app")
        return self.app.act(action)

    def later(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` right after the current click is handled (on the kernel loop), so the
        board's message leaves first; immediately when there is no loop (tests)."""
        if self.app is not None:
            self.app.defer(fn)
        else:
            fn()


class ActionListView(GameView):
    """A generic view for any engine: the viewer's view as text and one button per legal
    action. Buttons are pooled and relabelled in place. Pages replace it with a real board."""

    def __init__(self, max_buttons: int = 60, describe: Callable[[Any], str] | None = None):
        super().__init__()
        self.describe = describe
        self.info = w.HTML()
        self.info.add_class("lsn-view-info")
        self.buttons: list[w.Button] = []
        self._actions: list[Action] = []
        self.max_buttons = max_buttons
        self.box = w.Box(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.box.add_class("lsn-actions-list")
        self.widget = w.VBox([self.info, self.box])
        self.widget.add_class("lsn-action-view")

    def _button(self, i: int) -> w.Button:
        while len(self.buttons) <= i:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("lsn-action")
            index = len(self.buttons)
            b.on_click(lambda _b, index=index: self._clicked(index))
            self.buttons.append(b)
        return self.buttons[i]

    def _clicked(self, index: int) -> None:
        if index < len(self._actions):
            self.act(self._actions[index])

    def update(self, ctx: ViewContext) -> None:
        if self.describe is not None:
            text = self.describe(ctx.view)
        else:
            text = html.escape(json.dumps(ctx.view, sort_keys=True)) if ctx.view is not None else ""
        self.info.value = f'<div class="lsn-view-text">{text}</div>'
        self._actions = list(ctx.legal[: self.max_buttons])
        shown = []
        for i, action in enumerate(self._actions):
            b = self._button(i)
            b.description = str(action)
            b.tooltip = str(action)
            shown.append(b)
        if tuple(shown) != tuple(self.box.children):
            self.box.children = tuple(shown)

    def clear(self) -> None:
        self.info.value = ""
        self._actions = []
        for b in self.buttons:
            b.description = ""
        self.box.children = ()


# --------------------------------------------------------------------------- headless runner
class HeadlessRunner:
    """Plays a bot-only game to the end without a board, with a progress bar.

    ``seats`` gives the bot names (one per player) when the run starts. The game is played in
    slices of about ``slice_seconds`` on the kernel loop so the page keeps answering; without
    a loop (tests) :meth:`run` plays it all at once.
    """

    def __init__(self, spec: GameInfo, seats: Callable[[], Sequence[str]], *, seed: Callable[[], int] = lambda: 0,
                 options: Callable[[], Mapping[str, Any]] | None = None,
                 loop=None, slice_seconds: float = 0.05, chunk: int = 20):
        self.spec = spec
        self.seats = seats
        self.seed = seed
        self.options = options
        self.slice_seconds = slice_seconds
        self.chunk = chunk
        self.session: Session | None = None
        self.actions = 0
        self.run_button = w.Button(description="Run a bot-vs-bot game to the end", icon="play",
                                   layout=w.Layout(width="auto"))
        self.run_button.add_class("lsn-headless-run")
        self.run_button.on_click(lambda _b: self.start())
        self.progress = w.IntProgress(value=0, min=0, max=1000, description="Progress", bar_style="info")
        self.progress.add_class("lsn-headless-progress")
        self.result = w.HTML()
        self.result.add_class("lsn-headless-result")
        self.widget = w.VBox([w.HBox([self.run_button, self.progress]), self.result])
        self.widget.add_class("lsn-headless")
        self._ticker = Ticker(self._slice, loop=loop)

    @property
    def running(self) -> bool:
        return self.session is not None and not self.session.state.is_over and self.actions < self.spec.max_actions

    def start(self) -> None:
        """Start a new bot-vs-bot game; plays in slices on the loop, or all at once without one."""
        names = list(self.seats())
        self.session = self._new_session(names)
        self.actions = 0
        self.progress.value = 0
        self.progress.bar_style = "info"
        self.run_button.disabled = True
        self.result.value = f"Playing: {html.escape(', '.join(self.session.seat_label(i) for i in range(len(names))))}"
        if not self._ticker.schedule(0):
            self.run()

    def run(self) -> Session:
        """Play the started game to the end now (synchronously)."""
        if self.session is None:
            self.session = self._new_session(list(self.seats()))
        while self.running:
            self._play(10_000)
        self._finish()
        return self.session

    def _new_session(self, names: Sequence[str]) -> Session:
        options = dict(self.options()) if self.options is not None else {}
        return Session.new(self.spec, [Seat(n) for n in names], seed=int(self.seed()), options=options, autosave=False)

    def _slice(self) -> None:
        deadline = time.perf_counter() + self.slice_seconds
        self._play(self.chunk)
        while self.running and time.perf_counter() < deadline:
            self._play(self.chunk)
        if self.running:
            self._show_progress()
            self._ticker.schedule(0)
        else:
            self._finish()

    def _play(self, count: int) -> None:
        for _ in range(count):
            if not self.running:
                break
            self.session.bot_step()
            self.actions += 1

    def _fraction(self) -> float:
        s = self.session
        if s is None:
            return 0.0
        if s.state.is_over:
            return 1.0
        if self.spec.progress is not None:
            try:
                return max(0.0, min(1.0, float(self.spec.progress(s.state))))
            except Exception:  # a progress hook never stops a game
                pass
        return min(1.0, self.actions / max(1, self.spec.max_actions))

    def _show_progress(self) -> None:
        self.progress.value = int(self._fraction() * self.progress.max)
        self.result.value = html.escape(f"{self.actions} actions played; {self.spec.turn_text(self.session.state)}")

    def _finish(self) -> None:
        s = self.session
        self.run_button.disabled = False
        self.progress.value = self.progress.max
        if s.state.is_over:
            self.progress.bar_style = "success"
            text = f"{s.result_text()} ({self.actions} actions)"
        else:
            self.progress.bar_style = "warning"
            text = f"Stopped after {self.actions} actions without an end."
        self.result.value = f'<span class="lsn-headless-done">{html.escape(text)}</span>'


# --------------------------------------------------------------------------- the app
class GameApp:
    """The whole game page: resume offer, setup (seats human or bot), the game with its view,
    hot-seat screen, bots, undo, end-turn, save/load, log, and a headless bot-vs-bot runner.

    Parameters: ``spec`` (the game); ``view_factory()`` makes the :class:`GameView` (default
    :class:`ActionListView`); ``bot_delay`` seconds between visible bot actions (``None``:
    never schedule, step by hand); ``autosave`` and ``save_directory`` as in
    :class:`Session`; ``check_resume`` offers an unfinished autosave; ``setup_widgets`` and
    ``setup_options()`` add game options to the setup screen (passed to ``new_game``).
    """

    #: delay of deferred work (panels, autosave) after a click, see :meth:`defer`
    DEFER_SECONDS = 0.008

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
        loop=None,
    ):
        self.spec = spec
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_directory = save_directory
        self.setup_options = setup_options
        self.session: Session | None = None
        self.paused = False
        self.last_events: list[Event] = []
        self.view: GameView = view_factory() if view_factory is not None else ActionListView()
        self.view.bind(self)
        self._ticker = Ticker(self._bot_tick, loop=loop)
        self._listeners: list[Callable[["GameApp", list], None]] = []
        self._rest_pending = False
        self._batch: Batch | None = None

        # header
        self.style = w.HTML(APP_CSS)
        self.title = w.HTML(f"<h2>{html.escape(spec.title)}</h2>")
        self.title.add_class("lsn-title")
        self.turn = w.HTML()
        self.turn.add_class("lsn-turn")
        self.status = w.HTML()
        self.status.add_class("lsn-status")

        # resume offer
        self.resume_info = w.HTML()
        self.resume_button = w.Button(description="Resume game in progress", button_style="success", icon="play",
                                      layout=w.Layout(width="auto"))
        self.resume_button.add_class("lsn-resume")
        self.resume_button.on_click(lambda _b: self.resume())
        self.new_instead_button = w.Button(description="New game", icon="plus", layout=w.Layout(width="auto"))
        self.new_instead_button.add_class("lsn-resume-new")
        self.new_instead_button.on_click(lambda _b: self.show_setup())
        self.resume_box = w.VBox([self.resume_info, w.HBox([self.resume_button, self.new_instead_button])])
        self.resume_box.add_class("lsn-resume-box")
        self._autosave_found: AutosaveInfo | None = None

        # setup
        counts = list(range(spec.min_players, spec.max_players + 1))
        default = spec.default_players if spec.default_players in counts else counts[0]
        self.players = w.Dropdown(options=counts, value=default, description="Players")
        self.players.add_class("lsn-players")
        self.players.observe(lambda _c: self._show_seat_rows(), "value")
        seat_options = [HUMAN_LABEL] + list(spec.bots)
        self.seat_dropdowns: list[w.Dropdown] = []
        self.seat_rows: list[w.HBox] = []
        for i in range(spec.max_players):
            label = w.HTML(
                f'<span class="lsn-chip" style="display:inline-block;width:0.9em;height:0.9em;border-radius:50%;'
                f'background:{html.escape(spec.color(i))};margin-right:0.4em"></span>{html.escape(spec.seat_name(i))}',
                layout=w.Layout(width="11em"),
            )
            default_kind = HUMAN_LABEL if i == 0 or not spec.bots else list(spec.bots)[-1]
            dd = w.Dropdown(options=seat_options, value=default_kind, layout=w.Layout(width="12em"))
            dd.add_class("lsn-seat")
            dd.add_class(f"lsn-seat-{i}")
            self.seat_dropdowns.append(dd)
            row = w.HBox([label, dd])
            self.seat_rows.append(row)
        self.seed = w.IntText(value=1, description="Seed", layout=w.Layout(width="12em"))
        self.seed.add_class("lsn-seed")
        self.start_button = w.Button(description="Start game", button_style="primary", icon="play")
        self.start_button.add_class("lsn-start")
        self.start_button.on_click(lambda _b: self.start_from_setup())
        self.setup_box = w.VBox(
            [w.HTML('<div class="lsn-section-title">New game: who plays each seat?</div>'), self.players, *self.seat_rows,
             *setup_widgets, self.seed, self.start_button]
        )
        self.setup_box.add_class("lsn-setup")
        self._show_seat_rows()

        # hand-off screen
        self.handoff_text = w.HTML()
        self.handoff_text.add_class("lsn-handoff-text")
        self.handoff_button = w.Button(description="Show my game", button_style="warning", icon="eye",
                                       layout=w.Layout(width="auto"))
        self.handoff_button.add_class("lsn-handoff-ok")
        self.handoff_button.on_click(lambda _b: self.take_device())
        self.handoff_box = w.VBox([self.handoff_text, self.handoff_button], layout=w.Layout(align_items="center"))
        self.handoff_box.add_class("lsn-handoff-box")
        self.handoff_box.add_class("lsn-handoff")

        # controls
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back your last step")
        self.undo_button.add_class("lsn-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.end_turn_button = w.Button(description=spec.end_turn_label, button_style="info", icon="forward",
                                        layout=w.Layout(width="auto"))
        self.end_turn_button.add_class("lsn-end-turn")
        self.end_turn_button.on_click(lambda _b: self.end_turn())
        self.pause_button = w.Button(description="Pause bots", icon="pause", layout=w.Layout(width="auto"))
        self.pause_button.add_class("lsn-bots-pause")
        self.pause_button.on_click(lambda _b: self.toggle_pause())
        self.bot_step_button = w.Button(description="Bot: one step", icon="step-forward", layout=w.Layout(width="auto"))
        self.bot_step_button.add_class("lsn-bot-step")
        self.bot_step_button.on_click(lambda _b: self.step())
        self.new_game_button = w.Button(description="New game", icon="plus")
        self.new_game_button.add_class("lsn-new-game")
        self.new_game_button.on_click(lambda _b: self.show_setup())
        self.controls = w.HBox([self.end_turn_button, self.undo_button, self.pause_button, self.bot_step_button,
                                self.new_game_button], layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.controls.add_class("lsn-controls")

        # save / load
        self.save_button = w.Button(description="Save game", icon="download", tooltip="Make a save file to download")
        self.save_button.add_class("lsn-save")
        self.save_button.on_click(lambda _b: self.prepare_save())
        self.save_link = w.HTML()
        self.save_link.add_class("lsn-save-link")
        self.load_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Load game")
        self.load_upload.add_class("lsn-load")
        self.load_upload.observe(self._on_upload, "value")
        self.save_box = w.HBox([self.save_button, self.save_link, self.load_upload], layout=w.Layout(align_items="center", grid_gap="8px"))
        self.save_box.add_class("lsn-save-box")

        # log
        self.log = GameLog(spec)

        self.view_box = w.VBox([self.view.widget])
        self.view_box.add_class("lsn-view")
        self.game_box = w.VBox(
            [self.handoff_box, self.view_box, self.controls, self.save_box,
             w.HTML('<div class="lsn-section-title">Game log</div>'), self.log.widget]
        )
        self.game_box.add_class("lsn-game")

        # headless
        self.headless = HeadlessRunner(spec, self._headless_seats, seed=lambda: self.seed.value,
                                       options=lambda: dict(self.setup_options()) if self.setup_options else {},
                                       loop=loop)
        self.headless_box = w.VBox([w.HTML('<div class="lsn-section-title">Bot-vs-bot game (headless)</div>'),
                                    self.headless.widget])
        if not headless or not spec.bots:
            self.headless_box.layout.display = "none"

        self.widget = w.VBox([self.style, self.title, self.turn, self.status, self.resume_box, self.setup_box,
                              self.game_box, self.headless_box])
        self.widget.add_class("lsn-app")
        self.widget.add_class(f"lsn-app-{spec.name}")

        self._hide(self.game_box)
        self._hide(self.handoff_box)
        found = find_autosave(spec, save_directory) if (check_resume and autosave) else None
        if found is not None:
            self._autosave_found = found
            self.resume_info.value = (
                '<div class="lsn-section-title">A game is in progress</div>'
                f"<div>{html.escape(found.summary)}</div>"
                f'<div style="color:#555">Saved {html.escape(found.saved_at)}</div>'
            )
            self._hide(self.setup_box)
        else:
            self._hide(self.resume_box)

    # -- display ------------------------------------------------------------------------
    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    @staticmethod
    def _hide(widget: w.Widget) -> None:
        widget.layout.display = "none"

    @staticmethod
    def _show(widget: w.Widget, display: str = "") -> None:
        widget.layout.display = display or None

    def defer(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` soon on the kernel loop (after the current handler returns and its widget
        messages are sent); at once when there is no loop (tests, scripts)."""
        if self._ticker.available:
            # a short pause rather than call_soon: the kernel's IOPub thread needs the GIL to
            # send the messages of the handler that just ran, and gets it while the loop waits
            self._ticker.loop.call_later(self.DEFER_SECONDS, self._guarded, fn)
        else:
            fn()

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
    def _show_seat_rows(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            row.layout.display = None if i < n else "none"

    def _headless_seats(self) -> list[str]:
        names = list(self.spec.bots)
        out = []
        for dd in self.seat_dropdowns[: self.players.value]:
            out.append(dd.value if dd.value != HUMAN_LABEL else names[-1])
        return out

    def seats_from_setup(self) -> list[Seat]:
        return [Seat.human() if dd.value == HUMAN_LABEL else Seat.bot(dd.value)
                for dd in self.seat_dropdowns[: self.players.value]]

    def show_setup(self) -> None:
        """Back to the new-game screen (the game in progress stays autosaved until a new one starts)."""
        self._ticker.cancel()
        self._hide(self.resume_box)
        self._show(self.setup_box)
        self._hide(self.game_box)
        self.view.clear()
        self.session = None
        self.turn.value = ""
        self._message("Choose the seats, then start.", "info")

    def start_from_setup(self) -> Session:
        options = dict(self.setup_options()) if self.setup_options is not None else {}
        return self.start(self.seats_from_setup(), seed=self.seed.value, options=options)

    def start(self, seats: Sequence[Seat | str], *, seed: int = 0, options: Mapping[str, Any] | None = None) -> Session:
        """Start a new game (also what the Start button does)."""
        session = Session.new(self.spec, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                              options=options, autosave=self.autosave, save_directory=self.save_directory)
        self._enter(session, "New game started.")
        return session

    def start_state(self, state, seats: Sequence[Seat | str], *, seed: int = 0, message: str = "Game started.",
                    autosave: bool | None = None) -> Session:
        """Play on from a given engine state (a prepared position: tutorials, tests)."""
        session = Session(self.spec, state, [s if isinstance(s, Seat) else Seat(s) for s in seats], seed=seed,
                          autosave=self.autosave if autosave is None else autosave,
                          save_directory=self.save_directory)
        session.log.append(LogEntry(message, None, "new-game"))
        session.write_autosave()
        self._enter(session, message)
        return session

    def resume(self) -> Session | None:
        """Resume the autosaved game offered at page open."""
        found = self._autosave_found or find_autosave(self.spec, self.save_directory)
        if found is None:
            self._message("There is no game in progress to resume.", "error")
            return None
        try:
            session = Session.from_save_text(self.spec, found.text, autosave=self.autosave,
                                             save_directory=self.save_directory)
        except SaveFileError as exc:
            self._message(f"Could not resume: {exc}", "error")
            self.show_setup()
            return None
        session.log.append(LogEntry("Game resumed.", None, "resume"))
        self._enter(session, "Game resumed.")
        return session

    def _enter(self, session: Session, message: str) -> None:
        self._ticker.cancel()
        self.session = session
        self.paused = False
        self.last_events = []
        self._hide(self.resume_box)
        self._hide(self.setup_box)
        self._show(self.game_box)
        self.save_link.value = ""
        self._message(message, "info")
        self.refresh()
        self._schedule_bots()

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
            self._after([], f"Took back: {entry.action}")
        return True

    def step(self) -> bool:
        """One bot action now (what a tick does). False if no bot is to decide."""
        s = self.session
        if s is None or not s.is_bot_turn:
            return False
        player = s.current_player
        with s.autosave_later(self.defer):
            try:
                _action, events = s.bot_step()
            except Exception as exc:  # a broken bot pauses the game instead of killing the page
                self.paused = True
                self._message(f"{s.name(player)}'s bot failed: {type(exc).__name__}: {exc}. Bots paused.", "error")
                self.refresh()
                return False
            self._after(events, "", log_first=True)
        return True

    def run_bots(self, max_actions: int | None = None) -> int:
        """Play bot decisions synchronously until a human decides or the game ends."""
        limit = self.spec.max_actions if max_actions is None else max_actions
        count = 0
        while count < limit and self.step():
            count += 1
        return count

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self._ticker.cancel()
        else:
            self._schedule_bots()
        self.refresh()
        self._refresh_rest()

    def take_device(self) -> None:
        """The player named on the hand-off screen confirms they hold the device."""
        s = self.session
        if s is None or not s.needs_handoff:
            return
        s.take_device()
        self._message(f"{s.name(s.viewer)}, it is your decision.", "info")
        self.refresh()

    def load_text(self, text: str | bytes, name: str = "the file") -> bool:
        """Load a save file's text; a clear message on failure (the current game stays)."""
        try:
            session = Session.from_save_text(self.spec, text, autosave=self.autosave,
                                             save_directory=self.save_directory)
        except SaveFileError as exc:
            self._message(f"Could not load {name}: {exc}", "error")
            return False
        session.log.append(LogEntry(f"Game loaded from {name}.", None, "load"))
        session.write_autosave()
        self._enter(session, f"Loaded {name}.")
        return True

    def _on_upload(self, change) -> None:
        upload = upload_bytes(change)
        if upload is None:
            return
        name, content = upload
        self.load_text(content, name)
        self.load_upload.value = ()

    def _after(self, events: list, message: str | None, *, log_first: bool = False) -> None:
        """Show the page after a change; ``message`` replaces the status line (``None``
        keeps it: a refusal inside a batch stays on screen). ``log_first`` (a bot's step,
        which no click waits for) brings the log and controls up to date before the board,
        so the log is complete when the next decision is shown."""
        self.last_events = list(events)
        self.save_link.value = ""
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

    def _schedule_bots(self) -> None:
        s = self.session
        if s is None or self.paused or self.bot_delay is None or not s.is_bot_turn:
            return
        self._ticker.schedule(self.bot_delay)

    def cancel_bot_tick(self) -> None:
        """Drop a bot step scheduled on the loop (a page that hides the game, such as a
        tutorial's reading step); bots are scheduled again at the next change."""
        self._ticker.cancel()

    def _bot_tick(self) -> None:
        if self.paused:
            return
        self.step()

    # -- showing ---------------------------------------------------------------------------
    def message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status line; ``kind`` is ``info``, ``error`` or ``bot``."""
        self._message(text, kind)

    def _message(self, text: str, kind: str = "info") -> None:
        if not text:
            self.status.value = ""
            return
        self.status.value = f'<span class="lsn-msg-{kind}" role="status">{html.escape(text)}</span>'

    @property
    def status_text(self) -> str:
        """The status line as plain text (tests)."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.status.value))

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
        """Bring every widget up to date with the session, in place: the turn line and the
        board now, the log and the controls right after (``defer``), or first with
        ``log_first``."""
        s = self.session
        if s is None:
            return
        if log_first:
            self._refresh_rest()
        player = s.current_player
        color = self.spec.color(player) if player is not None else "#999"
        extra = ""
        if s.is_bot_turn:
            extra = " (bots paused)" if self.paused else f" ({s.seats[player].kind} bot is playing)"
        self.turn.value = (f'<span class="lsn-chip" style="background:{html.escape(color)}"></span>'
                           f'<span class="lsn-turn-text">{html.escape(self.spec.turn_text(s.state) + extra)}</span>')
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
            self.view.update(self.context())
        # the rest after the click's messages are out (at once without a loop)
        if not log_first and not self._rest_pending:
            self._rest_pending = True
            self.defer(self._refresh_rest)
        for callback in self._listeners:
            callback(self, self.last_events)

    def _refresh_rest(self) -> None:
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
        has_bots = any(seat.is_bot for seat in s.seats)
        self.pause_button.layout.display = None if has_bots else "none"
        self.bot_step_button.layout.display = None if has_bots else "none"
        self.pause_button.description = "Resume bots" if self.paused else "Pause bots"
        self.pause_button.icon = "play" if self.paused else "pause"
        self.bot_step_button.disabled = not s.is_bot_turn
        self.log.set_entries(s.log)

    def prepare_save(self) -> str:
        """Make the download link of the current game (the Save button). The link holds the
        whole game, hidden cards too, so it is dropped again at the next change or hand-off."""
        s = self.session
        if s is None:
            self._message("There is no game to save.", "error")
            return ""
        data = base64.b64encode(s.to_save_text().encode("utf-8")).decode("ascii")
        name = html.escape(s.save_filename())
        self.save_link.value = (f'<a class="lsn-save-anchor" download="{name}" '
                                f'href="data:application/json;base64,{data}">Download {name}</a>')
        self._message("Click the link to download the save file.", "info")
        return s.to_save_text()

    # -- introspection for tests -------------------------------------------------------
    def widget_tree(self) -> list[w.Widget]:
        """Every widget reachable from the app's root (children of boxes, in order)."""
        out, stack, seen = [], [self.widget], set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            out.append(node)
            for child in getattr(node, "children", ()) or ():
                stack.append(child)
        return out

    def tree_text(self) -> str:
        """All text in the widget tree (values, descriptions, options, tooltips)."""
        parts = []
        for node in self.widget_tree():
            for attr in ("value", "description", "tooltip", "placeholder"):
                v = getattr(node, attr, None)
                if isinstance(v, str):
                    parts.append(v)
            opts = getattr(node, "options", None)
            if isinstance(opts, (list, tuple)):
                parts.extend(str(o) for o in opts)
        return "\n".join(parts)
