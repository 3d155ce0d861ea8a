"""BattleGoats cards: the data format, the effect vocabulary, validation and the evaluator.

A card is data: ``id``, ``name``, ``type`` (hero, equipment, goat, creature), ``value`` and a list
of ``effects``. Every effect is a small dict ``{"kind": ..., ...}`` from the vocabulary below;
one evaluator (:func:`card_value`) interprets them, so no card has code of its own.

Value effects (each adds ``amount``, which may be negative; all accept an optional
``"when": "attacking" | "defending"`` to apply in one role only):

=========================  ==========================================================
``per_in_front``           per card directly in front of it (same column, nearer the front)
``per_behind``             per card directly behind it (same column, nearer the back)
``per_adjacent``           per orthogonally adjacent card (up, down, left, right)
``per_same_row``           per other card in its row
``per_same_column``        per other card in its column
``per_own_discard``        per card in its owner's discard pile
``per_opponent_discard``   per card in the discard pile of the other card's owner
``vs_type``                against a card whose type is in ``types``
``while_face_up``          while it counts as face up (it started the turn face up)
``when_attacking``         when it attacks
``when_defending``         when it defends
``in_row``                 while it sits in ``row`` ("front", "middle" or "back")
``if_seen``                if ``card`` (an id) has been revealed this game (this battle included)
``if_slain``               if ``card`` has been defeated this game
``if_on_battlefield``      if ``card`` is in play on the same battlefield
``attack_value``           its attack is always ``value`` (other modifiers ignored when attacking)
=========================  ==========================================================

Abilities (no amount):

===========================  ========================================================
``defender_chooses_target``  when it attacks, it names a player who picks the defending card
``also_hits_own_adjacent``   when it attacks, it also battles one of its owner's adjacent cards
``may_avoid_battle``         attacked while face down, its owner may flip it and avoid battle
``explodes``                 ``when`` "attacking", "defending" or "any": both cards are defeated
``second_target``            may attack a second opponent card in the same attack
``place_in_row``             must be laid out in ``row``
``move_at_start``            once, when the battle begins, may swap places with an own card
``captures``                 when it defeats a card while attacking, it takes that card face
                             down into an empty slot of its owner's battlefield
===========================  ========================================================

Board geometry: slots 0..8, row = slot // 3 with row 0 the FRONT row (the one facing the
opponents), row 1 the middle and row 2 the back; column = slot % 3. Slot names are
``F1 F2 F3 M1 M2 M3 B1 B2 B3``.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

__all__ = [
    "TYPES",
    "ROWS",
    "SLOT_NAMES",
    "VALUE_KINDS",
    "ABILITY_KINDS",
    "Card",
    "CardSet",
    "CardListError",
    "load_cards",
    "load_cards_file",
    "standard_cards",
    "card_data",
    "readings",
    "describe_effects",
    "slot_name",
    "parse_slot",
]

TYPES = ("hero", "equipment", "goat", "creature")
ROWS = ("front", "middle", "back")
SOURCES = ("rulebook", "published", "house")
SLOT_NAMES = ("F1", "F2", "F3", "M1", "M2", "M3", "B1", "B2", "B3")
WHEN = ("attacking", "defending")

# kind -> required parameter names (besides kind); "amount" is an int
VALUE_KINDS: dict[str, tuple[str, ...]] = {
    "per_in_front": ("amount",),
    "per_behind": ("amount",),
    "per_adjacent": ("amount",),
    "per_same_row": ("amount",),
    "per_same_column": ("amount",),
    "per_own_discard": ("amount",),
    "per_opponent_discard": ("amount",),
    "vs_type": ("amount", "types"),
    "while_face_up": ("amount",),
    "when_attacking": ("amount",),
    "when_defending": ("amount",),
    "in_row": ("amount", "row"),
    "if_seen": ("amount", "card"),
    "if_slain": ("amount", "card"),
    "if_on_battlefield": ("amount", "card"),
    "attack_value": ("value",),
}
ABILITY_KINDS: dict[str, tuple[str, ...]] = {
    "defender_chooses_target": (),
    "also_hits_own_adjacent": (),
    "may_avoid_battle": (),
    "explodes": ("when",),
    "second_target": (),
    "place_in_row": ("row",),
    "move_at_start": (),
    "captures": (),
}
_OPTIONAL = {"when"}  # allowed on every value kind

# geometry tables ---------------------------------------------------------------------------
IN_FRONT = tuple(tuple(s - 3 * k for k in range(1, s // 3 + 1)) for s in range(9))
BEHIND = tuple(tuple(s + 3 * k for k in range(1, 3 - s // 3)) for s in range(9))
ADJACENT = tuple(
    tuple(
        r * 3 + c
        for r, c in ((s // 3 - 1, s % 3), (s // 3 + 1, s % 3), (s // 3, s % 3 - 1), (s // 3, s % 3 + 1))
        if 0 <= r < 3 and 0 <= c < 3
    )
    for s in range(9)
)
SAME_ROW = tuple(tuple(x for x in range(9) if x // 3 == s // 3 and x != s) for s in range(9))
SAME_COLUMN = tuple(tuple(x for x in range(9) if x % 3 == s % 3 and x != s) for s in range(9))
_GEOMETRY = {
    "per_in_front": IN_FRONT,
    "per_behind": BEHIND,
    "per_adjacent": ADJACENT,
    "per_same_row": SAME_ROW,
    "per_same_column": SAME_COLUMN,
}


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


def parse_slot(text: str | int) -> int:
    if isinstance(text, int):
        if 0 <= text < 9:
            return text
        raise ValueError(f"slot {text} is not between 0 and 8")
    key = str(text).strip().upper()
    if key in SLOT_NAMES:
        return SLOT_NAMES.index(key)
    raise ValueError(f"{text!r} is not a slot (use one of {' '.join(SLOT_NAMES)})")


# --------------------------------------------------------------------------- cards
@dataclass(frozen=True)
class Card:
    """One card. ``mods`` are the value effects as tuples, abilities are flags."""

    id: str
    name: str
    type: str
    value: int
    effects: tuple = ()
    source: str = "house"
    value_source: str | None = None
    note: str | None = None
    ability: str = ""
    # derived (filled in by from_dict)
    mods: tuple = field(default=(), compare=False, repr=False)
    defender_chooses: bool = field(default=False, compare=False, repr=False)
    hits_own_adjacent: bool = field(default=False, compare=False, repr=False)
    may_avoid: bool = field(default=False, compare=False, repr=False)
    explodes: str | None = field(default=None, compare=False, repr=False)
    second_target: bool = field(default=False, compare=False, repr=False)
    place_row: int | None = field(default=None, compare=False, repr=False)
    moves_at_start: bool = field(default=False, compare=False, repr=False)
    captures: bool = field(default=False, compare=False, repr=False)
    attack_value: int | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_dict(cls, d: Mapping) -> "Card":
        """Build a card from a checked row (see :func:`load_cards` for the checks)."""
        effects = tuple(dict(e) for e in d.get("effects", ()))
        mods = []
        flags: dict[str, Any] = {}
        for e in effects:
            kind = e["kind"]
            if kind == "attack_value":
                flags["attack_value"] = int(e["value"])
            elif kind in VALUE_KINDS:
                param: Any = None
                if kind == "vs_type":
                    param = frozenset(e["types"])
                elif kind == "in_row":
                    param = ROWS.index(e["row"])
                elif kind in ("if_seen", "if_slain", "if_on_battlefield"):
                    param = e["card"]
                mods.append((kind, int(e["amount"]), param, e.get("when"), describe_effect(e)))
            elif kind == "defender_chooses_target":
                flags["defender_chooses"] = True
            elif kind == "also_hits_own_adjacent":
                flags["hits_own_adjacent"] = True
            elif kind == "may_avoid_battle":
                flags["may_avoid"] = True
            elif kind == "explodes":
                flags["explodes"] = e.get("when", "any")
            elif kind == "second_target":
                flags["second_target"] = True
            elif kind == "place_in_row":
                flags["place_row"] = ROWS.index(e["row"])
            elif kind == "move_at_start":
                flags["moves_at_start"] = True
            elif kind == "captures":
                flags["captures"] = True
        ability = d.get("ability") or describe_effects(effects)
        return cls(
            id=d["id"],
            name=d["name"],
            type=d["type"],
            value=int(d["value"]),
            effects=tuple(_freeze(e) for e in effects),
            source=d.get("source", "house"),
            value_source=d.get("value_source"),
            note=d.get("note"),
            ability=ability,
            mods=tuple(mods),
            **flags,
        )

    def to_dict(self) -> dict:
        out = {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "value": self.value,
            "effects": [_thaw(e) for e in self.effects],
            "ability": self.ability,
            "source": self.source,
        }
        if self.value_source:
            out["value_source"] = self.value_source
        if self.note:
            out["note"] = self.note
        return out

    def __str__(self) -> str:
        return f"{self.name} ({self.value})"


def _freeze(e: Mapping) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in e.items()))


def _thaw(e: tuple) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in e}


# --------------------------------------------------------------------------- describing
def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def describe_effect(e: Mapping, names: Mapping[str, str] | None = None) -> str:
    """One effect in plain words (our own wording, used as the card's ability text)."""
    names = names or {}
    kind = e["kind"]
    amount: int = e.get("amount", 0)
    when: str = e.get("when") or ""
    tail = {"attacking": " when attacking", "defending": " when defending"}.get(when, "") if kind in VALUE_KINDS else ""
    card_id = str(e.get("card", ""))
    ref = names.get(card_id, card_id.replace("_", " ").title())
    text = {
        "per_in_front": lambda: f"{_signed(amount)} per card straight ahead of it in its column",
        "per_behind": lambda: f"{_signed(amount)} per card straight behind it in its column",
        "per_adjacent": lambda: f"{_signed(amount)} per neighbouring card (up, down, left, right)",
        "per_same_row": lambda: f"{_signed(amount)} per other card in its row",
        "per_same_column": lambda: f"{_signed(amount)} per other card in its column",
        "per_own_discard": lambda: f"{_signed(amount)} per card in its owner's discard pile",
        "per_opponent_discard": lambda: f"{_signed(amount)} per card in the opposing owner's discard pile",
        "vs_type": lambda: f"{_signed(amount)} against " + " or ".join(t.title() for t in e["types"]) + " cards",
        "while_face_up": lambda: f"{_signed(amount)} while it counts as face up",
        "when_attacking": lambda: f"{_signed(amount)} as the attacker",
        "when_defending": lambda: f"{_signed(amount)} as the defender",
        "in_row": lambda: f"{_signed(amount)} while in the {e['row']} row",
        "if_seen": lambda: f"{_signed(amount)} once {ref} has been revealed this game",
        "if_slain": lambda: f"{_signed(amount)} once {ref} has been defeated this game",
        "if_on_battlefield": lambda: f"{_signed(amount)} while {ref} is in play on the same battlefield",
        "attack_value": lambda: f"attacks always count as {e['value']}",
        "defender_chooses_target": lambda: "as attacker it names an opponent, who picks which of their cards defends",
        "also_hits_own_adjacent": lambda: "as attacker it also fights one neighbouring card of its own, if any",
        "may_avoid_battle": lambda: "if attacked while face down, its owner may turn it face up and skip the battle (both cards stay face up)",
        "explodes": lambda: {
            "attacking": "explodes when it attacks: both cards are defeated",
            "defending": "explodes when attacked: both cards are defeated",
        }.get(e.get("when", "any"), "explodes in any battle: both cards are defeated"),
        "second_target": lambda: "may strike two opponent cards in one attack",
        "place_in_row": lambda: f"must be laid out in the {e['row']} row",
        "move_at_start": lambda: "once, as the battle begins, may swap places with one of its owner's cards",
        "captures": lambda: "when it defeats a card as attacker, takes that card face down onto an empty slot of its owner's battlefield",
    }[kind]()
    return text + tail


def describe_effects(effects: Iterable[Mapping], names: Mapping[str, str] | None = None) -> str:
    parts = [describe_effect(e, names) for e in effects]
    if not parts:
        return "No ability."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


# --------------------------------------------------------------------------- validation
class CardListError(ValueError):
    """A card list with bad rows. ``problems`` is a list of (row, field, message); rows count from 1."""

    def __init__(self, problems: list[tuple[int | None, str, str]]):
        self.problems = problems
        lines = [
            (f"row {row}" if row is not None else "card list") + f", {fld}: {msg}" for row, fld, msg in problems
        ]
        super().__init__(f"{len(problems)} problem(s) in the card list:\n  " + "\n  ".join(lines))


_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]*$")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate_rows(rows: object) -> list[tuple[int | None, str, str]]:
    """Every problem in a list of card rows; an empty list means the rows are fine."""
    problems: list[tuple[int | None, str, str]] = []
    if not isinstance(rows, list):
        return [(None, "cards", "expected a list of card objects")]
    if not rows:
        return [(None, "cards", "the list is empty")]
    ids: dict[str, int] = {}
    references: list[tuple[int, str, str]] = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, Mapping):
            problems.append((i, "row", f"expected an object, got {type(row).__name__}"))
            continue
        known = {"id", "name", "type", "value", "effects", "ability", "source", "value_source", "note"}
        for key in row:
            if key not in known:
                problems.append((i, str(key), f"unknown field (known: {', '.join(sorted(known))})"))
        cid = row.get("id")
        if not isinstance(cid, str) or not _ID_RE.match(cid):
            problems.append((i, "id", f"must be lower-case letters, digits and _ (got {cid!r})"))
        elif cid in ids:
            problems.append((i, "id", f"{cid!r} is already used by row {ids[cid]}"))
        else:
            ids[cid] = i
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append((i, "name", f"must be a non-empty text (got {name!r})"))
        if row.get("type") not in TYPES:
            problems.append((i, "type", f"must be one of {', '.join(TYPES)} (got {row.get('type')!r})"))
        value = row.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
            problems.append((i, "value", f"must be a whole number from 0 to 20 (got {value!r})"))
        if row.get("source") not in SOURCES:
            problems.append((i, "source", f"must be one of {', '.join(SOURCES)} (got {row.get('source')!r})"))
        if "value_source" in row and row["value_source"] not in SOURCES:
            problems.append((i, "value_source", f"must be one of {', '.join(SOURCES)} (got {row['value_source']!r})"))
        for opt in ("ability", "note"):
            if opt in row and not isinstance(row[opt], str):
                problems.append((i, opt, "must be text"))
        effects = row.get("effects", [])
        if not isinstance(effects, list):
            problems.append((i, "effects", "must be a list of effect objects"))
            continue
        for j, e in enumerate(effects, start=1):
            where = f"effects[{j}]"
            if not isinstance(e, Mapping):
                problems.append((i, where, "must be an object with a 'kind'"))
                continue
            kind = e.get("kind")
            if not isinstance(kind, str):
                problems.append((i, where + ".kind", f"must be the name of an effect kind (got {kind!r})"))
                continue
            if kind in VALUE_KINDS:
                need = VALUE_KINDS[kind]
                allowed = set(need) | _OPTIONAL | {"kind"}
            elif kind in ABILITY_KINDS:
                need = ABILITY_KINDS[kind]
                allowed = set(need) | {"kind"}
                if kind == "explodes":
                    need = ()
            else:
                problems.append((i, where + ".kind", f"unknown effect kind {kind!r}"))
                continue
            for key in e:
                if key not in allowed:
                    problems.append((i, f"{where}.{key}", f"not a parameter of {kind}"))
            for key in need:
                if key not in e:
                    problems.append((i, f"{where}.{key}", f"{kind} needs {key!r}"))
            if "amount" in e and not _is_int(e["amount"]):
                problems.append((i, f"{where}.amount", f"must be a whole number (got {e['amount']!r})"))
            if "value" in e and (not _is_int(e["value"]) or e["value"] < 0):
                problems.append((i, f"{where}.value", f"must be a whole number of 0 or more (got {e['value']!r})"))
            if "when" in e:
                options = WHEN + (("any",) if kind == "explodes" else ())
                if e["when"] not in options:
                    problems.append((i, f"{where}.when", f"must be one of {', '.join(options)} (got {e['when']!r})"))
            if "row" in e and e["row"] not in ROWS:
                problems.append((i, f"{where}.row", f"must be one of {', '.join(ROWS)} (got {e['row']!r})"))
            if "types" in e:
                t = e["types"]
                if not isinstance(t, list) or not t or any(x not in TYPES for x in t):
                    problems.append((i, f"{where}.types", f"must be a non-empty list of {', '.join(TYPES)} (got {t!r})"))
            if "card" in e:
                if not isinstance(e["card"], str):
                    problems.append((i, f"{where}.card", "must be a card id"))
                else:
                    references.append((i, f"{where}.card", e["card"]))
    for i, fld, ref in references:
        if ref not in ids:
            problems.append((i, fld, f"names card {ref!r}, which is not in the list"))
    return problems


