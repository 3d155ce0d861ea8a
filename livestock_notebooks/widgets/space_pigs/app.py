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

Everything the view shows comes from ``state.player_view(viewer)`` (or the public view of
nobody, ``player_view(-1)``, when no human is at the screen).
"""
from __future__ import annotations

import html
from typing import Any, Mapping, Sequence

import ipywidgets as w

from ... import space_pigs as sp
from ...core.protocol import Action
from ...space_pigs.actions import (
    AnswerExchange, CallVoter, ChooseCombat, ChooseHex, ChooseMarker, ChoosePlayer, Deploy, Discard, Done, DrawHex,
    Drop, Flee, Fly, GiveMarker, Land, Load, MakeHog, MoveAliens, OfferExchange, PlaceAliens, PlaceHex, PlayCard,
    Redeploy, ReturnTo, Stand, StartPlanet, Stay, UsePower, Vote,
)
from ...space_pigs.data import CARDS, POWER_TEXT
from ...space_pigs.game import (
    LAYOUT_OPTIONS, OPTION_LABELS, RULE_MODES, describe_action, describe_turn, game_info, new_game,
)
from ..shell.app import GameApp, GameView, ViewContext
from .board import (
    PLAYER_COLOURS, SP_CSS, ClanPanel, CombatPanel, ElectionPanel, GalaxyMap, HandPanel, OrderTrack, SequenceBar,
    card_label, hex_text, pname, public_state,
)

__all__ = ["BOT_SPEEDS", "SpacePigsView", "action_label", "describe_turn", "new_game", "play_app",
           "space_pigs_spec"]

#: Seconds between visible bot steps, by the name shown in the setup.
BOT_SPEEDS = {"Slow": 1.2, "Normal": 0.5, "Fast": 0.15, "Instant": 0.01}
#: Events of one-troop steps (boarding, deploying, redeploying, discarding, handing out a marker):
#: a bot's next step follows them after at most ``QUICK_DELAY`` seconds.
QUICK_EVENTS = frozenset({"load", "deploy", "redeploy", "discard", "give_marker", "call", "combat_card"})
QUICK_DELAY = 0.12
MAP_TYPES = (StartPlanet, ReturnTo, Deploy, PlaceAliens, Load, Fly, Redeploy, MoveAliens, PlaceHex, ChooseHex,
             ChooseCombat, Flee)
SINGLE_HEX_TYPES = (StartPlanet, ReturnTo, PlaceAliens, ChooseHex, ChooseCombat, Flee)


# --------------------------------------------------------------------------- the game
#: The :class:`GameInfo` of Space Pigs with ``new_game`` options (``space_pigs.game.game_info``).
space_pigs_spec = game_info


# --------------------------------------------------------------------------- words
def action_label(view: Mapping, action: Action) -> str:
    """A short button caption for an action (from the viewer's view: nothing hidden)."""
    t = type(action)
    seq = view["seq"]
    cb = view.get("cb")
    if t is Done:
        if cb is not None:
            stage = cb.get("stage")
            return {"cards_d": "Done: my cards are down", "cards_a": "Done: my cards are down",
                    "tech": "Keep the technology total", "reroll": "No re-roll",
                    "win_tie": "Let the tie stand"}.get(stage, "Done")
        return {"1A": "Done: draw my cards", "1B": "Done", "1D": "Done deploying", "2B": "End my travel",
                "2X": "No extra trip", "3B": "Done redeploying", "3C": "The aliens stay", "4B": "Done"}.get(seq, "Done")
    if t is PlayCard:
        return f"Play {card_label(action.card)}"
    if t is Discard:
        return f"Discard {card_label(action.card)}"
    if t is ChooseMarker:
        return f"Marker {action.value} ({action.value} trips)"
    if t is GiveMarker:
        return f"Give a marker to {pname(view, action.to)}"
    if t is MakeHog:
        return "Turn 2 new piglets into a hog"
    if t is Stand:
        return "Stand for Royal Pig" if action.yes else "Do not stand"
    if t is CallVoter:
        return f"Call {pname(view, action.voter)} to vote"
    if t is Vote:
        mine = " (yourself)" if action.candidate == action.player else ""
        return f"Vote for {pname(view, action.candidate)}{mine}"
    if t is ChoosePlayer:
        return f"Choose {pname(view, action.target)}"
    if t is UsePower:
        clan = view["clans"][action.player] if view.get("clans") else ""
        text = POWER_TEXT.get((clan, action.power), action.power.replace("_", " "))
        extra = ""
        if action.power == "tech_adjust":
            extra = f" ({action.arg:+d})"
        elif action.power == "reroll":
            extra = " (my die)" if action.arg == 0 else " (enemy die)"
        elif action.power == "flee_first":
            extra = f" to {hex_text(view, action.arg)}"
        short = text if len(text) <= 60 else text[:57] + "..."
        return f"Power: {short}{extra}"
    if t is OfferExchange:
        return f"Offer {card_label(action.card)} to {pname(view, action.partner)}"
    if t is AnswerExchange:
        return "Decline the exchange" if action.card < 0 else f"Give {card_label(action.card)} in exchange"
    if t is Stay:
        return "Fight on"
    if t is Flee:
        return f"Flee to {hex_text(view, action.hex)}"
    if t is Drop:
        return "Drop a hog here" if action.hog else "Drop a piglet here"
    if t is Land:
        return "Land here"
    if t is DrawHex:
        return f"Draw a hex from the {action.pile} pile"
    if t in (StartPlanet, ReturnTo, PlaceAliens, ChooseHex, ChooseCombat):
        verb = {StartPlanet: "Start on", ReturnTo: "Return to", PlaceAliens: "Aliens to", ChooseHex: "Choose",
                ChooseCombat: "Resolve the combat on"}[t]
        return f"{verb} {hex_text(view, action.hex)}"
    if t is Load:
        return f"Board {'a hog' if action.hog else 'a piglet'} more"
    return str(action)


def _tile_words(tile: str) -> str:
    colour = {"r": "red", "y": "yellow", "b": "blue"}.get(tile[1:2], "")
    kind = {"P": "planet", "D": "double planet", "A": "asteroid", "S": "the sun"}.get(tile[:1], "a hex")
    return f"a {colour} {kind}" if colour else ("an asteroid" if kind == "asteroid" else kind)


def _hand_size(view: Mapping, p: int) -> int:
    if view["rules"] == "simple_a":
        return 3
    if view["rules"] == "simple_b":
        return 4
    if view["opts"].get("clan_powers") and view["clans"][p] == "Porcus" and view["turn"] >= 2:
        return 8
    return 6


def prompt_for(view: Mapping, legal: Sequence[Action], me: int) -> str:
    """What the player to decide is asked to do, in a sentence or two."""
    seq = view["seq"]
    sd = view.get("sd") or {}
    cb = view.get("cb")
    types = {type(a) for a in legal}
    offer = view.get("offer") or sd.get("offer")
    if offer and AnswerExchange in types:
        card = offer[2]
        what = f"{card_label(card)}" if isinstance(card, int) and card >= 0 else "a card"
        return (f"{pname(view, offer[0])} offers you {what} in exchange for one of your cards: give one of yours "
                "or decline.")
    pend = view.get("pend")
    if pend is not None:
        what = CARDS[pend["id"]].english if pend.get("what") == "card" else str(pend["id"]).replace("_", " ")
        target = "hex (highlighted in purple on the map)" if ChooseHex in types else "player"
        return f"Choose the target of {what}: a {target}."
    if cb is not None:
        stage = cb.get("stage")
        if stage in ("cards_d", "cards_a"):
            side = "defender" if stage == "cards_d" else "attacker"
            return (f"Combat: as the {side}, choose combat cards in secret. Click cards in your hand to play them "
                    "face down, then press Done. Mind the wipeout line: if the technology indices of both sides "
                    "reach 6, every troop on the hex is destroyed.")
        if stage in ("flee_d", "flee_a"):
            return (f"Round {cb['round']}: flee to an adjacent hex where you have troops (click it or use the "
                    "buttons), or fight on.")
        return "A clan power may change this combat: use it or not."
    if seq == "layout":
        if DrawHex in types:
            return "Lay a hex: draw one from a family pile and look at it first."
        drawn = view.get("drawn")
        if drawn and drawn[0] == me and isinstance(drawn[2], str):
            return (f"You drew {_tile_words(drawn[2])} from the {drawn[1]} pile: click a free dashed cell to lay it "
                    "there.")
        return ("Lay a hex: choose a family pile, then click a free dashed cell of the galaxy. The hex is revealed "
                "when it is laid; rings are completed before the next ring starts.")
    if seq == "start":
        return "Choose where your 5 starting piglets land: click a highlighted planet."
    if seq == "return":
        return "Your clan comes back: choose an empty hex on the rim of the galaxy for 5 piglets."
    if seq == "1A":
        return (f"Draw cards: click cards you want to get rid of to discard them (or use the Discard buttons), "
                f"then press Done to draw back up to {_hand_size(view, me)}.")
    if seq == "1B":
        if sd.get("stage") == "give":
            left = sd["k"] - len(sd.get("assign", []))
            return (f"You are the Royal Pig: hand out the colonist markers face down, at most two to each clan "
                    f"(yourself included). {left} left to give.")
        return (f"You have {view['new_p'][me]} new colonist piglets: you may turn two of them into a hog (one a "
                "turn), play a card, or press Done.")
    if seq == "1D":
        if not (view["new_p"][me] or view["new_h"][me]):
            return "You have no new troops to deploy: you may play a card for this sequence, or press Done."
        return (f"Deploy your new troops ({view['new_p'][me]} piglets, {view['new_h'][me]} hogs) on hexes where you "
                "have troops: pick piglet or hog, then click a highlighted hex.")
    if seq == "1E":
        return "Place the arriving aliens: click a highlighted hex (a free asteroid, or aliens of the same kind)."
    if seq == "2A":
        return ("Choose a travel marker in secret: it is the number of trips you may make this turn. A used marker "
                "comes back only when all five have been used.")
    if seq in ("2B", "2X"):
        trip = view.get("trip")
        if trip is not None:
            aboard = []
            if trip["p"]:
                aboard.append(f"{trip['p']} piglet{'s' if trip['p'] != 1 else ''}")
            if trip["h"]:
                aboard.append(f"{trip['h']} hog{'s' if trip['h'] != 1 else ''}")
            return (f"Aboard: {' and '.join(aboard) or 'nobody'} from {hex_text(view, trip['src'])}. Click a green "
                    "hex to fly there.")
        left = view["trips"][me]
        if seq == "2X" and not left:
            return ("Everyone has travelled. You hold an Extra-Move card: play it for one more trip now, or "
                    "keep it (No extra trip).")
        head = "Extra-Mouve: you may make one more trip. " if seq == "2X" else ""
        return (f"{head}{left} trip{'s' if left != 1 else ''} left. Click one of your hexes (blue), set how many "
                "troops go aboard, then click a green hex (red: an attack). End your travel when you are done.")
    if seq == "3A":
        return "You attack several hexes: choose which combat to resolve first."
    if seq == "3B":
        return ("Redeployment: shift troops, one hex each, between neighbouring hexes you hold. Click a blue hex, "
                "then a green one (piglet or hog as chosen). Press Done when finished.")
    if seq == "3C":
        if sd.get("stage") == "cho":
            return "You may play Cho Boko to move the aliens yourself this turn."
        return ("Move one whole alien stack (pirates up to 3 hexes, porcophages 2, the worm 1 onto a planet): "
                "click a stack, then its destination; or let the aliens stay.")
    if seq == "4B":
        return "Governors are counted: you may play a card for this sequence, or press Done."
    if seq == "4C":
        stage = sd.get("stage")
        if stage == "stand":
            return "Election: do you stand as a candidate for Royal Pig?"
        if stage == "call" and CallVoter in types and Vote in types:
            return "Election: you call the votes. Vote first, or call the next clan (you then vote last)."
        if stage == "call" and CallVoter in types:
            return "Election: call the next clan to vote, in the order you like."
        return f"Election: give all your {view['gov'][me]} governors to one candidate."
    return "Your decision."


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
        self.buttons: list[w.Button] = []
        self._button_actions: list[Action] = []
        self.actions_box = w.Box()
        self.actions_box.add_class("lsn-sp-actions")
        # tools
        self.troop_type = w.ToggleButtons(options=[("Piglet", False), ("Hog", True)], value=False,
                                          description="Troop", style={"button_width": "70px"})
        self.troop_type.add_class("lsn-sp-trooptype")
        self.load_piglets = w.BoundedIntText(value=0, min=0, max=0, description="Piglets aboard",
                                             style={"description_width": "initial"}, layout=w.Layout(width="170px"))
        self.load_piglets.add_class("lsn-sp-load-piglets")
        self.load_hogs = w.BoundedIntText(value=0, min=0, max=0, description="Hogs aboard",
                                          style={"description_width": "initial"}, layout=w.Layout(width="150px"))
        self.load_hogs.add_class("lsn-sp-load-hogs")
        self.load_box = w.HBox([self.load_piglets, self.load_hogs], layout=w.Layout(grid_gap="8px"))
        self.pile = w.ToggleButtons(options=[("red", "red")], description="Pile", style={"button_width": "80px"})
        self.pile.add_class("lsn-sp-pile")
        self.offer_choice = w.Dropdown(options=[], description="Exchange", layout=w.Layout(width="360px"))
        self.offer_choice.add_class("lsn-sp-offer-choice")
        self.offer_button = w.Button(description="Offer this exchange", icon="exchange", layout=w.Layout(width="auto"))
        self.offer_button.add_class("lsn-sp-offer")
        self.offer_button.on_click(lambda _b: self._offer())
        self.offer_box = w.HBox([self.offer_choice, self.offer_button], layout=w.Layout(grid_gap="6px"))
        self.offer_box.add_class("lsn-sp-offer-box")
        self._offers: list = []
        self.tools = w.VBox([self.troop_type, self.load_box, self.pile, self.offer_box])
        self.tools.add_class("lsn-sp-tools")
        self.legend = w.HTML(
            '<div style="font-size:0.8em;color:#555">Map: <span style="color:#0091ea">blue</span> act from here, '
            '<span style="color:#00c853">green</span> go here, <span style="color:#d50000">red</span> go and attack, '
            '<span style="color:#aa00ff">purple</span> choose, white: selected. '
            'Chips: clan colour with piglets, +nH hogs; pir/por/worm aliens. A thick border shows who holds a hex.</div>')
        side = w.VBox([self.prompt, self.actions_box, self.tools, self.combat.widget, self.election.widget,
                       self.hand.widget])
        side.add_class("lsn-sp-side")
        mapcol = w.VBox([self.map.widget, self.legend], layout=w.Layout(flex="none"))
        top = w.Box([mapcol, side])
        top.add_class("lsn-sp-top")
        self.widget = w.VBox([self.style, self.seq_bar.widget, self.order.widget, top, self.clans.widget])
        self.widget.add_class("lsn-sp-view")
        # view state
        self.view: dict | None = None
        self.viewer: int | None = None
        self.legal: list[Action] = []
        self.selected: int | None = None
        self.mode: str | None = None  # "load", "redeploy", "aliens"
        self.marks: dict = {}
        self._rest_pending = False  # the page but the map is drawn after the click (later)
        self._hide(self.tools)

    # -- helpers ------------------------------------------------------------------------
    @staticmethod
    def _hide(widget) -> None:
        widget.layout.display = "none"

    @staticmethod
    def _show(widget) -> None:
        widget.layout.display = None

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
            self.election.reset()
            self.election.feed([e for e in ctx.session.log if e.kind in ("candidates", "vote", "election")])
            pending, self._pending = getattr(self, "_pending", []), []
            self.combat.feed(pending)
            self.election.feed(pending)
        self.combat.feed(ctx.events)
        self.election.feed(ctx.events)
        view = ctx.view
        if view is None:
            view = ctx.session.state.player_view(-1)
        self.view = view
        self.viewer = ctx.viewer if ctx.view is not None else None
        self.legal = list(ctx.legal)
        seats = [("human" if s.is_human else f"{s.kind} bot") for s in ctx.session.seats]
        self.seat_kinds = seats
        self._validate_selection()
        self.redraw(ctx.current_player)

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
        self.election.clear()
        self.prompt.value = ""
        for b in self.buttons:
            b.description = ""
            b.tooltip = ""
        self.actions_box.children = ()
        self._button_actions = []
        self._offers = []
        self.offer_choice.options = []
        self._hide(self.tools)

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
        self.map.update(view, marks=self.marks, ghosts=ghosts, viewer=me, tooltips=False)
        self._draw_buttons()
        if legal:
            text = prompt_for(view, legal, me)
            prompt = f'<div class="lsn-sp-prompt-text">{html.escape(text)}</div>'
        elif view.get("over"):
            prompt = '<div class="lsn-sp-prompt-text">The game is over.</div>'
        else:
            actor = view.get("actor")
            who = pname(view, actor) if actor is not None else "nobody"
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
        width = f"{max(self.map.width, 300)}px"
        if self.legend.layout.width != width:
            self.legend.layout.width = width
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
        if me is not None and isinstance(view["hands"][me], list):
            playable = {a.card for a in legal if isinstance(a, PlayCard)}
            keys = {(CARDS[c].kind, CARDS[c].name) for c in playable}
            playable |= {c for c in view["hands"][me] if (CARDS[c].kind, CARDS[c].name) in keys}
            note = ""
            if view.get("cb") is not None and playable:
                note = "Click a card to play it face down."
            elif any(isinstance(a, Discard) for a in legal):
                note = "Click a card to discard it (or play it, if it is highlighted)."
            elif playable:
                note = "Highlighted cards can be played now."
            self.hand.update(view["hands"][me], playable, note)
            self._show(self.hand.widget)
        else:
            self.hand.clear()
            self._hide(self.hand.widget)
        self.combat.update(view, me)
        self.election.update(view)

    def _button(self, i: int) -> w.Button:
        while len(self.buttons) <= i:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("lsn-sp-action")
            index = len(self.buttons)
            b.on_click(lambda _b, index=index: self._pressed(index))
            self.buttons.append(b)
        return self.buttons[i]

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
            if isinstance(a, PlayCard) and self.view.get("cb") is not None:
                continue  # face-down cards: click them in the hand
            if isinstance(a, OfferExchange):
                continue  # the exchange row (a card for a faction partner)
            out.append(a)
        # a trip under way: one more troop aboard from the source
        trip = self.view.get("trip")
        if trip is not None and trip.get("hops") == 0:
            out = [a for a in out if not isinstance(a, Load)]
            loads = [a for a in legal if isinstance(a, Load)]
            out = loads + out
        return out[: self.MAX_BUTTONS]

    def _draw_buttons(self) -> None:
        actions = self._listed() if self.view is not None else []
        self._button_actions = actions
        shown = []
        for i, a in enumerate(actions):
            b = self._button(i)
            label = action_label(self.view, a)
            if b.description != label:
                b.description = label
                b.tooltip = label
            style = "primary" if isinstance(a, (Done, Stay)) else ("danger" if isinstance(a, Flee) else "")
            if b.button_style != style:
                b.button_style = style
            _set_type_class(b, type(a).__name__)
            shown.append(b)
        if tuple(shown) != tuple(self.actions_box.children):
            self.actions_box.children = tuple(shown)

    def _draw_tools(self) -> None:
        legal = self.legal
        show_tools = False
        deploy = [a for a in legal if isinstance(a, Deploy)]
        redeploy = [a for a in legal if isinstance(a, Redeploy)]
        if deploy or redeploy:
            hogs = any(a.hog for a in deploy + redeploy)
            piglets = any(not a.hog for a in deploy + redeploy)
            if not hogs and self.troop_type.value:
                self.troop_type.value = False
            if not piglets and hogs and not self.troop_type.value:
                self.troop_type.value = True
            self._show(self.troop_type)
            show_tools = True
        else:
            self._hide(self.troop_type)
        if self.mode == "load" and self.selected is not None:
            self._show(self.load_box)
            show_tools = True
        else:
            self._hide(self.load_box)
        places = [a for a in legal if isinstance(a, PlaceHex)]
        if places:
            piles = []
            for a in places:
                if a.pile not in piles:
                    piles.append(a.pile)
            counts = (self.view.get("piles") or {})
            opts = [(f"{p} ({counts.get(p, '?')})" if p != "drawn" else "the drawn hex", p) for p in piles]
            if list(self.pile.options) != opts:
                value = self.pile.value if self.pile.value in piles else piles[0]
                self.pile.options = opts
                self.pile.value = value
            self._show(self.pile)
            show_tools = True
        else:
            self._hide(self.pile)
        offers = [a for a in legal if isinstance(a, OfferExchange)]
        if offers:
            opts = [(f"Offer {card_label(a.card)} to {pname(self.view, a.partner)}", i) for i, a in enumerate(offers)]
            if offers != self._offers:
                self._offers = offers
                self.offer_choice.options = opts
                self.offer_choice.value = 0
            self._show(self.offer_box)
            show_tools = True
        else:
            self._offers = []
            self._hide(self.offer_box)
        if show_tools:
            self._show(self.tools)
        else:
            self._hide(self.tools)

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
            ok = self.view.get("trip") is None and any(isinstance(a, Load) and a.hex == self.selected for a in legal)
        elif self.mode == "redeploy":
            ok = any(isinstance(a, Redeploy) and a.src == self.selected for a in legal)
        elif self.mode == "aliens":
            ok = any(isinstance(a, MoveAliens) and a.src == self.selected for a in legal)
        if not ok:
            self.selected = None
            self.mode = None

    def _movable(self, h: int) -> tuple[int, int, int]:
        view, me = self.view, self.viewer
        occ = view["occ"][h]
        e = next((x for x in occ if x[0] == me), None)
        if e is None:
            return 0, 0, 0
        again = (view.get("sd") or {}).get("again") == me
        pg, hg = e[1] + (e[3] if again else 0), e[2] + (e[4] if again else 0)
        free = pg + hg
        if occ and occ[0] is e and len(occ) > 1:
            free -= sum(x[1] + x[2] + x[3] + x[4] for x in occ[1:])
        free = max(0, free)
        return min(pg, free), min(hg, free), free

    def trip_destinations(self, src: int) -> list[int]:
        """Where a trip from ``src`` may land: the engine's public
        ``trip_destinations(viewer, src)`` on a state rebuilt from the view (adjacency, the sun,
        the Acorn Festival and forbidden planets; a card's longer range when one is played)."""
        if self.viewer is None:
            return []
        try:
            return public_state(self.view).trip_destinations(self.viewer, src)
        except (KeyError, IndexError, TypeError, ValueError):
            return []

    def _marks(self) -> tuple[dict, list]:
        legal = self.legal
        view = self.view
        marks: dict = {}
        ghosts: list = []
        if not legal:
            cb = view.get("cb")
            if cb is not None:
                marks[cb["hex"]] = "combat"
            return marks, ghosts
        cb = view.get("cb")
        if cb is not None:
            marks[cb["hex"]] = "combat"
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
        trip = view.get("trip")
        if trip is not None:
            marks[trip["src"]] = "selected"
            if trip["pos"] != trip["src"]:
                marks[trip["pos"]] = "selected"
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
        occ = self.view["occ"][h]
        if aliens:
            return "attack" if any(e[0] >= 0 for e in occ) else "dest"
        return "attack" if occ and occ[0][0] != self.viewer else "dest"

    # -- clicks ---------------------------------------------------------------------------
    def _on_map(self, item) -> None:
        kind, key = item
        if self.view is None:
            return
        me = self.viewer
        legal = self.legal
        if not legal:
            actor = self.view.get("actor")
            self.message(f"It is not your decision now: waiting for {pname(self.view, actor)}." if actor is not None
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
        trip = self.view.get("trip")
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
            self.message(f"Nothing to do on {hex_text(self.view, h)} now.", "error")

    def _guess(self, h: int) -> Action | None:
        """The action a click on hex ``h`` would mean in this sequence (for the engine's refusal)."""
        me, seq, legal = self.viewer, self.view["seq"], self.legal
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
        pg, hg, free = self._movable(h)
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
    classes = [c for c in button._dom_classes if not c.startswith("lsn-sp-act-")]
    classes.append(wanted)
    if tuple(classes) != tuple(button._dom_classes):
        button._dom_classes = tuple(classes)


# --------------------------------------------------------------------------- the page
def setup_controls() -> dict:
    """The Space Pigs setup widgets: rules mode, options, layout, turn limit, bot speed."""
    rules = w.ToggleButtons(options=list(RULE_MODES), value="full", description="Rules",
                            tooltips=["All four phases: secret recipes, Royal Pig, aliens, election",
                                      "Simplified A: public recipes, 3 cards, 3 trips, asteroid rolls, no politics",
                                      "Simplified B: public recipes, 4 cards, 3 trips, no politics or aliens"])
    rules.add_class("lsn-sp-rules")
    layout = w.Dropdown(options=list(LAYOUT_OPTIONS), value="rings", description="Galaxy")
    layout.add_class("lsn-sp-layout")
    auto = w.Checkbox(value=True, description="Lay the galaxy out for us (random legal placements)",
                      indent=False, layout=w.Layout(width="auto"))
    auto.add_class("lsn-sp-auto-layout")
    checks = {}
    for key, label in OPTION_LABELS:
        cb = w.Checkbox(value=False, description=label, indent=False, layout=w.Layout(width="auto"))
        cb.add_class(f"lsn-sp-opt-{key}")
        checks[key] = cb
    turns = w.Dropdown(options=[("No limit", None), ("3 turns", 3), ("4 turns", 4), ("5 turns", 5), ("6 turns", 6),
                                ("8 turns", 8)], value=6, description="Turn limit")
    turns.add_class("lsn-sp-turns")
    speed = w.Dropdown(options=list(BOT_SPEEDS), value="Normal", description="Bot speed")
    speed.add_class("lsn-sp-speed")
    notes = w.HTML(
        '<div style="color:#555;font-size:0.92em;max-width:52em;line-height:1.4">Bots: <b>Random</b> picks any legal move; '
        "<b>Greedy</b> settles the planets its recipe needs, attacks with the odds in its favour, keeps its "
        "technology total low and flees when outnumbered. Several humans share this device: a <i>pass the "
        "device</i> screen hides your recipe, cards and secret choices from the others.</div>")
    return {"rules": rules, "layout": layout, "auto_layout": auto, "checks": checks, "turns": turns, "speed": speed,
            "notes": notes}


def play_app(*, bot_delay: float | None | str = "setup", autosave: bool = True, save_directory=None,
             check_resume: bool = True, headless: bool = True, loop=None) -> GameApp:
    """The Space Pigs page. ``bot_delay``: ``"setup"`` follows the bot speed chosen in the
    setup; ``None`` never schedules bots (tests step them by hand)."""
    spec = sp.GAME
    c = setup_controls()
    checks = w.GridBox(list(c["checks"].values()),
                       layout=w.Layout(grid_template_columns="repeat(2, minmax(240px, 360px))", grid_gap="2px 16px"))
    checks.add_class("lsn-sp-options")
    options_box = w.VBox([w.HTML('<div class="lsn-section-title">Options</div>'),
                          w.HBox([c["layout"], c["turns"]], layout=w.Layout(flex_flow="row wrap")),
                          c["auto_layout"], checks])

    def setup_options() -> dict:
        opts = {"rules": c["rules"].value, "max_rounds": c["turns"].value, "layout": c["layout"].value,
                "auto_layout": bool(c["auto_layout"].value)}
        for key, box in c["checks"].items():
            if box.value:
                opts[key] = True
        return opts

    app = GameApp(spec, view_factory=SpacePigsView,
                  bot_delay=BOT_SPEEDS[c["speed"].value] if bot_delay == "setup" else bot_delay,
                  autosave=autosave, save_directory=save_directory, check_resume=check_resume,
                  setup_widgets=[c["rules"], options_box, c["speed"], c["notes"]], setup_options=setup_options,
                  headless=headless, loop=loop)
    app.controls_widgets = c

    def speed_changed(change) -> None:
        if app.bot_delay is not None:
            app.bot_delay = BOT_SPEEDS[change["new"]]

    c["speed"].observe(speed_changed, "value")

    def pace(_app, events) -> None:
        # a bot boards, deploys or redeploys one troop an action: those steps go quickly
        if app.bot_delay is None or bot_delay != "setup":
            return
        speed = BOT_SPEEDS[c["speed"].value]
        quick = bool(events) and all(e.kind in QUICK_EVENTS for e in events)
        app.bot_delay = min(speed, QUICK_DELAY) if quick else speed

    app.on_change(pace)
    app.controls.children = tuple(app.controls.children) + (c["speed"],)
    return app
