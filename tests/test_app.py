"""The app end to end: the landing page lists every notebook, links work, nothing leaves 127.0.0.1."""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from browser import (
    NOTEBOOKS_DIR,
    BinderLikeServer,
    VoilaServer,
    outside_requests,
    voila_url,
    wait_for_voila,
)
from livestock_notebooks import catalog



def notebook_files() -> list[str]:
    """Every notebook file but the index (read at test time: others may be adding notebooks)."""
    return sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb") if p.name != "index.ipynb")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def links_in(html: str) -> list[str]:
    parser = _Links()
    parser.feed(html)
    return parser.hrefs


def test_every_notebook_is_in_the_catalog() -> None:
    missing = catalog.missing_from_catalog(NOTEBOOKS_DIR)
    assert not missing, (
        f"add these notebooks to livestock_notebooks/catalog.py (NOTEBOOKS): {missing}"
    )


def test_catalog_entries_are_complete() -> None:
    files = [e.file for e in catalog.NOTEBOOKS]
    assert len(files) == len(set(files))
    for entry in catalog.NOTEBOOKS:
        assert entry.file.endswith(".ipynb") and "/" not in entry.file
        assert entry.title.strip() and entry.description.strip()
        assert entry.section in catalog.SECTIONS


def test_index_notebook_links_every_notebook() -> None:
    """Execute the index headless and read the links in its output: one per notebook file."""
    nb = nbformat.read(NOTEBOOKS_DIR / "index.ipynb", as_version=4)
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS_DIR)}}
    ).execute()
    html = "".join(
        out.get("data", {}).get("text/html", "")
        for cell in nb.cells
        for out in cell.get("outputs", [])
    )
    hrefs = links_in(html)
    # the "start here" line links the first tutorial a second time, outside the catalog
    from livestock_notebooks.widgets.landing import START_HERE
    hrefs.remove(START_HERE[0])
    assert sorted(hrefs) == notebook_files()
    for href in hrefs:
        assert (NOTEBOOKS_DIR / href).is_file()
    # each link comes with its line of description
    for entry in catalog.available(NOTEBOOKS_DIR):
        assert entry.description.split()[0] in html


def test_index_html_lists_only_existing_notebooks(tmp_path: Path) -> None:
    (tmp_path / "index.ipynb").write_text("{}")
    assert "No notebooks yet" in catalog.index_html(tmp_path)
    first = catalog.NOTEBOOKS[0]
    (tmp_path / first.file).write_text("{}")
    assert links_in(catalog.index_html(tmp_path)) == [first.file]


def test_landing_page_lists_every_notebook(voila_server, page, page_requests, page_errors) -> None:
    from playwright.sync_api import expect

    page.goto(voila_server + "/")
    # the landing page is the index notebook
    expect(page).to_have_url(re.compile(r"/voila/render/index\.ipynb$"))
    wait_for_voila(page)
    expect(page.locator("h1").first).to_contain_text("Livestock Notebooks")
    links = page.locator(".lsn-catalog a")
    expected = notebook_files()
    expect(links).to_have_count(len(expected))
    hrefs = sorted(links.nth(i).get_attribute("href") for i in range(links.count()))
    assert hrefs == expected
    assert outside_requests(page_requests) == [], "the page requested an outside host"
    assert page_errors == []


def test_click_through_to_a_notebook(voila_server, page, page_requests) -> None:
    from playwright.sync_api import expect

    if not catalog.available(NOTEBOOKS_DIR):
        pytest.skip("no notebook besides the index yet")
    page.goto(voila_url(voila_server, "index.ipynb"))
    wait_for_voila(page)
    target = catalog.available(NOTEBOOKS_DIR)[0]
    page.locator(".lsn-catalog a", has_text=target.title).click()
    # the relative link resolves beside the index page
    expect(page).to_have_url(voila_url(voila_server, target.file))
    wait_for_voila(page)
    expect(page.locator(".jp-OutputArea-output").first).to_be_attached()
    assert not page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
    assert [u for u in page_requests if u.startswith(voila_server)], "no request recorded"
    assert outside_requests(page_requests) == [], "a page requested an outside host"


def test_template_serves_local_font_awesome(voila_server, page, page_requests) -> None:
    """The offline template's fonts load from the server itself."""
    from playwright.sync_api import expect

    page.goto(voila_url(voila_server, "index.ipynb"))
    wait_for_voila(page)
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<i id=\"lsn-fa-probe\" class=\"fa fa-check\"></i>')"
    )
    expect(page.locator("#lsn-fa-probe")).to_be_attached()
    faces = page.evaluate(
        "document.fonts.load('900 16px \"Font Awesome 5 Free\"')"
        ".then(fs => fs.map(f => f.status))"
    )
    assert faces and set(faces) == {"loaded"}
    assert any(u.endswith("/fontawesome/webfonts/fa-solid-900.woff2") for u in page_requests)
    assert outside_requests(page_requests) == []


