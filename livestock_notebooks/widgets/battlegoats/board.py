"""BattleGoats widgets: battlefields, hand, attack odds and the step-by-step battle report.

Everything a player sees is drawn from ``state.player_view(viewer)`` (a typed
:class:`~livestock_notebooks.battlegoats.views.BattleGoatsPlayerView`; ``player_view(None)`` when only
bots play, the engine's spectator view): a face-down
card of another player that the viewer has not seen revealed is drawn as a card back, and no
text of the widget tree (descriptions, values, tooltips) names it. The only other source is
the engine's own :func:`~livestock_notebooks.battlegoats.attack_odds`, which works from the
attacking player's knowledge and returns counts, never the unknown cards themselves.

:class:`BattleGoatsView` is a :class:`~livestock_notebooks.widgets.shell.app.GameView` for the
shared :class:`GameApp` shell (the play page and the tutorial page, which may refuse a move
first through ``move_filter``). Its parts: :mod:`.style` (colours, CSS), :mod:`.report` (odds
box, battle report), :mod:`.panels` (the attack steps' panel).

Clicking: choose a card from your hand, then a slot of your battlefield (laying out); choose
your attacking card, then a target, look at the odds, then press *Attack* (attacking). Every
card is a real button, so Tab and Enter work. CSS classes (``lsn-bg-...``) name every part for
browser tests: ``lsn-bg-board-<seat>``, ``lsn-bg-slot-<F1..B3>``, ``lsn-bg-hand-card``,
``lsn-bg-confirm``, ``lsn-bg-choice``, ``lsn-bg-odds``, ``lsn-bg-report`` ...
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from ...battlegoats import SLOT_NAMES, standard_cards
from ...battlegoats import actions as act
from ...battlegoats.game import result_text
from ...battlegoats.views import BattleGoatsPlayerView
from ..common.dom import hide, set_classes, show
from ..shell.app import GameView
from ..shell.views import ScreenRegions
from .faces import card_text, players_html, starts_new_move, touched_slots, type_classes as _type_classes, worth_now
from .hand import HandButtons
from .panels import AttackPanel
from .report import BattleReport, OddsBox, attack_steps
from .style import (
    BG_CSS, PLAYER_COLOURS, PLAYER_SHAPES, ROW_NAMES, TYPE_COLOURS, esc as _esc, player_colour, player_name,
)

__all__ = [
    "BG_CSS",
    "PLAYER_COLOURS",
    "TYPE_COLOURS",
    "BattleGoatsView",
    "BattleReport",
    "BoardWidget",
    "OddsBox",
    "attack_steps",
]


# --------------------------------------------------------------------------- one battlefield
class BoardWidget:
    """One player's 3x3 battlefield (row labels, 9 slot buttons), header and discard pile.

    ``flipped`` draws the front row at the bottom (an opponent facing you across the table)."""

    def __init__(self, player: int, on_click: Callable[[int, int], None]):
        self.player = player
        self.header = w.HTML()
        self.header.add_class("lsn-bg-board-head")
        self.slots: list[w.Button] = []
        for s in range(9):
            b = w.Button(description="")
            b.add_class("lsn-bg-card")
            b.add_class("lsn-bg-slot")
            b.add_class(f"lsn-bg-slot-{SLOT_NAMES[s]}")
            b.on_click(lambda _b, s=s: on_click(self.player, s))
            self.slots.append(b)
        self.row_labels = []
        for r, label in enumerate(ROW_NAMES):
            h = w.HTML(f'<div class="lsn-bg-rowlabel">{label}</div>')
            self.row_labels.append(h)
        self.grid = w.GridBox()  # sized by CSS, so the cards shrink on a phone
        self.grid.add_class("lsn-bg-grid")
        self.widget = w.VBox([self.header, self.grid])
        self.widget.add_class("lsn-bg-board")
        self.widget.add_class(f"lsn-bg-board-{player}")
        self.flipped = None
        self.set_flipped(False)

    def set_compact(self, compact: bool) -> None:
        """Smaller cards (for 4 or more players, so the battlefields fit side by side): CSS."""
        set_classes(self.widget, {"lsn-bg-compact": compact})

    def set_flipped(self, flipped: bool) -> None:
        if flipped == self.flipped:
            return
        self.flipped = flipped
        order = (2, 1, 0) if flipped else (0, 1, 2)
        children = []
        for r in order:
            children.append(self.row_labels[r])
            children.extend(self.slots[r * 3:r * 3 + 3])
        self.grid.children = tuple(children)


class LazyBoards(Sequence[BoardWidget]):
    """Every seat's :class:`BoardWidget`, each built when first asked for: the page's setup
    screen needs none, and a 2-player game only two (six boards are ~270 widget models the
    browser would otherwise create before it shows the page)."""

    def __init__(self, size: int, on_click: Callable[[int, int], None]):
        self._built: list[BoardWidget | None] = [None] * size
        self._on_click = on_click

    def __len__(self) -> int:
        return len(self._built)

    def __getitem__(self, p):  # type: ignore[override]
        if isinstance(p, slice):
            return [self[i] for i in range(len(self))[p]]
        board = self._built[p]
        if board is None:
            board = self._built[p] = BoardWidget(range(len(self))[p], self._on_click)
        return board

    def built(self) -> list[BoardWidget]:
        """The boards made so far (without making the others)."""
        return [b for b in self._built if b is not None]


# --------------------------------------------------------------------------- the game view
class BattleGoatsView(HandButtons, AttackPanel, GameView):
    """The BattleGoats board for :class:`GameApp`: every battlefield, your hand, the choices of
    the moment, attack odds, the battle report and the discard piles.

    ``state_getter()`` returns the live engine state (used only for the card list and the
    engine's attack odds, which use the attacker's knowledge only); by default the bound app's
    session state.
    """

    def __init__(self, *, state_getter: Callable[[], Any] | None = None, step_delay: float | None = 0.7,
                 loop=None, max_players: int = 6):
        super().__init__()
        self._state_getter = state_getter
        self.ctx = None
        self.view: BattleGoatsPlayerView | None = None
        self.viewer: int | None = None
        self.legal: list = []
        self.sel_hand: str | None = None
        self.sel_attacker: int | None = None
        self.sel_target: tuple[int, int] | None = None
        self._last_events_obj = None
        self._session = None
        #: ``move_filter(actions) -> bool``: may refuse the viewer's moves before they are played
        self.move_filter: Callable[[list], bool] | None = None
        #: ``after_move()``: called after each move of the viewer that was played
        self.after_move: Callable[[], None] | None = None

        self.style = w.HTML(BG_CSS)
        self.hint = w.HTML()
        self.hint.add_class("lsn-bg-hint")
        self.boards = LazyBoards(max_players, self.click_slot)
        self.others_box = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap"))
        self.others_box.add_class("lsn-bg-boards")
        self.others_box.add_class("lsn-bg-opponents")
        self.mine_box = w.Box()
        self.mine_box.add_class("lsn-bg-boards")
        self.mine_box.add_class("lsn-bg-own")
        self.hand_title = w.HTML()
        self.hand_buttons: list[w.Button] = []
        self._hand_shown: list[str | None] = []  # the card each button of hand_buttons shows
        self._hand_cards: list[str] = []
        self.hand_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("lsn-bg-hand")
        self.details = w.HTML()
        self.details.add_class("lsn-bg-details")
        self.confirm_button = w.Button(description="Attack!", button_style="danger", icon="bolt",
                                       layout=w.Layout(width="auto"))
        self.confirm_button.add_class("lsn-bg-confirm")
        self.confirm_button.add_class("lsn-dialog-main")  # takes the focus when shown (template's keyboard.js)
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.clear_button = w.Button(description="Clear choice", icon="times", layout=w.Layout(width="auto"))
        self.clear_button.add_class("lsn-bg-clear")
        self.clear_button.add_class("lsn-dialog-cancel")  # Esc clears the choice
        self.clear_button.on_click(lambda _b: self.clear_selection())
        self.choice_buttons: list[w.Button] = []
        self._choices: list = []
        self.choice_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.choice_box.add_class("lsn-bg-choices")
        self.odds = OddsBox()
        self.report = BattleReport(self._card_name, self._card_value, step_delay=step_delay, loop=loop,
                                   own=self._is_human)
        self.action_row = w.HBox([self.confirm_button, self.clear_button, self.choice_box],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.action_row.add_class("lsn-bg-actions")
        self.recent = w.HTML()  # what the last step did (public event text)
        self.recent.add_class("lsn-bg-recent")
        self.army = w.HTML()  # your cards in play, as they stand now
        self.army.add_class("lsn-bg-army")
        self.players_strip = w.HTML()
        self.players_strip.add_class("lsn-bg-players-strip")
        #: the slots the last move touched (from its public events), marked ``lsn-last-move``
        self.last_move: set[tuple[int, int]] = set()
        self._clicked: tuple[int, int] | None = None  # the slot just clicked: drawn first
        self._side: tuple[list, str] = ([], "")  # the hand and its title, for the side panel
        self._side_pending = False
        self._recent = ""  # what the last step did, as the recent line shows it
        # the screen's regions: battlefields left; prompt, actions, dialogs, hand right
        self.field = w.VBox([self.style, self.others_box, self.mine_box])
        self.field.add_class("lsn-bg-view")
        self.field.add_class("lsn-bg-field")
        self.prompt_box = w.VBox([self.hint, self.recent])
        self.hand_panel = w.VBox([self.hand_title, self.hand_box, self.details, self.army])
        self.hand_panel.add_class("lsn-bg-hand-panel")
        self.widget = self.field

    def regions(self) -> ScreenRegions:
        return ScreenRegions(board=self.field, prompt=self.prompt_box, actions=self.action_row,
                             dialogs=(self.report.widget, self.odds.widget), hand=self.hand_panel,
                             players=self.players_strip)
        hide(self.confirm_button)
        hide(self.clear_button)

    # -- plumbing ---------------------------------------------------------------------
    def listen(self, app) -> None:
        """Follow ``app``'s actions (for the battle report): ``app.on_change(view.app_changed)``."""
        app.on_change(self.app_changed)

    def app_changed(self, app, events) -> None:
        session = getattr(app, "session", None)
        if session is not self._session:
            self._session = session
            self.report.reset()
        if events is self._last_events_obj:
            return
        self._last_events_obj = events
        self.report.add_events(events)

    def _is_human(self, player) -> bool:
        """Whether ``player`` is a human's seat (their battle reports stay until dismissed)."""
        session = getattr(self.app, "session", None) if self.app is not None else None
        if session is None or not isinstance(player, int) or not 0 <= player < len(session.seats):
            return False
        return not session.seats[player].is_bot

    def state(self):
        if self._state_getter is not None:
            return self._state_getter()
        if self.app is not None and getattr(self.app, "session", None) is not None:
            return self.app.session.state
        return None

    def _cards(self):
        s = self.state()
        return s.cards if s is not None else standard_cards()

    def _card(self, cid: str):
        return self._cards().by_id[cid]

    def _card_name(self, cid: str) -> str:
        try:
            return self._card(cid).name
        except KeyError:
            return cid

    def _card_value(self, cid: str) -> int:
        try:
            return self._card(cid).value
        except KeyError:
            return 0

    def say(self, text: str, kind: str = "error") -> None:
        if self.app is not None and hasattr(self.app, "message"):
            self.app.message(text, kind)

    def act(self, action) -> bool:
        """Play the viewer's move: ``move_filter([action])`` may refuse it first (a tutorial that
        explains why a move is not the step's goal); ``after_move()`` runs after a played one."""
        if self.app is None:
            raise RuntimeError("view is not bound to an app")
        if self.move_filter is not None and not self.move_filter([action]):
            return False
        played = bool(self.app.act(action))
        if played and self.after_move is not None:
            self.after_move()
        return played

    # -- GameView protocol -------------------------------------------------------------
    def update(self, ctx) -> None:
        self.ctx = ctx
        view = ctx.view
        if view is None and ctx.session is not None:
            # nobody's private view may be shown (bots only): a spectator's view
            view = ctx.session.state.player_view(None)
        self.view = view
        new_viewer = ctx.viewer if ctx.view is not None else None
        if new_viewer != self.viewer:
            self.sel_hand = self.sel_attacker = self.sel_target = None
        self.viewer = new_viewer
        self.legal = list(ctx.legal)
        self._mark_last_move(ctx.events)
        self._drop_stale_selection()
        self._render()

    def _mark_last_move(self, events: list) -> None:
        """The slots the last move touched: a new attack (or card laid out, or swap) starts the
        marks afresh, the later steps of the same attack add to them; no events (undo) clear them."""
        if not events:
            self.last_move = set()
        elif starts_new_move(events):
            self.last_move = touched_slots(events)
        else:
            self.last_move |= touched_slots(events)
        texts = [e.text for e in events if e.text][-3:]
        line = " \u00b7 ".join(texts)
        # shown after the board (see _render)
        self._recent = f'<span class="lsn-bg-recent-text">Last: {_esc(line)}.</span>' if texts else ""

    def clear(self) -> None:
        """Drop everything private (hot-seat hand-off)."""
        self.view = None
        self.viewer = None
        self.legal = []
        self.sel_hand = self.sel_attacker = self.sel_target = None
        for board in self.boards.built():
            for b in board.slots:
                b.description = ""
                b.tooltip = None
            board.header.value = ""
        self._set_hand([])
        self.hand_title.value = ""
        self.details.value = ""
        self.odds.clear()
        self.hint.value = ""
        self.recent.value = self._recent = ""
        self.army.value = ""
        self.players_strip.value = ""
        self.last_move = set()
        self._set_choices([])
        hide(self.confirm_button)
        hide(self.clear_button)

    # -- selection --------------------------------------------------------------------
    def _drop_stale_selection(self) -> None:
        v = self.view
        if v is None or not self.legal:
            self.sel_hand = self.sel_attacker = self.sel_target = None
            return
        phase, stage = v.phase, v.stage
        if self.sel_hand is not None and self.sel_hand not in (v.hand if phase == "layout" else v.pack):
            self.sel_hand = None
        if not (phase == "attack" and stage in ("attacker", "target", "second")):
            self.sel_attacker = self.sel_target = None
        if stage in ("target", "second"):
            self.sel_attacker = v.pending.attacker
        mine = v.boards[self.viewer] if self.viewer is not None else None
        if self.sel_attacker is not None and (mine is None or mine[self.sel_attacker] is None):
            self.sel_attacker = self.sel_target = None
        if self.sel_target is not None:
            tp, ts = self.sel_target
            if v.boards[tp][ts] is None or (v.pending and (tp, ts) in v.pending.targets):
                self.sel_target = None

    def clear_selection(self) -> None:
        v = self.view
        self.sel_hand = self.sel_target = None
        if not (v and v.stage in ("target", "second")):
            self.sel_attacker = None
        self._render()

    def click_hand(self, index: int) -> None:
        if index >= len(self._hand_cards):
            return
        cid = self._hand_cards[index]
        self.sel_hand = None if self.sel_hand == cid else cid
        self._render(hand_now=True)

    def click_slot(self, player: int, slot: int) -> None:
        """A click on a battlefield slot: what it does depends on the moment (see the hint)."""
        v = self.view
        if v is None:
            return
        if not self.legal:
            self.say("It is not your decision now.")
            return
        self._clicked = (player, slot)
        me = self.viewer
        phase, stage = v.phase, v.stage
        if phase == "layout":
            if self.sel_hand is None:
                self.say("First choose a card from your hand, then click an empty slot of your battlefield.")
                return
            if player != me:
                self.say("Lay your cards out on your own battlefield (the one marked 'you').")
                return
            card = self.sel_hand
            if self.act(act.Place(me, card, slot)) and self.sel_hand is not None:
                self.sel_hand = None  # the app's refresh has drawn the move and dropped the card already
                self._render()
            return
        if phase == "move":
            swaps = [a for a in self._legal_of(act.MoveAtStart) if a.to != a.slot]
            if not swaps:
                self.say("You hold no card able to move as the battle begins: use the button above.")
                return
            if player != me:
                self.say("The card may only swap with another card of your own battlefield.")
                return
            self.act(act.MoveAtStart(me, swaps[0].slot, slot))
            return
        if phase != "attack":
            self.say("Use the buttons above for this choice.")
            return
        if stage == "attacker":
            if player == me:
                if v.boards[me][slot] is None:
                    self.say("Not allowed: attack with one of your own cards in play (rulebook: Attacking).")
                    return
                self.sel_attacker = None if self.sel_attacker == slot else slot
                self.sel_target = None
            elif self.sel_attacker is None:
                self.say("First choose one of your own cards to attack with, then the card to attack.")
                return
            else:
                self.sel_target = (player, slot)
            self._render()
            return
        if stage in ("target", "second"):
            if player == me:
                self.say("Not allowed: the target must be an opponent's card (rulebook: Attacking).")
                return
            self.sel_target = (player, slot)
            self._render()
            return
        if stage == "defender":
            self.act(act.ChooseDefender(me, slot) if player == me else act.ChooseDefender(me, -1))
            return
        if stage == "own":
            self.act(act.ChooseOwnAdjacent(me, slot) if player == me else act.ChooseOwnAdjacent(me, -1))
            return
        if stage == "capture":
            self.act(act.PlaceCaptured(me, slot) if player == me else act.PlaceCaptured(me, -1))
            return
        self.say("Use the buttons above for this choice.")

    def confirm(self) -> None:
        """The confirm button: keep a drafted card, or launch the chosen attack."""
        v = self.view
        if v is None or not self.legal:
            return
        me = self.viewer
        if v.phase == "draft":
            if self.sel_hand is not None and self.act(act.Pick(me, self.sel_hand)):
                self.sel_hand = None
            return
        if v.phase != "attack":
            return
        stage = v.stage
        if stage == "attacker":
            if self.sel_attacker is None or self.sel_target is None:
                self.say("Choose your attacking card and a target first.")
                return
            tp, ts = self.sel_target
            attacker, target = self.sel_attacker, self.sel_target
            cid = v.boards[me][attacker].card
            second = act.ChooseOpponent(me, tp) if self._card(cid).defender_chooses else act.ChooseTarget(me, *target)
            if self.move_filter is not None and not self.move_filter([act.ChooseAttacker(me, attacker), second]):
                return  # the tutorial checks both moves first
            if self.act(act.ChooseAttacker(me, attacker)):
                self.act(second)
            return
        if stage in ("target", "second"):
            if self.sel_target is None:
                self.say("Choose the card to attack first.")
                return
            self.act(act.ChooseTarget(me, *self.sel_target))

    def click_choice(self, index: int) -> None:
        if index < len(self._choices):
            self.act(self._choices[index])

    # -- drawing ------------------------------------------------------------------------
    def _render(self, *, hand_now: bool = False) -> None:
        """Draw the view: the slot just clicked and those the last move touched first (the
        messages a click waits for), then the other slots, headers and the prompt; the hand,
        army, odds and players strip right after the click (``later``), or the hand at once
        with ``hand_now`` (a click on a hand card)."""
        v = self.view
        if v is None:
            return
        me = self.viewer
        n = v.players
        cards = self._cards().by_id
        marks = self._slot_targets()
        pend = v.pending
        attacking = None
        if v.phase == "attack" and pend is not None and pend.attacker is not None and v.turn is not None:
            attacking = (v.turn, pend.attacker)
        my_turn = bool(self.legal)
        clicked, self._clicked = self._clicked, None
        first = list(dict.fromkeys(x for x in (clicked, *sorted(self.last_move)) if x is not None and x[0] < n))
        # the battlefields' room, reserved before they are drawn (style.py: on a phone, where they
        # stand one under another, the hand and log under them stayed put)
        set_classes(self.field, {f"lsn-bg-seats-{k}": k == n for k in range(2, 7)})
        for p in range(n):
            self.boards[p].set_flipped(me is not None and p != me)
            self.boards[p].set_compact(n >= 4)
        for p, s in first:  # what the click waits for: sent before anything else is worked out
            self._render_slot(v, cards, p, s, marks.get((p, s)), attacking, my_turn)
        if first:
            self.let_out()
        done = set(first)
        for p in range(n):
            for s in range(9):
                if (p, s) not in done:
                    self._render_slot(v, cards, p, s, marks.get((p, s)), attacking, my_turn)
        self.let_out()
        for p in range(n):
            board = self.boards[p]
            alive = any(c is not None for c in v.boards[p])
            who = " (you)" if p == me else ""
            turn = ""
            if v.current_player == p and (p != me or my_turn):
                turn = " \u2014 to decide"
            counts = ""
            if v.phase in ("draft", "layout"):
                counts = f" \u00b7 {v.hand_sizes[p]} in hand"
            shape = PLAYER_SHAPES[p % len(PLAYER_SHAPES)]
            board.header.value = (f'<span class="lsn-bg-shape" style="color:{player_colour(p)}">{shape}</span>'
                                  f'{_esc(player_name(p))}{who}{turn}{counts}')
            set_classes(board.widget, {"lsn-bg-mine": p == me,
                                        "lsn-bg-out": v.phase in ("attack", "over") and not alive})
        others = tuple(self.boards[p].widget for p in range(n) if p != me)
        mine = (self.boards[me].widget,) if me is not None else ()
        if self.others_box.children != others:
            self.others_box.children = others
        if self.mine_box.children != mine:
            self.mine_box.children = mine
        self.recent.value = self._recent
        self._render_panel(v, my_turn, hand_now=hand_now)

    def _render_slot(self, v, cards, p: int, s: int, mark: str | None, attacking, my_turn: bool) -> None:
        """One slot button: its face (empty, a card back, a card worth what it is now) and classes."""
        b = self.boards[p].slots[s]
        cell = v.boards[p][s]
        where = f"{player_name(p)}, {ROW_NAMES[s // 3].lower()} row, {SLOT_NAMES[s]}"
        kind = None
        if cell is None:
            description, tooltip, state = SLOT_NAMES[s], f"{where}: empty", "empty"
        elif cell.card is None:  # every unknown card is the same card back
            description, tooltip, state = "?", f"{where}: a face-down card", "back"
        else:
            card = cards[cell.card]
            kind = card.type
            up = cell.face_up
            status = "face up" if up else "face down"
            if cell.counts_face_up:
                status = "face up (counts as face up)"
            worth = worth_now(v, cards, p, s)
            description = card_text(card, worth)
            tooltip = f"{where}: {card.name} ({card.type}, worth {worth} now), {status}. {card.ability}"
            state = "up" if up else "known"
        classes = {
            **_type_classes(kind),
            "lsn-last-move": (p, s) in self.last_move,
            "lsn-bg-empty": state == "empty",
            "lsn-bg-facedown": state in ("back", "known"),
            "lsn-bg-unknown": state == "back",
            "lsn-bg-faceup": state == "up",
            "lsn-bg-selectable": mark == "selectable",
            "lsn-bg-selected": mark == "selected" or (attacking == (p, s)),
            "lsn-bg-aimed": mark == "aimed",
        }
        current = b._dom_classes
        if (b.description == description and b.tooltip == tooltip and b.disabled == (not my_turn)
                and all((c in current) == on for c, on in classes.items())):
            return  # unchanged: no message, and no work for the browser
        with b.hold_sync():  # one message for the slot (face, tooltip, classes)
            b.description = description
            b.tooltip = tooltip
            set_classes(b, classes)
            if b.disabled != (not my_turn):
                b.disabled = not my_turn

    def _render_panel(self, v: BattleGoatsPlayerView, my_turn: bool, *, hand_now: bool = False) -> None:
        me = self.viewer
        phase, stage = v.phase, v.stage
        cards = self._cards().by_id
        confirm = None
        choices: list = []
        labels: list[str] = []
        hint = ""
        self._odds_plan = None
        hand: list[str] = []
        hand_title = ""
        if me is not None and phase == "layout" and v.hand:
            hand = list(v.hand)
            hand_title = f"Your hand ({len(hand)} to lay out)"
        elif me is not None and phase == "draft":
            hand = list(v.pack) if my_turn else []
            hand_title = (f"The pack in front of you ({len(v.pack)} cards); kept so far: "
                          + (", ".join(cards[c].name for c in v.hand) or "none"))
        if phase == "over":
            hint = result_text(v.winners, v.result) + "."
        elif me is None:
            hint = "You are watching: only face-up and revealed cards are shown."
        elif not my_turn:
            cp = v.current_player
            hint = "Waiting for the other players." if cp is None else f"Waiting for {player_name(cp)}."
            if phase == "attack" and pend_text(v, cards):
                hint += " " + pend_text(v, cards)
        elif phase == "draft":
            hint = "Draft: choose one card of the pack to keep; the rest is passed to the player on your right."
            if self.sel_hand is not None:
                confirm = f"Keep {cards[self.sel_hand].name}"
        elif phase == "layout":
            if self.sel_hand is None:
                hint = ("Lay out your battlefield: choose a card from your hand, then an empty slot. The front row "
                        "faces your opponents; 'in front of' means nearer the front row.")
            else:
                hint = f"Now click an empty slot of your battlefield for {cards[self.sel_hand].name}."
        elif phase == "first":
            hint = "You finished laying out first: choose who attacks first."
            choices = self._legal_of(act.ChooseFirstAttacker)
            labels = [("I attack first" if a.first == me else f"{player_name(a.first)} attacks first") for a in choices]
        elif phase == "move":
            acts = self._legal_of(act.MoveAtStart)
            swaps = [a for a in acts if a.to != a.slot]
            choices = [a for a in acts if a.to == a.slot]
            if swaps:
                mover = swaps[0].slot
                name = cards[v.boards[me][mover].card].name
                hint = (f"As the battle begins, {name} ({SLOT_NAMES[mover]}) may swap places with one of your cards: "
                        "click it, or leave it.")
                labels = ["Leave it where it is"]
            else:
                # every player is asked, so nobody learns who holds a card able to move
                hint = ("As the battle begins, cards able to move may swap places. Every player is asked; you hold "
                        "none, so carry on.")
                labels = ["Carry on"]
        elif phase == "attack":
            hint, confirm, choices, labels = self._attack_panel(v, cards)
        self._side = (hand, hand_title)
        if hand_now:
            self._render_hand()
        self.hint.value = f'<span class="lsn-bg-hint-text">{_esc(hint)}</span>' if hint else ""
        if confirm:
            self.confirm_button.description = confirm
            self.confirm_button.tooltip = confirm
            self.confirm_button.button_style = "success" if phase == "draft" else "danger"
            show(self.confirm_button)
        else:
            hide(self.confirm_button)
        if my_turn and (self.sel_hand is not None or self.sel_target is not None
                        or (self.sel_attacker is not None and stage == "attacker")):
            show(self.clear_button)
        else:
            hide(self.clear_button)
        self._set_choices(choices, labels)
        if not self._side_pending:  # the hand, army, odds and players strip: after the click's messages
            self._side_pending = True
            self.later(self._render_side)

    def _render_hand(self) -> None:
        hand, hand_title = self._side
        self._set_hand(hand)
        self.hand_title.value = f'<div class="lsn-bg-panel-title">{_esc(hand_title)}</div>' if hand_title else ""

    def _render_side(self) -> None:
        """The side panel as the last render left it (nothing once the view was cleared)."""
        self._side_pending = False
        v, me = self.view, self.viewer
        if v is None:
            return
        cards = self._cards().by_id
        self._render_hand()
        self._render_odds()
        self._render_details(v, cards)
        hand = self._side[0]
        self.army.value = "" if hand or me is None or v.phase in ("draft", "layout") else army_html(v, cards, me)
        self.players_strip.value = players_html(v, cards, me)



