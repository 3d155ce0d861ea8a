"""The lab's results folder (livestock_notebooks.lab.store): any Parquet reader reads it as one
table, and a chunk that is damaged, foreign or not the games its name claims is set aside with a
warning and its games played again."""
from __future__ import annotations

import json
import shutil

import pandas as pd
import pytest

pytest.importorskip("pyarrow")

from livestock_notebooks import cli, lab, tournament  # noqa: E402
from livestock_notebooks.lab import runner, store  # noqa: E402

TIMING = ("seconds", "decision_seconds")
EXPERIMENT = lab.Experiment("battlegoats", ["random", "random"], games=6, seed=4, max_rounds=2)


def _without_timing(records):
    return [{k: v for k, v in r.items() if k not in TIMING} for r in records]


def _serial():
    return _without_timing(tournament.play_games("battlegoats", ["random", "random"], games=6, seed=4, max_rounds=2))


def _played(tmp_path, name="run", experiment=EXPERIMENT):
    return lab.run(experiment, tmp_path / name, scheduler="serial", chunk_size=2)


def test_pandas_dask_and_duckdb_read_the_folder(tmp_path):
    out = _played(tmp_path)
    # what a stopped run and a checked folder leave beside the chunks: readers skip them
    (out / ".chunk-000000006-000000008.parquet.part").write_bytes(b"half a file")
    (out / store.SET_ASIDE).mkdir()
    (out / store.SET_ASIDE / "chunk-000000000-000000002.parquet.bad").write_bytes(b"junk")
    assert (out / "_manifest.json").is_file() and not (out / "lab.json").exists()
    frame = pd.read_parquet(out)
    assert sorted(frame["index"]) == list(range(6))
    assert frame.set_index("index").loc[3, "seed"] == tournament.game_seed(4, 3)
    dd = pytest.importorskip("dask.dataframe")
    assert sorted(dd.read_parquet(out).compute()["index"]) == list(range(6))
    duckdb = pytest.importorskip("duckdb")
    rows = duckdb.sql(f"select index, seed from read_parquet('{out}/*.parquet') order by index").fetchall()
    assert rows == [(i, tournament.game_seed(4, i)) for i in range(6)]


def test_a_corrupt_chunk_is_set_aside_and_its_games_played_again(tmp_path):
    out = _played(tmp_path)
    bad = store.chunk_path(out, 2, 4)
    bad.write_bytes(b"PAR1 not really parquet")
    with pytest.warns(store.ChunkSetAside, match="chunk-000000002-000000004.parquet unreadable"):
        _played(tmp_path)
    assert (out / store.SET_ASIDE / (bad.name + ".bad")).read_bytes() == b"PAR1 not really parquet"
    assert _without_timing(lab.records(lab.read_frame(out))) == _serial()


@pytest.mark.parametrize("damage, said", [
    ("foreign", "not the columns of a battlegoats chunk"),
    ("claims more", "holds 2 games, not games 0 to 3"),
    ("other seeds", "other seeds than this experiment's"),
])
def test_a_chunk_that_is_not_what_its_name_says_is_replayed(tmp_path, damage, said):
    out = _played(tmp_path)
    if damage == "foreign":  # another game's chunk under this name
        other = lab.run(lab.Experiment("livestock_uprising", ["greedy", "greedy"], games=2, max_rounds=1),
                        tmp_path / "other", scheduler="serial", chunk_size=2)
        shutil.copyfile(store.chunk_path(other, 0, 2), store.chunk_path(out, 0, 2))
    elif damage == "claims more":  # a chunk that says it holds games 0-3 but has two of them
        manifest = json.loads((out / store.MANIFEST).read_text())
        manifest["chunk_size"] = 4
        (out / store.MANIFEST).write_text(json.dumps(manifest))
        for path in out.glob("chunk-*.parquet"):
            path.unlink()
        lab.run(EXPERIMENT, out, scheduler="serial", chunk_size=2)
        shutil.copyfile(store.chunk_path(out, 0, 2), store.chunk_path(out, 0, 4))
        store.chunk_path(out, 0, 2).unlink()
    else:  # games of the same game and bots with another seed
        other = lab.run(lab.Experiment("battlegoats", ["random", "random"], games=2, seed=99, max_rounds=2),
                        tmp_path / "other", scheduler="serial", chunk_size=2)
        shutil.copyfile(store.chunk_path(other, 0, 2), store.chunk_path(out, 0, 2))
    with pytest.warns(store.ChunkSetAside, match=said):
        lab.run(EXPERIMENT, out, scheduler="serial")
    assert _without_timing(lab.records(lab.read_frame(out))) == _serial()


def test_the_command_warns_in_one_line_and_replays(tmp_path, capsys):
    out = _played(tmp_path)
    store.chunk_path(out, 4, 6).write_bytes(b"")
    args = ["lab", "--game", "battlegoats", "--seats", "random,random", "--games", "6", "--seed", "4",
            "--max-rounds", "2", "--scheduler", "serial", "--out", str(out)]
    assert cli.main(args) == 0
    err = capsys.readouterr().err
    warning = [line for line in err.splitlines() if "warning" in line]
    assert len(warning) == 1 and warning[0].startswith("livestock-notebooks lab: warning: chunk-000000004-000000006")
    assert "Traceback" not in err and len(lab.read_frame(out)) == 6


def test_a_folder_with_the_old_manifest_name_resumes(tmp_path):
    out = _played(tmp_path)
    (out / store.MANIFEST).rename(out / "lab.json")
    store.chunk_path(out, 4, 6).unlink()
    lab.run(EXPERIMENT, out, scheduler="serial")
    assert not (out / "lab.json").exists() and (out / store.MANIFEST).is_file()
    assert sorted(pd.read_parquet(out)["index"]) == list(range(6))


def test_no_games_are_refused_before_anything_is_written(tmp_path):
    with pytest.raises(runner.LabError, match="1 game or more"):
        lab.run(lab.Experiment("battlegoats", ["random", "random"], games=0), tmp_path / "none", scheduler="serial")
    assert not (tmp_path / "none").exists()
    with pytest.raises(ValueError, match="max_rounds must be 1 or more"):
        lab.Experiment("battlegoats", ["random", "random"], max_rounds=0)


def test_the_local_cluster_and_its_dashboard_listen_on_loopback_only():
    pytest.importorskip("distributed")
    with runner._client(None, 1) as client:
        assert client.scheduler.address.startswith("tcp://127.0.0.1:")
        assert client.dashboard_link.startswith("http://127.0.0.1:")
        assert all(address.startswith("tcp://127.0.0.1:") for address in client.scheduler_info()["workers"])


def test_without_the_lab_extra_a_run_says_which_extra_to_install(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a))
    with pytest.raises(runner.LabError) as caught:
        lab.run(EXPERIMENT, tmp_path / "out", scheduler="serial")
    assert str(caught.value) == "the balance lab needs pyarrow: pip install 'livestock-notebooks[lab]'"
    assert not (tmp_path / "out").exists()
