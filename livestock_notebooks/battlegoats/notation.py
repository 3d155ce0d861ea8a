"""A one-line text notation for BattleGoats positions (as FEN is for chess).

``bg<n> <phase> s<seat> r<round>/<max|-> f<first|-> l<layout_first> basic|draft [custom]``, then
one section per player ``| slots/hand/discard/pack/seen-extra`` and a tail
``| rev=<ids> [upturn=<ids>] [pend=<json>] [movers=<json>] [won=<seats>:<result>] [captured]
[slain=<ids>]`` (``slain``: cards defeated this game that Alfonso took back into play).
Slots are 9 comma-separated tokens F1..B3: ``.`` empty, a card id, ``id^`` face up and counting
as face up, ``id*`` face up since this turn. Lists are comma-separated ids or ``-``. Cards not
named are set aside; the dice are not part of a position (``seed`` seeds them).

:func:`write_notation` writes a position; :func:`parse_notation` reads one into the save
payload that :meth:`BattleGoatsState.from_dict <.state.BattleGoatsState.from_dict>` restores
(the package's ``from_notation`` does both). This module does not import the state.
"""
from __future__ import annotations

import json
from typing import Any

from ..core.rng import Dice
from .board import PHASES, BoardMixin
from .cards import CardSet, load_cards, standard_cards

__all__ = ["write_notation", "parse_notation", "card_set"]

#: Fields of a player's section, after the slots.
_FIELDS = 5


def _ids(items) -> str:
    return ",".join(items) if items else "-"


def _id_list(field: str) -> list[str]:
    return [] if field in ("", "-") else field.split(",")


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def card_set(cards: Any = None) -> CardSet:
    """The built-in cards (None), a :class:`CardSet`, or anything :func:`load_cards` reads."""
    if cards is None:
        return standard_cards()
    return cards if isinstance(cards, CardSet) else load_cards(cards)


def write_notation(position: BoardMixin) -> str:
    """One-line text for ``position`` (see the module docstring). Dice are not included."""
    pos = position
    head = [
        f"bg{pos.players}",
        pos.phase,
        f"s{pos.seat}",
        f"r{pos.round}/{'-' if pos.max_rounds is None else pos.max_rounds}",
        f"f{'-' if pos.first_attacker is None else pos.first_attacker}",
        f"l{pos.layout_first}",
        "draft" if pos.draft else "basic",
    ]
    if not pos.cards.standard:
        head.append("custom")
    parts = [" ".join(head)]
    for p in range(pos.players):
        slots = ",".join(
            "." if c is None else c + ("^" if pos.counts_face_up(c) else "*" if c in pos.face_up else "")
            for c in pos.board[p]
        )
        own = set(pos.board[p]) | set(pos.hands[p]) | set(pos.packs[p])
        extra = sorted(pos.seen[p] - own - pos.revealed)
        fields = [slots, _ids(pos.hands[p]), _ids(pos.discard[p]), _ids(pos.packs[p]), _ids(extra)]
        parts.append("/".join(fields))
    tail = [f"rev={_ids(sorted(pos.revealed))}"]
    if pos.face_up_turn - pos.face_up:
        tail.append(f"upturn={_ids(sorted(pos.face_up_turn - pos.face_up))}")
    if pos.pending is not None:
        tail.append("pend=" + _compact(pos.pending))
    if pos.movers:
        tail.append("movers=" + json.dumps(pos.movers, separators=(",", ":")))
    if pos.phase == "over":
        tail.append(f"won={_ids([str(w) for w in pos.winners])}:{pos.result}")
    if pos.captured:
        tail.append("captured")
    back_in_play = pos.defeated - {c for pile in pos.discard for c in pile}
    if back_in_play:  # defeated this game, then taken back into play by Alfonso
        tail.append(f"slain={_ids(sorted(back_in_play))}")
    parts.append(" ".join(tail))
    return " | ".join(parts)


