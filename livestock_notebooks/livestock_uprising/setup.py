"""Setup (rulebook: Components, Barn Placement, Turn Order): a new game, the barns, the first turn."""
from __future__ import annotations

from typing import TypeVar

from ..core.protocol import Event
from ..core.rng import Dice
from . import actions as A
from . import data as D
from .board import ACTIVE, BONUS_KEYS, N_RESOURCES, geometry, LivestockBoard, _action
from .events import EventKind

_S = TypeVar("_S", bound="SetupMixin")


class SetupMixin(LivestockBoard):
    """A new game, placing the barns, filling the board, starting a turn."""

    @classmethod
    def new(cls: type[_S], *, players: int, seed: int = 0, max_rounds: int | None = None, factions=None) -> _S:
        if players not in D.GRIDS:
            raise ValueError(f"Livestock Uprising is for 2 to 4 players, not {players!r}")
        if factions is None:
            factions = list(range(players))
        else:
            factions = [D.FACTION_KEYS.index(f.lower()) if isinstance(f, str) else int(f) for f in factions]
            if len(factions) != players or len(set(factions)) != players or not all(0 <= f < 4 for f in factions):
                raise ValueError("factions must name one different faction per player")
        if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
            raise ValueError("max_rounds must be a positive integer or None")
        s = cls.__new__(cls)
        s.players = players
        s.factions = factions
        start, n = D.GRIDS[players]
        s.size = n
        s.dice = Dice(seed)
        tiles = D.tiles_for(players)
        s.dice.shuffle(tiles)
        s.terrain = [D.UNPLACED] * (n * n)
        off = (n - start) // 2
        k = 0
        for r in range(off, off + start):
            for c in range(off, off + start):
                s.terrain[r * n + c] = tiles[k]
                k += 1
        s.tile_pool = sorted(tiles[k:])
        s.barn_of = [-1] * (n * n)
        s.occupant = [-1] * (n * n)
        s.barn_cell = [-1] * players
        g = 3 * players
        s.general_cell = [-1] * g
        s.general_status = [ACTIVE] * g
        s.armies = [[] for _ in range(g)]
        s.steps = [0] * g
        s.done = [0] * g
        s.harvested = [0] * g
        s.tokens = [[0] * N_RESOURCES for _ in range(players)]
        s.token_supply = [D.TOKENS_EACH] * N_RESOURCES
        s.troop_stock = list(D.TROOP_COUNTS)
        s.special_force_state = [0] * len(D.SPECIAL_FORCES)
        deck = list(range(len(D.CARDS)))
        s.dice.shuffle(deck)
        s.hands = [sorted(deck[D.CARDS_DEALT * p: D.CARDS_DEALT * (p + 1)]) for p in range(players)]
        s.deck = deck[D.CARDS_DEALT * players:]
        s.played = []
        s.super_army = [0] * players
        s.alive = [1] * players
        s.phase = "barn"
        s.resume_phase = ""
        s.turn = 0
        s.first_player = -1
        s.round = 0
        s.max_rounds = max_rounds
        s.transfers_left = 0
        s.marshal_locked = 0
        s.has_acted = 0
        s.bonuses = {k: 0 for k in BONUS_KEYS}
        s.battle = None
        s._winners = []
        s._init_caches()
        return s

    def _init_caches(self):
        self._square_names, self._cell_by_name, self._neighbours, self._edge_neighbours = geometry(self.size)
        self._general_names = [D.GENERAL_NAMES[3 * f + i] for f in self.factions for i in range(3)]
        self._slot_by_name = {name: i for i, name in enumerate(self._general_names)}
        self._legal = None

    def _barn_options(self) -> list:
        """Where the player in turn may place its barn: unlaid squares touching the starting grid along an edge."""
        names = self._square_names
        n = self.size
        start = D.GRIDS[self.players][0]
        off = (n - start) // 2
        out = []
        for cell in range(n * n):
            if self.terrain[cell] != D.UNPLACED:
                continue
            r, c = divmod(cell, n)
            if r < off - 1 or r > off + start or c < off - 1 or c > off + start:
                continue
            if any(off <= nb // n < off + start and off <= nb % n < off + start for nb in self._edge_neighbours[cell]):
                out.append(_action(A.PlaceBarn, names[cell]))
        return out

    def _do_place_barn(self, a) -> list[Event]:
        seat = self.turn
        cell = self._cell_by_name[a.cell]
        self.terrain[cell] = D.BARN
        self.barn_of[cell] = seat
        self.barn_cell[seat] = cell
        events = [Event(EventKind.BARN, f"{self._player_text(seat)} places the barn at {a.cell}", seat, {"square": a.cell})]
        if seat + 1 < self.players:
            self.turn = seat + 1
            return events
        # fill the board: first the perimeter of the starting grid, then the outer ring(s)
        pool = list(self.tile_pool)
        self.dice.shuffle(pool)
        n = self.size
        mid = (n - 1) / 2
        empty = [c for c in range(n * n) if self.terrain[c] == D.UNPLACED]
        empty.sort(key=lambda c: (max(abs(c // n - mid), abs(c % n - mid)), c))
        for c, t in zip(empty, pool):
            self.terrain[c] = t
        self.tile_pool = []
        for seat_ in range(self.players):
            for s in range(3 * seat_, 3 * seat_ + 3):
                self.general_cell[s] = self.barn_cell[seat_]
        self.first_player = self.dice.below(self.players)
        events.append(Event(EventKind.BOARD, "The board is complete; every General stands on its barn", None,
                            {"terrain": [D.TERRAIN_KEYS[t] for t in self.terrain]}, True))
        events.append(Event(EventKind.FIRST, f"{self._player_text(self.first_player)} is drawn to go first", self.first_player,
                            {"player": self.first_player}, True))
        self._start_turn(self.first_player)
        events.append(self._turn_event())
        return events

    def _turn_event(self) -> Event:
        p = self.turn
        return Event(EventKind.TURN, f"Round {self.round + 1}: {self._player_text(p)} to play", p, {"round": self.round + 1})

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "action"
        for s in range(3 * seat, 3 * seat + 3):
            self.done[s] = 0
            self.harvested[s] = 0
            self.steps[s] = self._base_steps(s) if self.general_status[s] == ACTIVE else 0
        for k in BONUS_KEYS:
            self.bonuses[k] = 0
        self.transfers_left = 1
        self.marshal_locked = 0
        self.has_acted = 0
