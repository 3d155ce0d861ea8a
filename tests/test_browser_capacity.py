"""Pages under load, end to end: one ``livestock-notebooks --preheat 1`` server (its own HOME)
serving the BattleGoats play page and a page that fails the first time it runs.

- 20 play pages opened at once all become playable, within a bounded time: three in Chromium,
  the others light visitors (``visitor.py``) making the same requests (the page, its kernel's
  websocket, the widget states) without drawing; twenty real Chromium pages, and crowds of 40,
  are ``benchmarks/capacity.py --counts 5 10 20 40``: a measurement, not a test;
- a page whose kernel could not make it ready says so in a short message and tries again by
  itself (never a blank page);
- a preheated kernel (started before anyone asked) learns the visitor's browser id: the game's
  autosave goes into that browser's folder;
- when the server goes away, a "connection lost, reconnecting" banner shows within 5 s, and the
  page comes back by itself once a server answers again (this test kills the module's server
  and starts another on its port: it runs last).
"""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import threading
import time

import nbformat
import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import NOTEBOOKS_DIR, ServerProcess, free_port, server_command, start_game, voila_url  # noqa: E402
from visitor import Visitor, visit  # noqa: E402

PAGES_AT_ONCE = 20
#: how many of them a real Chromium page draws (the rest are light visitors)
BROWSER_PAGES = 3
#: the whole crowd's wait on a busy 2-core machine
CROWD_SECONDS = 240

FLAKY_SOURCE = """\
from pathlib import Path
import ipywidgets as w
seen = Path("flaky-seen")
if not seen.exists():  # the first run fails, as a kernel that could not be made ready
    seen.write_text("once")
    raise RuntimeError("not ready the first time")
ready = w.Button(description="Ready")
ready.add_class("lsn-flaky-ready")
ready"""


READY_SOURCE = """\
import ipywidgets as w
ready = w.Button(description="Ready")
ready.add_class("lsn-ready")
ready"""


@pytest.fixture(scope="module")
def crowd_server(tmp_path_factory):
    home = tmp_path_factory.mktemp("crowd-home")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    shutil.copy(NOTEBOOKS_DIR / "battlegoats_play.ipynb", notebooks)
    flaky = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(FLAKY_SOURCE)])
    flaky.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(flaky, notebooks / "flaky.ipynb")
    ready = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(READY_SOURCE)])
    ready.metadata.kernelspec = flaky.metadata.kernelspec
    nbformat.write(ready, notebooks / "ready.ipynb")
    port = free_port()
    servers = [ServerProcess(server_command(port, ["--notebooks", str(notebooks), "--preheat", "1"]), home, port=port)]
    yield servers
    for server in servers:
        server.stop()


class Crowd:
    """``count`` light visitors (:mod:`visitor`) opening ``path`` at once, in a thread of their own
    (its own event loop), each keeping its page's kernel open until :meth:`close`."""

    def __init__(self, base_url: str, path: str, count: int, timeout: float):
        self.results: list = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, args=(base_url, path, count, timeout), daemon=True)
        self.thread.start()

    def _run(self, base_url, path, count, timeout):
        asyncio.set_event_loop(self.loop)
        self.results = self.loop.run_until_complete(asyncio.gather(
            *[visit(base_url, path, "lsn-start", timeout=timeout) for _ in range(count)], return_exceptions=True))

    def wait(self, timeout: float) -> list:
        self.thread.join(timeout)
        return self.results if not self.thread.is_alive() else [TimeoutError("the crowd is still waiting")]

    def close(self) -> None:
        self.thread.join(1)
        for result in self.results:
            if isinstance(result, Visitor):
                result.close()
        self.loop.close()


