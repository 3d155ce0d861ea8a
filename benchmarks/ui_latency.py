"""Click-to-update latency of the Livestock Uprising board in Chromium, against a bare ipywidgets
button round trip measured in the same run, and page-to-widgets time.

    python benchmarks/ui_latency.py [--clicks 30] [--loads 3] [--chromium /usr/bin/chromium]

It writes two notebooks to a scratch folder, serves them with ``livestock-notebooks --notebooks``
(own HOME, loopback only) and drives Chromium with Playwright:

- *bare*: a Button whose click handler sets a Label; one trial = click -> label text changed.
- *select*: click a General's square -> its square is marked selected and its moves are marked
  (the view redraws the board in place; no engine action).
- *move*: click a green square -> the General is drawn on it (engine ``apply``, autosave, log
  and every panel refreshed); each move is undone (not timed) before the next trial.
- *page to widgets*: navigation start -> the board (or the bare button) is visible.
- Space Pigs (:func:`space_pigs_trials`): *select* = click my hex on the galaxy map -> drawn
  selected, destinations marked; *trip* = click a green hex -> a piglet boards and flies there
  (two engine actions); each trip undone (not timed) before the next.

Every trial is timed inside the page (``performance.now()`` around ``element.click()`` and a
MutationObserver), at human pace (a pause between trials). The target for the board is a median
of at most 1.5 times the bare round trip. The machine is shared and noisy: compare ratios.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import nbformat

# Chickens: Pecky (two sheep) on b4, Henrietta on d2, Cluck in the barn; Cows in theirs.
POSITION = ("Ch,Co ghcra/gfhcl/0grh1/acgfa/hcglr b4:ss,d2,a3,e3:d,e3,e3 "
            "4.0.0.0.0,0.0.0.0.0 abc,def|ghijkl - 0/action/0/0")

BARE = """
import ipywidgets as w
count = 0
label = w.Label("0"); label.add_class("bench-label")
button = w.Button(description="Click"); button.add_class("bench-button")
def bump(_b):
    global count
    count += 1
    label.value = str(count)
