"""The Space Pigs play page: the shared game-app shell with the galaxy map and the clan panels.

``play_app()`` returns a :class:`~livestock_notebooks.widgets.shell.app.GameApp` set up for
Space Pigs: 3-6 seats (human, ``Random`` bot or ``Greedy`` bot, the engine's bots), the rules
mode (full, simplified A, simplified B), the advanced and optional rules, the galaxy layout and
a turn limit; hot-seat hand-off, undo, save/load/autosave/resume, the log and the headless
bot-vs-bot runner come from the shell::

    from livestock_notebooks.widgets.space_pigs.app import play_app
    play_app()

How a human plays (all on :class:`SpacePigsView`): click hexes on the map (highlighted hexes
are legal: blue where you can act from, green where your troops can go, red green-dashed where
they would attack, purple to choose), click your cards to play them (face down in combat), and
use the buttons under the prompt for everything else (Done, travel markers, votes ...). A
refused move shows the engine's own rule and rulebook section.

Everything the view shows comes from the typed view ``state.player_view(viewer)`` (or the
spectator's view ``player_view(None)`` when no human is at the screen); where a trip may land
and how many troops may board are the engine's answers (``trip_destinations``, the view's
``movable_from``), never a copy of its rules.
"""
from __future__ import annotations

import functools
import html

import ipywidgets as w

from ... import space_pigs as sp
from ...core.protocol import Action
from ...space_pigs import events as ev
from ...space_pigs.actions import (
    ChooseCombat, ChooseHex, Deploy, Discard, Done, Flee, Fly, Load, MoveAliens, OfferExchange, PlaceAliens, PlaceHex,
    PlayCard, Redeploy, ReturnTo, StartPlanet, Stay, UsePower,
)
from ...space_pigs.data import CARDS
from ...space_pigs.game import describe_action, describe_turn, game_info, new_game
from ...space_pigs.views import SpacePigsPlayerView
from ..common.dom import ButtonPool, hide, set_classes, shared_defaults, show, show_first
from ..shell.app import GameApp, GameView, ViewContext
from ..shell.views import ScreenRegions
from ..shell.pacing import BOT_SPEEDS, DEFAULT_BOT_SPEED
from ..shell.setup import choose_from_query, page_query
from .board import SP_CSS, ClanPanel, GalaxyMap, HandPanel, OrderTrack, SequenceBar, card_label
from .help import help_html
from .panels import CombatPanel, ElectionPanel, StandingOrder, TroopTools, touched_hexes
from .setup import setup_controls
from .words import action_label, prompt_for

__all__ = ["BOT_SPEEDS", "SpacePigsView", "action_label", "describe_action", "describe_turn", "new_game",
           "play_app", "prompt_for", "space_pigs_spec"]

#: Events of one-troop steps (boarding, deploying, redeploying, discarding, handing out a marker):
#: a bot's next step follows them after at most ``QUICK_DELAY`` seconds.
QUICK_EVENTS = frozenset({ev.LOAD, ev.DEPLOY, ev.REDEPLOY, ev.DISCARD, ev.GIVE_MARKER, ev.CALL, ev.COMBAT_CARD})
QUICK_DELAY = 0.12
MAP_TYPES = (StartPlanet, ReturnTo, Deploy, PlaceAliens, Load, Fly, Redeploy, MoveAliens, PlaceHex, ChooseHex,
             ChooseCombat, Flee)
SINGLE_HEX_TYPES = (StartPlanet, ReturnTo, PlaceAliens, ChooseHex, ChooseCombat, Flee)
#: the "Last move" line shows two events only when together they are this short: on a phone the
#: prompt keeps room for three lines of it (longer ones are cut there; the log has them whole)
LAST_MOVE_CHARS = 170


# --------------------------------------------------------------------------- the game
#: The :class:`GameInfo` of Space Pigs with ``new_game`` options (``space_pigs.game.game_info``).
space_pigs_spec = game_info


