"""The balance lab records the Space Pigs cards each seat played (by name, once per play) and
answers "win rate when a seat played card X, against when it did not" with Wilson intervals."""
from __future__ import annotations

import pandas as pd
import pytest

pytest.importorskip("pandas")

from livestock_notebooks import lab, space_pigs, tournament  # noqa: E402
from livestock_notebooks.lab import analysis, features  # noqa: E402
from livestock_notebooks.space_pigs import actions as sp_actions  # noqa: E402
from livestock_notebooks.space_pigs.data import CARDS  # noqa: E402


def test_a_space_pigs_game_records_every_card_each_seat_played():
    experiment = lab.Experiment("space_pigs", ["greedy"] * 4, games=1, seed=3)
    row = lab.play_game(experiment, 0)
    used = row["cards_used"]
    assert len(used) == 4
    names = {c.name for c in CARDS if c.kind == "combat"} | {c.english for c in CARDS if c.kind == "event"}
    assert all(name in names for seat in used for name in seat)
    assert sum(len(seat) for seat in used) > 0
    assert "cards_used" in dict(features.FEATURE_COLUMNS["space_pigs"])


def test_the_watcher_counts_each_play_for_the_seat_that_played():
    watcher = features.watcher("space_pigs")
    state = space_pigs.new_game(players=3, seed=1)
    watcher.started(state)
    overdrive = next(i for i, c in enumerate(CARDS) if c.kind == "event" and c.english == "Overdrive")
    laser = next(i for i, c in enumerate(CARDS) if c.kind == "combat" and c.name == "Laser Snout")
    for action in (sp_actions.PlayCard(1, overdrive), sp_actions.PlayCard(1, overdrive), sp_actions.PlayCard(2, laser)):
        watcher.chose(state, action)
    assert watcher.features()["cards_used"] == [[], ["Overdrive", "Overdrive"], ["Laser Snout"]]


def _games_with_cards():
    # 10 games of two seats; seat 1 wins 8. Seat 1 played Overdrive in 6 games (won 5 of them),
    # seat 2 played it in the other 4 (won 1 of them); Jamming only by seat 2, twice in one game.
    seat1 = [["Overdrive"]] * 6 + [[]] * 4
    seat2 = [[]] * 6 + [["Overdrive", "Jamming", "Jamming"]] + [["Overdrive"]] * 3
    winners = [[0]] * 5 + [[1]] + [[0]] * 3 + [[1]]
    return pd.DataFrame({"index": list(range(10)), "seats": [["a", "b"]] * 10, "winners": winners,
                         "first_player": [0] * 10, "finished": [True] * 10, "rounds": [4] * 10,
                         "cards_used": [[s1, s2] for s1, s2 in zip(seat1, seat2)]})


def test_card_use_gives_the_win_rate_with_and_without_each_card():
    table = analysis.card_use(_games_with_cards()).set_index("label")
    # Overdrive: 10 seat-games with it, won 5 + 1 (game 9 is won by seat 2 who played it) = 6
    assert table.loc["Overdrive", ["n", "wins", "n_without"]].tolist() == [10, 6, 10]
    assert table.loc["Overdrive", "rate_without"] == pytest.approx(0.4)
    assert (table.loc["Overdrive", "low"], table.loc["Overdrive", "high"]) == pytest.approx(
        tournament.wilson_interval(6, 10))
    # Jamming counted once for the one game it was played (twice) in, which seat 2 lost
    assert table.loc["Jamming", ["n", "wins"]].tolist() == [1, 0]
    assert table.index[0] == "Overdrive"


def test_studies_saved_before_cards_were_recorded_give_an_empty_answer():
    games = _games_with_cards().drop(columns=["cards_used"])
    assert analysis.card_use(games).empty
    assert "Cards played (win rate when a seat played the card)" in [t for t, _, _ in analysis.ANALYSES["space_pigs"]]
