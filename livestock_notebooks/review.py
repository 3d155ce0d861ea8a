"""Review a finished (or unfinished) game: where each seat's chance to win went, move by move.

For example (a save downloaded from a play page)::

    from livestock_notebooks.review import review_game
    review = review_game(open("livestock_uprising-save.json").read(), level="normal")
    for entry in review.biggest(3):
        print(entry.seat, entry.text, entry.chance_after, entry.best_text, entry.best_chance)

A save written by a play page keeps the game from its start (``record``: the first position and
each decision as its index among the legal actions; see :class:`~livestock_notebooks.core.session.Session`),
so the review replays it exactly, dice included. At every decision with a real choice it asks the
strong bot at ``level`` what it would play there, from the deciding seat's view alone
(``player_view``: never what that seat could not know), and plays the move made and the bot's
moves out in the same worlds drawn from that view (:func:`livestock_notebooks.win_chance.chances`):
the candidates its search weighs, where the search plays each candidate out in the same worlds
as this does (Livestock, BattleGoats: one set of playouts then serves as the search and the
figures); else the move its search chose and the best other it weighed (Space Pigs).

- ``chance_before``: the seat's chance to win before deciding, with the best of the moves weighed;
- ``chance_after``: its chance after the move it made, before any dice that move brings;
- ``best_action`` / ``best_chance``: the best move by those playouts and its chance (the move
  made, unless another leads it by more than a standard error of their paired playouts: the
  best of several noisy means would otherwise flatter itself and make every choice look costly);
- ``choice``: ``chance_after - best_chance`` (0 or less): what the choice cost;
- ``dice``: how far the chance moved from ``chance_after`` until the seat's next decision (or
  the end of the game: 1 for a win, 0 for a loss): what the dice and the other seats did,
  not this choice.

Chances are calibrated probabilities (:mod:`.win_chance`). Each entry is worked out from its
seat's view, but its move, the bot's suggestion and the chances still tell what that seat held:
a review shown to one player at a table (where the others' hands are theirs) weighs that
player's decisions only (``seats``; :func:`review_seats`), unless the game's rules make
everything public at its end (:data:`PUBLIC_AT_END`: none of ours does). Pure Python.
"""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Collection

from .games import GAMES, game_info
from .core.errors import SaveFileError
from .core.game_info import GameInfo
from .win_chance import chances, clearly_better, estimator

__all__ = ["PUBLIC_AT_END", "Review", "ReviewEntry", "record_of", "review_game", "review_record", "review_seats"]

#: The games whose rules make every hand and secret public once the game is over, so that a
#: finished game may be reviewed whole by anyone. None of ours: a Livestock player's command
#: cards, a BattleGoats hand and face-down cards, Space Pigs' cards and travel markers stay
#: private (the rulebooks reveal cards only as they are played).
PUBLIC_AT_END: frozenset[str] = frozenset()


