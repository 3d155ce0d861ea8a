"""The balance lab (livestock_notebooks.lab): games on a Dask cluster of two worker processes give
the serial tournament's records, a stopped run resumes with every game once, the analyses give the
right intervals, and ``livestock-notebooks lab`` runs."""
from __future__ import annotations

import logging

import pandas as pd
import pytest

pytest.importorskip("distributed")

from livestock_notebooks import cli, lab, tournament  # noqa: E402
from livestock_notebooks.lab import analysis, store  # noqa: E402

TIMING = ("seconds", "decision_seconds")


def _without_timing(records):
    return [{k: v for k, v in r.items() if k not in TIMING} for r in records]


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                      silence_logs=logging.ERROR) as running:
        yield running


def _workers(cluster) -> set[str]:
    return set(cluster.scheduler_info["workers"])


def test_forty_games_on_two_worker_processes_are_the_serial_tournament(cluster, tmp_path):
    experiment = lab.Experiment("livestock_uprising", ["greedy", "random"], games=40, seed=11)
    out = lab.run(experiment, tmp_path / "run.parquet", scheduler=cluster.scheduler_address, chunk_size=4)
    frame = lab.read_frame(out)
    serial = tournament.play_games("livestock_uprising", ["greedy", "random"], games=40, seed=11)
    assert _without_timing(lab.records(frame)) == _without_timing(serial)
    assert set(frame["worker"]) <= _workers(cluster)
    assert len(list(out.glob("chunk-*.parquet"))) == 10


def test_a_run_stopped_halfway_resumes_and_plays_every_game_once(cluster, tmp_path):
    experiment = lab.Experiment("battlegoats", ["random", "random"], games=40, seed=3)
    out = tmp_path / "stopped.parquet"

    class Stop(Exception):
        pass

    def stop_halfway(done, total):
        if done >= total // 2:
            raise Stop

    with pytest.raises(Stop):
        lab.run(experiment, out, scheduler=cluster.scheduler_address, chunk_size=5, progress=stop_halfway)
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet")}
    assert 4 <= len(kept) < 8
    seen = []
    lab.run(experiment, out, scheduler=cluster.scheduler_address, progress=lambda done, total: seen.append(done))
    frame = lab.read_frame(out)
    assert sorted(frame["index"]) == list(range(40))
    assert seen[0] == 5 * len(kept)  # the chunks already written count as done, and are not played again
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet") if p.name in kept} == kept
    serial = tournament.play_games("battlegoats", ["random", "random"], games=40, seed=3)
    assert _without_timing(lab.records(frame)) == _without_timing(serial)
    assert all(len(army) == 9 for armies in frame["armies"] for army in armies)


def test_a_folder_of_another_experiment_is_refused(tmp_path):
    out = tmp_path / "one"
    lab.run(lab.Experiment("livestock_uprising", ["greedy", "greedy"], games=2, max_rounds=2), out, scheduler="serial")
    with pytest.raises(ValueError, match="another experiment"):
        lab.run(lab.Experiment("livestock_uprising", ["greedy", "greedy"], games=2, max_rounds=2, seed=9), out, scheduler="serial")


def test_drawn_factions_depend_on_the_game_alone():
    experiment = lab.Experiment("livestock_uprising", ["greedy", "greedy"], games=3, seed=5, max_rounds=2,
                                options={"factions": "draw"})
    rows = [lab.play_game(experiment, i) for i in (0, 1, 2)]
    assert lab.play_game(experiment, 2)["factions"] == rows[2]["factions"]
    assert all(len(set(r["factions"])) == 2 for r in rows)
    assert len({tuple(r["factions"]) for r in rows}) > 1


def _hand_made_games():
    # 10 games of two seats: seat 1 wins 8 of them
    return pd.DataFrame({
        "index": list(range(10)),
        "seats": [["a", "b"]] * 10,
        "winners": [[0]] * 8 + [[1]] * 2,
        "first_player": [1, 1, 0, 0, 0, 0, 0, 0, 1, 1],
        "finished": [True] * 9 + [False],
        "rounds": [3, 3, 4, 4, 4, 5, 5, 5, 5, 9],
        "armies": [[["x", "y"], ["z"]]] * 8 + [[["y"], ["x", "z"]]] * 2,
    })


def test_win_rates_by_seat_carry_wilson_intervals():
    table = analysis.by_seat(_hand_made_games()).set_index("label")
    assert table.loc["Seat 1", ["n", "wins"]].tolist() == [10, 8]
    assert table.loc["Seat 1", "rate"] == 0.8
    assert round(table.loc["Seat 1", "low"], 4) == 0.4902 and round(table.loc["Seat 1", "high"], 4) == 0.9433
    assert (table.loc["Seat 2", "low"], table.loc["Seat 2", "high"]) == pytest.approx(tournament.wilson_interval(2, 10))


def test_going_first_and_game_length():
    first = analysis.by_first_player(_hand_made_games()).set_index("label")
    # seat 1 went first 6 times and won all 6; seat 2 went first 4 times and won 2
    assert first.loc["went first", ["n", "wins"]].tolist() == [10, 8]
    assert first.loc["did not", ["n", "wins"]].tolist() == [10, 2]
    length = analysis.game_length(_hand_made_games()).set_index("label")
    assert length["count"].to_dict() == {3: 2, 4: 3, 5: 4}  # the unfinished game is left out
    assert (length.loc[5, "low"], length.loc[5, "high"]) == pytest.approx(tournament.wilson_interval(4, 9))


def test_card_effect_compares_armies_with_and_without_each_card():
    table = analysis.card_effect(_hand_made_games()).set_index("label")
    # x is in every winning army (seat 1's in 8 games, seat 2's in the 2 it won) and in no losing one
    assert table.loc["x", ["n", "wins", "n_without"]].tolist() == [10, 10, 10]
    assert table.loc["x", "rate_without"] == 0.0
    assert table.loc["z", ["n", "wins"]].tolist() == [10, 2]
    assert table.index[0] == "x" and table.loc["x", "difference"] == 1.0


def test_the_lab_command_plays_and_prints_intervals(tmp_path, capsys):
    out = tmp_path / "cli.parquet"
    assert cli.main(["lab", "--game", "battlegoats", "--seats", "random,smart,random", "--games", "4",
                     "--max-rounds", "2", "--out", str(out), "--workers", "1"]) == 0
    printed = capsys.readouterr()
    assert "4 games in" in printed.out and "95%" in printed.out
    assert "4/4 games" in printed.err
    frame = lab.read_frame(out)
    assert len(frame) == 4 and frame["worker"].str.startswith("tcp://").all()
    assert store.read_manifest(out)["experiment"]["max_rounds"] == 2
