"""The three play pages (game screens) in Chromium against a bare ipywidgets notebook, same run.

    python benchmarks/screens.py [--reps 7] [--trials 12] [--chromium /usr/bin/chromium]

It starts its own ``livestock-notebooks`` server on a free loopback port (own HOME, see
``tests/browser.py``) serving a scratch folder with copies of the three play notebooks and a
*bare* notebook (a Button whose click sets an HTML widget's value), and drives headless Chromium
with Playwright at 1366x768 (one browser tab; the bare page is loaded once first, untimed, so
every timed load finds the JS in the browser's cache). Each repetition loads every page afresh
(a new kernel), each page first in turn, so the figures are medians over ``--reps`` loads:

1. *click to board update*: the first move on each play page, with the setup defaults (you
   against bots) and a fixed seed: Livestock Uprising, click a "Choose" square (the barn is
   drawn there); BattleGoats, pick a hand card (not timed) then click an empty slot (the card is
   drawn in it); Space Pigs, click the first "Start on ..." button (the planet is drawn with the
   piglets). Timed inside the page: ``performance.now()`` around ``element.click()`` and a
   MutationObserver until the square/slot/hex changed. The bare page: click -> HTML changed,
   clicks 2-4 of each load (a page's first move also comes after several clicks, on the setup
   screen; the very first message to a fresh kernel is slower and is printed apart).
   Target: page / bare <= 1.5x. Also printed: *click to painted*, until the first frame after
   that change has been drawn (a ``requestAnimationFrame`` callback, then the task after it),
   which adds the browser's style, layout and paint of the change.
2. *page to first widgets*: navigation -> the first ``.lsn-app`` (bare: first
   ``.jupyter-widgets``) visible. Target: page / bare <= 1.2x.
3. *input while bots play*: a bot-only Livestock Uprising game at Normal speed (one bot step
   each 0.6 s); the Menu toggle is clicked open and shut ``--trials`` times at uneven moments
   while the bots play, then the same after *Pause bots* (idle). Target: the click is never
   held up by more than one bot step (0.6 s at Normal).

The pages are served from a compiled copy of the package (as an install has it, see
:func:`installed_copy`; ``--source`` serves the checkout itself). Prints a table of medians,
ratios and targets; never asserts. The machine is shared and noisy: compare the ratios.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

sys.path.insert(0, str(REPO / "benchmarks"))

from browser import CHROMIUM_ARGS, VoilaServer, wait_for_voila  # noqa: E402
from ui_latency import TIMED_CLICK  # noqa: E402  (click, then ms until a JS check holds)

PAGES = ["livestock_uprising_play", "battlegoats_play", "space_pigs_play"]
SEED = "7"
NORMAL_STEP_S = 0.6  # livestock_notebooks.widgets.shell.pacing.BOT_SPEEDS["Normal"]

BARE = """
import ipywidgets as w
out = w.HTML("0"); out.add_class("bench-out")
b = w.Button(description="Click"); b.add_class("bench-button")
def bump(_):
    out.value = str(int(out.value) + 1)