def test_several_play_pages_opened_at_once_all_become_playable(crowd_server, browser):
    """PAGES_AT_ONCE pages asked for at the same moment: BROWSER_PAGES of them in Chromium (each
    its own context, so its own browser cookie), the others light visitors that make the same
    requests without drawing (on 2 cores, twenty Chromium renderers would take most of the CPU
    the server is being tested for). Every one of them must become playable."""
    server = crowd_server[0]
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}) for _ in range(BROWSER_PAGES)]
    pages = [c.new_page() for c in contexts]
    start = time.monotonic()
    crowd = Crowd(server.base_url, voila_url("", "battlegoats_play.ipynb"), PAGES_AT_ONCE - BROWSER_PAGES,
                  CROWD_SECONDS)
    for page in pages:
        page.goto(voila_url(server.base_url, "battlegoats_play.ipynb"), wait_until="commit",
                  timeout=CROWD_SECONDS * 1000)
    playable, stuck = 0, []
    try:
        for i, page in enumerate(pages):
            left = max(1.0, CROWD_SECONDS - (time.monotonic() - start))
            try:
                expect(page.locator("button.lsn-start")).to_be_visible(timeout=left * 1000)
                playable += 1
            except AssertionError:  # say what the page shows instead
                shown = page.evaluate("() => (document.body && document.body.innerText || '').slice(0, 120)")
                stuck.append(f"browser page {i}: {shown!r}")
        results = crowd.wait(max(1.0, CROWD_SECONDS - (time.monotonic() - start)))
        for i, result in enumerate(results):
            if isinstance(result, Visitor):
                playable += 1
            else:
                stuck.append(f"visitor {i}: {result!r}")
        seconds = sorted(r.seconds for r in results if isinstance(r, Visitor))
    finally:
        print(f"{playable} of {PAGES_AT_ONCE} pages playable after {time.monotonic() - start:.0f} s")
        crowd.close()
        for context in contexts:
            context.close()
    assert playable == PAGES_AT_ONCE, stuck
    print(f"visitors: median {seconds[len(seconds) // 2]:.1f} s, slowest {seconds[-1]:.1f} s")


def test_a_page_that_could_not_be_made_ready_says_so_and_tries_again(crowd_server, browser):
    server = crowd_server[0]
    page = browser.new_context().new_page()
    page.goto(voila_url(server.base_url, "flaky.ipynb"))
    notice = page.locator(".lsn-page-retry")
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_contain_text("could not be made ready")
    expect(notice).to_contain_text("Trying again")
    expect(page.locator("button.lsn-flaky-ready")).to_be_visible(timeout=60_000)  # the reload worked
    expect(page.locator(".lsn-page-retry")).to_have_count(0)
    page.context.close()


def test_a_preheated_kernel_saves_the_game_in_the_visitors_browser_folder(crowd_server, browser):
    server = crowd_server[0]
    context = browser.new_context()
    page = context.new_page()
    page.goto(voila_url(server.base_url, "battlegoats_play.ipynb"))
    expect(page).to_have_title(re.compile(r"^Play BattleGoats"))  # the tab names the game
    start_game(page)
    ident = next(c["value"] for c in context.cookies() if c["name"] == "lsn_browser")
    folder = server.home / ".livestock_notebooks" / "saves" / "browsers" / ident
    deadline = time.monotonic() + 30
    while not any(folder.glob("battlegoats-autosave*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert re.fullmatch(r"[0-9a-f]{32}", ident)
    assert any(folder.glob("battlegoats-autosave*")), sorted(
        p.relative_to(server.home).as_posix() for p in server.home.rglob("*autosave*"))
    assert "Using pre-heated kernel" in server.log_path.read_text(errors="replace")
    context.close()


def test_the_page_says_the_connection_is_lost_and_comes_back_by_itself(crowd_server, browser):
    server = crowd_server[0]
    page = browser.new_context().new_page()
    page.goto(voila_url(server.base_url, "ready.ipynb"))
    expect(page.locator("button.lsn-ready")).to_be_visible(timeout=60_000)
    expect(page.locator(".lsn-connection-lost")).to_have_count(0)
    os.killpg(server.process.pid, signal.SIGKILL)  # the server and its kernels go away at once
    server.process.wait(10)
    banner = page.locator(".lsn-connection-lost")
    expect(banner).to_be_visible(timeout=5_000)
    expect(banner).to_contain_text("reconnecting")
    again = ServerProcess(server.process.args, server.home, port=server.port)
    crowd_server.append(again)
    expect(page.locator("button.lsn-ready")).to_be_visible(timeout=90_000)  # reloaded: a new kernel
    expect(page.locator(".lsn-connection-lost")).to_have_count(0)
    page.context.close()
