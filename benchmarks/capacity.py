"""Capacity (issue 26): how many play pages opened at once render, and how fast.

For each count of pages (default 5, 10, 20, 40) a fresh ``livestock-notebooks`` server (its own
HOME, default options plus ``--server-args``) is started; one headless Chromium opens that many
BattleGoats play pages at once, each in its own context (its own browser cookie, so its own
kernel), and waits at most ``--limit`` seconds. A page is *playable* when its Start button shows;
a page that says it could not be made ready (``.lsn-page-retry``) counts as a retry. Printed per
count: pages rendered, page-to-playable median and p95 (from the moment the pages were asked
for), retries, and the memory of the server and of its kernels at the end (resident, MB).

Move-to-drawn between browsers at one table with other tables active is
``benchmarks/tables.py --active 1 20``.

``--light`` puts light visitors (``tests/visitor.py``) in place of the Chromium pages: they ask
the server for what a browser asks (the page, the kernel's websocket, the widget states) without
drawing, so the figures are the server's alone, as when each visitor's browser runs on their
own machine.

    python benchmarks/capacity.py [--counts 5 10 20 40] [--limit 180] [--light]

These machines are shared and busy: the figures vary from run to run.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser import CHROMIUM_ARGS, ServerProcess, free_port, server_command, voila_url  # noqa: E402

#: records (Date.now()) when the page first shows its Start button, and how often it retried
_WATCH_JS = """
(() => {
  const mark = () => {
    const start = document.querySelector('button.lsn-start');
    if (start && start.offsetParent !== null && !window.__lsnPlayable) {
      window.__lsnPlayable = Date.now();
    }
    if (document.querySelector('.lsn-page-retry')) {
      sessionStorage.setItem('lsnRetried', '1');
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (Linux ``/proc``); 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    """Every descendant process of ``pid`` (the server's kernels)."""
    out, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            text = Path(f"/proc/{parent}/task/{parent}/children").read_text()
        except OSError:
            continue
        kids = [int(x) for x in text.split()]
        out.extend(kids)
        todo.extend(kids)
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU seconds the processes ``pids`` have used (Linux ``/proc``)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def pages_at_once(count: int, *, limit: float, server_args: list[str], notebook: str, warmup: float = 0.0,
                  chromium: str = "/usr/bin/chromium") -> dict:
    """Open ``count`` pages of ``notebook`` at once on a fresh server; see the module doc."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        port = free_port()
        server = ServerProcess(server_command(port, server_args), home, port=port)
        try:
            time.sleep(warmup)  # preheated kernels get ready meanwhile
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
                pages = []
                for _ in range(count):
                    context = browser.new_context(viewport={"width": 1366, "height": 768})
                    context.add_init_script(_WATCH_JS)
                    pages.append(context.new_page())
                start_ms = time.time() * 1000
                for page in pages:
                    page.goto(voila_url(server.base_url, notebook), wait_until="commit", timeout=limit * 1000)
                done: dict[int, float] = {}
                deadline = time.time() + limit
                while len(done) < count and time.time() < deadline:
                    for i, page in enumerate(pages):
                        if i in done:
                            continue
                        try:
                            at = page.evaluate("() => window.__lsnPlayable || 0")
                        except Exception:  # navigating (a retry reloads the page)
                            continue
                        if at:
                            done[i] = (at - start_ms) / 1000
                    time.sleep(0.25)
                retried = 0
                for page in pages:
                    try:
                        retried += page.evaluate("() => sessionStorage.getItem('lsnRetried') === '1'")
                    except Exception:
                        pass
                kernels = children(server.process.pid)
                memory = {"server": rss_mb(server.process.pid), "kernels": sum(rss_mb(k) for k in kernels),
                          "kernel_count": len(kernels), "server_cpu": cpu_seconds([server.process.pid]),
                          "kernel_cpu": cpu_seconds(kernels) / max(1, len(kernels)),
                          "browser_cpu": cpu_seconds(children(os.getpid())) / count}
                browser.close()
        finally:
            server.stop()
    times = list(done.values())
    return {"count": count, "rendered": len(times), "retried": retried,
            "median": statistics.median(times) if times else float("nan"),
            "p95": percentile(times, 0.95), "first": min(times) if times else float("nan"), **memory}


def light_pages_at_once(count: int, *, limit: float, server_args: list[str], notebook: str,
                        warmup: float = 0.0) -> dict:
    """``--light``: the same crowd made of light visitors (``tests/visitor.py``: the page, its
    kernel's websocket and the widget states, as a browser asks for them, without drawing), so the
    figures are the server's alone, as when the visitors' browsers run on their own machines."""
    import asyncio

    from visitor import visit

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        port = free_port()
        server = ServerProcess(server_command(port, server_args), home, port=port)
        try:
            time.sleep(warmup)

            async def crowd():
                return await asyncio.gather(*[visit(server.base_url, voila_url("", notebook), "lsn-start",
                                                    timeout=limit) for _ in range(count)], return_exceptions=True)

            results = asyncio.run(crowd())
            kernels = children(server.process.pid)
            memory = {"server": rss_mb(server.process.pid), "kernels": sum(rss_mb(k) for k in kernels),
                      "kernel_count": len(kernels), "server_cpu": cpu_seconds([server.process.pid]),
                      "kernel_cpu": cpu_seconds(kernels) / max(1, len(kernels)), "browser_cpu": 0.0}
        finally:
            server.stop()
    times = [r.seconds for r in results if not isinstance(r, BaseException)]
    return {"count": count, "rendered": len(times), "retried": 0,
            "median": statistics.median(times) if times else float("nan"),
            "p95": percentile(times, 0.95), "first": min(times) if times else float("nan"), **memory}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="*", default=[5, 10, 20, 40])
    parser.add_argument("--limit", type=float, default=180.0, help="seconds to wait for the pages of one count")
    parser.add_argument("--notebook", default="battlegoats_play.ipynb")
    parser.add_argument("--server-args", nargs="*", default=[], help="more options for the server")
    parser.add_argument("--warmup", type=float, default=0.0, help="seconds between server start and the pages")
    parser.add_argument("--light", action="store_true",
                        help="light visitors instead of Chromium pages: the server's figures alone")
    args = parser.parse_args(argv)
    print(f"{'pages':>5} {'rendered':>8} {'retried':>7} {'first s':>7} {'median s':>8} {'p95 s':>6} "
          f"{'server MB':>9} {'kernels MB':>10} {'kernels':>7} {'server cpu s':>12} {'cpu s a kernel':>14} "
          f"{'browser cpu s a page':>20}")
    for count in args.counts:
        crowd = light_pages_at_once if args.light else pages_at_once
        r = crowd(count, limit=args.limit, server_args=args.server_args, notebook=args.notebook, warmup=args.warmup)
        print(f"{r['count']:>5} {r['rendered']:>8} {r['retried']:>7} {r['first']:>7.1f} {r['median']:>8.1f} "
              f"{r['p95']:>6.1f} {r['server']:>9.0f} {r['kernels']:>10.0f} {r['kernel_count']:>7} "
              f"{r['server_cpu']:>12.1f} {r['kernel_cpu']:>14.1f} {r['browser_cpu']:>20.1f}", flush=True)


if __name__ == "__main__":
    main()
