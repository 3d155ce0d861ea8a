"""The Space Pigs game state: set-up, the four phases, combat, elimination, cards and powers.

See the package docstring (``livestock_notebooks.space_pigs``) for the public interface.
"""
from __future__ import annotations

import json
from typing import Any

from ..core.protocol import Event, GameState, check_action_type, load_state
from ..core.errors import IllegalAction, NotYourDecision, SaveFileError
from ..odds.space_pigs_sides import AcornWorm, Pigs, Pirates, Porcophages, resolve_round
from ..core.rng import Dice
from . import events, geometry as geo
from .actions import (
    ACTION_CLASSES, AnswerExchange, CallVoter, ChooseCombat, ChooseHex, ChooseMarker, ChoosePlayer,
    Deploy, Discard, Done, DrawHex, Drop, Flee, Fly, GiveMarker, Land, Load, MakeHog, MoveAliens,
    OfferExchange, PlaceAliens, PlaceHex, PlayCard, Redeploy, ReturnTo, SpacePigsAction, Stand,
    StartPlanet, Stay, UsePower, Vote,
)
from .data import CARDS, CLANS, COLONIST_MARKERS, FULL_DECK, POWERS, RECIPES, RULES, simple_deck

# alien "owners" in occupant entries
PIRATES, PORCOPHAGES, WORM = -1, -2, -3
ALIEN_NAME = {PIRATES: "pirates", PORCOPHAGES: "porcophages", WORM: "acorn worm"}
ALIEN_ONE = {PIRATES: "pirate", PORCOPHAGES: "porcophage", WORM: "acorn worm"}


def _aliens(kind: int, count: int) -> str:
    """'1 porcophage', '3 pirates', 'the acorn worm'."""
    if kind == WORM:
        return "the acorn worm"
    return f"{count} {ALIEN_ONE[kind] if count == 1 else ALIEN_NAME[kind]}"


ALIEN_BY_NAME = {"pirates": PIRATES, "porcophages": PORCOPHAGES, "worm": WORM}
STACK_LIMIT = {PIRATES: 4, PORCOPHAGES: 3, WORM: 1}
ALIEN_MOVE = {PIRATES: 3, PORCOPHAGES: 2, WORM: 1}
COLOURS = ("red", "yellow", "blue")
COLOUR_INDEX = {"r": 0, "y": 1, "b": 2}
KIND_NAME = {"P": "planet", "D": "double planet", "A": "asteroid", "S": "sun"}
PILES = ("red", "yellow", "blue", "black")

RULE_SETS = ("full", "simple_a", "simple_b")
LAYOUTS = ("rings", "twin", "pancake", "freedom")

TURN_SEQUENCES = ("return", "1A", "1B", "1C", "1D", "1E", "2A", "2B", "2X", "3A", "3B", "3C",
                  "4A", "4B", "4C", "end")

SEQ_TITLE = {
    "layout": "Layout of the Board",
    "start": "Initial Forces and Deployment",
    "return": "Elimination",
    "1A": "Phase 1, Sequence A: Draw Cards",
    "1B": "Phase 1, Sequence B: Colonists Arrive",
    "1C": "Phase 1, Sequence C: Determine Order of Play",
    "1D": "Phase 1, Sequence D: Deploy Colonists",
    "1E": "Phase 1, Sequence E: Arrival and Deployment of Aliens",
    "2A": "Phase 2, Sequence A: Choice of Space Travel Marker",
    "2B": "Phase 2, Sequence B: Space Travel Resolution",
    "2X": "The Extra-Mouve Card",
    "3A": "Phase 3, Sequence A: Combat",
    "3B": "Phase 3, Sequence B: Redeployment",
    "3C": "Phase 3, Sequence C: Alien Space Travel and Combat",
    "4A": "Phase 4, Sequence A: Acorn Production",
    "4B": "Phase 4, Sequence B: Governors",
    "4C": "Phase 4, Sequence C: Election",
    "end": "Game Sequence",
    "over": "Victory",
}

OPTION_DEFAULTS = {
    "clan_powers": False,
    "inverse_deployment": False,
    "seventh_planet": False,
    "baston_rikiki": False,
    "layout": "rings",
    "connecting_galaxy": False,
    "look_before_placing": False,
    "all_laid_before_revealed": False,
    "unexplored": False,
}

# cards with a target: effect -> tuple of target kinds
CARD_TARGETS = {
    "swap_planets": ("planet", "planet2"),
    "festival": ("own_hex",),
    "bar_candidate": ("player_bar",),
    "vote_error": ("player_other",),
    "hog": ("serum_hex",),
}
POWER_TARGETS = {
    "steal": ("player_cards",),
    "famine": ("famine_hex",),
    "convert": ("convert_hex", "own_hex"),
    "forbid": ("player_other", "forbid_planet"),
    "recover": ("own_hex",),
    "swap": ("planet", "adjacent_planet"),
    "ban": ("player_ban",),
    "assassinate": ("player_governors",),
}
# powers used from a window (not in combat), by sequence
WINDOW_POWERS = {
    "1A": ("steal",),
    "2A": ("forbid",),
    "2B": ("swap", "extra_move", "move_again", "teleport"),
    "3B": ("famine", "convert", "recover", "long_redeploy"),
    "4C": ("ban", "assassinate"),
}


def _pn(p: int) -> str:
    return f"P{p + 1}"


