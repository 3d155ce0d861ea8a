"""The lab's results on disk: a Parquet dataset, one folder, one file per chunk of games.

``<out>/lab.json`` says which experiment the folder holds; ``<out>/chunk-<first>-<end>.parquet``
holds games ``first`` .. ``end - 1``, one row per game. A chunk file is written under a temporary
name and renamed when complete, so a file that exists is a whole chunk: an interrupted run
resumes by skipping the chunks whose file is there.

Columns: the tournament record (``game``, ``index``, ``seed``, ``seats``, ``winners``,
``finished``, ``rounds``, ``actions``, ``seconds``, ``decisions``, ``decision_seconds``,
``options`` as JSON text, ``result``), the game's features (:data:`.features.FEATURE_COLUMNS`)
and ``worker`` (the address of the Dask worker that played the game, ``local`` when played in
this process).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

from .features import FEATURE_COLUMNS

__all__ = ["MANIFEST", "chunk_path", "done_chunks", "read_frame", "read_manifest", "records", "schema",
           "write_chunk", "write_manifest"]

MANIFEST = "lab.json"
_CHUNK = re.compile(r"chunk-(\d+)-(\d+)\.parquet$")

_RECORD_COLUMNS: tuple[tuple[str, str], ...] = (
    ("game", "str"), ("index", "int"), ("seed", "int"), ("seats", "strs"), ("winners", "ints"),
    ("finished", "bool"), ("rounds", "int"), ("actions", "int"), ("seconds", "float"), ("decisions", "ints"),
    ("decision_seconds", "floats"), ("options", "str"), ("result", "str"),
)
#: The keys of a tournament record, in the order :func:`records` gives them.
RECORD_KEYS = tuple(name for name, _ in _RECORD_COLUMNS)


def schema(game: str) -> Any:
    """The pyarrow schema of a game's rows (every chunk has exactly this one)."""
    import pyarrow as pa

    kinds = {"str": pa.string(), "int": pa.int64(), "bool": pa.bool_(), "float": pa.float64(),
             "strs": pa.list_(pa.string()), "ints": pa.list_(pa.int64()), "floats": pa.list_(pa.float64()),
             "bools": pa.list_(pa.bool_()), "strss": pa.list_(pa.list_(pa.string())),
             "intss": pa.list_(pa.list_(pa.int64()))}
    columns = (*_RECORD_COLUMNS, *FEATURE_COLUMNS.get(game, ()), ("worker", "str"))
    return pa.schema([(name, kinds[kind]) for name, kind in columns])


def chunk_path(out: Path, first: int, end: int) -> Path:
    return out / f"chunk-{first:09d}-{end:09d}.parquet"


def done_chunks(out: Path) -> set[tuple[int, int]]:
    """The (first, end) of every chunk already written in ``out``."""
    if not out.is_dir():
        return set()
    found = set()
    for path in out.iterdir():
        match = _CHUNK.fullmatch(path.name)
        if match:
            found.add((int(match.group(1)), int(match.group(2))))
    return found


def write_chunk(out: Path, game: str, first: int, end: int, rows: Iterable[Mapping[str, Any]]) -> Path:
    """Write one chunk's rows (records with features and worker) as one Parquet file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table_schema = schema(game)
    plain = [{**row, "options": json.dumps(row["options"], sort_keys=True)} for row in rows]
    table = pa.Table.from_pylist([{name: row.get(name) for name in table_schema.names} for row in plain],
                                 schema=table_schema)
    path = chunk_path(out, first, end)
    temporary = path.with_name(path.name + ".part")
    pq.write_table(table, temporary)
    os.replace(temporary, path)
    return path


def write_manifest(out: Path, spec: Mapping[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / MANIFEST).write_text(json.dumps(spec, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def read_manifest(out: Path) -> dict[str, Any] | None:
    path = Path(out) / MANIFEST
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def read_frame(out: str | os.PathLike) -> Any:
    """Every game written in ``out`` as a pandas DataFrame, one row per game, by index."""
    import pandas as pd
    import pyarrow.parquet as pq

    out = Path(out)
    files = sorted(p for p in out.glob("chunk-*.parquet"))
    manifest = read_manifest(out) or {}
    if not files:
        return schema(manifest.get("game", "")).empty_table().to_pandas()
    frame = pd.concat([pq.read_table(p).to_pandas() for p in files], ignore_index=True)
    frame = frame.drop_duplicates("index", keep="first")  # a game is the same game in any chunk
    return frame.sort_values("index", kind="stable").reset_index(drop=True)


def records(frame: Any) -> list[dict[str, Any]]:
    """The tournament records of a frame's games (as :func:`..tournament.play_one` returns them)."""
    out = []
    for row in frame.to_dict("records"):
        record = {key: _plain(row[key]) for key in RECORD_KEYS}
        record["options"] = json.loads(record["options"])
        out.append(record)
    return out


def _plain(value: Any) -> Any:
    """numpy and pyarrow values as plain Python (lists, ints, floats, bools, str)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return value
