"""Play with friends, end to end: several Chromium contexts (each its own browser, its own
``lsn_browser`` cookie) at one table of the ``livestock-notebooks`` server, whose store is a
temporary SQLite file (``LIVESTOCK_TABLES_URL``).

- three contexts play a three-seat BattleGoats game to the end by clicking, through the reference
  deployment of docs/hosting.md (tests/deployment.py: nginx with docs/deploy/nginx.conf in front of
  two app servers on one PostgreSQL database), pinned to different app servers; a spectator joins;
- behind TLS (``X-Forwarded-Proto: https``) every cookie the app sets is Secure;
- two contexts play Livestock Uprising with a bot seat through several turns, one reloads in
  the middle of its turn and carries on at the same seat.

After every few moves the page text of every context is checked against the table's real
position (read from the store): no face-down card and no card of another hand is named.
"""
from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from browser import (  # noqa: E402
    outside_requests, page_text, screenshot_path, voila_url, wait_for_voila,
)
from livestock_notebooks import battlegoats as bg  # noqa: E402
from livestock_notebooks import livestock_uprising as lu  # noqa: E402
from livestock_notebooks.games import GAMES  # noqa: E402
from livestock_notebooks.livestock_uprising import data as LD  # noqa: E402
from livestock_notebooks.tables.store import TableStore  # noqa: E402

SERVER_LOG: list = []  # the server's log (or logs), quoted when a wait times out


@pytest.fixture(scope="module")
def tables_server(voila_server, voila_server_log, voila_tables_url):
    """The shared app server and its table store."""
    SERVER_LOG[:] = [voila_server_log]
    return voila_server, TableStore(voila_tables_url)


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    """docs/hosting.md's deployment (tests/deployment.py): nginx, two app servers, PostgreSQL.
    Skipped, with the reason, where nginx or the database is missing; with ``CI`` set it fails
    instead (``.ci/run`` installs and starts both)."""
    import os

    from deployment import missing, start_deployment

    reason = missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {reason}")
        pytest.skip(reason)
    running = start_deployment(tmp_path_factory.mktemp("deployment"))
    try:
        yield running
    finally:
        running.stop()


class Player:
    """One browser at the table."""

    def __init__(self, browser, url: str, name: str, size=(1280, 1400), cookies=()):
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        if cookies:  # e.g. the proxy's sticky cookie: this browser keeps to one app server
            self.context.add_cookies(list(cookies))
        self.page = self.context.new_page()
        self.page.set_default_timeout(90_000)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        self.page.on("console", lambda msg: self.errors.append(f"console.error: {msg.text}")
                     if msg.type == "error" else None)
        self.page.on("request", lambda req: self.requests.append(req.url))
        self.name = name
        self.seat: int | None = None
        self.goto(url)

    def goto(self, url: str) -> None:
        self.page.goto(url)
        wait_for_voila(self.page)

    def join(self, seat: int) -> None:
        take = self.page.locator("button.lsn-table-take", has_text=f"Take seat {seat + 1}")
        self.page.locator(".lsn-table-join-name input").fill(self.name)
        try:
            take.click(timeout=45_000)
        except Exception as exc:  # a page lost under load (it reloads itself): once more, else say what it shows
            seen = f"{self.name} could not take seat {seat + 1} ({type(exc).__name__}): {self.text()[:600]!r}"
            print(seen, flush=True)
            self.goto(self.page.url)
            self.page.locator(".lsn-table-join-name input").fill(self.name)
            try:
                take.click()
            except Exception:
                raise stuck(seen, [self]) from None
        expect(self.page.locator(".lsn-table-status")).to_contain_text(f"You play seat {seat + 1}")
        self.seat = seat

    def mine(self) -> bool:
        """The decision is this browser's: the prompt is marked (what puts "●" in the tab title)."""
        return self.page.locator(".lsn-prompt.lsn-prompt-mine").count() > 0

    def text(self) -> str:
        return page_text(self.page)


def create_table(host: Player, game: str, seats: list[str], seed: int) -> str:
    game_title = GAMES[game].title
    page = host.page
    page.locator(".lsn-table-your-name input").fill(host.name)
    page.locator(".lsn-table-game").get_by_text(game_title, exact=True).click()
    app = page.locator(f".lsn-table-create .lsn-app-{game}")
    expect(app).to_be_visible()
    expect(app.locator("button.lsn-start")).to_have_text(re.compile("Create table"))
    app.locator(".lsn-players select").select_option(str(len(seats)))
    for i, kind in enumerate(seats):
        app.locator(f".lsn-seat-{i} select").select_option(kind)
    app.locator(".lsn-advanced").get_by_text("Advanced").click()
    app.locator(".lsn-seed input").fill(str(seed))
    app.locator(".lsn-seed input").press("Enter")
    app.locator("button.lsn-start").click()
    invite = page.locator(".lsn-table-invite input")
    expect(invite).to_have_value(re.compile(r"\?table=[A-Za-z0-9_-]+$"))
    host.seat = 0
    return invite.input_value()


