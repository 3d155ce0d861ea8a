"""What one seat of Space Pigs may know, as typed read-only objects: :func:`build_view`.

``state.player_view(p)`` returns a :class:`SpacePigsPlayerView` for seat ``p``;
``state.player_view(None)`` the spectator's view (nobody's secrets). A view holds plain values
and tuples only (no engine objects), compares equal when two positions look the same to that
seat, and goes to JSON with ``to_dict()``.

Hidden from a seat: the other hands (a count each), the other sacred recipes in the full game,
the other seventh-planet acorns ("?"), the other travel markers chosen face down, the other
side's face-down combat cards (a count), the card of an exchange offer it is not part of, a hex
another player drew and looks at, the face of unexplored hexes, the order of the deck and of
the hex piles (counts), and the dice.

>>> from livestock_notebooks import space_pigs as sp
>>> state = sp.from_notation("SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=2,0,0 | 0,0:Pr:a5 1,0:Py")
>>> view = build_view(state, 0)
>>> view.sequence, view.actor, view.hexes[0].occupants[0].piglets, view.hex_label(1)
('2B', 0, 5, 'H1 (yellow planet)')
>>> view.clans[1].hand is None and view.clans[0].hand is not None
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..core.protocol import PlayerView
from .pictures import position_html

__all__ = [
    "ClanView", "CombatView", "DrawnHex", "ElectionView", "HexView", "Occupant", "OfferView", "PendingChoice",
    "SpacePigsPlayerView", "TripView", "build_view",
]

#: Alien codes in the ``who`` of an :class:`Occupant`.
PIRATES, PORCOPHAGES, WORM = -1, -2, -3
KIND_WORDS = {"P": "planet", "D": "double planet", "A": "asteroid", "S": "sun"}
COLOUR_WORDS = {"r": "red", "y": "yellow", "b": "blue"}


@dataclass(frozen=True)
class Occupant:
    """Who stands on a hex: a player (``who`` >= 0) with piglets and hogs (``moved_*`` of them
    have travelled this turn), or an alien stack (``who`` -1 pirates, -2 porcophages, -3 the
    acorn worm) of ``piglets`` aliens (read it as :attr:`count`)."""

    who: int
    piglets: int
    hogs: int = 0
    moved_piglets: int = 0
    moved_hogs: int = 0

    @property
    def is_alien(self) -> bool:
        return self.who < 0

    @property
    def count(self) -> int:
        """The aliens of an alien stack; the troops of a player."""
        return self.piglets + self.hogs

    @property
    def troops(self) -> int:
        return self.piglets + self.hogs


@dataclass(frozen=True)
class HexView:
    """One cell of the galaxy. ``kind``: "P" planet, "D" double planet, "A" asteroid, "S" the
    sun, "?" face down; ``colour``: "r", "y", "b", "" (none) or "?" (face down); ``family``: the
    pile it came from; ``occupants`` in arrival order (the first holds the hex)."""

    index: int
    q: int
    r: int
    kind: str
    colour: str
    family: str
    face_down: bool
    occupants: tuple[Occupant, ...] = ()

    @property
    def holder(self) -> int | None:
        """The first occupant (player or alien code), or ``None`` when the hex is empty."""
        return self.occupants[0].who if self.occupants else None

    def occupant(self, who: int) -> Occupant | None:
        return next((o for o in self.occupants if o.who == who), None)


@dataclass(frozen=True)
class ClanView:
    """One seat's clan display. ``hand`` is the list of cards for the viewer's own seat, ``None``
    for the others (``cards`` counts them); ``recipe`` is ``None`` when secret; ``seventh`` is
    the seventh-planet acorn ("r", "y", "b"), "?" when secret, ``None`` without it; ``marker``
    the travel marker chosen (0: none yet) and ``marker_secret`` True when another seat chose
    one face down; ``hand_size`` the hand a draw fills up to."""

    player: int
    clan: str
    name: str
    cards: int
    hand: tuple[int, ...] | None
    recipe: tuple[int, ...] | None
    seventh: str | None
    marker: int
    marker_secret: bool
    trips: int
    used_markers: tuple[int, ...]
    governors: int
    acorns: tuple[int, ...]
    faction: int
    out: bool
    new_piglets: int
    new_hogs: int
    hand_size: int = 6


@dataclass(frozen=True)
class CombatView:
    """The combat under way. ``attacker`` / ``defender``: a player or an alien code. The cards
    of a side are listed once the viewer may see them (their own, or all once revealed); the
    counts are always there. ``stage``: cards_d, cards_a (face-down cards), tech, flee_d,
    flee_a, reroll, win_tie."""

    hex: int
    attacker: int
    defender: int
    sequence: str
    round: int
    stage: str
    revealed: bool
    attacker_bonus: int
    defender_bonus: int
    tech: int
    attacker_cards: tuple[int, ...]
    defender_cards: tuple[int, ...]
    attacker_card_count: int
    defender_card_count: int

    def cards_of(self, who: int | None) -> tuple[int, ...] | None:
        """The cards the viewer knows of side ``who`` (None if ``who`` is not in this combat)."""
        if who == self.attacker:
            return self.attacker_cards
        if who == self.defender:
            return self.defender_cards
        return None


@dataclass(frozen=True)
class TripView:
    """The trip under way: from ``source``, now at ``position``, troops aboard, hops flown."""

    source: int
    position: int
    piglets: int
    hogs: int
    hops: int
    mode: str


@dataclass(frozen=True)
class PendingChoice:
    """A card (``what`` "card", ``card`` its id) or a clan power (``what`` "power", ``power``
    its name) waiting for its targets (``kinds``)."""

    what: str
    player: int
    card: int | None
    power: str | None
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class OfferView:
    """An exchange offer inside a faction; ``card`` is ``None`` for seats not part of it."""

    giver: int
    partner: int
    card: int | None


@dataclass(frozen=True)
class DrawnHex:
    """A hex drawn and being looked at; ``tile`` ("Pr", "Db", "A" ...) only for its drawer."""

    player: int
    pile: str
    tile: str | None


@dataclass(frozen=True)
class ElectionView:
    """The election of 4C: ``stage`` stand, call or vote; ``votes`` (voter, candidate) in the
    order the votes were called; ``called`` the clan called to vote now (-1: none)."""

    stage: str
    caller: int
    candidates: tuple[int, ...]
    barred: tuple[int, ...]
    votes: tuple[tuple[int, int], ...]
    called: int


class _Later:
    """The ``known`` text of a view not written yet: the viewer, and a copy of the state when
    the view was built with every secret of the others overwritten
    (:meth:`~.state.SpacePigsState.secretless_copy`), so the view holds nothing its seat may not know."""

    __slots__ = ("state", "viewer")

    def __init__(self, state, viewer: int | None):
        self.state, self.viewer = state, viewer

    def text(self) -> str:
        return json.dumps(self.state.view_dict(self.viewer), separators=(",", ":"), sort_keys=True)


class _Known:
    """The ``known`` field of :class:`SpacePigsPlayerView` (a dataclass field whose default is
    this descriptor): given a :class:`_Later`, the text is written on first read and kept, so
    the view compares, hashes, prints and goes to a dict exactly as if it had been given the
    text; given a str, that str."""

    def __get__(self, obj, owner=None) -> str:
        if obj is None:
            return ""  # the field's default
        value = obj.__dict__["_known"]
        if type(value) is _Later:
            value = obj.__dict__["_known"] = value.text()
        return value

    def __set__(self, obj, value) -> None:
        obj.__dict__["_known"] = value


@dataclass(frozen=True)
class SpacePigsPlayerView(PlayerView):
    """What ``viewer`` (``None``: a spectator) may know of a game of Space Pigs."""

    players: int
    rules: str
    options: tuple[tuple[str, Any], ...]
    turn: int
    max_rounds: int | None
    sequence: str
    sequence_title: str
    stage: str
    actor: int | None
    over: bool
    winners: tuple[int, ...]
    order: tuple[int, ...]
    first: int
    royal_pig: int
    clans: tuple[ClanView, ...]
    hexes: tuple[HexView, ...]
    piles: tuple[tuple[str, int], ...]
    deck: int
    discard: int
    worm_eaten: int
    drawn: DrawnHex | None = None
    combat: CombatView | None = None
    trip: TripView | None = None
    pending: PendingChoice | None = None
    offer: OfferView | None = None
    election: ElectionView | None = None
    markers_to_give: int = 0
    move_again: int | None = None
    movable: tuple[tuple[int, int, int], ...] = ()
    #: the tiles the viewer has not seen, by pile family (face-down hexes, the piles and a hex
    #: someone else drew), sorted: what the face-down hexes may turn out to be
    unseen_tiles: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: the whole position as this seat knows it, as compact JSON in the save's layout with the
    #: secrets masked (``state.view_dict(viewer)``); :func:`~.determinize.determinize` rebuilds
    #: a full state from it. Written on first read (:class:`_Known`): most views (a heuristic
    #: bot's, a playout's) never read it
    known: str = _Known()  # type: ignore[assignment]

    # -- reading ---------------------------------------------------------------------------
    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    @property
    def simple(self) -> bool:
        return self.rules != "full"

    def name(self, player: int | None) -> str:
        """"P1 Porcus" (or "P1" before the clans are drawn)."""
        if player is None:
            return "nobody"
        if 0 <= player < len(self.clans) and self.clans[player].clan:
            return self.clans[player].name
        return f"P{player + 1}"

    def picture_html(self) -> str:
        """The galaxy, the clans' troops, acorns and cards, and the aliens, as this viewer knows them."""
        return position_html(self)

    def hex_label(self, h: int) -> str:
        """"H3 (red planet)", "H2 (asteroid)", "H5 (unexplored red hex)"."""
        x = self.hexes[h]
        if x.face_down:
            return f"H{h} (unexplored {x.family} hex)"
        kind = KIND_WORDS.get(x.kind, "?")
        if x.kind in ("P", "D"):
            return f"H{h} ({COLOUR_WORDS.get(x.colour, '?')} {kind})"
        return f"H{h} ({kind})"

    def own_hand(self) -> tuple[int, ...] | None:
        """The viewer's cards (``None`` for a spectator)."""
        if self.viewer is None or not 0 <= self.viewer < len(self.clans):
            return None
        return self.clans[self.viewer].hand

    def ship(self) -> dict | None:
        """The ship card (or power) played for the viewer's next trip: ``{"mode": .., "range": ..}``
        as :attr:`known` holds it (a fresh dict; ``None``: none, or no known position)."""
        value = self.__dict__.get("_known")
        if type(value) is _Later:  # read from the state without writing the whole text
            ship = value.state.ship
            return None if ship is None else json.loads(json.dumps(ship))
        return json.loads(self.known).get("ship") if self.known else None

    def movable_from(self, h: int) -> tuple[int, int, int]:
        """(piglets, hogs, total) the viewer may put aboard at hex ``h`` now (zeros elsewhere)."""
        return self.movable[h] if 0 <= h < len(self.movable) else (0, 0, 0)