b.on_click(bump)
w.VBox([b, out])
"""

# mark the element to click and the element to watch; the check compares the watched one's HTML
MARK = """
([clickSel, watchSel]) => {
  const c = document.querySelector(clickSel), w = document.querySelector(watchSel);
  if (!c || !w) return false;
  document.querySelectorAll('[data-bench]').forEach(e => e.removeAttribute('data-bench'));
  c.setAttribute('data-bench', 'click'); w.setAttribute('data-bench-watch', '1');
  window.__benchBefore = w.outerHTML;
  return true;
}
"""
# as TIMED_CLICK, and on until the next frame after the change has been drawn (rAF, then the
# next task): resolves with [ms to done, ms to painted]
TIMED_CLICK_PAINTED = """
([clickSel, doneJs]) => new Promise((resolve, reject) => {
  const done = new Function(doneJs);
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (!done()) return;
    obs.disconnect();
    const t1 = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => resolve([t1, performance.now() - t0]), 0));
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { obs.disconnect(); reject(new Error('timeout waiting for ' + doneJs)); }, 10000);
  document.querySelector(clickSel).click();
})
"""
CHANGED = ("const w = document.querySelector('[data-bench-watch]');"
           " return !w || w.outerHTML !== window.__benchBefore;")


def visible(selector: str) -> str:
    return f"const e = document.querySelector({selector!r}); return !!e && e.offsetParent !== null;"


def hidden(selector: str) -> str:
    return f"const e = document.querySelector({selector!r}); return !e || e.offsetParent === null;"


def load(page, url: str, first: str) -> float:
    """Seconds from navigation to ``first`` visible (after a pause on a blank page, so the
    previous page's kernel is shut down first)."""
    page.goto("about:blank")
    time.sleep(1.0)
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(first, state="visible")
    return time.perf_counter() - t0


def start_game(page, seats: list[str] | None = None) -> None:
    """From the page's first screen: the setup (skip a resume offer), seed, seats, Start."""
    wait_for_voila(page)
    start = page.locator("button.lsn-start")
    resume_new = page.locator("button.lsn-resume-new")
    page.wait_for_function("() => [...document.querySelectorAll('button.lsn-start, button.lsn-resume-new')]"
                           ".some(b => b.offsetParent !== null)")
    if resume_new.first.is_visible():
        resume_new.first.click()
    start.first.wait_for(state="visible")
    if seats:
        page.locator(".lsn-players select").select_option(str(len(seats)))
        for i, kind in enumerate(seats):
            page.locator(f".lsn-seat-{i} select").select_option(kind)
    seed = page.locator(".lsn-seed input")
    if not seed.is_visible():
        page.locator(".lsn-advanced").get_by_text("Advanced").click()
    seed.fill(SEED)
    seed.press("Enter")
    start.first.click()
    try:
        page.locator(".lsn-board:visible").first.wait_for(state="visible", timeout=30_000)
    except Exception:
        shot = Path(tempfile.gettempdir()) / "lsn-screens-failed.png"
        page.screenshot(path=str(shot))
        print(f"no game started on {page.url}: see {shot}", flush=True)
        raise


def first_move(page, name: str) -> tuple[float, float]:
    """Times (ms) of the page's first move, from the click to the board showing it and to the
    next frame painted."""
    if name == "livestock_uprising_play":
        page.locator(".lsn-mark-target").first.wait_for(state="visible")  # "Choose" on a square
        square = page.evaluate("() => document.querySelector('.lsn-mark-target')"
                               ".closest('[data-square]').dataset.square")
        click, watch = f"button.lsn-tile-{square}", f".lsn-face[data-square='{square}']"
    elif name == "battlegoats_play":
        page.locator("button.lsn-bg-hand-card").first.wait_for(state="visible")
        page.locator("button.lsn-bg-hand-card").first.click()
        page.wait_for_timeout(400)  # the card is picked (a view change, not timed)
        slots = page.locator(".lsn-hand, .lsn-board").locator("button.lsn-bg-slot.lsn-bg-empty")
        slots.last.wait_for(state="visible")
        slot = "button.lsn-bench-slot"
        slots.last.evaluate("e => e.classList.add('lsn-bench-slot')")
        click, watch = slot, slot
    else:
        button = page.locator("button.lsn-sp-act-StartPlanet").first
        button.wait_for(state="visible")
        hexnum = button.inner_text().split(" H", 1)[1].split(" ", 1)[0]
        click, watch = "button.lsn-sp-act-StartPlanet", f"g.lsn-sp-hexg[data-hex='{hexnum}']"
    page.wait_for_timeout(500)  # human pace: the deferred panels and autosave are done
    if not page.evaluate(MARK, [click, watch]):
        raise RuntimeError(f"{name}: nothing to click at {click} / {watch}")
    done = CHANGED
    if name == "battlegoats_play":  # the card's text first, then its classes: wait for both
        done = "return !document.querySelector('[data-bench-watch]').classList.contains('lsn-bg-empty');"
    ms, painted = page.evaluate(TIMED_CLICK_PAINTED, ["[data-bench='click']", done])
    return ms, painted


def toggle_trials(page, trials: int, rng: random.Random) -> list[float]:
    """Menu toggle clicked open (timed until the menu shows) and shut (timed until hidden)."""
    out = []
    for _ in range(trials):
        time.sleep(rng.uniform(0.15, 0.75))  # land anywhere within a bot step
        out.append(page.evaluate(TIMED_CLICK, ["button.lsn-menu-toggle", visible(".lsn-menu")]))
        time.sleep(rng.uniform(0.15, 0.75))
        out.append(page.evaluate(TIMED_CLICK, ["button.lsn-menu-toggle", hidden(".lsn-menu")]))
    return out


def med(xs) -> float:
    return statistics.median(xs) if xs else float("nan")


def p90(xs) -> float:
    return sorted(xs)[int(0.9 * (len(xs) - 1))] if xs else float("nan")


def installed_copy(site: Path) -> None:
    """Serve a compiled copy of the package, as ``pip install`` leaves it (bytecode written at
    install time). The bare page's ipywidgets come compiled from site-packages; the checkout may
    have no bytecode at all (``PYTHONDONTWRITEBYTECODE`` is set on shared machines), and then
    every kernel spends about a second of CPU compiling some 70 modules before its first widget,
    which no player's install does. The copy goes first on the server's ``PYTHONPATH``."""
    import compileall

    target = site / "livestock_notebooks"
    shutil.copytree(REPO / "livestock_notebooks", target, ignore=shutil.ignore_patterns("__pycache__"))
    if not compileall.compile_dir(str(target), quiet=1):
        raise SystemExit("could not compile the package copy")
    os.environ["PYTHONPATH"] = os.pathsep.join(x for x in (str(site), os.environ.get("PYTHONPATH")) if x)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=7, help="page loads per page")
    ap.add_argument("--trials", type=int, default=8, help="Menu open+shut pairs, bots playing and idle")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--pages", nargs="+", choices=PAGES, default=PAGES,
                    help="play pages to time (default: all three); the bare page is always timed")
    ap.add_argument("--no-bots-trial", action="store_true", help="skip the input-while-bots-play trial")
    ap.add_argument("--source", action="store_true",
                    help="serve the checkout itself: without bytecode when the machine forbids writing it "
                         "(PYTHONDONTWRITEBYTECODE), every kernel compiles the package from source")
    args = ap.parse_args(argv)
    pages = list(args.pages)

    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="lsn-screens-"))
    nbdir = work / "notebooks"
    nbdir.mkdir()
    for name in PAGES + ["index"]:
        shutil.copy(REPO / "notebooks" / f"{name}.ipynb", nbdir / f"{name}.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(BARE)]
    nbformat.write(nb, nbdir / "bare.ipynb")
    (work / "home").mkdir()
    if not args.source:
        installed_copy(work / "site")

    server = VoilaServer(work / "home", extra=["--notebooks", str(nbdir)])
    base = f"{server.base_url}/voila/render"
    to_widgets: dict[str, list[float]] = {n: [] for n in ["bare", *pages]}
    click: dict[str, list[float]] = {n: [] for n in ["bare", *pages]}
    painted: dict[str, list[float]] = {n: [] for n in ["bare", *pages]}
    bare_cold: list[float] = []  # the first click after a load (the kernel's first message)
    busy: list[float] = []
    idle: list[float] = []
    t_start = time.perf_counter()
    load_before = os.getloadavg()[0]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS, headless=True)
            ctx = browser.new_context(viewport={"width": 1366, "height": 768})
            page = ctx.new_page()
            page.set_default_timeout(90_000)
            load(page, f"{base}/bare.ipynb", ".jupyter-widgets")  # not timed: the browser caches the JS
            order = ["bare", *pages]
            for rep in range(args.reps):
                for name in order[rep % len(order):] + order[:rep % len(order)]:  # each goes first in turn
                    if name == "bare":
                        to_widgets["bare"].append(load(page, f"{base}/bare.ipynb", ".jupyter-widgets"))
                        page.wait_for_selector("button.bench-button", state="visible")
                        page.wait_for_timeout(500)
                        for i in range(4):
                            done = f"return document.querySelector('.bench-out').textContent.trim() === '{i + 1}';"
                            ms, drawn = page.evaluate(TIMED_CLICK_PAINTED, ["button.bench-button", done])
                            (bare_cold if i == 0 else click["bare"]).append(ms)
                            if i:
                                painted["bare"].append(drawn)
                            time.sleep(0.3)
                    else:
                        to_widgets[name].append(load(page, f"{base}/{name}.ipynb", ".lsn-app"))
                        start_game(page)
                        ms, drawn = first_move(page, name)
                        click[name].append(ms)
                        painted[name].append(drawn)
                print(f"  load round {rep + 1}/{args.reps} done ({time.perf_counter() - t_start:.0f} s)", flush=True)
            ctx.close()

            # 3. input while bots play, then paused
            rng = random.Random(1)
            if args.no_bots_trial:
                browser.close()
                return report(args, pages, click, painted, to_widgets, bare_cold, [], [], True, t_start, load_before)
            ctx = browser.new_context(viewport={"width": 1366, "height": 768})
            page = ctx.new_page()
            page.set_default_timeout(90_000)
            page.goto(f"{base}/livestock_uprising_play.ipynb")
            start_game(page, ["Greedy", "Greedy"])
            page.wait_for_timeout(1500)
            busy = toggle_trials(page, args.trials, rng)
            still_playing = "bot is playing" in page.locator(".lsn-turn").first.inner_text()
            page.evaluate(TIMED_CLICK, ["button.lsn-menu-toggle", visible(".lsn-menu")])
            page.locator(".lsn-menu-advanced").get_by_text("Advanced").first.click()
            page.locator("button.lsn-bots-pause").first.click()
            page.wait_for_function("() => document.querySelector('button.lsn-bots-pause').textContent.includes('Resume')")
            page.evaluate(TIMED_CLICK, ["button.lsn-menu-toggle", hidden(".lsn-menu")])
            page.wait_for_timeout(800)
            idle = toggle_trials(page, args.trials, rng)
            ctx.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    return report(args, pages, click, painted, to_widgets, bare_cold, busy, idle, still_playing, t_start, load_before)


