"""The lab's answers: win rates and shares with Wilson intervals, from a frame of games.

Most answers are about seats: :func:`seat_frame` turns a frame of games (one row per game, as
:func:`..store.read_frame` gives) into one row per seat of each game, with ``won`` and what is
known of that seat (bot, faction or clan, recipe, army, cards played...). :func:`rates` then
counts wins by any column, with the Wilson interval of each rate
(:func:`livestock_notebooks.tournament.wilson_interval`).

Every answer is a pandas DataFrame whose rows are what a chart draws: ``label``, ``n``,
``wins`` (or ``count``), ``rate`` (or ``share``), ``low``, ``high``.

    >>> import pandas as pd
    >>> games = pd.DataFrame({"index": [0, 1], "seats": [["a", "b"], ["b", "a"]], "winners": [[0], [0]],
    ...                       "first_player": [1, 0], "rounds": [3, 5], "finished": [True, True]})
    >>> rates(seat_frame(games), "bot")[["label", "n", "wins", "rate"]].to_dict("records")
    [{'label': 'a', 'n': 2, 'wins': 1, 'rate': 0.5}, {'label': 'b', 'n': 2, 'wins': 1, 'rate': 0.5}]
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..games import GAMES
from ..tournament import wilson_interval

__all__ = ["ANALYSES", "by_bot", "by_first_player", "by_seat", "card_effect", "command_use", "faction_rates",
           "game_length", "rates", "recipe_colours", "seat_frame", "shares", "victory_turns"]

_COLOURS = ("red", "yellow", "blue")
_WITH_WITHOUT = ["label", "n", "wins", "rate", "low", "high", "n_without", "rate_without", "low_without",
                 "high_without", "difference"]


def seat_frame(games: Any) -> Any:
    """One row per seat of each game: ``index``, ``seat``, ``bot``, ``won``, ``first`` (this
    seat played first), ``players``, and the seat's part of each per-seat feature column
    (``faction``, ``clan``, ``recipe``, ``army``, ``cards_played``, ``special_forces``,
    ``super_army``, ``cards_used``)."""
    import pandas as pd

    per_seat = {"factions": "faction", "clans": "clan", "recipes": "recipe", "armies": "army",
                "cards_played": "cards_played", "special_forces": "special_forces", "super_army": "super_army",
                "cards_used": "cards_used"}
    rows = []
    columns = [c for c in per_seat if c in games.columns]
    for game in games.to_dict("records"):
        seats = list(game["seats"])
        winners = set(int(w) for w in game["winners"])
        first = game.get("first_player")
        for seat, bot in enumerate(seats):
            row = {"index": int(game["index"]), "seat": seat, "bot": bot, "won": seat in winners,
                   "first": first is not None and first == first and int(first) == seat, "players": len(seats)}
            for column in columns:
                values = game[column]
                value = values[seat] if values is not None and len(values) > seat else None
                if value is not None and hasattr(value, "__len__") and not isinstance(value, str):
                    value = list(value)
                row[per_seat[column]] = value
            rows.append(row)
    return pd.DataFrame(rows)


def rates(seats: Any, by: str | Callable[[Any], Any], z: float = 1.96) -> Any:
    """Win rate of the seats grouped ``by`` a column (or a function of a seat row): ``label``,
    ``n`` (seat-games), ``wins``, ``rate``, ``low``, ``high``; labels in sorted order."""
    import pandas as pd

    keys = seats[by] if isinstance(by, str) else seats.apply(by, axis=1)
    rows = []
    for label in sorted(set(keys.dropna().tolist()), key=str):
        won = seats["won"][keys == label]
        rows.append(_rate_row(label, int(won.sum()), int(len(won)), z))
    return pd.DataFrame(rows, columns=["label", "n", "wins", "rate", "low", "high"])


def _rate_row(label: Any, wins: int, n: int, z: float) -> dict[str, Any]:
    low, high = wilson_interval(wins, n, z)
    return {"label": label, "n": n, "wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high}


def shares(values: Iterable[Any], z: float = 1.96) -> Any:
    """How often each value occurs: ``label``, ``count``, ``share``, ``low``, ``high``."""
    import pandas as pd

    values = [v for v in values if v is not None and v == v]
    n = len(values)
    rows = []
    for label in sorted(set(values)):
        count = values.count(label)
        low, high = wilson_interval(count, n, z)
        rows.append({"label": label, "count": count, "share": count / n, "low": low, "high": high})
    return pd.DataFrame(rows, columns=["label", "count", "share", "low", "high"])


def by_seat(games: Any) -> Any:
    """Win rate of each seat (``Seat 1`` is the first in seat order)."""
    return rates(seat_frame(games), lambda r: f"Seat {r['seat'] + 1}")


def by_first_player(games: Any) -> Any:
    """Win rate of the seat that played first against the others."""
    return rates(seat_frame(games), lambda r: "went first" if r["first"] else "did not")


def by_bot(games: Any) -> Any:
    return rates(seat_frame(games), "bot")


def faction_rates(games: Any) -> Any:
    """Win rate by faction (Livestock Uprising) or clan (Space Pigs)."""
    seats = seat_frame(games)
    for column in ("faction", "clan"):
        if column in seats.columns:
            return rates(seats, column)
    import pandas as pd

    return pd.DataFrame(columns=["label", "n", "wins", "rate", "low", "high"])


def game_length(games: Any, z: float = 1.96) -> Any:
    """How many rounds (turns for Space Pigs) the games lasted: the share of games of each
    length, with intervals; finished games only (those stopped by a limit are left out)."""
    finished = games[games["finished"].astype(bool)] if "finished" in games.columns else games
    return shares([int(r) for r in finished["rounds"]], z)


def card_effect(games: Any, z: float = 1.96) -> Any:
    """BattleGoats: for each card, the win rate of armies with it and without it: ``label`` (the
    card id), ``n``, ``wins``, ``rate``, ``low``, ``high`` (with), ``n_without``, ``rate_without``,
    ``low_without``, ``high_without``, and ``difference`` (with minus without); biggest first."""
    return _with_and_without(seat_frame(games), "army", z)


def card_use(games: Any, z: float = 1.96) -> Any:
    """Space Pigs: for each combat or event card (by name), the win rate of seats that played it
    at least once in the game against seats that did not; same columns as :func:`card_effect`.
    Studies saved before cards were recorded give an empty frame."""
    return _with_and_without(seat_frame(games), "cards_used", z)


def _with_and_without(seats: Any, column: str, z: float) -> Any:
    """For each value found in the list ``column`` of a seat, the win rate of seats whose list
    holds it against seats whose list does not; biggest difference first."""
    import pandas as pd

    if column not in seats.columns or seats.empty:
        return pd.DataFrame(columns=_WITH_WITHOUT)
    held = [set(a or ()) for a in seats[column]]
    won = [bool(w) for w in seats["won"]]
    total_n, total_wins = len(won), sum(won)
    rows = []
    for value in sorted(set().union(*held)):
        n = sum(1 for a in held if value in a)
        wins = sum(1 for a, w in zip(held, won) if value in a and w)
        row = _rate_row(value, wins, n, z)
        other = _rate_row(value, total_wins - wins, total_n - n, z)
        row.update(n_without=other["n"], rate_without=other["rate"], low_without=other["low"],
                   high_without=other["high"], difference=row["rate"] - other["rate"])
        rows.append(row)
    if not rows:
        return pd.DataFrame(columns=_WITH_WITHOUT)
    frame = pd.DataFrame(rows)
    return frame.sort_values(["difference", "label"], ascending=[False, True]).reset_index(drop=True)


def recipe_label(recipe: Any) -> str:
    """``[2, 3, 1]`` -> ``"2 red 3 yellow 1 blue"``."""
    return " ".join(f"{int(k)} {colour}" for k, colour in zip(recipe, _COLOURS))


def recipe_colours(games: Any) -> Any:
    """Space Pigs: win rate by the recipe a seat had to complete (planets of each colour)."""
    return rates(seat_frame(games), lambda r: recipe_label(r["recipe"]))


def victory_turns(games: Any) -> Any:
    """Space Pigs: the turn each won game was won, as shares of the won games."""
    return shares([int(t) for t in games["victory_turn"].dropna()])


def command_use(games: Any) -> Any:
    """Livestock Uprising: win rate by how a seat used its command cards and special forces:
    ``cards 0`` .. ``cards 3+`` played, ``special forces 0`` .. ``2+`` marshalled, and
    ``Super Army`` formed or not."""
    import pandas as pd

    seats = seat_frame(games)
    parts = [
        rates(seats, lambda r: f"cards {min(int(r['cards_played']), 3)}{'+' if r['cards_played'] >= 3 else ''}"),
        rates(seats, lambda r: f"special forces {min(int(r['special_forces']), 2)}"
                               f"{'+' if r['special_forces'] >= 2 else ''}"),
        rates(seats, lambda r: "Super Army formed" if r["super_army"] else "no Super Army"),
    ]
    return pd.concat(parts, ignore_index=True)


#: The answers each game's page charts: (title, function, kind) with kind ``rate`` or ``share``,
#: as each game's lab facts (``GAME.lab.analyses``) name them.
ANALYSES: dict[str, tuple[tuple[str, Callable[[Any], Any], str], ...]] = {
    name: tuple((title, globals()[function], kind) for title, function, kind in info.lab.analyses)
    for name, info in GAMES.items() if info.lab is not None}
