"""Tables (issue 15): how long a move takes to be stored, and what 20 open tables cost in memory.

- Store commit latency, SQLite and PostgreSQL: ``TableStore.commit`` of a real engine save
  (the compare-and-set, the log entry, one transaction), median and 95th percentile, against a
  bare one-row ``UPDATE`` on the same database in the same run (the yardstick); and a whole
  ``TableService.act`` (read the table, check the token, load the save, apply, commit).
- Memory: this Python process's resident size (``VmRSS``) after importing the package, then
  with 20 open tables (mixed games, each loaded with every seat's view, as the kernels at a
  table hold them).
- Move propagation between three browsers: measured by the page's benchmark, see
  :func:`propagation` (the hook left for it).

    python benchmarks/tables.py [--commits 300] [--postgres URL]

PostgreSQL is measured when ``--postgres`` or ``LIVESTOCK_TEST_POSTGRES_URL`` names a database
(in its own schema, dropped afterwards). These machines are shared and noisy: compare the ratios.
"""
from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks.tables import TableService, TableStore  # noqa: E402


def rss_mb() -> float:
    """This process's resident memory in MB (Linux ``/proc``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(median, 95th percentile) in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def timed(fn: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def commit_latency(store: TableStore, commits: int) -> dict[str, tuple[float, float]]:
    """Median and p95 (ms) of a bare UPDATE, ``commit`` and ``act`` on ``store``."""
    record, host = store.create("battlegoats", {}, ["human", "bot:random", "bot:random"], "Ann", seed=1)
    save = record.save
    version = record.version
    conn = store._conn()

    def bare() -> None:
        store._run(conn, "UPDATE lsn_tables SET updated = ? WHERE id = ?", (time.time(), record.id))

    def commit() -> None:
        nonlocal version
        version = store.commit(record.id, version, save, {"action": {"type": "Bench"}, "log": ["a move"]})

    result = {"bare UPDATE": percentiles(timed(bare, commits)), "commit": percentiles(timed(commit, commits))}
    service = TableService(store)
    acts = []
    for _ in range(max(3, commits // 10)):  # whole games: the human acts, the bots answer
        record, host = store.create("battlegoats", {}, ["human", "bot:random", "bot:random"], "Ann")
        while True:
            service.play_bots(record.id)
            version, legal = service.legal_actions(record.id, host)
            if not legal:
                break
            start = time.perf_counter()
            service.act(record.id, host, version, legal[0])
            acts.append(time.perf_counter() - start)
            if len(acts) >= commits:
                break
        if len(acts) >= commits:
            break
    result["act (load, check, apply, commit)"] = percentiles(acts)
    return result


def memory_with_tables(store: TableStore, count: int = 20) -> tuple[float, float]:
    """(RSS MB before, after) holding ``count`` open tables: each loaded with every seat's view."""
    service = TableService(store)
    before = rss_mb()
    games = [("battlegoats", ["human", "free", "bot:smart"]), ("livestock_uprising", ["human", "free", "bot:greedy"]),
             ("space_pigs", ["human", "free", "bot:greedy", "bot:random"])]
    held = []
    for i in range(count):
        game, seats = games[i % len(games)]
        record, host = store.create(game, {}, seats, f"Host {i}")
        store.claim(record.id, None, f"Guest {i}")
        service.play_bots(record.id, max_steps=20)
        held.append([service.view(record.id, seat) for seat in [*range(len(seats)), None]])
    return before, rss_mb()


def propagation(*_args, **_kwargs) -> dict[str, tuple[float, float]]:
    """Hook for the page's measure: time from a move in one browser to the board updating in the
    two others (three Chromium contexts at one table), median and p95. Not measured here."""
    raise NotImplementedError("move propagation between browsers is measured with the tables page")


def postgres_schema_url(url: str) -> tuple[str, Callable[[], None]]:
    """``url`` in a fresh schema, and the function that drops it."""
    import psycopg

    schema = "lsn_bench_" + secrets.token_hex(4)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")

    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}", drop


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=300, help="commits timed per backend")
    parser.add_argument("--postgres", default=os.environ.get("LIVESTOCK_TEST_POSTGRES_URL"),
                        help="a PostgreSQL URL (default: $LIVESTOCK_TEST_POSTGRES_URL)")
    args = parser.parse_args(argv)
    import livestock_notebooks.tournament  # noqa: F401  (the engines, before the baseline)

    baseline = rss_mb()
    with tempfile.TemporaryDirectory() as tmp:
        store = TableStore(f"sqlite:///{tmp}/memory.db")  # first, so nothing else has grown the process
        before, after = memory_with_tables(store)
        store.close()
        print(f"Memory: {baseline:.0f} MB after importing the engines; {before:.0f} MB with the store open, "
              f"{after:.0f} MB with 20 open tables ({(after - before) / 20 * 1024:.0f} kB a table)")
        backends = [("SQLite (WAL)", f"sqlite:///{tmp}/tables.db", lambda: None)]
        if args.postgres:
            url, drop = postgres_schema_url(args.postgres)
            backends.append(("PostgreSQL", url, drop))
        else:
            print("PostgreSQL: not measured (give --postgres or LIVESTOCK_TEST_POSTGRES_URL)")
        for name, url, cleanup in backends:
            store = TableStore(url)
            try:
                figures = commit_latency(store, args.commits)
                bare = figures["bare UPDATE"][0]
                print(f"{name}: {args.commits} commits")
                for label, (median, p95) in figures.items():
                    print(f"  {label:34s} median {median:7.2f} ms   p95 {p95:7.2f} ms   ({median / bare:.1f}x bare)")
            finally:
                store.close()
                cleanup()
    print("Move propagation between three browsers: measured with the tables page (see propagation()).")


if __name__ == "__main__":
    main()
