"""The BattleGoats play page: the shared game-app shell with the BattleGoats board.

``play_app()`` returns a :class:`~livestock_notebooks.widgets.shell.app.GameApp` set up for
BattleGoats: 2-6 seats (human, ``Random`` bot or ``Smart`` bot, which plays on what it has
seen), basic deal or draft, optional round limit, bot speed, and optionally the players' own
card list (the data file's format, every bad row reported); hot-seat hand-off, undo,
save/load/autosave/resume and the log come from the shell::

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
from ...core.game_info import GameInfo
from .board import PLAYER_COLOURS, BattleGoatsView
from ..shell.app import HUMAN_LABEL, GameApp

__all__ = ["BOT_SPEEDS", "battlegoats_spec", "describe_turn", "play_app"]

#: Seconds between visible bot steps, by the name shown in the setup.
BOT_SPEEDS = {"Slow": 1.4, "Normal": 0.7, "Fast": 0.2, "Instant": 0.02}


def describe_turn(state) -> str:
    """The turn line (public facts only)."""
    if state.is_over:
        winners = state.winners
        if state.result == "shared":
            return "Game over: " + " and ".join(f"Player {p + 1}" for p in winners) + " share the victory"
        if state.result == "no_victors":
            return "Game over: there are no victors"
        if state.result == "max_rounds":
            return "Game over: round limit reached, nobody wins"
        return f"Game over: Player {winners[0] + 1} wins"
    cp = state.current_player
    who = f"Player {cp + 1}"
    phase = state.phase
    if phase == "draft":
        return f"Draft: {who} keeps a card ({len(state.packs[cp])} in the pack)"
    if phase == "layout":
        return f"Battlefield setup: {who} lays out ({len(state.hands[cp])} cards to place)"
    if phase == "first":
        return f"{who} finished first and chooses who attacks first"
    if phase == "move":
        return f"Battle begins: {who} may move a card"
    stage = state.stage
    head = f"Round {state.round}{'/' + str(state.max_rounds) if state.max_rounds else ''}: Player {state.seat + 1} attacks"
    if stage == "attacker":
        return head
    if stage == "defender":
        return f"{head}; {who} chooses the defending card"
    if stage == "dodge":
        return f"{head}; {who} may avoid the battle"
    if stage == "ending":
        return f"The last cards fell together: {who} chooses how it ends"
    return head


def _progress(state) -> float:
    if state.is_over:
        return 1.0
    if state.phase in ("draft", "layout", "first", "move"):
        return 0.05
    total = sum(1 for b in state.board for c in b if c is not None)
    start = 9 * state.players
    return max(0.05, min(0.99, 1 - total / start))


def battlegoats_spec(**options: Any) -> GameInfo:
    """The :class:`GameInfo` of BattleGoats (``options`` go to ``new_game``)."""
    return GameInfo(
        name="battlegoats",
        title="BattleGoats",
        new_game=bg.new_game,
        load=bg.load,
        bots={"Random": bg.RandomBot, "Smart": bg.SeenBot},
        min_players=2,
        max_players=6,
        default_players=3,
        player_color=lambda i: PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
        turn_key=lambda s: (s.phase, s.seat, s.round),
        describe_turn=describe_turn,
        progress=_progress,
        players_of=lambda s: s.players,
        new_game_options=dict(options),
    )


def play_app(*, bot_delay: float | None | str = "setup", autosave: bool = True, save_directory=None,
             check_resume: bool = True, step_delay: float | None | str = "speed", loop=None) -> GameApp:
    """The BattleGoats page. ``bot_delay`` overrides the speed chosen in the setup (``None``
        ``"setup"`` (default) follows the speed chosen in the setup; ``None`` never schedules bots
    (tests step them by hand). ``step_delay``: seconds between the steps of the battle report
    (``"speed"``: 0.6 times the bot speed; ``None``: every step at once)."""
    spec = battlegoats_spec()
    mode = w.ToggleButtons(options=[("Basic deal", False), ("Draft", True)], value=False,
                           description="Army", tooltips=["Each player is dealt 8 cards and a Hero",
                                                         "Keep one card of your pack, pass the rest right, repeat"])
    mode.add_class("lsn-bg-mode")
    rounds = w.Dropdown(options=[("No limit", 0), ("10 rounds", 10), ("20 rounds", 20), ("40 rounds", 40)],
                        value=0, description="Round limit")
    rounds.add_class("lsn-bg-rounds")
    speed = w.Dropdown(options=list(BOT_SPEEDS), value="Normal", description="Bot speed")
    speed.add_class("lsn-bg-speed")
    notes = w.HTML(
        '<div style="color:#555;font-size:0.92em;max-width:48em">Bots: <b>Random</b> picks any legal move; '
        "<b>Smart</b> remembers every card it has seen and attacks where its odds are best. The first human "
        "seat lays out first and so chooses who attacks first.</div>")
    holder: dict = {"cards": None}
    cards_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Own card list")
    cards_upload.add_class("lsn-bg-cards")
    cards_status = w.HTML('<span style="color:#555">Playing with the 81 built-in cards.</span>')
    cards_status.add_class("lsn-bg-cards-status")
    cards_reset = w.Button(description="Built-in cards", icon="undo", layout=w.Layout(width="auto"),
                           tooltip="Forget the uploaded card list")
    cards_reset.add_class("lsn-bg-cards-reset")
    cards_box = w.HBox([cards_upload, cards_reset, cards_status], layout=w.Layout(align_items="center", grid_gap="6px"))

    def load_card_list(text, name: str = "the file") -> bool:
        """Use a card list (the data file's format) for new games; shows every bad row."""
        try:
            cards = bg.load_cards(text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else text)
            if len(cards.heroes) < 2 or len(cards.others) < 16:
                raise bg.CardListError([(None, "cards", f"{len(cards.heroes)} Heroes and {len(cards.others)} other "
                                         "cards: a game needs one Hero and 8 other cards per player")])
        except (bg.CardListError, UnicodeDecodeError) as exc:
            problems = getattr(exc, "problems", None) or [(None, "file", str(exc))]
            rows = "".join(f"<li>{'row ' + str(r) if r is not None else 'card list'}, {html.escape(str(f))}: "
                           f"{html.escape(str(m))}</li>" for r, f, m in problems[:30])
            more = f"<li>... and {len(problems) - 30} more</li>" if len(problems) > 30 else ""
            cards_status.value = (f'<div class="lsn-msg-error" style="color:#b00020">Could not use {html.escape(name)}:'
                                  f"<ul>{rows}{more}</ul></div>")
            return False
        holder["cards"] = cards
        cards_status.value = (f'<span class="lsn-msg-info" style="color:#1b5e20">Using {html.escape(name)}: '
                              f"{len(cards)} cards ({len(cards.heroes)} Heroes).</span>")
        return True

    def card_upload_changed(change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        fname = item["name"] if isinstance(item, dict) else getattr(item, "name", "the file")
        load_card_list(bytes(content), fname)
        cards_upload.value = ()

    def cards_back(_b=None) -> None:
        holder["cards"] = None
        cards_status.value = '<span style="color:#555">Playing with the 81 built-in cards.</span>'

    cards_upload.observe(card_upload_changed, "value")
    cards_reset.on_click(cards_back)

    def setup_options() -> dict:
        app = holder["app"]
        seats = [dd.value for dd in app.seat_dropdowns[: app.players.value]]
        first = next((i for i, kind in enumerate(seats) if kind == HUMAN_LABEL), 0)
        options = {"draft": bool(mode.value), "max_rounds": rounds.value or None,
                   "layout_first": first}
        if holder["cards"] is not None:
            options["cards"] = holder["cards"]
        return options

    view_box: dict = {}

    def make_view() -> BattleGoatsView:
        view = BattleGoatsView(step_delay=None if step_delay is None else 0.7, loop=loop)
        view_box["view"] = view
        return view

    app = GameApp(spec, view_factory=make_view, bot_delay=BOT_SPEEDS[speed.value] if bot_delay == "setup" else bot_delay,
                  autosave=autosave, save_directory=save_directory, check_resume=check_resume,
                  setup_widgets=[mode, rounds, speed, cards_box, notes], setup_options=setup_options, loop=loop)
    holder["app"] = app
    app.view.listen(app)
    app.mode_toggle = mode
    app.rounds_dropdown = rounds
    app.speed_dropdown = speed
    app.load_card_list = load_card_list
    app.card_list_status = cards_status

    report = app.view.report
    follow = step_delay == "speed"
    report.step_delay = BOT_SPEEDS[speed.value] * 0.6 if follow else step_delay

    def speed_changed(change) -> None:
        if app.bot_delay is not None:
            app.bot_delay = BOT_SPEEDS[change["new"]]
        if follow:
            report.step_delay = BOT_SPEEDS[change["new"]] * 0.6

    speed.observe(speed_changed, "value")

    def pace(_app, _events) -> None:
        # bots wait until the step-by-step reveal of the last attack has been shown
        if app.bot_delay is not None and bot_delay == "setup":
            app.bot_delay = BOT_SPEEDS[speed.value] + report.remaining_seconds()

    app.on_change(pace)
    # the speed control also sits under the board while playing (same widget model)
    app.controls.children = tuple(app.controls.children) + (speed,)
    app.view.report.reset()
    return app
