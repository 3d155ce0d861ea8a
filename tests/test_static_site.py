"""The static web edition (``livestock-notebooks build-site``) in Chromium, with no network.

The site is built once per session (downloads kept in ``$LIVESTOCK_SITE_CACHE``, default
``~/.cache/livestock_notebooks/site``; the first build needs npm and PyPI), served by Python's
plain ``http.server`` on loopback, and every request Chromium makes to any other address is
aborted: a page that needed the internet would not get to its first widget.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("voici_core")

from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect  # noqa: E402

from browser import LOOPBACK, choose_seats, free_port, open_menu, screenshot_path, wait_for_port  # noqa: E402
from layout_shift import tutorial_prefix  # noqa: E402
from livestock_notebooks.core.session import Session  # noqa: E402
from livestock_notebooks.games import GAMES  # noqa: E402
from livestock_notebooks.livestock_uprising import GAME as LIVESTOCK  # noqa: E402
from livestock_notebooks.static_site.build import STATIC_PAGES, build_site, site_size  # noqa: E402
from livestock_notebooks.static_site.snapshot import (BOOT_NAME, RESTORED_MARK, SNAPSHOT_NAME,  # noqa: E402
                                                      node_stack_switching, page_modules, read_snapshot)

#: the first visit boots Pyodide and installs the wheels: slow on a busy 2-core machine
BOOT_TIMEOUT = 180_000


@pytest.fixture(scope="session")
def static_site(tmp_path_factory) -> Path:
    if os.environ.get("CI") is None and not (os.environ.get("LIVESTOCK_SITE_CACHE") or Path.home().joinpath(
            ".cache", "livestock_notebooks", "site").is_dir()) and not _has_npm():
        pytest.skip("npm is needed for the first build of the static site")
    return build_site(tmp_path_factory.mktemp("static") / "site", cache=os.environ.get("LIVESTOCK_SITE_CACHE"),
                      log=lambda line: None)


def _has_npm() -> bool:
    return shutil.which("npm") is not None


@pytest.fixture(scope="session")
def site_url(static_site):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", LOOPBACK, "--directory",
                               str(static_site), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, process=server)
        yield f"http://{LOOPBACK}:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _has_snapshot(site: Path) -> bool:
    """The site has the kernel's snapshot (built with a Node that can make it)."""
    return (site / "static" / "pyodide" / SNAPSHOT_NAME).is_file()


def open_offline(browser, site_url, name, *, context=None, size=(1366, 768)):
    """``voici/render/<name>.html`` in a context whose requests outside the site are aborted.
    Returns ``(context, page, blocked)``; ``context.asked`` lists the paths asked of the site and
    ``page.console`` its console lines (its workers' included)."""
    if context is None:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, accept_downloads=True)
        context.blocked, context.asked = [], []

        def route(r):
            if r.request.url.startswith(site_url + "/"):
                context.asked.append(r.request.url.removeprefix(site_url))
                r.continue_()
            else:
                context.blocked.append(r.request.url)
                r.abort()
        context.route("**/*", route)
    page = context.new_page()
    page.console = []
    page.on("console", lambda msg: page.console.append(msg.text))
    page.set_default_timeout(90_000)
    page.goto(f"{site_url}/voici/render/{name}.html")
    return context, page, context.blocked


def show_setup(page):
    first = page.locator("button.lsn-start:visible, button.lsn-resume-new:visible").first
    expect(first).to_be_visible(timeout=BOOT_TIMEOUT)
    if page.locator("button.lsn-resume-new").is_visible():
        page.locator("button.lsn-resume-new").click()
    expect(page.locator("button.lsn-start")).to_be_visible()


