"""A one-line text notation for Space Pigs positions (like FEN for chess).

    SP1 n=3 rules=full turn=2 seq=2B order=102 rp=1 | 0,0:Pr:a5 1,0:Dy:b3h1 0,1:A:pir3 -1,1:Pb:c2:a3 ...

The header is space-separated ``key=value`` fields, then ``|``, then one token per galaxy cell
in index order: ``q,r:TILE`` followed by the occupants in arrival order (the first one holds
the hex, later ones are attackers waiting for Phase 3).

- TILE: ``Pr``/``Py``/``Pb`` a red/yellow/blue planet, ``Dr``/``Dy``/``Db`` a double planet,
  ``A`` an asteroid, ``S`` the sun; a leading ``?`` marks a face-down hex.
- Occupant: a player letter (``a`` = P1 ... ``f`` = P6) with piglets and optional ``h``+hogs
  (``a5``, ``b3h1``, ``c0h2``); aliens ``pir3`` (pirates), ``por2`` (porcophages), ``worm``.

Header fields (all optional except ``n``): ``rules`` (full/simple_a/simple_b), ``turn``,
``seq`` (the sequence to start: return, 1A, 1B, 1C, 1D, 1E, 2A, 2B, 3A, 3B, 3C, 4A, 4B, 4C),
``order`` (player digits, 1-based, e.g. ``213``), ``rp`` (1-based Royal Pig or ``-``),
``clans`` (comma-separated short names: Po, Hy, Ph, Ba, Sc, Pe), ``recipes`` (red-yellow-blue
digits per player, comma-separated, e.g. ``321,123,213``), ``trips`` (per player, for 2B),
``hands`` (card ids per player: ``0.31.40/5/`` ...), ``used`` (travel markers used, e.g.
``23,,4``), ``factions`` (1-based candidate each voted for, ``-`` none), ``worm`` (planets the
worm has eaten), ``out`` (eliminated players as 1-based digits), ``opts`` (comma-separated
option names switched on, e.g. ``clan_powers,seventh_planet``).

More fields write what a position in the middle of a sequence needs to go on the same way:
``new`` (colonists waiting to be deployed per player, ``2,0h1,0``), ``arrive`` (aliens that
arrived in 1E and wait to be placed, ``pir3``); ``seq`` may also be ``layout`` (the hexes not
laid yet wait in their piles) or ``start`` (the clans on the board have placed). A trip under
way is written as not started, a card whose targets are being chosen as not played yet.

:func:`read_notation` (the package's ``from_notation``) sets the position up at the *start* of
``seq``; a position written in the middle of a sequence (``state.notation()``) restarts that
sequence, and its notation reads the same. Cards not in a hand are shuffled into the draw pile.
Use saves (``to_json``) to keep a game exactly.
"""
from __future__ import annotations

from typing import Any

from ..core.errors import SaveFileError
from ..core.protocol import load_state
from .board import LAYOUTS, OPTION_DEFAULTS, RULE_SETS
from .data import CLAN_SHORT, CLANS, FULL_DECK, RECIPES, simple_deck
from .flow import TURN_SEQUENCES
from .galaxy import hex_piles

LETTERS = "abcdef"


class NotationError(ValueError):
    """A notation string that does not describe a position the engine can play (the message
    names the field)."""

ALIEN_TOKENS = {-1: "pir", -2: "por", -3: "worm"}
TOKEN_ALIENS = {"pir": -1, "por": -2, "worm": -3}
# the sequences of a turn a position may start at (2X and the end of a turn are not starts)
START_SEQS = tuple(s for s in TURN_SEQUENCES if s not in ("2X", "end"))
SETUP_SEQS = ("layout", "start")


# what each part of a notation should look like, for the error messages
_HINTS = {
    "cell": "q,r:TILE then occupants, e.g. 0,1:Pb:a3h1:pir2 (tiles Pr Py Pb Dr Dy Db A S, '?' face down)",
    "n": "n=3 to n=6", "turn": "a turn number", "order": "each player's digit once, e.g. 213",
    "rp": "the Royal Pig's player digit or -", "clans": f"short clan names: {', '.join(CLAN_SHORT)}",
    "recipes": "three digits per player, comma-separated", "used": "travel marker digits per player",
    "factions": "a player digit or - per player", "worm": "0 to 3", "out": "player digits",
    "trips": "a number per player, comma-separated",
    "hands": "card ids per player, '.' between cards, '/' between players, each card of the deck once",
    "new": "piglets and h+hogs per player, e.g. 2,0h1,0",
}


