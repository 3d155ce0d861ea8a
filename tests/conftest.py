"""Shared fixtures for the Livestock Notebooks tests.

Browser (end-to-end) tests
--------------------------
Ask for ``voila_server`` and ``page``; the test is marked ``browser`` automatically::

    from playwright.sync_api import expect
    from browser import voila_url, wait_for_voila, outside_requests

    def test_slider_moves_odds(voila_server, page, page_requests):
        page.goto(voila_url(voila_server, "super_army_odds.ipynb"))
        wait_for_voila(page)
        expect(page.locator(".lsn-attacker-chance")).to_have_text("27.78%")
        assert outside_requests(page_requests) == []

Fixtures:

- ``voila_server`` (session): base URL ``"http://127.0.0.1:<port>"`` of one ``livestock-notebooks
  --port <port> --no-browser`` process serving ``notebooks/``, with its own temporary HOME and
  Jupyter dirs; started once, readiness checked with a plain TCP connect, stopped with SIGTERM.
  Its log is ``voila_server_log`` (a Path).
- ``chromium_path`` (session): the Chromium executable. Browser tests are skipped, with the
  reason, when none is found and the ``CI`` environment variable is unset; with ``CI`` set they
  fail instead.
- ``browser`` (function): Playwright's (sync API) Chromium, launched from ``chromium_path`` with
  ``browser.CHROMIUM_ARGS``. Not session-scoped on purpose: while Playwright's sync API runs,
  asyncio sees a running loop in the main thread and ``asyncio.run()``/nbclient fail, so it
  lives only as long as the test that uses it. Do not hold Playwright objects across tests.
- ``page`` (function): a fresh page in a fresh context (1280x900). On teardown it saves a
  screenshot to ``tests/artifacts/<test name>.png`` (pass or fail).
- ``page_requests`` (function): the list of every URL the page requested (HTTP and WebSocket),
  filled as the test runs; check it with ``browser.outside_requests(page_requests) == []``.
- ``page_errors`` (function): uncaught JavaScript errors and ``console.error`` messages of the
  page, as strings (Voila prints kernel tracebacks there too); e.g. ``assert page_errors == []``.

Locating widgets: give every widget that a test needs a CSS class in the package code, with
``widget.add_class("lsn-...")`` (ipywidgets puts it on the widget's DOM element), then use
``page.locator(".lsn-...")``. Use auto-waiting assertions (``expect(locator).to_have_text(...)``,
``to_be_visible()``), never sleeps. The default assertion timeout here is 30 s and the page's
default timeout 90 s, because each page view starts a kernel on a 2-core machine.

Recipes checked against ipywidgets 8 in Voila (the class is on the widget's outer element):

- Button: ``add_class`` lands on the ``<button>`` itself: ``page.locator("button.lsn-roll").click()``.
- IntSlider/FloatSlider: ``page.locator(".lsn-attack .noUi-handle").focus()`` then
  ``page.keyboard.press("ArrowRight")`` (one step); or type into the readout:
  ``page.locator(".lsn-attack .widget-readout").fill("7")`` then ``.press("Enter")``.
- Dropdown: ``page.locator(".lsn-kind select").select_option("Pirates")``.
- ToggleButtons: ``page.locator(".lsn-mode button", has_text="Super Army").click()``.
- Label/HTML: ``expect(page.locator(".lsn-out")).to_have_text("27.78%")``.

Notebook tests
--------------
``tests/test_notebooks.py`` executes every ``notebooks/*.ipynb`` with nbclient; nothing to do
beyond adding the notebook (and its line in ``livestock_notebooks/catalog.py``).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from browser import (
    CHROMIUM_ARGS,
    NOTEBOOKS_DIR,
    VoilaServer,
    find_chromium,
    screenshot_path,
    stop_live_servers,
)

BROWSER_FIXTURES = {"browser", "page", "page_requests", "page_errors", "chromium_path"}


def _stop_on_signal(signum, frame):  # noqa: ARG001 - signal handler signature
    """SIGTERM or SIGHUP ends the run as Ctrl-C does: fixtures tear down and stop their servers
    (and the servers their kernels); whatever is still running is stopped on the way out."""
    stop_live_servers()
    raise KeyboardInterrupt(f"stopped by signal {signal.Signals(signum).name}")


def pytest_configure(config):
    for signum in (signal.SIGTERM, signal.SIGHUP):
        try:
            signal.signal(signum, _stop_on_signal)
        except (ValueError, OSError):  # not the main thread, or no such signal here
            pass


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """The repository's ``notebooks/`` folder."""
    return NOTEBOOKS_DIR


@pytest.fixture(scope="session")
def _voila_server_process(tmp_path_factory):
    """The one app server the browser tests share (a test starts its own only when it needs
    other server options); its tables in a SQLite file of its own (:func:`voila_tables_url`)."""
    home = tmp_path_factory.mktemp("voila-home")
    server = VoilaServer(home, env={"LIVESTOCK_TABLES_URL": f"sqlite:///{home / 'tables.db'}"})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_tables_url(_voila_server_process) -> str:
    """The table store of the shared server (``TableStore(url)`` reads what its pages wrote)."""
    return f"sqlite:///{_voila_server_process.home / 'tables.db'}"


@pytest.fixture(scope="session")
def voila_server(_voila_server_process) -> str:
    """Base URL (no trailing slash) of a running ``livestock-notebooks`` server."""
    return _voila_server_process.base_url


@pytest.fixture(scope="session")
def voila_server_log(_voila_server_process) -> Path:
    """The server's combined stdout/stderr log file."""
    return _voila_server_process.log_path


def _no_browser(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so browser tests must run)", pytrace=False)
    pytest.skip(f"{reason}; browser tests skipped (install with: apt-get install -y chromium)")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        _no_browser("no Chromium found at /usr/bin/chromium, $CHROMIUM or on PATH")
    return path  # type: ignore[return-value]


@pytest.fixture
def _playwright():
    # Function scope on purpose: while Playwright's sync API is running, asyncio counts its
    # loop as running in this thread, so asyncio.run() and nbclient fail in every later test.
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("Python package playwright is not installed")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture
def browser(_playwright, chromium_path):
    """Playwright Chromium (sync API), one per test (a launch takes about 1.3 s)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    browser = _playwright.chromium.launch(
        executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def page_requests() -> list[str]:
    """Every URL the ``page`` requested (filled in by the ``page`` fixture)."""
    return []


@pytest.fixture
def page_errors() -> list[str]:
    """JavaScript errors and console errors of the ``page`` (filled in by the ``page`` fixture)."""
    return []


@pytest.fixture
def page(browser, page_requests, page_errors, request):
    """A new page (own context, 1280x900) recording its requests; screenshot on teardown."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.on("request", lambda req: page_requests.append(req.url))
    page.on("websocket", lambda ws: page_requests.append(ws.url))
    page.on("pageerror", lambda exc: page_errors.append(f"pageerror: {exc}"))
    page.on(
        "console",
        lambda msg: page_errors.append(f"console.error: {msg.text}") if msg.type == "error" else None,
    )
    try:
        yield page
    finally:
        try:
            page.screenshot(path=str(screenshot_path(request.node.name)), full_page=True)
        except Exception as exc:  # a crashed page must not hide the test's own result
            print(f"screenshot failed: {exc}")
        context.close()
