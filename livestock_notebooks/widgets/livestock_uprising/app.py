"""The Livestock Uprising game page: the board, panels and battle dialog in the shared shell.

    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app
    app = livestock_app()
    app

:class:`LivestockView` is the game's :class:`~livestock_notebooks.widgets.shell.app.GameView`:
click one of your Generals to see its moves (green) and attacks (red), click a square to
do it; an attack first opens the battle dialog with the exact odds. Harvest squares, barn
places and retreat squares are marked blue and are clicked the same way. Everything else the
rules allow now (stay, cards, marshalling, transfers, the Super Army) has a button, and
"Any legal action" (under the menu's Advanced section) lists every action there is.

Its parts on the game screen (:meth:`LivestockView.regions`): the board left with every
faction's public facts below it; the phase and what to do now in the prompt, with the selected
General's actions and the phase's actions; the decision and battle boxes as dialogs; your
Generals, the marshalling table and your command cards (as cards) in the hand panel.

The game itself (names, colours, turn text, the end-phase button, bots) is described once in
``livestock_uprising.GAME`` (:mod:`livestock_notebooks.livestock_uprising.game`).
"""
from __future__ import annotations

import dataclasses
import html
from typing import Any, Sequence

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle

from ... import livestock_uprising as LU
from ...links import page_href
from ...livestock_uprising import actions as A
from ...livestock_uprising import data as D
from ...livestock_uprising.events import EventKind
from ...livestock_uprising.views import GeneralView
from ...livestock_uprising.views import LivestockView as EngineView
from ...livestock_uprising.game import FACTION_COLOURS, PHASE_LABELS, end_phase_action
from ...core.game_info import GameInfo
from ..shell.app import GameApp, GameView, ViewContext
from ..shell.views import ScreenRegions
from .board import LivestockBoard
from .panels import (
    PANEL_CSS,
    ArmyPanel,
    ActionRow,
    BattleDialog,
    DecisionPanel,
    HandPanel,
    MarshalPanel,
    html_box,
    readings_html,
)
from ..common.dom import set_layout, shared_defaults

__all__ = ["LivestockView", "livestock_app", "play_app", "livestock_help_html", "livestock_spec", "livestock_bots", "PHASE_LABELS"]

STAR = "\u2605"
END_LABELS = {A.EndActions: "End action phase", A.EndHarvest: "End harvest phase", A.EndTurn: "End turn"}
#: Events whose squares the board marks as the last move (``lsn-last-move``): public data only.
_SQUARE_KEYS = ("from", "to", "square")
_MOVE_KINDS = ("move", "attack", "advance", "retreat", "barn")


def livestock_help_html() -> str:
    """The page's "how to play": short, in our own words, with the rule readings folded below."""
    return (
        '<div class="lsn-help-livestock">'
        "<p>Chickens, Cows, Goats and Pigs each lead three Generals: gather food, raise troops and be the "
        "last faction standing.</p><ul>"
        "<li><b>Start:</b> pick 2 to 4 seats, a human or a bot for each, and the faction each seat plays. "
        "Humans sharing a device get a <i>pass the device</i> screen that hides their cards.</li>"
        "<li><b>Move and attack:</b> click one of your Generals, then a green square to move or a red one "
        "to attack. The battle box shows both totals and the exact odds before you commit.</li>"
        "<li><b>Blue squares</b> are choices for now: your barn at the start, a harvest, a retreat.</li>"
        "<li><b>Buttons</b> next to the board do the rest: stay, command cards, marshalling, transfers, "
        "the Super Army. <i>End phase</i> moves on.</li>"
        "<li><b>Undo</b> takes back your own steps this turn (never a roll of the dice). The game saves "
        "itself after every move; <i>Menu</i> has Save and Load.</li>"
        "<li>Values the rulebook leaves open are tagged <span class=\"lsn-house\">house value</span>; the "
        f'<a href="{page_href("house_rules.ipynb")}">house rules</a> page lists them.</li></ul>'
        "<details><summary>Rule readings and house values used on this page</summary>"
        f"{readings_html()}</details></div>"
    )


def livestock_bots() -> dict:
    """Bot name -> factory, as the setup screen offers them (the stable names of ``LU.GAME.bots``)."""
    return dict(LU.GAME.bots)


