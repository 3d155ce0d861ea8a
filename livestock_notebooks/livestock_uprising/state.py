"""The Livestock Uprising game state: every rule of the rulebook, pure Python.

See the package docstring (``livestock_notebooks.livestock_uprising``) for the public API.
Internals are lists of ints so random play stays fast:

- cells are ``row * n + col``; ``terrain[cell]`` a code from :mod:`.data`; ``barn_of[cell]``
  the owner of a barn (``-1`` elsewhere); ``occ[cell]`` the General slot on a non-barn cell;
- General *slots* are ``3 * seat + (stars - 1)``; ``gpos``, ``gstat``, ``armies``, ``steps``,
  ``done``, ``harvested`` are indexed by slot;
- a pending battle is a small dict (``self.battle``) saved as it is.
"""
from __future__ import annotations

from bisect import insort
from typing import Any

from ..core.protocol import Event, GameState, check_action_type, load_state, require
from ..core.errors import IllegalAction, MalformedAction, SaveFileError
from ..odds.livestock_uprising import livestock_outcome, natural
from ..core.rng import Dice
from . import actions as A
from . import data as D

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


# --------------------------------------------------------------------------- constants
ACTIVE, MERGED, DESTROYED, OUT = 0, 1, 2, 3
GSTAT_NAMES = ("active", "merged", "destroyed", "out")
PHASES = ("barn", "action", "harvest", "marshal", "super", "over")
PHASE_SECTION = {
    "barn": "Barn Placement",
    "action": "Action Phase",
    "harvest": "Harvest Phase",
    "marshal": "Marshaling Phase",
    "super": "Super Army",
    "over": "Winning",
}
_BUFF_KEYS = ("attack", "overrun", "harvest")
_OPEN = tuple(t < D.FOREST for t in range(8))  # indexable by terrain code 0..7 (barn handled apart)

_RES = D.RESOURCES
_UA, _UD, _UH = D.UNIT_ATTACK, D.UNIT_DEFENSE, D.UNIT_HARVEST
_mk = A.make
_STEPS: dict = {}  # (board size, General, square) -> ((neighbour, Move, Attack), ...), interned
assert D.BARN == 7 and D.FOREST == 5


