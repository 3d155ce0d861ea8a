"""The game screen of a page (a mixin of :class:`~.app.GameApp`), made when it is first needed.

A page opens on its setup screen (or the resume offer): about half of its widgets. The rest
(the board and its panels, the prompt with its turn line, End-turn and Hint buttons, the hand,
the log, the menu with Save, Load and the bot speed, the hot-seat and New-game questions) is the
*game screen*, a hundred and fifty widgets or more. Every widget model made at load is a part
of the setup screen (the browser is sent every model, shown or not; the resume offer's text and
buttons are made only when there is a game to resume), and parts that look the same share their
layout and style models (the seats' labels, their menus).
Every widget costs the kernel time to make and the browser time to take in before the page
shows, so the page makes them when they are first needed: Start, Resume, the Menu, a test
reading ``app.view``. Reading any name in :data:`SCREEN_ATTRS` before it exists makes the whole
screen first. They are not made in the background on a timer: widgets made while the browser
is still fetching the page's widgets (a slow load) reach it half-known ("widget model not
found"); a click comes only once the page is fully in the browser. Without a running loop
(tests, scripts) the screen is made at once, with the page.

``on_screen(callback)`` runs ``callback(app)`` once the game screen exists (at once if it does):
what a page wires into its board (BattleGoats' battle report) waits for it there.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from ..common.dom import button, hide, set_classes, shared_defaults
from .log import GameLog
from .pacing import BOT_SPEEDS
from .views import ActionListView, GameView

__all__ = ["GameScreen", "SCREEN_ATTRS"]

#: the attributes the game screen makes: reading one before it exists makes the screen first
SCREEN_ATTRS = frozenset({
    "view", "regions", "log", "handoff_text", "handoff_button", "handoff_box",
    "confirm_text", "confirm_yes", "confirm_no", "confirm_box",
    "save_button", "save_link", "load_upload", "save_box", "conflict_text", "take_over_button",
    "save_copy_button", "conflict_box", "actions_row", "_prompt_parts", "prompt_panel", "board_col",
    "side", "dialogs_box", "view_box", "game_box", "menu_advanced", "menu_box",
    "turn", "end_turn_button", "hint_button", "hint_output", "speed_dropdown",
    "review_button", "review_upload", "review_box", "notify_checkbox",
})


class GameScreen:
    """Makes the game screen once, when first needed (see the module docstring). The app supplies ``spec``, ``_ticker``, ``_guarded``, the early parts
    (``style``, ``topbar``, ``help_box``, ...) and the mixins' builders."""

    _screen_built = False
    _screen_building = False

    def _prepare_screen(self, view_factory: Callable[[], GameView] | None) -> None:
        self._view_factory = view_factory
        self._screen_callbacks: list[Callable[[Any], None]] = []
        if not self._ticker.available:
            self._ensure_screen()  # tests and scripts: the whole page at once

    def __getattr__(self, name: str) -> Any:
        # only called for a name not found: the game screen's parts before they are made
        if name in SCREEN_ATTRS and not self.__dict__.get("_screen_built") \
                and not self.__dict__.get("_screen_building") and "_view_factory" in self.__dict__:
            self._ensure_screen()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def screen_built(self) -> bool:
        """Whether the game screen has been made (it is, once a game has been shown)."""
        return self._screen_built

    def on_screen(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(app)`` once the game screen exists (at once when it does)."""
        if self._screen_built:
            callback(self)
        else:
            self._screen_callbacks.append(callback)

    def _ensure_screen(self) -> None:
        """Make the game screen, once."""
        if self._screen_built or self._screen_building:
            return
        self._screen_building = True
        try:
            self._build_screen()
        finally:
            self._screen_building = False
        self._screen_built = True
        for callback in self._screen_callbacks:
            callback(self)
        self._screen_callbacks.clear()

    @shared_defaults()
    def _build_screen(self) -> None:
        factory = self._view_factory
        self.view: GameView = factory() if factory is not None else ActionListView()
        self.view.bind(self)

        # hand-off screen
        self.handoff_text = w.HTML()
        self.handoff_text.add_class("lsn-handoff-text")
        self.handoff_button = button("Show my game", "lsn-handoff-ok", self.take_device,
                                     width="auto", button_style="warning", icon="eye")
        self.handoff_box = w.VBox([self.handoff_text, self.handoff_button], layout=w.Layout(align_items="center"))
        self.handoff_box.add_class("lsn-handoff-box")
        self.handoff_box.add_class("lsn-handoff")

        # "New game" in the middle of a game asks first
        self.confirm_text = w.HTML()
        self.confirm_yes = button("Yes, new game", "lsn-confirm-new-yes", self.show_setup, width="auto",
                                  button_style="warning")
        self.confirm_no = button("Keep playing", "lsn-confirm-new-no", self._cancel_new_game, width="auto")
        self.confirm_no.add_class("lsn-dialog-main")  # the template's keyboard.js: focus here, Esc clicks it
        self.confirm_no.add_class("lsn-dialog-cancel")
        self.confirm_box = w.HBox([self.confirm_text, self.confirm_yes, self.confirm_no],
                                  layout=w.Layout(align_items="center", grid_gap="8px", flex_flow="row wrap"))
        self.confirm_box.add_class("lsn-confirm-new")
        hide(self.confirm_box)

        self._build_save_box()
        self.log = GameLog(self.spec, height="7.5em")
        self.turn = w.HTML()
        self.turn.add_class("lsn-turn")
        self.end_turn_button = button(self.spec.end_turn_label, "lsn-end-turn", self.end_turn,
                                      width="auto", button_style="info", icon="forward")
        self._build_hint_button()
        self._build_review()
        # the bot speed menu (in the menu below), set to the speed chosen (remembered per browser)
        self.speed_dropdown = w.Dropdown(options=list(BOT_SPEEDS), value=self.bot_speed, description="Bot speed",
                                         layout=w.Layout(width="14em"))
        self.speed_dropdown.add_class("lsn-bot-speed")
        self.speed_dropdown.observe(self._speed_changed, "value")
        if not self.spec.bots:
            hide(self.speed_dropdown)

        # the game screen: board left; prompt and actions, dialogs, hand and log right
        regions = self.regions = self.view.regions()
        for part, css in ((regions.board, "lsn-board"), (regions.prompt, "lsn-view-prompt"),
                          (regions.hand, "lsn-hand"), (regions.players, "lsn-players")):
            if part is not None:
                part.add_class(css)
        self.actions_row = w.HBox([x for x in (regions.actions, self.end_turn_button, self.hint_button,
                                               self.review_button) if x is not None])
        self.actions_row.add_class("lsn-actions")
        self._prompt_parts = [x for x in (self.turn, self.status, regions.prompt, self.actions_row, self.hint_output)
                              if x is not None]
        self.prompt_panel = w.VBox([x for x in self._prompt_parts if x is not self.status])
        self.prompt_panel.add_class("lsn-prompt")
        self.board_col = w.VBox([x for x in (regions.board, regions.players) if x is not None])
        self.board_col.add_class("lsn-board-col")
        # the dialogs lie over the top of the side column (style.py): nothing moves as they come and go
        for dialog in regions.dialogs:
            dialog.add_class("lsn-dialog")
        self.dialogs_box = w.VBox(list(regions.dialogs))
        self.dialogs_box.add_class("lsn-dialogs")
        self.side = w.VBox([self.dialogs_box, *([regions.hand] if regions.hand is not None else []),
                            w.HTML('<div class="lsn-section-title">Game log</div>'), self.log.widget])
        self.side.add_class("lsn-side")
        self.view_box = w.Box([self.board_col, self.prompt_panel, self.side])
        self.view_box.add_class("lsn-view")
        self.view_box.add_class("lsn-screen")
        self.game_box = w.VBox([self.conflict_box, self.handoff_box, self.view_box])
        self.game_box.add_class("lsn-game")
        hide(self.game_box)
        hide(self.handoff_box)

        # the menu: saving, loading, and (closed) advanced tools
        # its contents (pause or step the bots, a bot-vs-bot run) are made when first opened
        self.menu_advanced = w.Accordion(children=[w.VBox(list(regions.advanced))], titles=("Advanced",),
                                         selected_index=None)
        self.menu_advanced.observe(lambda c: c["new"] is not None and self._advanced_tools, "selected_index")
        self.menu_advanced.add_class("lsn-menu-advanced")
        # decisions with one legal action: taken for the player unless they ask (remembered)
        self.ask_single_checkbox = w.Checkbox(value=getattr(self, "_ask_single_start", False), indent=False,
                                              description="Ask me even when there is only one choice",
                                              layout=w.Layout(width="auto"))
        self.ask_single_checkbox.add_class("lsn-ask-single")
        self.ask_single_checkbox.observe(self._ask_single_changed, "value")
        if not self.take_forced_steps:
            hide(self.ask_single_checkbox)
        # a sound and a blinking tab title when the decision becomes yours (off unless asked; remembered;
        # static/turn_alert.js does it while the page root has lsn-notify-on)
        self.notify_checkbox = w.Checkbox(value=bool(self.prefs.get("notify_turn", False)) if self.prefs else False,
                                          indent=False, description="Sound and tab alert when it is my turn",
                                          layout=w.Layout(width="auto"))
        self.notify_checkbox.add_class("lsn-notify-turn")
        self.notify_checkbox.observe(self._notify_changed, "value")
        set_classes(self.widget, {"lsn-notify-on": self.notify_checkbox.value})
        self.menu_box = w.VBox([self.save_box, self.review_upload, self.speed_dropdown, self.ask_single_checkbox,
                                self.notify_checkbox, self.menu_advanced])
        self.menu_box.add_class("lsn-menu")
        if not self.menu_button.value:
            hide(self.menu_box)

        # the page's parts in order; the hidden ones join the page when first shown (a browser
        # draws every part it is given, hidden or not: the setup screen draws half as many)
        # (the seed, shown when a game ends, goes under the game: above it, it pushed the board down)
        self._parts = (self.style, self.topbar, self.confirm_box, self.menu_box, self.help_box,
                       self.status_slot, self.resume_box, self.setup_box, self.game_box, self.seed_note,
                       self.review_box)
        self._late_parts = (self.confirm_box, self.menu_box, self.game_box, self.review_box)
        self.widget._lsn_detached = self._late_parts  # still walked by widget_tree and tree_text

    def _ask_single_changed(self, change) -> None:
        """"Ask me even when there is only one choice" (remembered for this browser); turned
        off, a waiting forced step is taken now."""
        if self.prefs is not None:
            self.prefs.set("ask_single", bool(change["new"]))
        if not change["new"]:
            self._schedule_bots()

    def _notify_changed(self, change) -> None:
        """"Sound and tab alert when it is my turn" (remembered for this browser)."""
        if self.prefs is not None:
            self.prefs.set("notify_turn", bool(change["new"]))
        set_classes(self.widget, {"lsn-notify-on": bool(change["new"])})

    def _menu_toggled(self, change) -> None:
        """The Menu button: show or hide the menu (made with the game screen); Esc closes it
        (keyboard.js clicks the visible lsn-dialog-cancel)."""
        (self._show if change["new"] else hide)(self.menu_box)
        set_classes(self.menu_button, {"lsn-dialog-cancel": change["new"]})