# --------------------------------------------------------------------------- the view
class SpacePigsView(GameView):
    """The game view: galaxy map, sequence bar, order track, clan displays, prompt and action
    buttons, your hand, the combat and election screens. Built once, updated in place."""

    MAX_BUTTONS = 48

    def __init__(self):
        super().__init__()
        self.style = w.HTML(SP_CSS)
        self.map = GalaxyMap()
        self.map.on_click(self._on_map)
        self.seq_bar = SequenceBar()
        self.order = OrderTrack()
        self.clans = ClanPanel()
        self.hand = HandPanel()
        self.hand.on_card(self._on_card)
        self.combat = CombatPanel()
        self.election = ElectionPanel()
        self.prompt = w.HTML()
        self.prompt.add_class("lsn-sp-prompt")
        self.pool = ButtonPool("lsn-sp-action", self._pressed)
        self.buttons = self.pool.buttons
        self._button_actions: list[Action] = []
        self.actions_box = w.Box()
        self.actions_box.add_class("lsn-sp-actions")
        # tools: built the first time a move needs one (see _tool_widgets), not with the page
        self._offers: list = []
        self.tools = w.VBox([])
        self.tools.add_class("lsn-sp-tools")
        self.legend = w.HTML(
            '<div>Map: <span style="color:#0091ea">blue</span> act from here, '
            '<span style="color:#00c853">green</span> go here, <span style="color:#d50000">red</span> go and attack, '
            '<span style="color:#aa00ff">purple</span> choose, white: selected, '
            '<span style="color:#c6a700">yellow dots</span>: the last move. '
            'Chips: clan colour with piglets, +nH hogs; pir/por/worm aliens. A thick border shows who holds a hex.</div>')
        self.legend.add_class("lsn-sp-legend")
        self.last_line = w.HTML()
        self.last_line.add_class("lsn-sp-lastmove")
        self.last_hexes: frozenset = frozenset()
        self.standing = StandingOrder(self._standing_changed)
        self.combat_box = w.VBox([self.combat.widget, self.standing.widget])
        self.combat_box.add_class("lsn-sp-combatbox")
        # the parts of the game screen (see regions())
        bars = w.VBox([self.seq_bar.widget, self.order.widget])
        bars.add_class("lsn-sp-boardbars")
        self.board = w.VBox([self.style, bars, self.map.widget])
        self.board.add_class("lsn-sp-board")
        self.prompt_box = w.VBox([self.prompt, self.last_line])
        self.players = w.VBox([self.clans.widget, self.legend])
        self.players.add_class("lsn-sp-players")
        self.dialogs = (self.tools, self.combat_box, self.election.widget)
        # every part in one tree (tests walk it); the shell shows the parts, not this box
        self.widget = w.VBox([self.board, self.prompt_box, self.actions_box, *self.dialogs, self.hand.widget,
                              self.players])
        self.widget.add_class("lsn-sp-view")
        # view state
        self.view: SpacePigsPlayerView | None = None
        self.state = None  # the live engine state, asked only public questions
        self.viewer: int | None = None
        self.legal: list[Action] = []
        self.selected: int | None = None
        self.mode: str | None = None  # "load", "redeploy", "aliens"
        self.marks: dict = {}
        self._rest_pending = False  # the page but the map is drawn after the click (later)
        hide(self.tools)

    def regions(self) -> ScreenRegions:
        """The game screen: the turn and order bars over the map (left), the clans under it;
        the prompt with the last move, the action buttons, the tools, combat and election
        dialogs and your cards on the right."""
        return ScreenRegions(board=self.board, prompt=self.prompt_box, actions=self.actions_box,
                             dialogs=self.dialogs, hand=self.hand.widget, players=self.players)

    @functools.cached_property
    def _tool_widgets(self) -> "TroopTools":
        """The tools under the buttons (troop type, troops aboard, hex pile, card exchange),
        made on first use: a page that has not needed them has no widgets for them."""
        tools = TroopTools(self._offer)
        self.tools.children = (tools.troop_type, tools.load_box, tools.pile, tools.offer_box)
        return tools

    troop_type = property(lambda self: self._tool_widgets.troop_type)
    load_piglets = property(lambda self: self._tool_widgets.load_piglets)
    load_hogs = property(lambda self: self._tool_widgets.load_hogs)
    load_box = property(lambda self: self._tool_widgets.load_box)
    pile = property(lambda self: self._tool_widgets.pile)
    offer_choice = property(lambda self: self._tool_widgets.offer_choice)
    offer_button = property(lambda self: self._tool_widgets.offer_button)
    offer_box = property(lambda self: self._tool_widgets.offer_box)

    # -- helpers ------------------------------------------------------------------------
    def message(self, text: str, kind: str = "info") -> None:
        if self.app is not None and hasattr(self.app, "message"):
            self.app.message(text, kind)

    # -- the shell's interface ------------------------------------------------------------
    def start_events(self, events) -> None:
        """Events of a prepared position's start (a combat already begun) for the panels of the
        game about to start (call it before ``app.start_state``)."""
        self._pending = list(events)

    def update(self, ctx: ViewContext) -> None:
        if ctx.session is not getattr(self, "_session", None):
            # a game started, resumed or loaded: panels start afresh; the last election comes
            # back from the log, a prepared position's start from start_events()
            self._session = ctx.session
            self.combat.reset()
            self.standing.reset()
            self.election.reset()
            self.election.feed([e for e in ctx.session.log if e.kind in (ev.CANDIDATES, ev.VOTE, ev.ELECTION)])
            pending, self._pending = getattr(self, "_pending", []), []
            self.combat.feed(pending)
            self.election.feed(pending)
        self.combat.feed(ctx.events)
        self.election.feed(ctx.events)
        view = ctx.view if ctx.view is not None else ctx.session.state.player_view(None)
        assert isinstance(view, SpacePigsPlayerView)
        self.view = view
        self.viewer = view.viewer
        self.state = ctx.session.state  # for the engine's public answers (trip_destinations)
        self.legal = list(ctx.legal)
        seats = [("human" if s.is_human else f"{s.kind} bot") for s in ctx.session.seats]
        self.seat_kinds = seats
        self._validate_selection()
        self.last_hexes = touched_hexes(ctx.events)
        self.standing.follow(view)
        self.redraw(ctx.current_player)  # the map first: what a click waits for
        self._show_last_move(ctx)
        if self.standing.decide(view, self.legal) is not None:
            self.later(self.play_standing_order)

    def _show_last_move(self, ctx: ViewContext) -> None:
        """A short line of what the last step did, when someone else played it (public events)."""
        events = [e for e in ctx.events if e.text]
        line = ""
        if events and events[-1].player != ctx.viewer:
            texts = [events[-1].text]  # the last event, and the one before when both are short
            if len(events) > 1 and len(events[-2].text) + len(texts[0]) <= LAST_MOVE_CHARS:
                texts.insert(0, events[-2].text)
            full = html.escape(" ".join(texts))
            line = f'<div class="lsn-sp-lastmove-text" title="{full}">Last move: {full}</div>'
        if self.last_line.value != line:
            self.last_line.value = line

    def play_standing_order(self) -> bool:
        """Play the standing combat order now, if it decides the decision on screen (fight on or
        flee: one of the engine's legal actions). True if it played."""
        if self.view is None or self.app is None:
            return False
        action = self.standing.decide(self.view, self.legal)
        if action is None:
            return False
        what = "flee" if not isinstance(action, Stay) else "fight on"
        ok = self.act(action)
        if ok and self.app is not None:
            self.message(f"Standing order: {what} (round {self.standing.round_played}).", "info")
        return ok

    def _standing_changed(self) -> None:
        """The player set a standing order: it plays at once if the decision is theirs now."""
        if self.view is not None:
            self.standing.update(self.view, self.viewer)
            self.play_standing_order()

    def clear(self) -> None:
        self.view = None
        self.legal = []
        self.selected = None
        self.mode = None
        self.map.clear()
        self.clans.clear()
        self.order.clear()
        self.seq_bar.clear()
        self.hand.clear()
        self.combat.clear()
        self.standing.clear()
        self.election.clear()
        self.prompt.value = ""
        self.last_line.value = ""
        self.last_hexes = frozenset()
        for b in self.buttons:
            b.description = ""
            b.tooltip = ""
        self.actions_box.children = ()
        self._button_actions = []
        self._offers = []
        if "_tool_widgets" in self.__dict__:
            self.offer_choice.options = []
        hide(self.tools)

    # -- drawing --------------------------------------------------------------------------
    def redraw(self, current: int | None = None) -> None:
        """Draw the page in place: the map first (the answer to a click on it is the first
        message on the wire), then the action buttons and the prompt; the rest (hex tooltips,
        tools, the panels) right after the click's messages are out (``later``: at once without
        a loop). Every widget sends a message only when its content changes."""
        view = self.view
        if view is None:
            return
        me = self.viewer
        legal = self.legal
        self.marks, ghosts = self._marks()
        self.map.update(view, marks=self.marks, ghosts=ghosts, viewer=me, tooltips=False, last=self.last_hexes)
        self.let_out()  # the map's message leaves now, before the buttons and prompt are worked out
        self._draw_buttons()
        if legal:
            text = prompt_for(view, legal, me)
            prompt = f'<div class="lsn-sp-prompt-text">{html.escape(text)}</div>'
        elif view.over:
            prompt = '<div class="lsn-sp-prompt-text">The game is over.</div>'
        else:
            actor = view.actor
            who = view.name(actor)
            kind = self.seat_kinds[actor] if actor is not None and actor < len(self.seat_kinds) else ""
            prompt = (f'<div class="lsn-sp-prompt-text">Waiting for {html.escape(who)}'
                      f'{" (" + html.escape(kind) + ")" if kind else ""}.</div>')
        if self.prompt.value != prompt:
            self.prompt.value = prompt
        if not self._rest_pending:
            self._rest_pending = True
            self.later(self._draw_rest)

    def _draw_rest(self) -> None:
        """The tooltips, the tools and the panels, from the latest view (nothing after a hand-off)."""
        self._rest_pending = False
        if self.view is None:  # cleared meanwhile (hand-off)
            return
        self.map.update_tooltips()
        self._draw_tools()
        self._draw_panels()

    def _draw_panels(self) -> None:
        """The panels away from the map; each sends a message only when its text changes."""
        view = self.view
        me = self.viewer
        legal = self.legal
        self.seq_bar.update(view, "")
        self.order.update(view)
        self.clans.update(view, me, getattr(self, "seat_kinds", ()))
        hand = view.own_hand()
        if hand is not None:
            playable = {a.card for a in legal if isinstance(a, PlayCard)}
            keys = {(CARDS[c].kind, CARDS[c].name) for c in playable}
            playable |= {c for c in hand if (CARDS[c].kind, CARDS[c].name) in keys}
            note = ""
            if view.combat is not None and playable:
                note = "Click a card to play it face down."
            elif any(isinstance(a, Discard) for a in legal):
                note = "Click a card to discard it (or play it, if it is highlighted)."
            elif playable:
                note = "Highlighted cards can be played now."
            self.hand.update(hand, playable, note)
            show(self.hand.widget)
        else:
            self.hand.clear()
            hide(self.hand.widget)
        self.combat.update(view, me)
        self.standing.update(view, me)
        self.election.update(view)

    def _pressed(self, index: int) -> None:
        if index < len(self._button_actions):
            self.act(self._button_actions[index])

    def _listed(self) -> list[Action]:
        legal = self.legal
        out = []
        singles = [a for a in legal if isinstance(a, SINGLE_HEX_TYPES)]
        for a in legal:
            if isinstance(a, MAP_TYPES) and not isinstance(a, SINGLE_HEX_TYPES):
                continue
            if isinstance(a, SINGLE_HEX_TYPES) and len(singles) > 10:
                continue
            if isinstance(a, PlayCard) and self.view.combat is not None:
                continue  # face-down cards: click them in the hand
            if isinstance(a, OfferExchange):
                continue  # the exchange row (a card for a faction partner)
            out.append(a)
        # a trip under way: one more troop aboard from the source
        trip = self.view.trip
        if trip is not None and trip.hops == 0:
            out = [a for a in out if not isinstance(a, Load)]
            loads = [a for a in legal if isinstance(a, Load)]
            out = loads + out
        # Done first: the button that ends the decision keeps its place (the first) while the
        # others (a card discarded, a troop boarded) come and go after it
        out.sort(key=lambda a: not isinstance(a, Done))
        return out[: self.MAX_BUTTONS]

    def _draw_buttons(self) -> None:
        actions = self._listed() if self.view is not None else []
        self._button_actions = actions
        shown = []
        # in a combat or an election, its main answer takes the focus (the template's keyboard.js)
        dialog = self.view is not None and (self.view.combat is not None or self.view.election is not None)
        main = next((i for i, a in enumerate(actions) if isinstance(a, Stay)), 0) if dialog else -1
        for i, a in enumerate(actions):
            b = self.pool[i]
            set_classes(b, {"lsn-dialog-main": i == main})
            label = action_label(self.view, a)
            if b.description != label:
                b.description = label
                b.tooltip = label
            style = "primary" if isinstance(a, (Done, Stay)) else ("danger" if isinstance(a, Flee) else "")
            if b.button_style != style:
                b.button_style = style
            _set_type_class(b, type(a).__name__)
            shown.append(b)
        show_first(self.actions_box, self.pool.buttons, len(shown))

    def _draw_tools(self) -> None:
        """The tools under the buttons: each shown only when it serves a legal move now."""
        legal = self.legal
        troops = [a for a in legal if isinstance(a, (Deploy, Redeploy))]
        if troops:
            hogs = any(a.hog for a in troops)
            piglets = any(not a.hog for a in troops)
            if not hogs and self.troop_type.value:
                self.troop_type.value = False
            if not piglets and hogs and not self.troop_type.value:
                self.troop_type.value = True
        piles: list[str] = []
        for a in legal:
            if isinstance(a, PlaceHex) and a.pile not in piles:
                piles.append(a.pile)
        if piles:
            counts = dict(self.view.piles)
            opts = [(f"{p} ({counts.get(p, '?')})" if p != "drawn" else "the drawn hex", p) for p in piles]
            if list(self.pile.options) != opts:
                value = self.pile.value if self.pile.value in piles else piles[0]
                self.pile.options = opts
                self.pile.value = value
        offers = [a for a in legal if isinstance(a, OfferExchange)]
        loading = self.mode == "load" and self.selected is not None
        if "_tool_widgets" not in self.__dict__ and not (troops or piles or offers or loading):
            self._offers = offers
            hide(self.tools)  # no tool needed yet: none is made
            return
        if offers != self._offers:
            self._offers = offers
            self.offer_choice.options = [(f"Offer {card_label(a.card)} to {self.view.name(a.partner)}", i)
                                         for i, a in enumerate(offers)]
            if offers:
                self.offer_choice.value = 0
        wanted = {self.troop_type: bool(troops), self.load_box: loading,
                  self.pile: bool(piles), self.offer_box: bool(offers)}
        for widget, on in wanted.items():
            (show if on else hide)(widget)
        (show if any(wanted.values()) else hide)(self.tools)

    def _offer(self) -> None:
        i = self.offer_choice.value
        if self._offers and isinstance(i, int) and 0 <= i < len(self._offers):
            self.act(self._offers[i])

    # -- selection and marks -------------------------------------------------------------
    def _validate_selection(self) -> None:
        if self.selected is None:
            return
        legal = self.legal
        ok = False
        if self.mode == "load":
            ok = self.view.trip is None and any(isinstance(a, Load) and a.hex == self.selected for a in legal)
        elif self.mode == "redeploy":
            ok = any(isinstance(a, Redeploy) and a.src == self.selected for a in legal)
        elif self.mode == "aliens":
            ok = any(isinstance(a, MoveAliens) and a.src == self.selected for a in legal)
        if not ok:
            self.selected = None
            self.mode = None

    def trip_destinations(self, src: int) -> list[int]:
        """Where a trip from ``src`` may land: the engine's public answer
        ``trip_destinations(viewer, src)`` (adjacency, the sun, the Acorn Festival and forbidden
        planets; a card's longer range when one is played), which reads public facts only."""
        if self.viewer is None or self.state is None:
            return []
        return self.state.trip_destinations(self.viewer, src)

    def _marks(self) -> tuple[dict, list]:
        legal = self.legal
        view = self.view
        marks: dict = {}
        ghosts: list = []
        if view.combat is not None:
            marks[view.combat.hex] = "combat"
        if not legal:
            return marks, ghosts
        for a in legal:
            if isinstance(a, PlaceHex):
                if a.pile == self.pile.value or self.pile.value not in {x.pile for x in legal if isinstance(x, PlaceHex)}:
                    if (a.q, a.r) not in ghosts:
                        ghosts.append((a.q, a.r))
                        marks[(a.q, a.r)] = "dest"
        if self.selected is not None:
            marks[self.selected] = "selected"
            if self.mode == "load":
                for h in self.trip_destinations(self.selected):
                    marks[h] = self._dest_mark(h)
            elif self.mode == "redeploy":
                for a in legal:
                    if isinstance(a, Redeploy) and a.src == self.selected:
                        marks[a.dst] = "dest"
            elif self.mode == "aliens":
                for a in legal:
                    if isinstance(a, MoveAliens) and a.src == self.selected:
                        marks[a.dst] = self._dest_mark(a.dst, aliens=True)
            return marks, ghosts
        trip = view.trip
        if trip is not None:
            marks[trip.source] = "selected"
            if trip.position != trip.source:
                marks[trip.position] = "selected"
        for a in legal:
            t = type(a)
            if t is Fly:
                marks[a.hex] = self._dest_mark(a.hex)
            elif t is Load and trip is None:
                marks.setdefault(a.hex, "source")
            elif t is Redeploy:
                marks.setdefault(a.src, "source")
            elif t is MoveAliens:
                marks.setdefault(a.src, "source")
            elif t is Deploy:
                marks[a.hex] = "dest"
            elif t in SINGLE_HEX_TYPES:
                marks[a.hex] = "choose" if t in (ChooseHex, ChooseCombat) else "dest"
            elif t is UsePower and a.power == "flee_first":
                marks[a.arg] = "dest"
        return marks, ghosts

    def _dest_mark(self, h: int, aliens: bool = False) -> str:
        occ = self.view.hexes[h].occupants
        if aliens:
            return "attack" if any(not o.is_alien for o in occ) else "dest"
        return "attack" if occ and occ[0].who != self.viewer else "dest"

    # -- clicks ---------------------------------------------------------------------------
    def _on_map(self, item) -> None:
        kind, key = item
        if self.view is None:
            return
        me = self.viewer
        legal = self.legal
        if not legal:
            actor = self.view.actor
            self.message(f"It is not your decision now: waiting for {self.view.name(actor)}." if actor is not None
                         else "The game is over.", "error")
            return
        if kind == "cell":
            q, r = key
            pile = self.pile.value
            action = next((a for a in legal if isinstance(a, PlaceHex) and (a.q, a.r) == (q, r) and a.pile == pile),
                          None) or next((a for a in legal if isinstance(a, PlaceHex) and (a.q, a.r) == (q, r)), None)
            if action is None:
                action = PlaceHex(me, pile, q, r)
            self.act(action)
            return
        h = key
        if self.selected is not None:
            if h == self.selected:
                self.selected, self.mode = None, None
                self.redraw()
                return
            if self.mode == "load":
                self.send(h)
                return
            if self.mode == "redeploy":
                want = bool(self.troop_type.value)
                opts = [a for a in legal if isinstance(a, Redeploy) and a.src == self.selected and a.dst == h]
                action = next((a for a in opts if a.hog == want), opts[0] if opts else None)
                if action is None:
                    action = Redeploy(me, self.selected, h, want)
                self.act(action)
                return
            if self.mode == "aliens":
                self.act(MoveAliens(me, self.selected, h))
                return
        trip = self.view.trip
        if trip is None and any(isinstance(a, Load) and a.hex == h for a in legal):
            self.select_source(h)
            return
        if any(isinstance(a, Redeploy) and a.src == h for a in legal):
            self.selected, self.mode = h, "redeploy"
            self.redraw()
            return
        if any(isinstance(a, MoveAliens) and a.src == h for a in legal):
            self.selected, self.mode = h, "aliens"
            self.redraw()
            return
        deploys = [a for a in legal if isinstance(a, Deploy) and a.hex == h]
        if deploys:
            want = bool(self.troop_type.value)
            self.act(next((a for a in deploys if a.hog == want), deploys[0]))
            return
        for a in legal:
            if isinstance(a, (Fly, *SINGLE_HEX_TYPES)) and a.hex == h:
                self.act(a)
                return
            if isinstance(a, UsePower) and a.power == "flee_first" and a.arg == h:
                self.act(a)
                return
        # not a legal click: let the engine say which rule forbids it
        guess = self._guess(h)
        if guess is not None:
            self.act(guess)
        else:
            self.message(f"Nothing to do on {self.view.hex_label(h)} now.", "error")

    def _guess(self, h: int) -> Action | None:
        """The action a click on hex ``h`` would mean in this sequence (for the engine's refusal)."""
        me, seq, legal = self.viewer, self.view.sequence, self.legal
        types = {type(a) for a in legal}
        if Fly in types:
            return Fly(me, h)
        if seq == "start" or StartPlanet in types:
            return StartPlanet(me, h)
        if Deploy in types or seq == "1D":
            return Deploy(me, h, bool(self.troop_type.value))
        if seq in ("2B", "2X"):
            return Load(me, h, False)
        if seq == "3B":
            return Redeploy(me, h, h, False)
        if PlaceAliens in types:
            return PlaceAliens(me, h)
        if ChooseHex in types:
            return ChooseHex(me, h)
        if Flee in types or Stay in types:
            return Flee(me, h)
        if ReturnTo in types:
            return ReturnTo(me, h)
        return None

    def select_source(self, h: int) -> None:
        """Pick the hex a trip leaves from; the counters default to all movable troops but one."""
        pg, hg, free = self.view.movable_from(h)
        self.selected, self.mode = h, "load"
        self.redraw()  # the map first: its message leaves before the counters'
        keep = 1 if free > 1 else 0
        send_p = max(0, pg - keep)
        send_h = hg if send_p + hg <= free - keep or pg == 0 else max(0, min(hg, free - keep - send_p))
        if send_p + send_h == 0:
            send_p, send_h = (1, 0) if pg else (0, 1)
        self.load_piglets.max = pg
        self.load_hogs.max = hg
        self.load_piglets.value = send_p
        self.load_hogs.value = send_h

    def send(self, dst: int) -> bool:
        """Board the troops set in the counters at the selected hex, then fly to ``dst``: one
        step of the page (the shell's ``batch``), drawn once after the flight, one autosave."""
        src = self.selected
        me = self.viewer
        pg, hg = int(self.load_piglets.value), int(self.load_hogs.value)
        if pg + hg == 0:
            self.message("Put at least one troop aboard first.", "error")
            return False
        self.selected, self.mode = None, None
        ok = False
        with self.app.batch() as batch:
            steps = [Load(me, src, True)] * hg + [Load(me, src, False)] * pg + [Fly(me, dst)]
            for action in steps:
                ok = self.act(action)
                if not ok:
                    break
        if not batch.applied:
            self.redraw()  # nothing was played: the selection goes
        return ok

    def _on_card(self, card: int) -> None:
        if self.view is None:
            return
        me = self.viewer
        legal = self.legal
        if not legal:
            self.message("It is not your decision now.", "error")
            return
        key = (CARDS[card].kind, CARDS[card].name)
        play = next((a for a in legal if isinstance(a, PlayCard) and a.card == card), None) or next(
            (a for a in legal if isinstance(a, PlayCard) and (CARDS[a.card].kind, CARDS[a.card].name) == key), None)
        if play is not None:
            self.act(play)
            return
        discard = next((a for a in legal if isinstance(a, Discard) and a.card == card), None)
        if discard is not None:
            self.act(discard)
            return
        self.act(PlayCard(me, card))  # the engine says why not

    # -- for tests and tutorials ------------------------------------------------------------
    def button_labels(self) -> list[str]:
        return [b.description for b in self.actions_box.children]

    def press(self, text: str) -> bool:
        """Press the first action button whose caption contains ``text`` (tests)."""
        for b in self.actions_box.children:
            if text in b.description:
                b.click()
                return True
        raise KeyError(f"no button with {text!r}; buttons: {self.button_labels()}")