# --------------------------------------------------------------------------- building
def _occupant(e: list) -> Occupant:
    if e[0] < 0:
        return Occupant(e[0], e[1])
    return Occupant(e[0], e[1] + e[3], e[2] + e[4], e[3], e[4])


#: the hexes built so far, by what they are built from: a view's hexes are shared with earlier
#: views where the hex is the same (they are immutable), so most are not built again
_HEX_VIEWS: dict[tuple, HexView] = {}
_MOST_HEX_VIEWS = 10000  # then the store starts again (a few MB at most)


def _hexes(state, viewer: int | None) -> tuple[HexView, ...]:
    out = []
    known = _HEX_VIEWS
    q, r, kind, colour, family, face_down = (state.hex_q, state.hex_r, state.hex_kind, state.hex_colour,
                                             state.hex_family, state.face_down)
    for h, occupants in enumerate(state.occupants):
        key = (h, q[h], r[h], kind[h], colour[h], family[h], face_down[h], *map(tuple, occupants))
        x = known.get(key)
        if x is None:
            if len(known) >= _MOST_HEX_VIEWS:
                known.clear()
            hidden = bool(face_down[h])
            x = known[key] = HexView(
                index=h, q=q[h], r=r[h], kind="?" if hidden else kind[h],
                colour="?" if hidden else (colour[h] or ""), family=family[h] or "", face_down=hidden,
                occupants=tuple(_occupant(e) for e in occupants))
        out.append(x)
    return tuple(out)