class LivestockState(GameState):
    """A Livestock Uprising game in progress (see the package docstring)."""

    GAME = "livestock_uprising"
    SAVE_VERSION = 1

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, *, players: int, seed: int = 0, max_rounds: int | None = None, factions=None) -> "LivestockState":
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
        s.n = n
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
        s.occ = [-1] * (n * n)
        s.barns = [-1] * players
        g = 3 * players
        s.gpos = [-1] * g
        s.gstat = [ACTIVE] * g
        s.armies = [[] for _ in range(g)]
        s.steps = [0] * g
        s.done = [0] * g
        s.harvested = [0] * g
        s.res = [[0] * 5 for _ in range(players)]
        s.supply = [D.TOKENS_EACH] * 5
        s.troops = list(D.TROOP_COUNTS)
        s.sf = [0] * len(D.SPECIAL_FORCES)
        deck = list(range(len(D.CARDS)))
        s.dice.shuffle(deck)
        s.hands = [sorted(deck[D.CARDS_DEALT * p: D.CARDS_DEALT * (p + 1)]) for p in range(players)]
        s.deck = deck[D.CARDS_DEALT * players:]
        s.played = []
        s.superarmy = [0] * players
        s.alive = [1] * players
        s.phase = "barn"
        s.resume = ""
        s.turn = 0
        s.first = -1
        s.round = 0
        s.max_rounds = max_rounds
        s.transfers = 0
        s.locked = 0
        s.acted = 0
        s.buffs = {k: 0 for k in _BUFF_KEYS}
        s.battle = None
        s._winners = []
        s._init_caches()
        return s

    def _init_caches(self):
        self._names, self._cell, self._nb8, self._nb4 = geometry(self.n)
        self._gname = [D.GENERAL_NAMES[3 * f + i] for f in self.factions for i in range(3)]
        self._slot = {name: i for i, name in enumerate(self._gname)}
        self._legal = None

    # ------------------------------------------------------------------ public reading API
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        b = self.battle
        if b is not None and b["stage"]:
            return b["decider"]
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def size(self) -> int:
        """The board is ``size`` x ``size`` squares."""
        return self.n

    @property
    def turn_player(self) -> int:
        """Whose turn it is (``current_player`` may be another player answering mid-turn)."""
        return self.turn

    @property
    def board(self) -> list[list[dict]]:
        """Rows of squares, top row first: ``{"name", "terrain", "resource", "barn_of", "generals"}``."""
        n = self.n
        at: dict[int, list[str]] = {}
        for slot, pos in enumerate(self.gpos):
            if pos >= 0:
                at.setdefault(pos, []).append(self._gname[slot])
        rows = []
        for r in range(n):
            row = []
            for c in range(n):
                cell = r * n + c
                t = self.terrain[cell]
                row.append({
                    "name": self._names[cell],
                    "terrain": None if t < 0 else D.TERRAIN_KEYS[t],
                    "resource": _RES[t] if 0 <= t < 5 else None,
                    "barn_of": self.barn_of[cell] if t == D.BARN else None,
                    "generals": at.get(cell, []),
                })
            rows.append(row)
        return rows

    def terrain_at(self, square: str) -> str | None:
        t = self.terrain[self._cell[square]]
        return None if t < 0 else D.TERRAIN_KEYS[t]

    @property
    def generals(self) -> list[dict]:
        """Every General: name, stars, player, faction, square (None once off the board), status,
        super (a Super Army), attack, defense, units (keys), steps left, done, harvested."""
        out = []
        for slot, name in enumerate(self._gname):
            seat = slot // 3
            army = self.armies[slot]
            pos = self.gpos[slot]
            out.append({
                "name": name,
                "stars": slot % 3 + 1,
                "player": seat,
                "faction": D.FACTION_KEYS[self.factions[seat]],
                "square": self._names[pos] if pos >= 0 else None,
                "status": GSTAT_NAMES[self.gstat[slot]],
                "super": bool(self.superarmy[seat]) and self.gstat[slot] == ACTIVE,
                "attack": sum(_UA[u] for u in army),
                "defense": sum(_UD[u] for u in army),
                "units": [D.UNIT_KEYS[u] for u in army],
                "steps": self.steps[slot],
                "done": bool(self.done[slot]),
                "harvested": bool(self.harvested[slot]),
            })
        return out

    def army(self, general: str) -> list[str]:
        """Unit keys under a General (by name), e.g. ``["sheep", "sheep", "donkey"]``."""
        return [D.UNIT_KEYS[u] for u in self.armies[self._slot_of(general)]]

    def general_at(self, square: str) -> list[str]:
        """Names of the Generals on a square (several only in a barn)."""
        cell = self._cell[square]
        return [self._gname[s] for s, p in enumerate(self.gpos) if p == cell]

    @property
    def resources(self) -> list[dict[str, int]]:
        """Each player's resource tokens, e.g. ``state.resources[0]["hay"]``."""
        return [dict(zip(_RES, r)) for r in self.res]

    @property
    def resource_supply(self) -> dict[str, int]:
        return dict(zip(_RES, self.supply))

    @property
    def troop_supply(self) -> dict[str, int]:
        return {D.UNIT_KEYS[i]: v for i, v in enumerate(self.troops)}

    @property
    def special_forces(self) -> dict[str, str]:
        """Each special force's state: ``available``, ``in play`` or ``lost``."""
        return {D.UNIT_KEYS[D.N_TROOPS + i]: ("available", "in play", "lost")[v] for i, v in enumerate(self.sf)}

    def hand(self, player: int) -> list[str]:
        """Command card keys in a player's hand."""
        return [D.CARD_KEYS[c] for c in self.hands[player]]

    @property
    def phase_name(self) -> str:
        """``barn`` (setup), ``action``, ``harvest``, ``marshal``, ``super`` (forming a Super Army),
        ``over``; during a battle decision see :attr:`pending`."""
        return self.phase

    @property
    def pending(self) -> dict | None:
        """A decision asked mid-turn: ``{"kind": "card"|"casualty"|"retreat", "player", ...}``."""
        b = self.battle
        if b is None or not b["stage"]:
            return None
        kinds = {"respond": "card", "casualty": "casualty", "retreat": "retreat"}
        return {
            "kind": kinds[b["stage"]],
            "player": b["decider"],
            "attacker": self._gname[b["att"]],
            "defenders": [self._gname[d] for d in b["defs"]],
            "square": self._names[b["to"]],
            "casualties_left": b.get("cas", 0),
        }

    @property
    def rounds_played(self) -> int:
        return self.round

    @property
    def alive_players(self) -> list[int]:
        return [p for p in range(self.players) if self.alive[p]]

    def faction_of(self, player: int) -> str:
        return D.FACTION_KEYS[self.factions[player]]

    def is_super_army(self, player: int) -> bool:
        return bool(self.superarmy[player])

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

    def preview_attack(self, action) -> dict:
        """What an :class:`Attack` would face, with the exact odds (before any defending card).

        Returns ``{"attack", "defense", "attacker_super", "defender_super", "defenders",
        "destroys", "odds"}``; ``odds`` is a :class:`livestock_notebooks.odds.BattleOdds` (None when
        the Super Army only destroys troopless Generals and nobody fights).
        """
        from ..odds.livestock_uprising import livestock_battle

        if action not in self.legal_actions() or not isinstance(action, A.Attack):
            raise IllegalAction(f"{action} is not a legal attack now", "Attack")
        slot = self._slot[action.general]
        seat = slot // 3
        to = self._cell[action.to]
        defenders = self._barn_group(to) if self.terrain[to] == D.BARN else [self.occ[to]]
        destroys = [d for d in defenders if self.superarmy[seat] and not self.armies[d]]
        fighting = [d for d in defenders if d not in destroys]
        attack = self._attack_total(slot) + self.buffs["attack"]
        defense = sum(self._defense_total(d) for d in fighting)
        a_super, d_super = bool(self.superarmy[seat]), bool(self.superarmy[defenders[0] // 3])
        odds = livestock_battle(attack, defense, attacker_super=a_super, defender_super=d_super) if fighting else None
        return {
            "attack": attack, "defense": defense, "attacker_super": a_super, "defender_super": d_super,
            "defenders": [self._gname[d] for d in fighting], "destroys": [self._gname[d] for d in destroys],
            "odds": odds,
        }

    def notation(self) -> str:
        """This position in the one-line text notation (see :mod:`.notation`)."""
        from .notation import to_notation

        return to_notation(self)

    _COLOURS = {"grass": "#b7e08a", "hay": "#f0dc82", "corn": "#f6c343", "carrot": "#f19a4b", "apple": "#e57373",
                "forest": "#4f7942", "lake": "#7fb3e6", "barn": "#c9a27e", None: "#eeeeee"}

    def _repr_html_(self) -> str:
        """The board as an HTML table (squares coloured by terrain, Generals by name), for notebooks."""
        from html import escape

        cells = []
        for row in self.board:
            tds = []
            for sq in row:
                label = sq["terrain"] or ""
                if sq["terrain"] == "barn":
                    label = f"barn {sq['barn_of']}"
                gens = "<br>".join(escape(g) for g in sq["generals"])
                tds.append(f"<td title='{sq['name']}' style='background:{self._COLOURS[sq['terrain']]};"
                           f"width:4.5em;height:3em;text-align:center;font-size:80%'>"
                           f"<small>{sq['name']} {escape(label)}</small><br><b>{gens}</b></td>")
            cells.append("<tr>" + "".join(tds) + "</tr>")
        who = "game over" if self.is_over else f"player {self.current_player} to decide ({self.phase})"
        return (f"<div class='livestock-board'><table style='border-collapse:collapse'>{''.join(cells)}</table>"
                f"<div>Round {self.round + 1}, {escape(who)}</div></div>")

    def render(self) -> str:
        """A plain-text picture of the board (terrain letters, barns as digits, Generals as names)."""
        n = self.n
        lines = ["   " + " ".join(f"{chr(97 + c):^5}" for c in range(n))]
        for r in range(n):
            cells = []
            for c in range(n):
                cell = r * n + c
                t = self.terrain[cell]
                mark = "." if t < 0 else (str(self.barn_of[cell]) if t == D.BARN else D.TERRAIN_LETTERS[t])
                gs = [self._gname[s][:3] for s, p in enumerate(self.gpos) if p == cell]
                cells.append(f"{mark}{(gs[0] if len(gs) == 1 else (str(len(gs)) + 'G') if gs else ''):<4}")
            lines.append(f"{r + 1:>2} " + " ".join(cells))
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers
    def _slot_of(self, name: str) -> int:
        slot = self._slot.get(name)
        if slot is None:
            raise IllegalAction(f"there is no General named {name!r} in this game", "Components")
        return slot

    def _attack_total(self, slot: int) -> int:
        return sum(_UA[u] for u in self.armies[slot])

    def _defense_total(self, slot: int) -> int:
        return sum(_UD[u] for u in self.armies[slot])

    def _cap(self, slot: int) -> int:
        return D.MAX_UNITS_SUPER if self.superarmy[slot // 3] else D.MAX_UNITS_GENERAL

    def _base_steps(self, slot: int) -> int:
        if self.superarmy[slot // 3]:
            return D.SUPER_MOVES
        swift = D.UNIT_SWIFT
        return 2 if any(swift[u] for u in self.armies[slot]) else 1

    def _own_slots(self, seat: int) -> list[int]:
        gstat = self.gstat
        return [s for s in range(3 * seat, 3 * seat + 3) if gstat[s] == ACTIVE]

    def _barn_group(self, cell: int) -> list[int]:
        return [s for s, p in enumerate(self.gpos) if p == cell]

    def _gtext(self, slot: int) -> str:
        seat = slot // 3
        if self.superarmy[seat] and self.gstat[slot] == ACTIVE:
            return f"the {D.FACTION_NAMES[self.factions[seat]]} Super Army"
        return f"{self._gname[slot]} ({slot % 3 + 1}*)"

    def _ptext(self, seat: int) -> str:
        return f"P{seat + 1} ({D.FACTION_NAMES[self.factions[seat]]})"

    def _can_declare(self, seat: int) -> bool:
        if self.superarmy[seat]:
            return False
        barn = self.barns[seat]
        units = 0
        for s in self._own_slots(seat):
            if self.gpos[s] != barn:
                return False
            units += len(self.armies[s])
        return units > 0

    def _retreat_cells(self, slot: int) -> list[int]:
        seat = slot // 3
        out = []
        terrain, occ, barn_of = self.terrain, self.occ, self.barn_of
        for nb in self._nb8[self.gpos[slot]]:
            t = terrain[nb]
            if t == D.BARN:
                if barn_of[nb] == seat:
                    out.append(nb)
            elif t < D.FOREST and occ[nb] < 0:
                out.append(nb)
        return out

    def _marshal_options(self, seat: int, slots: list[int]) -> list:
        out = []
        have = self.res[seat]
        cost = D.UNIT_COST
        units = [u for u in range(D.N_TROOPS) if self.troops[u] > 0]
        base = D.N_TROOPS + 3 * self.factions[seat]
        units += [u for u in (base, base + 1, base + 2) if self.sf[u - D.N_TROOPS] == 0]
        room = [s for s in slots if len(self.armies[s]) < self._cap(s)]
        if not room:
            return out
        for u in units:
            c = cost[u]
            if all(have[i] >= c[i] for i in range(5)):
                key = D.UNIT_KEYS[u]
                for s in room:
                    out.append(_mk(A.Marshal, key, self._gname[s]))
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == "over":
            return []
        b = self.battle
        if b is not None:
            return self._battle_options(b)
        seat = self.turn
        names = self._names
        if phase == "barn":
            n = self.n
            start = D.GRIDS[self.players][0]
            off = (n - start) // 2
            out = []
            for cell in range(n * n):
                if self.terrain[cell] != D.UNPLACED:
                    continue
                r, c = divmod(cell, n)
                if r < off - 1 or r > off + start or c < off - 1 or c > off + start:
                    continue
                if any(off <= nb // n < off + start and off <= nb % n < off + start for nb in self._nb4[cell]):
                    out.append(_mk(A.PlaceBarn, names[cell]))
            return out
        out = []
        slots = self._own_slots(seat)
        gname = self._gname
        if phase == "action":
            terrain, occ, barn_of, gpos = self.terrain, self.occ, self.barn_of, self.gpos
            sa = self.superarmy[seat]
            n = self.n
            for s in slots:
                if self.done[s] or self.steps[s] <= 0:
                    continue
                name = gname[s]
                here = gpos[s]
                key = (n, name, here)
                steps = _STEPS.get(key)
                if steps is None:
                    steps = _STEPS[key] = tuple(
                        (nb, _mk(A.Move, name, names[here], names[nb]), _mk(A.Attack, name, names[here], names[nb]))
                        for nb in self._nb8[here]
                    )
                can_attack = self._attack_total(s) > 0
                for nb, move, attack in steps:
                    t = terrain[nb]
                    if t == 7:  # barn
                        owner = barn_of[nb]
                        if owner == seat:
                            out.append(move)
                        elif sa and can_attack and nb in gpos:
                            out.append(attack)
                    elif t < 5:  # open terrain
                        o = occ[nb]
                        if o < 0:
                            out.append(move)
                        elif o // 3 != seat and can_attack:
                            out.append(attack)
                out.append(_mk(A.Stay, name))
            self._card_options(seat, slots, out)
            if self._can_declare(seat):
                out.append(_mk(A.DeclareSuperArmy))
            out.append(_mk(A.EndActions))
            return out
        if phase == "harvest":
            if not self.superarmy[seat]:
                terrain, supply = self.terrain, self.supply
                for s in slots:
                    if self.harvested[s]:
                        continue
                    t = terrain[self.gpos[s]]
                    if t >= 5 or supply[t] <= 0:
                        continue
                    if t == 0 or any(_UH[u] >> t & 1 for u in self.armies[s]):
                        out.append(_mk(A.Harvest, gname[s], _RES[t]))
            self._card_options(seat, slots, out)
            if self._can_declare(seat):
                out.append(_mk(A.DeclareSuperArmy))
            out.append(_mk(A.EndHarvest))
            return out
        if phase == "marshal":
            if not self.locked:
                out.extend(self._marshal_options(seat, slots))
            if self.transfers > 0 and len(slots) > 1:
                gpos = self.gpos
                for f in slots:
                    army = self.armies[f]
                    if not army:
                        continue
                    kinds = sorted(set(army))
                    for t in slots:
                        if t == f or len(self.armies[t]) >= self._cap(t):
                            continue
                        if gpos[t] == gpos[f] or gpos[t] in self._nb8[gpos[f]]:
                            for u in kinds:
                                out.append(_mk(A.Transfer, D.UNIT_KEYS[u], gname[f], gname[t]))
            self._card_options(seat, slots, out)
            if self._can_declare(seat):
                out.append(_mk(A.DeclareSuperArmy))
            out.append(_mk(A.EndTurn))
            return out
        if phase == "super":
            out.extend(self._marshal_options(seat, slots))
            out.append(_mk(A.FormSuperArmy))
            return out
        raise AssertionError(phase)  # pragma: no cover

    def _card_options(self, seat: int, slots: list[int], out: list) -> None:
        hand = self.hands[seat]
        if not hand:
            return
        phase = self.phase
        for c in hand:
            if D.CARD_DEFENDING[c] or phase not in D.CARD_PHASES[c]:
                continue
            out.extend(self._card_targets(seat, c, slots))

    def _card_targets(self, seat: int, c: int, slots: list[int]) -> list:
        key = D.CARD_KEYS[c]
        eff = D.CARD_EFFECT[c]
        kind = eff["kind"]
        gname = self._gname
        if kind in ("attack_bonus", "overrun", "harvest_bonus", "extra_transfer"):
            return [_mk(A.PlayCard, key, "", "", -1)]
        if kind == "extra_step":
            return [_mk(A.PlayCard, key, gname[s], "", -1) for s in slots if not self.done[s]]
        if kind == "extra_step_all":
            return [_mk(A.PlayCard, key, "", "", -1)] if any(not self.done[s] for s in slots) else []
        if kind == "second_wind":
            return [_mk(A.PlayCard, key, gname[s], "", -1) for s in slots if self.done[s]]
        if kind == "gain_choice":
            return [_mk(A.PlayCard, key, "", _RES[r], -1) for r in range(5) if self.supply[r] > 0]
        if kind == "gain":
            if any(self.supply[D.RESOURCE_INDEX[r]] > 0 for r in eff["resources"]):
                return [_mk(A.PlayCard, key, "", "", -1)]
            return []
        if kind == "steal":
            return [
                _mk(A.PlayCard, key, "", _RES[r], p)
                for p in range(self.players)
                if p != seat and self.alive[p]
                for r in range(5)
                if self.res[p][r] > 0
            ]
        if kind == "free_unit":
            u = D.UNIT_CODE[eff["unit"]]
            if self.troops[u] <= 0:
                return []
            return [_mk(A.PlayCard, key, gname[s], "", -1) for s in slots if len(self.armies[s]) < self._cap(s)]
        raise AssertionError(kind)  # pragma: no cover

    def _battle_options(self, b: dict) -> list:
        stage = b["stage"]
        if stage == "respond":
            out = [
                _mk(A.PlayCard, D.CARD_KEYS[c], "", "", -1)
                for c in self.hands[b["decider"]]
                if D.CARD_DEFENDING[c]
            ]
            out.append(_mk(A.DeclineCard))
            return out
        if stage == "casualty":
            return [
                _mk(A.Casualty, self._gname[s], D.UNIT_KEYS[u])
                for s, u in self._casualty_choices(b)
            ]
        if stage == "retreat":
            name = self._gname[b["defs"][0]]
            return [_mk(A.Retreat, name, self._names[c]) for c in self._retreat_cells(b["defs"][0])]
        raise AssertionError(stage)  # pragma: no cover

    def _casualty_choices(self, b: dict) -> list[tuple[int, int]]:
        slots = b["defs"] if b["loser"] == "def" else [b["att"]]
        out = []
        for s in slots:
            for u in sorted(set(self.armies[s])):
                out.append((s, u))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> list[Event]:
        check_action_type(action, A.LivestockAction)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                try:
                    self._explain(action)
                except IllegalAction:
                    raise
                except (TypeError, KeyError, ValueError, IndexError, AttributeError):
                    raise MalformedAction(f"{action!r} has fields this game cannot read",
                                          PHASE_SECTION.get(self.phase, "Action Phase")) from None
                raise IllegalAction(
                    f"{action} is not allowed now", PHASE_SECTION.get(self.phase, "Action Phase")
                )
        self._legal = None
        return _HANDLERS[type(action)](self, action)

    # -- barn placement
    def _do_place_barn(self, a) -> list[Event]:
        seat = self.turn
        cell = self._cell[a.cell]
        self.terrain[cell] = D.BARN
        self.barn_of[cell] = seat
        self.barns[seat] = cell
        events = [Event("barn", f"{self._ptext(seat)} places the barn at {a.cell}", seat, {"square": a.cell})]
        if seat + 1 < self.players:
            self.turn = seat + 1
            return events
        # fill the board: first the perimeter of the starting grid, then the outer ring(s)
        pool = list(self.tile_pool)
        self.dice.shuffle(pool)
        n = self.n
        mid = (n - 1) / 2
        empty = [c for c in range(n * n) if self.terrain[c] == D.UNPLACED]
        empty.sort(key=lambda c: (max(abs(c // n - mid), abs(c % n - mid)), c))
        for c, t in zip(empty, pool):
            self.terrain[c] = t
        self.tile_pool = []
        for seat_ in range(self.players):
            for s in range(3 * seat_, 3 * seat_ + 3):
                self.gpos[s] = self.barns[seat_]
        self.first = self.dice.below(self.players)
        events.append(Event("board", "The board is complete; every General stands on its barn", None,
                            {"terrain": [D.TERRAIN_KEYS[t] for t in self.terrain]}, True))
        events.append(Event("first", f"{self._ptext(self.first)} is drawn to go first", self.first,
                            {"player": self.first}, True))
        self._start_turn(self.first)
        events.append(self._turn_event())
        return events

    def _turn_event(self) -> Event:
        p = self.turn
        return Event("turn", f"Round {self.round + 1}: {self._ptext(p)} to play", p, {"round": self.round + 1})

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "action"
        for s in range(3 * seat, 3 * seat + 3):
            self.done[s] = 0
            self.harvested[s] = 0
            self.steps[s] = self._base_steps(s) if self.gstat[s] == ACTIVE else 0
        for k in _BUFF_KEYS:
            self.buffs[k] = 0
        self.transfers = 1
        self.locked = 0
        self.acted = 0

    # -- action phase
    def _do_move(self, a) -> list[Event]:
        slot = self._slot[a.general]
        self._place(slot, self._cell[a.to])
        self.steps[slot] -= 1
        self.acted = 1
        return [Event("move", f"{self._gtext(slot)} moves from {a.frm} to {a.to}", self.turn,
                      {"general": a.general, "from": a.frm, "to": a.to})]

    def _place(self, slot: int, to: int) -> None:
        frm = self.gpos[slot]
        if frm >= 0 and self.occ[frm] == slot:
            self.occ[frm] = -1
        self.gpos[slot] = to
        if self.terrain[to] != D.BARN:
            self.occ[to] = slot

    def _lift(self, slot: int) -> None:
        pos = self.gpos[slot]
        if pos >= 0 and self.occ[pos] == slot:
            self.occ[pos] = -1
        self.gpos[slot] = -1

    def _do_stay(self, a) -> list[Event]:
        slot = self._slot[a.general]
        self.done[slot] = 1
        self.steps[slot] = 0
        self.acted = 1
        return [Event("stay", f"{self._gtext(slot)} stays", self.turn, {"general": a.general})]

    def _do_end_actions(self, a) -> list[Event]:
        self.phase = "harvest"
        return [Event("phase", "Harvest phase", self.turn, {"phase": "harvest"})]

    def _do_attack(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot[a.general]
        frm = self.gpos[slot]
        to = self._cell[a.to]
        self.steps[slot] = 0
        self.done[slot] = 1
        self.acted = 1
        in_barn = self.terrain[to] == D.BARN
        defenders = self._barn_group(to) if in_barn else [self.occ[to]]
        dseat = defenders[0] // 3
        names = ", ".join(self._gtext(d) for d in defenders)
        events = [Event("attack", f"{self._gtext(slot)} attacks {names} at {a.to}", seat,
                        {"attacker": a.general, "from": a.frm, "to": a.to,
                         "defenders": [self._gname[d] for d in defenders]})]
        bonus_attack = self.buffs["attack"]
        overrun = self.buffs["overrun"]
        self.buffs["attack"] = self.buffs["overrun"] = 0
        if self.superarmy[seat]:
            troopless = [d for d in defenders if not self.armies[d]]
            for d in troopless:
                events.extend(self._destroy(d))
            defenders = [d for d in defenders if d not in troopless]
            if not defenders:
                if not in_barn and self.phase != "over":
                    self._place(slot, to)
                    events.append(Event("advance", f"{self._gtext(slot)} moves into {a.to}", seat,
                                        {"general": a.general, "to": a.to}))
                return events
        self.battle = {
            "att": slot, "frm": frm, "to": to, "defs": defenders, "barn": int(in_barn),
            "stage": "", "decider": dseat, "abonus": bonus_attack, "overrun": overrun,
            "card": -1, "loser": "", "cas": 0, "retreat": 0,
        }
        if any(D.CARD_DEFENDING[c] for c in self.hands[dseat]):
            self.battle["stage"] = "respond"
            return events
        events.extend(self._fight())
        return events

    def _do_play_card(self, a) -> list[Event]:
        c = D.CARD_CODE[a.card]
        b = self.battle
        seat = b["decider"] if b is not None else self.turn
        self.hands[seat].remove(c)
        self.played.append(c)
        name = D.CARD_NAMES[c]
        eff = D.CARD_EFFECT[c]
        kind = eff["kind"]
        data = {"card": a.card, "effect": kind}
        text = f"{self._ptext(seat)} plays {name}"
        events = []
        if b is not None:  # a defending card
            b["card"] = c
            events.append(Event("card", f"{text}: {D.CARDS[c]['text']}", seat, data))
            events.extend(self._fight())
            return events
        if kind == "attack_bonus":
            self.buffs["attack"] += eff["value"]
        elif kind == "overrun":
            self.buffs["overrun"] += eff["value"]
        elif kind == "harvest_bonus":
            self.buffs["harvest"] += eff["value"]
        elif kind == "extra_transfer":
            self.transfers += eff["value"]
        elif kind == "extra_step":
            s = self._slot[a.general]
            self.steps[s] += eff["value"]
            text += f" on {self._gtext(s)}"
        elif kind == "extra_step_all":
            for s in self._own_slots(seat):
                if not self.done[s]:
                    self.steps[s] += eff["value"]
        elif kind == "second_wind":
            s = self._slot[a.general]
            self.done[s] = 0
            self.steps[s] = self._base_steps(s)
            text += f" on {self._gtext(s)}"
        elif kind == "gain_choice":
            r = D.RESOURCE_INDEX[a.resource]
            got = min(eff["value"], self.supply[r])
            self.supply[r] -= got
            self.res[seat][r] += got
            text += f" and takes {got} {a.resource}"
            data["gained"] = {a.resource: got}
        elif kind == "gain":
            got = {}
            for rname, v in eff["resources"].items():
                r = D.RESOURCE_INDEX[rname]
                g = min(v, self.supply[r])
                self.supply[r] -= g
                self.res[seat][r] += g
                got[rname] = g
            text += " and takes " + ", ".join(f"{v} {k}" for k, v in got.items())
            data["gained"] = got
        elif kind == "steal":
            r = D.RESOURCE_INDEX[a.resource]
            got = min(eff["value"], self.res[a.opponent][r])
            self.res[a.opponent][r] -= got
            self.res[seat][r] += got
            text += f" and takes {got} {a.resource} from {self._ptext(a.opponent)}"
            data.update(opponent=a.opponent, gained={a.resource: got})
        elif kind == "free_unit":
            s = self._slot[a.general]
            u = D.UNIT_CODE[eff["unit"]]
            self.troops[u] -= 1
            insort(self.armies[s], u)
            text += f": a {D.UNIT_NAMES[u]} joins {self._gtext(s)}"
        else:  # pragma: no cover
            raise AssertionError(kind)
        events.append(Event("card", text, seat, data))
        return events

    def _do_decline(self, a) -> list[Event]:
        seat = self.battle["decider"]
        events = [Event("card", f"{self._ptext(seat)} plays no command card", seat, {"card": None})]
        events.extend(self._fight())
        return events

    # -- battle
    def _fight(self) -> list[Event]:
        """Roll the battle in self.battle and carry out what follows until a decision is needed."""
        b = self.battle
        b["stage"] = ""
        att, defs = b["att"], b["defs"]
        card = b["card"]
        ckind = D.CARD_EFFECT[card]["kind"] if card >= 0 else ""
        seat, dseat = att // 3, defs[0] // 3
        events = []
        if ckind == "cancel_attack":
            self.battle = None
            events.append(Event("battle", "The attack is called off", dseat, {"outcome": "cancelled"}))
            return events
        attack = self._attack_total(att) + b["abonus"]
        defense = sum(self._defense_total(d) for d in defs)
        if ckind == "defense_bonus":
            defense += D.CARD_EFFECT[card]["value"]
        a_super = bool(self.superarmy[seat])
        d_super = bool(self.superarmy[dseat])
        adice: tuple = ()
        ddice: tuple = ()
        if defense > 0:
            adice = self.dice.rolls(D.SUPER_DICE if a_super else 1)
            nd = D.SUPER_DICE if d_super else 1
            ddice = self.dice.rolls(nd)
            if ckind == "best_of_two":
                other = self.dice.rolls(nd)
                if (natural(other, d_super), sum(other)) > (natural(ddice, d_super), sum(ddice)):
                    ddice = other
        outcome = livestock_outcome(attack, defense, adice, ddice, a_super, d_super)
        data = {"attack": attack, "defense": defense, "attacker_dice": list(adice),
                "defender_dice": list(ddice), "outcome": outcome}
        if defense == 0:
            text = f"Defense 0: {self._gtext(defs[0])} loses without a roll"
        else:
            text = (f"Battle: attack {attack} + {'+'.join(map(str, adice))} = {attack + sum(adice)} against "
                    f"defense {defense} + {'+'.join(map(str, ddice))} = {defense + sum(ddice)}: "
                    + {"attacker": "the attacker wins", "defender": "the defender wins", "tie": "a tie"}[outcome])
            notes = [f"{who} rolled a natural {'12' if nat > 0 else '2'}"
                     for who, nat in (("the attacker", natural(adice, a_super)), ("the defender", natural(ddice, d_super)))
                     if nat]
            if notes:
                text += " (" + " and ".join(notes) + ")"
        events.append(Event("battle", text, seat, data, irreversible=True))
        if outcome == "tie":
            self.battle = None
            return events
        if outcome == "attacker":
            cas = (D.SUPER_CASUALTIES if a_super else 1) + b["overrun"]
            if ckind == "no_casualty":
                cas = 0
            b["loser"] = "def"
            b["retreat"] = 0 if (b["barn"] or ckind == "no_retreat") else 1
        else:
            cas = (D.SUPER_CASUALTIES if d_super else 1)
            if ckind == "counter":
                cas += D.CARD_EFFECT[card]["value"]
            b["loser"] = "att"
            b["retreat"] = 0
        b["cas"] = cas
        events.extend(self._continue_battle())
        return events

    def _continue_battle(self) -> list[Event]:
        b = self.battle
        events = []
        while b["cas"] > 0:
            choices = self._casualty_choices(b)
            if not choices:
                b["cas"] = 0
                break
            if len(choices) > 1:
                b["stage"] = "casualty"
                b["decider"] = choices[0][0] // 3
                return events
            events.extend(self._take_casualty(*choices[0], auto=True))
        # casualties done: a Super Army left without units takes its owner out
        losers = b["defs"] if b["loser"] == "def" else [b["att"]]
        lseat = losers[0] // 3
        if self.superarmy[lseat] and not any(self.armies[s] for s in self._own_slots(lseat)):
            events.extend(self._eliminate(lseat, "its Super Army has no units left"))
        if self.phase == "over":
            self.battle = None
            return events
        if b["loser"] == "def" and b["retreat"]:
            d = b["defs"][0]
            if self.gstat[d] == ACTIVE:
                cells = self._retreat_cells(d)
                if len(cells) > 1:
                    b["stage"] = "retreat"
                    b["decider"] = d // 3
                    return events
                if cells:
                    events.extend(self._retreat(d, cells[0], auto=True))
                else:
                    frm = b["frm"]
                    if self.terrain[frm] == D.BARN:
                        events.append(Event("retreat", f"{self._gtext(d)} has nowhere to retreat and the attacker came "
                                            "from its barn: both stay where they are", d // 3,
                                            {"general": self._gname[d], "to": None}))
                        self.battle = None
                        return events + self._after_battle()
                    # swap places
                    att = b["att"]
                    self._lift(att)
                    self._place(d, frm)
                    events.append(Event("retreat", f"{self._gtext(d)} has no free square and takes "
                                        f"the attacker's square {self._names[frm]}", d // 3,
                                        {"general": self._gname[d], "to": self._names[frm]}))
            events.extend(self._advance())
        self.battle = None
        return events + self._after_battle()

    def _advance(self) -> list[Event]:
        b = self.battle
        att, to = b["att"], b["to"]
        if self.gstat[att] != ACTIVE or (self.terrain[to] != D.BARN and self.occ[to] >= 0):
            return []
        self._place(att, to)
        return [Event("advance", f"{self._gtext(att)} moves into {self._names[to]}", att // 3,
                      {"general": self._gname[att], "to": self._names[to]})]

    def _after_battle(self) -> list[Event]:
        """If the player whose turn it is left the game in the battle, the turn passes on."""
        if self.phase != "over" and not self.alive[self.turn]:
            return self._next_turn()
        return []

    def _take_casualty(self, slot: int, unit: int, auto: bool = False) -> list[Event]:
        b = self.battle
        self.armies[slot].remove(unit)
        b["cas"] -= 1
        if unit < D.N_TROOPS:
            self.troops[unit] += 1
            fate = "goes back to the supply"
        else:
            self.sf[unit - D.N_TROOPS] = 2
            fate = "leaves the game"
        return [Event("casualty", f"{self._gtext(slot)} loses a {D.UNIT_NAMES[unit]}, which {fate}", slot // 3,
                      {"general": self._gname[slot], "unit": D.UNIT_KEYS[unit], "auto": auto})]

    def _retreat(self, slot: int, cell: int, auto: bool = False) -> list[Event]:
        self._place(slot, cell)
        return [Event("retreat", f"{self._gtext(slot)} retreats to {self._names[cell]}", slot // 3,
                      {"general": self._gname[slot], "to": self._names[cell], "auto": auto})]

    def _do_casualty(self, a) -> list[Event]:
        slot = self._slot[a.general]
        events = self._take_casualty(slot, D.UNIT_CODE[a.unit])
        self.battle["stage"] = ""
        events.extend(self._continue_battle())
        return events

    def _do_retreat(self, a) -> list[Event]:
        b = self.battle
        slot = self._slot[a.general]
        events = self._retreat(slot, self._cell[a.to])
        b["retreat"] = 0
        b["stage"] = ""
        events.extend(self._advance())
        self.battle = None
        return events + self._after_battle()

    def _destroy(self, slot: int) -> list[Event]:
        seat = slot // 3
        where = self._names[self.gpos[slot]]
        self._lift(slot)
        self.gstat[slot] = DESTROYED
        self.steps[slot] = 0
        events = [Event("destroyed", f"{self._gtext(slot)} has no units and is destroyed at {where}", seat,
                        {"general": self._gname[slot]})]
        if not self._own_slots(seat):
            events.extend(self._eliminate(seat, "all its Generals are destroyed"))
        return events

    def _eliminate(self, seat: int, why: str) -> list[Event]:
        for s in range(3 * seat, 3 * seat + 3):
            for u in self.armies[s]:
                if u < D.N_TROOPS:
                    self.troops[u] += 1
                else:
                    self.sf[u - D.N_TROOPS] = 2
            self.armies[s] = []
            if self.gpos[s] >= 0:
                self._lift(s)
            if self.gstat[s] == ACTIVE:
                self.gstat[s] = OUT
            self.steps[s] = 0
        for r in range(5):
            self.supply[r] += self.res[seat][r]
            self.res[seat][r] = 0
        self.played.extend(self.hands[seat])
        self.hands[seat] = []
        self.alive[seat] = 0
        events = [Event("out", f"{self._ptext(seat)} is out of the game: {why}", seat, {"player": seat})]
        left = [p for p in range(self.players) if self.alive[p]]
        if len(left) == 1:
            self.phase = "over"
            self._winners = left
            self.battle = None
            events.append(Event("win", f"{self._ptext(left[0])} is the last player standing and wins", left[0],
                                {"winners": left}))
        return events

    # -- harvest phase
    def _do_harvest(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot[a.general]
        t = self.terrain[self.gpos[slot]]
        amount = 1 + self.buffs["harvest"]
        if any(D.UNIT_GLUTTON[u] for u in self.armies[slot]):
            amount += 1
        amount = min(amount, self.supply[t])
        self.supply[t] -= amount
        self.res[seat][t] += amount
        self.harvested[slot] = 1
        return [Event("harvest", f"{self._gtext(slot)} harvests {amount} {_RES[t]}", seat,
                      {"general": a.general, "resource": _RES[t], "amount": amount})]

    def _do_end_harvest(self, a) -> list[Event]:
        self.phase = "marshal"
        return [Event("phase", "Marshalling phase", self.turn, {"phase": "marshal"})]

    # -- marshalling phase
    def _do_marshal(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot[a.general]
        u = D.UNIT_CODE[a.unit]
        cost = D.UNIT_COST[u]
        have = self.res[seat]
        for r in range(5):
            if cost[r]:
                have[r] -= cost[r]
                self.supply[r] += cost[r]
        if u < D.N_TROOPS:
            self.troops[u] -= 1
        else:
            self.sf[u - D.N_TROOPS] = 1
        insort(self.armies[slot], u)
        return [Event("marshal", f"{self._ptext(seat)} marshals a {D.UNIT_NAMES[u]} under {self._gtext(slot)}", seat,
                      {"unit": a.unit, "general": a.general,
                       "cost": {_RES[r]: cost[r] for r in range(5) if cost[r]}})]

    def _do_transfer(self, a) -> list[Event]:
        f, t = self._slot[a.frm], self._slot[a.to]
        u = D.UNIT_CODE[a.unit]
        self.armies[f].remove(u)
        insort(self.armies[t], u)
        self.transfers -= 1
        self.locked = 1
        return [Event("transfer", f"A {D.UNIT_NAMES[u]} moves from {self._gtext(f)} to {self._gtext(t)}", self.turn,
                      {"unit": a.unit, "from": a.frm, "to": a.to})]

    def _do_end_turn(self, a) -> list[Event]:
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        p = self.turn
        for k in range(1, self.players + 1):
            s = (p + k) % self.players
            if s == self.first:
                self.round += 1
            if self.alive[s]:
                break
        if self.max_rounds is not None and self.round >= self.max_rounds:
            self.phase = "over"
            self._winners = []
            self.battle = None
            return [Event("end", f"{self.max_rounds} rounds played: the game ends with no winner", None,
                          {"rounds": self.round})]
        self._start_turn(s)
        return [self._turn_event()]

    # -- Super Army
    def _do_declare(self, a) -> list[Event]:
        seat = self.turn
        self.resume = self.phase
        self.phase = "super"
        return [Event("super", f"{self._ptext(seat)} declares a Super Army: it may marshal with what it holds, "
                      "then the army forms", seat, {})]

    def _do_form(self, a) -> list[Event]:
        seat = self.turn
        slots = self._own_slots(seat)
        head = slots[0]
        for r in range(5):
            self.supply[r] += self.res[seat][r]
        discarded = {(_RES[r]): self.res[seat][r] for r in range(5) if self.res[seat][r]}
        self.res[seat] = [0] * 5
        for s in slots[1:]:
            for u in self.armies[s]:
                insort(self.armies[head], u)
            self.armies[s] = []
            self._lift(s)
            self.gstat[s] = MERGED
            self.steps[s] = 0
            self.done[s] = 1
        self.superarmy[seat] = 1
        self._place(head, self.barns[seat])
        self.phase = self.resume
        self.resume = ""
        if self.phase == "action" and not self.acted:
            self.steps[head] = D.SUPER_MOVES
            self.done[head] = 0
        else:
            self.steps[head] = 0
            self.done[head] = 1
        events = [Event("super", f"The {D.FACTION_NAMES[self.factions[seat]]} Super Army forms with "
                        f"{len(self.armies[head])} units (attack {self._attack_total(head)}, "
                        f"defense {self._defense_total(head)})", seat,
                        {"units": [D.UNIT_KEYS[u] for u in self.armies[head]], "discarded": discarded})]
        if self.deck:
            c = self.deck.pop(0)
            self.hands[seat].append(c)
            self.hands[seat].sort()
            events.append(Event("draw", f"{self._ptext(seat)} draws a command card", seat,
                                {"player": seat}, irreversible=True))  # the card itself stays hidden
        return events

    # ------------------------------------------------------------------ explaining illegal actions
    def _explain(self, action) -> None:
        """Raise IllegalAction naming the specific rule that forbids ``action`` (if one is found)."""
        if self.phase == "over":
            raise IllegalAction("the game is over", "Winning")
        b = self.battle
        t = type(action)
        if b is not None and b["stage"]:
            want = {"respond": "play a defending command card or none", "casualty": "choose a casualty",
                    "retreat": "choose a retreat square"}[b["stage"]]
            ok = {"respond": (A.PlayCard, A.DeclineCard), "casualty": (A.Casualty,), "retreat": (A.Retreat,)}[b["stage"]]
            if t not in ok:
                raise IllegalAction(f"a battle is waiting for {self._ptext(b['decider'])} to {want}",
                                    "Battle Resolution")
        elif t in (A.Casualty, A.Retreat, A.DeclineCard):
            raise IllegalAction("there is no battle decision to make now", "Battle Resolution")
        phase = self.phase
        seat = self.current_player
        need = {
            A.PlaceBarn: ("barn",), A.Move: ("action",), A.Attack: ("action",), A.Stay: ("action",),
            A.EndActions: ("action",), A.Harvest: ("harvest",), A.EndHarvest: ("harvest",),
            A.Marshal: ("marshal", "super"), A.Transfer: ("marshal",), A.EndTurn: ("marshal",),
            A.DeclareSuperArmy: ("action", "harvest", "marshal"), A.FormSuperArmy: ("super",),
        }.get(t)
        if need is not None and phase not in need:
            what = {A.PlaceBarn: ("Barns are placed during setup", "Barn Placement"),
                    A.Move: ("Generals move only in the action phase", "Action Phase"),
                    A.Attack: ("Generals attack only in the action phase", "Action Phase"),
                    A.Stay: ("Generals act only in the action phase", "Action Phase"),
                    A.EndActions: ("it is not the action phase", "Action Phase"),
                    A.Harvest: ("resources are harvested only in the harvest phase", "Harvest Phase"),
                    A.EndHarvest: ("it is not the harvest phase", "Harvest Phase"),
                    A.Marshal: ("units are marshalled only in the marshalling phase", "Marshaling Phase"),
                    A.Transfer: ("units are transferred only at the end of the marshalling phase", "Transfering Units"),
                    A.EndTurn: ("the turn ends after the marshalling phase", "Turn Order"),
                    A.DeclareSuperArmy: ("a Super Army is declared during one's own turn", "Super Army"),
                    A.FormSuperArmy: ("no Super Army has been declared", "Super Army")}[t]
            raise IllegalAction(*what)
        gen = getattr(action, "general", None) or (getattr(action, "frm", None) if t is A.Transfer else None)
        if gen is not None and gen != "" and t is not A.PlayCard:
            slot = self._slot_of(gen)
            if self.gstat[slot] != ACTIVE:
                raise IllegalAction(f"{gen} is no longer on the board ({GSTAT_NAMES[self.gstat[slot]]})", "Components")
            if t is not A.Casualty and t is not A.Retreat and slot // 3 != seat:
                raise IllegalAction(f"{gen} belongs to {self._ptext(slot // 3)}, not to the player deciding",
                                    PHASE_SECTION.get(phase, "Action Phase"))
        if t is A.PlaceBarn:
            cell = self._cell.get(action.cell)
            require(cell is not None, f"there is no square {action.cell!r} on this board", "Barn Placement")
            require(self.terrain[cell] == D.UNPLACED, "that square is already taken", "Barn Placement")
            raise IllegalAction("a barn goes next to the starting board, touching it along an edge "
                                "(not diagonally)", "Barn Placement")
        if t in (A.Move, A.Attack):
            self._explain_step(action, t is A.Attack)
        if t is A.Stay:
            raise IllegalAction(f"{action.general} has already acted this turn", "Action Phase")
        if t is A.Harvest:
            slot = self._slot[action.general]
            require(not self.superarmy[seat], "a Super Army cannot harvest", "Super Army Rules")
            require(not self.harvested[slot], "a General harvests at most one resource per turn", "Ability to Harvest")
            tt = self.terrain[self.gpos[slot]]
            require(tt < 5, f"{action.general} stands on a square with no resource", "Harvest Phase")
            require(action.resource == _RES[tt],
                    f"{action.general}'s square gives {_RES[tt]}, not {action.resource}", "Harvest Phase")
            require(self.supply[tt] > 0, f"the supply has no {_RES[tt]} token left", "Resources")
            raise IllegalAction(f"{action.general} needs a unit with the {_RES[tt]} icon to harvest it "
                                "(only grass needs none)", "Ability to Harvest")
        if t is A.Marshal:
            self._explain_marshal(action, seat)
        if t is A.Transfer:
            f, to = self._slot[action.frm], self._slot_of(action.to)
            require(to // 3 == seat and self.gstat[to] == ACTIVE, f"{action.to} is not one of your Generals",
                    "Transfering Units")
            require(f != to, "a transfer goes between two different Generals", "Transfering Units")
            require(self.transfers > 0, "only one unit may be transferred per turn", "Transfering Units")
            require(D.UNIT_CODE.get(action.unit, -1) in self.armies[f],
                    f"{action.frm} has no {action.unit}", "Transfering Units")
            require(len(self.armies[to]) < self._cap(to),
                    f"{action.to} already has {D.MAX_UNITS_GENERAL} units", "Maximum Units")
            raise IllegalAction("a transfer goes between Generals on neighbouring squares", "Transfering Units")
        if t is A.PlayCard:
            self._explain_card(action, seat)
        if t is A.Casualty:
            slot = self._slot[action.general]
            losers = b["defs"] if b["loser"] == "def" else [b["att"]]
            require(slot in losers, f"{action.general} is not on the losing side", "Casualties")
            raise IllegalAction(f"{action.general} has no {action.unit} to lose", "Casualties")
        if t is A.Retreat:
            require(self._slot[action.general] == b["defs"][0], f"{action.general} is not the General retreating",
                    "Battle Resolution")
            raise IllegalAction("a retreat goes to an empty open square next to the defender", "Battle Resolution")
        if t is A.DeclareSuperArmy:
            require(not self.superarmy[seat], "you already have a Super Army", "Super Army")
            barn = self.barns[seat]
            require(all(self.gpos[s] == barn for s in self._own_slots(seat)),
                    "all your Generals must be in your barn to form a Super Army", "Super Army")
            raise IllegalAction("a Super Army needs at least one unit among your Generals", "Super Army")

    def _explain_step(self, action, attacking: bool) -> None:
        seat = self.turn
        slot = self._slot[action.general]
        here = self.gpos[slot]
        require(self._names[here] == action.frm, f"{action.general} is at {self._names[here]}, not {action.frm}",
                "Move")
        to = self._cell.get(action.to)
        require(to is not None, f"there is no square {action.to!r} on this board", "Move")
        require(not self.done[slot], f"{action.general} has already attacked or stayed this turn", "Attack" if attacking else "Move")
        require(self.steps[slot] > 0, f"{action.general} has no move left this turn", "Move")
        require(to in self._nb8[here], "a General moves one square at a time (in any of the 8 directions)", "Move")
        t = self.terrain[to]
        require(t != D.FOREST, "Generals cannot enter a forest", "Move")
        require(t != D.LAKE, "Generals cannot enter a lake", "Move")
        sa = self.superarmy[seat]
        if t == D.BARN:
            owner = self.barn_of[to]
            if owner == seat:
                require(not attacking, "nobody can be attacked in your own barn", "Barns")
                return
            if not sa:
                raise IllegalAction("Generals cannot enter another player's barn, and barns cannot be attacked",
                                    "Barns")
            require(attacking, "a Super Army enters another player's barn only by attacking the Generals in it",
                    "Super Army Rules")
            require(any(p == to for p in self.gpos), "that barn is empty: there is nobody to attack", "Super Army Rules")
        else:
            o = self.occ[to]
            if attacking:
                require(o >= 0, f"there is no General at {action.to} to attack", "Attack")
                require(o // 3 != seat, "you cannot attack your own General", "Attack")
            else:
                require(o < 0, "a square holds only one General at a time"
                        + ("; moving onto an opponent is an attack" if o >= 0 and o // 3 != seat else ""), "Move")
        require(self._attack_total(slot) > 0,
                f"{action.general} needs units with at least 1 attack point to attack", "Attacking")

    def _explain_marshal(self, action, seat: int) -> None:
        u = D.UNIT_CODE.get(action.unit)
        require(u is not None, f"there is no unit {action.unit!r}", "Troops")
        slot = self._slot[action.general]
        require(not (self.locked and self.phase == "marshal"),
                "after a transfer no more units can be marshalled this turn", "Transfering Units")
        if u >= D.N_TROOPS:
            require(D.UNIT_FACTION[u] == self.factions[seat],
                    f"{D.UNIT_NAMES[u]} serves another faction", "Special Forces")
            st = self.sf[u - D.N_TROOPS]
            require(st != 2, f"{D.UNIT_NAMES[u]} was lost in battle and cannot be marshalled again", "Special Forces")
            require(st != 1, f"{D.UNIT_NAMES[u]} is already in play", "Special Forces")
        else:
            require(self.troops[u] > 0, f"no {D.UNIT_NAMES[u]} card is left in the supply", "Troops")
        require(len(self.armies[slot]) < self._cap(slot),
                f"{action.general} already has {self._cap(slot)} units", "Maximum Units")
        cost = D.UNIT_COST[u]
        short = [f"{cost[r] - self.res[seat][r]} {_RES[r]}" for r in range(5) if self.res[seat][r] < cost[r]]
        raise IllegalAction(f"a {D.UNIT_NAMES[u]} costs more than you have (short of {', '.join(short)})",
                            "Special Forces" if u >= D.N_TROOPS else "Troops")

    def _explain_card(self, action, seat: int) -> None:
        c = D.CARD_CODE.get(action.card)
        require(c is not None, f"there is no command card {action.card!r}", "Command Cards")
        require(c in self.hands[seat], f"{D.CARD_NAMES[c]} is not in your hand", "Command Cards")
        b = self.battle
        if b is not None and b["stage"] == "respond":
            require(D.CARD_DEFENDING[c], f"{D.CARD_NAMES[c]} cannot be played while defending", "Command Cards")
        else:
            require(not D.CARD_DEFENDING[c],
                    f"{D.CARD_NAMES[c]} is played only when one of your Generals is attacked", "Command Cards")
            require(self.phase in D.CARD_PHASES[c],
                    f"{D.CARD_NAMES[c]} is played in the {' or '.join(sorted(D.CARD_PHASES[c]))} phase",
                    "Command Cards")
        raise IllegalAction(f"{D.CARD_NAMES[c]} has no such target now", "Command Cards")

    # ------------------------------------------------------------------ saving and copying
    _FIELDS = ("players", "factions", "n", "terrain", "tile_pool", "barn_of", "occ", "barns", "gpos", "gstat",
               "armies", "steps", "done", "harvested", "res", "supply", "troops", "sf", "hands", "deck",
               "played", "superarmy", "alive", "phase", "resume", "turn", "first", "round", "max_rounds",
               "transfers", "locked", "acted", "buffs", "battle")

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._FIELDS}
        out = _plain(out)
        out["winners"] = list(self._winners)
        out["dice"] = self.dice.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "LivestockState":
        s = cls.__new__(cls)
        for k in cls._FIELDS:
            setattr(s, k, _plain(data[k]))
        s._winners = list(data["winners"])
        s.dice = Dice.from_dict(data["dice"])
        _check_shapes(s)
        s._init_caches()
        return s

    def copy(self) -> "LivestockState":
        s = LivestockState.__new__(LivestockState)
        d = self.__dict__
        sd = s.__dict__
        for k in ("players", "n", "phase", "resume", "turn", "first", "round", "max_rounds", "transfers",
                  "locked", "acted", "_names", "_cell", "_nb8", "_nb4", "_gname", "_slot"):
            sd[k] = d[k]
        for k in ("factions", "terrain", "tile_pool", "barn_of", "occ", "barns", "gpos", "gstat", "steps", "done",
                  "harvested", "supply", "troops", "sf", "deck", "played", "superarmy", "alive", "_winners"):
            sd[k] = list(d[k])
        s.armies = [list(a) for a in self.armies]
        s.res = [list(r) for r in self.res]
        s.hands = [list(h) for h in self.hands]
        s.buffs = dict(self.buffs)
        b = self.battle
        s.battle = None if b is None else {k: (list(v) if isinstance(v, list) else v) for k, v in b.items()}
        s.dice = self.dice.copy()
        s._legal = self._legal
        return s

    def player_view(self, player: int) -> dict:
        """What ``player`` may know: other hands only as counts, no deck order, no dice state."""
        out = self.to_dict()
        out["hands"] = [h if p == player else len(h) for p, h in enumerate(out["hands"])]
        out["deck"] = len(out["deck"])
        out["dice"] = None
        out["viewer"] = player
        return out

    # ------------------------------------------------------------------ invariants
    def invariant_violations(self) -> list[str]:
        problems = []
        P = self.players
        n = self.n
        # troop cards
        counted = [0] * len(D.UNITS)
        for s, army in enumerate(self.armies):
            if army != sorted(army):
                problems.append(f"army of {self._gname[s]} is not sorted")
            for u in army:
                if not 0 <= u < len(D.UNITS):
                    problems.append(f"unknown unit code {u}")
                    return problems
                counted[u] += 1
            if self.gstat[s] != ACTIVE and army:
                problems.append(f"{self._gname[s]} is off the board but has units")
            if len(army) > self._cap(s):
                problems.append(f"{self._gname[s]} has {len(army)} units, more than {self._cap(s)}")
        for u in range(D.N_TROOPS):
            if self.troops[u] < 0:
                problems.append(f"negative supply of {D.UNIT_KEYS[u]}")
            if self.troops[u] + counted[u] != D.TROOP_COUNTS[u]:
                problems.append(f"{D.UNIT_KEYS[u]} cards not conserved: {self.troops[u]} in supply + "
                                f"{counted[u]} in armies != {D.TROOP_COUNTS[u]}")
        for i, st in enumerate(self.sf):
            c = counted[D.N_TROOPS + i]
            if st not in (0, 1, 2) or c > 1 or (c == 1) != (st == 1):
                problems.append(f"special force {D.UNIT_KEYS[D.N_TROOPS + i]} state {st} but {c} in armies")
            if c and D.UNIT_FACTION[D.N_TROOPS + i] != self.factions[[s for s, a in enumerate(self.armies)
                                                                      if D.N_TROOPS + i in a][0] // 3]:
                problems.append(f"special force {D.UNIT_KEYS[D.N_TROOPS + i]} serves the wrong faction")
        # resources
        for r in range(5):
            total = self.supply[r] + sum(self.res[p][r] for p in range(P))
            if total != D.TOKENS_EACH:
                problems.append(f"{_RES[r]} tokens not conserved ({total})")
            if self.supply[r] < 0 or any(self.res[p][r] < 0 for p in range(P)):
                problems.append(f"negative {_RES[r]}")
        # cards
        cards = sorted([c for h in self.hands for c in h] + self.deck + self.played)
        if cards != list(range(len(D.CARDS))):
            problems.append("command cards not conserved")
        # board
        seen = {}
        for s, pos in enumerate(self.gpos):
            if pos < 0:
                if self.gstat[s] == ACTIVE and self.phase != "barn":
                    problems.append(f"{self._gname[s]} is active but off the board")
                continue
            if self.gstat[s] != ACTIVE:
                problems.append(f"{self._gname[s]} is {GSTAT_NAMES[self.gstat[s]]} but on the board")
            t = self.terrain[pos]
            if t == D.BARN:
                if self.barn_of[pos] != s // 3:
                    problems.append(f"{self._gname[s]} stands in another player's barn")
                continue
            if t in (D.FOREST, D.LAKE, D.UNPLACED):
                problems.append(f"{self._gname[s]} stands on a closed square")
            if pos in seen:
                problems.append(f"two Generals on {self._names[pos]}")
            seen[pos] = s
            if self.occ[pos] != s:
                problems.append(f"occupancy of {self._names[pos]} out of date")
        for c in range(n * n):
            if self.occ[c] >= 0 and seen.get(c) != self.occ[c]:
                problems.append(f"occupancy of {self._names[c]} out of date")
        for c in range(n * n):
            if (self.terrain[c] == D.BARN) != (self.barn_of[c] >= 0) or (
                    self.barn_of[c] >= 0 and self.barns[self.barn_of[c]] != c):
                problems.append(f"barn at {self._names[c]} out of date")
        if self.phase != "barn" and any(t == D.UNPLACED for t in self.terrain):
            problems.append("board not complete")
        if self.phase == "over" and self.battle is not None:
            problems.append("a finished game has a battle pending")
        for p in range(P):
            if self.superarmy[p] and self.alive[p] and len(self._own_slots(p)) != 1:
                problems.append(f"player {p} has a Super Army and other Generals")
            if not self.alive[p] and (self.hands[p] or any(self.res[p])):
                problems.append(f"player {p} is out but holds cards or resources")
        return problems


# --------------------------------------------------------------------------- helpers
def _ints(name: str, values, length: int | None, lo: int, hi: int) -> None:
    if not isinstance(values, list) or (length is not None and len(values) != length):
        raise SaveFileError(f"save file field {name!r} has the wrong shape")
    for v in values:
        if type(v) is not int or not lo <= v <= hi:
            raise SaveFileError(f"save file field {name!r} holds {v!r}, outside {lo}..{hi}")


def _check_shapes(s: "LivestockState") -> None:
    """Types, lengths and ranges of a loaded state, so that a corrupt file fails cleanly."""
    if type(s.players) is not int or s.players not in D.GRIDS or s.n != D.GRIDS[s.players][1]:
        raise SaveFileError("save file has a board that does not fit its player count")
    P, n, G = s.players, s.n, 3 * s.players
    _ints("factions", s.factions, P, 0, 3)
    if len(set(s.factions)) != P:
        raise SaveFileError("save file gives two players one faction")
    _ints("terrain", s.terrain, n * n, D.UNPLACED, D.BARN)
    _ints("tile_pool", s.tile_pool, None, 0, D.LAKE)
    _ints("barn_of", s.barn_of, n * n, -1, P - 1)
    _ints("occ", s.occ, n * n, -1, G - 1)
    _ints("barns", s.barns, P, -1, n * n - 1)
    _ints("gpos", s.gpos, G, -1, n * n - 1)
    _ints("gstat", s.gstat, G, ACTIVE, OUT)
    for name in ("steps", "done", "harvested"):
        _ints(name, getattr(s, name), G, 0, 9)
    if not isinstance(s.armies, list) or len(s.armies) != G:
        raise SaveFileError("save file field 'armies' has the wrong shape")
    for army in s.armies:
        _ints("armies", army, None, 0, len(D.UNITS) - 1)
    if not isinstance(s.res, list) or len(s.res) != P:
        raise SaveFileError("save file field 'res' has the wrong shape")
    for r in s.res:
        _ints("res", r, 5, 0, D.TOKENS_TOTAL)
    _ints("supply", s.supply, 5, 0, D.TOKENS_TOTAL)
    _ints("troops", s.troops, D.N_TROOPS, 0, max(D.TROOP_COUNTS))
    _ints("sf", s.sf, len(D.SPECIAL_FORCES), 0, 2)
    if not isinstance(s.hands, list) or len(s.hands) != P:
        raise SaveFileError("save file field 'hands' has the wrong shape")
    for h in s.hands:
        _ints("hands", h, None, 0, len(D.CARDS) - 1)
    _ints("deck", s.deck, None, 0, len(D.CARDS) - 1)
    _ints("played", s.played, None, 0, len(D.CARDS) - 1)
    _ints("superarmy", s.superarmy, P, 0, 1)
    _ints("alive", s.alive, P, 0, 1)
    _ints("winners", s._winners, None, 0, P - 1)
    _ints("turn", [s.turn, s.first + 1, s.round, s.transfers, s.locked, s.acted], 6, 0, 10**9)
    if s.turn >= P or s.first >= P:
        raise SaveFileError("save file names a player who is not in the game")
    if s.phase not in PHASES or s.resume not in ("", "action", "harvest", "marshal"):
        raise SaveFileError(f"unknown phase {s.phase!r}")
    if s.max_rounds is not None and (type(s.max_rounds) is not int or s.max_rounds < 1):
        raise SaveFileError("save file has a bad max_rounds")
    if not isinstance(s.buffs, dict) or set(s.buffs) != set(_BUFF_KEYS):
        raise SaveFileError("save file has unknown turn effects")
    _ints("buffs", list(s.buffs.values()), 3, 0, 99)
    b = s.battle
    if b is not None:
        keys = {"att", "frm", "to", "defs", "barn", "stage", "decider", "abonus", "overrun", "card", "loser",
                "cas", "retreat"}
        if not isinstance(b, dict) or set(b) != keys:
            raise SaveFileError("save file has a malformed battle")
        _ints("battle", [b["att"]], 1, 0, G - 1)
        _ints("battle", [b["frm"], b["to"]], 2, 0, n * n - 1)
        _ints("battle", b["defs"], None, 0, G - 1)
        _ints("battle", [b["decider"]], 1, 0, P - 1)
        _ints("battle", [b["card"]], 1, -1, len(D.CARDS) - 1)
        _ints("battle", [b["barn"], b["abonus"], b["overrun"], b["cas"], b["retreat"]], 5, 0, 99)
        if not b["defs"] or b["stage"] not in ("respond", "casualty", "retreat") or b["loser"] not in ("", "att", "def"):
            raise SaveFileError("save file has a malformed battle")


def _plain(value: Any):
    """Deep copy of lists/dicts of plain values (tuples become lists), as JSON keeps them."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


_HANDLERS = {
    A.PlaceBarn: LivestockState._do_place_barn,
    A.Move: LivestockState._do_move,
    A.Attack: LivestockState._do_attack,
    A.Stay: LivestockState._do_stay,
    A.EndActions: LivestockState._do_end_actions,
    A.Harvest: LivestockState._do_harvest,
    A.EndHarvest: LivestockState._do_end_harvest,
    A.Marshal: LivestockState._do_marshal,
    A.Transfer: LivestockState._do_transfer,
    A.EndTurn: LivestockState._do_end_turn,
    A.PlayCard: LivestockState._do_play_card,
    A.DeclineCard: LivestockState._do_decline,
    A.Casualty: LivestockState._do_casualty,
    A.Retreat: LivestockState._do_retreat,
    A.DeclareSuperArmy: LivestockState._do_declare,
    A.FormSuperArmy: LivestockState._do_form,
}


def load(text: str | bytes) -> LivestockState:
    """A game saved with ``state.to_json()``; corrupt or foreign files raise SaveFileError."""
    return load_state(LivestockState, text)
