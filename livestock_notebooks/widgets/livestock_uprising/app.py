"""The Livestock Uprising game page: the board, panels and battle dialog in the shared shell.

    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app
    app = livestock_app()
    app

:class:`LivestockView` is the game's :class:`~livestock_notebooks.widgets.shell.app.GameView`:
click one of your Generals to see its moves (green) and attacks (red), click a square to
do it; an attack first opens the battle dialog with the exact odds. Harvest squares, barn
places and retreat squares are marked blue and are clicked the same way. Everything else the
rules allow now (stay, cards, marshalling, transfers, the Super Army) has a button, and
"Any legal action" lists every action there is.

The game itself (names, colours, turn text, the end-phase button, bots) is described once in
``livestock_uprising.GAME`` (:mod:`livestock_notebooks.livestock_uprising.game`).
"""
from __future__ import annotations

import dataclasses
import html
from typing import Any, Sequence

import ipywidgets as w

from ... import livestock_uprising as LU
from ...livestock_uprising import actions as A
from ...livestock_uprising import data as D
from ...livestock_uprising.views import GeneralView
from ...livestock_uprising.views import LivestockView as EngineView
from ...livestock_uprising.game import FACTION_COLOURS, PHASE_LABELS, end_phase_action
from ...core.game_info import GameInfo
from ..shell.app import GameApp, GameView, ViewContext
from .board import LivestockBoard
from .panels import (
    PANEL_CSS,
    ArmyPanel,
    BattleDialog,
    ButtonPool,
    DecisionPanel,
    HandPanel,
    MarshalPanel,
    html_box,
    readings_html,
)

__all__ = ["LivestockView", "livestock_app", "livestock_spec", "livestock_bots", "PHASE_LABELS"]

STAR = "\u2605"
END_LABELS = {A.EndActions: "End action phase", A.EndHarvest: "End harvest phase", A.EndTurn: "End turn"}


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
        self.selected: str | None = None
        self._index: dict[str, Any] = {}
        self.board = LivestockBoard()
        self.board.on_click(self.click_square)
        self.style = w.HTML(PANEL_CSS)
        self.phase = html_box("lsn-phase")
        self.hint = html_box("lsn-hint")
        self.selection = html_box("lsn-selection")
        self.general_buttons = ButtonPool("lsn-select-general", self._select_from_button)
        self.general_actions = ButtonPool("lsn-general-action", self.act)
        self.phase_actions = ButtonPool("lsn-phase-action", self.act, style="warning")
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
        self.readings = w.Accordion(children=[w.HTML(readings_html())], selected_index=None)
        self.readings.set_title(0, "Rule readings and house values used on this page")
        self.readings.add_class("lsn-readings-box")
        select_box = w.VBox([self.selection, self.general_buttons.box, self.general_actions.box, self.phase_actions.box])
        select_box.add_class("lsn-panel")
        left = w.VBox([self.phase, self.hint, self.board.widget], layout=w.Layout(margin="0 12px 0 0"))
        right = w.VBox([self.decision.widget, self.battle.widget, select_box, self.hand.widget, self.marshal.widget],
                       layout=w.Layout(width="470px"))
        self.widget = w.VBox([
            self.style,
            w.HBox([left, right], layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
            self.armies.widget,
            w.HBox([self.any_action, self.any_button]),
            self.readings,
        ])
        self.widget.add_class("lsn-livestock")

    # -- GameView ---------------------------------------------------------------------------
    def update(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        # the engine's view for the viewer; with nobody's private view on screen, the spectator's
        self.pub = ctx.view if ctx.view is not None else ctx.session.state.player_view(None)
        counts = list(self.pub.hand_sizes)
        pub = self.pub
        legal = list(ctx.legal)
        self._build_index(legal)
        if self.selected is not None and not self._selectable(self.selected):
            self.selected = None
        if self.selected is None:
            movers = self._index["movers"]
            if len(movers) == 1:
                self.selected = movers[0]
        self._counts = counts
        self._draw_board()  # the board first: its message leaves before the panels'
        self._panels_for = ctx
        self.later(self._draw_panels)

    def _draw_panels(self) -> None:
        ctx = self.ctx
        if ctx is None or ctx is not self._panels_for:  # cleared (hand-off) or superseded
            return
        pub = self.pub
        legal = self._index["legal"]
        self._draw_phase(ctx)
        self._draw_selection()
        self.decision.update(pub, legal, self._name)
        moment = (pub.rounds_played, pub.turn_player, pub.phase_name)
        if ctx.events and self.battle.show_events(ctx.events, self._name):
            self._battle_moment = moment
        elif self.battle.pending_attack is not None and self.battle.pending_attack not in legal:
            self.battle.hide()
        elif self.battle.visible and self.battle.pending_attack is None and moment != self._battle_moment:
            self.battle.hide()  # a finished battle's result goes when the phase moves on
        self.hand.update(pub, ctx.viewer, legal, self._name)
        self.marshal.update(pub, ctx.viewer, legal, self.selected)
        self.armies.update(pub, self._counts, ctx.viewer)
        options = [(str(a), i) for i, a in enumerate(legal)]
        if list(self.any_action.options) != options:
            self.any_action.options = options
            self.any_action.value = 0 if options else None
        self.any_button.disabled = not options
        if self.app is not None:
            end = end_phase_action(None, legal)
            self.app.end_turn_button.description = END_LABELS.get(type(end), "End phase")

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
            if self.selected:
                return f"{self.selected}: click a green square to move, a red one to attack."
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

    def _draw_board(self) -> None:
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
                          selected_general=self.selected)

    def _draw_selection(self) -> None:
        idx = self._index
        own = self._own_generals()
        self.general_buttons.set([
            (("\u25b6 " if g.name == self.selected else "") + g.name + " " + STAR * g.stars, g.name)
            for g in own
        ])
        for b in self.general_buttons.box.children:
            b.button_style = "warning" if b.description.startswith("\u25b6") else ""
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
        if self.ctx is not None:
            self._draw_board()

    def _do_any(self) -> None:
        i = self.any_action.value
        legal = self._index.get("legal", [])
        if i is not None and 0 <= i < len(legal):
            self.act(legal[i])


def livestock_app(**kwargs) -> GameApp:
    """The whole Livestock Uprising page (see :class:`GameApp` for the keyword arguments)."""
    rounds = w.BoundedIntText(value=0, min=0, max=500, description="Round limit (0 = none)",
                              style={"description_width": "initial"}, layout=w.Layout(width="16em"))
    rounds.add_class("lsn-round-limit")

    def options():
        return {"max_rounds": rounds.value or None}

    kwargs.setdefault("view_factory", LivestockView)
    kwargs.setdefault("setup_widgets", [rounds])
    kwargs.setdefault("setup_options", options)
    spec = kwargs.pop("spec", None) or LU.GAME
    app = GameApp(spec, **kwargs)
    app.round_limit = rounds
    return app
