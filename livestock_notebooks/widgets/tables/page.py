"""The "Play with friends" page (``notebooks/tables.ipynb``): make a table, share its link, play.

Without ``?table=<id>`` in its address the page offers to make a table: your name, the game,
then that game's own setup screen (players, who plays each seat, the game's options), where a
*Human* seat is a seat for a person: the first is yours, the others wait for whoever opens
the invite link; *Create table* makes it in the store. The page also lists the tables this
browser sits at.

With ``?table=<id>`` (the invite link; Voila gives the kernel the address's query in
``QUERY_STRING``) it shows that table: the lobby (:mod:`.lobby`) and the game screen, the same
:class:`~..shell.app.GameApp` as the game's hot-seat page, driven by a
:class:`~.remote.TableSession` (:mod:`.remote`). A visitor without a seat watches the public
view until they take a free seat.

Each browser keeps its seats: ``{table id: seat token}`` in a small file next to that browser's
autosaves (:class:`SeatTokens`; the app gives every browser its own folder), never in the link,
so a reload or a new kernel sits at the same seat again.
"""
from __future__ import annotations

import html
import logging
import os
import socket
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import ipywidgets as w

from ...core.session import autosave_path
from ...tables.service import TableService
from ...tables.social import is_public, move_seat, open_tables, set_public, set_turn_timer, when_late
from ...tables.store import BadToken, SeatTaken, TableNotFound, TableStore, open_store
from ...games import GAMES
from ..games import PAGES
from ..common.dom import hide, message_html, set_layout, show
from ..common.request import await_request
from ..shell.app import GameApp
from ..shell.prefs import Prefs
from .lobby import Lobby, late_words, timer_words
from .remote import STORE_DOWN, TablePlay, TableSession
from .talk import TableTalk

__all__ = ["STORE_DOWN", "SeatTokens", "TablesPage", "game_app", "invite_note", "invite_url", "table_from_query", "tables_page"]

TOKENS_NAME = "table-seats.json"
#: at most this many tables are remembered per browser (the oldest are forgotten)
MAX_REMEMBERED = 60
NOTEBOOK = "tables.ipynb"
#: the games a table can be made for, in the order the page offers them (the registry's)
GAME_ORDER = tuple(GAMES)

TABLES_CSS = """<style>
.lsn-tables-page .lsn-table-seat-list { list-style: none; padding-left: 0.2em; margin: 0.3em 0;
  display: flex; flex-wrap: wrap; gap: 0.2em 1.4em; }
.lsn-tables-page .lsn-table-seat { margin: 0.15em 0; }
.lsn-tables-page .lsn-table-seat .lsn-chip { display: inline-block; width: 0.85em; height: 0.85em;
  border-radius: 50%; margin-right: 0.4em; vertical-align: middle; }
.lsn-tables-page .lsn-table-tag, .lsn-tables-page .lsn-table-state { color: #555; font-weight: normal; }
.lsn-tables-page .lsn-table-lobby { border: 1px solid #d7cfc2; border-radius: 8px; padding: 6px 10px;
  margin-bottom: 8px; background: #fffdf8; }
.lsn-tables-page .lsn-table-copy { margin-left: 0.4em; }
.lsn-tables-page .lsn-table-watch-text { color: #555; }
</style>"""


class SeatTokens(Prefs):
    """The seats this browser holds: ``{table id: token}`` in ``table-seats.json`` beside its
    autosaves (``directory``: the save folder, as pages take it)."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.path = autosave_path("any", directory).parent / TOKENS_NAME

    def all(self) -> dict[str, str]:
        seats = self.get("seats", {})
        return {k: v for k, v in seats.items() if isinstance(k, str) and isinstance(v, str)}

    def token(self, table_id: str) -> str | None:
        return self.all().get(table_id)

    def remember(self, table_id: str, token: str) -> None:
        seats = self.all()
        seats.pop(table_id, None)
        seats[table_id] = token
        self.set("seats", dict(list(seats.items())[-MAX_REMEMBERED:]))

    def forget(self, table_id: str) -> None:
        seats = self.all()
        if seats.pop(table_id, None) is not None:
            self.set("seats", seats)


def table_from_query(query: str | None = None) -> str | None:
    """The table id in the page's query string (``QUERY_STRING`` by default), if any."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    values = parse_qs(query.lstrip("?")).get("table") or []
    return values[0] if values and values[0] else None


