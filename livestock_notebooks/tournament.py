"""Bots against bots, many games at a time: :func:`play_games`, :func:`summary`.

    >>> from livestock_notebooks import tournament
    >>> records = tournament.play_games("battlegoats", seats=["smart", "random", "random"],
    ...                                 games=2, seed=1, rotate_seats=True)
    >>> [r["seats"] for r in records]
    [['smart', 'random', 'random'], ['random', 'random', 'smart']]
    >>> sorted(tournament.summary(records)["bots"])
    ['random', 'smart']

A game is named by its ``GAME.name``, as :data:`livestock_notebooks.games.GAMES` lists them.
Each game is played by :func:`play_one`, the unit of work: its seed is :func:`game_seed` of the
base seed and the game's index, so a game's record is the same whether it is played alone,
in a loop here, or on another machine. Bots are made and asked exactly as a play page asks
them (``GAME.make_bot``, then ``bot.choose(state)`` for the seat whose decision it is); a
seat's bot is seeded from the game's seed and the seat as the page does. Pure Python.

A record is a plain dict (JSON-friendly): ``game``, ``index``, ``seed``, ``seats`` (bot names in
seat order), ``winners`` (seat indexes; empty when nobody won), ``finished`` (the game ended,
rather than the safety cap on actions), ``rounds`` (rounds begun, or turns for Space Pigs,
at most ``max_rounds``), ``actions``, ``seconds`` (wall time), ``decisions`` and
``decision_seconds`` per seat, ``options`` (what ``new_game`` was given besides players and
seed), ``result`` (the turn line at the end).
"""
from __future__ import annotations

import hashlib
import inspect
import math
import statistics
import time
from typing import Any, Iterable, Mapping, Sequence

from .core.game_info import GameInfo
from .games import GAMES, game_info

__all__ = [
    "GAMES", "format_summary", "game_info", "game_seed", "play_games", "play_one", "seats_for", "summary", "wilson_interval",
]

def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``base``: fixed by the pair alone, so the
    games can be split among workers in any way. A 31-bit number.

    >>> game_seed(1, 0), game_seed(1, 1), game_seed(2, 0)
    (931302855, 2125940309, 1321240865)
    """
    digest = hashlib.sha256(f"livestock-notebooks tournament {int(base)} {int(index)}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


def seats_for(seats: Sequence[str], index: int, rotate_seats: bool) -> list[str]:
    """The bots of game ``index`` in seat order: with ``rotate_seats``, the list turned by
    ``index % len(seats)`` (the first bot moves to the last seat, and so on).

    >>> seats_for(["a", "b", "c"], 1, True), seats_for(["a", "b", "c"], 4, False)
    (['b', 'c', 'a'], ['a', 'b', 'c'])
    """
    seats = list(seats)
    if not rotate_seats or not seats:
        return seats
    turn = index % len(seats)
    return seats[turn:] + seats[:turn]


def _check_bots(info: GameInfo, seats: Sequence[str], bot_options: Mapping[str, Any] | None) -> None:
    names = list(seats) + list(bot_options or {})
    unknown = sorted({n for n in names if info.bot_name(n) not in info.bots})
    if unknown:
        raise ValueError(f"unknown bot {', '.join(map(repr, unknown))} for {info.name}; "
                         f"its bots are {sorted(info.bots)}")
    if not info.min_players <= len(seats) <= info.max_players:
        raise ValueError(f"{info.name} is for {info.min_players} to {info.max_players} players, not {len(seats)}")


def _make_bot(info: GameInfo, name: str, seed: int, options: Mapping[str, Any]) -> Any:
    """``GAME.make_bot(name, seed)``, with ``options`` as keyword arguments when given."""
    if not options:
        return info.make_bot(name, seed)
    factory = info.bots[info.bot_name(name)]
    try:
        params: Mapping[str, inspect.Parameter] = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}
    takes_seed = "seed" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    return factory(seed=seed, **options) if takes_seed else factory(**options)


def _options_for(info: GameInfo, name: str, bot_options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The constructor options of bot ``name`` (given under its name or its stable name)."""
    by_name = dict(bot_options or {})
    return by_name.get(name, by_name.get(info.bot_name(name), {})) or {}


