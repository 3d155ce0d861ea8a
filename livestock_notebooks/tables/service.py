"""Playing at a table: :class:`TableService` loads a table's game from the store, checks who may
act, applies the action through the engine and commits it against the version it was made on.
Pure Python.

- :meth:`TableService.act`: a human's action. The token must hold the seat whose decision it
  is (:class:`~livestock_notebooks.core.errors.NotYourDecision` otherwise); the engine checks
  the action exactly as it does on the hot-seat page (:class:`IllegalAction` naming the rule,
  nothing stored); the store refuses it if the table moved on meanwhile
  (:class:`~livestock_notebooks.tables.store.StaleVersion`).
- :meth:`TableService.play_bots`: the bot seats whose turn it is play, each step committed with
  the version check, so two kernels running the same table's bots never both play a step.
  A bot decides on a position drawn from its seat's ``player_view`` alone (the game's
  ``determinize``), never on the real hands and decks.
- :meth:`TableService.view`: what one seat's screen is built from: ``player_view(seat)`` (the
  spectator view for ``None``) and a full position drawn from that view alone, for widgets that
  read a state; no other seat's hidden information is in either.

Each action log entry holds ``action`` (the action's ``to_dict()``, for replay: it may name a
card only its player saw, so pages never show it), ``by`` (``"human"`` or ``"bot"``) and
``log``, the public lines of the events it made (what any page may show).
"""
from __future__ import annotations

import hashlib
import importlib
import random
import secrets
import time
from typing import Any, Callable, Mapping, NamedTuple

from ..core.errors import IllegalAction, MalformedAction, NotYourDecision, SaveFileError
from ..core.game_info import GameInfo
from ..core.protocol import Action, Event, GameState
from .store import StaleVersion, TableRecord, TableStore, open_store

__all__ = ["Played", "TableService", "TableView", "action_from_legal", "world_for"]


class TableView(NamedTuple):
    """What :meth:`TableService.view` returns (unpacks as ``version, view, state``)."""

    version: int
    view: Any
    state: GameState


class Played(NamedTuple):
    """One move committed at a table: the version it made, the engine's events and the
    position after it (what a page shows next without reading the action log again)."""

    version: int
    events: list[Event]
    state: GameState


