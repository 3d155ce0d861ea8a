"""The position and its reading API: the galaxy's cells and their neighbours, who is where,
hex labels and player names, the player's production, where a trip may end, and what may move.

Occupants are kept per hex, in arrival order (the first one holds the hex), each as
``[who, piglets, hogs, moved piglets, moved hogs]``; ``who`` is a player, or an alien code
(:data:`PIRATES`, :data:`PORCOPHAGES`, :data:`WORM`) with the count in the piglets slot.

    >>> troops_text(2, 1)
    '2 piglets and 1 hog'
    >>> aliens_text(PIRATES, 1), aliens_text(WORM, 1)
    ('1 pirate', 'the acorn worm')
"""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from ..core.protocol import Event
from ..core.rng import Dice
from . import events, geometry as geo
from .combat import Combat

# alien "owners" in occupant entries
PIRATES, PORCOPHAGES, WORM = -1, -2, -3
ALIEN_NAME = {PIRATES: "pirates", PORCOPHAGES: "porcophages", WORM: "acorn worm"}
ALIEN_ONE = {PIRATES: "pirate", PORCOPHAGES: "porcophage", WORM: "acorn worm"}
ALIEN_BY_NAME = {"pirates": PIRATES, "porcophages": PORCOPHAGES, "worm": WORM}
STACK_LIMIT = {PIRATES: 4, PORCOPHAGES: 3, WORM: 1}
ALIEN_MOVE = {PIRATES: 3, PORCOPHAGES: 2, WORM: 1}
COLOURS = ("red", "yellow", "blue")
COLOUR_INDEX = {"r": 0, "y": 1, "b": 2}
KIND_NAME = {"P": "planet", "D": "double planet", "A": "asteroid", "S": "sun"}
PILES = ("red", "yellow", "blue", "black")

RULE_SETS = ("full", "simple_a", "simple_b")
LAYOUTS = ("rings", "twin", "pancake", "freedom")
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

_new_event = object.__new__


def player_code(p: int) -> str:
    """"P1" for player 0."""
    return f"P{p + 1}"


def aliens_text(kind: int, count: int) -> str:
    """'1 porcophage', '3 pirates', 'the acorn worm'."""
    if kind == WORM:
        return "the acorn worm"
    return f"{count} {ALIEN_ONE[kind] if count == 1 else ALIEN_NAME[kind]}"


def troops_text(piglets: int, hogs: int) -> str:
    """Troops in words: "2 piglets and 1 hog", "1 piglet", "no troops"."""
    parts = []
    if piglets:
        parts.append(f"{piglets} piglet{'s' if piglets != 1 else ''}")
    if hogs:
        parts.append(f"{hogs} hog{'s' if hogs != 1 else ''}")
    return " and ".join(parts) or "no troops"


