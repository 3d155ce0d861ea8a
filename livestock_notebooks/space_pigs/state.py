"""The Space Pigs game state: what is legal now and applying it, why an action is illegal, saves,
views and invariants. The rules themselves live in one module per rulebook part, combined here
as mixins: :mod:`.board` (the position), :mod:`.galaxy`, :mod:`.administrative` (phase 1),
:mod:`.aliens`, :mod:`.space_travel` (phase 2), :mod:`.space_combat` (phase 3),
:mod:`.election` (phase 4), :mod:`.cards`, :mod:`.powers`, :mod:`.elimination` and
:mod:`.flow` (the sequence machine).

See the package docstring (``livestock_notebooks.space_pigs``) for the public interface.
"""
from __future__ import annotations

import json
from typing import Any

from ..core.errors import IllegalAction, NotYourDecision, SaveFileError
from ..core.protocol import Event, GameState, check_action_type
from ..core.rng import Dice
from .actions import (
    ACTION_CLASSES, AnswerExchange, CallVoter, ChooseCombat, ChooseHex, ChooseMarker, ChoosePlayer, Deploy, Discard,
    Done, DrawHex, Drop, Flee, Fly, GiveMarker, Land, Load, MakeHog, MoveAliens, OfferExchange, PlaceAliens, PlaceHex,
    PlayCard, Redeploy, ReturnTo, SpacePigsAction, Stand, StartPlanet, Stay, UsePower, Vote,
)
from .administrative import AdministrativeMixin
from .aliens import AliensMixin
from .board import (  # noqa: F401  (re-exported: the package and older imports read them here)
    ALIEN_NAME, LAYOUTS, OPTION_DEFAULTS, PILES, PIRATES, PORCOPHAGES, RULE_SETS, STACK_LIMIT, WORM, Board,
    player_code, troops_text,
)
from .cards import CardsMixin
from .combat import Combat
from .data import CARDS, FULL_DECK, POWERS, RULES, simple_deck
from .election import ElectionMixin
from .elimination import EliminationMixin
from .flow import SEQ_TITLE, SEQUENCE_ORDER, TURN_SEQUENCES, FlowMixin  # noqa: F401
from .galaxy import GalaxyMixin, hex_piles
from .hidden import HiddenMixin
from .notation import to_notation
from .powers import PowersMixin
from .save_check import check_save
from .space_combat import SpaceCombatMixin
from .space_travel import SpaceTravelMixin
from .views import SpacePigsPlayerView, build_view


# sequences checked to have every contest settled: no hex holds two occupants (travel brings
# attackers, who fight in 3A; aliens moving in 3C fight at once)
_SETTLED_SEQUENCES = ("return", "1A", "1B", "1C", "1D", "3B", "4A", "4B", "4C")

