"""The BattleGoats game state: phases, legal actions, apply, views, saving and notation."""
from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable, cast

from ..core.protocol import Action, Event, GameState, check_action_type, load_state, require
from ..core.errors import IllegalAction, NotYourDecision, SaveFileError
from ..core.pictures import Picture, esc
from ..core.rng import Dice
from . import actions as act
from .actions import STAY, BattleGoatsAction
from .army import ArmyMixin, check_card_list
from .attack import AttackMixin
from .battle import BattleMixin
from .board import (
    EXTRA_CARDS, PHASES, STAGES, SEC_ATTACK, SEC_DRAFT, SEC_FACEUP, SEC_SETUP, SEC_TURNS, player_text as _p,
)
from .cards import ADJACENT, CardSet, load_cards, standard_cards
from .notation import card_set, parse_notation, write_notation
from .setup import SetupMixin
from .turns import TurnsMixin
from .pictures import position_html
from .views import BattleGoatsPlayerView, SlotView, build_view, hidden_from

__all__ = ["BattleGoatsState", "new_game", "load", "from_notation", "PHASES", "STAGES", "EXTRA_CARDS"]

_NEED_STAGE = {
    act.ChooseAttacker: "attacker", act.ChooseOpponent: "opponent", act.ChooseDefender: "defender",
    act.ChooseOwnAdjacent: "own", act.Dodge: "dodge", act.PlaceCaptured: "capture", act.ChooseEnding: "ending",
    act.SkipSecondTarget: "second",
}