def _read(content) -> object:
    """Card-list content as parsed data: JSON text (``str`` or UTF-8 ``bytes``) or data already
    parsed. Never a path: text that is not JSON is a bad card list (files are read only by
    :func:`load_cards_file`, a call the caller makes)."""
    if isinstance(content, (list, dict)):
        return content
    if isinstance(content, (bytes, bytearray)):
        try:
            content = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            raise CardListError([(None, "file", "not UTF-8 text")]) from None
    if isinstance(content, os.PathLike):
        raise CardListError([(None, "input", "a path: read a card-list file with load_cards_file(path)")])
    if not isinstance(content, str):
        raise CardListError([(None, "input", f"expected JSON text or parsed rows, got {type(content).__name__}")])
    try:
        data = json.loads(content)
    except (json.JSONDecodeError, RecursionError) as exc:
        detail = exc if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        raise CardListError([(None, "json", f"not valid JSON: {detail}")]) from None
    except ValueError as exc:  # e.g. a number too long to convert
        raise CardListError([(None, "json", f"not valid JSON: {exc}")]) from None
    if not isinstance(data, (list, dict)):
        raise CardListError([(None, "cards", f"expected a list of card objects or {{\"cards\": [...]}}, "
                                             f"got {json.dumps(data)[:40]}")])
    return data