class SpacePigsState(FlowMixin, GalaxyMixin, AdministrativeMixin, AliensMixin, SpaceTravelMixin, SpaceCombatMixin,
                     ElectionMixin, EliminationMixin, CardsMixin, PowersMixin, HiddenMixin, Board, GameState):
    """A game of Space Pigs. Build one with :func:`new_game`, :func:`load` or :func:`from_notation`."""

    GAME = "space_pigs"
    SAVE_VERSION = 1

    def __init__(self) -> None:  # an empty shell; use new_game()
        self._legal: list | None = None
        self._legal_set: set | None = None
        self._events: list[Event] = []
        self._adj: list[list[int]] | None = None
        self.start_events: list[Event] = []  # events of from_notation's start (not saved)

    @classmethod
    def _fresh(cls, players: int, seed: int, rules: str, max_rounds: int | None, options: dict) -> "SpacePigsState":
        s = cls()
        s.players = players
        s.rules = rules
        s.opts = dict(options)
        s.max_rounds = max_rounds
        s.dice = Dice(seed)
        s.turn = 0
        s.first = 0
        s.order = list(range(players))
        s.royal_pig = -1
        s.clans = []
        s.recipes = []
        s.seventh = [None] * players
        # galaxy cells
        s.hex_q, s.hex_r, s.hex_kind, s.hex_colour, s.hex_family, s.face_down = [], [], [], [], [], []
        s.occupants = []
        s.piles = {}
        s.drawn = None  # (player, pile, tile) when a hex was drawn and looked at
        # cards
        s.deck, s.discard = [], []
        s.hands = [[] for _ in range(players)]
        # per player
        s.used = [[] for _ in range(players)]
        s.choice = [0] * players
        s.trips = [0] * players
        s.new_piglets = [0] * players
        s.new_hogs = [0] * players
        s.hog_made = [False] * players
        s.governors = [0] * players
        s.extra_governors = [0] * players
        s.faction = [-1] * players
        s.out = [False] * players
        s.powers_used = [[] for _ in range(players)]
        s.ban_last = -1
        s.lost = [0] * players
        s.acorns = [[0, 0, 0] for _ in range(players)]
        s.offers_made = [[] for _ in range(players)]
        s.offer = None  # [giver, partner, card] while an exchange offer awaits its answer
        # turn-wide
        s.festival = []  # [hex, holder]
        s.forbid = []  # [player, hex]
        s.worm_eaten = 0
        s.seq = "layout"
        s.seq_data = {}
        s.actor = None
        s.pending = None
        s.trip = None
        s.ship = None
        s.combat = None
        s.over = False
        s.win = []
        s.setup_log = []
        return s

    def legal_actions(self) -> list:
        """Every action the player to move may take now (Space Pigs: see the package docstring for
        the actions of each phase); empty once the game is over."""
        if self._legal is None:
            if self.over or self.actor is None:
                self._legal = []
            else:
                self._legal = self._compute_legal()
            self._legal_set = None
        return list(self._legal)

    def _legal_lookup(self) -> set:
        if self._legal is None:
            self.legal_actions()
        if self._legal_set is None:
            self._legal_set = set(self.legal_actions())
        return self._legal_set

    def apply(self, action) -> list[Event]:
        """Play ``action`` (one of :meth:`legal_actions`) and return the events it caused.

        Anything else raises ``IllegalAction`` naming the rule and the rulebook section; the
        state is then unchanged."""
        section = SEQ_TITLE.get(self.seq, "Game Sequence")
        check_action_type(action, SpacePigsAction, section)
        if self.over:
            raise IllegalAction("The game is over: no more actions", "Victory")
        actor = self.actor
        assert actor is not None, "a running game has a current player"
        if action.player != actor:
            raise NotYourDecision(
                f"It is {player_code(actor)}'s decision now, not {player_code(action.player)}'s" if isinstance(action.player, int)
                else "Not a player of this game", section)
        legal = self._legal if self._legal is not None else self.legal_actions()
        found = False
        for x in legal:
            if x is action:
                found = True
                break
        if not found and action not in legal:
            self._explain_illegal(action, section)
            raise IllegalAction(f"{action} is not allowed now ({self._waiting_for()})", section)
        self._events = []
        self._legal = None
        self._legal_set = None
        self._dispatch(action)
        self._advance()
        out, self._events = self._events, []
        return out

    def _waiting_for(self) -> str:
        return f"waiting for {player_code(self.actor if self.actor is not None else -1)} in {SEQ_TITLE.get(self.seq, self.seq)}"

    def _explain_illegal(self, a, section: str) -> None:
        def no(rule: str, sec: str = section):
            raise IllegalAction(rule, sec)

        t = type(a)
        seq = self.seq
        allowed = _ACTION_SEQ.get(t)
        if allowed is not None and seq not in allowed:
            names = " or ".join(SEQ_TITLE[x] for x in allowed)
            no(f"{_ACTION_WHAT[t]} belongs to {names}; the game is now in {SEQ_TITLE.get(seq, seq)}",
               SEQ_TITLE[allowed[0]])
        if t in (Load, Deploy, ReturnTo, StartPlanet, Redeploy, Flee, ChooseHex, MoveAliens, PlaceAliens, Fly):
            hx = getattr(a, "hex", getattr(a, "src", 0))
            if not isinstance(hx, int) or not 0 <= hx < len(self.hex_q):
                no(f"There is no hex H{hx} in this galaxy", "Layout of the Board")
            if t in (Load, Redeploy) and self._entry(hx, a.player) is None:
                no(f"{player_code(a.player)} has no troops on H{hx}", section)
        if t is PlaceAliens and seq == "1E":
            no(f"New aliens land on an asteroid free of other aliens, within the limit of their kind on a hex; "
               f"H{a.hex} is not one", section)
        if t is ReturnTo and seq == "return":
            no(f"An eliminated clan returns on an empty hex, as near the galaxy's edge as one is free; H{a.hex} is "
               "not one", "Elimination")
        card = getattr(a, "card", None)
        if t in (PlayCard, Discard, OfferExchange) and isinstance(card, int):
            if not (0 <= card < len(CARDS)) or card not in self.hands[a.player]:
                no(f"{player_code(a.player)} does not hold that card", "Sequence A: Draw Cards")
        if t is PlayCard and isinstance(card, int) and 0 <= card < len(CARDS):
            if not self._card_playable_in(card, seq):
                c = CARDS[card]
                where = "the combat sequences 3A and 3C" if c.kind == "combat" else f"sequence {c.sequence}"
                no(f"A card is played only in the sequence it names: {c.english} is played in {where}",
                   "Sequence A: Draw Cards")
            if self.turn == 1 and CARDS[card].effect == "colonists":
                no("Colon and Colons cannot be played on the first turn", "The First Game Turn")
        if t is ChooseMarker:
            if seq != "2A":
                no("Travel markers are chosen in Phase 2, Sequence A", SEQ_TITLE["2A"])
            no(f"That travel marker is not available: used markers wait until all five have been used",
               SEQ_TITLE["2A"])
        if t is GiveMarker:
            if seq != "1B":
                no("Colonist markers are handed out in Phase 1, Sequence B", SEQ_TITLE["1B"])
            no("The Royal Pig may give no more than two colonist markers to any player", SEQ_TITLE["1B"])
        if t is MakeHog:
            no("Two piglets from this turn's colonists become a hog, one hog a turn, never on turn 1, "
               "within the clan's 3 hogs", SEQ_TITLE["1B"])
        if t in (Load, Fly, Land, Drop):
            if seq not in ("2B", "2X"):
                no("Troops travel in Phase 2, Sequence B", SEQ_TITLE["2B"])
            if t is Load:
                if self.trips[a.player] <= 0 and self.trip is None:
                    no(f"{player_code(a.player)} has no space travel trip left", SEQ_TITLE["2B"])
                if self.trip is not None and a.hex != self.trip["src"]:
                    no("All troops of a trip embark from the same hex", "Space Travel Distance")
                no("A troop makes one trip a turn, and as many defenders as attackers are pinned",
                   SEQ_TITLE["2B"])
            if t is Fly:
                if self.trip is None:
                    no("Load troops before flying", SEQ_TITLE["2B"])
                no("Piglets and hogs reach only adjacent hexes without a card (and never the sun, a forbidden "
                   "hex or a hex under the Acorn Festival)", "Space Travel Distance")
        if t is Deploy and seq != "1D":
            no("Colonists are deployed in Phase 1, Sequence D", SEQ_TITLE["1D"])
        if t is Deploy:
            no("New troops go on hexes where the player already has troops", SEQ_TITLE["1D"])
        if t is Redeploy:
            if seq != "3B":
                no("Redeployment is Phase 3, Sequence B", SEQ_TITLE["3B"])
            no("Each troop may move once, one hex, between two adjacent hexes the player holds", SEQ_TITLE["3B"])
        if t is Flee:
            no("From the second round a side may flee to an adjacent hex where it already has troops", "Fleeing")
        if t is Vote:
            no("Vote once, when called, for one candidate who is not barred", "The Vote")
        if t is MoveAliens:
            no("One whole alien stack moves up to its range (pirates 3, porcophages 2, the worm 1 onto a "
               "planet) and may not join aliens of another type or overfill a stack", SEQ_TITLE["3C"])
        if t is PlaceHex:
            no("Hexes are laid touching the galaxy, completing each ring before the next", "Layout of the Board")
        if t is StartPlanet:
            no("Starting piglets go on a free rim planet", "Initial Forces and Deployment")
        if t is UsePower:
            if not self.opts.get("clan_powers") or self.rules != "full":
                no("Clan powers are an advanced rule that is not in use in this game", "Clan Powers")
            if not self._powers_on():
                no("Clan powers are not used on turn 1", "The First Game Turn")
            if a.power not in POWERS.get(self.clans[a.player], ()):
                no(f"{a.power} is not a power of the {self.clans[a.player]} clan", "Clan Powers")
            if a.power in self.powers_used[a.player]:
                no("Each clan power may be used only once per turn", "Clan Powers")
            stage = self.combat.stage if self.combat is not None else ""
            if a.power == "tech_adjust" and stage != "tech":
                no("The Pecari technology adjustment comes right after the cards are revealed, and only when the "
                   "total is 5 or 6: one step up or down from any other total cannot cross the wipeout line at 6",
                   "Technology Indices")
            if a.power == "reroll" and stage != "reroll":
                no("The Pecari re-roll comes right after the dice of a round are rolled, and only when re-rolling one "
                   "die could change who wins the round", "Combat Resolution")
        if t is Done and self.trip is not None:
            no("Finish the trip under way before ending travel", SEQ_TITLE["2B"])

    def _compute_legal(self) -> list:
        p = self.actor
        assert p is not None
        if self.offer is not None:
            return [AnswerExchange(p, c) for c in sorted(self.hands[p])] + [AnswerExchange(p, -1)]
        if self.pending is not None:
            return [self._target_action(p, t) for t in self._pend_options()]
        fn = getattr(self, "_legal_" + self.seq)
        return fn(p)

    def _dispatch(self, a) -> None:
        t = type(a)
        if t is Done:
            self._do_done(a.player)
        elif t is ChooseHex or t is ChoosePlayer:
            self._do_target(a)
        elif t is PlayCard:
            self._do_card(a)
        elif t is UsePower:
            self._do_power(a)
        else:
            _DO[t](self, a)

    _SAVE_KEYS = {"n": "players", "cq": "hex_q", "cr": "hex_r", "kind": "hex_kind", "col": "hex_colour",
                  "fam": "hex_family", "hid": "face_down", "occ": "occupants", "rp": "royal_pig", "sd": "seq_data",
                  "cb": "combat", "pend": "pending", "new_p": "new_piglets", "new_h": "new_hogs",
                  "log0": "setup_log", "gov": "governors", "gov_extra": "extra_governors"}

    _FIELDS = ("n", "rules", "opts", "max_rounds", "turn", "first", "order", "rp", "clans", "recipes", "seventh",
               "cq", "cr", "kind", "col", "fam", "hid", "occ", "piles", "drawn", "deck", "discard", "hands", "used",
               "choice", "trips", "new_p", "new_h", "hog_made", "gov", "gov_extra", "faction", "out", "powers_used",
               "ban_last", "lost", "acorns", "offers_made", "offer", "festival", "forbid", "worm_eaten", "seq", "sd", "actor",
               "pend", "trip", "ship", "cb", "over", "win", "log0")

    _ATTRS = tuple(zip(_FIELDS, map(_SAVE_KEYS.get, _FIELDS, _FIELDS)))

    def to_dict(self) -> dict:
        d = {key: getattr(self, attr) for key, attr in self._ATTRS}
        if self.combat is not None:
            d["cb"] = self.combat.to_dict()
        d["dice"] = self.dice.to_dict()
        return json.loads(json.dumps(d))

    @classmethod
    def from_dict(cls, data: dict, *, check: bool = True) -> "SpacePigsState":
        """The state saved as ``data`` (``to_dict``); ``check`` first checks every field's type, range
        and consistency, raising SaveFileError naming the field (``from_view`` skips it: views hide fields)."""
        if not isinstance(data, dict):
            raise SaveFileError("state is not an object")
        if check:
            check_save(data)
        s = cls()
        for key, attr in cls._ATTRS:
            setattr(s, attr, data[key])
        saved_combat: Any = s.combat  # the save's dict
        s.combat = None if saved_combat is None else Combat.from_dict(saved_combat)
        s.dice = Dice.from_dict(data["dice"])
        if s.rules not in RULE_SETS:
            raise ValueError(f"unknown rules {s.rules!r}")
        if not isinstance(s.players, int) or not 3 <= s.players <= 6:
            raise ValueError("players must be 3 to 6")
        # a save's objects come back with their keys sorted: put the piles and options back in a
        # new game's order, so that views (which list the piles) equal the original game's
        s.piles = _in_order(s.piles, hex_piles(s.players, s.rules, bool(s.opts.get("baston_rikiki"))))
        s.opts = _in_order(s.opts, OPTION_DEFAULTS)
        return s

    @classmethod
    def from_view(cls, view: dict) -> "SpacePigsState":
        """A state rebuilt from ``view_dict(viewer)`` (or the public view ``view_dict(-1)``)
        for reading public facts: geometry, :meth:`trip_destinations`, :meth:`can_land`,
        ``troops_on``, ``hex_label``. What the view hides is left empty (other hands, unknown
        recipes, the deck and piles, face-down hexes read as asteroids) and the dice are
        neutral, so it must never be played on."""
        d = {k: v for k, v in dict(view).items() if k != "viewer"}
        d["hands"] = [list(h) if isinstance(h, list) else [] for h in d["hands"]]
        d["recipes"] = [list(r) if isinstance(r, list) else [0, 0, 0] for r in d["recipes"]]
        d["seventh"] = [c if c in ("r", "y", "b") else None for c in d["seventh"]]
        d["choice"] = [c if isinstance(c, int) else 0 for c in d["choice"]]
        d["deck"] = []
        d["discard"] = []
        d["piles"] = {k: [] for k in (d.get("piles") or {})}
        d["drawn"] = None
        d["kind"] = [k if k != "?" else "A" for k in d["kind"]]
        d["col"] = [c if c != "?" else "" for c in d["col"]]
        cb = d.get("cb")
        if isinstance(cb, dict):
            cb = dict(cb)
            for key in ("acards", "dcards"):
                if not isinstance(cb.get(key), list):
                    cb[key] = []
            d["cb"] = cb
        d["dice"] = Dice(0).to_dict()
        return cls.from_dict(d, check=False)

    _FLAT_LISTS = ("order", "seventh", "hex_q", "hex_r", "hex_kind", "hex_colour", "hex_family", "face_down", "deck",
                   "discard", "choice", "trips", "new_piglets", "new_hogs", "hog_made", "governors", "extra_governors",
                   "faction", "out", "lost", "win")

    _NESTED = ("recipes", "hands", "used", "powers_used", "acorns", "offers_made", "festival", "forbid", "setup_log",
               "clans")

    def copy(self) -> "SpacePigsState":
        s = SpacePigsState()
        d = s.__dict__
        src = self.__dict__
        for f in ("players", "rules", "max_rounds", "turn", "first", "royal_pig", "ban_last", "worm_eaten", "seq", "actor",
                  "over"):
            d[f] = src[f]
        for f in self._FLAT_LISTS:
            d[f] = src[f][:]
        for f in self._NESTED:
            d[f] = [x[:] if isinstance(x, list) else x for x in src[f]]
        d["occupants"] = [[e[:] for e in occ] for occ in self.occupants]
        d["opts"] = dict(self.opts)
        d["piles"] = {k: v[:] for k, v in self.piles.items()}
        for f in ("drawn", "seq_data", "pending", "trip", "ship", "offer"):
            d[f] = _deep(src[f])
        d["combat"] = None if self.combat is None else self.combat.copy()
        s.dice = self.dice.copy()
        s._adj = self._adj
        return s

    def player_view(self, player: int | None) -> "SpacePigsPlayerView":
        """What ``player`` may know, as a read-only :class:`~.views.SpacePigsPlayerView`
        (``None``: a spectator, who knows no secret)."""
        return build_view(self, player)

    def view_dict(self, player: int | None) -> dict:
        """The JSON-ready dict form of what ``player`` may know, in the save's field layout (the input
        of :meth:`from_view`): other hands, recipes, secret marker choices, face-down combat cards,
        face-down hexes, pile and deck order and the dice are hidden."""
        d = self.to_dict()
        d.pop("dice")
        d["viewer"] = player
        d["hands"] = [h if i == player else len(h) for i, h in enumerate(self.hands)]
        if not self.simple:
            d["recipes"] = [r if i == player else None for i, r in enumerate(self.recipes)]
        d["seventh"] = [c if i == player else (None if c is None else "?") for i, c in enumerate(self.seventh)]
        d["choice"] = [c if i == player else (0 if c == 0 else "?") for i, c in enumerate(self.choice)]
        d["deck"] = len(self.deck)
        d["discard"] = len(self.discard)  # discards in 1A are not shown to others
        d["piles"] = {k: len(v) for k, v in self.piles.items()}
        if self.drawn is not None and self.drawn[0] != player:
            d["drawn"] = [self.drawn[0], self.drawn[1], "?"]
        for h in range(len(self.hex_q)):
            if self.face_down[h]:
                d["kind"][h] = "?"
                d["col"][h] = "?"
        if self.combat is not None:
            cb = d["cb"]
            if self.combat.stage in ("cards_d", "cards_a"):
                if self.combat.attacker != player:
                    cb["acards"] = len(self.combat.attacker_cards)
                if self.combat.defender != player:
                    cb["dcards"] = len(self.combat.defender_cards)
        # colonist markers (1B) are face down for everyone: their values are drawn at the reveal
        if self.offer is not None and player not in (self.offer[0], self.offer[1]):
            d["offer"] = [self.offer[0], self.offer[1], "?"]
        return d

    def secretless_copy(self, player: int | None) -> "SpacePigsState":
        """A copy with what ``player`` may not know (what :meth:`view_dict` hides) overwritten by
        placeholders of the same shape: other hands, the deck, the discard pile and the piles as
        cards ``-1`` or ``"?"``, other recipes zeros, secret markers ``-1``, hidden tiles ``"?"``,
        and neutral dice. Its ``view_dict(player)`` equals this state's, and nothing in it
        depends on a secret: what a player view keeps to write its ``known`` text on first read
        (a copy and a few lists, about half the cost of writing the dict at once). Never play on it."""
        s = self.copy()
        s.hands = [h if i == player else [-1] * len(h) for i, h in enumerate(s.hands)]
        if not self.simple:
            s.recipes = [r if i == player else [0] * len(r) for i, r in enumerate(s.recipes)]
        s.seventh = [c if i == player else (None if c is None else "?") for i, c in enumerate(s.seventh)]
        s.choice = [c if i == player or c == 0 else -1 for i, c in enumerate(s.choice)]
        s.deck = [-1] * len(s.deck)
        s.discard = [-1] * len(s.discard)
        s.piles = {k: ["?"] * len(v) for k, v in s.piles.items()}
        if s.drawn is not None and s.drawn[0] != player:
            s.drawn = [s.drawn[0], s.drawn[1], "?"]
        for h, down in enumerate(s.face_down):
            if down:
                s.hex_kind[h] = "?"
                s.hex_colour[h] = "?"
        cb = s.combat
        if cb is not None and cb.stage in ("cards_d", "cards_a"):
            if cb.attacker != player:
                cb.attacker_cards = [-1] * len(cb.attacker_cards)
            if cb.defender != player:
                cb.defender_cards = [-1] * len(cb.defender_cards)
        if s.offer is not None and player not in (s.offer[0], s.offer[1]):
            s.offer = [s.offer[0], s.offer[1], "?"]
        s.dice = Dice(0)
        return s

    def invariant_violations(self) -> list[str]:
        out = []
        n = self.players
        try:
            if len(self.hands) != n:
                out.append("one hand per player")
            cards = list(self.deck) + list(self.discard) + [c for h in self.hands for c in h]
            if self.combat is not None and not self.combat.revealed:
                cards += list(self.combat.attacker_cards) + list(self.combat.defender_cards)
            deck_all = FULL_DECK if self.rules == "full" else simple_deck()
            if sorted(cards) != sorted(deck_all):
                out.append("every card is in the deck, the discard pile, a hand or a combat exactly once")
            comp = RULES["components"]
            for p in range(n):
                pg, hg = self._pigs_total(p)
                if self.trip is not None and self.actor == p:
                    pg += self.trip["p"]
                    hg += self.trip["h"]
                if pg + self.new_piglets[p] > comp["piglets_per_player"]:
                    out.append(f"P{p + 1} has more than 20 piglets")
                if hg + self.new_hogs[p] > comp["hogs_per_player"]:
                    out.append(f"P{p + 1} has more than 3 hogs")
                if self.out[p] and (pg + hg) > 0:
                    out.append(f"P{p + 1} is eliminated but has troops on the board")
                if not 0 <= self.governors[p] <= comp["governors_per_player"]:
                    out.append(f"P{p + 1} governors out of range")
            for h, occ in enumerate(self.occupants):
                whos = [e[0] for e in occ]
                if len(set(whos)) != len(whos):
                    out.append(f"H{h} lists an occupant twice")
                aliens = [e for e in occ if e[0] < 0]
                if len(aliens) > 1:
                    out.append(f"H{h} holds two alien stacks")
                for e in occ:
                    if min(e[1:]) < 0 or sum(e[1:]) <= 0:
                        out.append(f"H{h} has an empty or negative occupant")
                    if e[0] < 0 and e[1] > STACK_LIMIT[e[0]]:
                        out.append(f"H{h} exceeds the alien stacking limit")
                if occ and self.hex_kind[h] == "S":
                    out.append("troops on the sun")
                if self.seq in _SETTLED_SEQUENCES and len(occ) > 1:
                    out.append(f"H{h} has several occupants outside travel and combat")
            for h, (kind, colour) in enumerate(zip(self.hex_kind, self.hex_colour)):
                if not (kind in "PD" and colour in ("r", "y", "b") or kind in "AS" and colour == "") or len(kind) != 1:
                    out.append(f"H{h} is not a planet, double planet, asteroid or sun of a known colour")
            if self.worm_eaten > 3:
                out.append("the worm ate more than three planets")
            if not self.over and self.actor is None:
                out.append("a running game has no current player")
            if self.over and self.win and not all(0 <= w < n for w in self.win):
                out.append("bad winner")
            if sorted(self.order) != list(range(n)):
                out.append("order of play is not a permutation of the players")
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            out.append(f"malformed state: {type(exc).__name__}: {exc}")
        return out

    def __repr__(self) -> str:
        return f"<SpacePigsState {self.players}p {self.rules} turn {self.turn} {self.sequence} actor {self.actor}>"

    def notation(self) -> str:
        """The one-line text notation of the position (see :mod:`.notation`)."""
        return to_notation(self)