class BattleGoatsState(ArmyMixin, SetupMixin, AttackMixin, BattleMixin, TurnsMixin, GameState):
    """A BattleGoats game. See the package docstring for the phases and the actions.

    The rules of each rulebook part are mixins (:mod:`.army`, :mod:`.setup`, :mod:`.attack`,
    :mod:`.battle`, :mod:`.turns`) over the position (:mod:`.board`); this class dispatches
    the legal actions and ``apply``, says why an action is illegal, saves and loads, gives the
    views and checks the invariants."""

    GAME = "battlegoats"
    SAVE_VERSION = 1

    __slots__ = (
        "players", "cards", "draft", "max_rounds", "layout_first", "phase", "hands", "packs", "board",
        "discard", "set_aside", "face_up", "face_up_turn", "revealed", "seen", "seat", "round",
        "first_attacker", "pending", "movers", "_winners", "result", "captured", "defeated", "dice", "_legal",
    )

    # ------------------------------------------------------------------ construction
    def __init__(self) -> None:
        self._legal: list[BattleGoatsAction] | None = None

    @classmethod
    def _blank(cls, players: int, cards: CardSet, draft: bool, max_rounds, layout_first: int, dice: Dice):
        state = cls()
        state.players = players
        state.cards = cards
        state.draft = draft
        state.max_rounds = max_rounds
        state.layout_first = layout_first
        state.phase = "layout"
        state.hands = [[] for _ in range(players)]
        state.packs = [[] for _ in range(players)]
        state.board = [[None] * 9 for _ in range(players)]
        state.discard = [[] for _ in range(players)]
        state.set_aside = []
        state.face_up = set()
        state.face_up_turn = set()
        state.revealed = set()
        state.seen = [set() for _ in range(players)]
        state.seat = layout_first
        state.round = 0
        state.first_attacker = None
        state.pending = None
        state.movers = []
        state._winners = []
        state.result = None
        state.captured = False
        state.defeated = set()
        state.dice = dice
        return state

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "move":
            return self.movers[0][0]
        pend = self.pending
        if phase == "attack" and pend is not None:
            stage = pend["stage"]
            if stage == "defender":
                return pend["opponent"]
            if stage == "dodge":
                return pend["dodge_queue"][0][0]
            if stage == "ending":
                return pend["voters"][len(pend["votes"])]
        return self.seat


    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (BattleGoats: see the package docstring for
        the actions of each phase); empty once the game is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[BattleGoatsAction]:
        phase = self.phase
        if phase == "attack":
            return self._attack_legal()
        if phase == "draft":
            return self._draft_legal()
        if phase == "layout":
            return self._layout_legal()
        if phase == "first":
            return self._first_legal()
        if phase == "move":
            return self._move_legal()
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> list[Event]:
        """Play ``action`` (one of :meth:`legal_actions`) and return the events it caused.

        Anything else raises ``IllegalAction`` naming the rule and the rulebook section; the
        state is then unchanged."""
        check_action_type(action, BattleGoatsAction, self._section())
        cp = self.current_player
        require(self.phase != "over", "the game is over; no more actions", SEC_TURNS)
        if type(action.player) is not int or action.player != cp:
            raise NotYourDecision(f"it is {_p(cp or 0)}'s decision, not {_p(action.player)}'s"
                                  if isinstance(action.player, int) else "an action must name its player", self._section())
        legal = self._legal
        if legal is None or action not in legal:  # a listed legal action needs no second check
            self._validate(action)
        handler = _HANDLERS[type(action)]
        events = handler(self, action)
        self._legal = None
        return events

    def _section(self) -> str:
        return {
            "draft": SEC_DRAFT,
            "layout": SEC_SETUP,
            "first": SEC_ATTACK,
            "move": SEC_ATTACK,
            "attack": SEC_ATTACK,
        }.get(self.phase, SEC_TURNS)

    def _validate(self, a: BattleGoatsAction) -> None:
        phase = self.phase
        t = type(a)
        stage = self.stage
        if isinstance(a, act.Pick):
            require(phase == "draft", "cards are picked only during the draft", SEC_DRAFT)
            require(type(a.card) is str and a.card in self.packs[a.player], "you may only keep a card from the pack in front of you", SEC_DRAFT)
        elif isinstance(a, act.Place):
            require(phase == "layout", "cards are laid out only while setting up the battlefield", SEC_SETUP)
            require(type(a.card) is str and a.card in self.hands[a.player], "you can only lay out a card from your own hand", SEC_SETUP)
            require(type(a.slot) is int and 0 <= a.slot < 9, "a battlefield has 9 slots (0-8)", SEC_SETUP)
            require(self.board[a.player][a.slot] is None, "that slot already holds a card (at most 9 cards, one per slot)", SEC_SETUP)
            require(a.slot in self._place_slots(a.player, a.card, self.hands[a.player]),
                    "that card must go in its own row, or the slot is kept for a card that must", SEC_SETUP)
        elif isinstance(a, act.ChooseFirstAttacker):
            require(phase == "first", "the first attacker is chosen once, after every battlefield is laid out", SEC_ATTACK)
            require(type(a.first) is int and 0 <= a.first < self.players, "the first attacker must be a player in the game", SEC_ATTACK)
        elif isinstance(a, act.MoveAtStart):
            require(phase == "move", "a card may move only as the battle begins", SEC_ATTACK)
            mover = self.movers[0][1]
            if not (type(a.slot) is int and type(a.to) is int and a.slot == a.to and a.slot in (STAY, mover)):
                require(type(a.slot) is int and a.slot == mover != STAY,
                        "only a card of yours able to move as the battle begins may swap now", SEC_SETUP)
                require(type(a.to) is int and 0 <= a.to < 9 and self.board[a.player][a.to] is not None,
                        "it can only swap with another card of your battlefield", SEC_SETUP)
                require(a.to in self._swap_slots(a.player, a.slot),
                        "a card that must be in its own row (the Double Ballista: front) stays in it", SEC_SETUP)
        else:
            require(phase == "attack", "attacks happen only in the battle", SEC_ATTACK)
            need = _NEED_STAGE.get(t)
            if isinstance(a, act.ChooseTarget):
                require(stage in ("target", "second"), "a target is chosen right after the attacking card", SEC_ATTACK)
                p, s = a.target_player, a.target_slot
                require(type(p) is int and 0 <= p < self.players and p != a.player, "the target must be an opponent's card", SEC_ATTACK)
                require(type(s) is int and 0 <= s < 9 and self.board[p][s] is not None, "there is no card in that slot", SEC_ATTACK)
                require([p, s] not in self._pend["targets"], "a second target must be another card", SEC_ATTACK)
            else:
                require(stage == need, f"this is not the moment for that (the attack is at its '{stage}' step)", SEC_ATTACK)
            if isinstance(a, act.ChooseAttacker):
                require(type(a.slot) is int and 0 <= a.slot < 9 and self.board[a.player][a.slot] is not None,
                        "attack with one of your own cards in play", SEC_ATTACK)
            elif isinstance(a, act.ChooseOpponent):
                require(type(a.opponent) is int and a.opponent in self.alive() and a.opponent != a.player, "name an opponent who still has cards", SEC_ATTACK)
            elif isinstance(a, act.ChooseDefender):
                require(type(a.slot) is int and 0 <= a.slot < 9 and self.board[a.player][a.slot] is not None,
                        "defend with one of your own cards in play", SEC_ATTACK)
            elif isinstance(a, act.ChooseOwnAdjacent):
                require(type(a.slot) is int and a.slot in ADJACENT[self._pend["attacker"]] and self.board[a.player][a.slot] is not None,
                        "the extra card must be your own card next to the attacker", SEC_ATTACK)
            elif isinstance(a, act.Dodge):
                require(type(a.slot) is int and [a.player, a.slot] == self._pend["dodge_queue"][0],
                        "only the attacked card may avoid battle", SEC_FACEUP)
                require(type(a.dodge) is bool, "the choice is to avoid battle (True) or to fight (False)", SEC_FACEUP)
                require(not a.dodge or self.cards.by_id[self.at(a.player, a.slot)].may_avoid,
                        "only a card able to avoid battle (like the Matador Goat) may flip face up instead of fighting",
                        SEC_FACEUP)
            elif isinstance(a, act.ChooseEnding):
                require(type(a.share) is bool, "the choice is to share the victory (True) or not (False)", SEC_TURNS)
            elif isinstance(a, act.PlaceCaptured):
                require(type(a.slot) is int and 0 <= a.slot < 9 and self.board[a.player][a.slot] is None,
                        "a captured card goes into an empty slot", SEC_SETUP)
                require(a.slot in self._capture_slots(a.player, self._pend["capture"][1]),
                        "a captured card that must be in its own row (the Double Ballista: front) goes there",
                        SEC_SETUP)



    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "draft": self.draft,
            "max_rounds": self.max_rounds,
            "layout_first": self.layout_first,
            "phase": self.phase,
            "seat": self.seat,
            "round": self.round,
            "first_attacker": self.first_attacker,
            "hands": [list(h) for h in self.hands],
            "packs": [list(h) for h in self.packs],
            "board": [list(b) for b in self.board],
            "discard": [list(d) for d in self.discard],
            "set_aside": list(self.set_aside),
            "face_up": sorted(self.face_up),
            "face_up_turn": sorted(self.face_up_turn),
            "revealed": sorted(self.revealed),
            "seen": [sorted(s) for s in self.seen],
            "pending": json.loads(json.dumps(self.pending)) if self.pending is not None else None,
            "movers": [list(m) for m in self.movers],
            "winners": list(self._winners),
            "result": self.result,
            "captured": self.captured,
            "defeated": sorted(self.defeated),
            "cards": None if self.cards.standard else self.cards.to_list(),
            "dice": self.dice.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "BattleGoatsState":
        if not isinstance(data, dict):
            raise _bad("state", "is not an object")
        for key in _SAVE_KEYS:
            if key not in data:
                raise _bad(key, "is missing")
        try:
            cards = standard_cards() if data.get("cards") is None else load_cards(data["cards"])
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise _bad("cards", f"is not a card list ({exc})") from None
        players = data["players"]
        if type(players) is not int or not 2 <= players <= 6:
            raise _bad("players", f"holds {players!r}, expected 2 to 6")
        _check_save(data, players, cards)
        return cls._restore(data, cards)

    @classmethod
    def _restore(cls, data: dict, cards: CardSet) -> "BattleGoatsState":
        """A state from a save payload whose values are checked (or written by the notation)."""
        players = data["players"]
        try:
            dice = Dice.from_dict(data["dice"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise _bad("dice", f"is not a saved dice state ({exc})") from None
        state = cls._blank(players, cards, bool(data["draft"]), data["max_rounds"], data["layout_first"], dice)
        phase = data["phase"]
        if phase not in PHASES:
            raise _bad("phase", f"names unknown phase {phase!r}")
        state.phase = phase
        state.seat = _int(data["seat"], "seat")
        state.round = _int(data["round"], "round")
        state.first_attacker = data["first_attacker"]
        state.hands = _lists(data["hands"], players, "hands")
        state.packs = _lists(data["packs"], players, "packs")
        state.board = _lists(data["board"], players, "board")
        state.discard = _lists(data["discard"], players, "discard")
        state.set_aside = list(data["set_aside"])
        state.face_up = set(data["face_up"])
        state.face_up_turn = set(data["face_up_turn"])
        state.revealed = set(data["revealed"])
        state.seen = [set(x) for x in _lists(data["seen"], players, "seen")]
        state.pending = data["pending"]
        state.movers = [list(m) for m in data["movers"]]
        state._winners = list(data["winners"])
        state.result = data["result"]
        state.captured = bool(data["captured"])
        # every card defeated this game (saves before this record: the discard piles)
        state.defeated = set(data.get("defeated") or ()) | {c for pile in state.discard for c in pile}
        if phase == "attack" and (not isinstance(state.pending, dict) or state.pending.get("stage") not in STAGES):
            raise _bad("pending", "must be an attack step during the battle")
        if phase == "move" and not state.movers:
            raise _bad("movers", "must list the start-of-battle steps in the 'move' phase")
        return state

    def copy(self) -> "BattleGoatsState":
        state = BattleGoatsState.__new__(BattleGoatsState)
        state.players = self.players
        state.cards = self.cards
        state.draft = self.draft
        state.max_rounds = self.max_rounds
        state.layout_first = self.layout_first
        state.phase = self.phase
        state.hands = [list(h) for h in self.hands]
        state.packs = [list(h) for h in self.packs]
        state.board = [list(b) for b in self.board]
        state.discard = [list(d) for d in self.discard]
        state.set_aside = list(self.set_aside)
        state.face_up = set(self.face_up)
        state.face_up_turn = set(self.face_up_turn)
        state.revealed = set(self.revealed)
        state.seen = [set(x) for x in self.seen]
        state.seat = self.seat
        state.round = self.round
        state.first_attacker = self.first_attacker
        state.pending = json.loads(json.dumps(self.pending)) if self.pending is not None else None
        state.movers = [list(m) for m in self.movers]
        state._winners = list(self._winners)
        state.result = self.result
        state.captured = self.captured
        state.defeated = set(self.defeated)
        state.dice = self.dice.copy()
        state._legal = self._legal
        return state

    def invariant_violations(self) -> list[str]:
        try:
            return self._invariants()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            return [f"the state is malformed ({type(exc).__name__}: {exc})"]

    def _invariants(self) -> list[str]:
        problems = []
        places: dict[str, str] = {}

        def put(cid, where):
            if not isinstance(cid, str) or cid not in self.cards:
                problems.append(f"unknown card {cid!r} in {where}")
            elif cid in places:
                problems.append(f"{cid} is both in {places[cid]} and in {where}")
            else:
                places[cid] = where

        for p in range(self.players):
            if len(self.board[p]) != 9:
                problems.append(f"battlefield {p} has {len(self.board[p])} slots, not 9")
            for c in self.board[p]:
                if c is not None:
                    put(c, f"battlefield {p}")
            for c in self.hands[p]:
                put(c, f"hand {p}")
            for c in self.packs[p]:
                put(c, f"pack {p}")
            for c in self.discard[p]:
                put(c, f"discard {p}")
        for c in self.set_aside:
            put(c, "set aside")
        if len(places) != len(self.cards) and not problems:
            problems.append(f"{len(self.cards) - len(places)} cards are nowhere")
        in_play = {c for b in self.board for c in b if c is not None}
        if not self.face_up <= in_play:
            problems.append("a face-up card is not in play")
        if not 0 <= self.seat < self.players:
            problems.append(f"seat {self.seat} out of range")
        if self.phase == "over":
            if self.pending is not None:
                problems.append("a finished game has a pending step")
        elif self.phase == "attack":
            pend = self.pending
            if not isinstance(pend, dict) or pend.get("stage") not in STAGES:
                problems.append("the battle has no pending step")
            else:
                stage = pend["stage"]
                if stage != "ending" and self.board[self.seat].count(None) == 9 and stage != "capture":
                    problems.append("the player to attack has no cards in play")
                if stage not in ("attacker", "ending"):
                    slot = pend.get("attacker")
                    if not isinstance(slot, int) or not 0 <= slot < 9 or self.board[self.seat][slot] != pend.get("card"):
                        if stage != "capture":
                            problems.append("the attacking card is not where the attack says")
                for tp, ts in pend.get("targets", []):
                    if stage != "capture" and self.board[tp][ts] is None:
                        problems.append("an attack target is missing")
                if stage == "ending" and not pend.get("voters"):
                    problems.append("an ending vote without voters")
        else:
            if self.pending is not None:
                problems.append(f"a pending attack step outside the battle ({self.phase})")
            if self.phase == "draft" and any(c is not None for b in self.board for c in b):
                problems.append("cards are on a battlefield during the draft")
            if self.phase in ("first", "move") and any(self.hands):
                problems.append("cards are still in hand after the layout")
            movable = {c for b in self.board for c in b if c is not None and self.cards.by_id[c].moves_at_start}
            if self.phase == "move" and any(s != STAY and self.board[q][s] not in movable for q, s in self.movers):
                problems.append("a start-of-battle step names a card that cannot move")
        for p in range(self.players):
            for c in self.board[p]:
                if c is not None and c not in self.seen[p]:
                    problems.append(f"player {p} does not know their own card {c}")
                    break
        if self.max_rounds is not None and self.phase == "attack" and self.round > self.max_rounds:
            problems.append("the round limit is passed but the game goes on")
        return problems


    def player_view(self, player: int | None) -> BattleGoatsPlayerView:
        """What ``player`` may know (``None``: a spectator), as a frozen :class:`~.views.BattleGoatsPlayerView`.

        Other players' face-down cards have ``card`` None unless revealed earlier in the game
        (then ``known`` and the card id: the player remembers it). Hands and draft packs of
        others are counts only. ``seen`` lists every card id the player has seen.
        """
        return build_view(self, player, current_player=self.current_player)

    def redraw_hidden(self, player: int | None, seed: int) -> "BattleGoatsState":
        """A copy in which every card ``player`` has not seen (others' face-down and hand cards,
        the draft packs, the cards set aside) is exchanged at random with another unseen card
        (a Hero with a Hero, so each army still has its Hero), and the dice are reseeded. What
        ``player`` sees is unchanged: ``redrawn.player_view(player) == state.player_view(player)``."""
        hidden = hidden_from(self, player)
        heroes = set(self.cards.heroes)
        dice = Dice(seed)
        swap: dict[str, str] = {}
        for group in (sorted(hidden & heroes), sorted(hidden - heroes)):
            drawn = list(group)
            dice.shuffle(drawn)
            swap.update(zip(group, drawn))
        twin = self.copy()

        def redraw(cards):
            return [swap.get(c, c) if c is not None else None for c in cards]

        twin.board = [redraw(b) for b in self.board]
        twin.hands = [redraw(h) for h in self.hands]
        twin.packs = [redraw(h) for h in self.packs]
        twin.set_aside = redraw(self.set_aside)
        twin.seen = [set(redraw(sorted(s))) for s in self.seen]
        twin.face_up_turn = set(redraw(sorted(self.face_up_turn)))
        twin.dice = dice
        if twin.phase == "move":
            twin.movers = twin._redrawn_movers(player)
        twin._legal = None
        return twin

    def notation(self) -> str:
        """One-line text for this position (see :mod:`.notation`). Dice are not included."""
        return write_notation(self)

    def __repr__(self) -> str:
        """A summary with no card in it: face-down cards stay hidden (``display(reveal=True)``
        shows them; ``notation()`` writes the whole position)."""
        turn = "" if self.current_player is None else f", {_p(self.current_player)} to act"
        return f"<BattleGoatsState {self.players} players, round {self.round + 1}, {self.phase}{turn}>"

    def display(self, player: int | None = None, *, reveal: bool = False) -> Picture:
        """The battlefields as ``player`` sees them (``None``: a spectator): a face-down card that
        seat does not know is a card back. ``reveal=True`` turns every card face up (hands
        too), for studying a position, never for showing it to a player."""
        view = self.player_view(player)
        if reveal:
            boards = tuple(tuple(None if c is None else SlotView(c, c in self.face_up, self.counts_face_up(c), True)
                                 for c in self.board[p]) for p in range(self.players))
            view = dataclasses.replace(view, boards=boards)
        markup = position_html(view, self.cards)
        if reveal:
            hands = "".join(f"<p><b>{esc(_p(p))}'s hand:</b> "
                            f"{esc(', '.join(self.cards[c].name for c in hand) or 'empty')}</p>"
                            for p, hand in enumerate(self.hands))
            markup += f'<div class="lsn-revealed-hands">{hands}</div>'
        return Picture(markup, repr(self))


_SAVE_KEYS = ("players", "draft", "max_rounds", "layout_first", "phase", "seat", "round", "first_attacker", "hands",
              "packs", "board", "discard", "set_aside", "face_up", "face_up_turn", "revealed", "seen", "pending",
              "movers", "winners", "result", "captured", "dice")


def _bad(field: str, why: str) -> SaveFileError:
    return SaveFileError(f"save file field {field!r} {why}")


def _check_save(data: dict, players: int, cards: CardSet) -> None:
    """Type, range and consistency checks of a saved state: SaveFileError naming the field."""
    def is_int(v, lo=None, hi=None):
        return type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi)

    def card_list(v, name, allow_none=False):
        if not isinstance(v, list) or not all((c is None and allow_none) or (isinstance(c, str) and c in cards)
                                              for c in v):
            raise _bad(name, "must list card ids of the game")

    def pair(v, name, lo1=0):
        if not (isinstance(v, list) and len(v) == 2 and is_int(v[0], 0, players - 1) and is_int(v[1], lo1, 8)):
            raise _bad(name, f"holds {v!r}, expected [player, slot]")

    if data["phase"] not in PHASES:
        raise _bad("phase", f"names unknown phase {data['phase']!r}")
    for key in ("draft", "captured"):
        if type(data[key]) is not bool:
            raise _bad(key, "must be true or false")
    if data["max_rounds"] is not None and not is_int(data["max_rounds"], 1):
        raise _bad("max_rounds", "must be a positive whole number or null")
    for key in ("layout_first", "seat"):
        if not is_int(data[key], 0, players - 1):
            raise _bad(key, f"holds {data[key]!r}, expected a seat from 0 to {players - 1}")
    if not is_int(data["round"], 0):
        raise _bad("round", "must be a whole number")
    if data["first_attacker"] is not None and not is_int(data["first_attacker"], 0, players - 1):
        raise _bad("first_attacker", "must be a seat or null")
    for key in ("hands", "packs", "discard", "seen"):
        v = data[key]
        if not isinstance(v, list) or len(v) != players:
            raise _bad(key, "must have one list per player")
        for x in v:
            card_list(x, key)
    if not isinstance(data["board"], list) or len(data["board"]) != players:
        raise _bad("board", "must have one battlefield per player")
    for b in data["board"]:
        card_list(b, "board", allow_none=True)
        if len(b) != 9:
            raise _bad("board", "must have 9 slots in each battlefield")
    for key in ("set_aside", "face_up", "face_up_turn", "revealed"):
        card_list(data[key], key)
    if data.get("defeated") is not None:
        card_list(data["defeated"], "defeated")
    if not isinstance(data["winners"], list) or not all(is_int(w, 0, players - 1) for w in data["winners"]):
        raise _bad("winners", "must list seats")
    if data["result"] not in (None, "last_card", "shared", "no_victors", "max_rounds"):
        raise _bad("result", f"names unknown result {data['result']!r}")
    _check_ending(data)
    movers = data["movers"]
    if not isinstance(movers, list):
        raise _bad("movers", "must be a list")
    for m in movers:
        pair(m, "movers", lo1=STAY)
    _check_pending(data, players, cards, is_int, pair)


def _check_ending(data: dict) -> None:
    """A finished game has its result and the winners that result gives (one for the last
    card, the sharers for a shared victory, none when nobody won or the round limit ended it);
    a running game has neither."""
    over, result, winners = data["phase"] == "over", data["result"], data["winners"]
    if over != (result is not None):
        raise _bad("result", "must be given exactly when the game is over")
    if not over and winners:
        raise _bad("winners", "names winners of a game still running")
    if result == "last_card" and len(winners) != 1:
        raise _bad("winners", "must name the one player with the last card")
    if result == "shared" and not winners:
        raise _bad("winners", "is empty for a shared victory")
    if result in ("no_victors", "max_rounds") and winners:
        raise _bad("winners", f"names winners of a game that ended with {result!r}")


def _check_pending(data: dict, players: int, cards: CardSet, is_int, pair) -> None:
    """The checks of the saved attack step (``pending``)."""
    pend = data["pending"]
    if pend is None:
        return
    if data["phase"] != "attack":
        raise _bad("pending", f"must be null outside the battle (phase {data['phase']!r})")
    if not isinstance(pend, dict) or pend.get("stage") not in STAGES:
        raise _bad("pending", "must be an attack step with a known 'stage'")
    if pend["stage"] == "ending":
        voters, votes = pend.get("voters"), pend.get("votes")
        if not (isinstance(voters, list) and voters and all(is_int(v, 0, players - 1) for v in voters)):
            raise _bad("pending", "has ending 'voters' that are not seats")
        if not (isinstance(votes, list) and len(votes) < len(voters) and all(type(v) is bool for v in votes)):
            raise _bad("pending", "has ending 'votes' that are not a shorter list of true/false")
        return
    if pend["stage"] == "attacker":
        if set(pend) != {"stage"}:
            raise _bad("pending", "holds data for an attack that has not begun")
        return
    if not is_int(pend.get("attacker"), 0, 8) or pend.get("card") not in cards:
        raise _bad("pending", "has a malformed attacking card ('attacker', 'card')")
    for key in ("targets", "dodged", "dodge_queue"):
        if not isinstance(pend.get(key), list):
            raise _bad("pending", f"has a {key!r} that is not a list")
        for x in pend[key]:
            pair(x, f"pending.{key}")
        if len({tuple(x) for x in pend[key]}) != len(pend[key]):
            raise _bad("pending", f"lists a card twice in {key!r}")
    if any(p == data["seat"] for p, _ in pend["targets"]):
        raise _bad("pending", "has a target of the attacking player's own in 'targets'")
    if "own" not in pend or (pend["own"] is not None and not is_int(pend["own"], 0, 8)):
        raise _bad("pending", "has an 'own' that is not a slot or null")
    if "opponent" in pend and not is_int(pend["opponent"], 0, players - 1):
        raise _bad("pending", "has an 'opponent' that is not a seat")
    if pend["stage"] == "defender" and "opponent" not in pend:
        raise _bad("pending", "is a defender step without the 'opponent'")
    if pend["stage"] == "dodge":
        defenders = [list(t) for t in pend["targets"]] + ([[data["seat"], pend["own"]]] if pend["own"] is not None else [])
        if not pend["dodge_queue"]:
            raise _bad("pending", "is a dodge step without a face-down defending card ('dodge_queue' is empty)")
        for p, s in pend["dodge_queue"]:
            card = data["board"][p][s]
            if [p, s] not in defenders or card is None or card in data["face_up"]:
                raise _bad("pending", f"has a 'dodge_queue' entry {[p, s]} that is not a face-down defending card")
    if pend["stage"] == "capture":
        cap = pend.get("capture")
        if not (isinstance(cap, list) and len(cap) == 2 and is_int(cap[0], 0, players - 1) and cap[1] in cards):
            raise _bad("pending", "is a capture step without [owner, card] in 'capture'")
        had = pend.get("had_cards")
        if not isinstance(had, list) or not all(is_int(h, 0, players - 1) for h in had):
            raise _bad("pending", "is a capture step without 'had_cards' seats")


def _int(v, name):
    if not isinstance(v, int) or isinstance(v, bool):
        raise _bad(name, "must be a whole number")
    return v


def _lists(v, count, name):
    if not isinstance(v, list) or len(v) != count or not all(isinstance(x, list) for x in v):
        raise _bad(name, f"must be {count} lists")
    return [list(x) for x in v]


_HANDLERS: dict[type, Callable[[BattleGoatsState, Any], list[Event]]] = {
    act.Pick: BattleGoatsState._do_pick,
    act.Place: BattleGoatsState._do_place,
    act.ChooseFirstAttacker: BattleGoatsState._do_first,
    act.MoveAtStart: BattleGoatsState._do_move,
    act.ChooseAttacker: BattleGoatsState._do_attacker,
    act.ChooseOpponent: BattleGoatsState._do_opponent,
    act.ChooseDefender: BattleGoatsState._do_defender,
    act.ChooseTarget: BattleGoatsState._do_target,
    act.SkipSecondTarget: BattleGoatsState._do_skip,
    act.ChooseOwnAdjacent: BattleGoatsState._do_own,
    act.Dodge: BattleGoatsState._do_dodge,
    act.PlaceCaptured: BattleGoatsState._do_capture,
    act.ChooseEnding: BattleGoatsState._do_ending,
}


# ---------------------------------------------------------------------- module functions
def new_game(*, players: int = 3, seed: int = 0, max_rounds: int | None = None, draft: bool = False,
             cards=None, layout_first: int = 0) -> BattleGoatsState:
    """Start a game: each player gets a random Hero and 8 more cards (dealt, or drafted).

    ``cards``: None for the built-in 81 cards, or a :class:`CardSet` / anything
    :func:`load_cards` accepts (JSON text, parsed rows; a file through :func:`load_cards_file`). ``layout_first``: the seat that
    lays out first (and so finishes first and chooses the first attacker).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(f"BattleGoats is for 2 to 6 players, not {players!r}")
    if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
        raise ValueError("max_rounds must be a positive integer or None")
    if not isinstance(layout_first, int) or not 0 <= layout_first < players:
        raise ValueError("layout_first must be a seat of the game")
    card_list = card_set(cards)
    check_card_list(players, card_list)
    state = BattleGoatsState._blank(players, card_list, bool(draft), max_rounds, layout_first, Dice(seed))
    state._deal()
    return state


def load(text: str | bytes) -> BattleGoatsState:
    """Load a game saved with ``state.to_json()`` (raises SaveFileError when corrupt)."""
    return cast(BattleGoatsState, load_state(BattleGoatsState, text))


def from_notation(text: str, *, seed: int = 0, cards=None) -> BattleGoatsState:
    """Build a position from :meth:`BattleGoatsState.notation` text (see :mod:`.notation`).

    Cards not named anywhere are set aside. Unnamed cards a player knows are their own and the
    revealed ones. ``cards`` gives a custom card list (needed when the text says ``custom``).
    """
    try:
        payload, card_list = parse_notation(text, seed=seed, cards=cards)
        state = BattleGoatsState._restore(payload, card_list)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, IllegalAction):
            raise
        raise ValueError(f"bad BattleGoats notation: {exc}") from None
    problems = state.invariant_violations()
    if problems:
        raise ValueError("bad BattleGoats notation: " + "; ".join(problems[:3]))
    try:  # a notation gives a position the engine's own load accepts, or none at all
        load(state.to_json())
    except SaveFileError as exc:
        raise ValueError(f"bad BattleGoats notation: {exc}") from None
    return state
