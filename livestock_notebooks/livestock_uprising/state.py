"""The Livestock Uprising game state: every rule of the rulebook, pure Python.

See the package docstring (``livestock_notebooks.livestock_uprising``) for the public API.
The rules are grouped by rulebook part, one mixin each (:mod:`.setup`, :mod:`.actions_phase`,
:mod:`.battle`, :mod:`.harvest`, :mod:`.marshalling`, :mod:`.command_cards`, :mod:`.super_army`)
over the position of :mod:`.board`; this module combines them and keeps the dispatch of
``legal_actions``/``apply``, why an action is illegal, saves, views and invariants.
"""
from __future__ import annotations

from typing import Any, Callable, cast

from ..core.errors import IllegalAction, MalformedAction, SaveFileError
from ..core.protocol import Event, check_action_type, load_state, require
from ..core.rng import Dice
from . import actions as A
from . import data as D
from .actions_phase import ActionPhaseMixin
from .battle import Battle, BattleMixin
from .board import (
    BONUS_KEYS, _RESOURCE_NAMES, ACTIVE, AVAILABLE, GENERAL_STATUS_NAMES, IN_PLAY, LOST, N_RESOURCES, OUT, PHASE_SECTION, PHASES,
    SPECIAL_FORCE_STATE_NAMES, _action, known,
)
from .command_cards import CommandCardsMixin
from .harvest import HarvestMixin
from .marshalling import MarshallingMixin
from .notation import NotationError, parse_notation, to_notation
from .setup import SetupMixin
from .super_army import SuperArmyMixin
from .views import LivestockView


