"""Tables (issue 15): how long a move takes to be stored, and what 20 open tables cost in memory.

- Store commit latency, SQLite and PostgreSQL: ``TableStore.commit`` of a real engine save
  (the compare-and-set, the log entry, one transaction), median and 95th percentile, against a
  bare one-row ``UPDATE`` on the same database in the same run (the yardstick); and a whole
  ``TableService.act`` (read the table, check the token, load the save, apply, commit).
- Memory: this Python process's resident size (``VmRSS``) after importing the package, then
  with 20 open tables (mixed games, each loaded with every seat's view, as the kernels at a
  table hold them).
- Move propagation between three browsers (``--browsers``): a move clicked in one Chromium
  context until it is drawn in the two others, median and 95th percentile (:func:`propagation`).
- The same with other tables active on the same server (``--active 1 20``: that many active
  tables in all, the measured one included; :func:`active_tables`): each other table open in a
  page whose kernel polls it (a light visitor, ``tests/visitor.py``: the server does a browser's
  work, nothing is drawn) and moved on about once a second.

    python benchmarks/tables.py [--commits 300] [--postgres URL] [--browsers [--moves 27]] [--active 1 20]

PostgreSQL is measured when ``--postgres`` or ``LIVESTOCK_TEST_POSTGRES_URL`` names a database
(in its own schema, dropped afterwards). These machines are shared and noisy: compare the ratios.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

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


# the moment the move is seen: the mover's board in another browser has one more card on it
_ARM_JS = """(m) => { window.__lsnSeen = null;
    const filled = () => document.querySelectorAll(`.lsn-bg-board-${m} button.lsn-bg-slot:not(.lsn-bg-empty)`).length;
    const start = filled();
    const check = () => { if (window.__lsnSeen === null && filled() > start) {
        window.__lsnSeen = performance.timeOrigin + performance.now(); obs.disconnect(); } };
    const obs = new MutationObserver(check);
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }"""
_CLICK_JS = "(el) => { window.__lsnClick = performance.timeOrigin + performance.now(); el.click(); }"


def propagation(moves: int = 27, chromium: str = "/usr/bin/chromium", *,
                around: Callable[[str, str], Any] | None = None) -> dict[str, tuple[float, float]]:
    """Move propagation between three browsers: a ``livestock-notebooks`` server of its own (its
    tables in a scratch SQLite file), three Chromium contexts at one BattleGoats table of three
    human seats; for each of ``moves`` moves (the battlefields being laid out), the time from
    the click that lays a card in the mover's browser to that card drawn on the mover's
    battlefield in each of the two other browsers (their pages poll the table's version every
    0.3 s). Times are read inside the pages (``performance.timeOrigin + now()``, one clock).
    ``around(store_url, base_url)``, if given, is a context manager held while the three browsers
    play (``benchmarks/capacity.py`` keeps other tables busy in it).
    Returns ``{"propagation": (median ms, p95 ms)}``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from browser import CHROMIUM_ARGS, ServerProcess, free_port, server_command, voila_url, wait_for_voila
    from playwright.sync_api import sync_playwright

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        db, home = Path(tmp) / "tables.db", Path(tmp) / "home"
        home.mkdir()
        port = free_port()
        server = ServerProcess(server_command(port), home, port=port,
                               env={"LIVESTOCK_TABLES_URL": f"sqlite:///{db}"})
        store = TableStore(f"sqlite:///{db}")
        busy = around(f"sqlite:///{db}", server.base_url) if around is not None else contextlib.nullcontext()
        try:
            with busy, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
                pages = []
                for _ in range(3):
                    page = browser.new_context(viewport={"width": 1280, "height": 1400}).new_page()
                    page.set_default_timeout(90_000)
                    pages.append(page)
                host = pages[0]
                host.goto(voila_url(server.base_url, "tables.ipynb"))
                wait_for_voila(host)
                app = host.locator(".lsn-table-create .lsn-app-battlegoats")
                app.locator(".lsn-players select").select_option("3")
                for i in range(3):
                    app.locator(f".lsn-seat-{i} select").select_option("Human")
                app.locator("button.lsn-start").click()
                invite = host.locator(".lsn-table-invite input")
                invite.wait_for()
                while "table=" not in invite.input_value():
                    time.sleep(0.1)
                url = invite.input_value()
                table = url.rsplit("=", 1)[1]
                for seat, page in ((1, pages[1]), (2, pages[2])):
                    page.goto(url)
                    wait_for_voila(page)
                    page.locator(".lsn-table-join-name input").fill(f"Player {seat + 1}")
                    page.locator("button.lsn-table-take", has_text=f"Take seat {seat + 1}").click()
                    page.locator(".lsn-table-status", has_text="You play").wait_for()
                for _ in range(moves):
                    record = store.get(table)
                    mover = TableService(store).load(record).current_player
                    page = pages[mover]
                    page.locator(".lsn-prompt.lsn-prompt-mine").wait_for()
                    slot = page.locator(f".lsn-bg-board-{mover} button.lsn-bg-selectable:visible").first
                    for attempt in range(4):  # a click that met the hand being redrawn is made again
                        page.locator("button.lsn-bg-hand-card:visible").first.click()
                        try:
                            slot.wait_for(timeout=20_000)
                            break
                        except Exception:
                            if attempt == 3:
                                raise
                    others = [p for i, p in enumerate(pages) if i != mover]
                    for other in others:
                        other.evaluate(_ARM_JS, mover)
                    slot.evaluate(_CLICK_JS)
                    clicked = page.evaluate("() => window.__lsnClick")
                    for other in others:
                        other.wait_for_function("() => window.__lsnSeen !== null", timeout=30_000)
                        samples.append((other.evaluate("() => window.__lsnSeen") - clicked) / 1000)
                    while store.get(table).version == record.version:
                        time.sleep(0.05)
                browser.close()
        finally:
            store.close()
            server.stop()
    return {"propagation": percentiles(samples)}