class Board:
    """The position (every rulebook part's mixin builds on it) and its public reading API."""

    # ---- the game (see ``SpacePigsState._fresh`` for their starting values)
    players: int
    rules: str  # one of RULE_SETS
    opts: dict[str, Any]
    max_rounds: int | None
    dice: Dice
    turn: int
    first: int
    order: list[int]  # order of play
    royal_pig: int  # -1 before the first election
    clans: list[str]
    recipes: list[list[int]]  # red, yellow, blue planets needed
    seventh: list[str | None]  # the seventh planet's acorn colour ("r", "y", "b"), with that option
    seq: str  # the current sequence (flow.SEQUENCE_ORDER, or "over")
    seq_data: dict[str, Any]  # the current sequence's own bookkeeping
    actor: int | None
    over: bool
    win: list[int]
    setup_log: list[str]
    # ---- the galaxy, by hex index
    hex_q: list[int]
    hex_r: list[int]
    hex_kind: list[str]  # "P", "D", "A", "S"
    hex_colour: list[str]  # "r", "y", "b" or ""
    hex_family: list[str]  # the pile it came from
    face_down: list[bool]
    occupants: list[list[list[int]]]  # [who, piglets, hogs, moved piglets, moved hogs] in arrival order
    piles: dict[str, list[str]]
    drawn: Any  # [player, pile, tile] while a drawn hex waits to be laid, else None
    worm_eaten: int
    # ---- cards
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    offer: Any  # [giver, partner, card] while an exchange offer awaits its answer, else None
    offers_made: list[list[int]]
    pending: Any  # {"what", "id", "player", "kinds", "picks"} while targets are chosen, else None
    # ---- per player
    used: list[list[int]]  # travel markers used in the current cycle
    choice: list[int]  # the travel marker chosen face down (0: none)
    trips: list[int]
    new_piglets: list[int]
    new_hogs: list[int]
    hog_made: list[bool]
    governors: list[int]
    extra_governors: list[int]
    faction: list[int]  # whom each voted for (-1: nobody yet)
    out: list[bool]  # eliminated until the next turn
    powers_used: list[list[str]]
    ban_last: int
    lost: list[int]  # piglets lost in combat this turn
    acorns: list[list[int]]
    festival: list[list[int]]  # [hex, holder]
    forbid: list[list[int]]  # [player, hex]
    # ---- travel and combat under way
    trip: Any  # {"src", "pos", "p", "h", "mode", "range", "hops", "again"} during a trip, else None
    ship: Any  # {"mode", "range"}: the ship card or power played for the next trip, else None
    combat: Combat | None
    # ---- not saved
    _legal: list[Any] | None
    _legal_set: set[Any] | None
    _events: list[Event]
    _adj: list[list[int]] | None
    _names: list[str]

    # ---- provided by the other rulebook parts (their mixins; combined in state.py)
    copy: Callable[[], Any]
    _window: Callable[[Callable[[int], list[Any]]], bool]
    _card_options: Callable[[int, str], list[Any]]
    _card_playable_in: Callable[[int, str], bool]
    _targets_available: Callable[[int, tuple[str, ...]], bool]
    _hand_size: Callable[[int], int]
    _draw_card: Callable[[], "int | None"]
    _discard_card: Callable[[int, int], None]
    _swap_cells: Callable[[int, int, int], None]
    _bar: Callable[[int, int], None]
    _powers_on: Callable[[], bool]
    _power_ready: Callable[[int, str], bool]
    _power_options: Callable[[int, str], list[Any]]
    _power_target: Callable[[int, str, list[int]], None]
    _offer_options: Callable[[int], list[Any]]
    _gain_colonists: Callable[[int, int, int], int]
    _later_travellers: Callable[[], list[int]]
    _markers_left: Callable[[int], list[int]]
    _start_combat: Callable[[int, int, str], None]
    _combat_step: Callable[[], bool]
    _combat_power: Callable[[int, str, int], None]
    _combat_options: Callable[[int, Combat], list[Any]]
    _combat_done: Callable[[], None]
    _devour: Callable[[int], None]
    _set_governors: Callable[[int], None]
    _check_eliminations: Callable[[], None]

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
        out: list[dict[str, Any]] = []
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
                return player_code(p)
            names = self._names = [f"{player_code(i)} {c}" for i, c in enumerate(self.clans)]
        return names[p]

    def _ev(self, kind: str, text: str, player: int | None = None, irreversible: bool = False, **data) -> None:
        # Event is a frozen dataclass; filling its __dict__ directly is the same object, built faster
        e = _new_event(Event)
        if text[:1].islower():
            text = text[0].upper() + text[1:]
        e.__dict__.update(kind=kind, text=text, player=player, data=data, irreversible=irreversible)
        self._events.append(e)

    def _roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    def _coord_index(self) -> dict:
        return {(self.hex_q[i], self.hex_r[i]): i for i in range(len(self.hex_q))}

    def adj(self) -> list[list[int]]:
        """Neighbour lists of the cells (the sun is nobody's neighbour)."""
        if self._adj is None:
            idx = self._coord_index()
            adj: list[list[int]] = []
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

    def movable(self, hex: int, player: int, again: bool = False) -> tuple[int, int, int]:
        """What ``player`` may embark at ``hex`` for a trip: ``(piglets, hogs, free)``, the unmoved
        troops (all of them with the move-again power) less those pinned by attackers; ``free``
        is how many troops may leave in all (the player picks which stay)."""
        self._check_player_hex(player, hex)
        return self._movable(hex, player, again)

    def _movable(self, h: int, p: int, again: bool = False) -> tuple[int, int, int]:
        """(piglets, hogs) that ``p`` may embark at ``h``: unmoved (or all, with move_again) minus pinned."""
        e = self._entry(h, p)
        if e is None:
            return 0, 0, 0
        pg, hg = e[1], e[2]
        if again:
            pg += e[3]
            hg += e[4]
        pinned = self._pinned(h, p)
        # the pinned troops are the ones left behind: the mover picks which, and troops that just
        # arrived (which may not travel again) may be the ones held back
        free = max(0, min(pg + hg, e[1] + e[2] + e[3] + e[4] - pinned))
        return min(pg, free), min(hg, free), free

    def _alien_count(self, kind: int) -> int:
        return sum(e[1] for occ in self.occupants for e in occ if e[0] == kind)

    def recipe(self, p: int) -> tuple[int, int, int]:
        """The (red, yellow, blue) planets a player's recipe needs (with the seventh planet)."""
        r = list(self.recipes[p])
        seventh = self.seventh[p]
        if seventh is not None:
            r[COLOUR_INDEX[seventh]] += 1
        return r[0], r[1], r[2]

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
        cand: Sequence[int]
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

    def _kill(self, e: list, piglets: int, hogs: int) -> None:
        """Remove troops from an occupant entry (unmoved first)."""
        a = min(piglets, e[1])
        e[1] -= a
        e[3] -= piglets - a
        b = min(hogs, e[2])
        e[2] -= b
        e[4] -= hogs - b

    def describe(self, action) -> str:
        """``str(action)`` with hexes named in full: "P1 flies to H3 (blue planet)"."""
        text = str(action)
        if self.hex_q:
            text = re.sub(r"\bH(\d+)\b", lambda m: self.hex_label(int(m.group(1)))
                          if int(m.group(1)) < len(self.hex_q) else m.group(0), text)
        return text.replace(f"P{action.player + 1} ", self.pname(action.player) + " ", 1) if self.clans else text