def _tile(state, h: int) -> str:
    k = state.hex_kind[h]
    t = k + (state.hex_colour[h] if k in "PD" else "")
    return ("?" if state.face_down[h] else "") + t


def _occupants_at_home(state) -> tuple[list[list[list[int]]], list[int]]:
    """The occupants and trips left, with a trip under way put back where it started (its troops
    home again and the trip not yet spent): a position is written between trips, and before a
    card whose targets are being chosen."""
    occupants = [[list(e) for e in occ] for occ in state.occupants]
    trips = list(state.trips)
    trip = state.trip
    if trip is not None and state.actor is not None:
        p = state.actor
        home = next((e for e in occupants[trip["src"]] if e[0] == p), None)
        if home is None:
            home = [p, 0, 0, 0, 0]
            occupants[trip["src"]].append(home)
        home[1] += trip["p"]
        home[2] += trip["h"]
        trips[p] += 1
    return occupants, trips


def to_notation(state) -> str:
    head = [f"SP1 n={state.players}", f"rules={state.rules}", f"turn={max(state.turn, 1)}"]
    seq = state.seq if state.seq in START_SEQS + SETUP_SEQS else ("2B" if state.seq == "2X" else "1A")
    occupants, trips = _occupants_at_home(state)
    head.append(f"seq={seq}")
    head.append("order=" + "".join(str(p + 1) for p in state.order))
    head.append("rp=" + (str(state.royal_pig + 1) if state.royal_pig >= 0 else "-"))
    head.append("clans=" + ",".join(CLAN_SHORT[CLANS.index(c)] for c in state.clans))
    head.append("recipes=" + ",".join("".join(map(str, r)) for r in state.recipes))
    if any(state.used):
        head.append("used=" + ",".join("".join(map(str, u)) for u in state.used))
    if any(f >= 0 for f in state.faction):
        head.append("factions=" + "".join(str(f + 1) if f >= 0 else "-" for f in state.faction))
    if state.worm_eaten:
        head.append(f"worm={state.worm_eaten}")
    if any(state.out):
        head.append("out=" + "".join(str(p + 1) for p in range(state.players) if state.out[p]))
    on = [k for k, v in sorted(state.opts.items()) if v is True]
    if state.opts.get("layout", "rings") != "rings":
        on.append("layout:" + state.opts["layout"])
    if on:
        head.append("opts=" + ",".join(on))
    if seq == "2B":
        head.append("trips=" + ",".join(str(t) for t in trips))
    if any(state.new_piglets) or any(state.new_hogs):
        head.append("new=" + ",".join(f"{pg}" + (f"h{hg}" if hg else "")
                                      for pg, hg in zip(state.new_piglets, state.new_hogs)))
    sd = state.seq_data
    if state.seq == "1E" and sd.get("alien_hexes") and not sd.get("alien_done"):
        head.append(f"arrive={ALIEN_TOKENS[sd['alien_kind']]}{sd['alien_count']}")
    hands = [list(h) for h in state.hands]
    if state.pending is not None and state.pending["what"] == "card":  # written as not played yet
        hands[state.pending["player"]].append(state.pending["id"])
    if any(hands):
        head.append("hands=" + "/".join(".".join(str(c) for c in sorted(h)) for h in hands))
    cells = []
    for h in range(len(state.hex_q)):
        parts = [f"{state.hex_q[h]},{state.hex_r[h]}", _tile(state, h)]
        for e in occupants[h]:
            if e[0] >= 0:
                pg, hg = e[1] + e[3], e[2] + e[4]
                parts.append(f"{LETTERS[e[0]]}{pg}" + (f"h{hg}" if hg else ""))
            else:
                parts.append(ALIEN_TOKENS[e[0]] + (str(e[1]) if e[0] != -3 else ""))
        cells.append(":".join(parts))
    return " ".join(head) + " | " + " ".join(cells)


