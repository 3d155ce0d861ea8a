"""The board of Livestock Uprising: the position and its public reading API.

Internals are lists of ints so random play stays fast:

- cells are ``row * size + col``; ``terrain[cell]`` a code from :mod:`.data`; ``barn_of[cell]``
  the owner of a barn (``-1`` elsewhere); ``occupant[cell]`` the General slot on a non-barn cell;
- General *slots* are ``3 * seat + (stars - 1)``; ``general_cell``, ``general_status``, ``armies``,
  ``steps``, ``done``, ``harvested`` are indexed by slot;
- per seat: ``tokens`` (resource tokens, :data:`~.data.RESOURCES` order), ``hands``, ``super_army``,
  ``alive``; ``special_force_state`` per special force (:data:`AVAILABLE`, :data:`IN_PLAY`, :data:`LOST`).

The save file keeps the short keys of the first version (``res``, ``sf``, ``occ``, ``gstat`` ...):
see ``LivestockState._FIELDS``.

:class:`LivestockBoard` is the base of every rulebook mixin (:mod:`.setup`, :mod:`.actions_phase`,
:mod:`.battle`, :mod:`.harvest`, :mod:`.marshalling`, :mod:`.command_cards`, :mod:`.super_army`)
that :class:`~.state.LivestockState` combines.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import Any, Mapping

from ..core.errors import IllegalAction
from ..core.protocol import Event, GameState
from ..core.rng import Dice
from . import actions as A
from . import data as D
from .views import GeneralView, SquareView

# --------------------------------------------------------------------------- geometry
_GEOM: dict[int, tuple] = {}


def cell_name(n: int, cell: int) -> str:
    return f"{chr(97 + cell % n)}{cell // n + 1}"


def geometry(n: int):
    """(cell names, name->cell, 8-neighbours, orthogonal neighbours) of an n x n board."""
    g = _GEOM.get(n)
    if g is None:
        names = [cell_name(n, c) for c in range(n * n)]
        index = {name: c for c, name in enumerate(names)}
        nb8, nb4 = [], []
        for c in range(n * n):
            r, k = divmod(c, n)
            eight, four = [], []
            for dr in (-1, 0, 1):
                for dk in (-1, 0, 1):
                    if (dr or dk) and 0 <= r + dr < n and 0 <= k + dk < n:
                        eight.append((r + dr) * n + k + dk)
                        if not (dr and dk):
                            four.append((r + dr) * n + k + dk)
            nb8.append(tuple(eight))
            nb4.append(tuple(four))
        g = _GEOM[n] = (tuple(names), index, tuple(nb8), tuple(nb4))
    return g


def known(table: Mapping[str, int], key: str, rule: str, section: str) -> int:
    """``table[key]``, or :class:`IllegalAction` (``rule``, ``section``) when it names nothing."""
    value = table.get(key)
    if value is None:
        raise IllegalAction(rule, section)
    return value


# --------------------------------------------------------------------------- constants
#: A General's status (``general_status``): on the board, merged into a Super Army, destroyed, out with its player.
ACTIVE, MERGED, DESTROYED, OUT = 0, 1, 2, 3
GENERAL_STATUS_NAMES = ("active", "merged", "destroyed", "out")
#: A special force's state (``special_force_state``): in the supply, under a General, lost in battle.
AVAILABLE, IN_PLAY, LOST = 0, 1, 2
SPECIAL_FORCE_STATE_NAMES = ("available", "in play", "lost")
#: How many kinds of resource token there are (terrain codes below it are resource tiles).
N_RESOURCES = len(D.RESOURCES)
GRASS = D.RESOURCE_INDEX["grass"]  #: the one resource any General may harvest
PHASES = ("barn", "action", "harvest", "marshal", "super", "over")
PHASE_SECTION = {
    "barn": "Barn Placement",
    "action": "Action Phase",
    "harvest": "Harvest Phase",
    "marshal": "Marshaling Phase",
    "super": "Super Army",
    "over": "Winning",
}
BONUS_KEYS = ("attack", "overrun", "harvest")

_RESOURCE_NAMES = D.RESOURCES
_UNIT_ATTACK, _UNIT_DEFENSE, _UNIT_HARVEST_ICONS = D.UNIT_ATTACK, D.UNIT_DEFENSE, D.UNIT_HARVEST
_action = A.make
assert D.FOREST == N_RESOURCES

#: Views already built, by everything they show (see :meth:`LivestockBoard.square_views` and
#: :meth:`LivestockBoard.general_views`); emptied when full (:data:`_MEMO_LIMIT` General views, a
#: tenth as many boards), so that a long run stays within a few megabytes.
_SQUARE_VIEWS: dict[tuple, tuple[tuple[SquareView, ...], ...]] = {}
_GENERAL_VIEWS: dict[tuple, Any] = {}  #: by every General's fields (all of them), by one's (one)
_SQUARES: dict[tuple, SquareView] = {}  #: the squares those boards share
_MEMO_LIMIT = 5_000


class LivestockBoard(GameState):
    """The position (fields below) and how to read it; the rules live in the mixins."""

    GAME = "livestock_uprising"
    SAVE_VERSION = 1

    players: int
    factions: list[int]
    size: int  #: the board is size x size squares
    dice: Dice
    terrain: list[int]
    tile_pool: list[int]
    barn_of: list[int]
    occupant: list[int]
    barn_cell: list[int]
    general_cell: list[int]
    general_status: list[int]
    armies: list[list[int]]
    steps: list[int]
    done: list[int]
    harvested: list[int]
    tokens: list[list[int]]
    token_supply: list[int]
    troop_stock: list[int]
    special_force_state: list[int]
    hands: list[list[int]]
    deck: list[int]
    played: list[int]
    super_army: list[int]
    alive: list[int]
    phase: str
    resume_phase: str
    turn: int
    first_player: int
    round: int
    max_rounds: int | None
    transfers_left: int
    marshal_locked: int
    has_acted: int
    bonuses: dict[str, int]
    battle: Any
    _winners: list[int]
    _square_names: tuple[str, ...]
    _cell_by_name: dict[str, int]
    _neighbours: tuple[tuple[int, ...], ...]
    _edge_neighbours: tuple[tuple[int, ...], ...]
    _general_names: list[str]
    _slot_by_name: dict[str, int]
    _legal: list | None

    @property
    def turn_player(self) -> int:
        """Whose turn it is (``current_player`` may be another player answering mid-turn)."""
        return self.turn

    def square_views(self) -> tuple[tuple[SquareView, ...], ...]:
        """Rows of squares, top row first (see :class:`~.views.SquareView`). Views are immutable:
        a position seen before gets the rows built then (:data:`_SQUARE_VIEWS`)."""
        key = (self.size, tuple(self.terrain), tuple(self.barn_of), tuple(self.general_cell), *self._general_names)
        rows = _SQUARE_VIEWS.get(key)
        if rows is None:
            if len(_SQUARE_VIEWS) >= _MEMO_LIMIT // 10 or len(_SQUARES) >= _MEMO_LIMIT:
                _SQUARE_VIEWS.clear()
                _SQUARES.clear()
            rows = _SQUARE_VIEWS[key] = self._build_square_views()
        return rows

    def _build_square_views(self) -> tuple[tuple[SquareView, ...], ...]:
        size = self.size
        at: dict[int, list[str]] = {}
        for slot, pos in enumerate(self.general_cell):
            if pos >= 0:
                at.setdefault(pos, []).append(self._general_names[slot])
        memo = _SQUARES
        rows = []
        for r in range(size):
            row = []
            for c in range(size):
                cell = r * size + c
                t = self.terrain[cell]
                key = (self._square_names[cell], t, self.barn_of[cell] if t == D.BARN else None, *at.get(cell, ()))
                square = memo.get(key)
                if square is None:
                    square = memo[key] = SquareView(
                        name=key[0],
                        terrain=None if t < 0 else D.TERRAIN_KEYS[t],
                        resource=_RESOURCE_NAMES[t] if 0 <= t < N_RESOURCES else None,
                        barn_of=key[2],
                        generals=key[3:],
                    )
                row.append(square)
            rows.append(tuple(row))
        return tuple(rows)

    @property
    def board(self) -> list[list[dict]]:
        """Rows of squares, top row first: ``{"name", "terrain", "resource", "barn_of", "generals"}``."""
        return [[dict(asdict(sq), generals=list(sq.generals)) for sq in row] for row in self.square_views()]

    def terrain_at(self, square: str) -> str | None:
        t = self.terrain[self._cell_by_name[square]]
        return None if t < 0 else D.TERRAIN_KEYS[t]

    def general_views(self) -> tuple[GeneralView, ...]:
        """Every General (see :class:`~.views.GeneralView`), by seat and stars. Views are
        immutable: Generals seen before get the views built then (:data:`_GENERAL_VIEWS`; the
        strong bot's playouts ask for them at every action)."""
        whole = (self.players, self.size, *self.factions, *self.general_cell, *self.general_status, *self.super_army,
                 *self.steps, *self.done, *self.harvested, *map(tuple, self.armies))
        found = _GENERAL_VIEWS.get(whole)
        if found is not None:
            return found
        out = []
        memo = _GENERAL_VIEWS
        cells, status, armies = self.general_cell, self.general_status, self.armies
        steps, done, harvested = self.steps, self.done, self.harvested
        factions, super_army, size = self.factions, self.super_army, self.size
        for slot, name in enumerate(self._general_names):
            seat = slot // 3
            key = (slot, name, factions[seat], size, cells[slot], status[slot], super_army[seat],
                   tuple(armies[slot]), steps[slot], done[slot], harvested[slot])
            view = memo.get(key)
            if view is None:
                view = memo[key] = self._build_general_view(slot)
            out.append(view)
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[whole] = tuple(out)
        return found

    def _build_general_view(self, slot: int) -> GeneralView:
        seat = slot // 3
        army = self.armies[slot]
        pos = self.general_cell[slot]
        return GeneralView(
            name=self._general_names[slot],
            stars=slot % 3 + 1,
            player=seat,
            faction=D.FACTION_KEYS[self.factions[seat]],
            square=self._square_names[pos] if pos >= 0 else None,
            status=GENERAL_STATUS_NAMES[self.general_status[slot]],
            super_army=bool(self.super_army[seat]) and self.general_status[slot] == ACTIVE,
            attack=sum(_UNIT_ATTACK[u] for u in army),
            defense=sum(_UNIT_DEFENSE[u] for u in army),
            units=tuple(D.UNIT_KEYS[u] for u in army),
            steps=self.steps[slot],
            done=bool(self.done[slot]),
            harvested=bool(self.harvested[slot]),
        )

    @property
    def generals(self) -> list[dict]:
        """Every General: name, stars, player, faction, square (None once off the board), status,
        super (a Super Army), attack, defense, units (keys), steps left, done, harvested."""
        out = []
        for g in self.general_views():
            d = asdict(g)
            d["super"] = d.pop("super_army")
            d["units"] = list(g.units)
            out.append(d)
        return out

    def army(self, general: str) -> list[str]:
        """Unit keys under a General (by name), e.g. ``["sheep", "sheep", "donkey"]``."""
        return [D.UNIT_KEYS[u] for u in self.armies[self._slot_of(general)]]

    def general_at(self, square: str) -> list[str]:
        """Names of the Generals on a square (several only in a barn)."""
        cell = self._cell_by_name[square]
        return [self._general_names[s] for s, p in enumerate(self.general_cell) if p == cell]

    @property
    def resources(self) -> list[dict[str, int]]:
        """Each player's resource tokens, e.g. ``state.resources[0]["hay"]``."""
        return [dict(zip(_RESOURCE_NAMES, r)) for r in self.tokens]

    @property
    def resource_supply(self) -> dict[str, int]:
        return dict(zip(_RESOURCE_NAMES, self.token_supply))

    @property
    def troop_supply(self) -> dict[str, int]:
        return {D.UNIT_KEYS[i]: v for i, v in enumerate(self.troop_stock)}

    @property
    def special_forces(self) -> dict[str, str]:
        """Each special force's state: ``available``, ``in play`` or ``lost``."""
        return {D.UNIT_KEYS[D.N_TROOPS + i]: SPECIAL_FORCE_STATE_NAMES[v] for i, v in enumerate(self.special_force_state)}

    def hand(self, player: int) -> list[str]:
        """Command card keys in a player's hand."""
        return [D.CARD_KEYS[c] for c in self.hands[player]]

    @property
    def phase_name(self) -> str:
        """``barn`` (setup), ``action``, ``harvest``, ``marshal``, ``super`` (forming a Super Army),
        ``over``; during a battle decision see :attr:`pending`."""
        return self.phase

    @property
    def rounds_played(self) -> int:
        return self.round

    @property
    def alive_players(self) -> list[int]:
        return [p for p in range(self.players) if self.alive[p]]

    def faction_of(self, player: int) -> str:
        return D.FACTION_KEYS[self.factions[player]]

    def is_super_army(self, player: int) -> bool:
        return bool(self.super_army[player])

    def __repr__(self) -> str:
        return f"<LivestockState {self.players}p round {self.round} {self.phase} player {self.current_player}>"

    def __str__(self) -> str:
        return self.render()

    def actions_for(self, general: str) -> list:
        """The legal actions that name this General (its moves, attack, stay, harvest, marshals...)."""
        out = []
        for a in self.legal_actions():
            if general in (getattr(a, "general", None), getattr(a, "frm", None), getattr(a, "to", None)):
                out.append(a)
        return out

    def render(self) -> str:
        """A plain-text picture of the board (terrain letters, barns as digits, Generals as names; a square
        holding several Generals shows how many after a colon: ``1:3G`` is barn 1 with 3 Generals)."""
        n = self.size
        lines = ["   " + " ".join(f"{chr(97 + c):^5}" for c in range(n))]
        for r in range(n):
            cells = []
            for c in range(n):
                cell = r * n + c
                t = self.terrain[cell]
                mark = "." if t < 0 else (str(self.barn_of[cell]) if t == D.BARN else D.TERRAIN_LETTERS[t])
                gs = [self._general_names[s][:3] for s, p in enumerate(self.general_cell) if p == cell]
                cells.append(f"{mark}{(gs[0] if len(gs) == 1 else f':{len(gs)}G' if gs else ''):<4}")
            lines.append(f"{r + 1:>2} " + " ".join(cells))
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers shared by the rules
    def _slot_of(self, name: str) -> int:
        slot = self._slot_by_name.get(name)
        if slot is None:
            raise IllegalAction(f"there is no General named {name!r} in this game", "Components")
        return slot

    def _attack_total(self, slot: int) -> int:
        return sum(_UNIT_ATTACK[u] for u in self.armies[slot])

    def _defense_total(self, slot: int) -> int:
        return sum(_UNIT_DEFENSE[u] for u in self.armies[slot])

    def _cap(self, slot: int) -> int:
        return D.MAX_UNITS_SUPER if self.super_army[slot // 3] else D.MAX_UNITS_GENERAL

    def _base_steps(self, slot: int) -> int:
        if self.super_army[slot // 3]:
            return D.SUPER_MOVES
        swift = D.UNIT_SWIFT
        return 2 if any(swift[u] for u in self.armies[slot]) else 1

    def _own_slots(self, seat: int) -> list[int]:
        status = self.general_status
        return [s for s in range(3 * seat, 3 * seat + 3) if status[s] == ACTIVE]

    def _barn_group(self, cell: int) -> list[int]:
        return [s for s, p in enumerate(self.general_cell) if p == cell]

    def _general_text(self, slot: int) -> str:
        seat = slot // 3
        if self.super_army[seat] and self.general_status[slot] == ACTIVE:
            return f"the {D.FACTION_NAMES[self.factions[seat]]} Super Army"
        return f"{self._general_names[slot]} ({slot % 3 + 1}*)"

    def _player_text(self, seat: int) -> str:
        return f"P{seat + 1} ({D.FACTION_NAMES[self.factions[seat]]})"

    def _place(self, slot: int, to: int) -> None:
        frm = self.general_cell[slot]
        if frm >= 0 and self.occupant[frm] == slot:
            self.occupant[frm] = -1
        self.general_cell[slot] = to
        if self.terrain[to] != D.BARN:
            self.occupant[to] = slot

    def _lift(self, slot: int) -> None:
        pos = self.general_cell[slot]
        if pos >= 0 and self.occupant[pos] == slot:
            self.occupant[pos] = -1
        self.general_cell[slot] = -1

    # -- rules that other rulebook parts call (defined in their own mixins)
    def _start_turn(self, seat: int) -> None:  # pragma: no cover - see setup.py
        raise NotImplementedError

    def _turn_event(self) -> Event:  # pragma: no cover - see setup.py
        raise NotImplementedError

    def _next_turn(self) -> list[Event]:  # pragma: no cover - see marshalling.py
        raise NotImplementedError

    def _fight(self) -> list[Event]:  # pragma: no cover - see battle.py
        raise NotImplementedError

    def _defending_card_matters(self, b, c: int) -> bool:  # pragma: no cover - see battle.py
        raise NotImplementedError

    def _eliminate(self, seat: int, why: str) -> list[Event]:  # pragma: no cover - see battle.py
        raise NotImplementedError

    def _marshal_options(self, seat: int, slots: list[int]) -> list:  # pragma: no cover - see marshalling.py
        raise NotImplementedError

    def _harvest_options(self, seat: int, slots: list[int], out: list) -> None:  # pragma: no cover - see harvest.py
        raise NotImplementedError
