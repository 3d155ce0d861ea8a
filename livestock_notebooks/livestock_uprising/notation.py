"""A one-line text notation for Livestock Uprising positions (as FEN is for chess).

Seven fields separated by spaces, an optional eighth and, during a battle, a ninth::

    factions board generals resources cards lost turn [flags [battle]]

``factions``
    Faction codes in seat order: ``Ch`` Chickens, ``Co`` Cows, ``Go`` Goats, ``Pi`` Pigs,
    separated by commas (``Ch,Co``).
``board``
    Rows from the top (row 1) down, separated by ``/``; one character per square:
    ``g`` grass, ``h`` hay, ``c`` corn, ``r`` carrot, ``a`` apple, ``f`` forest, ``l`` lake,
    a digit for the barn of that seat (``0``..``3``), ``.`` for a square not laid yet (setup).
``generals``
    One entry per General, comma-separated, in seat order and by stars (1*, 2*, 3*): its square,
    then ``:`` and its units if it has any. Units: ``s`` Sacrificial Sheep, ``d`` Dynamite
    Donkey, ``l`` Bloodthirsty Llama, ``h`` Berzerker Horse, ``o`` Ornery Oxen, and ``1``..``3``
    for its faction's special forces (in the data file's order). A leading ``*`` marks a Super
    Army. Off the board: ``-`` merged into the Super Army, ``x`` destroyed, ``o`` out with its
    player, ``.`` not placed yet (setup).
``resources``
    Each seat's tokens as ``grass.hay.corn.carrot.apple``, comma-separated (``2.1.0.0.0,0.0.0.0.0``).
``cards``
    Each seat's hand as card letters (``a`` is the data file's first card, ``r`` the 18th),
    comma-separated, ``-`` for an empty hand; then ``|`` and the set-aside deck, top first.
    Cards in neither were played.
``lost``
    Special forces lost in battle (keys, comma-separated), or ``-``.
``turn``
    ``seat/phase/round/first``: whose turn (or whose barn placement), the phase (``barn``,
    ``action``, ``harvest``, ``marshal``, ``super``, ``over``), rounds completed, the first
    player (``-`` before it is drawn).
``flags`` (optional; start-of-turn values when left out)
    ``steps:done:harvested`` of the turn player's three Generals as digits, then
    ``/`` and extra items joined by ``.``: ``t<n>`` transfers left (default ``t1``), ``L`` marshalling locked
    by a transfer, ``A`` some General acted, ``a<n>`` attack bonus, ``v<n>`` overrun, ``b<n>``
    harvest bonus, ``R<phase>`` the phase a Super Army declaration returns to.

Examples::

    >>> from livestock_notebooks import livestock_uprising as lu
    >>> s = lu.from_notation(
    ...     "Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr a3:ss,a3,a3,e3:d,e3,e3 "
    ...     "4.0.0.0.0,0.2.0.0.0 abc,def|ghijkl - 0/action/0/0")
    >>> s.army("Pecky"), s.resources[1]["hay"], s.current_player
    (['sheep', 'sheep'], 2, 0)
    >>> lu.from_notation(s.notation()).notation() == s.notation()
    True

``battle`` (only in the middle of a battle: a defending card, a casualty or a retreat still to choose)
    ``attacker@from>to:defenders:stage:decider:attack bonus:overrun:card:loser:casualties:retreat``:
    the Generals by name (defenders joined by ``+``), the stage (``respond``, ``casualty``,
    ``retreat``), the seat deciding, the card bonus and overrun, the defending card played
    (a letter, ``-`` for none), the losing side (``att``, ``def``, ``-``), the casualties still
    owed and ``1`` if the defender must still retreat. The flags field is then always written.

The dice are not part of a position: ``from_notation(text, seed=...)`` seeds them.
"""
from __future__ import annotations

from . import data as D
from typing import TypeVar

from .battle import ATTACKER, CASUALTY, DEFENDER, RESPOND, RETREAT, Battle
from .board import ACTIVE, DESTROYED, IN_PLAY, LOST, MERGED, N_RESOURCES, OUT, PHASES, LivestockBoard
from .setup import SetupMixin

_S = TypeVar("_S", bound=SetupMixin)

_TERRAIN_CHAR = {i: ch for i, ch in enumerate(D.TERRAIN_LETTERS)}
_CHAR_TERRAIN = {ch: i for i, ch in _TERRAIN_CHAR.items()}
_OFF = {MERGED: "-", DESTROYED: "x", OUT: "o"}
_OFF_BACK = {"-": MERGED, "x": DESTROYED, "o": OUT}


def _card_letter(c: int) -> str:
    return chr(97 + c)