class SpacePigsState(GameState):
    """A game of Space Pigs. Build one with :func:`new_game`, :func:`load` or :func:`from_notation`."""

    GAME = "space_pigs"
    SAVE_VERSION = 1

    # ================================================================== construction
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

    # ================================================================== properties
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.actor

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> list[int]:
        return list(self.win)

    @property
    def simple(self) -> bool:
        return self.rules != "full"

    @property
    def sequence(self) -> str:
        """The current sequence: "layout", "start", "1A" ... "4C" (see SEQ_TITLE)."""
        return "over" if self.over else self.seq

    @property
    def sequence_title(self) -> str:
        return SEQ_TITLE.get(self.sequence, self.sequence)

    @property
    def hexes(self) -> list[dict]:
        """The galaxy cells, by index: q, r, kind, colour, family, face_down, rim."""
        rim = self._rim_set() if self.seq not in ("layout",) else set()
        out = []
        for i in range(len(self.hex_q)):
            out.append({"index": i, "q": self.hex_q[i], "r": self.hex_r[i], "kind": KIND_NAME.get(self.hex_kind[i], "?"),
                        "colour": {"r": "red", "y": "yellow", "b": "blue"}.get(self.hex_colour[i]),
                        "family": self.hex_family[i], "face_down": self.face_down[i], "rim": i in rim})
        return out

    def troops_on(self, hex: int) -> list[dict]:
        """Who is on a hex, in arrival order (the first is the holder)."""
        out = []
        for e in self.occupants[hex]:
            if e[0] >= 0:
                out.append({"player": e[0], "piglets": e[1] + e[3], "hogs": e[2] + e[4]})
            else:
                out.append({"aliens": ALIEN_NAME[e[0]], "count": e[1]})
        return out

    def owner(self, hex: int) -> int | None:
        """The player holding a hex (its first occupant), or None (empty or alien-held)."""
        occ = self.occupants[hex]
        return occ[0][0] if occ and occ[0][0] >= 0 else None

    def troop_count(self, player: int) -> int:
        """A player's troops on the board (piglets and hogs alike)."""
        t = 0
        for occ in self.occupants:
            for e in occ:
                if e[0] == player:
                    t += e[1] + e[2] + e[3] + e[4]
        return t

    def strength(self, player: int) -> int:
        """Troop strength for the order of play: piglets 1, hogs 2."""
        t = 0
        for occ in self.occupants:
            for e in occ:
                if e[0] == player:
                    t += e[1] + e[3] + 2 * (e[2] + e[4])
        return t

    def hex_label(self, h: int) -> str:
        if self.face_down[h]:
            return f"H{h} (unexplored {self.hex_family[h]} hex)"
        k = self.hex_kind[h]
        if k in "PD":
            colour = {"r": "red", "y": "yellow", "b": "blue"}[self.hex_colour[h]]
            return f"H{h} ({colour} {KIND_NAME[k]})"
        return f"H{h} ({KIND_NAME[k]})"

    def pname(self, p: int) -> str:
        names = self.__dict__.get("_names")
        if names is None:
            if not self.clans:
                return _pn(p)
            names = self._names = [f"{_pn(i)} {c}" for i, c in enumerate(self.clans)]
        return names[p]

    # ================================================================== events
    def _ev(self, kind: str, text: str, player: int | None = None, irreversible: bool = False, **data) -> None:
        # Event is a frozen dataclass; filling its __dict__ directly is the same object, built faster
        e = _new_event(Event)
        if text[:1].islower():
            text = text[0].upper() + text[1:]
        e.__dict__.update(kind=kind, text=text, player=player, data=data, irreversible=irreversible)
        self._events.append(e)

    def _roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    # ================================================================== geometry
    def _coord_index(self) -> dict:
        return {(self.hex_q[i], self.hex_r[i]): i for i in range(len(self.hex_q))}

    def adj(self) -> list[list[int]]:
        """Neighbour lists of the cells (the sun is nobody's neighbour)."""
        if self._adj is None:
            idx = self._coord_index()
            adj = []
            for i in range(len(self.hex_q)):
                if self.hex_kind[i] == "S":
                    adj.append([])
                    continue
                row = []
                for c in geo.neighbours(self.hex_q[i], self.hex_r[i]):
                    j = idx.get(c)
                    if j is not None and self.hex_kind[j] != "S":
                        row.append(j)
                adj.append(sorted(row))
            self._adj = adj
        return self._adj

    def _rim_set(self) -> set:
        adj = self.adj()
        return {i for i in range(len(self.hex_q)) if self.hex_kind[i] != "S" and len(adj[i]) < 6}

    def _rim_depth(self) -> list[int]:
        adj = self.adj()
        depth = [-1] * len(self.hex_q)
        frontier = sorted(self._rim_set())
        for i in frontier:
            depth[i] = 0
        d = 0
        while frontier:
            nxt = []
            d += 1
            for i in frontier:
                for j in adj[i]:
                    if depth[j] < 0:
                        depth[j] = d
                        nxt.append(j)
            frontier = nxt
        return depth

    def _within(self, src: int, rng: int) -> list[int]:
        adj = self.adj()
        seen = {src: 0}
        frontier = [src]
        for d in range(1, rng + 1):
            nxt = []
            for i in frontier:
                for j in adj[i]:
                    if j not in seen:
                        seen[j] = d
                        nxt.append(j)
            frontier = nxt
        return sorted(k for k in seen if k != src)

    def _is_planet(self, h: int) -> bool:
        return not self.face_down[h] and self.hex_kind[h] in "PD"

    # ================================================================== occupant helpers
    def _entry(self, h: int, who: int):
        for e in self.occupants[h]:
            if e[0] == who:
                return e
        return None

    def _alien_entry(self, h: int):
        for e in self.occupants[h]:
            if e[0] < 0:
                return e
        return None

    def _own_hexes(self, p: int) -> list[int]:
        out = []
        for h, occ in enumerate(self.occupants):
            for e in occ:
                if e[0] == p:
                    out.append(h)
                    break
        return out

    def _held_hexes(self, p: int) -> list[int]:
        """Hexes where ``p`` is the only occupant."""
        out = []
        for h, occ in enumerate(self.occupants):
            if len(occ) == 1 and occ[0][0] == p:
                out.append(h)
        return out

    def _pigs_total(self, p: int) -> tuple[int, int]:
        pg = hg = 0
        for occ in self.occupants:
            for e in occ:
                if e[0] == p:
                    pg += e[1] + e[3]
                    hg += e[2] + e[4]
        return pg, hg

    def _add_troops(self, h: int, p: int, piglets: int, hogs: int, moved: bool = False) -> None:
        e = self._entry(h, p)
        if e is None:
            e = [p, 0, 0, 0, 0]
            self.occupants[h].append(e)
        if moved:
            e[3] += piglets
            e[4] += hogs
        else:
            e[1] += piglets
            e[2] += hogs

    def _clean(self, h: int) -> None:
        self.occupants[h] = [e for e in self.occupants[h] if (e[1] + e[2] + e[3] + e[4]) > 0]

    def _merge_moved(self) -> None:
        for occ in self.occupants:
            for e in occ:
                if e[0] >= 0:
                    e[1] += e[3]
                    e[2] += e[4]
                    e[3] = e[4] = 0

    def _pinned(self, h: int, p: int) -> int:
        occ = self.occupants[h]
        if not occ or occ[0][0] != p:
            return 0
        return sum(e[1] + e[2] + e[3] + e[4] for e in occ[1:])

    def _movable(self, h: int, p: int, again: bool = False) -> tuple[int, int]:
        """(piglets, hogs) that ``p`` may embark at ``h``: unmoved (or all, with move_again) minus pinned."""
        e = self._entry(h, p)
        if e is None:
            return 0, 0, 0  # type: ignore[return-value]
        pg, hg = e[1], e[2]
        if again:
            pg += e[3]
            hg += e[4]
        pinned = self._pinned(h, p)
        # the pinned troops are the ones left behind: the mover picks which, so only the total matters
        free = max(0, pg + hg - pinned)
        return min(pg, free), min(hg, free), free  # type: ignore[return-value]

    def _alien_count(self, kind: int) -> int:
        return sum(e[1] for occ in self.occupants for e in occ if e[0] == kind)

    def _hand_size(self, p: int) -> int:
        if self.rules == "simple_a":
            return RULES["simple"]["simple_a"]["hand_size"]
        if self.rules == "simple_b":
            return RULES["simple"]["simple_b"]["hand_size"]
        if self._powers_on() and self.clans[p] == "Porcus":
            return 8
        return RULES["components"]["hand_size"]

    def _powers_on(self) -> bool:
        return bool(self.opts.get("clan_powers")) and self.rules == "full" and self.turn >= 2

    def _power_ready(self, p: int, power: str) -> bool:
        return (self._powers_on() and not self.out[p] and power in POWERS.get(self.clans[p], ())
                and power not in self.powers_used[p])

    def _draw_card(self) -> int | None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.dice.shuffle(self.deck)
            self._ev(events.RESHUFFLE, "The discard pile is shuffled into a new draw pile.", irreversible=True)
        if not self.deck:
            return None
        return self.deck.pop()

    def _discard_card(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.discard.append(card)

    def _seq_of(self, card: int) -> str:
        return CARDS[card].sequence

    def _card_playable_in(self, card: int, seq: str) -> bool:
        c = CARDS[card]
        if c.kind == "combat":
            return seq in ("3A", "3C")
        s = c.sequence
        if seq == "2X":
            seq = "2B"
        return s == seq

    # ================================================================== recipe / production
    def recipe(self, p: int) -> tuple[int, int, int]:
        """The (red, yellow, blue) planets a player's recipe needs (with the seventh planet)."""
        r = list(self.recipes[p])
        if self.seventh[p] is not None:
            r[COLOUR_INDEX[self.seventh[p]]] += 1
        return tuple(r)

    def production(self, p: int) -> list[int]:
        acorns = [0, 0, 0]
        for h in self._held_hexes(p):
            if self.face_down[h]:
                continue
            k = self.hex_kind[h]
            if k == "P":
                acorns[COLOUR_INDEX[self.hex_colour[h]]] += 1
            elif k == "D":
                acorns[COLOUR_INDEX[self.hex_colour[h]]] += 2
        return acorns

    # ================================================================== protocol: legal / apply
    def legal_actions(self) -> list:
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
            self._legal_set = set(self._legal)
        return self._legal_set

    def apply(self, action) -> list[Event]:
        if not isinstance(action, SpacePigsAction):
            check_action_type(action, SpacePigsAction)
        section = SEQ_TITLE.get(self.seq, "Game Sequence")
        if self.over:
            raise IllegalAction("The game is over: no more actions", "Victory")
        if action.player != self.actor:
            raise NotYourDecision(
                f"It is {_pn(self.actor)}'s decision now, not {_pn(action.player)}'s" if isinstance(action.player, int)
                else "Not a player of this game", section)
        legal = self._legal if self._legal is not None else (self.legal_actions() and self._legal)
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
        return f"waiting for {_pn(self.actor)} in {SEQ_TITLE.get(self.seq, self.seq)}"

    # ---------------------------------------------------------------- specific illegality
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
                no(f"{_pn(a.player)} has no troops on H{hx}", section)
        card = getattr(a, "card", None)
        if t in (PlayCard, Discard, OfferExchange) and isinstance(card, int):
            if not (0 <= card < len(CARDS)) or card not in self.hands[a.player]:
                no(f"{_pn(a.player)} does not hold that card", "Sequence A: Draw Cards")
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
                    no(f"{_pn(a.player)} has no space travel trip left", SEQ_TITLE["2B"])
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
        if t is Done and self.trip is not None:
            no("Finish the trip under way before ending travel", SEQ_TITLE["2B"])

    # ================================================================== legal action lists
    def _compute_legal(self) -> list:
        p = self.actor
        if self.offer is not None:
            return [AnswerExchange(p, c) for c in sorted(self.hands[p])] + [AnswerExchange(p, -1)]
        if self.pending is not None:
            return [self._target_action(p, t) for t in self._pend_options()]
        fn = getattr(self, "_legal_" + self.seq)
        return fn(p)

    @staticmethod
    def _target_action(p, t):
        kind, value = t
        return ChooseHex(p, value) if kind == "hex" else ChoosePlayer(p, value)

    # ---------------------------------------------------------------- pending targets
    def _target_options(self, p: int, kind: str, picks: list) -> list:
        n = self.players
        if kind == "planet":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h)]
        if kind == "planet2":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h) and h != picks[0]]
        if kind == "adjacent_planet":
            return [("hex", h) for h in self.adj()[picks[0]] if self._is_planet(h)]
        if kind == "own_hex":
            return [("hex", h) for h in self._own_hexes(p)]
        if kind == "serum_hex":
            return [("hex", h) for h in self._own_hexes(p) if (self._entry(h, p)[1] + self._entry(h, p)[3]) >= 2]
        if kind == "famine_hex":
            return [("hex", h) for h in range(len(self.hex_q))
                    if self._is_planet(h) and any(e[0] >= 0 for e in self.occupants[h])]
        if kind == "convert_hex":
            return [("hex", h) for h in range(len(self.hex_q))
                    if any(e[0] >= 0 and e[0] != p and (e[1] + e[3]) > 0 for e in self.occupants[h])]
        if kind == "forbid_planet":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h)]
        if kind == "extra_when":
            return [("player", p)] + [("player", q) for q in self._later_travellers()]
        if kind == "player_other":
            return [("player", q) for q in range(n) if q != p]
        if kind == "player_cards":
            return [("player", q) for q in range(n) if q != p and self.hands[q]]
        if kind == "player_governors":
            return [("player", q) for q in range(n) if q != p and self.governors[q] > 0]
        if kind == "player_bar":
            return [("player", q) for q in range(n) if q != p and q not in self.seq_data.get("barred", [])]
        if kind == "player_ban":
            return [("player", q) for q in range(n) if q != p and q != self.ban_last
                    and q not in self.seq_data.get("barred", [])]
        raise AssertionError(kind)

    def _targets_available(self, p: int, kinds: tuple) -> bool:
        if kinds[0] == "planet" and kinds[1] == "planet2":
            k = 0
            for h in range(len(self.hex_q)):
                if not self.face_down[h] and self.hex_kind[h] in "PD":
                    k += 1
                    if k >= 2:
                        return True
            return False
        first = self._target_options(p, kinds[0], [])
        if len(kinds) == 1:
            return bool(first)
        for _, v in first:
            if self._target_options(p, kinds[1], [v]):
                return True
        return False

    def _pend_options(self) -> list:
        pd = self.pending
        kinds = pd["kinds"]
        k = len(pd["picks"])
        opts = self._target_options(pd["player"], kinds[k], pd["picks"])
        if k + 1 < len(kinds) and kinds[k + 1] != "planet2":
            opts = [o for o in opts if self._target_options(pd["player"], kinds[k + 1], pd["picks"] + [o[1]])]
        return opts

    def _card_options(self, p: int, seq: str) -> list:
        """PlayCard actions for the cards ``p`` may play now in a window of ``seq``."""
        out = []
        seen = set()
        want = "2B" if seq == "2X" else seq
        hand = self.hands[p]
        es = _EVENT_SEQ
        for c in hand:
            if es[c] == want:
                break
        else:
            return out
        for c in sorted(hand):
            card = CARDS[c]
            if card.kind == "combat" or not self._card_playable_in(c, seq):
                continue
            key = card.key
            if key in seen:
                continue
            if not self._event_usable(p, card):
                continue
            seen.add(key)
            out.append(PlayCard(p, c))
        return out

    def _event_usable(self, p: int, card) -> bool:
        eff = card.effect
        if eff in CARD_TARGETS:
            if eff == "hog" and self._pigs_total(p)[1] + self.new_hogs[p] >= 3:
                return False
            return self._targets_available(p, CARD_TARGETS[eff])
        if eff == "colonists":
            return self.turn >= 2
        if eff in ("boots", "teleport", "range"):
            return self.ship is None and self.trip is None and self.trips[p] > 0
        if eff == "extra_trip":
            return self.trip is None
        if eff == "control_aliens":
            return "controller" not in self.seq_data
        return True

    def _power_options(self, p: int, seq: str) -> list:
        out = []
        if not self.opts["clan_powers"] or self.turn < 2 or self.rules != "full":
            return out
        for power in WINDOW_POWERS.get(seq if seq != "2X" else "2B", ()):
            if not self._power_ready(p, power):
                continue
            if power in POWER_TARGETS and not self._targets_available(p, POWER_TARGETS[power]):
                continue
            if power == "recover" and self.lost[p] <= 0:
                continue
            if power == "teleport" and (self.ship is not None or self.trips[p] <= 0):
                continue
            if power in ("swap", "extra_move", "move_again", "teleport") and self.trip is not None:
                continue
            out.append(UsePower(p, power, 0))
        return out

    # ---------------------------------------------------------------- set-up
    def _layout_cells(self) -> list[tuple[int, int]]:
        """Free cells where the next hex may be laid."""
        placed = set(zip(self.hex_q, self.hex_r))
        layout = self.opts["layout"]
        m = len(placed) - (1 if layout == "twin" else 0)
        if layout == "rings":
            k = 0
            while True:
                cells = [c for c in geo.ring((0, 0), k) if c not in placed]
                if cells:
                    return cells
                k += 1
        if layout == "twin":
            cores, sun, connector = geo.twin_geometry(bool(self.opts.get("connecting_galaxy")))
            counts = [0, 0]
            for q, r in placed:
                if (q, r) == sun or (q, r) in connector:
                    continue
                counts[0 if q < 0 else 1] += 1
            if connector and sum(counts) >= self.seq_data["total"] - len(connector):
                return [c for c in connector if c not in placed]
            g = 0 if counts[0] <= counts[1] else 1
            k = 0
            while True:
                cells = [c for c in geo.ring(cores[g], k) if c not in placed and c not in connector and c != sun]
                facing = (cores[g][0] + (1 if g == 0 else -1), cores[g][1])
                if connector and k == 1 and facing in cells:
                    return [facing]  # the hex facing the connecting galaxy comes first, so they touch
                if cells:
                    return cells
                k += 1
        if layout == "pancake":
            template = geo.pancake_template(self.seq_data["total"])
            if m == 0:
                return template
            return [c for c in template if c not in placed and any(x in placed for x in geo.neighbours(*c))]
        # freedom: any cell touching the galaxy that keeps its rim one chain of touching hexes
        if m == 0:
            return [(0, 0)]
        cand = set()
        for q, r in placed:
            for c in geo.neighbours(q, r):
                if c not in placed:
                    cand.add(c)
        cells = sorted(c for c in cand if _rim_connected(placed | {c}))
        return cells or sorted(cand)

    def _legal_layout(self, p: int) -> list:
        if self.opts.get("look_before_placing") and self.drawn is None:
            return [DrawHex(p, pile) for pile in self._pile_names() if self.piles[pile]]
        cells = self._layout_cells()
        if self.drawn is not None:
            return [PlaceHex(p, "drawn", q, r) for q, r in cells]
        return [PlaceHex(p, pile, q, r) for pile in self._pile_names() if self.piles[pile] for q, r in cells]

    def _pile_names(self) -> list[str]:
        return sorted(self.piles) if self.rules == "simple_a" else [x for x in PILES if x in self.piles]

    def _start_options(self, p: int) -> list[int]:
        out = []
        rim = self._rim_set()
        for h in range(len(self.hex_q)):
            if self.hex_kind[h] == "S" or self.occupants[h]:
                continue
            if self.simple:
                if not self._is_planet(h):
                    continue
                if any(self.occupants[j] for j in self.adj()[h]):
                    continue
                out.append(h)
            else:
                if h not in rim:
                    continue
                if self.face_down[h] or self._is_planet(h):
                    out.append(h)
        if not out:  # nowhere by the rule (tiny galaxies): any free hex
            out = [h for h in range(len(self.hex_q)) if self.hex_kind[h] != "S" and not self.occupants[h]]
        return out

    def _legal_start(self, p: int) -> list:
        return [StartPlanet(p, h) for h in self._start_options(p)]

    def _return_options(self) -> list[int]:
        depth = self._rim_depth()
        empty = [h for h in range(len(self.hex_q)) if self.hex_kind[h] != "S" and not self.occupants[h]]
        if not empty:
            return []
        best = min(depth[h] for h in empty)
        return [h for h in empty if depth[h] == best]

    def _legal_return(self, p: int) -> list:
        return [ReturnTo(p, h) for h in self._return_options()]

    # ---------------------------------------------------------------- windows
    def _legal_1A(self, p: int) -> list:
        out = [Discard(p, c) for c in sorted(self.hands[p])]
        out += self._card_options(p, "1A")
        out += self._power_options(p, "1A")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _offer_options(self, p: int) -> list:
        """Card exchange offers to faction partners (at most one offer per partner a turn)."""
        if self.turn < 2 or self.faction[p] < 0 or not self.hands[p] or self.rules != "full":
            return []
        out = []
        f = self.faction[p]
        for q in range(self.players):
            if q != p and self.faction[q] == f and q not in self.offers_made[p] and self.hands[q]:
                out += [OfferExchange(p, q, c) for c in sorted(self.hands[p])]
        return out

    def _legal_1B(self, p: int) -> list:
        if self.seq_data.get("stage") == "give":
            given = self.seq_data["given"]
            return [GiveMarker(p, q) for q in range(self.players) if given[q] < 2]
        out = self._card_options(p, "1B")
        if self._can_make_hog(p):
            out.append(MakeHog(p))
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _can_make_hog(self, p: int) -> bool:
        return (self.rules == "full" and self.turn >= 2 and not self.hog_made[p] and self.new_piglets[p] >= 2
                and self._pigs_total(p)[1] + self.new_hogs[p] < RULES["components"]["hogs_per_player"])

    def _legal_1D(self, p: int) -> list:
        out = []
        if self.new_piglets[p] or self.new_hogs[p]:
            for h in self._own_hexes(p):
                if self.new_piglets[p]:
                    out.append(Deploy(p, h, False))
                if self.new_hogs[p]:
                    out.append(Deploy(p, h, True))
        out += self._card_options(p, "1D")
        out += self._offer_options(p)
        if not (self.new_piglets[p] or self.new_hogs[p]) or not out:
            out.append(Done(p))
        return out

    def _legal_1E(self, p: int) -> list:
        return [PlaceAliens(p, h) for h in self.seq_data["alien_hexes"]]

    def _legal_2A(self, p: int) -> list:
        out = [ChooseMarker(p, v) for v in sorted(set(self._markers_left(p)))]
        out += self._card_options(p, "2A")
        out += self._power_options(p, "2A")
        out += self._offer_options(p)
        return out

    def _later_travellers(self) -> list[int]:
        """Players still to travel after the current one in 2B (for Extra-Mouve's timing)."""
        if self.seq != "2B" or "q" not in self.seq_data:
            return []
        q, i = self.seq_data["q"], self.seq_data["i"]
        return [x for x in q[i + 1:] if not self.out[x] and x != q[i]]

    def _markers_left(self, p: int) -> list[int]:
        left = list(RULES["components"]["travel_markers"])
        for v in self.used[p]:
            left.remove(v)
        return left or list(RULES["components"]["travel_markers"])

    def _can_land(self, p: int, h: int) -> bool:
        if self.hex_kind[h] == "S":
            return False
        for hx, holder in self.festival:
            if hx == h and holder != p and self.owner(h) != p:
                return False
        for q, hx in self.forbid:
            if q == p and hx == h:
                return False
        return True

    # ---- travel, as a page shows it (public information only)
    def can_land(self, player: int, hex: int) -> bool:
        """Whether ``player``'s troops may disembark on ``hex`` (rulebook, Phase 2: Space Travel):
        never on the sun, not under another clan's Acorn Festival unless ``player`` holds the hex,
        not on a planet forbidden to ``player`` this turn. Reads only public information."""
        self._check_player_hex(player, hex)
        return self._can_land(player, hex)

    def trip_destinations(self, player: int, hex: int) -> list[int]:
        """The hexes, in index order, where a trip of ``player`` leaving ``hex`` could end
        (rulebook, Phase 2: Space Travel): the neighbours of ``hex`` (the sun is nobody's
        neighbour); with a ship card or power in play for ``player``'s next trip, every hex
        within the card's range (Rocket Boots, longer range) or every hex (teleport). Hexes
        where ``player`` may not land (the sun, another clan's Acorn Festival, a forbidden
        planet) are left out.

        It reads only public information (the galaxy, festivals, forbidden planets, the ship
        card played), so it gives the same answer on a state rebuilt from any player's view
        (:meth:`from_view`). It does not check that ``player`` may travel now, nor that troops
        can leave ``hex``: ``legal_actions()`` says that."""
        self._check_player_hex(player, hex)
        ship = self.ship if (self.ship is not None and player == self.actor and self.trip is None) else None
        if ship is None:
            cand = self.adj()[hex]
        elif ship["mode"] == "teleport":
            cand = range(len(self.hex_q))
        else:
            cand = self._within(hex, int(ship["range"]))
        return [h for h in cand if h != hex and self._can_land(player, h)]

    def _check_player_hex(self, player: int, hex: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"player must be 0..{self.players - 1}, not {player!r}")
        if isinstance(hex, bool) or not isinstance(hex, int) or not 0 <= hex < len(self.hex_q):
            raise ValueError(f"hex must be 0..{len(self.hex_q) - 1}, not {hex!r}")

    def _legal_2B(self, p: int) -> list:
        tr = self.trip
        if tr is not None:
            return self._trip_options(p, tr)
        out = []
        again = self.seq_data.get("again") == p
        if self.trips[p] > 0:
            check_landing = self.ship is None and (self.festival or self.forbid)
            adj = self.adj()
            for h, occ in enumerate(self.occupants):
                e = None
                for x in occ:
                    if x[0] == p:
                        e = x
                        break
                if e is None:
                    continue
                pg, hg = e[1], e[2]
                if again:
                    pg += e[3]
                    hg += e[4]
                if pg + hg == 0:
                    continue
                if occ[0] is e and len(occ) > 1:
                    pinned = 0
                    for x in occ[1:]:
                        pinned += x[1] + x[2] + x[3] + x[4]
                    free = pg + hg - pinned
                    if free <= 0:
                        continue
                    pg, hg = min(pg, free), min(hg, free)
                if check_landing and not any(self._can_land(p, j) for j in adj[h]):
                    continue
                if pg:
                    out.append(Load(p, h, False))
                if hg:
                    out.append(Load(p, h, True))
        out += self._card_options(p, "2B")
        out += self._power_options(p, "2B")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    _legal_2X = _legal_2B

    def _trip_options(self, p: int, tr: dict) -> list:
        out = []
        src, pos = tr["src"], tr["pos"]
        mode = tr["mode"]
        if tr["hops"] == 0:
            pg, hg, free = self._movable(src, p, tr["again"])
            if free > 0:
                if pg:
                    out.append(Load(p, src, False))
                if hg:
                    out.append(Load(p, src, True))
        if mode == "teleport":
            if tr["hops"] == 0:
                out += [Fly(p, h) for h in range(len(self.hex_q)) if h != src and self._can_land(p, h)]
            return out
        left = tr["range"] - tr["hops"]
        if left > 0:
            for h in self.adj()[pos]:
                if h == src:
                    continue
                if left == 1 and not self._can_land(p, h):
                    continue
                out.append(Fly(p, h))
        if mode == "boots" and tr["hops"] > 0 and pos != src and self._can_land(p, pos) and tr["p"] + tr["h"] > 1:
            if tr["p"]:
                out.append(Drop(p, False))
            if tr["h"]:
                out.append(Drop(p, True))
        can_land_here = tr["hops"] > 0 and pos != src and self._can_land(p, pos)
        if can_land_here or not any(isinstance(a, Fly) for a in out):
            if tr["hops"] > 0 or not out:
                out.append(Land(p))
        return out

    def _legal_3A(self, p: int) -> list:
        cb = self.combat
        if cb is None:
            return [ChooseCombat(p, h) for h in self.seq_data["choices"]]
        return self._combat_options(p, cb)

    def _legal_3C(self, p: int) -> list:
        cb = self.combat
        if cb is not None:
            return self._combat_options(p, cb)
        if self.seq_data["stage"] == "cho":
            return self._card_options(p, "3C") + [Done(p)]
        return self._alien_moves(p) + [Done(p)]

    def _alien_moves(self, p: int) -> list:
        out = []
        for h in range(len(self.hex_q)):
            e = self._alien_entry(h)
            if e is None or len(self.occupants[h]) != 1:
                continue
            kind, count = e[0], e[1]
            for d in self._within(h, ALIEN_MOVE[kind]):
                if self.hex_kind[d] == "S":
                    continue
                if kind == WORM and not self._is_planet(d):
                    continue
                other = self._alien_entry(d)
                if other is not None:
                    if other[0] != kind or other[1] + count > STACK_LIMIT[kind]:
                        continue
                    if len(self.occupants[d]) > 1:
                        continue
                out.append(MoveAliens(p, h, d))
        return out

    def _legal_3B(self, p: int) -> list:
        out = []
        occs = self.occupants
        held = [h for h, occ in enumerate(occs) if len(occ) == 1 and occ[0][0] == p]
        far = self.seq_data.get("far") == p
        adj = self.adj()
        for h in held:
            e = occs[h][0]
            if e[1] + e[2] == 0:
                continue
            if far:
                dsts = [j for j in held if j != h]
            else:
                dsts = [j for j in adj[h] if len(occs[j]) == 1 and occs[j][0][0] == p]
            for d in dsts:
                if e[1]:
                    out.append(Redeploy(p, h, d, False))
                if e[2]:
                    out.append(Redeploy(p, h, d, True))
        out += self._card_options(p, "3B")
        out += self._power_options(p, "3B")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _legal_4B(self, p: int) -> list:
        return self._card_options(p, "4B") + self._offer_options(p) + [Done(p)]

    def _legal_4C(self, p: int) -> list:
        sd = self.seq_data
        stage = sd["stage"]
        if stage == "stand":
            out = self._card_options(p, "4C") + self._power_options(p, "4C") + self._offer_options(p)
            if p in sd["barred"]:
                out.append(Stand(p, False))
            else:
                out += [Stand(p, True), Stand(p, False)]
            return out
        if stage == "call":
            voted = sd["voted"]
            others_left = [q for q in range(self.players) if q != p and q not in voted]
            if p in voted:
                return [CallVoter(p, q) for q in others_left]
            if not voted:
                return [Vote(p, c) for c in self._vote_options(p)] + [CallVoter(p, q) for q in others_left]
            if others_left:
                return [CallVoter(p, q) for q in others_left]
            return [Vote(p, c) for c in self._vote_options(p)]
        # stage == "vote"
        return [Vote(p, c) for c in self._vote_options(p)]

    def _vote_options(self, p: int) -> list[int]:
        return [c for c in self.seq_data["candidates"] if c not in self.seq_data["barred"] and not (c == p and p in self.seq_data["barred"])]

    # ================================================================== dispatch
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

    # ---------------------------------------------------------------- set-up
    def _do_DrawHex(self, a) -> None:
        tile = self.piles[a.pile].pop()
        self.drawn = [a.player, a.pile, tile]
        self._ev(events.DRAW_HEX, f"{self.pname(a.player)} draws a hex from the {a.pile} pile and looks at it.", a.player,
                 pile=a.pile)

    def _do_PlaceHex(self, a) -> None:
        if a.pile == "drawn":
            _, pile, tile = self.drawn
            self.drawn = None
        else:
            pile = a.pile
            tile = self.piles[pile].pop()
        self._add_cell(a.q, a.r, tile, pile)
        h = len(self.hex_q) - 1
        face_down = self.opts.get("all_laid_before_revealed") or self.opts.get("unexplored")
        if face_down:
            self.face_down[h] = True
            self._ev(events.PLACE_HEX, f"{self.pname(a.player)} lays a {pile} hex face down at ({a.q},{a.r}) (H{h}).",
                     a.player, hex=h, q=a.q, r=a.r, pile=pile)
        else:
            self._ev(events.PLACE_HEX, f"{self.pname(a.player)} lays a {pile} hex at ({a.q},{a.r}): {self.hex_label(h)}.",
                     a.player, irreversible=True, hex=h, q=a.q, r=a.r, pile=pile, tile=tile)
        self.seq_data["placed"] += 1

    def _add_cell(self, q: int, r: int, tile: str, fam: str) -> None:
        self.hex_q.append(q)
        self.hex_r.append(r)
        self.hex_kind.append(tile[0])
        self.hex_colour.append(tile[1] if len(tile) > 1 else "")
        self.hex_family.append(fam)
        self.face_down.append(False)
        self.occupants.append([])
        self._adj = None

    def _reveal(self, h: int) -> None:
        if self.face_down[h]:
            self.face_down[h] = False
            self._ev(events.REVEAL_HEX, f"H{h} is explored: {self.hex_label(h)}.", irreversible=True, hex=h,
                     tile=KIND_NAME[self.hex_kind[h]], colour=self.hex_colour[h])

    def _do_StartPlanet(self, a) -> None:
        self._reveal(a.hex)
        self._add_troops(a.hex, a.player, RULES["components"]["starting_piglets"], 0)
        self._ev(events.START, f"{self.pname(a.player)} puts 5 piglets on {self.hex_label(a.hex)}.", a.player, hex=a.hex)
        self.seq_data["i"] += 1

    def _do_ReturnTo(self, a) -> None:
        p = a.player
        self.out[p] = False
        self.used[p] = []
        self._reveal(a.hex)
        self._add_troops(a.hex, p, RULES["components"]["starting_piglets"], 0)
        self._ev(events.RETURN, f"{self.pname(p)} returns with 5 piglets on {self.hex_label(a.hex)} and recovers all five "
                 f"travel markers.", p, hex=a.hex)
        self.seq_data["i"] += 1

    # ---------------------------------------------------------------- cards
    def _do_card(self, a) -> None:
        p, c = a.player, a.card
        card = CARDS[c]
        seq = self.seq
        if self.combat is not None:  # face down in combat
            self.hands[p].remove(c)
            side = "d" if p == self.combat["d"] else "a"
            self.combat[side + "cards"].append(c)
            self._ev(events.COMBAT_CARD, f"{self.pname(p)} plays a card face down.", p)
            return
        self._discard_card(p, c)
        eff = card.effect
        self._ev(events.PLAY_CARD, f"{self.pname(p)} plays {card.english}: {card.text}", p, card=c, effect=eff)
        if eff in CARD_TARGETS:
            self.pending = {"what": "card", "id": c, "player": p, "kinds": list(CARD_TARGETS[eff]), "picks": []}
            return
        if eff == "colonists":
            self._gain_colonists(p, card.value, 0)
        elif eff == "draw":
            self.seq_data.setdefault("convoy", {})
            self.seq_data["convoy"][str(p)] = self.seq_data["convoy"].get(str(p), 0) + card.value
        elif eff == "governors":
            self.extra_governors[p] += card.value
            self._set_governors(p)
        elif eff in ("boots", "range", "teleport"):
            self.ship = {"mode": eff, "range": card.value if eff != "teleport" else 99}
        elif eff == "extra_trip":
            later = self._later_travellers()
            if seq == "2B" and later:
                self.pending = {"what": "card", "id": c, "player": p, "kinds": ["extra_when"], "picks": []}
            else:
                self.trips[p] += 1
        elif eff == "control_aliens":
            self.seq_data["controller"] = p
            self._ev(events.CHO_BOKO, f"{self.pname(p)} will move the aliens this turn instead of the Royal Pig.", p)
        else:  # pragma: no cover
            raise AssertionError(eff)

    def _do_target(self, a) -> None:
        pd = self.pending
        value = a.hex if isinstance(a, ChooseHex) else a.target
        pd["picks"].append(value)
        if len(pd["picks"]) < len(pd["kinds"]):
            return
        self.pending = None
        p, picks = pd["player"], pd["picks"]
        if pd["what"] == "card":
            eff = CARDS[pd["id"]].effect
            if eff == "swap_planets":
                self._swap_cells(picks[0], picks[1], p)
            elif eff == "festival":
                self.festival.append([picks[0], p])
                self._ev(events.FESTIVAL, f"Acorn Festival on {self.hex_label(picks[0])}: no other player may land there "
                         f"this turn.", p, hex=picks[0])
            elif eff == "bar_candidate":
                self._bar(picks[0], p)
            elif eff == "vote_error":
                t = picks[0]
                moved = self.governors[t] // 2
                self.seq_data["vote_error"].append([p, t, moved])
                self._ev(events.VOTE_ERROR, f"Voting error: {moved} of {self.pname(t)}'s governors will vote with "
                         f"{self.pname(p)}.", p, target=t, governors=moved)
            elif eff == "extra_trip":
                t = picks[0]
                if t == p:
                    self.trips[p] += 1
                else:
                    self.seq_data.setdefault("deferred", []).append([p, t])
                    self._ev(events.EXTRA_LATER, f"{self.pname(p)} will make the extra trip right after {self.pname(t)}.",
                             p, after=t)
            elif eff == "hog":
                e = self._entry(picks[0], p)
                if e[1] >= 2:
                    e[1] -= 2
                else:
                    take = 2 - e[1]
                    e[1] = 0
                    e[3] -= take
                e[2] += 1
                self._ev(events.SERUM, f"Two of {self.pname(p)}'s piglets on {self.hex_label(picks[0])} become a hog.", p,
                         hex=picks[0])
        else:
            self._power_target(p, pd["id"], picks)

    def _swap_cells(self, x: int, y: int, p: int) -> None:
        for attr in ("hex_kind", "hex_colour", "hex_family", "face_down", "occupants"):
            lst = getattr(self, attr)
            lst[x], lst[y] = lst[y], lst[x]
        for f in self.festival:
            f[0] = y if f[0] == x else x if f[0] == y else f[0]
        self._ev(events.SWAP, f"{self.pname(p)} swaps the planets at H{x} and H{y}: now {self.hex_label(x)} and "
                 f"{self.hex_label(y)}.", p, hexes=[x, y])

    def _bar(self, t: int, p: int) -> None:
        sd = self.seq_data
        if t not in sd["barred"]:
            sd["barred"].append(t)
        if t in sd["candidates"]:
            sd["candidates"].remove(t)
        self._ev(events.BAR, f"{self.pname(t)} is barred from the Royal Pig election this turn.", p, target=t)

    # ---------------------------------------------------------------- powers
    def _do_power(self, a) -> None:
        p, power = a.player, a.power
        self.powers_used[p].append(power)
        self._ev(events.POWER, f"{self.pname(p)} uses a clan power: {power.replace('_', ' ')}.", p, power=power, arg=a.arg)
        if power in POWER_TARGETS:
            self.pending = {"what": "power", "id": power, "player": p, "kinds": list(POWER_TARGETS[power]), "picks": []}
            return
        if power == "extra_move":
            self.trips[p] += 1
        elif power == "move_again":
            self.seq_data["again"] = p
        elif power == "teleport":
            self.ship = {"mode": "teleport", "range": 99}
        elif power == "long_redeploy":
            self.seq_data["far"] = p
        elif power in ("flee_first", "win_tie", "reroll", "tech_adjust"):
            self._combat_power(p, power, a.arg)
        else:  # pragma: no cover
            raise AssertionError(power)

    def _power_target(self, p: int, power: str, picks: list) -> None:
        if power == "steal":
            t = picks[0]
            hand = sorted(self.hands[t])
            c = hand[self.dice.below(len(hand))]
            self.hands[t].remove(c)
            self.hands[p].append(c)
            self._ev(events.STEAL, f"{self.pname(p)} steals a random card from {self.pname(t)}.", p, irreversible=True,
                     target=t)
        elif power == "famine":
            h = picks[0]
            texts = []
            for e in self.occupants[h]:
                if e[0] < 0:
                    continue
                dead_p = sum(1 for _ in range(e[1] + e[3]) if self._roll(6) >= 5)
                dead_h = sum(1 for _ in range(e[2] + e[4]) if self._roll(6) >= 6)
                self._kill(e, dead_p, dead_h)
                texts.append(f"{self.pname(e[0])} loses {dead_p} piglet(s) and {dead_h} hog(s)")
            self._clean(h)
            self._ev(events.FAMINE, f"Acorn famine on {self.hex_label(h)}: " + "; ".join(texts) + ".", p,
                     irreversible=True, hex=h)
            self._check_eliminations()
        elif power == "convert":
            h, dest = picks
            got = 0
            for e in self.occupants[h]:
                if e[0] < 0 or e[0] == p:
                    continue
                n = 0
                for _ in range(e[1] + e[3] + e[2] + e[4]):
                    if self._roll(6) >= 5:
                        n += 1
                n = min(n, e[1] + e[3])  # hogs cannot be converted
                self._kill(e, n, 0)
                got += n
            self._clean(h)
            room = RULES["components"]["piglets_per_player"] - self._pigs_total(p)[0]
            got = min(got, max(room, 0))
            if got and self._entry(dest, p) is not None:
                self._add_troops(dest, p, got, 0, moved=True)
            self._ev(events.CONVERT, f"{self.pname(p)} converts {got} piglet(s) on {self.hex_label(h)}, placed on "
                     f"{self.hex_label(dest)}.", p, irreversible=True, hex=h, dest=dest, converted=got)
            self._check_eliminations()
        elif power == "forbid":
            t, h = picks
            self.forbid.append([t, h])
            self._ev(events.FORBID, f"{self.pname(t)} may not disembark on {self.hex_label(h)} this turn.", p, target=t, hex=h)
        elif power == "recover":
            h = picks[0]
            if self._pigs_total(p)[0] < RULES["components"]["piglets_per_player"]:
                self._add_troops(h, p, 1, 0, moved=True)
                self.lost[p] -= 1
                self._ev(events.RECOVER, f"{self.pname(p)} recovers a piglet lost in combat, on {self.hex_label(h)}.", p,
                         hex=h)
        elif power == "swap":
            self._swap_cells(picks[0], picks[1], p)
        elif power == "ban":
            self.ban_last = picks[0]
            self.seq_data["banned_now"] = picks[0]
            self._bar(picks[0], p)
        elif power == "assassinate":
            t = picks[0]
            r = self._roll(6)
            k = 0 if r == 1 else 1 if r <= 3 else 2
            k = min(k, self.governors[t])
            self.governors[t] -= k
            self._ev(events.ASSASSINATE, f"{self.pname(p)} rolls {r} to assassinate {self.pname(t)}'s governors: {k} "
                     f"killed.", p, irreversible=True, target=t, roll=r, killed=k)

    def _kill(self, e: list, piglets: int, hogs: int) -> None:
        """Remove troops from an occupant entry (unmoved first)."""
        a = min(piglets, e[1])
        e[1] -= a
        e[3] -= piglets - a
        b = min(hogs, e[2])
        e[2] -= b
        e[4] -= hogs - b

    # ---------------------------------------------------------------- phase 1
    def _do_Discard(self, a) -> None:
        self._discard_card(a.player, a.card)
        self._ev(events.DISCARD, f"{self.pname(a.player)} discards a card.", a.player)

    def _do_OfferExchange(self, a) -> None:
        self.offers_made[a.player].append(a.partner)
        self.offer = [a.player, a.partner, a.card]
        self._ev(events.OFFER, f"{self.pname(a.player)} offers {self.pname(a.partner)} a card in exchange.", a.player,
                 partner=a.partner)

    def _do_AnswerExchange(self, a) -> None:
        giver, partner, card = self.offer
        self.offer = None
        if a.card < 0:
            self._ev(events.EXCHANGE, f"{self.pname(partner)} declines the exchange.", partner)
        else:
            self.hands[giver].remove(card)
            self.hands[partner].append(card)
            self.hands[partner].remove(a.card)
            self.hands[giver].append(a.card)
            self._ev(events.EXCHANGE, f"{self.pname(giver)} and {self.pname(partner)} exchange a card.", partner,
                     players=[giver, partner])

    def _do_GiveMarker(self, a) -> None:
        self.seq_data["given"][a.to] += 1
        self.seq_data["assign"].append(a.to)
        self._ev(events.GIVE_MARKER, f"The Royal Pig gives a colonist marker to {self.pname(a.to)}.", a.player, to=a.to)

    def _do_MakeHog(self, a) -> None:
        p = a.player
        self.new_piglets[p] -= 2
        self.new_hogs[p] += 1
        self.hog_made[p] = True
        self._ev(events.HOG, f"{self.pname(p)} turns two new piglets into a hog.", p)

    def _gain_colonists(self, p: int, piglets: int, hogs: int) -> int:
        comp = RULES["components"]
        pg, hg = self._pigs_total(p)
        room = comp["piglets_per_player"] - pg - self.new_piglets[p]
        got = max(0, min(piglets, room))
        self.new_piglets[p] += got
        if got < piglets:
            self._ev(events.LIMIT, f"{self.pname(p)} has no piglet markers left: {piglets - got} colonist(s) lost.", p)
        return got

    def _do_Deploy(self, a) -> None:
        p = a.player
        if a.hog:
            self.new_hogs[p] -= 1
        else:
            self.new_piglets[p] -= 1
        self._add_troops(a.hex, p, 0 if a.hog else 1, 1 if a.hog else 0)
        self._ev(events.DEPLOY, f"{self.pname(p)} deploys {'a hog' if a.hog else 'a piglet'} on {self.hex_label(a.hex)}.",
                 p, hex=a.hex, hog=a.hog)

    def _do_PlaceAliens(self, a) -> None:
        self._place_aliens(a.hex)

    def _place_aliens(self, h: int) -> None:
        kind, count = self.seq_data["alien_kind"], self.seq_data["alien_count"]
        self._reveal(h)
        e = self._alien_entry(h)
        room = STACK_LIMIT[kind] - (e[1] if e else 0)
        put = min(count, room)
        if e is None:
            self.occupants[h].append([kind, put, 0, 0, 0])
        else:
            e[1] += put
        lost = count - put
        self._ev(events.ALIENS_PLACED, f"{_aliens(kind, put)} {'arrive' if put > 1 else 'arrives'} on {self.hex_label(h)}"
                 + (f"; {lost} are lost for lack of room" if lost else "") + ".", self.actor, hex=h, count=put,
                 aliens=ALIEN_NAME[kind])
        self.seq_data["alien_hexes"] = []
        self.seq_data["alien_done"] = True

    # ---------------------------------------------------------------- phase 2
    def _do_ChooseMarker(self, a) -> None:
        p = a.player
        self.choice[p] = a.value
        self._ev(events.MARKER, f"{self.pname(p)} chooses a travel marker face down.", p)
        self.seq_data["i"] += 1

    def _do_Load(self, a) -> None:
        p = a.player
        if self.trip is None:
            ship = self.ship or {"mode": "plain", "range": 1}
            self.ship = None
            again = self.seq_data.get("again") == p
            self.trip = {"src": a.hex, "pos": a.hex, "p": 0, "h": 0, "mode": ship["mode"], "range": ship["range"],
                         "hops": 0, "again": again}
            if again:
                self.seq_data["again"] = -1
            self.trips[p] -= 1
        e = self._entry(a.hex, p)
        if a.hog:
            if e[2]:
                e[2] -= 1
            else:
                e[4] -= 1
            self.trip["h"] += 1
        else:
            if e[1]:
                e[1] -= 1
            else:
                e[3] -= 1
            self.trip["p"] += 1
        self._clean(a.hex)
        self._ev(events.LOAD, f"{self.pname(p)} boards {'a hog' if a.hog else 'a piglet'} at {self.hex_label(a.hex)}.", p,
                 hex=a.hex, hog=a.hog)

    def _do_Fly(self, a) -> None:
        tr = self.trip
        tr["pos"] = a.hex
        tr["hops"] += 1
        self._ev(events.FLY, f"{self.pname(a.player)}'s ship flies to {self.hex_label(a.hex)}.", a.player, hex=a.hex)
        if tr["mode"] in ("plain", "teleport") or tr["hops"] >= tr["range"]:
            self._land(a.player)

    def _do_Drop(self, a) -> None:
        tr = self.trip
        p = a.player
        if a.hog:
            tr["h"] -= 1
        else:
            tr["p"] -= 1
        self._disembark(p, tr["pos"], 0 if a.hog else 1, 1 if a.hog else 0)

    def _do_Land(self, a) -> None:
        self._land(a.player)

    def _land(self, p: int) -> None:
        tr = self.trip
        self.trip = None
        pos = tr["pos"]
        if tr["hops"] == 0 or pos == tr["src"] or not self._can_land(p, pos):
            self._add_troops(tr["src"], p, tr["p"], tr["h"])
            self._ev(events.ABORT, f"{self.pname(p)}'s troops find nowhere to land and return to {self.hex_label(tr['src'])}.", p)
            return
        self._disembark(p, pos, tr["p"], tr["h"])

    def _disembark(self, p: int, h: int, piglets: int, hogs: int) -> None:
        if piglets + hogs <= 0:
            return
        self._reveal(h)
        before = [e[0] for e in self.occupants[h]]
        self._add_troops(h, p, piglets, hogs, moved=True)
        what = troops_text(piglets, hogs)
        note = ""
        if before and before[0] != p:
            who = self.pname(before[0]) if before[0] >= 0 else ALIEN_NAME[before[0]]
            note = f", attacking {who}"
        self._ev(events.LAND, f"{self.pname(p)} lands {what} on {self.hex_label(h)}{note}.", p, hex=h, piglets=piglets,
                 hogs=hogs)
        if self.rules == "simple_a" and self.hex_kind[h] == "A":
            r = self._roll(6)
            e = self._entry(h, p)
            if r <= 2:
                self._kill(e, piglets, hogs)
                self._clean(h)
                self._ev(events.ASTEROID, f"Asteroid roll {r}: the {what} are lost.", p, irreversible=True, roll=r)
                self._check_eliminations()
            elif r >= 5:
                pg, hg = self._pigs_total(p)
                add_p = max(0, min(piglets, RULES["components"]["piglets_per_player"] - pg))
                add_h = max(0, min(hogs, RULES["components"]["hogs_per_player"] - hg))
                e[3] += add_p
                e[4] += add_h
                self._ev(events.ASTEROID, f"Asteroid roll {r}: the troops double ({troops_text(add_p, add_h)} more).", p,
                         irreversible=True, roll=r)
            else:
                self._ev(events.ASTEROID, f"Asteroid roll {r}: nothing happens.", p, irreversible=True, roll=r)

    # ---------------------------------------------------------------- phase 3
    def _do_ChooseCombat(self, a) -> None:
        self.seq_data["choices"] = []
        self._start_combat(a.hex, a.player, "3A")

    def _do_Redeploy(self, a) -> None:
        p = a.player
        src = self.occupants[a.src][0]
        if a.hog:
            src[2] -= 1
        else:
            src[1] -= 1
        self._add_troops(a.dst, p, 0 if a.hog else 1, 1 if a.hog else 0, moved=True)
        self._clean(a.src)
        self._ev(events.REDEPLOY, f"{self.pname(p)} redeploys {'a hog' if a.hog else 'a piglet'} from {self.hex_label(a.src)}"
                 f" to {self.hex_label(a.dst)}.", p, src=a.src, dst=a.dst, hog=a.hog)

    def _do_MoveAliens(self, a) -> None:
        e = self._alien_entry(a.src)
        self.occupants[a.src].remove(e)
        kind, count = e[0], e[1]
        self._reveal(a.dst)
        self.seq_data["moved"] = True
        self._ev(events.ALIENS_MOVE, f"The {ALIEN_NAME[kind]} ({count}) move{'s' if kind == WORM else ''} from {self.hex_label(a.src)} to "
                 f"{self.hex_label(a.dst)}.", a.player, src=a.src, dst=a.dst, aliens=ALIEN_NAME[kind], count=count)
        other = self._alien_entry(a.dst)
        if other is not None:
            other[1] += count
            return
        self.occupants[a.dst].append(e)
        pigs = [x for x in self.occupants[a.dst] if x[0] >= 0]
        if kind == WORM and not pigs:
            self._devour(a.dst)
            return
        if pigs:
            self._start_combat(a.dst, kind, "3C")

    def _devour(self, h: int) -> None:
        colour = self.hex_label(h)
        self.hex_kind[h] = "A"
        self.hex_colour[h] = ""
        self.occupants[h] = [e for e in self.occupants[h] if e[0] != WORM]
        self.worm_eaten += 1
        self._adj = self._adj  # geometry unchanged
        self._ev(events.DEVOUR, f"The acorn worm devours {colour}: it is now an asteroid, and the worm leaves "
                 f"({self.worm_eaten} of 3 planets eaten).", hex=h, eaten=self.worm_eaten)

    # ---------------------------------------------------------------- phase 4
    def _do_Stand(self, a) -> None:
        p = a.player
        if a.yes:
            self.seq_data["candidates"].append(p)
        self._ev(events.STAND, f"{self.pname(p)} {'stands' if a.yes else 'does not stand'} for Royal Pig.", p, yes=a.yes)
        self.seq_data["i"] += 1

    def _do_CallVoter(self, a) -> None:
        self.seq_data["stage"] = "vote"
        self.seq_data["called"] = a.voter
        self._ev(events.CALL, f"The caller asks {self.pname(a.voter)} to vote.", a.player, voter=a.voter)

    def _do_Vote(self, a) -> None:
        sd = self.seq_data
        p = a.player
        sd["voted"].append(p)
        sd["votes"][p] = a.candidate
        self._ev(events.VOTE, f"{self.pname(p)} gives {self.governors[p]} governor(s) to {self.pname(a.candidate)}.", p,
                 candidate=a.candidate, governors=self.governors[p])
        sd["stage"] = "call"

    def _set_governors(self, p: int) -> None:
        total = sum(self.acorns[p]) + self.extra_governors[p]
        self.governors[p] = min(RULES["components"]["governors_per_player"], total)

    # ================================================================== Done
    def _do_done(self, p: int) -> None:
        seq = self.seq
        cb = self.combat
        if cb is not None:
            st = cb["stage"]
            if st == "cards_d":
                cb["stage"] = "cards_a"
            elif st == "cards_a":
                cb["stage"] = "to_reveal"
            elif st == "tech":
                cb["stage"] = "tech_done"
            elif st == "reroll":
                cb["stage"] = "check_tie"
            elif st == "win_tie":
                cb["stage"] = "resolve"
            return
        if seq == "1A":
            self._finish_1A(p)
        elif seq in ("2B", "2X"):
            self.trips[p] = 0
            self.ship = None
            if self.seq_data.get("again") == p:
                self.seq_data["again"] = -1
            deferred = self.seq_data.get("deferred", [])
            mine = [d for d in deferred if d[1] == p]
            if mine:
                i = self.seq_data["i"] + 1
                for holder, _ in mine:
                    deferred.remove([holder, p])
                    self.seq_data["q"].insert(i, holder)
                    self.trips[holder] += 1
                    self._ev(events.EXTRA_NOW, f"{self.pname(holder)} makes the extra trip now.", holder)
        elif seq == "3B":
            if self.seq_data.get("far") == p:
                self.seq_data["far"] = -1
        elif seq == "3C" and self.seq_data.get("stage") == "move":
            self.seq_data["moved"] = True
            self._ev(events.ALIENS_STAY, "No alien stack moves this turn.", p)
            return
        self.seq_data["i"] = self.seq_data.get("i", 0) + 1

    def _finish_1A(self, p: int) -> None:
        size = self._hand_size(p)
        extra = self.seq_data.get("convoy", {}).get(str(p), 0)
        drawn = 0
        while len(self.hands[p]) < size:
            c = self._draw_card()
            if c is None:
                break
            self.hands[p].append(c)
            drawn += 1
        for _ in range(extra):
            c = self._draw_card()
            if c is None:
                break
            self.hands[p].append(c)
            drawn += 1
        if drawn:
            self._ev(events.DRAW, f"{self.pname(p)} draws {drawn} card(s).", p, irreversible=True, count=drawn)

    # ================================================================== combat
    def _start_combat(self, h: int, attacker: int, seq: str) -> None:
        occ = self.occupants[h]
        defender = occ[0][0]
        self.combat = {"hex": h, "a": attacker, "d": defender, "seq": seq, "round": 1, "stage": "cards_d",
                   "acards": [], "dcards": [], "revealed": False, "ab": 0, "db": 0, "tech": 0, "roll": None, "fled_first": False,
                   "tie": None}
        aname = self._side_name(attacker)
        dname = self._side_name(defender)
        self._ev(events.COMBAT, f"Combat on {self.hex_label(h)}: {aname} ({self._side_text(h, attacker)}) "
                 f"attack{self._verb_s(attacker)} "
                 f"{dname} ({self._side_text(h, defender)}).", attacker if attacker >= 0 else None, hex=h,
                 attacker=attacker, defender=defender)

    @staticmethod
    def _verb_s(who: int) -> str:
        """Verb ending for a side: 'the pirates roll', 'P1 rolls', 'the acorn worm rolls'."""
        return "" if who in (PIRATES, PORCOPHAGES) else "s"

    def _side_name(self, who: int) -> str:
        return self.pname(who) if who >= 0 else f"the {ALIEN_NAME[who]}"

    def _side_text(self, h: int, who: int) -> str:
        e = self._entry(h, who)
        if who >= 0:
            return troops_text(e[1] + e[3], e[2] + e[4])
        return f"{e[1]}"

    def _side(self, h: int, who: int, bonus: int):
        e = self._entry(h, who)
        if who >= 0:
            return Pigs(e[1] + e[3], e[2] + e[4], bonus)
        if who == PIRATES:
            return Pirates(e[1], bonus)
        if who == PORCOPHAGES:
            return Porcophages(e[1], bonus)
        return AcornWorm(bonus)

    def _flee_targets(self, who: int, h: int) -> list[int]:
        if who < 0:
            return []
        return [j for j in self.adj()[h] if self._entry(j, who) is not None]

    def _combat_options(self, p: int, cb: dict) -> list:
        stage = cb["stage"]
        if stage in ("cards_d", "cards_a"):
            out = []
            seen = set()
            for c in sorted(self.hands[p]):
                card = CARDS[c]
                if not self._card_playable_in(c, cb["seq"]):
                    continue
                key = card.name if card.kind == "combat" else card.key
                if key in seen:
                    continue
                seen.add(key)
                out.append(PlayCard(p, c))
            out.append(Done(p))
            return out
        if stage == "tech":
            return [UsePower(p, "tech_adjust", 1), UsePower(p, "tech_adjust", -1), Done(p)]
        if stage in ("flee_d", "flee_a"):
            out = [Flee(p, j) for j in self._flee_targets(p, cb["hex"])]
            if cb["round"] == 1:
                out = [UsePower(p, "flee_first", j) for j in self._flee_targets(p, cb["hex"])]
            out.append(Stay(p))
            return out
        if stage == "reroll":
            return [UsePower(p, "reroll", 0), UsePower(p, "reroll", 1), Done(p)]
        if stage == "win_tie":
            return [UsePower(p, "win_tie", 0), Done(p)]
        raise AssertionError(stage)

    def _combat_power(self, p: int, power: str, arg: int) -> None:
        cb = self.combat
        if power == "tech_adjust":
            cb["tech"] += arg
            self._ev(events.TECH_ADJUST, f"The technology total becomes {cb['tech']}.", p, tech=cb["tech"])
            cb["stage"] = "tech_done"
        elif power == "flee_first":
            self._flee(p, arg)
        elif power == "reroll":
            side = "a" if (p == cb["a"]) == (arg == 0) else "d"
            rolls = cb["roll"][0 if side == "a" else 1]
            sizes = self._side(cb["hex"], cb[side], 0).strength_dice()
            # re-roll the first die of that side
            old = rolls[0]
            rolls[0] = self._roll(sizes[0])
            self._ev(events.REROLL, f"{self.pname(p)} forces a re-roll: {old} becomes {rolls[0]}.", p, irreversible=True,
                     side=side, old=old, new=rolls[0])
            cb["stage"] = "rolled2"
        elif power == "win_tie":
            cb["tie"] = p
            cb["stage"] = "resolve"

    def _do_Flee(self, a) -> None:
        self._flee(a.player, a.hex)

    def _do_Stay(self, a) -> None:
        cb = self.combat
        cb["stage"] = "flee_a" if cb["stage"] == "flee_d" else "roll"

    def _flee(self, p: int, dest: int) -> None:
        cb = self.combat
        h = cb["hex"]
        e = self._entry(h, p)
        pg, hg = e[1] + e[3], e[2] + e[4]
        self.occupants[h].remove(e)
        self._add_troops(dest, p, pg, hg)
        self._ev(events.FLEE, f"{self.pname(p)} flees with {troops_text(pg, hg)} from {self.hex_label(h)} to "
                 f"{self.hex_label(dest)}.", p, hex=h, dest=dest)
        other = cb["a"] if p == cb["d"] else cb["d"]
        self._end_combat(winner=other, fled=p)

    def _reveal_cards(self) -> None:
        cb = self.combat
        ab = db = tech = 0
        for side, cards in (("a", cb["acards"]), ("d", cb["dcards"])):
            for c in cards:
                card = CARDS[c]
                if card.kind == "combat":
                    tech += card.tech
                    if side == "a":
                        ab += card.attack
                    else:
                        db += card.defense
                elif card.effect == "self_bonus":
                    if side == "a":
                        ab += card.value
                    else:
                        db += card.value
                elif card.effect == "enemy_malus":
                    if side == "a":
                        db -= card.value
                    else:
                        ab -= card.value
        cb["ab"], cb["db"], cb["tech"] = ab, db, tech
        names = lambda cs: ", ".join(CARDS[c].name if CARDS[c].kind == "combat" else CARDS[c].english for c in cs) or "none"
        if cb["acards"] or cb["dcards"]:
            self._ev(events.REVEAL_CARDS, f"Cards revealed: attacker {names(cb['acards'])}; defender {names(cb['dcards'])}. "
                     f"Bonuses {ab:+d} / {db:+d}, technology total {tech}.", irreversible=True,
                     attacker_cards=list(cb["acards"]), defender_cards=list(cb["dcards"]), attack_bonus=ab,
                     defense_bonus=db, tech=tech)
        self.discard.extend(cb["acards"])
        self.discard.extend(cb["dcards"])
        cb["revealed"] = True

    def _wipeout(self) -> None:
        cb = self.combat
        h = cb["hex"]
        for e in self.occupants[h]:
            if e[0] >= 0:
                self.lost[e[0]] += e[1] + e[3]
        self.occupants[h] = []
        self._ev(events.WIPEOUT, f"Technology total {cb['tech']}: over-armament destroys every troop on {self.hex_label(h)}!",
                 hex=h, tech=cb["tech"])
        self.combat = None
        self._check_eliminations()

    def _pecari_in(self, cb: dict) -> int | None:
        for who in (cb["d"], cb["a"]):
            if who >= 0 and self.clans[who] == "Pecari Banzai":
                return who
        return None

    def _combat_step(self) -> bool:
        """Advance the combat until a decision is needed (True) or it ends (False)."""
        while self.combat is not None:
            cb = self.combat
            st = cb["stage"]
            h = cb["hex"]
            if st == "cards_d":
                if cb["d"] >= 0 and self.hands[cb["d"]]:
                    self.actor = cb["d"]
                    return True
                cb["stage"] = "cards_a"
                continue
            if st == "cards_a":
                if cb["a"] >= 0 and self.hands[cb["a"]]:
                    self.actor = cb["a"]
                    return True
                cb["stage"] = "to_reveal"
                continue
            if st == "to_reveal":
                self._reveal_cards()
                cb["stage"] = "revealed"
                continue
            if st == "revealed":
                pec = self._pecari_in(cb)
                if pec is not None and self._power_ready(pec, "tech_adjust") and (cb["acards"] or cb["dcards"]):
                    cb["stage"] = "tech"
                    self.actor = pec
                    return True
                cb["stage"] = "tech_done"
                continue
            if st == "tech":
                self.actor = self._pecari_in(cb)
                return True
            if st == "tech_done":
                if cb["tech"] >= 6:
                    self._wipeout()
                    return False
                cb["stage"] = "flee_d"
                continue
            if st in ("flee_d", "flee_a"):
                who = cb["d"] if st == "flee_d" else cb["a"]
                can = who >= 0 and bool(self._flee_targets(who, h))
                if cb["round"] == 1:
                    can = can and self._power_ready(who, "flee_first")
                if can:
                    self.actor = who
                    return True
                cb["stage"] = "flee_a" if st == "flee_d" else "roll"
                continue
            if st == "roll":
                a_side = self._side(h, cb["a"], cb["ab"])
                d_side = self._side(h, cb["d"], cb["db"])
                ar = [self._roll(s) for s in a_side.strength_dice()]
                dr = [self._roll(s) for s in d_side.strength_dice()]
                cb["roll"] = [ar, dr]
                cb["stage"] = "rolled"
                continue
            if st in ("rolled", "rolled2"):
                if st == "rolled":
                    pec = self._pecari_in(cb)
                    if pec is not None and self._power_ready(pec, "reroll"):
                        cb["stage"] = "reroll"
                        self.actor = pec
                        return True
                cb["stage"] = "check_tie"
                continue
            if st == "reroll":
                self.actor = self._pecari_in(cb)
                return True
            if st == "check_tie":
                a_side = self._side(h, cb["a"], cb["ab"])
                d_side = self._side(h, cb["d"], cb["db"])
                at = sum(cb["roll"][0]) + a_side.modifier()
                dt = sum(cb["roll"][1]) + d_side.modifier()
                if at == dt:
                    for who in (cb["d"], cb["a"]):
                        if who >= 0 and self.clans[who] == "Phacocherus" and self._power_ready(who, "win_tie"):
                            cb["stage"] = "win_tie"
                            cb["tie_player"] = who
                            self.actor = who
                            return True
                cb["stage"] = "resolve"
                continue
            if st == "win_tie":
                self.actor = cb["tie_player"]
                return True
            if st == "resolve":
                self._resolve_round()
                continue
            raise AssertionError(st)
        return False

    def _resolve_round(self) -> None:
        cb = self.combat
        h = cb["hex"]
        a_side = self._side(h, cb["a"], cb["ab"])
        d_side = self._side(h, cb["d"], cb["db"])
        ar, dr = cb["roll"]
        a_roll, d_roll = sum(ar), sum(dr)
        at, dt = a_roll + a_side.modifier(), d_roll + d_side.modifier()
        if cb["tie"] is not None and at == dt:
            # Phacocherus wins the tie: treat as a win for his side
            if cb["tie"] == cb["a"]:
                a_roll += 1
            else:
                d_roll += 1
            cb["tie"] = None
        a_after, d_after, winner = resolve_round(a_side, d_side, a_roll, d_roll)
        text = (f"Round {cb['round']} on {self.hex_label(h)}: {self._side_name(cb['a'])} roll{self._verb_s(cb['a'])} "
                f"{'+'.join(map(str, ar))}{a_side.modifier():+d} = {at}, {self._side_name(cb['d'])} "
                f"roll{self._verb_s(cb['d'])} {'+'.join(map(str, dr))}"
                f"{d_side.modifier():+d} = {dt}")
        if winner == "tie":
            text += ": a tie, nobody falls."
        else:
            loser = cb["d"] if winner == "attacker" else cb["a"]
            lside = d_side if winner == "attacker" else a_side
            what = "a piglet" if loser >= 0 and lside.next_loss_is_piglet else "a hog" if loser >= 0 else f"one of the {ALIEN_NAME[loser]}"
            if loser == WORM:
                what = "the acorn worm"
            text += f": {self._side_name(loser)} lose{self._verb_s(loser)} {what}."
        self._write_side(h, cb["a"], a_after)
        self._write_side(h, cb["d"], d_after)
        grow = ""
        if winner == "attacker" and cb["a"] == PORCOPHAGES and a_after.count > a_side.count:
            grow = " The smell of blood draws another porcophage."
        if winner == "defender" and cb["d"] == PORCOPHAGES and d_after.count > d_side.count:
            grow = " The smell of blood draws another porcophage."
        self._ev(events.ROUND, text + grow, irreversible=True, hex=h, round=cb["round"], attacker_roll=ar,
                 defender_roll=dr, attacker_total=at, defender_total=dt, winner=winner)
        cb["round"] += 1
        cb["roll"] = None
        if a_after.troops == 0 or d_after.troops == 0:
            self._clean(h)
            self._end_combat(winner=cb["a"] if a_after.troops else cb["d"], fled=None)
        else:
            cb["stage"] = "flee_d"

    def _write_side(self, h: int, who: int, side) -> None:
        e = self._entry(h, who)
        if who >= 0:
            lost_p = (e[1] + e[3]) - side.piglets
            self.lost[who] += max(0, lost_p)
            e[1], e[2], e[3], e[4] = side.piglets, side.hogs, 0, 0
        elif who == WORM:
            e[1] = side.troops
        else:
            e[1] = side.count

    def _end_combat(self, winner: int, fled: int | None) -> None:
        cb = self.combat
        h = cb["hex"]
        self._clean(h)
        occ = self.occupants[h]
        w = self._entry(h, winner)
        if w is not None and occ and occ[0] is not w and (self._entry(h, cb["d"]) is None):
            occ.remove(w)
            occ.insert(0, w)
        self._ev(events.COMBAT_END, f"{self._side_name(winner)} hold{self._verb_s(winner)} {self.hex_label(h)}"
                 + (f" ({self._side_name(fled)} fled)" if fled is not None else "") + ".", hex=h, winner=winner,
                 fled=fled)
        self.combat = None
        if winner == WORM and self._entry(h, WORM) is not None and self.hex_kind[h] in "PD":
            self._devour(h)
        self._check_eliminations()

    def _check_eliminations(self) -> None:
        if self.seq in ("layout", "start"):
            return
        for p in range(self.players):
            if self.out[p]:
                continue
            if self.trip is not None and self.actor == p:
                continue
            if self.troop_count(p) <= 1:
                for h, occ in enumerate(self.occupants):
                    for e in list(occ):
                        if e[0] == p:
                            occ.remove(e)
                self.out[p] = True
                self.used[p] = []
                self.trips[p] = 0
                self.new_piglets[p] = self.new_hogs[p] = 0
                self._ev(events.ELIMINATED, f"{self.pname(p)} is down to one troop or none and is eliminated; the clan "
                         f"returns next turn on the rim.", p)

    # ================================================================== the sequence machine
    def _advance(self) -> None:
        while not self.over:
            if self.offer is not None:
                self.actor = self.offer[1]
                return
            if self.pending is not None:
                self.actor = self.pending["player"]
                return
            if self._poll():
                return
            self._next_seq()

    def _next_seq(self) -> None:
        if self.seq == "layout":
            self._enter("start")
            return
        if self.seq == "start":
            self.turn = 1
            self._enter("return")
            return
        i = TURN_SEQUENCES.index(self.seq)
        self._enter(TURN_SEQUENCES[i + 1])

    def _enter(self, seq: str) -> None:
        self.seq = seq
        self.seq_data = {}
        self.actor = None
        fn = getattr(self, "_enter_" + seq, None)
        if fn is not None:
            fn()

    def _poll(self) -> bool:
        return _POLL[self.seq](self)

    def _window(self, options) -> bool:
        """Generic per-player window over sd['q']: skip players whose only option is Done."""
        sd = self.seq_data
        q = sd["q"]
        while sd["i"] < len(q):
            p = q[sd["i"]]
            self.actor = p
            if self.out[p] and self.seq not in ("1A", "4B", "4C"):
                sd["i"] += 1
                continue
            opts = options(p)
            if len(opts) == 1 and isinstance(opts[0], Done):
                self._do_done(p)
                continue
            self._legal = opts
            self._legal_set = None
            return True
        self.actor = None
        return False

    # ---- layout
    def _enter_layout(self) -> None:
        pass

    def _poll_layout(self) -> bool:
        sd = self.seq_data
        if sd["placed"] < sd["total"]:
            self.actor = self.order[sd["placed"] % self.players]
            return True
        if self.opts.get("all_laid_before_revealed") and not self.opts.get("unexplored"):
            for h in range(len(self.hex_q)):
                self._reveal(h)
        return False

    def _enter_start(self) -> None:
        q = list(self.order)
        if self.opts.get("inverse_deployment"):
            q.reverse()
        self.seq_data = {"q": q, "i": 0}
        if self.opts.get("unexplored"):
            for h in sorted(self._rim_set()):  # the rim is charted before anyone settles
                self._reveal(h)

    def _poll_start(self) -> bool:
        sd = self.seq_data
        if sd["i"] < len(sd["q"]):
            self.actor = sd["q"][sd["i"]]
            return True
        return False

    # ---- turn start: eliminated players return
    def _enter_return(self) -> None:
        self._ev(events.TURN, f"Turn {self.turn} begins.", turn=self.turn)
        self.seq_data = {"q": [p for p in self.order if self.out[p]], "i": 0}

    def _poll_return(self) -> bool:
        sd = self.seq_data
        while sd["i"] < len(sd["q"]):
            p = sd["q"][sd["i"]]
            if not self._return_options():
                self._ev(events.NO_RETURN, f"No empty hex is left: {self.pname(p)} stays out this turn.", p)
                sd["i"] += 1
                continue
            self.actor = p
            return True
        return False

    # ---- 1A
    def _enter_1A(self) -> None:
        self.seq_data = {"q": list(self.order), "i": 0}

    def _poll_1A(self) -> bool:
        return self._window(self._legal_1A)

    # ---- 1B
    def _enter_1B(self) -> None:
        if self.turn < 2:
            self.seq_data = {"q": [], "i": 0}
            return
        if self.simple:
            extra = RULES["simple"][self.rules]["extra_colonists"]
            for p in self.order:
                if self.out[p]:
                    continue
                k = sum(1 for h in self._held_hexes(p) if self._is_planet(h)) + extra
                got = self._gain_colonists(p, k, 0)
                self._ev(events.COLONISTS, f"{self.pname(p)} receives {got} new colonist(s).", p, count=got)
            self.seq_data = {"q": [], "i": 0}
            return
        k = RULES["colonists_drawn"][str(self.players)]
        self.seq_data = {"stage": "give", "k": k, "given": [0] * self.players, "assign": [], "q": list(self.order), "i": 0}
        self._ev(events.COLONISTS_DRAWN, f"The Royal Pig draws {k} colonist markers face down.", self.royal_pig, count=k)

    def _poll_1B(self) -> bool:
        sd = self.seq_data
        if sd.get("stage") == "give":
            if len(sd["assign"]) < sd["k"]:
                self.actor = self.royal_pig
                return True
            markers = list(COLONIST_MARKERS)
            self.dice.shuffle(markers)
            got = [0] * self.players
            for to, value in zip(sd["assign"], markers):
                got[to] += value
            parts = []
            for p in range(self.players):
                if sd["given"][p]:
                    g = self._gain_colonists(p, got[p], 0)
                    parts.append(f"{self.pname(p)} {g}")
            self._ev(events.COLONISTS, "Colonist markers revealed: " + ", ".join(parts) + ".", irreversible=True,
                     colonists=got)
            sd["stage"] = "players"
        return self._window(self._legal_1B)

    # ---- 1C
    def _enter_1C(self) -> None:
        if self.turn >= 2 and not self.simple:
            strength = {p: self.strength(p) + self.new_piglets[p] + 2 * self.new_hogs[p] for p in range(self.players)}
            groups: dict[int, list[int]] = {}
            for p in range(self.players):
                groups.setdefault(strength[p], []).append(p)
            order = []
            for s in sorted(groups, reverse=True):
                tied = groups[s]
                order += self._break_ties(tied) if len(tied) > 1 else tied
            self.order = order
        self._ev(events.ORDER, "Order of play: " + ", ".join(self.pname(p) for p in self.order) + ".",
                 order=list(self.order))

    def _break_ties(self, tied: list[int]) -> list[int]:
        rolls = {p: self._roll(6) for p in tied}
        self._ev(events.TIE_ROLL, "Tie for the order of play: " + ", ".join(f"{self.pname(p)} rolls {rolls[p]}" for p in tied)
                 + ".", irreversible=True, rolls={str(p): r for p, r in rolls.items()})
        groups: dict[int, list[int]] = {}
        for p in tied:
            groups.setdefault(rolls[p], []).append(p)
        out = []
        for r in sorted(groups, reverse=True):
            g = groups[r]
            out += self._break_ties(g) if len(g) > 1 else g
        return out

    def _poll_1C(self) -> bool:
        return False

    # ---- 1D
    def _enter_1D(self) -> None:
        for p in range(self.players):
            if (self.new_piglets[p] or self.new_hogs[p]) and not self._own_hexes(p):
                self._ev(events.COLONISTS_LOST, f"{self.pname(p)} has no hex: the new colonists are lost.", p)
                self.new_piglets[p] = self.new_hogs[p] = 0
        self.seq_data = {"q": list(self.order), "i": 0}

    def _poll_1D(self) -> bool:
        return self._window(self._legal_1D)

    # ---- 1E
    def _enter_1E(self) -> None:
        self.seq_data = {"alien_hexes": []}
        if self.simple:
            return
        roller = self.royal_pig if (self.turn >= 2 and self.royal_pig >= 0) else self.order[0]
        self.seq_data["roller"] = roller
        r = self._roll(8)
        kind = RULES["aliens"]["arrival_d8"][str(r)]
        if kind == "worm" and self.worm_eaten >= RULES["aliens"]["worm_planet_limit"]:
            kind = "none"
        if kind == "none":
            self._ev(events.ALIENS_ROLL, f"{self.pname(roller)} rolls {r} on 1D8: no aliens arrive.", roller,
                     irreversible=True, roll=r)
            return
        k = ALIEN_BY_NAME[kind]
        count = 1
        extra = ""
        if k == PIRATES:
            r2 = self._roll(6)
            count = RULES["aliens"]["pirates_d6"][str(r2)]
            extra = f" (1D6: {r2})"
        supply = RULES["components"]["alien_markers_per_type"]["value"] - self._alien_count(k)
        count = min(count, max(0, supply))
        self._ev(events.ALIENS_ROLL, f"{self.pname(roller)} rolls {r} on 1D8: {_aliens(k, count)} arrive{'s' if count == 1 else ''}{extra}.",
                 roller, irreversible=True, roll=r, aliens=ALIEN_NAME[k], count=count)
        if count <= 0:
            return
        self.seq_data.update({"alien_kind": k, "alien_count": count})
        hexes = self._alien_destinations(k, count)
        if not hexes:
            self._ev(events.ALIENS_LOST, f"No hex can take the {ALIEN_NAME[k]}: they are eliminated.", roller)
            return
        self.seq_data["alien_hexes"] = hexes
        if len(hexes) == 1:
            self.actor = roller
            self._place_aliens(hexes[0])

    def _alien_destinations(self, k: int, count: int) -> list[int]:
        room = {}
        for h in range(len(self.hex_q)):
            if self.hex_kind[h] == "S":
                continue
            e = self._alien_entry(h)
            if e is None:
                if not self.face_down[h] and self.hex_kind[h] == "A":
                    room[h] = STACK_LIMIT[k]
            elif e[0] == k and e[1] < STACK_LIMIT[k]:
                room[h] = STACK_LIMIT[k] - e[1]
        if not room and self.opts.get("unexplored"):
            black = [h for h in range(len(self.hex_q)) if self.face_down[h] and self.hex_family[h] == "black" and not self.occupants[h]]
            if black:
                return black
        if not room:
            return []
        full = sorted(h for h, r in room.items() if r >= count)
        if full:
            return full
        best = max(room.values())
        return sorted(h for h, r in room.items() if r == best)

    def _poll_1E(self) -> bool:
        if self.seq_data.get("alien_hexes") and not self.seq_data.get("alien_done"):
            self.actor = self.seq_data["roller"]
            return True
        return False

    # ---- 2A
    def _enter_2A(self) -> None:
        self.seq_data = {"q": [p for p in self.order], "i": 0}
        if self.simple:
            for p in range(self.players):
                self.trips[p] = 0 if self.out[p] else RULES["simple"][self.rules]["trips"]
            self.seq_data["q"] = []

    def _poll_2A(self) -> bool:
        sd = self.seq_data
        while sd["i"] < len(sd["q"]):
            p = sd["q"][sd["i"]]
            if self.out[p]:
                sd["i"] += 1
                continue
            self.actor = p
            return True
        if not self.simple:
            parts = []
            for p in self.order:
                if self.out[p]:
                    self.trips[p] = 0
                    continue
                v = self.choice[p]
                if len(self.used[p]) >= 5:
                    self.used[p] = []
                self.used[p].append(v)
                if len(self.used[p]) >= 5:
                    self.used[p] = []
                self.trips[p] = v
                self.choice[p] = 0
                parts.append(f"{self.pname(p)} {v}")
            self._ev(events.MARKERS, "Travel markers revealed: " + ", ".join(parts) + ".", irreversible=True,
                     trips=list(self.trips))
        return False

    # ---- 2B / 2X
    def _enter_2B(self) -> None:
        self.seq_data = {"q": [p for p in self.order], "i": 0, "again": -1}

    def _poll_2B(self) -> bool:
        if self.trip is not None:
            self.actor = self.trip_player()
            return True
        return self._window(self._legal_2B)

    def trip_player(self) -> int:
        return self.seq_data["q"][self.seq_data["i"]]

    def _enter_2X(self) -> None:
        for p in range(self.players):
            self.trips[p] = 0
        self.seq_data = {"q": [p for p in self.order if any(CARDS[c].effect == "extra_trip" for c in self.hands[p])],
                   "i": 0, "again": -1}

    _poll_2X = _poll_2B

    # ---- 3A
    def _enter_3A(self) -> None:
        self.trips = [0] * self.players
        self.ship = None
        self._merge_moved()
        self.seq_data = {"ptr": -1, "choices": []}

    def _pending_attacks(self, who: int) -> list[int]:
        return [h for h, occ in enumerate(self.occupants) if len(occ) > 1 and any(e[0] == who for e in occ[1:])]

    def _poll_3A(self) -> bool:
        while True:
            if self.combat is not None:
                if self._combat_step():
                    return True
                continue
            if self.seq_data.get("choices"):
                self.actor = self.order[self.seq_data["ptr"]] if self.seq_data["ptr"] >= 0 else None
                return True
            # alien attacks first, by hex
            started = False
            for h, occ in enumerate(self.occupants):
                if len(occ) > 1:
                    for e in occ[1:]:
                        if e[0] < 0:
                            self._start_combat(h, e[0], "3A")
                            started = True
                            break
                if started:
                    break
            if started:
                continue
            sd = self.seq_data
            ptr = max(sd["ptr"], 0)
            while ptr < len(self.order):
                p = self.order[ptr]
                hexes = self._pending_attacks(p)
                if hexes:
                    sd["ptr"] = ptr
                    if len(hexes) == 1:
                        self._start_combat(hexes[0], p, "3A")
                    else:
                        sd["choices"] = hexes
                        self.actor = p
                        return True
                    break
                ptr += 1
            else:
                sd["ptr"] = len(self.order)
                # any hex still holding several occupants (should not happen) is settled in hex order
                return False

    # ---- 3B
    def _enter_3B(self) -> None:
        self._merge_moved()
        self.seq_data = {"q": [p for p in self.order], "i": 0, "far": -1}

    def _poll_3B(self) -> bool:
        return self._window(self._legal_3B)

    # ---- 3C
    def _enter_3C(self) -> None:
        self._merge_moved()
        self.seq_data = {"stage": "skip"}
        if self.simple or self.turn < 2 or self.royal_pig < 0:
            return
        holders = [p for p in self.order if any(CARDS[c].effect == "control_aliens" for c in self.hands[p])]
        self.seq_data = {"stage": "cho", "q": holders, "i": 0, "moved": False}

    def _poll_3C(self) -> bool:
        sd = self.seq_data
        if sd["stage"] == "skip":
            return False
        while True:
            if self.combat is not None:
                if self._combat_step():
                    return True
                continue
            if sd["stage"] == "cho":
                if "controller" not in sd and self._window(lambda p: self._card_options(p, "3C") + [Done(p)]):
                    return True
                sd["stage"] = "move"
                continue
            if sd["stage"] == "move":
                if sd["moved"]:
                    self._merge_moved()
                    return False
                controller = sd.get("controller", self.royal_pig)
                self.actor = controller
                if not self._alien_moves(controller):
                    sd["moved"] = True
                    continue
                return True
            return False

    # ---- 4A
    def _enter_4A(self) -> None:
        self.seq_data = {}
        parts = []
        for p in range(self.players):
            self.acorns[p] = self.production(p)
            a = self.acorns[p]
            parts.append(f"{self.pname(p)} {a[0]} red, {a[1]} yellow, {a[2]} blue")
        self._ev(events.PRODUCTION, "Acorn production: " + "; ".join(parts) + ".", acorns=[list(a) for a in self.acorns])
        if self.turn < 2:
            return
        winners = []
        for p in self.order:
            need = self.recipe(p)
            if all(self.acorns[p][i] >= need[i] for i in range(3)):
                winners.append(p)
        if winners:
            w = winners[0]
            self.over = True
            self.win = [w]
            self.actor = None
            self.seq = "over"
            r = self.recipe(w)
            self._ev(events.VICTORY, f"{self.pname(w)} produces the sacred recipe ({r[0]} red, {r[1]} yellow, {r[2]} blue) "
                     f"and wins the game!", w, irreversible=True, winner=w, recipe=list(r))

    def _poll_4A(self) -> bool:
        return False

    def _poll_over(self) -> bool:  # pragma: no cover
        return True

    # ---- 4B
    def _enter_4B(self) -> None:
        self.seq_data = {"q": [], "i": 0}
        if self.simple:
            return
        for p in range(self.players):
            self.extra_governors[p] = 1 if (self._powers_on() and self.clans[p] == "Porcus") else 0
            self._set_governors(p)
        self._ev(events.GOVERNORS, "Governors: " + ", ".join(f"{self.pname(p)} {self.governors[p]}" for p in self.order) + ".",
                 governors=list(self.governors))
        self.seq_data["q"] = list(self.order)

    def _poll_4B(self) -> bool:
        return self._window(self._legal_4B)

    # ---- 4C
    def _enter_4C(self) -> None:
        self.seq_data = {"stage": "skip"}
        if self.simple:
            return
        self.seq_data = {"stage": "stand", "q": list(self.order), "i": 0, "candidates": [], "barred": [], "voted": [],
                   "votes": [-1] * self.players, "vote_error": [], "called": -1}

    def _poll_4C(self) -> bool:
        sd = self.seq_data
        if sd["stage"] == "skip":
            return False
        if sd["stage"] == "stand":
            if sd["i"] < len(sd["q"]):
                self.actor = sd["q"][sd["i"]]
                return True
            cands = [c for c in sd["candidates"] if c not in sd["barred"]]
            if not cands:
                cands = [p for p in self.order if p not in sd["barred"]]
                self._ev(events.CANDIDATES, "Nobody stands: every eligible player is a candidate.")
            sd["candidates"] = sorted(cands, key=self.order.index)
            self._ev(events.CANDIDATES, "Candidates for Royal Pig: " + ", ".join(self.pname(c) for c in sd["candidates"]) + ".",
                     candidates=list(sd["candidates"]))
            sd["stage"] = "call"
        caller = self.royal_pig if (self.turn >= 2 and self.royal_pig >= 0) else self.order[0]
        if sd["stage"] == "vote":
            self.actor = sd["called"]
            return True
        if len(sd["voted"]) < self.players:
            self.actor = caller
            return True
        self._tally()
        return False

    def _tally(self) -> None:
        sd = self.seq_data
        weight = list(self.governors)
        for p, t, k in sd["vote_error"]:
            k = min(k, weight[t])
            weight[t] -= k
            weight[p] += k
        totals = {c: 0 for c in sd["candidates"]}
        for p in range(self.players):
            c = sd["votes"][p]
            totals[c] = totals.get(c, 0) + weight[p]
        best = max(totals.values())
        winner = next(p for p in self.order if p in totals and totals[p] == best)
        self.royal_pig = winner
        for p in range(self.players):
            self.faction[p] = sd["votes"][p]
        self._ev(events.ELECTION, "Election: " + ", ".join(f"{self.pname(c)} {totals[c]}" for c in sd["candidates"])
                 + f". {self.pname(winner)} is the Royal Pig.", winner, royal_pig=winner,
                 totals={str(k): v for k, v in totals.items()})

    # ---- end of turn
    def _enter_end(self) -> None:
        if self.max_rounds is not None and self.turn >= self.max_rounds:
            self.over = True
            self.win = []
            self.actor = None
            self.seq = "over"
            self._ev(events.GAME_END, f"The last turn ({self.turn}) is over: no winner.")
            return
        if not any("ban" in used for used in self.powers_used):
            self.ban_last = -1  # "never the same player twice in a row": only consecutive turns count
        self.turn += 1
        n = self.players
        self.hog_made = [False] * n
        self.powers_used = [[] for _ in range(n)]
        self.lost = [0] * n
        self.festival = []
        self.forbid = []
        self.offers_made = [[] for _ in range(n)]
        self.extra_governors = [0] * n
        self._enter("return")

    def _poll_end(self) -> bool:  # pragma: no cover - _enter_end moves on at once
        return False

    # ================================================================== saving
    # save key -> attribute (the save format keeps its short keys)
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
        d["dice"] = self.dice.to_dict()
        return json.loads(json.dumps(d))

    @classmethod
    def from_dict(cls, data: dict) -> "SpacePigsState":
        if not isinstance(data, dict):
            raise SaveFileError("state is not an object")
        s = cls()
        for key, attr in cls._ATTRS:
            setattr(s, attr, data[key])
        s.dice = Dice.from_dict(data["dice"])
        if s.rules not in RULE_SETS:
            raise ValueError(f"unknown rules {s.rules!r}")
        if not isinstance(s.players, int) or not 3 <= s.players <= 6:
            raise ValueError("players must be 3 to 6")
        return s

    @classmethod
    def from_view(cls, view: dict) -> "SpacePigsState":
        """A state rebuilt from ``player_view(viewer)`` (or the public view ``player_view(-1)``)
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
        return cls.from_dict(d)

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
        for f in ("drawn", "seq_data", "pending", "trip", "ship", "combat", "offer"):
            d[f] = _deep(src[f])
        s.dice = self.dice.copy()
        s._adj = self._adj
        return s

    # ================================================================== views and checks
    def player_view(self, player: int) -> dict:
        """What ``player`` may know: other hands, recipes, secret marker choices, face-down combat cards,
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
            if self.combat["stage"] in ("cards_d", "cards_a"):
                if self.combat["a"] != player:
                    cb["acards"] = len(self.combat["acards"])
                if self.combat["d"] != player:
                    cb["dcards"] = len(self.combat["dcards"])
        sd = d.get("sd") or {}
        if self.seq == "1B" and "assign" in sd:
            pass  # markers are face down for everyone: values are drawn at the reveal
        if self.offer is not None and player not in (self.offer[0], self.offer[1]):
            d["offer"] = [self.offer[0], self.offer[1], "?"]
        return d

    def invariant_violations(self) -> list[str]:
        out = []
        n = self.players
        try:
            if len(self.hands) != n:
                out.append("one hand per player")
            cards = list(self.deck) + list(self.discard) + [c for h in self.hands for c in h]
            if self.combat is not None and not self.combat.get("revealed"):
                cards += list(self.combat["acards"]) + list(self.combat["dcards"])
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
                if self.seq in ("return", "1A", "1B", "1C", "1D", "3B", "4A", "4B", "4C") and len(occ) > 1:
                    out.append(f"H{h} has several occupants outside travel and combat")
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

    # ================================================================== display
    def describe(self, action) -> str:
        """``str(action)`` with hexes named in full: "P1 flies to H3 (blue planet)"."""
        import re

        text = str(action)
        if self.hex_q:
            text = re.sub(r"\bH(\d+)\b", lambda m: self.hex_label(int(m.group(1)))
                          if int(m.group(1)) < len(self.hex_q) else m.group(0), text)
        return text.replace(f"P{action.player + 1} ", self.pname(action.player) + " ", 1) if self.clans else text

    def summary(self) -> str:
        """A few lines of plain text: turn, sequence, order, Royal Pig, then every occupied hex."""
        lines = [f"Turn {self.turn}, {self.sequence_title}; order "
                 + ", ".join(self.pname(p) for p in self.order)
                 + (f"; Royal Pig {self.pname(self.royal_pig)}" if self.royal_pig >= 0 else "")]
        for h in range(len(self.hex_q)):
            occ = self.troops_on(h)
            if not occ:
                continue
            parts = []
            for o in occ:
                if "player" in o:
                    parts.append(f"{self.pname(o['player'])}: {troops_text(o['piglets'], o['hogs'])}")
                else:
                    parts.append(_aliens(ALIEN_BY_NAME.get(o["aliens"], WORM), o["count"]))
            lines.append(f"  {self.hex_label(h)}: " + "; ".join(parts))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SpacePigsState {self.players}p {self.rules} turn {self.turn} {self.sequence} actor {self.actor}>"

    def notation(self) -> str:
        from .notation import to_notation
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
_new_event = object.__new__
_EVENT_SEQ = tuple(c.sequence if c.kind == "event" else "" for c in CARDS)
_DO = {cls: getattr(SpacePigsState, "_do_" + cls.__name__) for cls in ACTION_CLASSES
       if hasattr(SpacePigsState, "_do_" + cls.__name__)}
_POLL = {name[6:]: fn for name, fn in vars(SpacePigsState).items() if name.startswith("_poll_")}


def _rim_connected(cells: set) -> bool:
    """Whether the rim hexes (fewer than six neighbours) of a set of cells all link up."""
    rim = [c for c in cells if sum(n in cells for n in geo.neighbours(*c)) < 6]
    if not rim:
        return True
    rim_set = set(rim)
    seen = {rim[0]}
    todo = [rim[0]]
    while todo:
        for n in geo.neighbours(*todo.pop()):
            if n in rim_set and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rim_set)


def troops_text(piglets: int, hogs: int) -> str:
    """Troops in words: "2 piglets and 1 hog", "1 piglet", "no troops"."""
    parts = []
    if piglets:
        parts.append(f"{piglets} piglet{'s' if piglets != 1 else ''}")
    if hogs:
        parts.append(f"{hogs} hog{'s' if hogs != 1 else ''}")
    return " and ".join(parts) or "no troops"


def _deep(x):
    if isinstance(x, list):
        return [_deep(v) for v in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    return x