_log = logging.getLogger(__name__)


def store_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a database driver raises when the store is out of reach or fails."""
    import sqlite3

    errors: list[type[BaseException]] = [sqlite3.Error, OSError]
    try:
        import psycopg
    except ImportError:
        pass
    else:
        errors.append(psycopg.Error)
    return tuple(errors)


def store_trouble(exc: BaseException) -> str:
    """Log ``exc`` for the operator; the short text a visitor sees (:data:`STORE_DOWN`)."""
    _log.warning("tables: the store failed: %s: %s", type(exc).__name__, exc)
    return STORE_DOWN


#: set by ``livestock-notebooks`` for its kernels: the address it listens on and ``--public-url``
SERVER_IP_ENV = "LIVESTOCK_SERVER_IP"
PUBLIC_URL_ENV = "LIVESTOCK_PUBLIC_URL"


def invite_url(table_id: str, env: Any = None) -> str:
    """The page's own address with ``?table=<id>``: under ``--public-url`` that address and the
    page's path; else the address the host's browser reached the server at (the ``Host`` it
    sent, which Voila gives the kernel, and ``https`` when a proxy says ``X-Forwarded-Proto:
    https``); a relative link outside Voila."""
    env = os.environ if env is None else env
    host, port, path = env.get("SERVER_NAME", ""), env.get("SERVER_PORT", ""), env.get("SCRIPT_NAME", "")
    query = f"?table={quote(table_id)}"
    public = env.get(PUBLIC_URL_ENV, "").rstrip("/")
    if public:
        return f"{public}{path or '/voila/render/' + NOTEBOOK}{query}"
    if not (host and path):
        return f"{NOTEBOOK}{query}"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    scheme = "https" if env.get("HTTP_X_FORWARDED_PROTO", "").lower() == "https" else "http"
    default_port = "443" if scheme == "https" else "80"
    return f"{scheme}://{host}{':' + port if port and port != default_port else ''}{path}{query}"


def _loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    return host == "localhost" or host.startswith("127.") or host == "::1"


def invite_note(url: str, env: Any = None) -> str:
    """What the host should know when ``url`` works on this computer only (it names a loopback
    address): how to share it instead; ``""`` when it can be shared as it is."""
    env = os.environ if env is None else env
    host = urlsplit(url).hostname or ""
    if not _loopback(host):
        return ""
    listening = env.get(SERVER_IP_ENV, "127.0.0.1")
    if _loopback(listening) or listening == "localhost":
        return ("This link works on this computer only: the server listens on this machine alone. To play "
                "with friends on other machines, restart it with <code>livestock-notebooks --ip 0.0.0.0 "
                "--allow-remote</code> (there is no password: anyone who can reach this machine can then open "
                "the pages) and open this page at this machine's network address; see docs/hosting.md.")
    port = env.get("SERVER_PORT", "")
    here = html.escape(f"http://{socket.gethostname()}{':' + port if port else ''}{env.get('SCRIPT_NAME', '')}")
    return ("This link names this computer itself, so it works here only. Open this page at this machine's "
            f"network address (for example <code>{here}</code>) and the link will work for your friends, or "
            "start the server with <code>--public-url</code>.")


def game_app(game: str, **kwargs: Any) -> GameApp:
    """The game's own page (its board, panels and setup screen), without autosaves."""
    kwargs.setdefault("autosave", False)
    kwargs.setdefault("check_resume", False)
    if game not in PAGES:
        raise ValueError(f"unknown game {game!r}")
    return PAGES[game].play_app(**kwargs)


