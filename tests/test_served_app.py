"""The served app's safety: loopback by default, Host header checked, kernels freed on close,
no tracebacks for visitors (``livestock_notebooks.cli``)."""
from __future__ import annotations

import http.client
import json
import subprocess
import re
import time

import pytest

from browser import wait_for_voila
from livestock_notebooks import cli


def test_remote_ip_needs_an_explicit_flag(capsys) -> None:
    assert cli.main(["--ip", "0.0.0.0", "--no-browser"]) == 2
    assert "--allow-remote" in capsys.readouterr().err


@pytest.mark.parametrize("ip", ["127.0.0.1", "127.0.0.5", "::1", "localhost"])
def test_loopback_addresses_need_no_flag(ip) -> None:
    assert cli.is_loopback(ip)


@pytest.mark.parametrize("ip", ["0.0.0.0", "192.168.1.5", "::", "example.org"])
def test_other_addresses_count_as_remote(ip) -> None:
    assert not cli.is_loopback(ip)


def test_host_header_check() -> None:
    hosts = cli.allowed_hosts("127.0.0.1", ["games.example"])
    assert cli.host_allowed("127.0.0.1:8866", hosts)
    assert cli.host_allowed("localhost", hosts)
    assert cli.host_allowed("[::1]:8866", hosts)
    assert cli.host_allowed("GAMES.example:80", hosts)
    assert not cli.host_allowed("attacker.example:8866", hosts)
    assert not cli.host_allowed("127.0.0.1.attacker.example", hosts)
    assert not cli.host_allowed("", hosts)


def test_visitors_get_no_tracebacks() -> None:
    argv = cli.voila_argv(cli.find_notebooks_dir(), open_browser=False)
    assert "--show_tracebacks=False" in argv


def _get(port: int, path: str, host: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": host})
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.mark.browser
def test_server_refuses_foreign_host_headers(_voila_server_process) -> None:
    """A DNS-rebinding page reaches the server under a foreign name: it is refused."""
    server = _voila_server_process
    # "/" only redirects (no kernel starts)
    assert _get(server.port, "/", f"127.0.0.1:{server.port}") == 302
    assert _get(server.port, "/", f"localhost:{server.port}") == 302
    assert _get(server.port, "/", f"rebind.attacker.example:{server.port}") == 403
    assert "refused a request for host" in server.log_path.read_text(errors="replace")


@pytest.mark.browser
def test_closing_a_page_shuts_its_kernel_down(browser, _voila_server_process) -> None:
    """Without waiting for the idle culler (ten minutes by default): the page's own shutdown
    request on close is accepted (Voila refuses it for want of an XSRF token)."""
    server = _voila_server_process
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.base_url + "/voila/render/super_army_odds.ipynb")
        wait_for_voila(page)
        # a rendered widget means the page's widget manager (which asks for the shutdown) is up
        page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=90_000)
        log = server.log_path.read_text(errors="replace")
        started = re.findall(r"Kernel started: ([0-9a-f-]+)", log)
        assert started, server.log_tail()
        # leaving the page fires its beforeunload handler, as closing the tab does
        page.goto("about:blank")
        deadline = time.monotonic() + 45
        while f"Kernel shutdown: {started[-1]}" not in server.log_path.read_text(errors="replace"):
            assert time.monotonic() < deadline, "kernel not shut down:\n" + server.log_tail()
            time.sleep(0.3)  # polling the server log, not waiting on the page
        assert "_xsrf" not in server.log_path.read_text(errors="replace")
    finally:
        context.close()


def test_browser_id_cookie_is_parsed_strictly() -> None:
    good = "0123456789abcdef" * 2
    assert cli.browser_id_from_cookie(f"_xsrf=1; lsn_browser={good}") == good
    for bad in ("", "lsn_browser=../../etc", "lsn_browser=ABC", f"lsn_browser={good}0", "lsn_browser"):
        assert cli.browser_id_from_cookie(bad) is None
    assert re.fullmatch(r"[0-9a-f]{32}", cli.new_browser_id())
    assert "--VoilaConfiguration.http_header_envs=X-Livestock-Browser" in cli.voila_argv(cli.Path("."))