button.on_click(bump)
w.VBox([button, label])
"""

BOARD = f"""
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.core.session import Seat
from livestock_notebooks.widgets.livestock_uprising.app import livestock_app
app = livestock_app(check_resume=False)
app.start_state(lu.from_notation({POSITION!r}, seed=1), [Seat.human(), Seat("Sensible")])
app
"""

# Space Pigs: P1 on H0 with two piglets and trips to spare; H1 (an empty yellow planet) next to it.
SP_POSITION = ("SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=9,0,0 | 0,0:Pr:a2 1,0:Py -1,0:A 0,1:Pb:b3 "
               "-1,1:Pb 1,-1:Pr:c3 0,-1:Py")
SPACE_PIGS = f"""
from livestock_notebooks import space_pigs as sp
from livestock_notebooks.core.session import Seat
from livestock_notebooks.widgets.space_pigs.app import play_app
app = play_app(check_resume=False)
app.start_state(sp.from_notation({SP_POSITION!r}, seed=1), [Seat.human(), Seat("Greedy"), Seat("Greedy")])
app
"""
SP_P1_COLOUR = "#7b1fa2"


def _hex_has(h: int, text: str, present: bool = True) -> str:
    return (f"const g = document.querySelector('g.lsn-sp-hexg[data-hex=\"{h}\"]');"
            f" return !!g && g.outerHTML.includes({json.dumps(text)}) === {'true' if present else 'false'};")


def space_pigs_trials(page, base: str, clicks: int, pause: float) -> dict:
    """Space Pigs galaxy map (SVG under hex buttons): *select* = click my hex -> it is drawn
    selected with its destinations (view only); *trip* = click a green hex -> the piglet boards
    and flies there (two engine actions, autosave, log); each trip is undone (not timed)."""
    t0 = time.perf_counter()
    page.goto(f"{base}/space_pigs.ipynb")
    page.wait_for_selector(".lsn-sp-map svg", state="visible")
    load = time.perf_counter() - t0
    page.wait_for_selector("g.lsn-sp-hexg[data-hex='0'] .lsn-sp-mark-source", state="attached")
    select, trip = [], []
    for i in range(clicks):
        on = i % 2 == 0
        select.append(page.evaluate(TIMED_CLICK, ["button.lsn-sp-hex-0", _hex_has(0, "lsn-sp-mark-selected", on)]))
        time.sleep(pause)
    for _ in range(clicks):
        page.evaluate(TIMED_CLICK, ["button.lsn-sp-hex-0", _hex_has(0, "lsn-sp-mark-selected")])
        time.sleep(pause)
        trip.append(page.evaluate(TIMED_CLICK, ["button.lsn-sp-hex-1", _hex_has(1, SP_P1_COLOUR)]))
        time.sleep(pause)
        page.evaluate(TIMED_CLICK, ["button.lsn-undo", _hex_has(1, SP_P1_COLOUR, False)])
        time.sleep(pause)
        page.evaluate(TIMED_CLICK, ["button.lsn-undo", "return /trips left/.test("
                                    "document.querySelector('.lsn-sp-prompt-text').textContent);"])
        time.sleep(pause)
    return {"sp_select_ms": _stats(select), "sp_trip_ms": _stats(trip), "sp_page_to_widgets_s": load}


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# click `click` and resolve with the elapsed ms when `done()` holds (checked on every DOM change)
TIMED_CLICK = """
([clickSel, doneJs]) => new Promise((resolve, reject) => {
  const done = new Function(doneJs);
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (done()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { obs.disconnect(); reject(new Error('timeout waiting for ' + doneJs)); }, 10000);
  document.querySelector(clickSel).click();
})
"""


def _free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc, timeout=90.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError("server exited early")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError("server did not start")
            time.sleep(0.1)


def _face_has(square: str, text: str) -> str:
    return (f"const f = document.querySelector('.lsn-face[data-square=\"{square}\"]');"
            f" return !!f && f.outerHTML.includes({json.dumps(text)});")


def _stats(xs):
    xs = sorted(xs)
    return {"median": statistics.median(xs), "p90": xs[int(0.9 * (len(xs) - 1))], "min": xs[0], "n": len(xs)}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=30)
    ap.add_argument("--loads", type=int, default=3)
    ap.add_argument("--pause", type=float, default=0.15, help="seconds between trials (human pace)")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="ui-latency-"))
    nbdir = work / "notebooks"
    nbdir.mkdir()
    home = work / "home"
    home.mkdir()
    for name, code in (("bare", BARE), ("board", BOARD), ("space_pigs", SPACE_PIGS)):
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell(code)]
        nbformat.write(nb, nbdir / f"{name}.ipynb")
    (nbdir / "index.ipynb").write_text(json.dumps(nbformat.v4.new_notebook()))
    port = _free_port()
    exe = shutil.which("livestock-notebooks")
    cmd = [exe] if exe else [sys.executable, "-m", "livestock_notebooks"]
    cmd += ["--port", str(port), "--no-browser", "--notebooks", str(nbdir), "--Voila.port_retries=0"]
    env = dict(os.environ, HOME=str(home), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               LIVESTOCK_NOTEBOOKS_SAVE_DIR=str(home / "saves"))
    log = open(work / "server.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    results: dict = {}
    try:
        _wait_port(port, proc)
        base = f"http://127.0.0.1:{port}/voila/render"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.set_default_timeout(90_000)

            # page to widgets
            loads = {"bare": [], "board": []}
            for _ in range(args.loads):
                for name, sel in (("bare", "button.bench-button"), ("board", ".lsn-board")):
                    t0 = time.perf_counter()
                    page.goto(f"{base}/{name}.ipynb")
                    page.wait_for_selector(sel, state="visible")
                    loads[name].append(time.perf_counter() - t0)

            # bare round trip
            page.goto(f"{base}/bare.ipynb")
            page.wait_for_selector("button.bench-button", state="visible")
            bare = []
            for i in range(args.clicks):
                done = f"return document.querySelector('.bench-label').textContent.trim() === '{i + 1}';"
                bare.append(page.evaluate(TIMED_CLICK, ["button.bench-button", done]))
                time.sleep(args.pause)

            # the board
            page.goto(f"{base}/board.ipynb")
            page.wait_for_selector(".lsn-face[data-square='b4']", state="visible")
            select, move = [], []
            for i in range(args.clicks):
                sq = "b4" if i % 2 == 0 else "d2"
                select.append(page.evaluate(TIMED_CLICK, [f"button.lsn-tile-{sq}", _face_has(sq, "lsn-mark-selected")]))
                time.sleep(args.pause)
            page.evaluate(TIMED_CLICK, ["button.lsn-tile-b4", _face_has("b4", "lsn-mark-selected")])
            time.sleep(args.pause)
            for i in range(args.clicks):
                move.append(page.evaluate(TIMED_CLICK, ["button.lsn-tile-b5", _face_has("b5", "Pecky")]))
                time.sleep(args.pause)
                page.evaluate(TIMED_CLICK, ["button.lsn-undo", _face_has("b4", "Pecky")])
                time.sleep(args.pause)
                page.evaluate(TIMED_CLICK, ["button.lsn-tile-b4", _face_has("b4", "lsn-mark-selected")])
                time.sleep(args.pause)
            sp_results = space_pigs_trials(page, base, args.clicks, args.pause)
            browser.close()
        results = {
            "bare_ms": _stats(bare),
            "select_ms": _stats(select),
            "move_ms": _stats(move),
            "page_to_widgets_s": {k: statistics.median(v) for k, v in loads.items()},
        }
        results.update(sp_results)
        b = results["bare_ms"]["median"]
        results["select_ratio"] = results["select_ms"]["median"] / b
        results["move_ratio"] = results["move_ms"]["median"] / b
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()
        shutil.rmtree(work, ignore_errors=True)

    print(f"bare ipywidgets button round trip: median {results['bare_ms']['median']:.1f} ms "
          f"(p90 {results['bare_ms']['p90']:.1f}, n={results['bare_ms']['n']})")
    for key, label in (("select", "click General -> board marks"), ("move", "click square -> General moved")):
        st = results[f"{key}_ms"]
        print(f"{label}: median {st['median']:.1f} ms (p90 {st['p90']:.1f}), "
              f"{results[f'{key}_ratio']:.2f}x bare (target <= 1.5x)")
    for key, label in (("sp_select", "Space Pigs: click my hex -> selected, destinations marked"),
                       ("sp_trip", "Space Pigs: click a green hex -> piglet flies there")):
        st = results[f"{key}_ms"]
        print(f"{label}: median {st['median']:.1f} ms (p90 {st['p90']:.1f}), "
              f"{st['median'] / results['bare_ms']['median']:.2f}x bare")
    print(f"Space Pigs page to widgets: {results['sp_page_to_widgets_s']:.2f} s")
    ptw = results["page_to_widgets_s"]
    print(f"page to widgets: board page {ptw['board']:.2f} s, bare page {ptw['bare']:.2f} s (medians)")
    return results


if __name__ == "__main__":
    main()