_ACTION_SEQ = {
    PlaceHex: ("layout",), DrawHex: ("layout",), StartPlanet: ("start",), ReturnTo: ("return",),
    Discard: ("1A",), GiveMarker: ("1B",), MakeHog: ("1B",), Deploy: ("1D",), PlaceAliens: ("1E",),
    ChooseMarker: ("2A",), Load: ("2B", "2X"), Fly: ("2B", "2X"), Drop: ("2B", "2X"), Land: ("2B", "2X"),
    ChooseCombat: ("3A",), Flee: ("3A", "3C"), Stay: ("3A", "3C"), Redeploy: ("3B",), MoveAliens: ("3C",),
    Stand: ("4C",), CallVoter: ("4C",), Vote: ("4C",),
}
_ACTION_WHAT = {
    PlaceHex: "Laying hexes", DrawHex: "Drawing hexes", StartPlanet: "Placing the starting piglets",
    ReturnTo: "Returning after elimination", Discard: "Discarding", GiveMarker: "Handing out colonist markers",
    MakeHog: "Turning piglets into a hog", Deploy: "Deploying colonists", PlaceAliens: "Placing new aliens",
    ChooseMarker: "Choosing a travel marker", Load: "Boarding troops", Fly: "Flying", Drop: "Dropping troops",
    Land: "Landing", ChooseCombat: "Choosing a combat", Flee: "Fleeing", Stay: "Fighting on",
    Redeploy: "Redeployment", MoveAliens: "Moving aliens", Stand: "Standing for Royal Pig",
    CallVoter: "Calling voters", Vote: "Voting",
}
_DO = {cls: getattr(SpacePigsState, "_do_" + cls.__name__) for cls in ACTION_CLASSES
       if hasattr(SpacePigsState, "_do_" + cls.__name__)}
SpacePigsState._POLL_BY_SEQUENCE = {name[6:]: getattr(SpacePigsState, name) for name in dir(SpacePigsState)
                                   if name.startswith("_poll_")}



def _deep(x):
    if isinstance(x, list):
        return [_deep(v) for v in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    return x


def _in_order(values: dict, like: Any) -> dict:
    """``values`` with the keys of ``like`` first, in its order, then any others as they were."""
    return {**{k: values[k] for k in like if k in values}, **values}
