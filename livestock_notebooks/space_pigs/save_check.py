"""Type, range and cross-field checks of a Space Pigs save, run by ``load`` before the engine's
invariants: anything wrong raises :class:`SaveFileError` naming the field."""
from __future__ import annotations

from typing import Any

from ..core.errors import SaveFileError
from .board import LAYOUTS, OPTION_DEFAULTS, RULE_SETS
from .data import CARDS
from .flow import SEQUENCE_ORDER

KNOWN_SEQUENCES = SEQUENCE_ORDER + ("over",)
_TILES = {"A", "S"} | {k + c for k in "PD" for c in "ryb"}
_SEQ_DATA_INTS = ("i", "k", "placed", "total", "ptr", "again", "far")
_TRIP_KEYS = {"src": int, "pos": int, "p": int, "h": int, "mode": str, "range": int, "hops": int, "again": bool}


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
    _list(d, "clans", n, lambda x: isinstance(x, str))
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
    for key in _SEQ_DATA_INTS:
        if key in sd and not (_is_int(sd[key]) and -1 <= sd[key] <= 10_000):
            raise _bad("sd", f"holds {sd[key]!r} for {key!r}")
    if "q" in sd and not (isinstance(sd["q"], list) and all(map(_seats(n), sd["q"]))):
        raise _bad("sd", "holds a queue that is not a list of players")
    trip = d.get("trip")
    if trip is not None and not (isinstance(trip, dict) and set(trip) == set(_TRIP_KEYS) and all(
            type(trip[k]) is typ for k, typ in _TRIP_KEYS.items())
            and 0 <= trip["src"] < hexes and 0 <= trip["pos"] < hexes and trip["p"] >= 0 and trip["h"] >= 0):
        raise _bad("trip", "is not a trip under way")
    for field in ("pend", "trip", "ship", "cb"):
        if d.get(field) is not None and not isinstance(d[field], dict):
            raise _bad(field, "is not an object or null")
    if not isinstance(d.get("over"), bool):
        raise _bad("over", "is not true or false")
    _list(d, "win", None, _seats(n))
    _list(d, "log0", None, lambda x: isinstance(x, str))
    if not isinstance(d.get("dice"), dict):
        raise _bad("dice", "is not an object")
    if d["over"] != (d["seq"] == "over"):
        raise _bad("over", "disagrees with the sequence")
    if not d["over"] and d["actor"] is None:
        raise _bad("actor", "is null in a running game")