@contextlib.contextmanager
def active_tables(n: int, store_url: str, base_url: str):
    """While the block runs: ``n`` BattleGoats tables (a person and two bots) in the store at
    ``store_url``, each open in a page of the server at ``base_url`` (a light visitor: the page
    request, its kernel, the websocket and the widget states, as a browser asks; its kernel
    polls the table), and a thread that moves every table on about once a second."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from visitor import visit

    store = TableStore(store_url)
    service = TableService(store)
    made = [store.create("battlegoats", {}, ["human", "bot:random", "bot:random"], "Bg", seed=i) for i in range(n)]
    ready, stop = threading.Event(), threading.Event()
    failed: list[BaseException] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        visitors: list = []

        async def open_all() -> list:
            return list(await asyncio.gather(*(visit(base_url, f"/voila/render/tables.ipynb?table={record.id}",
                                                     "lsn-table-lobby") for record, _token in made)))

        try:
            visitors = loop.run_until_complete(open_all())
            ready.set()
            rng = random.Random(1)
            while not stop.is_set():
                for record, token in made:
                    service.play_bots(record.id)
                    version, legal = service.legal_actions(record.id, token)
                    if legal:
                        service.act(record.id, token, version, rng.choice(legal))
                    loop.run_until_complete(asyncio.sleep(1 / max(1, len(made))))  # the sockets' traffic
        except BaseException as exc:  # noqa: BLE001 - reported by the caller's thread
            failed.append(exc)
            ready.set()
        finally:
            for v in visitors:
                v.close()
            loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(600)
    try:
        if failed:
            raise RuntimeError(f"the other tables did not start: {failed[0]!r}")
        yield
    finally:
        stop.set()
        thread.join(60)
        store.close()


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
    parser.add_argument("--browsers", action="store_true",
                        help="also time move propagation between three Chromium contexts (a server of its own)")
    parser.add_argument("--moves", type=int, default=27, help="moves timed with --browsers")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium to drive with --browsers")
    parser.add_argument("--active", type=int, nargs="*", default=[],
                        help="move propagation with this many active tables in all (e.g. 1 20)")
    parser.add_argument("--no-store", action="store_true", help="skip the memory and commit figures")
    args = parser.parse_args(argv)
    if args.active:
        for n in args.active:
            around = (lambda url, base, n=n: active_tables(n - 1, url, base)) if n > 1 else None
            median, p95 = propagation(args.moves, args.chromium, around=around)["propagation"]
            print(f"Move to drawn in the two other browsers, {n} active table{'s' if n > 1 else ''}: "
                  f"median {median:.0f} ms, p95 {p95:.0f} ms ({args.moves} moves)", flush=True)
    if args.no_store:
        return
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
    if args.browsers:
        median, p95 = propagation(args.moves, args.chromium)["propagation"]
        print(f"Move propagation between three browsers ({args.moves} moves, each seen by two others): "
              f"median {median:.0f} ms, p95 {p95:.0f} ms (pages poll every 0.3 s)")
    else:
        print("Move propagation between three browsers: not measured (give --browsers)")


if __name__ == "__main__":
    main()
