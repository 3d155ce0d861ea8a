"""Type, range and cross-field checks of a Space Pigs save, run by ``load`` before the engine's
invariants: anything wrong raises :class:`SaveFileError` naming the field."""
from __future__ import annotations

from typing import Any

from ..core.errors import SaveFileError
from .board import LAYOUTS, OPTION_DEFAULTS, RULE_SETS
from .cards import CARD_TARGETS
from .combat import _SAVE_KEYS as _COMBAT_KEYS
from .data import CARDS, CLANS
from .flow import SEQUENCE_ORDER
from .powers import POWER_TARGETS

KNOWN_SEQUENCES = SEQUENCE_ORDER + ("over",)
_TILES = {"A", "S"} | {k + c for k in "PD" for c in "ryb"}
_SEQ_DATA_INTS = ("i", "k", "placed", "total", "ptr", "again", "far")
_TRIP_KEYS = {"src": int, "pos": int, "p": int, "h": int, "mode": str, "range": int, "hops": int, "again": bool}


#: the setup log's length and its lines' (a real one has a few lines of under 100 characters)
MAX_SETUP_LOG = 100
MAX_LOG_LINE = 300


def _bad(field: str, why: str) -> SaveFileError:
    return SaveFileError(f"save file field {field!r} {why}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(d: dict, field: str, lo: int, hi: int, *, none: bool = False) -> None:
    v: Any = d.get(field)
    if v is None and none:
        return
    if not _is_int(v) or not lo <= v <= hi:
        raise _bad(field, f"holds {v!r}, expected a whole number from {lo} to {hi}" + (" or null" if none else ""))


def _list(d: dict, field: str, length: int | None, item) -> list:
    v: Any = d.get(field)
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise _bad(field, "is not a list" + (f" of {length} items" if length is not None else ""))
    for x in v:
        if not item(x):
            raise _bad(field, f"holds a bad item {x!r}")
    return v


def _seats(n: int):
    return lambda x: _is_int(x) and 0 <= x < n


def _nonneg(x: Any) -> bool:
    return _is_int(x) and 0 <= x <= 10_000


def _card(x: Any) -> bool:
    return _is_int(x) and 0 <= x < len(CARDS)


def check_save(d: dict) -> None:
    """Raise SaveFileError naming the first field of the save ``d`` that is missing, of the wrong
    type, out of range or inconsistent with the others."""
    _int(d, "n", 3, 6)
    n = d["n"]
    if d.get("rules") not in RULE_SETS:
        raise _bad("rules", f"names unknown rules {d.get('rules')!r}")
    opts = d.get("opts")
    if not isinstance(opts, dict) or set(opts) != set(OPTION_DEFAULTS):
        raise _bad("opts", "is not an object of the game options")
    for key, default in OPTION_DEFAULTS.items():
        if type(opts[key]) is not type(default):
            raise _bad("opts", f"holds {opts[key]!r} for {key!r}")
    if opts["layout"] not in LAYOUTS:
        raise _bad("opts", f"names unknown layout {opts['layout']!r}")
    _int(d, "max_rounds", 1, 10_000, none=True)
    _int(d, "turn", 0, 10_000)
    _int(d, "first", 0, n - 1)
    _int(d, "rp", -1, n - 1)
    _int(d, "actor", 0, n - 1, none=True)
    if d.get("seq") not in KNOWN_SEQUENCES:
        raise _bad("seq", f"names unknown sequence {d.get('seq')!r}")
    if sorted(_list(d, "order", n, _seats(n))) != list(range(n)):
        raise _bad("order", "is not an order of the players")
    _list(d, "clans", n, lambda x: x in CLANS)
    _list(d, "recipes", n, lambda x: x is None or isinstance(x, list) and len(x) == 3 and all(map(_is_int, x)))
    _list(d, "seventh", n, lambda x: x in (None, "r", "y", "b"))
    hexes = len(_list(d, "cq", None, lambda x: _is_int(x) and -50 <= x <= 50))
    _list(d, "cr", hexes, lambda x: _is_int(x) and -50 <= x <= 50)
    kinds = _list(d, "kind", hexes, lambda x: x in ("P", "D", "A", "S"))
    _list(d, "col", hexes, lambda x: x in ("", "r", "y", "b"))
    _list(d, "fam", hexes, lambda x: isinstance(x, str))
    _list(d, "hid", hexes, lambda x: isinstance(x, bool))
    suns = kinds.count("S")
    if suns > 1 or (suns == 0 and d["opts"].get("layout") == "twin" and d["seq"] != "layout"):
        raise _bad("kind", "holds more than one sun (or a twin galaxy without its sun)")
    if len(set(zip(d["cq"], d["cr"]))) != hexes:
        raise _bad("cq", "places two hexes on one spot")
    _list(d, "occ", hexes, lambda occ: isinstance(occ, list) and all(
        isinstance(e, list) and len(e) == 5 and all(map(_is_int, e)) and -3 <= e[0] < n
        and all(0 <= x <= 99 for x in e[1:]) for e in occ))
    piles = d.get("piles")
    if not isinstance(piles, dict) or not all(isinstance(v, list) and all(t in _TILES for t in v) for v in piles.values()):
        raise _bad("piles", "is not an object of tile lists")
    if d.get("drawn") is not None and not (isinstance(d["drawn"], list) and len(d["drawn"]) == 3
                                          and _seats(n)(d["drawn"][0]) and d["drawn"][1] in piles and isinstance(d["drawn"][2], str)):
        raise _bad("drawn", "is not a drawn tile")
    _list(d, "deck", None, _card)
    _list(d, "discard", None, _card)
    _list(d, "hands", n, lambda h: isinstance(h, list) and all(map(_card, h)))
    _list(d, "used", n, lambda u: isinstance(u, list) and all(map(_is_int, u)))
    _list(d, "choice", n, _is_int)
    for field in ("trips", "new_p", "new_h", "gov", "gov_extra", "lost"):
        _list(d, field, n, _nonneg)
    _list(d, "faction", n, _is_int)
    for field in ("hog_made", "out"):
        _list(d, field, n, lambda x: isinstance(x, bool))
    _list(d, "powers_used", n, lambda u: isinstance(u, list) and all(isinstance(x, str) for x in u))
    _int(d, "ban_last", -1, n - 1)
    _list(d, "acorns", n, lambda a: isinstance(a, list) and len(a) == 3 and all(map(_nonneg, a)))
    _list(d, "offers_made", n, lambda a: isinstance(a, list) and all(map(_seats(n), a)))
    offer = d.get("offer")
    if offer is not None and not (isinstance(offer, list) and len(offer) == 3 and all(map(_seats(n), offer[:2]))
                                  and _card(offer[2])):
        raise _bad("offer", "is not an exchange offer")
    hex_of = lambda x: _is_int(x) and 0 <= x < hexes  # noqa: E731
    _list(d, "festival", None, lambda f: isinstance(f, list) and len(f) == 2 and hex_of(f[0]) and _seats(n)(f[1]))
    _list(d, "forbid", None, lambda f: isinstance(f, list) and len(f) == 2 and _is_int(f[0]) and hex_of(f[1]))
    _int(d, "worm_eaten", 0, 3)
    sd = d.get("sd")
    if not isinstance(sd, dict):
        raise _bad("sd", "is not an object")
    _check_seq_data(sd, n, hexes)
    for field in ("pend", "trip", "ship", "cb"):
        if d.get(field) is not None and not isinstance(d[field], dict):
            raise _bad(field, "is not an object or null")
    _check_trip(d, hexes)
    _check_ship(d)
    _check_pending(d, n)
    _check_combat(d, n, hexes)
    if not isinstance(d.get("over"), bool):
        raise _bad("over", "is not true or false")
    _list(d, "win", None, _seats(n))
    if len(d["log0"] if isinstance(d.get("log0"), list) else ()) > MAX_SETUP_LOG:
        raise _bad("log0", f"has more than {MAX_SETUP_LOG} lines")
    _list(d, "log0", None, lambda x: isinstance(x, str) and len(x) <= MAX_LOG_LINE)
    if not isinstance(d.get("dice"), dict):
        raise _bad("dice", "is not an object")
    if d["over"] != (d["seq"] == "over"):
        raise _bad("over", "disagrees with the sequence")
    if not d["over"] and d["actor"] is None:
        raise _bad("actor", "is null in a running game")
    if d["win"] and not d["over"]:
        raise _bad("win", "names winners of a game still running")
    if d["over"] and not d["win"] and not (d["max_rounds"] is not None and d["turn"] >= d["max_rounds"]):
        raise _bad("win", "is empty for a game that ended before its last round")
    _check_together(d)


# --------------------------------------------------------------------------- the nested data
# what each key of the sequence data holds (``sd``): a test of the value and what it must be
_SD_SEAT_OR_NONE = ("roller", "controller", "called", "banned_now")
_SD_SEAT_LISTS = ("q", "candidates", "barred", "voted")
_SD_FLAGS = ("moved", "alien_done")
_SD_STAGES = ("give", "players", "skip", "cho", "move", "stand", "call", "vote")
_SHIP_MODES = {"boots": 20, "range": 20, "teleport": 99}
_TRIP_MODES = ("plain",) + tuple(_SHIP_MODES)
_COMBAT_STAGES = ("cards_d", "cards_a", "to_reveal", "revealed", "tech", "tech_done", "flee_d", "flee_a", "roll",
                  "rolled", "rolled2", "reroll", "check_tie", "win_tie", "resolve")
_ROLLED_STAGES = ("rolled", "rolled2", "reroll", "check_tie", "win_tie", "resolve")


def _ints_in(v: Any, lo: int, hi: int, length: int | None = None) -> bool:
    return isinstance(v, list) and (length is None or len(v) == length) and all(
        _is_int(x) and lo <= x <= hi for x in v)


def _check_seq_data(sd: dict, n: int, hexes: int) -> None:
    """Every key of the sequence data, by name: ``sd.<key>``."""
    def field(key: str, ok: bool, expected: str) -> None:
        if not ok:
            raise _bad(f"sd.{key}", f"holds {sd[key]!r}, expected {expected}")
    known = set(_SEQ_DATA_INTS) | set(_SD_SEAT_OR_NONE) | set(_SD_SEAT_LISTS) | set(_SD_FLAGS) | {
        "stage", "given", "assign", "votes", "vote_error", "deferred", "choices", "alien_hexes", "alien_kind",
        "alien_count", "convoy"}
    for key in sd:
        if key not in known:
            raise _bad(f"sd.{key}", "is not a key of any sequence")
    for key in _SEQ_DATA_INTS:
        if key in sd:
            field(key, _is_int(sd[key]) and -1 <= sd[key] <= 10_000, "a whole number from -1 to 10000")
    for key in _SD_SEAT_OR_NONE:
        if key in sd:
            field(key, _is_int(sd[key]) and -1 <= sd[key] < n, f"a player from 0 to {n - 1} (or -1)")
    for key in _SD_SEAT_LISTS:
        if key in sd:
            field(key, _ints_in(sd[key], 0, n - 1), f"a list of players from 0 to {n - 1}")
    for key in _SD_FLAGS:
        if key in sd:
            field(key, isinstance(sd[key], bool), "true or false")
    if "stage" in sd:
        field("stage", sd["stage"] in _SD_STAGES, "one of " + ", ".join(_SD_STAGES))
    if "given" in sd:
        field("given", _ints_in(sd["given"], 0, 99, n), f"a count for each of the {n} players")
    if "assign" in sd:
        field("assign", _ints_in(sd["assign"], 0, n - 1), "a list of players")
    if "votes" in sd:
        field("votes", _ints_in(sd["votes"], -1, n - 1, n), f"a vote (a player or -1) for each of the {n} players")
    for key, width in (("vote_error", 3), ("deferred", 2)):
        if key in sd:
            field(key, isinstance(sd[key], list) and all(
                _ints_in(e, -1, 10_000, width) and e[0] < n for e in sd[key]), f"a list of [player, ...] entries of {width}")
    if "choices" in sd:
        field("choices", _ints_in(sd["choices"], -1, max(hexes - 1, 0)), "a list of hexes")
    if "alien_hexes" in sd:
        field("alien_hexes", _ints_in(sd["alien_hexes"], 0, max(hexes - 1, 0)), "a list of hexes")
    if "alien_kind" in sd:
        field("alien_kind", _is_int(sd["alien_kind"]) and -3 <= sd["alien_kind"] <= -1, "an alien code from -3 to -1")
    if "alien_count" in sd:
        field("alien_count", _is_int(sd["alien_count"]) and 0 <= sd["alien_count"] <= 99, "a count from 0 to 99")
    if "convoy" in sd:
        field("convoy", isinstance(sd["convoy"], dict) and all(
            k in map(str, range(n)) and _nonneg(v) for k, v in sd["convoy"].items()),
            "an object of extra cards by player number")
    if "q" in sd and "i" in sd and not 0 <= sd["i"] <= len(sd["q"]):
        raise _bad("sd.i", f"holds {sd['i']!r}, past the end of the queue 'sd.q'")


def _check_trip(d: dict, hexes: int) -> None:
    trip = d.get("trip")
    if trip is None:
        return
    for key, typ in _TRIP_KEYS.items():
        if type(trip.get(key)) is not typ:
            raise _bad(f"trip.{key}", f"holds {trip.get(key)!r}, expected a {typ.__name__}")
    if set(trip) != set(_TRIP_KEYS):
        raise _bad("trip", f"has unknown keys {sorted(set(trip) - set(_TRIP_KEYS))}")
    for key in ("src", "pos"):
        if not 0 <= trip[key] < hexes:
            raise _bad(f"trip.{key}", f"holds {trip[key]!r}, not a hex of the galaxy")
    for key, hi in (("p", 20), ("h", 3), ("range", 99), ("hops", 99)):
        if not 0 <= trip[key] <= hi:
            raise _bad(f"trip.{key}", f"holds {trip[key]!r}, expected 0 to {hi}")
    if trip["mode"] not in _TRIP_MODES:
        raise _bad("trip.mode", f"holds {trip['mode']!r}, expected one of " + ", ".join(_TRIP_MODES))


def _check_ship(d: dict) -> None:
    ship = d.get("ship")
    if ship is None:
        return
    if set(ship) != {"mode", "range"}:
        raise _bad("ship", "is not an object of 'mode' and 'range'")
    if ship["mode"] not in _SHIP_MODES:
        raise _bad("ship.mode", f"holds {ship['mode']!r}, expected one of " + ", ".join(_SHIP_MODES))
    if not _is_int(ship["range"]) or not 1 <= ship["range"] <= _SHIP_MODES[ship["mode"]]:
        raise _bad("ship.range", f"holds {ship['range']!r}, expected 1 to {_SHIP_MODES[ship['mode']]}")


def _check_pending(d: dict, n: int) -> None:
    """The card or power waiting for its targets (``pend``)."""
    pend = d.get("pend")
    if pend is None:
        return
    if set(pend) != {"what", "id", "player", "kinds", "picks"}:
        raise _bad("pend", "is not an object of 'what', 'id', 'player', 'kinds' and 'picks'")
    if pend["what"] == "card":
        if not _card(pend["id"]):
            raise _bad("pend.id", f"holds {pend['id']!r}, not a card number")
        effect = CARDS[pend["id"]].effect
        allowed = [list(CARD_TARGETS.get(effect, ()))] + ([["extra_when"]] if effect == "extra_trip" else [])
    elif pend["what"] == "power":
        if pend["id"] not in POWER_TARGETS:
            raise _bad("pend.id", f"holds {pend['id']!r}, not a clan power with targets")
        allowed = [list(POWER_TARGETS[pend["id"]])]
    else:
        raise _bad("pend.what", f"holds {pend['what']!r}, expected 'card' or 'power'")
    if not _seats(n)(pend["player"]):
        raise _bad("pend.player", f"holds {pend['player']!r}, not a player")
    if pend["kinds"] not in allowed or not pend["kinds"]:
        raise _bad("pend.kinds", f"holds {pend['kinds']!r}, not the targets of {pend['id']!r}")
    if not _ints_in(pend["picks"], -1, 10_000) or len(pend["picks"]) >= len(pend["kinds"]):
        raise _bad("pend.picks", f"holds {pend['picks']!r}, expected fewer targets than {pend['kinds']!r}")


def _check_combat(d: dict, n: int, hexes: int) -> None:
    """The combat in progress (``cb``), field by field: ``cb.<key>``."""
    cb = d.get("cb")
    if cb is None:
        return
    keys = {key for key, _ in _COMBAT_KEYS}
    for key in sorted(keys - set(cb)):
        raise _bad(f"cb.{key}", "is missing")
    for key in sorted(set(cb) - keys - {"tie_player"}):
        raise _bad(f"cb.{key}", "is not a field of a combat")

    def field(key: str, ok: bool, expected: str) -> None:
        if not ok:
            raise _bad(f"cb.{key}", f"holds {cb[key]!r}, expected {expected}")
    field("hex", _is_int(cb["hex"]) and 0 <= cb["hex"] < hexes, f"a hex from 0 to {hexes - 1}")
    for key in ("a", "d"):
        field(key, _is_int(cb[key]) and -3 <= cb[key] < n, f"a player from 0 to {n - 1} or an alien code (-3 to -1)")
    field("seq", cb["seq"] in ("3A", "3C"), "'3A' or '3C'")
    field("round", _is_int(cb["round"]) and 1 <= cb["round"] <= 10_000, "a round number from 1")
    field("stage", cb["stage"] in _COMBAT_STAGES, "one of " + ", ".join(_COMBAT_STAGES))
    for key in ("acards", "dcards"):
        field(key, isinstance(cb[key], list) and all(map(_card, cb[key])), "a list of card numbers")
    for key in ("revealed", "fled_first"):
        field(key, isinstance(cb[key], bool), "true or false")
    for key in ("ab", "db"):
        field(key, _is_int(cb[key]) and -99 <= cb[key] <= 99, "a bonus from -99 to 99")
    field("tech", _is_int(cb["tech"]) and -9 <= cb["tech"] <= 99, "a technology total from -9 to 99")
    field("roll", cb["roll"] is None or isinstance(cb["roll"], list) and len(cb["roll"]) == 2 and all(
        _ints_in(r, 1, 20) for r in cb["roll"]), "null or [attacker dice, defender dice]")
    field("tie", cb["tie"] is None or _seats(n)(cb["tie"]), "null or a player")
    if "tie_player" in cb:
        field("tie_player", _seats(n)(cb["tie_player"]), "a player")
    # the fields together
    if cb["a"] == cb["d"] or cb["a"] < 0 and cb["d"] < 0:
        raise _bad("cb.d", "fights its own attacker (or two alien stacks fight)")
    if cb["seq"] != d["seq"]:
        raise _bad("cb.seq", f"holds {cb['seq']!r} while the game is in sequence {d['seq']!r}")
    if cb["roll"] is None and cb["stage"] in _ROLLED_STAGES:
        raise _bad("cb.roll", f"is null at stage {cb['stage']!r}, after the dice are rolled")
    if cb["stage"] == "win_tie" and "tie_player" not in cb:
        raise _bad("cb.tie_player", "is missing at stage 'win_tie'")
    for key in ("a", "d"):
        who = cb[key]
        if who >= 0 and d["out"][who]:
            raise _bad(f"cb.{key}", f"names player {who}, who is out of the game")
        if cb["stage"] in ("cards_d", "cards_a", "flee_d", "flee_a") and not any(
                e[0] == who for e in d["occ"][cb["hex"]]):
            raise _bad(f"cb.{key}", f"names {who}, who has no troops on the combat's hex {cb['hex']}")
    if d["actor"] not in (cb["a"], cb["d"]):
        raise _bad("actor", "is not a side of the combat in progress")


def _check_together(d: dict) -> None:
    """Fields that must agree: what is under way and whose decision it is."""
    seq = d["seq"]
    if d["cb"] is not None and seq not in ("3A", "3C"):
        raise _bad("cb", f"holds a combat in sequence {seq!r}")
    for key in ("trip", "ship"):
        if d[key] is not None and seq not in ("2B", "2X"):
            raise _bad(key, f"holds a move in sequence {seq!r}, outside space travel")
    if d["pend"] is not None and d["pend"]["player"] != d["actor"]:
        raise _bad("pend.player", "is not the player whose decision it is ('actor')")
    if d["drawn"] is not None and d["drawn"][0] != d["actor"]:
        raise _bad("drawn", "holds a tile drawn by a player who is not deciding ('actor')")
    if d["offer"] is not None and d["actor"] not in d["offer"][:2]:
        raise _bad("offer", "holds an exchange offer between two players neither of whom is deciding ('actor')")