def test_binder_layout_serves_the_template_and_relative_links(page, page_requests, tmp_path) -> None:
    """As on Binder: Voila inside ``jupyter server`` under ``/user/<name>/``, the index at
    ``voila/render/notebooks/index.ipynb``; its relative links stay under ``notebooks/``."""
    from playwright.sync_api import expect

    server = BinderLikeServer(tmp_path)
    try:
        page.goto(server.base_url + "/voila/render/notebooks/index.ipynb")
        wait_for_voila(page)
        target = catalog.available(NOTEBOOKS_DIR)[-1]
        page.locator(".lsn-catalog a", has_text=target.title).click()
        expect(page).to_have_url(server.base_url + "/voila/render/notebooks/" + target.file)
        wait_for_voila(page)
        assert any("/voila/templates/livestock/static/fontawesome/" in u for u in page_requests)
        assert outside_requests(page_requests) == [], "a page requested an outside host"
    finally:
        server.stop()


def test_house_rules_page_shows_every_game(voila_server, page, page_requests) -> None:
    from playwright.sync_api import expect

    from livestock_notebooks import data_catalog

    games = {v.game for v in data_catalog.house_values()} | {r.game for r in data_catalog.readings()}
    if not (NOTEBOOKS_DIR / "house_rules.ipynb").is_file() or not games:
        pytest.skip("no house rules notebook or no data files yet")
    page.goto(voila_url(voila_server, "house_rules.ipynb"))
    wait_for_voila(page)
    tabs = page.locator(".lsn-house-tabs .lm-TabBar-tab")
    for game in games:
        expect(tabs.filter(has_text=data_catalog.game_title(game))).to_have_count(1)
    expect(page.locator("table.lsn-house-values:visible").first).to_be_visible()
    # the filter keeps matching rows only, and opens a tab that has some
    card = data_catalog.house_values()[0]
    page.locator(".lsn-house-filter input").fill(card.label)
    expect(page.locator(".lsn-house-count")).to_contain_text("rows match")
    expect(page.locator(".lsn-house-page:visible")).to_contain_text(card.label)
    assert outside_requests(page_requests) == []


def test_kernels_of_closed_pages_are_culled(browser, tmp_path) -> None:
    """A closed page leaves no kernel behind: the culler shuts it down once it idles (here 5 s).

    The kernel is asked for by its id until the server no longer has it. Reading the culler's
    log line alone was not enough: a page closed while its kernel connection was still being set
    up can see its kernel go another way (the connection fails with a 500 and the kernel is gone
    before the culler looks), and what matters to an operator is that no kernel is left.

    The page is closed only once its kernel has a connection: between Voila's last cell and the
    page's widgets connecting, the kernel is idle with no connection, and on a slow machine that
    gap outlasted a 2 s timeout (the kernel was culled under the open page, which an operator's
    timeout of minutes never does)."""
    import json
    import urllib.error
    import urllib.request

    server = VoilaServer(
        tmp_path,
        extra=["--MappingKernelManager.cull_idle_timeout=5", "--MappingKernelManager.cull_interval=1"],
    )
    try:
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.base_url + "/")
        wait_for_voila(page)
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
        assert found, "the page names its kernel"
        kernel_url = f"{server.base_url}/api/kernels/{found.group(1)}"
        deadline = time.monotonic() + 60
        while True:  # the kernel is up, and the open page connected to it
            with urllib.request.urlopen(kernel_url, timeout=10) as reply:
                assert reply.status == 200
                if json.load(reply).get("connections", 0) >= 1:
                    break
            assert time.monotonic() < deadline, "the page never connected to its kernel:\n" + server.log_tail()
            time.sleep(0.2)
        context.close()
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(kernel_url, timeout=10).close()
            except urllib.error.HTTPError as error:
                assert error.code == 404, error
                break
            assert time.monotonic() < deadline, "kernel not shut down:\n" + server.log_tail()
            time.sleep(0.5)  # asking the server, not waiting on the page
        log = server.log_path.read_text(errors="replace")
        assert "Culling kernels with idle durations > 5 seconds" in log
        # usually the culler's own line ('idle', or 'starting' when the page closed before its
        # kernel connection was up; a kernel whose start failed is culled as 'dead')
        assert re.search(r"Culling '\w+' (dead )?kernel", log) or " 500 GET /api/kernels/" in log, server.log_tail()
    finally:
        server.stop()