def read_notation(state_class: Any, text: str, *, seed: int = 0, max_rounds: int | None = None,
                  script: list[int] | None = None) -> Any:
    """Build a ``state_class`` state from :func:`to_notation` text, starting the sequence it names
    (the package's ``from_notation`` passes ``SpacePigsState``, so this module needs no import of
    the state module).

    ``script`` queues die results (``Dice.script``) before the sequence starts, for rolls made
    at once (the 1E alien roll, a first combat round without decisions, ...)."""
    where = "the text"
    if not isinstance(text, str):
        raise NotationError("a Space Pigs notation is a str")
    try:
        head_text, _, cells_text = text.partition("|")
        fields = head_text.split()
        if not fields or fields[0] != "SP1":
            raise ValueError("a Space Pigs notation starts with 'SP1'")
        kv = {}
        for f in fields[1:]:
            k, eq, v = f.partition("=")
            where = f"header field {f[:40]!r}"
            if not eq or k in kv:
                raise ValueError("each header field is key=value, once")
            kv[k] = v
        where = "header field n"
        if "n" not in kv:
            raise ValueError("the number of players n=... is missing")
        n = int(kv["n"])
        if not 3 <= n <= 6:
            raise ValueError("3 to 6 players")
        where = "header field rules"
        rules = kv.get("rules", "full")
        if rules not in RULE_SETS:
            raise ValueError(f"rules must be one of {', '.join(RULE_SETS)}")
        where = "header field opts"
        opts = dict(OPTION_DEFAULTS)
        for o in filter(None, kv.get("opts", "").split(",")):
            if o.startswith("layout:"):
                opts["layout"] = o.split(":", 1)[1]
                if opts["layout"] not in LAYOUTS:
                    raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}")
            elif o in opts:
                opts[o] = True
            else:
                raise ValueError(f"unknown option {o!r}")
        s = state_class._fresh(n, seed, rules, max_rounds, opts)
        where = "header field turn"
        s.turn = int(kv.get("turn", "1"))
        where = "header field seq"
        seq = kv.get("seq", "1A")
        if seq not in START_SEQS + SETUP_SEQS:
            raise ValueError(f"cannot start at sequence {seq!r}")
        if seq in SETUP_SEQS:
            s.turn = 0
        where = "header field order"
        if "order" in kv:
            s.order = [int(c) - 1 for c in kv["order"]]
            if sorted(s.order) != list(range(n)):
                raise ValueError("order must list every player once")
        s.first = s.order[0]
        where = "header field rp"
        rp = kv.get("rp", "-")
        s.royal_pig = -1 if rp == "-" else int(rp) - 1
        where = "header field clans"
        if "clans" in kv:
            s.clans = [CLANS[CLAN_SHORT.index(c)] for c in kv["clans"].split(",")]
        else:
            s.clans = list(CLANS[:n])
        where = "header field recipes"
        if "recipes" in kv:
            s.recipes = [[int(ch) for ch in r] for r in kv["recipes"].split(",")]
        else:
            s.recipes = [list(RECIPES[i]) for i in range(n)]
        where = "header field used"
        if "used" in kv:
            s.used = [[int(ch) for ch in u] for u in kv["used"].split(",")]
        where = "header field factions"
        if "factions" in kv:
            s.faction = [-1 if ch == "-" else int(ch) - 1 for ch in kv["factions"]]
        where = "header field worm"
        s.worm_eaten = int(kv.get("worm", "0"))
        where = "header field out"
        for ch in kv.get("out", ""):
            s.out[int(ch) - 1] = True
        where = "header field trips"
        if "trips" in kv:
            s.trips = [int(t) for t in kv["trips"].split(",")]
        where = "header field hands"
        deck = list(FULL_DECK if rules == "full" else simple_deck())
        if "hands" in kv:
            for p, hand in enumerate(kv["hands"].split("/")):
                for card in map(int, filter(None, hand.split("."))):
                    deck.remove(card)
                    s.hands[p].append(card)
        s.dice.shuffle(deck)
        s.deck = deck
        if script:
            s.dice.script(script)
        for tok in cells_text.split():
            where = f"cell {tok[:40]!r}"
            parts = tok.split(":")
            q, r = (int(x) for x in parts[0].split(","))
            tile = parts[1]
            hidden = tile.startswith("?")
            tile = tile.removeprefix("?")
            if tile not in ("Pr", "Py", "Pb", "Dr", "Dy", "Db", "A", "S"):
                raise ValueError(f"unknown tile {tile!r}")
            fam = {"r": "red", "y": "yellow", "b": "blue"}.get(tile[1:2], "black")
            s._add_cell(q, r, tile if tile[0] in "PD" else tile[0], fam if tile[0] != "S" else "")
            h = len(s.hex_q) - 1
            s.face_down[h] = hidden
            for occ in parts[2:]:
                alien = next((k for k in TOKEN_ALIENS if occ.startswith(k)), None)
                if alien is not None:
                    count = int(occ[len(alien):] or "1")
                    s.occupants[h].append([TOKEN_ALIENS[alien], count, 0, 0, 0])
                    continue
                p = LETTERS.index(occ[0])
                if p >= n:
                    raise ValueError(f"no player {occ[0]!r}")
                rest = occ[1:]
                pg, _, hg = rest.partition("h")
                s.occupants[h].append([p, int(pg or 0), int(hg or 0), 0, 0])
        where = "the cells"
        if not s.hex_q and seq != "layout":
            raise ValueError("no hexes")
        where = "header field new"
        if "new" in kv:
            for p, troops in enumerate(kv["new"].split(",")):
                pg, _, hg = troops.partition("h")
                s.new_piglets[p], s.new_hogs[p] = int(pg or 0), int(hg or 0)
        where = f"the position at sequence {seq}"
        if seq in ("4B", "4C"):
            for p in range(n):
                s.acorns[p] = s.production(p)
        if seq == "4C":
            for p in range(n):
                s._set_governors(p)
        if seq == "layout":
            _resume_layout(s, rules, bool(opts["baston_rikiki"]))
        elif seq == "start":
            s._enter("start")  # the clans already on the board have placed their piglets
            s.seq_data["i"] = sum(1 for p in s.seq_data["q"] if any(e[0] == p for occ in s.occupants for e in occ))
        elif seq == "1E" and "arrive" in kv:
            _resume_aliens(s, kv["arrive"])
        elif seq == "3C" and (attack := _alien_attack(s)) is not None:
            s.seq = "3C"  # the aliens have moved and attack: that combat is fought first
            s.seq_data = {"stage": "move", "q": [], "i": 0, "moved": True}
            s._start_combat(attack[0], attack[1], "3C")
        else:
            s.seq = "start"
            s.seq_data = {"q": [], "i": 0}
            s._enter(seq)
        s._advance()
        s._legal = None
        s.start_events, s._events = s._events, []
        problems = s.invariant_violations()
        if problems:
            raise ValueError("; ".join(problems[:3]))
    except NotationError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration, AssertionError,
            ArithmeticError, RecursionError) as exc:
        detail = str(exc) if isinstance(exc, ValueError) and str(exc) else f"{type(exc).__name__} {exc}".strip()
        key = "cell" if where.startswith("cell") else where.removeprefix("header field ")
        hint = _HINTS.get(key)
        raise NotationError(f"bad Space Pigs notation ({where}): {detail}" + (f" (expected {hint})" if hint else "")) from None
    # a position is only given if the engine's own save check accepts it
    try:
        load_state(state_class, s.to_json())
    except SaveFileError as exc:
        raise NotationError(f"bad Space Pigs notation: the position is not one the engine can load ({exc})") from None
    return s


