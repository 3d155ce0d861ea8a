"""Static web edition: first visit to a playable page, repeat visit, a board click, site size.

Usage: python benchmarks/static_site.py [--site DIR] [--reps 3] [--page livestock_uprising_play]

Builds the site (``livestock-notebooks build-site``; or takes ``--site``), serves it with
Python's ``http.server`` on loopback and opens the play page in Chromium (a profile of its own
that resolves no host but loopback; any request outside the site is counted). Printed, with
the served app's figures from the same run (a ``livestock-notebooks`` server on loopback, same
page, a fresh Chromium):

- first visit (empty browser cache) to playable (the setup screen's Start button shown), split
  into: the page's front end up (the kernel's Web Worker created), Python restored from the
  site's kernel snapshot (fetched, unzipped, files written, memory restored: the worker's console
  line; a site built without one boots Pyodide, installs the wheels and imports IPython here
  instead), the kernel started (the worker connects it to the page: Pyodide's console line for
  the first cell's imports), then the notebook run until the widgets show;
- repeat visit (same browser profile: the HTTP cache on disk, as a visitor's browser keeps it;
  the browser resolves no host but loopback and its requests are watched, not intercepted,
  since Playwright's interception turns the HTTP cache off) to playable;
- the served app's page to playable;
- a click on the board (the first move of a seeded game) until the board shows it, median of
  ``--reps`` games, in each edition;
- the site's size on disk.

``--kernel-imports`` prints instead the kernel's Python work without a browser: Node boots the
site's Pyodide, installs the lock's wheels and imports, package after package, what a play
page imports (seconds and module counts each). On a site with a kernel snapshot it writes the
snapshot's files instead of the wheels and leaves its memory aside: what a page would do if
the memory could not be used (the bytecode of modules the memory holds is not shipped).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))

from browser import CHROMIUM_ARGS, LOCAL_SCHEMES, VoilaServer, free_port, wait_for_port  # noqa: E402
from screens import first_move, start_game  # noqa: E402

from livestock_notebooks.static_site.build import build_site, site_size  # noqa: E402
from livestock_notebooks.static_site.snapshot import RESTORED_MARK  # noqa: E402


def offline_context(pw, site: str, profile: Path, chromium: str):
    """A Chromium profile of its own (a disk cache, as a visitor's browser has: a repeat visit
    reads the site's files from it) that resolves no host but loopback. Requests are watched,
    not intercepted (Playwright's interception turns the HTTP cache off): ``ctx.blocked``
    lists every request outside ``site``, which could not have reached its host."""
    ctx = pw.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, viewport={"width": 1366, "height": 768},
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
    ctx.blocked = []

    def request(r):
        if r.url.split(":")[0] not in LOCAL_SCHEMES and not r.url.startswith(site + "/"):
            ctx.blocked.append(r.url)
    ctx.on("request", request)
    return ctx


def visit(ctx, url: str) -> tuple[object, dict[str, float]]:
    """Open ``url`` in a new page of ``ctx``; seconds from navigation to each mark."""
    page = ctx.new_page()
    page.set_default_timeout(180_000)
    marks: dict[str, float] = {}
    t0 = time.perf_counter()
    page.on("worker", lambda worker: marks.setdefault("worker", time.perf_counter() - t0))

    def console(msg):  # Pyodide's line as the first cell's imports are looked up: the kernel is up
        if RESTORED_MARK in msg.text:  # the worker booted Python from the site's snapshot
            marks.setdefault("restored", time.perf_counter() - t0)
        if "packages to load" in msg.text or "already loaded" in msg.text:
            marks.setdefault("kernel", time.perf_counter() - t0)
    page.on("console", console)
    page.goto(url)
    page.locator(".lsn-app").first.wait_for(state="visible")
    marks["widgets"] = time.perf_counter() - t0
    page.locator("button.lsn-start:visible, button.lsn-resume-new:visible").first.wait_for(state="visible")
    marks["playable"] = time.perf_counter() - t0
    return page, marks


def clicks(ctx, url: str, name: str, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        page, _marks = visit(ctx, url)
        start_game(page)
        ms, _painted = first_move(page, name)
        out.append(ms)
        page.close()
    return out


#: imported in this order inside Pyodide by ``--kernel-imports``
IMPORTS = ("traitlets", "comm", "pygments.lexers.python", "prompt_toolkit", "stack_data", "IPython",
           "ipykernel", "pyodide_kernel", "ipywidgets", "livestock_notebooks.widgets.livestock_uprising.app")
NODE_IMPORTS = r"""
const [site, names] = process.argv.slice(2);
const fs = require("fs"), zlib = require("zlib");
const dir = site + "/static/pyodide/";
const { loadPyodide } = require(dir + "pyodide.js");
(async () => {
  const t0 = performance.now();
  const lap = (what) => console.log(`${((performance.now() - t0) / 1000).toFixed(2).padStart(6)} s  ${what}`);
  let files = null;  // a site with a kernel snapshot ships the wheels' files in it
  if (fs.existsSync(dir + "kernel-snapshot.gz")) {
    globalThis.self = globalThis;
    require(dir + "kernel_boot.js");
    files = zlib.gunzipSync(fs.readFileSync(dir + "kernel-snapshot.gz"));
    lap("snapshot read and unzipped");
  }
  const py = await loadPyodide({ indexURL: dir, stdout: () => {}, fsInit: files && ((FS) => self.writeSnapshotFiles(FS, files)) });
  lap(files ? "Pyodide booted afresh, the snapshot's files written" : "Pyodide booted");
  if (!files) {
    const lock = JSON.parse(fs.readFileSync(dir + "pyodide-lock.json"));
    await py.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
    lap("wheels installed");
  }
  py.runPython("import sys, time, importlib");
  for (const name of names.split(",")) {
    const took = py.runPython(`n = len(sys.modules); t = time.perf_counter(); importlib.import_module(${JSON.stringify(name)}); ` +
                              `f"{time.perf_counter() - t:.2f} s, +{len(sys.modules) - n} modules"`);
    lap(`import ${name} (${took})`);
  }
})().catch((e) => { console.error(e); process.exit(1); });
"""


def kernel_imports(site: Path) -> None:
    script = Path(tempfile.mkdtemp(prefix="lsn-imports-")) / "imports.js"
    script.write_text(NODE_IMPORTS)
    print(f"kernel imports in Node, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    subprocess.run(["node", str(script), str(site.resolve()), ",".join(IMPORTS)], check=True)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="an already built site (default: build one into a temporary folder)")
    ap.add_argument("--cache", help="build-site's download cache")
    ap.add_argument("--reps", type=int, default=3, help="games per edition for the click time")
    ap.add_argument("--page", default="livestock_uprising_play",
                    choices=["livestock_uprising_play", "battlegoats_play", "space_pigs_play"])
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--kernel-imports", action="store_true", help="time the kernel's imports in Node instead")
    args = ap.parse_args(argv)
    if args.kernel_imports:
        kernel_imports(Path(args.site) if args.site else build_site(Path(tempfile.mkdtemp()) / "site", cache=args.cache,
                                                                      log=lambda s: None))
        return {}
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="lsn-static-bench-"))
    t_build = time.perf_counter()
    site = Path(args.site) if args.site else build_site(work / "site", cache=args.cache, log=lambda s: None)
    build_s = time.perf_counter() - t_build if not args.site else float("nan")
    size_mb = site_size(site) / 1e6
    port = free_port()
    http = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                             str(site), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (work / "home").mkdir()
    served = VoilaServer(work / "home")
    load_before = os.getloadavg()[0]
    try:
        wait_for_port(port, process=http)
        base = f"http://127.0.0.1:{port}"
        static_url = f"{base}/voici/render/{args.page}.html"
        served_url = f"{served.base_url}/voila/render/{args.page}.ipynb"
        with sync_playwright() as pw:
            ctx = offline_context(pw, base, work / "profile", args.chromium)
            page, first = visit(ctx, static_url)
            page.close()
            page, repeat = visit(ctx, static_url)
            page.close()
            static_clicks = clicks(ctx, static_url, args.page, args.reps)
            blocked = list(ctx.blocked)
            ctx.close()
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS, headless=True)
            sctx = browser.new_context(viewport={"width": 1366, "height": 768})
            page, served_first = visit(sctx, served_url)
            page.close()
            served_clicks = clicks(sctx, served_url, args.page, args.reps)
            sctx.close()
            browser.close()
    finally:
        served.stop()
        http.terminate()
        http.wait(timeout=10)
    result = {
        "page": args.page, "site_mb": size_mb, "build_s": build_s,
        "first": first, "repeat": repeat, "served_first": served_first,
        "static_click_ms": statistics.median(static_clicks), "served_click_ms": statistics.median(served_clicks),
        "blocked": blocked, "load": (load_before, os.getloadavg()[0]), "cpus": os.cpu_count(),
    }
    report(result)
    return result


def breakdown(v: dict[str, float]) -> str:
    nan = float("nan")
    worker, kernel = v.get("worker", nan), v.get("kernel", nan)
    if "restored" in v:  # the snapshot fetched, unzipped and Python's memory restored; then the kernel's start
        started = (f"Python restored from the snapshot +{v['restored'] - worker:.1f} s, "
                   f"kernel started +{kernel - v['restored']:.1f} s")
    else:
        started = f"kernel started +{kernel - worker:.1f} s (no snapshot)"
    return (f"front end up {worker:.1f} s, {started}, notebook run to widgets "
            f"+{v['widgets'] - kernel:.1f} s, to Start +{v['playable'] - v['widgets']:.1f} s")


def report(r: dict) -> None:
    f, rep, s = r["first"], r["repeat"], r["served_first"]
    print(f"static site: {r['site_mb']:.1f} MB on disk (build {r['build_s']:.0f} s); page {r['page']}; "
          f"{r['cpus']} CPUs, load average {r['load'][0]:.1f} -> {r['load'][1]:.1f}")
    for name, v in (("first visit", f), ("repeat visit", rep)):
        print(f"{name + ' to playable':26s}{v['playable']:6.1f} s  ({breakdown(v)})")
    print(f"served app to playable    {s['playable']:6.1f} s")
    ratio = r["static_click_ms"] / r["served_click_ms"]
    print(f"board click to update     {r['static_click_ms']:6.0f} ms static, {r['served_click_ms']:.0f} ms served "
          f"({ratio:.2f}x)")
    print(f"requests outside the site: {len(r['blocked'])}")


if __name__ == "__main__":
    main()