def to_notation(s: LivestockBoard) -> str:
    n = s.size
    rows = []
    for r in range(n):
        row = ""
        for c in range(n):
            t = s.terrain[r * n + c]
            row += "." if t == D.UNPLACED else str(s.barn_of[r * n + c]) if t == D.BARN else _TERRAIN_CHAR[t]
        rows.append(row)
    gens = []
    for slot in range(3 * s.players):
        st = s.general_status[slot]
        if st != ACTIVE:
            gens.append(_OFF[st])
            continue
        pos = s.general_cell[slot]
        if pos < 0:
            gens.append(".")
            continue
        text = ("*" if s.super_army[slot // 3] else "") + s._square_names[pos]
        army = s.armies[slot]
        if army:
            text += ":" + "".join(
                D.TROOP_LETTERS[u] if u < D.N_TROOPS else str((u - D.N_TROOPS) % 3 + 1) for u in army
            )
        gens.append(text)
    token_fields = ",".join(".".join(map(str, r)) for r in s.tokens)
    hands = ",".join("".join(_card_letter(c) for c in h) or "-" for h in s.hands)
    cards = hands + "|" + "".join(_card_letter(c) for c in s.deck)
    lost = ",".join(D.UNIT_KEYS[D.N_TROOPS + i] for i, v in enumerate(s.special_force_state) if v == LOST) or "-"
    turn = f"{s.turn}/{s.phase}/{s.round}/{'-' if s.first_player < 0 else s.first_player}"
    fields = [",".join(D.FACTION_CODES[f] for f in s.factions), "/".join(rows), ",".join(gens), token_fields, cards, lost, turn]
    own = range(3 * s.turn, 3 * s.turn + 3)
    flags = (
        "".join(str(s.steps[g]) for g in own) + ":" + "".join(str(s.done[g]) for g in own) + ":"
        + "".join(str(s.harvested[g]) for g in own)
    )
    extra = [f"t{s.transfers_left}"]
    if s.marshal_locked:
        extra.append("L")
    if s.has_acted:
        extra.append("A")
    for key, letter in (("attack", "a"), ("overrun", "v"), ("harvest", "b")):
        if s.bonuses[key]:
            extra.append(f"{letter}{s.bonuses[key]}")
    if s.resume_phase:
        extra.append("R" + s.resume_phase)
    fields.append(flags + "/" + ".".join(extra))
    if s.battle is not None:
        fields.append(_battle_field(s, s.battle))
    return " ".join(fields)


def _battle_field(s: LivestockBoard, b: Battle) -> str:
    names, squares = s._general_names, s._square_names
    parts = [
        f"{names[b.attacker]}@{squares[b.from_cell]}>{squares[b.to_cell]}",
        "+".join(names[d] for d in b.defenders),
        b.stage or "-",
        str(b.decider),
        str(b.attack_bonus),
        str(b.overrun),
        _card_letter(b.card) if b.card >= 0 else "-",
        b.loser or "-",
        str(b.casualties_left),
        str(int(b.must_retreat)),
    ]
    return ":".join(parts)


def _card_code(letter: str) -> int:
    if len(letter) != 1 or not 0 <= ord(letter) - 97 < len(D.CARDS):
        raise ValueError(f"{letter!r} is not a card letter")
    return ord(letter) - 97


def _parse_battle(s: SetupMixin, text: str) -> Battle:
    parts = text.split(":")
    if len(parts) != 10:
        raise ValueError(f"a battle has 10 parts separated by ':', not {len(parts)}")
    (route, defenders, stage, decider, bonus, overrun, card, loser, casualties, retreat) = parts
    attacker, _, squares = route.partition("@")
    frm, _, to = squares.partition(">")
    if stage not in ("-", RESPOND, CASUALTY, RETREAT) or loser not in ("-", ATTACKER, DEFENDER):
        raise ValueError(f"bad battle field {text!r}")
    to_cell = s._cell_by_name[to]
    return Battle(
        attacker=s._slot_of(attacker), from_cell=s._cell_by_name[frm], to_cell=to_cell,
        defenders=[s._slot_of(d) for d in defenders.split("+")], in_barn=s.terrain[to_cell] == D.BARN,
        stage="" if stage == "-" else stage, decider=_int(decider, 0, s.players - 1), attack_bonus=_int(bonus, 0, 99),
        overrun=_int(overrun, 0, 99), card=-1 if card == "-" else _card_code(card), loser="" if loser == "-" else loser,
        casualties_left=_int(casualties, 0, 99), must_retreat=bool(_int(retreat, 0, 1)),
    )


class NotationError(ValueError):
    """A text that is not a Livestock Uprising position; the message names the field and its form."""


#: The form of each field, as error messages give it.
_FORMS = {
    "position": "7 to 9 fields separated by spaces",
    "factions": "faction codes joined by commas, e.g. Ch,Co",
    "board": "rows joined by /, one letter or barn digit per square",
    "generals": "one square[:units] per General, joined by commas",
    "resources": "grass.hay.corn.carrot.apple per seat, joined by commas",
    "cards": "hands of card letters (- for none) joined by commas, then | and the deck",
    "lost": "special force keys joined by commas, or -",
    "turn": "seat/phase/round/first",
    "flags": "steps:done:harvested digits, then / and items joined by .",
    "battle": "attacker@from>to:defenders:stage:decider:bonus:overrun:card:loser:casualties:retreat",
}


def parse_notation(text: str, state_class: type[_S], *, seed: int = 0, max_rounds: int | None = None) -> _S:
    """The position ``text`` describes (see the module docstring) as a ``state_class``
    (:func:`livestock_notebooks.livestock_uprising.from_notation` passes the game state class);
    raises :class:`NotationError` (a ValueError) naming the field if it is not one."""
    where = ["position"]
    try:
        return _parse(text, state_class, seed, max_rounds, where)
    except NotationError:
        raise
    except (ValueError, IndexError, KeyError, TypeError, AttributeError) as exc:
        field = where[0]
        detail = str(exc) if isinstance(exc, ValueError) and not _raw(exc) else "it cannot be read"
        raise NotationError(f"bad Livestock Uprising notation ({field} field): {detail} "
                            f"(expected {_FORMS.get(field, field)})") from None


def _raw(exc: ValueError) -> bool:
    """A ValueError from Python itself (unpacking, int()) rather than one of ours."""
    text = str(exc)
    return text.startswith(("not enough values", "too many values", "invalid literal", "Exceeds the limit"))


def _int(text: str, lo: int = 0, hi: int = 999) -> int:
    """A small non-negative count written in decimal digits."""
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not lo <= int(text) <= hi:
        raise ValueError(f"{text!r} is not a number from {lo} to {hi}")
    return int(text)


def _parse(text: str, state_class: type[_S], seed: int, max_rounds, where: list[str]) -> _S:
    if not isinstance(text, str):
        raise NotationError("a position is a string")
    fields = text.split()
    if len(fields) not in (7, 8, 9):
        raise ValueError(f"a position has 7 to 9 fields separated by spaces, not {len(fields)}")
    where[0] = "factions"
    fac = fields[0].split(",")
    factions = [D.FACTION_CODES.index(f) for f in fac if f in D.FACTION_CODES]
    if len(factions) != len(fac):
        raise ValueError(f"unknown faction code in {fields[0]!r} (use Ch, Co, Go, Pi)")
    s = state_class.new(players=len(factions), seed=seed, max_rounds=max_rounds, factions=factions)
    P, n = s.players, s.size
    where[0] = "board"
    rows = fields[1].split("/")
    if len(rows) != n or any(len(r) != n for r in rows):
        raise ValueError(f"a {P}-player board is {n} rows of {n} squares")
    s.barn_cell = [-1] * P
    s.barn_of = [-1] * (n * n)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cell = r * n + c
            if ch == ".":
                s.terrain[cell] = D.UNPLACED
            elif ch.isdigit():
                seat = int(ch)
                if seat >= P or s.barn_cell[seat] >= 0:
                    raise ValueError(f"barn {ch} at {s._square_names[cell]} does not fit")
                s.terrain[cell] = D.BARN
                s.barn_of[cell] = seat
                s.barn_cell[seat] = cell
            elif ch in _CHAR_TERRAIN:
                s.terrain[cell] = _CHAR_TERRAIN[ch]
            else:
                raise ValueError(f"unknown square {ch!r}")
    # tiles not laid yet
    pool = D.tiles_for(P)
    for t in s.terrain:
        if 0 <= t < D.BARN:
            if t not in pool:
                raise ValueError("the board has more tiles of one terrain than the game holds")
            pool.remove(t)
    s.tile_pool = sorted(pool) if D.UNPLACED in s.terrain else []
    where[0] = "generals"
    gens = fields[2].split(",")
    if len(gens) != 3 * P:
        raise ValueError(f"{P} players have {3 * P} Generals")
    s.troop_stock = list(D.TROOP_COUNTS)
    s.special_force_state = [0] * len(D.SPECIAL_FORCES)
    s.occupant = [-1] * (n * n)
    for slot, g in enumerate(gens):
        seat = slot // 3
        s.armies[slot] = []
        if g in _OFF_BACK:
            s.general_status[slot] = _OFF_BACK[g]
            s.general_cell[slot] = -1
            continue
        if g == ".":
            s.general_cell[slot] = -1
            continue
        if g.startswith("*"):
            s.super_army[seat] = 1
            g = g[1:]
        square, _, units = g.partition(":")
        if square not in s._cell_by_name:
            raise ValueError(f"no square {square!r} on this board")
        s._place(slot, s._cell_by_name[square])
        for ch in units:
            if ch in D.TROOP_LETTERS:
                u = D.TROOP_LETTERS.index(ch)
                s.troop_stock[u] -= 1
            elif ch in "123":
                u = D.N_TROOPS + 3 * s.factions[seat] + int(ch) - 1
                s.special_force_state[u - D.N_TROOPS] = IN_PLAY
            else:
                raise ValueError(f"unknown unit letter {ch!r}")
            s.armies[slot].append(u)
        s.armies[slot].sort()
    where[0] = "resources"
    token_fields = fields[3].split(",")
    if len(token_fields) != P:
        raise ValueError("one resource entry per player")
    s.tokens = []
    for entry in token_fields:
        vals = [_int(v, 0, D.TOKENS_EACH) for v in entry.split(".")]
        if len(vals) != N_RESOURCES or min(vals) < 0:
            raise ValueError(f"resources are five counts: {entry!r}")
        s.tokens.append(vals)
    s.token_supply = [D.TOKENS_EACH - sum(s.tokens[p][r] for p in range(P)) for r in range(N_RESOURCES)]
    where[0] = "cards"
    hand_text, _, deck = fields[4].partition("|")
    hands = hand_text.split(",")
    if len(hands) != P:
        raise ValueError("one hand per player")
    s.hands = [sorted(ord(ch) - 97 for ch in h if h != "-") for h in hands]
    s.deck = [ord(ch) - 97 for ch in deck]
    held = [c for h in s.hands for c in h] + s.deck
    if any(not 0 <= c < len(D.CARDS) for c in held) or len(set(held)) != len(held):
        raise ValueError("cards are letters a to r, each once")
    s.played = sorted(set(range(len(D.CARDS))) - set(held))
    where[0] = "lost"
    if fields[5] != "-":
        for key in fields[5].split(","):
            u = D.UNIT_CODE[key]
            if u < D.N_TROOPS or s.special_force_state[u - D.N_TROOPS]:
                raise ValueError(f"{key} cannot be lost and in play")
            s.special_force_state[u - D.N_TROOPS] = LOST
    where[0] = "turn"
    turn, phase, rnd, first = fields[6].split("/")
    s.turn, s.phase, s.round = _int(turn, 0, P - 1), phase, _int(rnd, 0, 9999)
    s.first_player = -1 if first == "-" else _int(first, 0, P - 1)
    if phase not in PHASES or not 0 <= s.turn < P or (s.first_player >= P):
        raise ValueError(f"bad turn field {fields[6]!r}")
    for seat in range(P):
        if all(s.general_status[g] != ACTIVE for g in range(3 * seat, 3 * seat + 3)):
            s.alive[seat] = 0
    if phase == "over":
        alive = [p for p in range(P) if s.alive[p]]
        s._winners = alive if len(alive) == 1 else []
    s._start_turn(s.turn) if phase not in ("barn", "over") else None
    s.phase = phase
    if len(fields) >= 8:
        where[0] = "flags"
        flags, _, extra = fields[7].partition("/")
        st, dn, hv = flags.split(":")
        own = range(3 * s.turn, 3 * s.turn + 3)
        for slot, steps_left, done, harvested in zip(own, st, dn, hv):
            s.steps[slot], s.done[slot], s.harvested[slot] = _int(steps_left, 0, 9), _int(done, 0, 1), _int(harvested, 0, 1)
        s.transfers_left, s.marshal_locked, s.has_acted = 1, 0, 0
        for item in filter(None, extra.split(".")):
            if item[0] == "t":
                s.transfers_left = _int(item[1:], 0, 9)
            elif item == "L":
                s.marshal_locked = 1
            elif item == "A":
                s.has_acted = 1
            elif item[0] in "avb":
                s.bonuses[{"a": "attack", "v": "overrun", "b": "harvest"}[item[0]]] = _int(item[1:], 0, 99)
            elif item[0] == "R":
                s.resume_phase = item[1:]
            else:
                raise ValueError(f"unknown flag {item!r}")
    where[0] = "flags" if len(fields) >= 8 else "turn"
    if s.phase == "super" and not s.resume_phase:
        s.resume_phase = "action"
    if s.resume_phase not in ("", "action", "harvest", "marshal") or (s.resume_phase and s.phase != "super"):
        raise ValueError(f"bad resume phase {s.resume_phase!r}")
    if s.phase not in ("barn", "over") and not s.alive[s.turn]:
        raise ValueError(f"player {s.turn} is out of the game and cannot have the turn")
    if len(fields) == 9:
        where[0] = "battle"
        s.battle = _parse_battle(s, fields[8])
    where[0] = "position"
    s._legal = None
    problems = s.invariant_violations()
    if problems:
        raise ValueError("not a possible position: " + "; ".join(problems[:3]))
    return s