def _seed(*parts: object) -> int:
    """A seed fixed by ``parts`` (table id, version, seat): never by anything hidden."""
    digest = hashlib.sha256(" ".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def world_for(game: str, state: GameState, seat: int | None, seed: int) -> GameState:
    """A full position drawn from ``state.player_view(seat)`` alone (the game's
    ``determinize``), so whatever reads it learns nothing ``seat`` may not know. If the game
    cannot draw one, the state with everything hidden from ``seat`` redrawn from a fresh,
    secret seed."""
    view = state.player_view(seat)
    determinize = getattr(importlib.import_module(f"livestock_notebooks.{game}"), "determinize", None)
    if determinize is not None:
        try:
            return determinize(view, random.Random(seed))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            pass
    return state.redraw_hidden(seat, secrets.randbits(62))


def action_from_legal(state: GameState, data: Mapping[str, Any]) -> Action:
    """The legal action whose ``to_dict()`` is ``data`` (an action sent as JSON);
    :class:`MalformedAction` when none is."""
    for action in state.legal_actions():
        if action.to_dict() == dict(data):
            return action
    raise MalformedAction(f"not a legal action now: {dict(data)!r}")


class TableService:
    """Moves at the tables of ``store`` (default :func:`open_store`).

    ``make_bot(game_info, name, seed)``, if given, replaces ``game_info.make_bot`` (tests)."""

    def __init__(self, store: TableStore | None = None, *,
                 make_bot: Callable[[GameInfo, str, int], Any] | None = None):
        self.store = store if store is not None else open_store()
        self._make_bot = make_bot

    # -- reading ------------------------------------------------------------------------------------
    @staticmethod
    def info(game: str) -> GameInfo:
        from ..games import GAMES

        return GAMES[game]

    def load(self, record: TableRecord) -> GameState:
        """The table's game from its save; :class:`SaveFileError` for a damaged one."""
        info = self.info(record.game)
        try:
            state = info.load(record.save)
        except SaveFileError:
            raise
        except Exception as exc:  # whatever an engine raises on a broken save is a bad record
            raise SaveFileError(f"table record: save is corrupt ({type(exc).__name__})") from None
        if info.count_players(state) != len(record.seats):
            raise SaveFileError(f"table record: save is a {info.count_players(state)}-player game at a "
                                f"{len(record.seats)}-seat table")
        return state

    def state(self, table_id: str) -> tuple[TableRecord, GameState]:
        record = self.store.get(table_id)
        return record, self.load(record)

    def view(self, table_id: str, seat: int | None) -> TableView:
        """``(version, player_view(seat), a position drawn from that view)``; ``seat=None``
        (or a seat the table does not have): a spectator's."""
        record, state = self.state(table_id)
        if seat is not None and not 0 <= seat < len(record.seats):
            seat = None
        screen = world_for(record.game, state, seat, _seed(record.id, record.version, seat, "screen"))
        return TableView(record.version, state.player_view(seat), screen)

    def legal_actions(self, table_id: str, token: str | None) -> tuple[int, list[Action]]:
        """``(version, the legal actions)`` when it is the decision of ``token``'s seat, else
        ``(version, [])``."""
        record, state = self.state(table_id)
        seat = self.store.seat_of(table_id, token)
        if seat is None or state.is_over or state.current_player != seat:
            return record.version, []
        return record.version, list(state.legal_actions())

    # -- playing ------------------------------------------------------------------------------------
    def act(self, table_id: str, token: str | None, version: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """Play ``action`` for ``token``'s seat on ``version``; returns the engine's events
        (:meth:`move` returns the new version and position too)."""
        return self.move(table_id, token, version, action).events

    def move(self, table_id: str, token: str | None, version: int, action: Action | Mapping[str, Any]) -> Played:
        """Play ``action`` for ``token``'s seat on ``version``: the :class:`Played` move.

        Raises :class:`NotYourDecision` (no seat, another seat's decision, game over),
        :class:`IllegalAction` (the rule, nothing stored), :class:`StaleVersion` (the table moved on)."""
        record, state = self.state(table_id)
        seat = self.store.seat_of(table_id, token)
        if seat is None:
            raise NotYourDecision("This browser holds no seat at this table", None)
        if record.version != version:
            raise StaleVersion(table_id, version, record.version)
        if state.is_over:
            raise NotYourDecision("The game is over", None)
        if state.current_player != seat:
            info = self.info(record.game)
            raise NotYourDecision(f"It is {info.seat_name(state.current_player, state)}'s decision, not yours", None)
        if isinstance(action, Mapping):
            action = action_from_legal(state, action)
        return self._apply_and_commit(record, state, seat, action, "human", token)

    def _apply_and_commit(self, record: TableRecord, state: GameState, seat: int, action: Action, by: str,
                          token: str | None) -> Played:
        info = self.info(record.game)
        events = list(state.apply(action) or [])  # IllegalAction: raised before anything is stored
        log = [e.text for e in events] or [info.action_text(info.load(record.save), action, seat)]
        entry = {"action": action.to_dict(), "by": by, "seat": seat, "log": log}
        version = self.store.commit(record.id, record.version, state.to_json(), entry, token,
                                    status="over" if state.is_over else None)
        return Played(version, events, state)

    def bot_action(self, record: TableRecord, state: GameState, name: str | None = None) -> Action:
        """What the bot at the seat to play (or the bot ``name``) decides, from a position drawn
        from that seat's view alone."""
        seat = state.current_player
        assert seat is not None
        info = self.info(record.game)
        name = name or record.seats[seat].bot or "random"
        seed = _seed(record.id, record.version, seat, "bot")
        bot = self._make_bot(info, name, seed) if self._make_bot else info.make_bot(name, seed)
        world = world_for(record.game, state, seat, seed)
        action = bot.choose(world)
        legal = state.legal_actions()
        if action not in legal:  # the drawn position offered something this one does not
            action = random.Random(seed).choice(legal)
        return action

    def play_bot(self, table_id: str) -> Played | None:
        """One step of the bot whose turn it is: the :class:`Played` move, or ``None`` when it is
        no bot's turn. Raises :class:`StaleVersion` when another writer moved the table first."""
        record, state = self.state(table_id)
        seat = state.current_player
        if state.is_over or seat is None or record.seats[seat].kind != "bot":
            return None
        return self._apply_and_commit(record, state, seat, self.bot_action(record, state), "bot", None)

    def play_for_late(self, table_id: str, seconds: float, *, now: float | None = None) -> Played | None:
        """When the person whose decision it is has had it longer than ``seconds`` (the turn
        timer, since the last move), the host's choice (:func:`~.social.when_late`) applies:

        - ``"bot"``: the game's heuristic bot moves for them, from their seat's view, logged as
          ``by: "timer"``;
        - ``"skip"``: their seat passes (``GameInfo.passes``), again while the decision
          stays theirs, so their turn ends; each pass logged as ``by: "skip"``. A decision with
          no pass is the bot's, as above.

        Returns the last move (its events: all of them), ``None`` when no one is late;
        :class:`StaleVersion` when another page did it first."""
        from .social import MAX_PASSES, last_move_at, pass_action, when_late

        record, state = self.state(table_id)
        seat = state.current_player
        if seconds <= 0 or state.is_over or seat is None or record.seats[seat].kind != "human":
            return None
        now = time.time() if now is None else now
        if now - last_move_at(self.store, table_id, record.version, record.created) < seconds:
            return None
        passing = when_late(self.store, table_id) == "skip" and pass_action(record.game, state.legal_actions())
        if not passing:
            info = self.info(record.game)
            name = next((b for b in info.bots if b != "random" and not b.startswith("strong")), "random")
            return self._apply_and_commit(record, state, seat, self.bot_action(record, state, name), "timer", None)
        played: Played | None = None
        events: list[Event] = []
        for _ in range(MAX_PASSES):
            action = pass_action(record.game, state.legal_actions())
            if action is None:
                break
            try:
                played = self._apply_and_commit(record, state, seat, action, "skip", None)
            except StaleVersion:
                if played is None:
                    raise
                break  # another page moved the table on: the passes made so far stand
            events.extend(played.events)
            if played.state.is_over or played.state.current_player != seat:
                break
            record, state = self.state(table_id)
        assert played is not None
        return Played(played.version, events, played.state)

    def play_bots(self, table_id: str, max_steps: int | None = None) -> int:
        """Play the bot seats while it is a bot's turn (at most ``max_steps`` actions); returns
        how many this call played. Stops when another writer moved the table first."""
        played = 0
        while max_steps is None or played < max_steps:
            try:
                if self.play_bot(table_id) is None:
                    break
            except StaleVersion:
                break  # another kernel played this step
            played += 1
        return played

    # -- replay -------------------------------------------------------------------------------------
    def replay(self, table_id: str) -> GameState:
        """The game replayed from its first position through the action log;
        :class:`SaveFileError` if a logged action does not play."""
        return self._replayed(table_id)[0]

    def game_record(self, table_id: str) -> dict[str, Any]:
        """The table's game from its start as a play page's save keeps it (``{"start": engine
        save, "moves": [index among the legal actions, ...]}``), what a review replays
        (:func:`livestock_notebooks.review.review_record`); :class:`SaveFileError` if a logged
        action does not play. It holds every hand: a page reviews it from its seat's view only."""
        return self._replayed(table_id)[1]

    def _replayed(self, table_id: str) -> tuple[GameState, dict[str, Any]]:
        record = self.store.get(table_id)
        info = self.info(record.game)
        start = self.store.initial_save(table_id)
        state = info.load(start)
        moves: list[int] = []
        for number, entry in enumerate(self.store.actions(table_id), start=1):
            data = entry.get("action")
            if not isinstance(data, dict):
                raise SaveFileError(f"action log: entry {number} has no action")
            try:
                action = action_from_legal(state, data)
                moves.append(list(state.legal_actions()).index(action))
                state.apply(action)
            except IllegalAction as exc:
                raise SaveFileError(f"action log: entry {number} does not play ({exc})") from None
        return state, {"start": start, "moves": moves}