def _resume_layout(s: Any, rules: str, baston_rikiki: bool) -> None:
    """The layout under way: the hexes not laid yet wait in their piles (each laid hex is taken
    from the first pile holding its tile, which becomes its family)."""
    piles = hex_piles(s.players, rules, baston_rikiki)
    for h in range(len(s.hex_q)):
        tile = s.hex_kind[h] + s.hex_colour[h]
        pile = next((name for name, tiles in piles.items() if tile in tiles), None)
        if pile is not None:
            piles[pile].remove(tile)
            s.hex_family[h] = pile
    for tiles in piles.values():
        s.dice.shuffle(tiles)
    s.piles = piles
    placed = sum(1 for k in s.hex_kind if k != "S")
    s.seq = "layout"
    s.seq_data = {"placed": placed, "total": placed + sum(len(v) for v in piles.values())}


def _resume_aliens(s: Any, arrive: str) -> None:
    """Aliens that arrived in 1E and wait to be placed (``arrive=pir3``): no new roll."""
    token = next(k for k in TOKEN_ALIENS if arrive.startswith(k))
    kind, count = TOKEN_ALIENS[token], int(arrive[len(token):] or "1")
    s.seq = "1E"
    roller = s.royal_pig if (s.turn >= 2 and s.royal_pig >= 0) else s.order[0]
    s.seq_data = {"alien_hexes": [], "roller": roller, "alien_kind": kind, "alien_count": count}
    s.seq_data["alien_hexes"] = s._alien_destinations(kind, count)


def _alien_attack(s: Any) -> tuple[int, int] | None:
    """(hex, alien code) of an alien stack that moved onto troops and has not fought yet."""
    for h, occ in enumerate(s.occupants):
        if len(occ) > 1 and occ[-1][0] < 0:
            return h, occ[-1][0]
    return None