def parse_notation(text: str, *, seed: int = 0, cards: Any = None) -> tuple[dict, CardSet]:
    """Read notation ``text`` into a save payload (the ``to_dict`` layout) and its card set.

    Cards not named anywhere are set aside; what a player has seen is their own cards, the
    revealed and face-up ones and the extra ids of their section. Raises ValueError (and
    KeyError / IndexError on truncated text; ``from_notation`` words them all alike).
    """
    sections = [x.strip() for x in text.split("|")]
    head = sections[0].split()
    if not head or not head[0].startswith("bg"):
        raise ValueError("it must start with bg<players>")
    players = int(head[0][2:])
    phase = head[1]
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    opts = {h[0]: h[1:] for h in head[2:] if h[0] in "srfl"}
    cs = card_set(cards)
    rnd, most = opts.get("r", "0/-").split("/")
    first = opts.get("f", "-")
    if len(sections) != players + 2:
        raise ValueError(f"expected {players} player sections and a tail, got {len(sections) - 1} sections")
    board: list[list[str | None]] = [[None] * 9 for _ in range(players)]
    hands, discard, packs = [], [], []
    seen: list[set[str]] = [set() for _ in range(players)]
    face_up: set[str] = set()
    face_up_turn: set[str] = set()
    for p in range(players):
        fields = sections[1 + p].split("/")
        fields += ["-"] * (_FIELDS - len(fields))
        slots = fields[0].split(",")
        if len(slots) != 9:
            raise ValueError(f"player {p} needs 9 slots, got {len(slots)}")
        for s, tok in enumerate(slots):
            if tok == ".":
                continue
            cid = tok.rstrip("^*")
            if cid not in cs:
                raise ValueError(f"unknown card {cid!r}")
            board[p][s] = cid
            if tok.endswith("^"):
                face_up.add(cid)
                face_up_turn.add(cid)
            elif tok.endswith("*"):
                face_up.add(cid)
        hands.append(_id_list(fields[1]))
        discard.append(_id_list(fields[2]))
        packs.append(_id_list(fields[3]))
        seen[p].update(_id_list(fields[4]))
    revealed: set[str] = set()
    pending = None
    movers: list = []
    winners: list[int] = []
    result = None
    captured = False
    slain: set[str] = set()
    for tok in sections[-1].split(" "):
        if tok.startswith("rev="):
            revealed = set(_id_list(tok[4:]))
        elif tok.startswith("upturn="):
            face_up_turn.update(_id_list(tok[7:]))
        elif tok.startswith("pend="):
            pending = json.loads(tok[5:])
        elif tok.startswith("movers="):
            movers = json.loads(tok[7:])
        elif tok.startswith("won="):
            won, result = tok[4:].split(":")
            winners = [int(x) for x in _id_list(won)]
        elif tok == "captured":
            captured = True
        elif tok.startswith("slain="):
            slain.update(_id_list(tok[6:]))
        elif tok:
            raise ValueError(f"unknown tail token {tok!r}")
    for pile in discard:
        revealed.update(pile)
    for p in range(players):
        seen[p].update(c for c in board[p] if c is not None)
        seen[p].update(hands[p])
        seen[p].update(packs[p])
        seen[p].update(revealed)
        seen[p].update(face_up)
    used = {c for b in board for c in b if c} | {c for h in hands for c in h} \
        | {c for h in packs for c in h} | {c for d in discard for c in d}
    if phase == "attack" and pending is None:
        pending = {"stage": "attacker"}
    payload = {
        "players": players,
        "draft": "draft" in head,
        "max_rounds": None if most == "-" else int(most),
        "layout_first": int(opts.get("l", "0")),
        "phase": phase,
        "seat": int(opts.get("s", "0")),
        "round": int(rnd),
        "first_attacker": None if first == "-" else int(first),
        "hands": hands,
        "packs": packs,
        "board": board,
        "discard": discard,
        "set_aside": [c for c in cs.ids if c not in used],
        "face_up": sorted(face_up),
        "face_up_turn": sorted(face_up_turn),
        "revealed": sorted(revealed),
        "seen": [sorted(s) for s in seen],
        "pending": pending,
        "movers": movers,
        "winners": winners,
        "result": result,
        "captured": captured,
        "defeated": sorted(slain | {c for d in discard for c in d}),
        "cards": None if cs.standard else cs.to_list(),
        "dice": Dice(seed).to_dict(),
    }
    return payload, cs