class LivestockState(SetupMixin, ActionPhaseMixin, BattleMixin, HarvestMixin, MarshallingMixin, CommandCardsMixin,
                     SuperArmyMixin):
    """A Livestock Uprising game in progress (see the package docstring)."""

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        b = self.battle
        if b is not None and b.stage:
            return b.decider
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    def notation(self) -> str:
        """This position in the one-line text notation (see :mod:`.notation`)."""
        return to_notation(self)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        """Every action the player to move may take now (Livestock Uprising: see the package docstring for
        the actions of each phase); empty once the game is over."""
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
        if phase == "barn":
            return self._barn_options()
        slots = self._own_slots(seat)
        out: list = []
        if phase == "super":
            out.extend(self._marshal_options(seat, slots))
            out.append(_action(A.FormSuperArmy))
            return out
        options, end = _PHASE_OPTIONS[phase]
        options(self, seat, slots, out)
        self._card_options(seat, slots, out)
        if self._can_declare(seat, slots):
            out.append(_action(A.DeclareSuperArmy))
        out.append(_action(end))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> list[Event]:
        """Play ``action`` (one of :meth:`legal_actions`) and return the events it caused.

        Anything else raises ``IllegalAction`` naming the rule and the rulebook section; the
        state is then unchanged."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for a in legal:
            if a is action:  # one of the legal actions itself (bots hand those back): well formed
                break
        else:
            check_action_type(action, A.LivestockAction, PHASE_SECTION.get(self.phase, "Action Phase"))
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

    # ------------------------------------------------------------------ explaining illegal actions
    def _explain(self, action) -> None:
        """Raise IllegalAction naming the specific rule that forbids ``action`` (if one is found)."""
        if self.phase == "over":
            raise IllegalAction("the game is over", "Winning")
        b = self.battle
        t = type(action)
        if b is not None and b.stage:
            want = {"respond": "play a defending command card or none", "casualty": "choose a casualty",
                    "retreat": "choose a retreat square"}[b.stage]
            ok = {"respond": (A.PlayCard, A.DeclineCard), "casualty": (A.Casualty,), "retreat": (A.Retreat,)}[b.stage]
            if t not in ok:
                raise IllegalAction(f"a battle is waiting for {self._player_text(b.decider)} to {want}",
                                    "Battle Resolution")
        elif t in (A.Casualty, A.Retreat, A.DeclineCard):
            raise IllegalAction("there is no battle decision to make now", "Battle Resolution")
        phase = self.phase
        seat = self.current_player
        assert seat is not None  # the game is not over
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
            if self.general_status[slot] != ACTIVE:
                raise IllegalAction(f"{gen} is no longer on the board ({GENERAL_STATUS_NAMES[self.general_status[slot]]})", "Components")
            if t is not A.Casualty and t is not A.Retreat and slot // 3 != seat:
                raise IllegalAction(f"{gen} belongs to {self._player_text(slot // 3)}, not to the player deciding",
                                    PHASE_SECTION.get(phase, "Action Phase"))
        if t is A.PlaceBarn:
            cell = known(self._cell_by_name, action.cell, f"there is no square {action.cell!r} on this board",
                         "Barn Placement")
            require(self.terrain[cell] == D.UNPLACED, "that square is already taken", "Barn Placement")
            raise IllegalAction("a barn goes next to the starting board, touching it along an edge "
                                "(not diagonally)", "Barn Placement")
        if t in (A.Move, A.Attack):
            self._explain_step(action, t is A.Attack)
        if t is A.Stay:
            raise IllegalAction(f"{action.general} has already acted this turn", "Action Phase")
        if t is A.Harvest:
            self._explain_harvest(action, seat)
        if t is A.Marshal:
            self._explain_marshal(action, seat)
        if t is A.Transfer:
            self._explain_transfer(action, seat)
        if t is A.PlayCard:
            self._explain_card(action, seat)
        if t in (A.Casualty, A.Retreat):
            self._explain_battle_choice(action, b)
        if t is A.DeclareSuperArmy:
            self._explain_declare(seat)

    # ------------------------------------------------------------------ saving and copying
    #: attribute -> its key in saves (the save format keeps the short keys of the first version)
    _FIELDS = {
        "players": "players", "factions": "factions", "size": "n", "terrain": "terrain", "tile_pool": "tile_pool",
        "barn_of": "barn_of", "occupant": "occ", "barn_cell": "barns", "general_cell": "gpos",
        "general_status": "gstat", "armies": "armies", "steps": "steps", "done": "done", "harvested": "harvested",
        "tokens": "res", "token_supply": "supply", "troop_stock": "troops", "special_force_state": "sf",
        "hands": "hands", "deck": "deck", "played": "played", "super_army": "superarmy", "alive": "alive",
        "phase": "phase", "resume_phase": "resume", "turn": "turn", "first_player": "first", "round": "round",
        "max_rounds": "max_rounds", "transfers_left": "transfers", "marshal_locked": "locked",
        "has_acted": "acted", "bonuses": "buffs", "battle": "battle",
    }

    def to_dict(self) -> dict:
        out = {key: getattr(self, attr) for attr, key in self._FIELDS.items() if attr != "battle"}
        out = _plain(out)
        out["battle"] = None if self.battle is None else self.battle.to_dict()
        out["winners"] = list(self._winners)
        out["dice"] = self.dice.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "LivestockState":
        s = cls.__new__(cls)
        for key in [*cls._FIELDS.values(), "winners", "dice"]:
            if key not in data:
                raise SaveFileError(f"save file field {key!r} is missing")
        for attr, key in cls._FIELDS.items():
            if attr != "battle":
                setattr(s, attr, _plain(data[key]))
        s._winners = list(data["winners"])
        s.dice = Dice.from_dict(data["dice"])
        battle = data["battle"]
        _check_shapes(s, battle)
        s.battle = None if battle is None else Battle.from_dict(battle)
        s._init_caches()
        return s

    def copy(self) -> "LivestockState":
        s = LivestockState.__new__(LivestockState)
        d = self.__dict__
        sd = s.__dict__
        for k in ("players", "size", "phase", "resume_phase", "turn", "first_player", "round", "max_rounds",
                  "transfers_left", "marshal_locked", "has_acted", "_square_names", "_cell_by_name", "_neighbours",
                  "_edge_neighbours", "_general_names", "_slot_by_name"):
            sd[k] = d[k]
        for k in ("factions", "terrain", "tile_pool", "barn_of", "occupant", "barn_cell", "general_cell",
                  "general_status", "steps", "done", "harvested", "token_supply", "troop_stock",
                  "special_force_state", "deck", "played", "super_army", "alive", "_winners"):
            sd[k] = list(d[k])
        s.armies = [list(a) for a in self.armies]
        s.tokens = [list(r) for r in self.tokens]
        s.hands = [list(h) for h in self.hands]
        s.bonuses = dict(self.bonuses)
        b = self.battle
        s.battle = None if b is None else b.copy()
        s.dice = self.dice.copy()
        s._legal = self._legal
        return s

    # ------------------------------------------------------------------ views
    def player_view(self, player: int | None) -> LivestockView:
        """What ``player`` may know (``None``: a spectator): everything but the other hands (their
        sizes only), the deck (its size) and the dice to come. See :mod:`.views`."""
        hand = () if player is None else tuple(D.CARD_KEYS[c] for c in self.hands[player])
        previews: tuple = ()
        if player is not None and player == self.current_player and self.battle is None and self.phase == "action":
            previews = tuple(self.attack_preview(a) for a in self.legal_actions() if type(a) is A.Attack)
        bonuses = self.bonuses
        return LivestockView(
            viewer=player,
            players=self.players,
            size=self.size,
            factions=tuple(D.FACTION_KEYS[f] for f in self.factions),
            board=self.square_views(),
            generals=self.general_views(),
            tokens=tuple(tuple(t) for t in self.tokens),
            token_supply=tuple(self.token_supply),
            troop_supply=tuple(self.troop_stock),
            special_forces=tuple(SPECIAL_FORCE_STATE_NAMES[v] for v in self.special_force_state),
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.deck),
            played=tuple(D.CARD_KEYS[c] for c in self.played),
            phase=self.phase,
            turn_player=self.turn,
            current_player=self.current_player,
            rounds_played=self.round,
            max_rounds=self.max_rounds,
            alive=tuple(bool(a) for a in self.alive),
            super_army=tuple(bool(a) for a in self.super_army),
            winners=tuple(self._winners),
            attack_bonus=bonuses["attack"],
            overrun=bonuses["overrun"],
            harvest_bonus=bonuses["harvest"],
            transfers_left=self.transfers_left,
            marshal_locked=bool(self.marshal_locked),
            pending=self.pending_decision(),
            battle=self.battle_view(),
            attack_previews=previews,
            first_player=self.first_player,
            resume_phase=self.resume_phase,
            has_acted=bool(self.has_acted),
        )

    def redraw_hidden(self, player: int | None, seed: int) -> "LivestockState":
        """A copy in which what ``player`` may not know is redrawn at random: the other hands (same
        sizes, which are public) and the deck order, dealt from the cards ``player`` has not seen, and
        new dice. A defender asked for a defending card may hold any cards: the question is asked of
        whoever holds a card at all, so it tells nothing more."""
        rng = Dice(seed)
        out = self.copy()
        others = [p for p in range(self.players) if p != player]
        unseen = [c for p in others for c in self.hands[p]] + list(self.deck)
        rng.shuffle(unseen)
        k = 0
        for p in others:
            size = len(self.hands[p])
            out.hands[p] = sorted(unseen[k:k + size])
            k += size
        out.deck = unseen[k:]
        out.dice = Dice(rng.below(2**31))
        out._legal = None
        return out

    # ------------------------------------------------------------------ invariants
    def invariant_violations(self) -> list[str]:
        problems = []
        P = self.players
        n = self.size
        # troop cards
        counted = [0] * len(D.UNITS)
        for s, army in enumerate(self.armies):
            if army != sorted(army):
                problems.append(f"army of {self._general_names[s]} is not sorted")
            for u in army:
                if not 0 <= u < len(D.UNITS):
                    problems.append(f"unknown unit code {u}")
                    return problems
                counted[u] += 1
            if self.general_status[s] != ACTIVE and army:
                problems.append(f"{self._general_names[s]} is off the board but has units")
            if len(army) > self._cap(s):
                problems.append(f"{self._general_names[s]} has {len(army)} units, more than {self._cap(s)}")
        for u in range(D.N_TROOPS):
            if self.troop_stock[u] < 0:
                problems.append(f"negative supply of {D.UNIT_KEYS[u]}")
            if self.troop_stock[u] + counted[u] != D.TROOP_COUNTS[u]:
                problems.append(f"{D.UNIT_KEYS[u]} cards not conserved: {self.troop_stock[u]} in supply + "
                                f"{counted[u]} in armies != {D.TROOP_COUNTS[u]}")
        for i, force_state in enumerate(self.special_force_state):
            c = counted[D.N_TROOPS + i]
            if force_state not in (AVAILABLE, IN_PLAY, LOST) or c > 1 or (c == 1) != (force_state == IN_PLAY):
                problems.append(f"special force {D.UNIT_KEYS[D.N_TROOPS + i]} state {force_state} but {c} in armies")
            if c and D.UNIT_FACTION[D.N_TROOPS + i] != self.factions[[s for s, a in enumerate(self.armies)
                                                                      if D.N_TROOPS + i in a][0] // 3]:
                problems.append(f"special force {D.UNIT_KEYS[D.N_TROOPS + i]} serves the wrong faction")
        # resources
        for r in range(N_RESOURCES):
            total = self.token_supply[r] + sum(self.tokens[p][r] for p in range(P))
            if total != D.TOKENS_EACH:
                problems.append(f"{_RESOURCE_NAMES[r]} tokens not conserved ({total})")
            if self.token_supply[r] < 0 or any(self.tokens[p][r] < 0 for p in range(P)):
                problems.append(f"negative {_RESOURCE_NAMES[r]}")
        # cards
        cards = sorted([c for h in self.hands for c in h] + self.deck + self.played)
        if cards != list(range(len(D.CARDS))):
            problems.append("command cards not conserved")
        # board
        seen = {}
        for s, pos in enumerate(self.general_cell):
            if pos < 0:
                if self.general_status[s] == ACTIVE and self.phase != "barn":
                    problems.append(f"{self._general_names[s]} is active but off the board")
                continue
            if self.general_status[s] != ACTIVE:
                problems.append(f"{self._general_names[s]} is {GENERAL_STATUS_NAMES[self.general_status[s]]} but on the board")
            t = self.terrain[pos]
            if t == D.BARN:
                if self.barn_of[pos] != s // 3 and (not self.super_army[s // 3] or self.general_cell.count(pos) > 1):
                    problems.append(f"{self._general_names[s]} stands in another player's barn"
                                    " (only a Super Army may, and only alone)")
                continue
            if t in (D.FOREST, D.LAKE, D.UNPLACED):
                problems.append(f"{self._general_names[s]} stands on a closed square")
            if pos in seen:
                problems.append(f"two Generals on {self._square_names[pos]}")
            seen[pos] = s
            if self.occupant[pos] != s:
                problems.append(f"occupancy of {self._square_names[pos]} out of date")
        for c in range(n * n):
            if self.occupant[c] >= 0 and seen.get(c) != self.occupant[c]:
                problems.append(f"occupancy of {self._square_names[c]} out of date")
        for c in range(n * n):
            if (self.terrain[c] == D.BARN) != (self.barn_of[c] >= 0) or (
                    self.barn_of[c] >= 0 and self.barn_cell[self.barn_of[c]] != c):
                problems.append(f"barn at {self._square_names[c]} out of date")
        if self.phase != "barn" and any(t == D.UNPLACED for t in self.terrain):
            problems.append("board not complete")
        if self.phase == "over" and self.battle is not None:
            problems.append("a finished game has a battle pending")
        for p in range(P):
            if self.super_army[p] and self.alive[p] and len(self._own_slots(p)) != 1:
                problems.append(f"player {p} has a Super Army and other Generals")
            if not self.alive[p] and (self.hands[p] or any(self.tokens[p])):
                problems.append(f"player {p} is out but holds cards or resources")
        return problems


# --------------------------------------------------------------------------- helpers
def _ints(name: str, values, length: int | None, lo: int, hi: int) -> None:
    if not isinstance(values, list) or (length is not None and len(values) != length):
        raise SaveFileError(f"save file field {name!r} has the wrong shape")
    for v in values:
        if type(v) is not int or not lo <= v <= hi:
            raise SaveFileError(f"save file field {name!r} holds {v!r}, outside {lo}..{hi}")


def _check_shapes(s: "LivestockState", b: Any) -> None:
    """Types, lengths and ranges of a loaded state, so that a corrupt file fails cleanly."""
    if type(s.players) is not int or s.players not in D.GRIDS or s.size != D.GRIDS[s.players][1]:
        raise SaveFileError(f"save file field 'players' holds {s.players!r} (board size {s.size!r}): "
                            "expected 2 to 4 players and the board of that many")
    P, n, G = s.players, s.size, 3 * s.players
    _ints("factions", s.factions, P, 0, 3)
    if len(set(s.factions)) != P:
        raise SaveFileError("save file field 'factions' gives two players one faction")
    _ints("terrain", s.terrain, n * n, D.UNPLACED, D.BARN)
    _ints("tile_pool", s.tile_pool, None, 0, D.LAKE)
    _ints("barn_of", s.barn_of, n * n, -1, P - 1)
    _ints("occ", s.occupant, n * n, -1, G - 1)
    _ints("barns", s.barn_cell, P, -1, n * n - 1)
    _ints("gpos", s.general_cell, G, -1, n * n - 1)
    _ints("gstat", s.general_status, G, ACTIVE, OUT)
    for name in ("steps", "done", "harvested"):
        _ints(name, getattr(s, name), G, 0, 9)
    if not isinstance(s.armies, list) or len(s.armies) != G:
        raise SaveFileError("save file field 'armies' has the wrong shape")
    for i, army in enumerate(s.armies):
        _ints(f"armies[{i}]", army, None, 0, len(D.UNITS) - 1)
    if not isinstance(s.tokens, list) or len(s.tokens) != P:
        raise SaveFileError("save file field 'res' has the wrong shape")
    for i, r in enumerate(s.tokens):
        _ints(f"res[{i}]", r, 5, 0, D.TOKENS_TOTAL)
    _ints("supply", s.token_supply, 5, 0, D.TOKENS_TOTAL)
    _ints("troops", s.troop_stock, D.N_TROOPS, 0, max(D.TROOP_COUNTS))
    _ints("sf", s.special_force_state, len(D.SPECIAL_FORCES), 0, 2)
    if not isinstance(s.hands, list) or len(s.hands) != P:
        raise SaveFileError("save file field 'hands' has the wrong shape")
    for i, h in enumerate(s.hands):
        _ints(f"hands[{i}]", h, None, 0, len(D.CARDS) - 1)
    _ints("deck", s.deck, None, 0, len(D.CARDS) - 1)
    _ints("played", s.played, None, 0, len(D.CARDS) - 1)
    _ints("superarmy", s.super_army, P, 0, 1)
    _ints("alive", s.alive, P, 0, 1)
    _ints("winners", s._winners, None, 0, P - 1)
    for name, value, lo, hi in (("turn", s.turn, 0, P - 1), ("first", s.first_player, -1, P - 1),
                                ("round", s.round, 0, 10**9), ("transfers", s.transfers_left, 0, 99),
                                ("locked", s.marshal_locked, 0, 1), ("acted", s.has_acted, 0, 1)):
        _ints(name, [value], 1, lo, hi)
    if s.phase not in PHASES:
        raise SaveFileError(f"save file field 'phase' holds {s.phase!r}, expected one of {', '.join(PHASES)}")
    if s.resume_phase not in _RESUME_PHASES:
        raise SaveFileError(f"save file field 'resume' holds {s.resume_phase!r}, expected one of "
                            + ", ".join(map(repr, _RESUME_PHASES)))
    if s.max_rounds is not None and (type(s.max_rounds) is not int or s.max_rounds < 1):
        raise SaveFileError(f"save file field 'max_rounds' holds {s.max_rounds!r}, expected null or a whole number from 1")
    if not isinstance(s.bonuses, dict) or set(s.bonuses) != set(BONUS_KEYS):
        raise SaveFileError(f"save file field 'buffs' is not an object of {', '.join(BONUS_KEYS)}")
    for key in BONUS_KEYS:
        _ints(f"buffs.{key}", [s.bonuses[key]], 1, 0, 99)
    if b is not None:
        _check_battle(s, b)
    if s._winners and s.phase != "over":
        raise SaveFileError("save file field 'winners' names winners of a game still running")
    if s.phase == "over" and not s._winners and not (s.max_rounds is not None and s.round >= s.max_rounds):
        raise SaveFileError("save file field 'winners' is empty for a game that ended before its last round")


_RESUME_PHASES = ("", "action", "harvest", "marshal")
_BATTLE_STAGES = ("respond", "casualty", "retreat")


def _check_battle(s: "LivestockState", b: Any) -> None:
    """The battle in progress, field by field (``battle.<key>``), then against the position."""
    P, n, G = s.players, s.size, 3 * s.players
    if not isinstance(b, dict):
        raise SaveFileError("save file field 'battle' is not an object or null")
    for key in Battle.SAVE_KEYS.values():
        if key not in b:
            raise SaveFileError(f"save file field 'battle.{key}' is missing")
    for key in sorted(set(b) - set(Battle.SAVE_KEYS.values())):
        raise SaveFileError(f"save file field 'battle.{key}' is not a field of a battle")
    for key, lo, hi in (("att", 0, G - 1), ("frm", 0, n * n - 1), ("to", 0, n * n - 1), ("barn", 0, 1),
                        ("decider", 0, P - 1), ("abonus", 0, 99), ("overrun", 0, 99),
                        ("card", -1, len(D.CARDS) - 1), ("cas", 0, 99), ("retreat", 0, 1)):
        _ints(f"battle.{key}", [b[key]], 1, lo, hi)
    _ints("battle.defs", b["defs"], None, 0, G - 1)
    if not b["defs"] or len(set(b["defs"])) != len(b["defs"]):
        raise SaveFileError("save file field 'battle.defs' must list the defending Generals, each once")
    if b["stage"] not in _BATTLE_STAGES:
        raise SaveFileError(f"save file field 'battle.stage' holds {b['stage']!r}, expected one of {', '.join(_BATTLE_STAGES)}")
    if b["loser"] not in ("", "att", "def"):
        raise SaveFileError(f"save file field 'battle.loser' holds {b['loser']!r}, expected '', 'att' or 'def'")
    # against the position: the Generals fighting stand where the battle says, on two squares
    if b["frm"] == b["to"]:
        raise SaveFileError("save file field 'battle.to' is the square the attacker comes from ('battle.frm')")
    if b["att"] in b["defs"]:
        raise SaveFileError("save file field 'battle.defs' lists the attacking General")
    if b["stage"] != "respond" and b["loser"] == "":
        raise SaveFileError(f"save file field 'battle.loser' is empty at stage {b['stage']!r}, after the dice")
    if s.phase == "over":
        raise SaveFileError("save file field 'battle' holds a battle in a finished game")
    if b["stage"] in ("respond", "retreat") and (s.general_cell[b["att"]] != b["frm"] or any(
            s.general_cell[g] != b["to"] for g in b["defs"])):
        raise SaveFileError("save file field 'battle.att' or 'battle.defs' names a General who is not on "
                            "the battle's squares ('battle.frm', 'battle.to')")


def _plain(value: Any):
    """Deep copy of lists/dicts of plain values (tuples become lists), as JSON keeps them."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