def report(args, pages, click, painted, to_widgets, bare_cold, busy, idle, still_playing, t_start, load_before) -> dict:
    """Print the table of medians and ratios; return the raw figures."""
    bare_click, bare_load = med(click["bare"]), med(to_widgets["bare"])
    print(f"\nscreens at 1366x768, headless Chromium; medians of {args.reps} page loads "
          f"({time.perf_counter() - t_start:.0f} s in all; load average {load_before:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} CPUs)")
    bare_paint = med(painted["bare"])
    print(f"{'page':26} {'click->board ms':>16} {'x bare':>7} {'to widgets s':>13} {'x bare':>7}"
          f" {'click->painted ms':>18} {'x bare':>7}")
    print(f"{'bare ipywidgets':26} {bare_click:16.1f} {'':>7} {bare_load:13.2f} {'':>7} {bare_paint:18.1f}")
    for name in pages:
        c, w_, p_ = med(click[name]), med(to_widgets[name]), med(painted[name])
        print(f"{name:26} {c:16.1f} {c / bare_click:6.2f}x {w_:13.2f} {w_ / bare_load:6.2f}x"
              f" {p_:18.1f} {p_ / bare_paint:6.2f}x")
    for name in ["bare", *pages]:
        print(f"  {name} clicks (ms): {', '.join(f'{x:.0f}' for x in click[name])}")
    print(f"{'target':26} {'':>16} {'<=1.5x':>7} {'':>13} {'<=1.2x':>7}")
    print(f"bare button: clicks 2-4 of each load (the yardstick above); the first click after a "
          f"load: median {med(bare_cold):.1f} ms")
    if not busy:
        return {"click": click, "painted": painted, "to_widgets": to_widgets, "busy": busy, "idle": idle}
    print(f"Menu toggle, Livestock bots playing at Normal ({NORMAL_STEP_S:g} s a step): median "
          f"{med(busy):.1f} ms, p90 {p90(busy):.1f}, max {max(busy):.1f} ms (n={len(busy)}"
          f"{'' if still_playing else '; the bots had finished'}); "
          f"bots paused: median {med(idle):.1f} ms, p90 {p90(idle):.1f}, max {max(idle):.1f} ms")
    print(f"target: held up by no more than one bot step: max - idle median = "
          f"{max(busy) - med(idle):.0f} ms vs {NORMAL_STEP_S * 1000:.0f} ms")
    return {"click": click, "painted": painted, "to_widgets": to_widgets, "busy": busy, "idle": idle}


if __name__ == "__main__":
    main()