def review_seats(game: str, viewer: int | None, players: int) -> list[int]:
    """The seats whose decisions a review shown to ``viewer`` (a seat, ``None``: a spectator)
    may weigh: every seat when the game's rules make everything public at its end, else the
    viewer's own (none for a spectator).

    >>> review_seats("battlegoats", 1, 3), review_seats("battlegoats", None, 3)
    ([1], [])
    """
    if game in PUBLIC_AT_END:
        return list(range(players))
    return [] if viewer is None else [viewer]


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the game (see the module docstring for the figures)."""

    index: int  # the move's number in the game (0: the first action)
    seat: int
    action: Any
    text: str
    chance_before: float
    chance_after: float
    best_action: Any
    best_text: str
    best_chance: float
    choice: float
    dice: float | None
    playouts: int

    def to_dict(self) -> dict:
        out = asdict(self)
        out["action"], out["best_action"] = str(self.action), str(self.best_action)
        return out


@dataclass
class Review:
    """The entries of a review, one per decision with a real choice, in the order played;
    ``over`` (the game ended) and its ``winners``; ``seconds`` the review took."""

    game: str
    players: int
    entries: list[ReviewEntry] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    seconds: float = 0.0
    level: str = "normal"
    over: bool = False
    #: the seats whose decisions were weighed (``None``: every seat)
    seats: list[int] | None = None

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i: int) -> ReviewEntry:
        return self.entries[i]

    def biggest(self, n: int = 5) -> list[ReviewEntry]:
        """The ``n`` decisions whose choice cost the most chance to win (the worst first)."""
        return sorted(self.entries, key=lambda e: e.choice)[:n]

    def lost_per_decision(self, seat: int) -> float:
        """The mean chance to win ``seat`` gave away per decision (0 for none)."""
        mine = [-e.choice for e in self.entries if e.seat == seat]
        return sum(mine) / len(mine) if mine else 0.0

    def series(self, seat: int) -> list[tuple[int, float]]:
        """``(move index, chance)`` of ``seat`` after each of its decisions (for a chart)."""
        return [(e.index, e.chance_after) for e in self.entries if e.seat == seat]


def record_of(save_text: str | bytes) -> tuple[str, dict]:
    """The game id and the ``record`` (first position, moves) of a play page's save;
    :class:`SaveFileError` when it has none."""
    if isinstance(save_text, bytes):
        save_text = save_text.decode("utf-8")
    try:
        data = json.loads(save_text)
    except ValueError:
        raise SaveFileError("the save file is not JSON") from None
    if not isinstance(data, dict):
        raise SaveFileError("the save file is not a play page's save")
    record = data.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("start"), str) or not isinstance(record.get("moves"), list):
        raise SaveFileError("this save does not keep the game from its start (a save written before reviews, or "
                            "a game loaded from an engine save), so it cannot be reviewed")
    if len(record["moves"]) > 100_000:
        raise SaveFileError("the save's record has too many moves to be a game")
    game = data.get("game")
    if game not in GAMES:
        raise SaveFileError(f"the save names no game this package has ({game!r})")
    return game, record


def review_game(save_text: str | bytes, level: str = "normal", *, worlds: int | None = None,
                seed: int = 0, finished_only: bool = False, seats: Collection[int] | None = None) -> Review:
    """The review of the game in ``save_text`` (a play page's save) at ``level`` (see the module
    docstring); ``worlds``: playouts of each move weighed (default: the level's);
    ``finished_only``: :class:`SaveFileError` for a game that is not over (before any weighing);
    ``seats``: weigh only these seats' decisions (default: every seat's)."""
    game, record = record_of(save_text)
    return review_record(game, record, level, worlds=worlds, seed=seed, finished_only=finished_only, seats=seats)


def review_record(game: str | GameInfo, record: dict, level: str = "normal", *, worlds: int | None = None,
                  seed: int = 0, finished_only: bool = False, seats: Collection[int] | None = None) -> Review:
    """:func:`review_game` on a record ``{"start": engine save, "moves": [index, ...]}``."""
    info = game_info(game)
    began = time.perf_counter()
    try:
        state = info.load(record["start"])
    except Exception as exc:  # noqa: BLE001 - any unreadable start is a bad save
        raise SaveFileError(f"the save's first position cannot be read ({exc})") from None
    players = info.count_players(state)
    review = Review(info.name, players, level=level, seats=None if seats is None else sorted(set(seats)))
    decisions: list[tuple[int, Any, Any]] = []  # (move index, position before it, the move)
    for index, move in enumerate(record["moves"]):
        if state.is_over:
            raise SaveFileError(f"the save's move {index + 1} comes after the end of the game")
        legal = list(state.legal_actions())
        if not isinstance(move, int) or not 0 <= move < len(legal):
            raise SaveFileError(f"the save's move {index + 1} is not one of the legal actions")
        if len(legal) > 1 and (seats is None or state.current_player in seats):
            decisions.append((index, state.copy(), legal[move]))
        state.apply(legal[move])
    if finished_only and not state.is_over:
        raise SaveFileError("the game in this save is not over")
    raw = [_entry(info, before, index, action, level, worlds, seed) for index, before, action in decisions]
    review.over = bool(state.is_over)
    review.winners = list(state.winners) if state.is_over else []
    review.entries = _with_dice(raw, players, state.is_over, review.winners)
    review.seconds = time.perf_counter() - began
    return review


def _entry(info: GameInfo, state: Any, index: int, action: Any, level: str, worlds: int | None,
           seed: int) -> ReviewEntry:
    """One decision weighed from the deciding seat's view alone."""
    seat = state.current_player
    view = state.player_view(seat)
    bot = estimator(info.name, level, seed * 1_000_003 + index)
    moves = [action]
    weighed = getattr(bot, "candidates", None)
    if weighed is not None:
        # a bot whose search plays each of its candidates out in the same worlds (Livestock,
        # BattleGoats): those candidates and the move made, played out once here, in the same
        # worlds; the best of them by these playouts is the bot's move (no search run before)
        others = weighed(view, seat)
    else:
        # the bot's choice, then the best other it weighed (a heuristic bot's own blind spot is
        # then still set against something else)
        suggestion = bot.choose_from_view(view, seat)
        analysis = getattr(bot, "last_analysis", None) or {}
        others = [suggestion] + [a.get("action") for a in analysis.get("alternatives", [])[:1]]
    for other in others:
        if other is not None and other not in moves:
            moves.append(other)
    rows: list[list[float]] = []
    found = chances(info.name, view, seat, moves, level=level, worlds=worlds, bot=bot, rows=rows)
    probabilities = [c.probability if c.probability is not None else c.raw for c in found]
    p_played = probabilities[0]
    # the best of several noisy means is flattered by its noise: another move counts as better
    # than the one made only when it leads it by more than the noise of their paired playouts
    better = [i for i in range(1, len(moves)) if clearly_better(rows, i)]
    best_i = max(better, key=lambda i: probabilities[i], default=0)
    best, p_best = moves[best_i], probabilities[best_i]
    played = found[0]
    return ReviewEntry(index, seat, action, info.action_text(state, action, seat), p_best, p_played, best,
                       info.action_text(state, best, seat), p_best, p_played - p_best, None, played.playouts)


def _with_dice(entries: list[ReviewEntry], players: int, over: bool, winners: list[int]) -> list[ReviewEntry]:
    """Each entry with ``dice``: the move of its seat's chance from after this decision to its
    next one (or to the result)."""
    out = []
    for i, e in enumerate(entries):
        nxt = next((f for f in entries[i + 1:] if f.seat == e.seat), None)
        if nxt is not None:
            dice: float | None = nxt.chance_before - e.chance_after
        elif over:
            dice = (1.0 / len(winners) if e.seat in winners else 0.0) - e.chance_after
        else:
            dice = None
        out.append(ReviewEntry(**{**e.__dict__, "dice": dice}))
    return out