def test_the_site_holds_everything_it_loads(static_site):
    config = json.loads((static_site / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    assert kernel["disablePyPIFallback"] is True
    static = static_site / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    for wanted in ("micropip", "packaging", "ipywidgets", "comm", "livestock-notebooks", "pyodide-kernel"):
        assert wanted in lock["packages"], wanted
    pages = {p.name for p in (static_site / "voici" / "render").glob("*.html")}
    assert pages == {p.replace(".ipynb", ".html") for p in STATIC_PAGES}
    assert site_size(static_site) < 60e6
    # no service worker: the kernel then mounts no drive (each import there was a request)
    assert not (static_site / "service-worker.js").exists()
    node = shutil.which("node")
    if node is None or node_stack_switching(node) is None:  # no snapshot, no bytecode: the wheels
        for name in kernel["loadPyodideOptions"]["packages"]:
            assert (static / lock["packages"][name]["file_name"]).is_file(), name
        return
    # the kernel's snapshot holds every package's files (in place of the wheels) and Python's memory
    files, memory = read_snapshot(static / SNAPSHOT_NAME)
    assert memory > 10e6
    installed = {path.split("/")[4] for path in files if path.endswith(".dist-info/METADATA")}
    for name in kernel["loadPyodideOptions"]["packages"]:
        wheel = lock["packages"][name]["file_name"]
        assert "-".join(wheel.split("-")[:2]) + ".dist-info" in installed, name
        assert not (static / wheel).exists(), wheel
    site_packages = "/lib/python3.13/site-packages/livestock_notebooks"
    assert f"{site_packages}/data/livestock_uprising/rules.json" in files  # data the pages read as files
    # bytecode made by the site's Pyodide for this package's modules the snapshot did not import
    assert any(p.startswith(site_packages) and p.endswith(".cpython-313.pyc") for p in files)
    # every page's kernel boots through the site's loadPyodide, which reads the snapshot
    assert kernel["pyodideUrl"] == f"./static/pyodide/{BOOT_NAME}"
    for html in (static_site / "voici" / "render").glob("*.html"):
        assert f'static/pyodide/{BOOT_NAME}"' in html.read_text(encoding="utf-8"), html.name


def test_the_snapshot_imports_what_the_pages_import():
    page = {"cells": [{"cell_type": "code", "source": "from livestock_notebooks.static_site.browser import prepare\n"
                                                         "await prepare()"},
                      {"cell_type": "markdown", "source": "import nothing"},
                      {"cell_type": "code", "source": "%pip install nothing\nimport livestock_notebooks.odds"},
                      {"cell_type": "code", "source": ["from livestock_notebooks.widgets.landing import Landing\n",
                                                       "import json\nLanding()"]}]}
    assert page_modules({"index.ipynb": json.dumps(page).encode()}) == [
        "livestock_notebooks.odds", "livestock_notebooks.static_site.browser", "livestock_notebooks.widgets.landing"]


def _livestock_barn_then_bot(page):
    choose_seats(page, ["Human", "Greedy"], seed=2)
    page.locator("button.lsn-start").click()
    expect(page.locator(".lsn-hint")).to_contain_text("place your barn")
    target = page.locator(".lsn-mark-target").first.evaluate("e => e.closest('.lsn-face').dataset.square")
    page.locator(f"button.lsn-tile-{target}").click()
    log = page.locator(".lsn-log")
    expect(log).to_contain_text(f"places the barn at {target}")
    # the bot answers with its own barn
    expect(log).to_contain_text(re.compile(r"places the barn at (?!" + target + r"\b)\w+"), timeout=60_000)
    return target


def _battlegoats_card_then_bot(page):
    choose_seats(page, ["Human", "Smart"], seed=7)
    page.locator("button.lsn-start").click()
    hand = page.locator("button.lsn-bg-hand-card")
    expect(hand).to_have_count(9)
    for left in range(9, 0, -1):  # the first player lays out all nine, then the bot does
        expect(hand).to_have_count(left)
        hand.first.click()
        expect(hand.first).to_have_class(re.compile(r"\blsn-bg-selected\b"))
        page.locator(".lsn-bg-board-0 button.lsn-bg-selectable").first.click()
    expect(page.locator(".lsn-log")).to_contain_text("Player 2 lays", timeout=60_000)


def _space_pigs_start_then_bot(page):
    from test_browser_space_pigs import READY_JS, _one_decision

    choose_seats(page, ["Human", "Greedy", "Greedy"], seed=5)
    page.locator("button.lsn-start").click()
    expect(page.locator(".lsn-sp-map svg[aria-label='The galaxy']")).to_be_visible()
    lines = page.locator(".lsn-log-line").count()
    bot_moved = ("(n) => [...document.querySelectorAll('.lsn-log-line')].slice(n)"
                 ".some(line => /\\bP[23]\\b/.test(line.textContent))")
    for _ in range(6):  # my decisions until a bot has answered (some sequences are mine alone)
        page.wait_for_function(READY_JS, timeout=90_000)
        _one_decision(page, {})
        try:
            page.wait_for_function(bot_moved, arg=lines, timeout=30_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"no bot move after mine: {page.locator('.lsn-log-line').all_inner_texts()[-8:]}")


PLAYS = {"livestock_uprising_play": _livestock_barn_then_bot, "battlegoats_play": _battlegoats_card_then_bot,
         "space_pigs_play": _space_pigs_start_then_bot}


@pytest.mark.parametrize("name", list(PLAYS))
def test_play_page_move_and_bot_answer_offline(browser, static_site, site_url, name):
    context, page, blocked = open_offline(browser, site_url, name)
    try:
        show_setup(page)
        PLAYS[name](page)
        assert blocked == []
        # the kernel answered the widget manager's control channel (no timeout, no fallback) and
        # mounted no file drive (each import there was a request to the page)
        assert not [line for line in page.console if "jupyter.widget.control" in line]
        if _has_snapshot(static_site):  # Python started from the site's snapshot, not afresh
            assert [line for line in page.console if RESTORED_MARK in line], page.console[-20:]
        assert not [path for path in context.asked if path.startswith("/api/drive")]
    finally:
        page.screenshot(path=str(screenshot_path(f"static_{name}")))
        context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_tutorial_first_step_offline(browser, site_url, game):
    p = tutorial_prefix(game)
    context, page, blocked = open_offline(browser, site_url, f"{game}_tutorial")
    try:
        header = page.locator(f".{p}-header")
        expect(header).to_contain_text("Step 1 of", timeout=BOOT_TIMEOUT)
        show, next_button = page.locator(f"button.{p}-show"), page.locator(f"button.{p}-next")
        page.wait_for_timeout(300)  # the step's buttons follow its header
        if show.is_visible() and show.is_enabled():
            show.click()
            expect(page.locator(f".{p}-done")).to_contain_text("\u2714", timeout=90_000)
        expect(next_button).to_be_enabled()
        next_button.click()
        expect(header).to_contain_text("Step 2 of")
        assert blocked == []
    finally:
        context.close()


def test_game_saved_in_the_browser_resumes_after_reload_and_loads_in_the_served_app(browser, static_site, site_url):
    context, page, blocked = open_offline(browser, site_url, "livestock_uprising_play")
    try:
        show_setup(page)
        target = _livestock_barn_then_bot(page)
        open_menu(page)
        link = page.locator("a.lsn-save-download").first
        expect(link).to_be_visible()
        with page.expect_download() as download:
            link.click()
        text = Path(download.value.path()).read_text(encoding="utf-8")
        # the same save format: the served app's session loads it
        session = Session.from_save_text(LIVESTOCK, text)
        assert f"barn at {target}" in " ".join(entry.text for entry in session.log)
        page.wait_for_timeout(1000)  # the autosave reaches IndexedDB
        page.close()
        # a new tab of the same browser (the first one closed) is offered the game
        _, again, _ = open_offline(browser, site_url, "livestock_uprising_play", context=context)
        resume = again.locator("button.lsn-resume")
        expect(resume).to_be_visible(timeout=BOOT_TIMEOUT)
        if _has_snapshot(static_site):  # a repeat visit (the browser's cache) starts from the snapshot too
            assert [line for line in again.console if RESTORED_MARK in line], again.console[-20:]
        resume.click()
        expect(again.locator(".lsn-log")).to_contain_text(f"places the barn at {target}")
        again.reload()
        expect(again.locator("button.lsn-resume")).to_be_visible(timeout=BOOT_TIMEOUT)
        assert blocked == []
    finally:
        context.close()


def test_landing_links_every_page_of_the_site_and_friends_needs_a_server(browser, site_url):
    context, page, blocked = open_offline(browser, site_url, "index")
    try:
        expect(page.locator(".lsn-landing")).to_be_visible(timeout=BOOT_TIMEOUT)
        hrefs = page.locator(".lsn-catalog a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert hrefs and all(h.endswith(".html") for h in hrefs), hrefs
        expect(page.locator(".lsn-served-only")).to_contain_text("served app")
        page.locator("a", has_text="Play with friends").first.click()
        expect(page.locator(".lsn-needs-server")).to_contain_text("needs a server", timeout=BOOT_TIMEOUT)
        page.locator(".lsn-needs-server a", has_text="How to run").click()
        expect(page.locator("h1")).to_contain_text("served app")
        assert blocked == []
    finally:
        context.close()


def test_explorer_shows_exact_odds_offline(browser, site_url):
    from livestock_notebooks.odds import livestock_battle
    from livestock_notebooks.widgets.common.odds_panel import format_fraction

    context, page, blocked = open_offline(browser, site_url, "super_army_odds")
    try:
        comparison = page.locator(".lsn-battle-comparison")
        # attack 3 v defense 4 on one die each: the attacker wins 5 rolls in 18
        expect(comparison.locator(".lsn-scenario-ordinary .lsn-attacker-frac")).to_have_text(
            "5/18", timeout=BOOT_TIMEOUT)
        expect(comparison.locator(".lsn-scenario-super .lsn-attacker-frac")).to_have_text(
            format_fraction(livestock_battle(3, 4, attacker_super=True).attacker))
        assert blocked == []
    finally:
        page.screenshot(path=str(screenshot_path("static_super_army_odds")))
        context.close()