class TablesPage:
    """The whole page (see the module docstring). ``store``: default :func:`open_store`;
    ``query``: default ``QUERY_STRING``; ``save_directory``: where the browser's seats are
    kept (as the play pages take it); ``app_options`` go to each game's page (tests pass
    ``bot_delay=None``); ``loop``: the kernel's loop (default: the running one)."""

    def __init__(self, *, store: TableStore | None = None, query: str | None = None, save_directory=None,
                 app_options: dict | None = None, loop=None, env: Any = None):
        await_request()  # a preheated kernel: the visitor's query string, address and browser id
        self.store: Any = store
        self.service: Any = None
        self.tokens = SeatTokens(save_directory)
        self.save_directory = save_directory
        self.app_options = dict(app_options or {})
        self.loop = loop
        self.env = env
        self.app: GameApp | None = None
        self.session: TableSession | None = None
        self.play: TablePlay | None = None
        self.lobby: Lobby | None = None
        self.talk: TableTalk | None = None
        self._apps: dict[str, GameApp] = {}

        self.style = w.HTML(TABLES_CSS)
        self.heading = w.HTML("<h2>Play with friends</h2>")
        self.status = w.HTML()
        self.status.add_class("lsn-table-status")
        # making a table
        self.your_name = w.Text(description="Your name", placeholder="how the others see you",
                                layout=w.Layout(width="20em"))
        self.your_name.add_class("lsn-table-your-name")
        self.game_choice = w.ToggleButtons(options=[(GAMES[g].title, g) for g in GAME_ORDER], value=GAME_ORDER[0],
                                           description="Game")
        self.game_choice.add_class("lsn-table-game")
        self.game_choice.observe(lambda _c: self._show_setup(), "value")
        self.setup_slot = w.VBox()
        self.mine = w.HTML()
        self.mine.add_class("lsn-table-mine")
        intro = w.HTML('<div class="lsn-table-intro">Make a table, send its invite link to your friends: each '
                       "plays from their own browser and sees only their own cards. A <i>Human</i> seat is a "
                       "person's: the first is yours, the others wait for whoever opens the link. Seats you give "
                       "to a bot are played on the server.</div>")
        self.open_list = w.HTML()
        self.open_list.add_class("lsn-table-open-list")
        self.create_box = w.VBox([intro, self.open_list, self.your_name, self.game_choice, self.setup_slot, self.mine])
        self.create_box.add_class("lsn-table-create")
        # a table
        self.table_box = w.VBox()
        self.table_box.add_class("lsn-table-box")
        self.widget = w.VBox([self.style, self.heading, self.status, self.create_box, self.table_box])
        self.widget.add_class("lsn-tables-page")

        table_id = table_from_query(query)
        moved = None
        try:
            if self.store is None:
                self.store = open_store()
            self.service = TableService(self.store)
            if table_id is not None:
                moved = self._take_moved_seat(table_id, query)
                self.open_table(table_id)
                if moved:
                    self.message(moved, "info" if moved.startswith("This device") else "error")
            else:
                self.show_create()
        except store_errors() as exc:
            hide(self.create_box)
            self.message(store_trouble(exc), "error")

    def _take_moved_seat(self, table_id: str, query: str | None) -> str | None:
        """With ``move=<code>`` in the address ("continue on another device"): take the seat it
        moves here. The sentence to show, ``None`` without a code."""
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        code = (parse_qs(query.lstrip("?")).get("move") or [None])[0]
        if not code:
            return None
        try:
            seat, token = move_seat(self.store, table_id, code)
        except (BadToken, TableNotFound) as exc:
            return f"Could not move the seat here: {exc}."
        self.tokens.remember(table_id, token)
        return f"This device plays seat {seat + 1} now; the other one watches."

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- messages ------------------------------------------------------------------------------------
    def message(self, text: str, kind: str = "info") -> None:
        self.status.value = message_html(text, kind)

    # -- making a table ------------------------------------------------------------------------------
    def _app_for(self, game: str) -> GameApp:
        app = self._apps.get(game)
        if app is None:
            app = self._apps[game] = self._game_app(game)
        return app

    def _game_app(self, game: str) -> GameApp:
        app = game_app(game, loop=self.loop, **self.app_options)
        if app.prefs is None:  # a table's page keeps no autosave, but remembers the browser's choices
            app.prefs = Prefs(self.save_directory)
            if "notify_checkbox" in vars(app):  # a screen made with the page (no loop): as remembered
                app.notify_checkbox.value = bool(app.prefs.get("notify_turn", False))
        return app

    def show_create(self) -> None:
        hide(self.table_box)
        show(self.create_box)
        self._show_setup()
        self._list_mine()
        self._list_open()

    def _show_setup(self) -> None:
        game = self.game_choice.value
        app = self._app_for(game)
        app.start_button.description = "Create table"
        app.start_button.icon = "users"
        setattr(app, "start", lambda seats, **kw: self.create(game, seats, **kw))  # the setup's button calls app.start
        for part in (app.save_box, app.headless_box):  # no loading or bot-vs-bot runs here: tables only
            set_layout(part, display="none")
        self.setup_slot.children = (app.widget,)

    def create(self, game: str, seats: Any, *, seed: int | None = None, options: Any = None,
               hints: bool = True) -> str | None:
        """Make a table of ``game`` with the setup screen's ``seats`` (a human seat: a person's; the
        first is this browser's) and ``options``; shows it. Returns its id (``None``: refused, said why)."""
        kinds = [getattr(s, "kind", s) for s in seats]
        spec = ["human" if k in ("human", "Human") else f"bot:{k}" for k in kinds]
        if "human" not in spec:
            self.message("Make at least one seat a Human seat: the first is yours.", "error")
            return None
        made = self._attempt(lambda: self.store.create(game, options or {}, spec, self.your_name.value, seed=seed),
                             ValueError, "Cannot make this table")
        if made is None:
            return None
        record, token = made
        self.tokens.remember(record.id, token)
        app = self._apps.pop(game)  # this game's page becomes the table's game screen
        self.setup_slot.children = ()
        self.open_table(record.id, app=app, created=True)
        return record.id

    def _list_mine(self) -> None:
        rows = []
        for table_id, token in reversed(list(self.tokens.all().items())):
            try:
                record = self.store.get(table_id)
            except TableNotFound:
                self.tokens.forget(table_id)
                continue
            seat = self.store.seat_of(table_id, token)
            if seat is None or len(rows) >= 10:
                continue
            title = GAMES[record.game].title if record.game in GAMES else record.game
            rows.append(f'<li><a class="lsn-table-mine-link" href="?table={html.escape(quote(table_id))}" '
                        f'target="_self">{html.escape(title)}</a>: seat {seat + 1}, {html.escape(record.status)}</li>')
        self.mine.value = (f'<div class="lsn-section-title">Your tables</div><ul>{"".join(rows)}</ul>' if rows else "")

    # -- a table -------------------------------------------------------------------------------------
    def open_table(self, table_id: str, *, app: GameApp | None = None, created: bool = False) -> bool:
        """Show table ``table_id``: this browser's seat if it holds one, else watching."""
        try:
            record = self.store.get(table_id)
        except TableNotFound:
            self.message("There is no such table (it may have expired). Make a new one below.", "error")
            self.show_create()
            return False
        token = self.tokens.token(table_id)
        seat = self.store.seat_of(table_id, token) if token else None
        if token and seat is None:
            self.tokens.forget(table_id)  # the host took the seat back
            token = None
        spec = GAMES[record.game]
        app = app if app is not None else self._game_app(record.game)
        self.app = app
        self.session = session = TableSession(spec, self.service, record, seat, token)
        self.lobby = Lobby(spec, on_join=self.join, on_set_seat=self.set_seat, on_public=self.set_public,
                           on_timer=self.set_timer)
        url = invite_url(table_id, self.env)
        self.lobby.set_invite(url, invite_note(url, self.env))
        self.play = TablePlay(app, session, loop=self.loop, on_record=self._record_changed)
        self.talk = TableTalk(self.store, self.tokens.remember, lambda tid: invite_url(tid, self.env))
        hide(self.create_box)
        self.table_box.children = (self.lobby.widget, app.widget, self.talk.widget)
        show(self.table_box)
        self._record_changed(record)
        if created:
            note = "Table ready: send the invite link to your friends."
        elif seat is not None:
            note = f"Welcome back: you play seat {seat + 1}."
        else:
            note = "You are watching this table."
        self.message(note, "info")
        self.play.start(note)
        return True

    def _record_changed(self, record: Any) -> None:
        s = self.session
        if self.lobby is None or s is None:
            return
        if s.lost_seat:
            s.lost_seat = False
            self.tokens.forget(record.id)
            self.message("This browser no longer holds its seat: it moved to another device, or the host gave "
                         "your seat to someone else. You are watching now.", "error")
        is_host = s.token is not None and self.store.is_host(record.id, s.token)
        self.lobby.update(record, s.seat, is_host, is_public(self.store, record.id), s.timer,
                          when_late(self.store, record.id) if s.timer else None)
        if self.talk is not None:
            self.talk.update(s)

    def join(self, seat: int, name: str) -> bool:
        """Take ``seat`` under ``name`` (the lobby's buttons)."""
        s = self.session
        if s is None or self.app is None:
            return False
        try:
            index, token = self.store.claim(s.table_id, seat, name)
        except SeatTaken as exc:
            self.message(f"Could not take that seat: {exc}.", "error")
            self._refresh_table()
            return False
        except store_errors() as exc:
            self.message(store_trouble(exc), "error")
            return False
        self.tokens.remember(s.table_id, token)
        s.seat = s.viewer = index
        s.token = token
        self.message(f"You play seat {index + 1}.", "info")
        self._refresh_table()
        return True

    def set_seat(self, seat: int, kind: str, bot: str | None) -> bool:
        """The host gives ``seat`` to a bot or opens it for a player (the lobby's menus)."""
        s = self.session
        if s is None or s.token is None:
            return False
        if self._attempt(lambda: self.store.set_seat(s.table_id, s.token, seat, kind, bot) or True,
                         (BadToken, ValueError), f"Could not change seat {seat + 1}") is None:
            return False
        self.message(f"Seat {seat + 1} is now {'open for a player' if kind == 'free' else 'played by a bot'}.", "info")
        self._refresh_table()
        return True

    def _attempt(self, call: Any, refusals: Any, refused: str) -> Any:
        """``call()``'s value, or ``None`` after saying why not: ``refused: <reason>`` for one of
        ``refusals``, the short sentence for a store failure (details to the log only)."""
        try:
            return call()
        except refusals as exc:
            self.message(f"{refused}: {exc}", "error")
        except store_errors() as exc:
            self.message(store_trouble(exc), "error")
        return None

    def set_public(self, public: bool) -> bool:
        """The host lists the table on the tables page, or stops (the lobby's box)."""
        s = self.session
        if s is None:
            return False
        if self._attempt(lambda: set_public(self.store, s.table_id, s.token, public) or True, BadToken,
                         "Could not list the table") is None:
            return False
        self.message("The table is listed on the tables page." if public else "The table is no longer listed.", "info")
        return True

    def set_timer(self, seconds: int, late: str = "bot") -> bool:
        """The host sets the turn timer (the lobby's menus; 0: none) and what happens to a late
        player (``"bot"`` or ``"skip"``)."""
        s = self.session
        if s is None or self._attempt(lambda: set_turn_timer(self.store, s.table_id, s.token, seconds, late) or True,
                                      (BadToken, ValueError), "Could not set the turn timer") is None:
            return False
        self.message(f"Turn timer: {timer_words(seconds)}; {late_words(s.spec.name, late)}." if seconds
                     else "No turn timer.", "info")
        self._refresh_table()
        return True

    def _list_open(self) -> None:
        rows = []
        for t in open_tables(self.store):
            title = GAMES[t.game].title if t.game in GAMES else t.game
            rows.append(f'<li><a class="lsn-table-open-link" href="?table={html.escape(quote(t.id))}" target="_self">'
                        f'{html.escape(title)}</a>, hosted by {html.escape(t.host_name)}: '
                        f'{t.free} of {t.seats} seats free</li>')
        self.open_list.value = (f'<div class="lsn-section-title">Open tables: join one</div><ul>{"".join(rows)}</ul>'
                                if rows else "")

    def _refresh_table(self) -> None:
        """Read the table again now and redraw the lobby and the game screen."""
        s, app = self.session, self.app
        if s is None or app is None:
            return
        s.sync()
        self._record_changed(s.record)
        if app.session is s:
            app.moved_elsewhere([], None)


def tables_page(**kwargs: Any) -> TablesPage:
    """The "Play with friends" page (see :class:`TablesPage` for the keyword arguments)."""
    return TablesPage(**kwargs)