def _set_type_class(button: w.Button, name: str) -> None:
    wanted = f"lsn-sp-act-{name}"
    set_classes(button, {c: c == wanted for c in (*button._dom_classes, wanted) if c.startswith("lsn-sp-act-")})


# --------------------------------------------------------------------------- the page
def _speed_control(app: GameApp) -> w.Dropdown:
    """The bot speed: the shell's menu control (a player's choice, shown in the menu itself),
    made with the game screen."""
    speed = app.speed_dropdown
    speed.add_class("lsn-sp-speed")
    app.controls_widgets["speed"] = speed
    return speed


@shared_defaults()
def play_app(*, bot_delay: float | None | str = "setup", autosave: bool = True, save_directory=None,
             check_resume: bool = True, headless: bool = True, loop=None) -> GameApp:
    """The Space Pigs page. ``bot_delay``: ``"setup"`` follows the bot speed chosen in the
    page menu; ``None`` never schedules bots (tests step them by hand)."""
    spec = sp.GAME
    c = setup_controls()
    query = page_query()  # the tutorial's "Play your first game" names its settings in the address
    choose_from_query(c["rules"], query.get("rules"))
    choose_from_query(c["turns"], query.get("turns"), int)
    options_box = w.VBox([w.HTML('<div class="lsn-section-title">Options</div>'), c["layout"],
                          c["auto_layout"], c["checks"].widget])

    def setup_options() -> dict:
        opts = {"rules": c["rules"].value, "max_rounds": c["turns"].value, "layout": c["layout"].value,
                "auto_layout": bool(c["auto_layout"].value)}
        opts.update((key, True) for key in c["checks"].chosen())
        return opts

    app = GameApp(spec, view_factory=SpacePigsView,
                  bot_delay=BOT_SPEEDS[DEFAULT_BOT_SPEED] if bot_delay == "setup" else bot_delay,
                  autosave=autosave, save_directory=save_directory, check_resume=check_resume,
                  setup_widgets=[c["rules"], options_box, c["notes"]], setup_options=setup_options,
                  headless=headless, help_html=help_html(), loop=loop, tutorial="space_pigs_tutorial")
    app.controls_widgets = c
    app.on_screen(_speed_control)
    # the round limit is for the curious: under the setup screen's closed Advanced section
    advanced = app.advanced.children[0]
    advanced.children = (*advanced.children, c["turns"])

    def pace(_app, events) -> None:
        # a bot boards, deploys or redeploys one troop an action: those steps go quickly
        if app.bot_delay is None or bot_delay != "setup":
            return
        chosen = BOT_SPEEDS[app.bot_speed]
        quick = bool(events) and all(e.kind in QUICK_EVENTS for e in events)
        app.bot_delay = min(chosen, QUICK_DELAY) if quick else chosen

    app.on_change(pace)
    return app