_PHASE_OPTIONS: dict[str, tuple[Callable[..., None], type]] = {
    "action": (LivestockState._action_options, A.EndActions),
    "harvest": (LivestockState._harvest_options, A.EndHarvest),
    "marshal": (LivestockState._marshalling_options, A.EndTurn),
}

_HANDLERS: dict[type, Callable[..., list[Event]]] = {
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


def new_game(*, players: int = 2, seed: int = 0, max_rounds: int | None = None, factions=None) -> LivestockState:
    """A new game at barn placement. ``factions`` (keys or indices, seat order) defaults to
    Chickens, Cows, Goats, Pigs in that order; ``max_rounds`` ends the game with no winner."""
    return LivestockState.new(players=players, seed=seed, max_rounds=max_rounds, factions=factions)


def from_notation(text: str, *, seed: int = 0, max_rounds: int | None = None) -> LivestockState:
    """The position ``text`` in the text notation of :mod:`.notation` (:class:`~.notation.NotationError`,
    a ``ValueError``, if it is not one); ``seed`` seeds the dice, which are not part of a position.
    A position is one that :func:`load` accepts too: a notation whose save would be refused is refused."""
    state = parse_notation(text, LivestockState, seed=seed, max_rounds=max_rounds)
    try:
        load(state.to_json())
    except SaveFileError as exc:
        raise NotationError(f"bad Livestock Uprising notation: not a position the game can load ({exc})") from None
    return state


def load(text: str | bytes) -> LivestockState:
    """A game saved with ``state.to_json()``; corrupt or foreign files raise SaveFileError."""
    return cast(LivestockState, load_state(LivestockState, text))