def _clans(state, viewer: int | None) -> tuple[ClanView, ...]:
    out = []
    for p in range(state.players):
        mine = p == viewer
        clan = state.clans[p] if p < len(state.clans) else ""
        recipe = state.recipes[p] if p < len(state.recipes) else None
        seventh = state.seventh[p]
        choice = state.choice[p]
        out.append(ClanView(
            player=p, clan=clan, name=state.pname(p), cards=len(state.hands[p]),
            hand=tuple(state.hands[p]) if mine else None,
            recipe=tuple(recipe) if recipe is not None and (mine or state.simple) else None,
            seventh=seventh if mine or seventh is None else "?",
            marker=choice if mine else 0, marker_secret=bool(choice) and not mine,
            trips=state.trips[p], used_markers=tuple(state.used[p]), governors=state.governors[p],
            acorns=tuple(state.acorns[p]), faction=state.faction[p] if state.faction[p] is not None else -1,
            out=bool(state.out[p]), new_piglets=state.new_piglets[p], new_hogs=state.new_hogs[p],
            hand_size=state.hand_size(p)))  # the engine's own rule
    return tuple(out)


def _combat(state, viewer: int | None) -> CombatView | None:
    cb = state.combat
    if cb is None:
        return None
    secret = cb.stage in ("cards_d", "cards_a") and not cb.revealed

    def cards(who: int, played: list[int]) -> tuple[int, ...]:
        return tuple(played) if not secret or who == viewer else ()

    return CombatView(
        hex=cb.hex, attacker=cb.attacker, defender=cb.defender, sequence=cb.sequence, round=cb.round,
        stage=cb.stage, revealed=bool(cb.revealed), attacker_bonus=int(cb.attacker_bonus),
        defender_bonus=int(cb.defender_bonus), tech=int(cb.tech),
        attacker_cards=cards(cb.attacker, cb.attacker_cards), defender_cards=cards(cb.defender, cb.defender_cards),
        attacker_card_count=len(cb.attacker_cards), defender_card_count=len(cb.defender_cards))


