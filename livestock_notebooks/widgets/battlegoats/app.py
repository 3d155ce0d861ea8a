"""The BattleGoats play page: the shared game-app shell with the BattleGoats board.

``play_app()`` returns a :class:`~livestock_notebooks.widgets.shell.app.GameApp` set up for
BattleGoats (:data:`battlegoats.GAME`): 2-6 seats (human, ``random`` bot or ``smart`` bot, which plays on
what it has seen), basic deal or draft; under the setup's closed Advanced section a round limit and the players' own
card list (the data file's format, every bad row reported); hot-seat hand-off, undo, the bot
speed, save/load/autosave/resume and the log come from the shell::

    from livestock_notebooks.widgets.battlegoats.app import play_app
    play_app()

The first human seat lays out first, so (as the rulebook says of whoever finishes first) that
player chooses who attacks first; with bots only, seat 1 does.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ... import battlegoats as bg
from ...battlegoats.army import check_card_list
from ...battlegoats import game as bg_game
from ...battlegoats.game import ARMY_MODES, ROUND_LIMITS, describe_turn, game_info
from ...core.game_info import GameInfo
from ..common.dom import shared_defaults
from ..common.uploads import take_upload
from ..shell.app import HUMAN_LABEL, GameApp
from ..shell.pacing import BOT_SPEEDS, DEFAULT_BOT_SPEED
from .board import BattleGoatsView
from .help import help_html

__all__ = ["BOT_SPEEDS", "battlegoats_spec", "describe_turn", "play_app"]

#: The card list needs a Hero and 8 other cards for each of at least this many players.
MIN_PLAYERS = bg.GAME.min_players


def battlegoats_spec(**options: Any) -> GameInfo:
    """:data:`battlegoats.GAME <livestock_notebooks.battlegoats.game.GAME>`, with ``options`` for ``new_game``."""
    return game_info(**options) if options else bg.GAME


@shared_defaults()
def play_app(*, bot_delay: float | None | str = "setup", autosave: bool = True, save_directory=None,
             check_resume: bool = True, step_delay: float | None | str = "speed", loop=None,
             spec: GameInfo | None = None) -> GameApp:
    """The BattleGoats page. ``bot_delay``: ``"setup"`` (default) follows the page's Bot speed
    menu; a number overrides it; ``None`` never schedules bots
    (tests step them by hand). ``step_delay``: seconds between the steps of the battle report
    (``"speed"``: 0.6 times the bot speed; ``None``: every step at once). ``spec``: the game
    description (default :data:`battlegoats.GAME`; the tutorial adds its scripted opponent)."""
    spec = bg.GAME if spec is None else spec
    mode = w.ToggleButtons(options=list(ARMY_MODES), value=False,
                           description="Army", tooltips=["Each player is dealt 8 cards and a Hero",
                                                         "Keep one card of your pack, pass the rest right, repeat"])
    mode.add_class("lsn-bg-mode")
    rounds = w.Dropdown(options=list(ROUND_LIMITS), value=0, description="Round limit")
    rounds.add_class("lsn-bg-rounds")
    notes = w.HTML(
        '<div style="color:#555;font-size:0.92em;max-width:48em">A round limit stops a long game after that many '
        "rounds, with no winner. Your own card list: a JSON file with the same columns as the built-in cards; "
        "every bad row is listed.</div>")
    holder: dict = {"cards": None}
    cards_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Own card list")
    cards_upload.add_class("lsn-bg-cards")
    cards_status = w.HTML('<span style="color:#555">Playing with the 81 built-in cards.</span>')
    cards_status.add_class("lsn-bg-cards-status")
    cards_reset = w.Button(description="Built-in cards", icon="undo", layout=w.Layout(width="auto"),
                           tooltip="Forget the uploaded card list")
    cards_reset.add_class("lsn-bg-cards-reset")
    cards_box = w.HBox([cards_upload, cards_reset, cards_status], layout=w.Layout(align_items="center", grid_gap="6px"))

    def show_card_problems(exc: bg.CardListError, name: str) -> None:
        problems = exc.problems or [(None, "file", str(exc))]
        rows = "".join(f"<li>{'row ' + str(r) if r is not None else 'card list'}, {html.escape(str(f))}: "
                       f"{html.escape(str(m))}</li>" for r, f, m in problems[:30])
        more = f"<li>... and {len(problems) - 30} more</li>" if len(problems) > 30 else ""
        cards_status.value = (f'<div class="lsn-msg-error" style="color:#b00020">Could not use {html.escape(name)}:'
                              f"<ul>{rows}{more}</ul></div>")

    def load_card_list(text, name: str = "the file") -> bool:
        """Use a card list (the data file's format, as content: never read as a file name) for
        new games; shows every bad row."""
        try:
            cards = bg.load_cards(text)
            check_card_list(MIN_PLAYERS, cards)
        except bg.CardListError as exc:
            show_card_problems(exc, name)
            return False
        holder["cards"] = cards
        cards_status.value = (f'<span class="lsn-msg-info" style="color:#1b5e20">Using {html.escape(name)}: '
                              f"{len(cards)} cards ({len(cards.heroes)} Heroes).</span>")
        return True

    def card_upload_changed(change) -> None:
        take_upload(change, cards_upload, load_card_list)

    def cards_back(_b=None) -> None:
        holder["cards"] = None
        cards_status.value = '<span style="color:#555">Playing with the 81 built-in cards.</span>'

    cards_upload.observe(card_upload_changed, "value")
    cards_reset.on_click(cards_back)

    def setup_options() -> dict:
        app = holder["app"]
        seats = [dd.value for dd in app.seat_dropdowns[: app.players.value]]
        options = {"draft": bool(mode.value), "max_rounds": rounds.value or None,
                   **bg_game.setup_options([kind == HUMAN_LABEL for kind in seats])}
        if holder["cards"] is not None:
            options["cards"] = holder["cards"]
        return options

    view_box: dict = {}

    def make_view() -> BattleGoatsView:
        view = BattleGoatsView(step_delay=None if step_delay is None else 0.7, loop=loop)
        view_box["view"] = view
        return view

    app = GameApp(spec, view_factory=make_view,
                  bot_delay=BOT_SPEEDS[DEFAULT_BOT_SPEED] if bot_delay == "setup" else bot_delay,
                  autosave=autosave, save_directory=save_directory, check_resume=check_resume,
                  setup_widgets=[mode], setup_options=setup_options, loop=loop, help_html=help_html(),
                  tutorial="battlegoats_tutorial")
    holder["app"] = app
    # what a player rarely needs sits in the setup's closed Advanced section
    extra = app.advanced.children[0]
    extra.children = (*extra.children, rounds, cards_box, notes)
    shell_start = app.start

    def start_checked(seats, *, seed=None, options=None, **kwargs):
        """Start as the shell does; a card list that cannot serve these seats (too few Heroes)
        is shown on the page instead of failing the click."""
        try:
            return shell_start(seats, seed=seed, options=options, **kwargs)
        except bg.CardListError as exc:
            show_card_problems(exc, "the uploaded card list")
            app.message(f"Cannot start: {exc.problems[0][2] if exc.problems else exc}", "error")
            return None

    setattr(app, "start", start_checked)  # the setup's Start button calls app.start
    app.mode_toggle = mode
    app.rounds_dropdown = rounds
    app.load_card_list = load_card_list
    app.card_list_status = cards_status
    follow = step_delay == "speed"

    def wire_board(_app) -> None:
        # the board's battle report, made with the game screen, follows the bot speed; the
        # bots' pace is read after the board has taken the events in
        app.view.listen(app)
        app.on_change(pace)
        app.view.report.step_delay = BOT_SPEEDS[app.bot_speed] * 0.6 if follow else step_delay
        app.view.report.reset()
        app.speed_dropdown.observe(speed_changed, "value")  # the shell's one Bot speed menu

    def speed_changed(change) -> None:
        if follow:
            app.view.report.step_delay = BOT_SPEEDS[change["new"]] * 0.6

    def pace(_app, _events) -> None:
        # bots wait until the step-by-step reveal of the last attack has been shown
        if app.bot_delay is not None and bot_delay == "setup":
            app.bot_delay = BOT_SPEEDS[app.bot_speed] + app.view.report.remaining_seconds()

    app.on_screen(wire_board)
    return app
