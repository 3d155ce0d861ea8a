"""The lab's results on disk: a Parquet dataset, one folder, one file per chunk of games.

``<out>/chunk-<first>-<end>.parquet`` holds games ``first`` .. ``end - 1``, one row per game;
``<out>/_manifest.json`` says which experiment the folder holds. Any Parquet reader reads the
folder as one table: ``pandas.read_parquet(out)``, ``dask.dataframe.read_parquet(out)``, DuckDB's
``read_parquet('out/*.parquet')``. Parquet datasets skip names starting with ``_`` or ``.`` and
Dask reads only names ending in ``.parquet``, so none of them reads the manifest, a chunk being
written (``.chunk-....parquet.part``) or a chunk set aside (``_set_aside/chunk-....parquet.bad``).

A chunk file is written under its temporary name and renamed when complete, so a file that
exists is a whole chunk: an interrupted run resumes by skipping the chunks there. Before a run
skips a chunk it checks it (:func:`check_chunk`: readable, this game's columns, the games its
name claims, each with its seed); a chunk that fails is moved to ``_set_aside/`` with a warning
(:class:`ChunkSetAside`) and its games are played again.

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
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from .features import FEATURE_COLUMNS

__all__ = ["MANIFEST", "SET_ASIDE", "ChunkSetAside", "check_chunk", "chunk_path", "done_chunks", "good_chunks",
           "read_frame", "read_manifest", "records", "schema", "write_chunk", "write_manifest"]

MANIFEST = "_manifest.json"
#: the manifest's name before it was made invisible to Parquet readers (read, then replaced)
OLD_MANIFEST = "lab.json"
SET_ASIDE = "_set_aside"


class ChunkSetAside(UserWarning):
    """A chunk file that failed its check was moved to ``_set_aside/``; its games are played again."""
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
    """The (first, end) of every chunk file in ``out`` (unchecked: see :func:`good_chunks`)."""
    if not out.is_dir():
        return set()
    found = set()
    for path in out.iterdir():
        match = _CHUNK.fullmatch(path.name)
        if match and path.name == chunk_path(out, int(match.group(1)), int(match.group(2))).name:
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
    temporary = path.with_name("." + path.name + ".part")  # hidden from readers until complete
    pq.write_table(table, temporary)
    os.replace(temporary, path)
    return path


def write_manifest(out: Path, spec: Mapping[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / MANIFEST).write_text(json.dumps(spec, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (out / OLD_MANIFEST).unlink(missing_ok=True)


def read_manifest(out: Path) -> dict[str, Any] | None:
    for name in (MANIFEST, OLD_MANIFEST):
        path = Path(out) / name
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
    return None


def check_chunk(path: Path, game: str, first: int, end: int, seeds: Sequence[int] | None = None) -> str | None:
    """Why the chunk file ``path`` cannot stand for games ``first`` .. ``end - 1`` of ``game``
    (``seeds``: their seeds), or ``None`` when it can: it must be a readable Parquet file with
    exactly this game's columns and one row per claimed game, each with its index and seed."""
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path, columns=["game", "index", "seed"])
        columns = pq.read_schema(path)
    except Exception as exc:  # pyarrow raises several kinds for a damaged or foreign file
        return f"unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    if not columns.equals(schema(game), check_metadata=False):
        return f"not the columns of a {game} chunk"
    indices = table.column("index").to_pylist()
    if indices != list(range(first, end)):
        return f"holds {len(indices)} games, not games {first} to {end - 1} as its name claims"
    if set(table.column("game").to_pylist()) != {game}:
        return f"holds games of another game than {game}"
    if seeds is not None and table.column("seed").to_pylist() != list(seeds):
        return "its games have other seeds than this experiment's"
    return None


def good_chunks(out: Path, game: str, seeds: Callable[[int], int] | None = None) -> set[tuple[int, int]]:
    """The (first, end) of every chunk in ``out`` that passes :func:`check_chunk` (``seeds(i)``:
    game ``i``'s seed); the others are moved to ``_set_aside/`` with a :class:`ChunkSetAside`
    warning, so that their games are played again."""
    good = set()
    for first, end in sorted(done_chunks(out)):
        path = chunk_path(out, first, end)
        claimed = [seeds(i) for i in range(first, end)] if seeds is not None else None
        reason = check_chunk(path, game, first, end, claimed)
        if reason is None:
            good.add((first, end))
            continue
        aside = out / SET_ASIDE
        aside.mkdir(exist_ok=True)
        os.replace(path, aside / (path.name + ".bad"))  # a name no Parquet reader picks up
        warnings.warn(f"{path.name} {reason}: moved to {aside}; its games are played again", ChunkSetAside,
                      stacklevel=2)
    return good


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