@pytest.mark.browser
def test_autosaves_belong_to_one_browser(browser, voila_server) -> None:
    """Saves, autosaves and loading: a game started in one browser is offered again in that
    browser (another tab of it) but never in another browser, even one sending a forged id."""
    from playwright.sync_api import expect

    from browser import voila_url

    url = voila_url(voila_server, "battlegoats_play.ipynb")

    def open_page(context):
        page = context.new_page()
        page.goto(url)
        wait_for_voila(page)
        expect(page.locator("button.lsn-start:visible, button.lsn-resume:visible").first).to_be_visible(timeout=90_000)
        return page

    mine, other = browser.new_context(), browser.new_context()
    try:
        page = open_page(mine)
        if page.locator("button.lsn-resume").is_visible():
            page.locator("button.lsn-resume-new").click()
        page.locator("button.lsn-start").click()
        expect(page.locator("button.lsn-bg-hand-card").first).to_be_visible()
        ident = next(c["value"] for c in mine.cookies() if c["name"] == "lsn_browser")
        cookie = next(c for c in mine.cookies() if c["name"] == "lsn_browser")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        page.close()

        again = open_page(mine)  # a second tab of the same browser: offered the game
        expect(again.locator("button.lsn-resume")).to_be_visible()
        again.close()

        stranger = open_page(other)  # another browser: a new game, nobody else's
        expect(stranger.locator("button.lsn-start")).to_be_visible()
        assert not stranger.locator("button.lsn-resume").is_visible()
        assert next(c["value"] for c in other.cookies() if c["name"] == "lsn_browser") != ident
        stranger.close()

        # a client cannot claim an id by sending the header the app uses internally
        forged = browser.new_context(extra_http_headers={"X-Livestock-Browser": ident})
        try:
            page = open_page(forged)
            assert not page.locator("button.lsn-resume").is_visible()
        finally:
            forged.close()
    finally:
        mine.close()
        other.close()


def _serve_briefly(tmp_path, *args: str):
    """Run the command as a user would (its own HOME, ``tmp_path`` as the current folder);
    returns the finished process. A server that starts (the guard let it through) is stopped
    after 60 s and the test fails."""
    from browser import console_script, free_port, isolated_env

    command = [*console_script(), "--no-browser", "--port", str(free_port()), *args]
    try:
        return subprocess.run(command, cwd=tmp_path, env=isolated_env(tmp_path / "home"), capture_output=True,
                              text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)}: the server started on a non-loopback address without --allow-remote")


@pytest.mark.parametrize("how", ["voila-option", "config-file"])
def test_every_way_of_setting_the_address_goes_through_the_allow_remote_guard(tmp_path, how) -> None:
    if how == "voila-option":
        done = _serve_briefly(tmp_path, "--Voila.ip=0.0.0.0")
    else:  # Voila reads voila.json from the current folder
        (tmp_path / "voila.json").write_text(json.dumps({"Voila": {"ip": "0.0.0.0"}}))
        done = _serve_briefly(tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "--allow-remote" in done.stderr and "0.0.0.0" in done.stderr


def test_public_url_must_be_an_http_address(capsys) -> None:
    assert cli.checked_public_url("https://games.example/") == "https://games.example"
    assert cli.checked_public_url("http://192.168.1.5:8866/sub/") == "http://192.168.1.5:8866/sub"
    for bad in ("games.example", "ftp://games.example", "https://games.example/?x=1", "javascript:alert(1)"):
        with pytest.raises(ValueError):
            cli.checked_public_url(bad)
    assert cli.main(["--public-url", "games.example", "--no-browser"]) != 0
    assert "--public-url" in capsys.readouterr().err
    assert cli.kernel_env("127.0.0.1", "https://games.example") == {
        "LIVESTOCK_SERVER_IP": "127.0.0.1", "LIVESTOCK_PUBLIC_URL": "https://games.example"}