def play_one(game: str | GameInfo, seats: Sequence[str], seed: int, index: int = 0,
             max_rounds: int | None = None, options: Mapping[str, Any] | None = None,
             bot_options: Mapping[str, Mapping[str, Any]] | None = None, *,
             timings: bool = False) -> dict[str, Any]:
    """Play one game with the bots ``seats`` (names, in seat order) from ``seed``; its record.

    ``index`` is only written into the record (the caller picks the seed: :func:`game_seed`).
    ``max_rounds`` goes to ``new_game`` (every engine ends the game without a winner there);
    ``options`` are more ``new_game`` arguments over ``GAME.new_game_options``; ``bot_options``
    maps a bot name to keyword arguments for its constructor. ``timings=True`` adds
    ``decision_times``: per seat, the seconds of each decision (for percentiles).
    """
    info = game_info(game)
    seats = list(seats)
    _check_bots(info, seats, bot_options)
    new_options = dict(info.new_game_options)
    new_options.update(options or {})
    players = new_options.pop("players", len(seats))
    if players != len(seats):
        raise ValueError(f"options say {players!r} players but {len(seats)} seats are given: "
                         "the seats decide how many play")
    new_options["max_rounds"] = max_rounds
    start = time.perf_counter()
    state = info.new_game(players=len(seats), seed=seed, **new_options)
    bots = [_make_bot(info, name, seed * 101 + i + 1, _options_for(info, name, bot_options))
            for i, name in enumerate(seats)]
    times: list[list[float]] = [[] for _ in seats]
    actions = 0
    while not state.is_over and actions < info.max_actions:
        player = state.current_player
        assert player is not None, "a game that is not over has a player to decide"
        before = time.perf_counter()
        action = bots[player].choose(state)
        times[player].append(time.perf_counter() - before)
        state.apply(action)
        actions += 1
    seconds = time.perf_counter() - start
    # how far the game went, in the unit its max_rounds counts: the round (or turn) begun
    rounds = max(0, int(info.lab.rounds_begun(state))) if info.lab is not None else 0
    if max_rounds is not None:
        rounds = min(rounds, max_rounds)
    record: dict[str, Any] = {
        "game": info.name, "index": int(index), "seed": int(seed), "seats": seats,
        "winners": sorted(int(p) for p in state.winners) if state.is_over else [],
        "finished": bool(state.is_over), "rounds": rounds, "actions": actions, "seconds": seconds,
        "decisions": [len(t) for t in times], "decision_seconds": [sum(t) for t in times],
        "options": {k: v for k, v in new_options.items() if _plain(v)},
        "result": info.turn_text(state),
    }
    if timings:
        record["decision_times"] = times
    return record


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def play_games(game: str | GameInfo, seats: Sequence[str], games: int = 100, seed: int = 0,
               max_rounds: int | None = None, rotate_seats: bool = True,
               options: Mapping[str, Any] | None = None,
               bot_options: Mapping[str, Mapping[str, Any]] | None = None, *,
               timings: bool = False, first: int = 0) -> list[dict[str, Any]]:
    """Play ``games`` games serially (indexes ``first`` .. ``first + games - 1``); the records.

    Game ``i`` is ``play_one(game, seats_for(seats, i, rotate_seats), game_seed(seed, i), i, ...)``.
    An unknown game or bot name raises ``ValueError`` (naming the known ones) before any game.
    """
    info = game_info(game)
    _check_bots(info, list(seats), bot_options)
    return [play_one(info, seats_for(seats, i, rotate_seats), game_seed(seed, i), i, max_rounds, options,
                     bot_options, timings=timings)
            for i in range(first, first + games)]


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` out of ``n`` (95% with the
    default ``z``); ``(0.0, 1.0)`` when ``n`` is 0.

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n ({n}), not {successes}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(records: Iterable[Mapping[str, Any]], z: float = 1.96) -> dict[str, Any]:
    """Win rates by bot name, and how the games ended.

    A bot's rate is seat-weighted: a game where ``k`` seats are played by that bot counts ``k``
    seat-games, and each winning seat one win. Returns ``games``, ``no_winner`` (share of games
    without a winner: limits, draws and unfinished games), ``unfinished`` (share stopped by the
    action cap), ``median_rounds``, ``median_seconds`` and ``bots``: name -> ``seat_games``,
    ``wins``, ``win_rate``, ``low``, ``high`` (Wilson interval at ``z``).
    """
    records = list(records)
    bots: dict[str, dict[str, Any]] = {}
    for record in records:
        winners = set(record["winners"])
        for seat, name in enumerate(record["seats"]):
            entry = bots.setdefault(name, {"seat_games": 0, "wins": 0})
            entry["seat_games"] += 1
            entry["wins"] += seat in winners
    for entry in bots.values():
        n, k = entry["seat_games"], entry["wins"]
        entry["win_rate"] = k / n if n else 0.0
        entry["low"], entry["high"] = wilson_interval(k, n, z)
    games = len(records)
    return {
        "games": games,
        "no_winner": sum(1 for r in records if not r["winners"]) / games if games else 0.0,
        "unfinished": sum(1 for r in records if not r.get("finished", True)) / games if games else 0.0,
        "median_rounds": statistics.median(r["rounds"] for r in records) if games else None,
        "median_seconds": statistics.median(r["seconds"] for r in records) if games else None,
        "bots": dict(sorted(bots.items())),
    }


def format_summary(result: Mapping[str, Any]) -> str:
    """A :func:`summary` in a few lines of text."""
    lines = [f"{result['games']} games; no winner in {result['no_winner']:.0%}"
             f" (unfinished {result['unfinished']:.0%}); median rounds {result['median_rounds']}"]
    for name, b in result["bots"].items():
        lines.append(f"  {name}: won {b['wins']}/{b['seat_games']} seat-games = {b['win_rate']:.1%}"
                     f" [95% {b['low']:.1%} .. {b['high']:.1%}]")
    return "\n".join(lines)
