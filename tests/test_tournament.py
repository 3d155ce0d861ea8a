"""The tournament runner: bots against bots, records that replay, and the win-rate summary."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from livestock_notebooks import tournament as T

ROOT = Path(__file__).resolve().parents[1]


def _without_timing(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("seconds", "decision_seconds", "decision_times")}


@pytest.fixture(scope="module")
def livestock_records():
    return T.play_games("livestock_uprising", seats=["greedy", "random"], games=4, seed=7, max_rounds=8)


def test_records_have_the_documented_keys_and_types(livestock_records):
    assert len(livestock_records) == 4
    for i, record in enumerate(livestock_records):
        assert record["game"] == "livestock_uprising"
        assert record["index"] == i and record["seed"] == T.game_seed(7, i)
        assert isinstance(record["seats"], list) and set(record["seats"]) == {"greedy", "random"}
        assert isinstance(record["winners"], list) and all(w in (0, 1) for w in record["winners"])
        assert isinstance(record["rounds"], int) and 1 <= record["rounds"] <= 8
        assert isinstance(record["actions"], int) and record["actions"] > 0
        assert isinstance(record["seconds"], float) and record["seconds"] > 0
        assert record["finished"] is True
        assert sum(record["decisions"]) == record["actions"]
        assert record["options"]["max_rounds"] == 8
        assert isinstance(record["result"], str) and record["result"].startswith("Game over")


def test_the_same_seed_plays_the_same_games(livestock_records):
    again = T.play_games("livestock_uprising", seats=["greedy", "random"], games=4, seed=7, max_rounds=8)
    assert [_without_timing(r) for r in again] == [_without_timing(r) for r in livestock_records]
    other = T.play_games("livestock_uprising", seats=["greedy", "random"], games=4, seed=8, max_rounds=8)
    assert [r["actions"] for r in other] != [r["actions"] for r in livestock_records]


def test_rotate_seats_turns_the_seats_with_the_game_index():
    seats = ["smart", "random", "random"]
    rotated = T.play_games("battlegoats", seats=seats, games=4, seed=1, max_rounds=2, rotate_seats=True)
    assert [r["seats"] for r in rotated] == [
        ["smart", "random", "random"], ["random", "random", "smart"], ["random", "smart", "random"],
        ["smart", "random", "random"]]
    fixed = T.play_games("battlegoats", seats=seats, games=3, seed=1, max_rounds=2, rotate_seats=False)
    assert all(r["seats"] == seats for r in fixed)


def test_a_game_is_the_same_played_alone_or_inside_a_run():
    seats = ["greedy", "random", "random"]
    run = T.play_games("space_pigs", seats=seats, games=3, seed=5, max_rounds=1)
    alone = T.play_one("space_pigs", T.seats_for(seats, 2, True), T.game_seed(5, 2), 2, 1, None, None)
    assert _without_timing(alone) == _without_timing(run[2])
    split = T.play_games("space_pigs", seats=seats, games=1, seed=5, max_rounds=1, first=1)
    assert _without_timing(split[0]) == _without_timing(run[1])


@pytest.mark.parametrize("game,players,max_rounds", [
    ("livestock_uprising", 2, 5), ("livestock_uprising", 4, 3), ("battlegoats", 3, 3), ("space_pigs", 3, 2)])
def test_random_bots_finish_every_game_within_the_round_limit(game, players, max_rounds):
    records = T.play_games(game, seats=["random"] * players, games=3, seed=2, max_rounds=max_rounds)
    for record in records:
        assert record["finished"], record["result"]
        assert record["rounds"] <= max_rounds
        assert all(0 <= w < players for w in record["winners"])


def test_unknown_names_are_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"'grumpy'.*\['greedy', 'random', 'strong'"):
        T.play_games("livestock_uprising", seats=["greedy", "grumpy"], games=1)
    with pytest.raises(ValueError, match=r"'grumpy'"):
        T.play_one("battlegoats", ["smart", "grumpy", "random"], seed=1)
    with pytest.raises(ValueError, match="battlegoats.*livestock_uprising.*space_pigs"):
        T.play_games("chess", seats=["random", "random"], games=1)


def test_bot_options_reach_the_bot_and_older_bot_names_are_accepted():
    with pytest.raises(TypeError):
        T.play_games("livestock_uprising", seats=["greedy", "random"], games=1, max_rounds=2,
                     bot_options={"greedy": {"no_such_option": 1}})
    record = T.play_games("livestock_uprising", seats=["Sensible", "random"], games=1, seed=3, max_rounds=2,
                          bot_options={"greedy": {"attack_odds": 0.9}})[0]
    assert record["finished"] and record["seats"] == ["Sensible", "random"]


def test_summary_counts_seat_games_wins_and_endings():
    records = [
        {"seats": ["a", "b"], "winners": [0], "rounds": 10, "seconds": 1.0, "finished": True},
        {"seats": ["b", "a"], "winners": [0], "rounds": 20, "seconds": 2.0, "finished": True},
        {"seats": ["a", "a"], "winners": [1], "rounds": 30, "seconds": 3.0, "finished": True},
        {"seats": ["a", "b"], "winners": [], "rounds": 40, "seconds": 4.0, "finished": False},
    ]
    result = T.summary(records)
    assert result["games"] == 4
    assert result["no_winner"] == 0.25 and result["unfinished"] == 0.25
    assert result["median_rounds"] == 25
    a, b = result["bots"]["a"], result["bots"]["b"]
    assert (a["seat_games"], a["wins"], a["win_rate"]) == (5, 2, 0.4)
    assert (b["seat_games"], b["wins"], b["win_rate"]) == (3, 1, pytest.approx(1 / 3))
    assert (a["low"], a["high"]) == T.wilson_interval(2, 5)
    assert "a: won 2/5" in T.format_summary(result)


def test_wilson_interval_matches_published_values():
    assert T.wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert T.wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert T.wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert T.wilson_interval(1, 10) == pytest.approx((0.0179, 0.4042), abs=1e-4)
    assert T.wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        T.wilson_interval(11, 10)


def test_the_runner_imports_no_widget_library():
    code = ("import sys, livestock_notebooks.tournament\n"
            "bad = sorted({n.split('.')[0] for n in sys.modules} & {'ipywidgets', 'bqplot', 'IPython', 'traitlets'})\n"
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_options_may_repeat_the_number_of_players_but_not_contradict_the_seats():
    seats = ["greedy"] * 4
    def played(options):
        records = T.play_games("space_pigs", seats, games=1, seed=1, max_rounds=2, options=options)
        return [{k: v for k, v in r.items() if "seconds" not in k} for r in records]

    assert played({"players": 4, "rules": "full"}) == played({"rules": "full"})
    with pytest.raises(ValueError, match="4 seats"):
        T.play_games("space_pigs", seats, games=1, seed=1, max_rounds=2, options={"players": 5})
