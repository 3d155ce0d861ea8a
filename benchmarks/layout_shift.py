"""Cumulative layout shift of each play page and each tutorial, in Chromium (issue 27).

    python benchmarks/layout_shift.py [--sizes 1366x768,390x844] [--decisions 30] [--only NAME]

Starts its own ``livestock-notebooks`` server on a free loopback port (own HOME, see
``tests/browser.py``) and drives headless Chromium with Playwright. Each play page: a game
against bots at Instant, 30 of your decisions clicked by ``tests/layout_shift.py``'s scripted
newcomer; each tutorial: every step, "Show me" then Next. Prints, per page and size, the sum
of every layout-shift entry's value (user-initiated ones included) over the whole visit and
over the game or the steps alone, and the largest shifts with the elements that moved. Target:
under 0.1 each. Never asserts (``tests/test_browser_first_game.py`` does).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from browser import CHROMIUM_ARGS, VoilaServer, find_chromium  # noqa: E402
from layout_shift import SEATS, TUTORIALS, measure_play_page, measure_tutorial  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1366x768,390x844")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--only", default="", help="measure only pages whose name contains this")
    parser.add_argument("--chromium", default=find_chromium())
    parser.add_argument("--url", default="", help="use a running server instead of starting one")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the largest shifts")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    pages = [p for p in [*SEATS, *(f"{g}_tutorial" for g in TUTORIALS)] if args.only in p]
    server = None if args.url else VoilaServer(Path(tempfile.mkdtemp(prefix="lsn-cls-")))
    base = args.url or server.base_url
    print(f"{'page':<28} {'size':>8} {'CLS visit':>10} {'CLS play':>9}  done")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            for name in pages:
                for size in sizes:
                    if name.endswith("_tutorial"):
                        r = measure_tutorial(browser, base, name[: -len("_tutorial")], size)
                        part, done = r["cls_steps"], f"{r['steps']} steps"
                    else:
                        r = measure_play_page(browser, base, name, size, decisions=args.decisions)
                        part, done = r["cls_game"], f"{r['decisions']} decisions" + (
                            f" ({r['games']} games)" if r["games"] > 1 else "")
                    print(f"{name:<28} {size[0]:>4}x{size[1]:<4} {r['cls']:>10.3f} {part:>9.3f}  {done}",
                          flush=True)
                    if args.verbose:
                        for e in r["entries"]:
                            print(f"    {e['value']:.3f} at {e['t'] / 1000:.1f} s: {'; '.join(e['sources'][:3])}")
            browser.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
