"""benchmarks/bots.py: ``--pairings`` picks the pairings, and each line sets the measured figure
next to its target with PASS or MISS and the interval (no games are played here)."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bots.py"
_spec = importlib.util.spec_from_file_location("bots_benchmark", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bots_benchmark"] = bench  # its dataclasses look their module up
_spec.loader.exec_module(bench)


def _record(seats, winners, rounds=5):
    return {"seats": seats, "winners": winners, "rounds": rounds, "seconds": 1.0, "finished": True}


def test_pairings_picks_one_game_or_a_word_of_a_title():
    assert {p.game for p in bench.select("bg")} == {"battlegoats"}
    assert [p.title for p in bench.select("bg")][0] == "BattleGoats strong v smart x2"
    assert {p.game for p in bench.select("lu,sp")} == {"livestock_uprising", "space_pigs"}
    assert all("baseline" in p.title for p in bench.select("baseline"))
    assert len(bench.select(None)) == len(bench.PAIRINGS)
    with pytest.raises(SystemExit, match="no pairing matches"):
        bench.select("chess")


def test_a_win_rate_line_shows_target_verdict_and_interval():
    pairing = bench.select("bg")[0]
    seats = ["strong", "smart", "smart"]
    won = [_record(seats, [0])] * 6 + [_record(seats, [1])] * 4
    line, passed = bench.report(pairing, won, 3.0)
    assert passed is True and "strong wins 6/10 = 60%" in line and "target >= 55% PASS" in line and "95%" in line
    line, passed = bench.report(pairing, [_record(seats, [1])] * 10, 3.0)
    assert passed is False and "MISS" in line
    baseline = next(p for p in bench.select("bg") if p.at_least is None)
    line, passed = bench.report(baseline, [_record(["smart", "random", "random"], [0])] * 3, 1.0)
    assert passed is None and "PASS" not in line and "MISS" not in line


def test_a_finishing_line_checks_the_median_turns_too():
    pairing = next(p for p in bench.select("sp") if p.median_at_most is not None)
    seats = ["greedy"] * 4
    fast = [_record(seats, [0], rounds=8)] * 10
    slow = [_record(seats, [0], rounds=14)] * 10
    assert bench.report(pairing, fast, 1.0)[1] is True
    line, passed = bench.report(pairing, slow, 1.0)
    assert passed is False and "median <= 10 turns" in line and "MISS" in line


def test_the_ladder_resumes_from_its_results_file_and_prints_partial_lines(tmp_path, capsys):
    path = tmp_path / "ladder.jsonl"
    args = ["--ladder", "--pairings", "livestock 2p greedy v random", "--results", str(path)]
    bench.main(args + ["--games", "2"])
    assert "greedy wins" in capsys.readouterr().out and len(path.read_text().splitlines()) == 2
    with path.open("a") as f:
        f.write('{"pairing": "cut short')  # a run stopped mid-line: skipped
    bench.main(args + ["--games", "3", "--minutes", "0"])  # no time left: nothing new, the table from the file
    out = capsys.readouterr().out
    assert "/2 =" in out and "PARTIAL: 2 of 3 games" in out
    bench.main(args + ["--games", "3"])  # only the missing game is played
    records = [line for line in path.read_text().splitlines() if line.endswith("}")]
    assert len(records) == 3 and "PARTIAL" not in capsys.readouterr().out


def test_a_full_ladder_plays_more_games_of_the_lines_whose_interval_needs_them():
    by_title = {p.title: p for p in bench.LADDER}
    sp_hard, sp_greedy = by_title["Space Pigs 4p hard v normal x3"], by_title["Space Pigs 4p normal v greedy x3 (400 games)"]
    bg_easy, bg_hard = by_title["BattleGoats 3p easy v smart x2"], by_title["BattleGoats 3p hard v normal x2"]
    assert bench.ladder_games(sp_hard, 200) == 800 and bench.ladder_games(sp_greedy, 200) == 400
    assert bench.ladder_games(bg_easy, 200) == 600 and bench.ladder_games(bg_hard, 200) == 400
    longer = (sp_hard, sp_greedy, bg_easy, bg_hard)
    assert {bench.ladder_games(p, 200) for p in bench.LADDER if p not in longer} == {200}
    assert {bench.ladder_games(p, 10) for p in bench.LADDER} == {10}  # a first look stays short


def test_the_ladder_plays_the_same_games_in_two_processes(tmp_path, capsys):
    """``--jobs 2`` plays the games two at a time: the same records (winners, actions) as one
    process plays, so a results file may mix runs of either kind."""
    args = ["--ladder", "--pairings", "BattleGoats 3p smart v random", "--games", "4"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    bench.main(args + ["--results", str(one)])
    bench.main(args + ["--results", str(two), "--jobs", "2"])
    out = capsys.readouterr().out

    def games(path):
        return {r["index"]: (r["seats"], r["winners"], r["actions"])
                for r in map(json.loads, path.read_text().splitlines())}

    assert len(games(one)) == 4 and games(one) == games(two)
    assert out.count("smart wins") == 2