def table_id(url: str) -> str:
    return url.rsplit("=", 1)[1]


def stuck(what: str, players=()) -> AssertionError:
    """An error saying what did not happen, with each player's prompt, status and console errors
    (and a picture of each page) and the end of the server's log."""
    seen = [f"titles before the screenshots: {[p.page.title() for p in players]}"]  # a screenshot draws a frame
    for p in players:
        p.page.screenshot(path=str(screenshot_path(f"tables_stuck_{p.name}")), full_page=True)
        seen.append(f"{p.name} [{p.page.title()}]: {' / '.join(p.page.locator('.lsn-prompt').all_inner_texts())!r} "
                    f"{' / '.join(p.page.locator('.lsn-table-status').all_inner_texts())!r} {p.errors}")
    log = [line for path in SERVER_LOG for line in path.read_text(errors="replace").splitlines()[-40 // len(SERVER_LOG):]]
    return AssertionError(f"{what}; " + " | ".join(seen) + "\n" + "\n".join(log))


def wait_until(condition, timeout: float = 60.0, what: str = "condition", players=()) -> None:
    """Wait for ``condition()``; on a timeout, say what each page shows (:func:`stuck`)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise stuck(f"timed out waiting for {what}", players)
        time.sleep(0.1)


# --------------------------------------------------------------------------- hidden information
def bg_hidden_names(store, table, player: Player) -> list[str]:
    """Cards the player's seat has not seen (or, watching, that nobody sees) named on its page."""
    state = bg.load(store.get(table).save)
    cards = state.cards.by_id
    if player.seat is None:
        seen = {c for c in state.cards.ids if all(c in state.seen[p] for p in range(len(state.seen)))}
    else:
        seen = set(state.seen[player.seat])
    hidden = [c for c in state.cards.ids if c not in seen]
    mentioned = {c for c in hidden for k in seen if cards[c].name in cards[k].ability}
    shown_names = {cards[c].name for c in seen}
    text = player.text()
    return [cards[c].name for c in hidden if c not in mentioned and cards[c].name not in shown_names
            and re.search(rf"\b{re.escape(cards[c].name)}\b", text)]


def lu_hidden_names(store, table, player: Player) -> list[str]:
    """Command cards in another seat's hand (or the deck) named on the player's page."""
    state = lu.load(store.get(table).save)
    own = set(state.hands[player.seat]) if player.seat is not None else set()
    public = {c for c in state.played}
    hidden = {c for p, hand in enumerate(state.hands) if p != player.seat for c in hand} | set(state.deck)
    names = {LD.CARDS[c]["name"] for c in hidden} - {LD.CARDS[c]["name"] for c in own | public}
    text = player.text()
    return sorted(n for n in names if re.search(rf"\b{re.escape(n)}\b", text))


# --------------------------------------------------------------------------- BattleGoats
def bg_click(player: Player) -> bool:
    """One click towards this browser's BattleGoats decision: confirm when offered, else a
    choice, else a hand card or slot to lay out, else a target, else one of its own cards.
    False when there is nothing to click (yet)."""
    page = player.page
    hint = "".join(page.locator(".lsn-bg-hint-text").all_inner_texts())
    confirm = page.locator("button.lsn-bg-confirm:visible")
    choice = page.locator("button.lsn-bg-choice:visible")
    hand = page.locator("button.lsn-bg-hand-card:visible")
    own = page.locator(f".lsn-bg-board-{player.seat} button.lsn-bg-selectable:visible")
    target = page.locator(".lsn-bg-opponents button.lsn-bg-selectable:visible")
    laying = "Lay out your battlefield" in hint
    for wanted, where in ((True, confirm), (True, choice), (laying, hand), (not laying and "empty slot" not in hint, target),
                          (not laying, own)):
        if wanted and where.count():
            where.first.click(timeout=10_000)
            return True
    return False


def test_three_browsers_on_two_app_servers_behind_nginx_play_battlegoats_to_the_end_and_a_spectator_watches(
        deployment, browser):
    """Ann and Cy keep to app server a, Bob to b (the proxy's sticky cookie); the table lives in
    PostgreSQL, so each page follows the others' moves wherever it runs."""
    SERVER_LOG[:] = [deployment.servers[name].log_path for name in ("a", "b")]
    store = TableStore(deployment.tables_url)
    url = voila_url(deployment.base_url, "tables.ipynb")
    ann = Player(browser, url, "Ann", cookies=deployment.pin("a"))
    invite = create_table(ann, "battlegoats", ["Human", "Human", "Human"], seed=7)
    assert invite.startswith(deployment.base_url)  # the link names the proxy, where the host's browser is
    table = table_id(invite)
    bob, cy = Player(browser, invite, "Bob", cookies=deployment.pin("b")), Player(browser, invite, "Cy", cookies=deployment.pin("a"))
    # each page's kernel runs on its browser's server
    assert deployment.kernels_started("a") >= 2 and deployment.kernels_started("b") >= 1
    bob.join(1)
    cy.join(2)
    players = [ann, bob, cy]
    for p in players:
        expect(p.page.locator(".lsn-table-seats")).to_contain_text("Cy")
    ann.page.screenshot(path=str(screenshot_path("tables_battlegoats_lobby")), full_page=True)
    watcher = None
    moves = idle = 0
    for _ in range(1500):
        record = store.get(table)
        if record.status == "over":
            break
        state = bg.load(record.save)
        mover = players[state.current_player]
        # the move reached every page within a few polls: only the mover's prompt is marked
        wait_until(lambda: mover.mine() and not any(p.mine() for p in players if p is not mover),
                   what=f"seat {mover.seat + 1}'s turn on every page", players=players)
        if moves % 15 == 0:
            for p in players + ([watcher] if watcher else []):
                assert bg_hidden_names(store, table, p) == [], p.name
            # the tab title says whose decision it is ("● " first, set by the template's keyboard.js);
            # whose it is read again each time: a page takes a step with no other choice by itself
            # (issue 27), so the turn may have moved on from ``mover`` meanwhile
            def titles_follow_the_turn() -> bool:
                now = store.get(table)
                seat = None if now.status == "over" else bg.load(now.save).current_player
                return [p.page.title().startswith("\u25cf") for p in players] == [p.seat == seat for p in players]

            wait_until(titles_follow_the_turn, what="the tab titles", players=players)
        if moves == 30:  # a late visitor, whom the proxy gives a server: every seat is taken
            watcher = Player(browser, invite, "Dee")
            expect(watcher.page.locator(".lsn-table-watching")).to_contain_text("You are watching")
            assert {c["name"]: c["value"] for c in watcher.context.cookies()}.get("lsn_server") in (
                "livestock_a", "livestock_b")
            assert deployment.kernels_started("a") + deployment.kernels_started("b") >= 4
            assert watcher.page.locator("button.lsn-table-take:visible").count() == 0
            watcher.page.screenshot(path=str(screenshot_path("tables_battlegoats_spectator")), full_page=True)

        def look():
            page = mover.page
            return (store.get(table).version, "".join(page.locator(".lsn-bg-hint-text").all_inner_texts()),
                    page.locator("button.lsn-bg-confirm:visible").count())

        before = look()
        try:
            clicked = bg_click(mover)
        except Exception as exc:  # the button went away as the page redrew: look again
            idle += 1
            if idle > 10:
                raise stuck(f"{mover.name} could not click: {exc}", players) from None
            continue
        if not clicked:
            idle += 1
            if idle > 200:
                raise stuck(f"nothing to click for {mover.name}", players)
            time.sleep(0.1)
            continue
        # a move is stored, or the page is at the next step of it (a card chosen, then its slot);
        # a click that met the page redrawing is simply made again
        deadline = time.monotonic() + 10
        while look() == before and time.monotonic() < deadline:
            time.sleep(0.1)
        idle = 0 if look() != before else idle + 1
        moves += 1
    else:
        pytest.fail("the game did not end")
    for p in players + ([watcher] if watcher else []):
        expect(p.page.locator(".lsn-turn-text")).to_contain_text("Game over")
        assert bg_hidden_names(store, table, p) == []
        assert p.errors == [], p.errors
        assert outside_requests(p.requests) == []
    assert watcher is not None
    ann.page.screenshot(path=str(screenshot_path("tables_battlegoats_over")), full_page=True)
    # every request of a pinned browser went to its server (the proxy's access log names it)
    ports = {f"{p}": name for name, p in deployment.ports.items() if name != "proxy"}
    answered = [(line.split()[-1], ports.get(line.split()[0].rsplit(":", 1)[-1]))
                for line in deployment.access_log().splitlines() if line.startswith("127.")]
    assert {s for cookie, s in answered if cookie == "livestock_a"} == {"a"}
    assert {s for cookie, s in answered if cookie == "livestock_b"} == {"b"}


def _set_cookies(url: str, headers: dict[str, str]) -> tuple[int, list[str]]:
    """GET ``url`` (no redirects followed, body read to the end): its status and Set-Cookie lines."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        conn.request("GET", parts.path or "/", headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status, response.headers.get_all("Set-Cookie") or []
    finally:
        conn.close()


def test_the_proxy_gives_a_browser_a_server_and_behind_tls_every_cookie_is_secure(deployment):
    # through nginx (plain HTTP here): a new browser is given a server, and the app's own cookie
    status, cookies = _set_cookies(deployment.base_url + "/", {})
    assert status == 302
    assert [c for c in cookies if re.match(r"lsn_server=livestock_[ab];", c)] and any(
        c.startswith("lsn_browser=") for c in cookies)
    assert not any("secure" in c.lower() for c in cookies)
    # an app server told by its proxy that the browser came over TLS: every cookie it sets on a page
    # (its browser id and Jupyter's user cookie) is Secure
    page = voila_url(deployment.servers["a"].base_url, "tables.ipynb")
    status, cookies = _set_cookies(page, {"X-Forwarded-Proto": "https"})
    assert status == 200 and len(cookies) >= 2 and any(c.startswith("lsn_browser=") for c in cookies), cookies
    assert all(re.search(r";\s*Secure(;|$)", c) for c in cookies), cookies


# --------------------------------------------------------------------------- Livestock Uprising
def lu_step(player: Player) -> None:
    """Play this browser's Livestock decision: a barn where marked, else end the phase, else the
    first of "Any legal action" (the menu's Advanced)."""
    page = player.page
    target = page.locator(".lsn-mark-target")
    end = page.locator("button.lsn-end-turn")
    if "barn" in page.locator(".lsn-hint").inner_text() and target.count():
        square = target.first.evaluate("e => e.closest('.lsn-face').dataset.square")
        page.locator(f"button.lsn-tile-{square}").click()
    elif end.is_visible() and end.is_enabled():
        end.click()
    else:
        if not page.locator(".lsn-any-action").is_visible():
            page.locator(".lsn-menu-toggle").first.click()
            page.locator(".lsn-menu-advanced").get_by_text("Advanced").first.click()
        page.locator(".lsn-any-action select").select_option(index=0)
        page.locator("button.lsn-any-action-go").click()


def test_livestock_with_a_bot_seat_a_reload_mid_turn_keeps_the_seat(tables_server, browser):
    base, store = tables_server
    url = voila_url(base, "tables.ipynb")
    ann = Player(browser, url, "Ann")
    invite = create_table(ann, "livestock_uprising", ["Human", "Human", "Greedy"], seed=3)
    table = table_id(invite)
    bob = Player(browser, invite, "Bob")
    bob.join(1)
    players = [ann, bob]
    reloaded = False
    turns_done = 0
    for step in range(400):
        record = store.get(table)
        state = lu.load(record.save)
        if state.is_over or turns_done >= 6:
            break
        seat = state.current_player
        if seat == 2:  # the bot plays on the server
            wait_until(lambda: store.get(table).version > record.version, what="the bot's move", players=players)
            continue
        mover = players[seat]
        wait_until(mover.mine, what=f"{mover.name}'s turn on the page", players=players)
        if step % 8 == 0:
            for p in players:
                assert lu_hidden_names(store, table, p) == [], p.name
        if not reloaded and mover is bob and state.phase == "action" and record.version > 4:
            bob.page.reload()  # a new kernel: the same seat, in the middle of the turn
            wait_for_voila(bob.page)
            expect(bob.page.locator(".lsn-table-status")).to_contain_text("Welcome back: you play seat 2")
            wait_until(bob.mine, what="Bob's decision after the reload", players=players)
            reloaded = True
        lu_step(mover)
        wait_until(lambda: store.get(table).version > record.version, what="the move stored", players=players)
        after = lu.load(store.get(table).save)
        if after.current_player != seat:
            turns_done += 1
    assert reloaded and turns_done >= 3
    assert any(e["by"] == "bot" for e in store.actions(table))
    for p in players:
        expect(p.page.locator(".lsn-log")).to_contain_text("barn")
        assert p.errors == [], p.errors
        assert lu_hidden_names(store, table, p) == []
        assert outside_requests(p.requests) == []
    bob.page.screenshot(path=str(screenshot_path("tables_livestock_after_reload")), full_page=True)


def _seat_token(player: "Player", table: str) -> str:
    """The seat token the server keeps for ``player``'s browser (its ``lsn_browser`` cookie)."""
    from livestock_notebooks.widgets.tables.page import SeatTokens

    ident = next(c["value"] for c in player.context.cookies() if c["name"] == "lsn_browser")
    home = SERVER_LOG[0].parent
    token = SeatTokens(home / ".livestock_notebooks" / "saves" / "browsers" / ident).token(table)
    assert token, f"no seat token for {player.name}"
    return token


def test_chat_is_escaped_a_seat_moves_to_another_device_the_turn_alerts_and_the_end_offers_a_rematch(tables_server, browser):
    import random

    from livestock_notebooks.tables import TableService

    base, store = tables_server
    ann = Player(browser, voila_url(base, "tables.ipynb"), "Ann", size=(1280, 1000))
    url = create_table(ann, "battlegoats", ["Human", "Human"], seed=4)
    table = table_id(url)
    bob = Player(browser, url, "Bob", size=(1280, 1000))
    bob.join(1)
    # the chat: markup typed by a player is shown as text, never run
    ann.page.locator(".lsn-table-chat-input input").fill('<img src=x onerror="window.__lsnPwned=1"> hi & bye')
    ann.page.locator("button.lsn-table-chat-send").click()
    said = bob.page.locator(".lsn-table-chat-text")
    expect(said).to_have_text('<img src=x onerror="window.__lsnPwned=1"> hi & bye')
    expect(bob.page.locator(".lsn-table-chat-name")).to_have_text("Ann")
    assert bob.page.evaluate("() => window.__lsnPwned") is None
    assert ann.page.locator(".lsn-table-chat-lines img").count() == 0
    # continue on another device: a one-time link moves Bob's seat to his phone
    bob.page.locator("button.lsn-table-move").click()
    link = bob.page.locator(".lsn-table-move-link input")
    expect(link).to_have_value(re.compile(r"&move=[A-Za-z0-9_-]+$"))
    phone = Player(browser, link.input_value(), "Bob's phone", size=(390, 844))
    expect(phone.page.locator(".lsn-table-status")).to_contain_text("This device plays seat 2 now")
    expect(bob.page.locator(".lsn-table-status")).to_contain_text("no longer holds its seat")
    # the phone asks for the turn alert (Menu); when the decision becomes its own, the alert fires
    tokens = {0: _seat_token(ann, table), 1: _seat_token(phone, table)}
    service, rng = TableService(store), random.Random(4)
    phone.page.locator(".lsn-menu-toggle").click()
    phone.page.locator(".lsn-notify-turn input").check()
    expect(phone.page.locator(".lsn-notify-on")).to_have_count(1)
    for _ in range(40):  # Ann lays out her cards until it is the phone's decision
        record, state = service.state(table)
        if state.current_player == 1:
            break
        service.act(table, tokens[0], record.version, rng.choice(state.legal_actions()))
    expect(phone.page.locator("html")).to_have_attribute("data-lsn-alerts", "1")
    expect(phone.page).to_have_title(re.compile("^● "))  # the tab says the decision is yours
    expect(ann.page.locator("html")).not_to_have_attribute("data-lsn-alerts", re.compile("."))  # off by default
    # the game ends (the seats' moves made through the service): every seated page offers a rematch
    for _ in range(3000):
        record, state = service.state(table)
        if state.is_over:
            break
        service.act(table, tokens[state.current_player], record.version, rng.choice(state.legal_actions()))
    expect(phone.page.locator("button.lsn-table-rematch")).to_be_visible()
    expect(bob.page.locator("button.lsn-table-rematch")).to_have_count(1)
    expect(bob.page.locator("button.lsn-table-rematch")).to_be_hidden()  # Bob's old browser only watches now
    phone.page.locator("button.lsn-table-rematch").click()
    for player in (ann, phone):
        go = player.page.locator("a.lsn-table-rematch-go")
        expect(go).to_have_text("Play the rematch")
    ann.page.locator("a.lsn-table-rematch-go").click()
    expect(ann.page.locator(".lsn-table-status")).to_contain_text("Welcome back: you play seat 1", timeout=90_000)
    assert ann.errors == [] and phone.errors == [], (ann.errors, phone.errors)
    for player in (ann, bob, phone):
        player.context.close()