def _election(state) -> ElectionView | None:
    sd = state.seq_data or {}
    if state.seq != "4C" or sd.get("stage") not in ("stand", "call", "vote"):
        return None
    caller = state.royal_pig if (state.turn >= 2 and state.royal_pig >= 0) else state.order[0]
    votes = sd.get("votes") or []
    voted = [p for p in sd.get("voted", []) if 0 <= votes[p]]
    return ElectionView(stage=sd["stage"], caller=caller, candidates=tuple(sd.get("candidates", [])),
                        barred=tuple(sd.get("barred", [])), votes=tuple((p, votes[p]) for p in voted),
                        called=int(sd.get("called", -1)))


def _movable(state, viewer: int | None) -> tuple[tuple[int, int, int], ...]:
    if viewer is None or viewer < 0 or state.seq not in ("2B", "2X") or state.actor != viewer:
        return ()
    again = (state.seq_data or {}).get("again") == viewer
    out = []
    for h, occ in enumerate(state.occupants):
        if any(e[0] == viewer for e in occ):
            out.append(tuple(state.movable(h, viewer, again)))
        else:
            out.append((0, 0, 0))
    return tuple(out)


def _unseen_tiles(state, viewer: int | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    drawn = state.drawn if state.drawn is not None and state.drawn[0] != viewer else None
    face_down: dict[str, list[str]] = {}
    for h, hidden in enumerate(state.face_down):
        if hidden:
            face_down.setdefault(state.hex_family[h], []).append(state.hex_kind[h] + state.hex_colour[h])
    families = sorted(set(face_down) | set(state.piles) | ({drawn[1]} if drawn else set()))
    out = []
    for family in families:
        tiles = face_down.get(family, []) + list(state.piles.get(family, []))
        if drawn is not None and drawn[1] == family:
            tiles.append(drawn[2])
        out.append((family, tuple(sorted(tiles))))
    return tuple(out)


def build_view(state, viewer: int | None) -> SpacePigsPlayerView:
    """What ``viewer`` may know of ``state`` (``None`` or a negative number: a spectator)."""
    if viewer is not None and not 0 <= viewer < state.players:
        viewer = None
    sd = state.seq_data or {}
    drawn = None
    if state.drawn is not None:
        d = state.drawn
        drawn = DrawnHex(d[0], d[1], d[2] if d[0] == viewer else None)
    trip = None
    if state.trip is not None:
        t = state.trip
        trip = TripView(t["src"], t["pos"], t["p"], t["h"], t.get("hops", 0), t.get("mode", ""))
    pending = None
    if state.pending is not None:
        pd = state.pending
        card = pd["id"] if pd["what"] == "card" else None
        pending = PendingChoice(pd["what"], pd["player"], card, None if card is not None else str(pd["id"]),
                                tuple(pd.get("kinds", ())))
    offer = None
    if state.offer is not None:
        o = state.offer
        offer = OfferView(o[0], o[1], o[2] if viewer in (o[0], o[1]) else None)
    markers = 0
    if state.seq == "1B" and sd.get("stage") == "give":
        markers = int(sd["k"]) - len(sd.get("assign", []))
    again = sd.get("again") if state.seq in ("2B", "2X") else None
    return SpacePigsPlayerView(
        viewer=viewer, players=state.players, rules=state.rules, options=tuple(sorted(state.opts.items())),
        turn=state.turn, max_rounds=state.max_rounds, sequence=state.sequence, sequence_title=state.sequence_title,
        stage=str(sd.get("stage", "")), actor=state.current_player, over=bool(state.over),
        winners=tuple(state.winners), order=tuple(state.order), first=state.first, royal_pig=state.royal_pig,
        clans=_clans(state, viewer), hexes=_hexes(state, viewer),
        piles=tuple((k, len(v)) for k, v in state.piles.items()), deck=len(state.deck), discard=len(state.discard),
        worm_eaten=state.worm_eaten, drawn=drawn, combat=_combat(state, viewer), trip=trip, pending=pending,
        offer=offer, election=_election(state), markers_to_give=markers,
        move_again=again if isinstance(again, int) and again >= 0 else None, movable=_movable(state, viewer),
        unseen_tiles=_unseen_tiles(state, viewer),
        known=_Later(state.secretless_copy(viewer), viewer))  # type: ignore[arg-type]  # the field's descriptor writes the text on first read