def load_cards_file(path: str | os.PathLike) -> CardSet:
    """Read a card-list file (``path``) and load it as :func:`load_cards` does: the one way to
    load a list from a file (pages and saves pass content only)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise CardListError([(None, "file", f"cannot read {str(path)!r}: {reason}")]) from None
    return load_cards(text)


class CardSet:
    """An immutable list of cards with lookups. ``standard`` says it is the built-in set."""

    def __init__(self, cards: Iterable[Card], standard: bool = False):
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_id: dict[str, Card] = {c.id: c for c in self.cards}
        self.ids: tuple[str, ...] = tuple(c.id for c in self.cards)
        self.heroes: tuple[str, ...] = tuple(c.id for c in self.cards if c.type == "hero")
        self.others: tuple[str, ...] = tuple(c.id for c in self.cards if c.type != "hero")
        self.standard = standard

    def __getitem__(self, cid: str) -> Card:
        return self.by_id[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.by_id

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def to_list(self) -> list[dict]:
        return [c.to_dict() for c in self.cards]

    def __repr__(self) -> str:
        return f"<CardSet of {len(self.cards)} cards{' (standard)' if self.standard else ''}>"


def load_cards(content) -> CardSet:
    """Load a card list from its content: JSON text (or UTF-8 bytes), or already-parsed data,
    in the data file's format. Text is never taken for a file name: read a file with
    :func:`load_cards_file`.

    The format is ``{"cards": [row, ...]}`` (or just the list of rows); each row is an object
    with ``id``, ``name``, ``type``, ``value``, ``effects`` and ``source`` (``ability`` text,
    ``value_source`` and ``note`` are optional). Raises :class:`CardListError` (a
    ``ValueError``) listing every bad row: row number, field and what is wrong.
    """
    data = _read(content)
    rows: Any = data.get("cards") if isinstance(data, dict) else data
    if isinstance(data, dict) and "cards" not in data:
        raise CardListError([(None, "cards", "the object has no 'cards' list")])
    problems = validate_rows(rows)
    if problems:
        raise CardListError(problems)
    names = {r["id"]: r["name"] for r in rows}
    cards = []
    for r in rows:
        r = dict(r)
        if not r.get("ability"):
            r["ability"] = describe_effects(r.get("effects", []), names)
        cards.append(Card.from_dict(r))
    return CardSet(cards)


_DATA_CACHE: dict | None = None
_STANDARD: CardSet | None = None


def card_data() -> dict:
    """The packaged data file (cards and readings) as parsed JSON."""
    global _DATA_CACHE
    if _DATA_CACHE is None:
        text = resources.files("livestock_notebooks").joinpath("data/battlegoats/cards.json").read_text("utf-8")
        _DATA_CACHE = json.loads(text)
    return _DATA_CACHE


def standard_cards() -> CardSet:
    """The 81 built-in cards (loaded once)."""
    global _STANDARD
    if _STANDARD is None:
        cs = load_cards(card_data())
        _STANDARD = CardSet(cs.cards, standard=True)
    return _STANDARD


def readings() -> list[dict]:
    """The rule readings chosen where the rulebook is ambiguous (shown to users)."""
    return list(card_data().get("readings", []))


# --------------------------------------------------------------------------- evaluator
def card_value(
    card: Card,
    *,
    board: list,
    slot: int,
    role: str,
    other_type: str,
    face_up: bool,
    own_discard: int,
    other_discard: int,
    seen: "set | frozenset",
    slain: "set | frozenset",
    explain: bool = False,
):
    """A card's value in one battle. Returns ``(total, parts)``; ``parts`` lists
    ``(description, amount)`` for each modifier that applied (only when ``explain``).

    ``board`` is the owner's 9 slots (card ids or None); ``role`` "attacking" or "defending";
    ``face_up`` whether it counts as face up (it started the turn face up); ``seen`` the ids
    revealed this game including the cards of this battle; ``slain`` the ids defeated so far.
    """
    parts: list[tuple[str, int]] | None = [] if explain else None
    if role == "attacking" and card.attack_value is not None:
        if parts is not None:
            parts.append((f"attacks always count as {card.attack_value}", card.attack_value - card.value))
        return card.attack_value, parts
    total = card.value
    for kind, amount, param, when, text in card.mods:
        if when is not None and when != role:
            continue
        geo = _GEOMETRY.get(kind)
        if geo is not None:
            n = 0
            for s in geo[slot]:
                if board[s] is not None:
                    n += 1
        elif kind == "per_own_discard":
            n = own_discard
        elif kind == "per_opponent_discard":
            n = other_discard
        elif kind == "vs_type":
            n = other_type in param
        elif kind == "while_face_up":
            n = face_up
        elif kind == "when_attacking":
            n = role == "attacking"
        elif kind == "when_defending":
            n = role == "defending"
        elif kind == "in_row":
            n = slot // 3 == param
        elif kind == "if_seen":
            n = param in seen
        elif kind == "if_slain":
            n = param in slain
        elif kind == "if_on_battlefield":
            n = param in board and board[slot] != param
        else:  # pragma: no cover - validated away
            n = 0
        if n:
            total += amount * n
            if parts is not None:
                parts.append((text, amount * n))
    return total, parts