def livestock_spec(bots: dict | None = None) -> GameInfo:
    """The game's description (``LU.GAME``), with other bots if ``bots`` is given (tests)."""
    return LU.GAME if bots is None else dataclasses.replace(LU.GAME, bots=bots)


class LivestockView(GameView):
    """Board + panels for one viewer. View state only: the selected General and the dialog."""

    def __init__(self):
        super().__init__()
        self.pub: EngineView | None = None
        self.ctx: ViewContext | None = None
        self._panels_for: ViewContext | None = None
        self._counts: list[int] = []
        self._battle_moment = None
        self._battle_kept = False  # a battle the viewer defended: shown until they close it
        self.selected: str | None = None
        self._index: dict[str, Any] = {}
        self.board = LivestockBoard(0)  # its square buttons come with the first game drawn
        self.board.on_click(self.click_square)
        self.style = w.HTML(PANEL_CSS)
        self.phase = html_box("lsn-phase")
        self.hint = html_box("lsn-hint")
        self.selection = html_box("lsn-selection")
        self.general_buttons = ActionRow("lsn-select-general", self._select_from_button)
        self.general_actions = ActionRow("lsn-general-action", self.act)
        self.phase_actions = ActionRow("lsn-phase-action", self.act, style="warning")
        self.battle = BattleDialog(self._commit_attack, self._cancel_attack)
        self.decision = DecisionPanel(self.act)
        self.hand = HandPanel(self.act)
        self.marshal = MarshalPanel(self.act)
        self.armies = ArmyPanel()
        self.any_action = w.Dropdown(options=[], description="Any legal action", layout=w.Layout(width="420px"),
                                     style={"description_width": "initial"})
        self.any_action.add_class("lsn-any-action")
        self.any_button = w.Button(description="Do it", icon="check")
        self.any_button.add_class("lsn-any-action-go")
        self.any_button.on_click(lambda _b: self._do_any())
        # the parts of the game screen (see regions())
        self.board_box = w.VBox([self.style, self.board.widget])
        self.prompt_box = w.VBox([self.phase, self.hint])
        self.actions_box = w.HBox([self.general_actions.box, self.phase_actions.box],
                                  layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.actions_box.add_class("lsn-livestock-actions")
        self.generals_panel = w.VBox([self.selection, self.general_buttons.box])
        self.generals_panel.add_class("lsn-panel")
        self.generals_panel.add_class("lsn-generals-panel")
        # marshalling first: in its phase it is the one useful thing, on view without scrolling
        self.hand_box = w.VBox([self.marshal.widget, self.generals_panel, self.hand.widget])
        self.advanced_box = w.HBox([self.any_action, self.any_button], layout=w.Layout(flex_flow="row wrap"))
        for part in (self.board_box, self.prompt_box, self.actions_box, self.hand_box, self.armies.widget,
                     self.decision.widget, self.battle.widget):
            part.add_class("lsn-livestock")
        self.widget = self.board_box

    def regions(self) -> ScreenRegions:
        """Board left (every faction's public facts below it); the phase and what to do now in the
        prompt, the selected General's and the phase's actions; the decision and battle boxes as
        dialogs; your Generals, marshalling and command cards as the hand; "Any legal action"
        under Advanced."""
        return ScreenRegions(board=self.board_box, prompt=self.prompt_box, actions=self.actions_box,
                             dialogs=(self.decision.widget, self.battle.widget), hand=self.hand_box,
                             players=self.armies.widget, advanced=(self.advanced_box,))

    # -- GameView ---------------------------------------------------------------------------
    def update(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        # the engine's view for the viewer; with nobody's private view on screen, the spectator's
        self.pub = ctx.view if ctx.view is not None else ctx.session.state.player_view(None)
        counts = list(self.pub.hand_sizes)
        pub = self.pub
        legal = list(ctx.legal)
        self._build_index(legal)
        movers = self._index["movers"]
        if self.selected is not None and not self._selectable(self.selected):
            self.selected = None
        if self.selected is not None and pub.phase_name == "action" and self.selected not in movers:
            self.selected = None  # it has done all it may this turn: no stale "click a green square"
        own = self._own_generals()
        if self.selected is None and len(own) == 1 and movers == [own[0].name]:
            self.selected = movers[0]  # a lone General (a Super Army): nothing to choose
        self._counts = counts
        self._draw_board(tooltips=False)  # the board first: its message leaves before the panels'
        self.let_out()
        self._panels_for = ctx
        self.later(self._draw_panels)

    def _draw_panels(self) -> None:
        ctx = self.ctx
        if ctx is None or ctx is not self._panels_for:  # cleared (hand-off) or superseded
            return
        pub = self.pub
        legal = self._index["legal"]
        self.board.update_tooltips()
        self._draw_phase(ctx)
        self._draw_selection()
        if ctx.session is not getattr(self, "_drawn_session", None):  # a new game (a tutorial's next step)
            self._drawn_session = ctx.session
            self.battle.clear()  # no battle of the game before stays on screen
            self._battle_kept = False
        answered = self.decision.visible  # the viewer was deciding about a battle (a defender)
        self.decision.update(pub, legal, self._name)
        moment = (pub.rounds_played, pub.turn_player, pub.phase_name)
        pending = self.battle.pending_attack
        if ctx.events and self.battle.show_events(ctx.events, self._name, pub):
            self._battle_moment = moment
            # a defender's battle (its dice and outcome) stays until they close it: the
            # attacker's bot plays on at once and would take it away with the phase
            attacked = (ctx.viewer is not None and pub.turn_player != ctx.viewer
                        and (answered or len(ctx.session.seats) == 2))
            self._battle_kept = attacked and any(e.kind == EventKind.BATTLE for e in ctx.events)
        elif pending is not None and pending not in legal:
            self.battle.hide()
        elif pending is not None:
            self.battle.preview(pending, pub)  # the same attack, its odds as they stand now (a card played)
        elif self.battle.visible and moment != self._battle_moment and not self._battle_kept:
            self.battle.hide()  # a finished battle's result goes when the phase moves on
        self._dialog_first()
        self.hand.update(pub, ctx.viewer, legal, self._name)
        self.marshal.update(pub, ctx.viewer, legal, self.selected)
        self.armies.update(pub, self._counts, ctx.viewer)
        marshalling = ctx.viewer is not None and pub.phase_name in ("marshal", "super") and pub.turn_player == ctx.viewer
        set_layout(self.marshal.widget, display=None if marshalling else "none")
        options = [(str(a), i) for i, a in enumerate(legal)]
        if list(self.any_action.options) != options:
            self.any_action.options = options
            self.any_action.value = 0 if options else None
        self.any_button.disabled = not options
        if self.app is not None:
            end = end_phase_action(None, legal)
            self.app.end_turn_button.description = END_LABELS.get(type(end), "End phase")

    def _dialog_first(self) -> None:
        """While a dialog waits (a battle to confirm, a decision), its buttons come right after
        the board in tab order: the action buttons between them leave the tab order (they
        still take clicks)."""
        waiting = self.decision.visible or self.battle.pending_attack is not None
        buttons = list(self.general_actions.buttons) + list(self.phase_actions.buttons)
        if self.app is not None and hasattr(self.app, "end_turn_button"):
            buttons.append(self.app.end_turn_button)
        for b in buttons:
            want = False if waiting else None
            if b.tabbable is not want:
                b.tabbable = want

    def clear(self) -> None:
        self.ctx = None
        self.pub = None
        self.selected = None
        self._index = {}
        self.board.clear()
        self.phase.value = ""
        self.hint.value = ""
        self.selection.value = ""
        self.general_buttons.clear()
        self.general_actions.clear()
        self.phase_actions.clear()
        self.battle.clear()
        self.decision.clear()
        self.hand.clear()
        self.marshal.clear()
        self.armies.clear()
        self.any_action.options = []

    # -- reading legal actions -------------------------------------------------------------
    def _build_index(self, legal: Sequence) -> None:
        moves: dict[str, dict[str, Any]] = {}
        attacks: dict[str, dict[str, Any]] = {}
        stays: dict[str, Any] = {}
        harvest: dict[str, Any] = {}
        squares: dict[str, Any] = {}  # barns, retreats: square -> action
        for a in legal:
            if isinstance(a, A.Move):
                moves.setdefault(a.general, {})[a.to] = a
            elif isinstance(a, A.Attack):
                attacks.setdefault(a.general, {})[a.to] = a
            elif isinstance(a, A.Stay):
                stays[a.general] = a
            elif isinstance(a, A.Harvest):
                harvest[a.general] = a
            elif isinstance(a, (A.PlaceBarn,)):
                squares[a.cell] = a
            elif isinstance(a, A.Retreat):
                squares[a.to] = a
        movers = [g for g in dict.fromkeys(list(moves) + list(attacks) + list(stays))]
        self._index = {"moves": moves, "attacks": attacks, "stays": stays, "harvest": harvest,
                       "squares": squares, "movers": movers, "legal": list(legal)}

    def _own_generals(self) -> list[GeneralView]:
        if self.pub is None or self.ctx is None or self.ctx.viewer is None:
            return []
        return [g for g in self.pub.generals if g.player == self.ctx.viewer and g.active]

    def _selectable(self, name: str) -> bool:
        return any(g.name == name for g in self._own_generals())

    def _name(self, p: int) -> str:
        if self.pub is not None:
            return self.pub.faction_name(p)
        return D.FACTION_NAMES[p]

    # -- drawing -----------------------------------------------------------------------------
    def _draw_phase(self, ctx: ViewContext) -> None:
        pub = self.pub
        phase = pub.phase_name
        steps = ["action", "harvest", "marshal"]
        chips = []
        for s in steps:
            on = phase == s or (phase == "super" and s == "marshal")
            style = "background:#6d4c41;color:#fff" if on else "background:#eee;color:#555"
            chips.append(f'<span class="lsn-phase-step{" lsn-phase-on" if on else ""}" '
                         f'style="padding:2px 8px;border-radius:10px;margin-right:4px;{style}">{PHASE_LABELS[s]}</span>')
        p = pub.turn_player
        colour = FACTION_COLOURS[pub.faction_of(p)]
        who = self._name(p)
        lead = PHASE_LABELS.get(phase, phase) if phase in ("barn", "over", "super") else ""
        self.phase.value = (f'<div><b style="color:{colour}">{html.escape(who)}</b> \u00b7 round {pub.rounds_played + 1} '
                            f'{html.escape(lead)}</div><div style="margin:3px 0">{"".join(chips)}</div>')
        self.hint.value = f'<div class="lsn-hint-text" style="color:#444">{html.escape(self._hint(ctx))}</div>'

    def _hint(self, ctx: ViewContext) -> str:
        pub = self.pub
        if ctx.is_over:
            return "The game is over."
        if not ctx.legal:
            if ctx.bot_turn:
                return f"{self._name(ctx.current_player)} (bot) is playing..."
            return f"Waiting for {self._name(ctx.current_player)}."
        phase = pub.phase_name
        if pub.pending is not None:
            return "The battle needs your decision (see the blue box)."
        if phase == "barn":
            return "Click a blue square next to the starting board to place your barn."
        if phase == "action":
            movers = self._index["movers"]
            if self.selected and self.selected in movers:
                idx = self._index
                can = [word for word, table in (("a green square to move", idx["moves"]),
                                                ("a red one to attack", idx["attacks"]))
                       if table.get(self.selected)]
                if can:
                    return f"{self.selected}: click {' or '.join(can)}, or choose another General."
                return f"{self.selected} can only stay now: press its button, or choose another General."
            if not movers:
                return "Your Generals have done all they can: end the action phase."
            return "Click one of your Generals, then a green square to move or a red one to attack."
        if phase == "harvest":
            if self._index["harvest"]:
                return "Click a blue square (or a Harvest button) to harvest with the General there."
            return "Nothing to harvest: end the harvest phase."
        if phase == "marshal":
            return "Marshal units for the selected General, transfer one unit, then end the turn."
        if phase == "super":
            return "Spend what you can on units, then form the Super Army."
        return ""

    def _draw_board(self, tooltips: bool = True) -> None:
        idx = self._index
        moves, attacks, targets = [], [], list(idx["squares"])
        selected_square = None
        if self.selected is not None:
            g = next((g for g in self.pub.generals if g.name == self.selected), None)
            if g is not None:
                selected_square = g.square
            moves = list(idx["moves"].get(self.selected, {}))
            attacks = list(idx["attacks"].get(self.selected, {}))
        gens = {g.name: g for g in self.pub.generals}
        targets += [sq for n in idx["harvest"] if n in gens and (sq := gens[n].square)]
        self.board.update(self.pub, selected=selected_square, moves=moves, attacks=attacks, targets=targets,
                          selected_general=self.selected, last=self._last_squares(), tooltips=tooltips)

    def _last_squares(self) -> list[str]:
        """The squares the last action touched (from its public events): marked ``lsn-last-move``
        until the next action."""
        out: list[str] = []
        ctx = self.ctx
        if ctx is None:
            return out
        gens = {g.name: g for g in self.pub.generals}
        for e in ctx.events:
            data = e.data if isinstance(e.data, dict) else {}
            if e.kind in _MOVE_KINDS:
                out += [v for k in _SQUARE_KEYS if isinstance(v := data.get(k), str)]
            elif e.kind == "harvest" and (g := gens.get(data.get("general", ""))) is not None and g.square:
                out.append(g.square)
        return out

    def _draw_selection(self) -> None:
        idx = self._index
        own = self._own_generals()
        # the chosen one is marked by its colour and an arrow that every button keeps room for
        # (panels.py): a label that grew by the arrow moved the buttons after it sideways
        self.general_buttons.set([(g.name + " " + STAR * g.stars, g.name) for g in own])
        for b, g in zip(self.general_buttons.shown, own):
            b.button_style = "warning" if g.name == self.selected else ""
            b.tooltip = f"{b.description} (chosen)" if g.name == self.selected else b.description
        items = []
        if self.selected is not None:
            g = next((g for g in self.pub.generals if g.name == self.selected), None)
            if g is not None:
                self.selection.value = (
                    f'<h4>Selected: {html.escape(g.name)} ({g.stars}\u2605) at {html.escape(g.square or "-")}</h4>'
                    f'<div>attack {g.attack}, defense {g.defense}, {D.count_of(len(g.units), "unit")}</div>'
                )
            stay = idx["stays"].get(self.selected)
            if stay is not None:
                items.append((f"{self.selected} stays", stay))
            harvest = idx["harvest"].get(self.selected)
            if harvest is not None:
                items.append((f"{self.selected} harvests {harvest.resource}", harvest))
        else:
            self.selection.value = "<h4>Your Generals</h4>" if own else ""
        for name, h in idx["harvest"].items():
            if name != self.selected:
                items.append((f"{name} harvests {h.resource}", h))
        self.general_actions.set(items)
        phase_items = []
        for a in idx["legal"]:
            if isinstance(a, A.DeclareSuperArmy):
                phase_items.append(("Declare the Super Army", a))
            elif isinstance(a, A.FormSuperArmy):
                phase_items.append(("Form the Super Army", a))
        self.phase_actions.set(phase_items)

    # -- clicks ---------------------------------------------------------------------------------
    def _select_from_button(self, name: str) -> None:
        self.select(name)

    def select(self, name: str | None) -> None:
        """Select one of your Generals (highlights its moves and attacks); redraws in place."""
        if name is not None and not self._selectable(name):
            return
        self.selected = name
        if self.app is not None:
            self.app.message("")
        if self.ctx is not None and self.pub is not None:
            self._draw_board()
            ctx = self.ctx

            def rest():
                if self.ctx is not ctx:
                    return
                self._draw_selection()
                self._dialog_first()
                self.hint.value = f'<div class="lsn-hint-text" style="color:#444">{html.escape(self._hint(ctx))}</div>'
                if self.pub.phase_name in ("marshal", "super"):
                    self.marshal.update(self.pub, ctx.viewer, self._index["legal"], self.selected)

            self.later(rest)

    def click_square(self, square: str) -> None:
        """What a click on ``square`` does (the board calls this)."""
        if self.ctx is None or self.pub is None:
            return
        idx = self._index
        action = idx["squares"].get(square)
        if action is not None:
            self.act(action)
            return
        if self.selected is not None:
            move = idx["moves"].get(self.selected, {}).get(square)
            if move is not None:
                self.act(move)
                return
            attack = idx["attacks"].get(self.selected, {}).get(square)
            if attack is not None:
                self.battle.preview(attack, self.pub)
                self._dialog_first()
                return
        here = [n for n in self.pub.general_at(square)]
        own = [n for n in here if self._selectable(n)]
        harvest = [idx["harvest"][n] for n in own if n in idx["harvest"]]
        if harvest and self.pub.phase_name == "harvest":
            self.act(harvest[0])
            return
        if own:
            # click again on the same square: the next of your Generals there
            if self.selected in own:
                nxt = own[(own.index(self.selected) + 1) % len(own)]
            else:
                actors = [n for n in own if n in idx["movers"]]
                nxt = (actors or own)[0]
            self.select(nxt)
            return
        if self.selected is not None and self.ctx.legal and self.pub.phase_name == "action":
            # not a marked square: let the engine say which rule forbids it
            g = next((g for g in self.pub.generals if g.name == self.selected), None)
            if g is not None and g.square and g.square != square:
                enemy = [n for n in here if not self._selectable(n)]
                cls = A.Attack if enemy else A.Move
                self.act(cls(self.selected, g.square, square))
                return
        if self.app is not None and self.ctx.legal:
            if here:
                g = next(g for g in self.pub.generals if g.name == here[0])
                self.app.message(f"{here[0]} ({g.stars}\u2605 {g.faction}): attack {g.attack}, "
                                 f"defense {g.defense}, {D.count_of(len(g.units), 'unit')}.", "info")
            elif self.selected is not None:
                self.app.message(f"{self.selected} cannot go to {square}.", "error")
            else:
                self.app.message(f"Nothing to do on {square}: click one of your Generals first.", "info")

    def _commit_attack(self, action) -> None:
        self.act(action)

    def _cancel_attack(self) -> None:
        self._dialog_first()
        if self.ctx is not None:
            self._draw_board()

    def _do_any(self) -> None:
        i = self.any_action.value
        legal = self._index.get("legal", [])
        if i is not None and 0 <= i < len(legal):
            self.act(legal[i])


class FactionChoice:
    """A faction per seat on the setup screen: one dropdown in each seat's row. Choosing a
    faction another seat has swaps the two, so every seat always plays a different faction."""

    def __init__(self, seats: int):
        options = [(name, key) for name, key in zip(D.FACTION_NAMES, D.FACTION_KEYS)]
        self.dropdowns: list[w.Dropdown] = []
        self._swapping = False
        look = {"layout": w.Layout(width="9em"), "style": DescriptionStyle()}  # shared: fewer models
        for i in range(seats):
            dd = w.Dropdown(options=options, value=D.FACTION_KEYS[i], tooltip=f"Faction of seat {i + 1}", **look)
            dd.add_class("lsn-faction")
            dd.add_class(f"lsn-faction-{i}")
            dd.observe(lambda c, i=i: self._changed(i, c["old"]), "value")
            self.dropdowns.append(dd)

    def _changed(self, seat: int, old: str) -> None:
        if self._swapping:
            return
        new = self.dropdowns[seat].value
        self._swapping = True
        try:
            for j, other in enumerate(self.dropdowns):
                if j != seat and other.value == new:
                    other.value = old
        finally:
            self._swapping = False

    def factions(self, players: int) -> list[str]:
        return [dd.value for dd in self.dropdowns[:players]]


def _seat_label(i: int) -> str:
    return f'<span class="lsn-seat-label">Seat {i + 1}</span>'


@shared_defaults()
def play_app(**kwargs) -> GameApp:
    """The whole Livestock Uprising page (see :class:`GameApp` for the keyword arguments): each
    seat chooses its faction on the setup screen; the round limit sits under Advanced. Every
    game's widgets have this entry point (``livestock_app`` is its older name)."""
    rounds = w.BoundedIntText(value=0, min=0, max=500, description="Round limit (0 = none)",
                              style={"description_width": "initial"}, layout=w.Layout(width="16em"))
    rounds.add_class("lsn-round-limit")
    choice = FactionChoice(LU.GAME.max_players)
    app: GameApp | None = None

    def options():
        players = app.players.value if app is not None else LU.GAME.default_players
        return {"max_rounds": rounds.value or None, "factions": choice.factions(players)}

    kwargs.setdefault("view_factory", LivestockView)
    kwargs.setdefault("setup_options", options)
    kwargs.setdefault("help_html", livestock_help_html())
    kwargs.setdefault("tutorial", "livestock_uprising_tutorial")
    spec = kwargs.pop("spec", None) or LU.GAME
    app = GameApp(spec, **kwargs)
    # each seat's row: "Seat n", who plays it, the faction it plays; the round limit under Advanced
    for i, row in enumerate(app.seat_rows):
        if i < len(choice.dropdowns):
            label = row.children[0]
            if isinstance(label, w.HTML):
                label.value = _seat_label(i)
                set_layout(label, width="5em")
            row.children = (*row.children, choice.dropdowns[i])
    app.advanced.children[0].children = (*app.advanced.children[0].children, rounds)
    app.round_limit = rounds
    app.faction_choice = choice
    return app


livestock_app = play_app