def army_html(v: BattleGoatsPlayerView, cards: Mapping, me: int) -> str:
    """The viewer's cards in play, front row first: where, what each is worth now, its ability."""
    rows = []
    for s, cell in enumerate(v.boards[me]):
        if cell is None or cell.card is None:
            continue
        card = cards[cell.card]
        up = " \u00b7 face up" if cell.face_up else ""
        rows.append(f'<li class="lsn-bg-army-card" style="border-left:6px solid {TYPE_COLOURS[card.type]}">'
                    f'<b>{_esc(card.name)}</b> {SLOT_NAMES[s]} \u00b7 worth {worth_now(v, cards, me, s)}{up}: '
                    f'{_esc(card.ability)}</li>')
    return (f'<div class="lsn-bg-panel-title">Your army ({len(rows)} in play)</div>'
            f'<ul class="lsn-bg-army-list">{"".join(rows)}</ul>') if rows else ""


def pend_text(v: BattleGoatsPlayerView, cards: Mapping) -> str:
    """The attack in progress, in words (public: the attacking card is face up)."""
    pend = v.pending
    if v.phase != "attack" or pend is None or pend.card is None or pend.attacker is None:
        return ""
    return f"{player_name(v.turn)} is attacking with {cards[pend.card].name} ({SLOT_NAMES[pend.attacker]})."
