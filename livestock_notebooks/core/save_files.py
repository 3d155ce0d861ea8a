"""Save files on disk: where autosaves live, the folder lock, atomic writes, the envelope.

No game logic here: :mod:`livestock_notebooks.core.session` builds on these to write and read
a :class:`~livestock_notebooks.core.session.Session` (and re-exports the public names).

Autosaves: one file per game and browser in the save folder, written atomically (a temp file
in the same folder, then ``os.replace``; no temp file stays behind, even when the write fails).
The served app gives every browser a random id (a cookie) and passes it to the page's kernel
(:func:`browser_id`); that browser's autosaves live in ``browsers/<id>/`` under the save
folder, so one browser is never offered another's game. A page run without the app
(JupyterLab, a script) has no id and uses the save folder itself. Each write records the
session's ``owner`` id (random per session) and a ``revision``; a session that finds the file
written by another one after it last saw it does not overwrite it (``Session.autosave_conflict``).
The read and the write happen under a lock on the folder (POSIX ``flock``, :func:`_folder_lock`),
so two processes serving one browser cannot both pass the check and overwrite each other.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from .errors import SaveFileError
from .protocol import loads_save_json

SAVE_FORMAT = "livestock-notebooks-session"
SAVE_DIR_ENV = "LIVESTOCK_NOTEBOOKS_SAVE_DIR"
#: the served app's kernels get the browser's id in this variable (see ``livestock_notebooks.cli``)
BROWSER_ENV = "HTTP_X_LIVESTOCK_BROWSER"
_BROWSER_ID = re.compile(r"[0-9a-f]{32}")
#: an autosave larger than this is not read (set aside as bad)
MAX_AUTOSAVE_BYTES = 20_000_000
#: called with the path after each file the save folder's functions write, rename into place
#: or delete: the static edition copies the save folder to the browser's storage this way
#: (``livestock_notebooks.static_site.browser``); empty under the served app
WRITE_HOOKS: list[Callable[[Path], Any]] = []
REMOVE_HOOKS: list[Callable[[Path], Any]] = []


def notify(hooks: list[Callable[[Path], Any]], path: Path) -> None:
    """Call each hook with ``path`` (:data:`WRITE_HOOKS` or :data:`REMOVE_HOOKS`)."""
    for hook in hooks:
        hook(path)

#: who last wrote an autosave: ``(owner id, revision)``; ``("", 0)`` for a file without owner
AutosaveKey = tuple[str, int]


def save_dir(directory: str | os.PathLike | None = None) -> Path:
    """The autosave folder: ``directory``, else $LIVESTOCK_NOTEBOOKS_SAVE_DIR, else
    ``~/.livestock_notebooks/saves``."""
    if directory is not None:
        return Path(directory)
    env = os.environ.get(SAVE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return Path.home() / ".livestock_notebooks" / "saves"


def browser_id() -> str | None:
    """The id of the browser this page was opened in (32 hex digits), from the served app;
    ``None`` outside it or when the value is not such an id."""
    value = os.environ.get(BROWSER_ENV, "")
    return value if _BROWSER_ID.fullmatch(value) else None


def autosave_path(game: str, directory: str | os.PathLike | None = None, *,
                  browser: str | None = None) -> Path:
    """Where ``game``'s autosave lives: ``<save folder>/browsers/<id>/<game>-autosave.json``
    for a browser of the served app (``browser``, default :func:`browser_id`), else
    ``<save folder>/<game>-autosave.json``."""
    browser = browser if browser is not None else browser_id()
    folder = save_dir(directory)
    if browser:
        if not _BROWSER_ID.fullmatch(browser):
            raise ValueError(f"not a browser id: {browser!r}")
        folder = folder / "browsers" / browser
    return folder / f"{game}-autosave.json"


@contextlib.contextmanager
def _folder_lock(folder: Path):
    """Hold an exclusive ``flock`` on ``folder`` (created if missing) inside the block; a no-op
    where ``flock`` does not exist (Windows, Pyodide) or the folder cannot be opened."""
    try:
        import fcntl
        fcntl.flock  # Pyodide's fcntl has none (one process per browser tab: nothing to lock)
    except (ImportError, AttributeError):  # pragma: no cover - not POSIX
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


@dataclass(frozen=True)
class AutosaveInfo:
    """An unfinished game found in the autosave folder."""

    path: Path
    text: str
    saved_at: str
    summary: str
    key: AutosaveKey = ("", 0)


@dataclass(frozen=True)
class AutosaveCheck:
    """What :func:`check_autosave` found at page open: ``found``, an unfinished game to offer;
    ``seen``, who wrote the file (``None``: no file); ``set_aside``, where a bad file was
    moved, and ``problem``, why it was bad."""

    found: AutosaveInfo | None = None
    seen: AutosaveKey | None = None
    set_aside: Path | None = None
    problem: str | None = None

    @property
    def message(self) -> str:
        """One line for the page about a bad autosave ("" when there was none)."""
        if self.problem is None:
            return ""
        kept = f"it was kept as {self.set_aside.name}" if self.set_aside is not None else "it was left in place"
        return f"The autosaved game could not be opened ({_short(self.problem)}); {kept}. Start a new game."


@dataclass(frozen=True)
class AutosaveConflict:
    """Another session (a tab, a window, a process) wrote the autosave after this one last saw it."""

    path: Path
    owner: str
    saved_at: str
    summary: str

    @property
    def message(self) -> str:
        when = f" (saved {self.saved_at})" if self.saved_at else ""
        return f"This game was continued in another tab or window{when}: your moves here are not autosaved."


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _autosave_key(envelope: Mapping) -> AutosaveKey:
    owner, revision = envelope.get("owner"), envelope.get("revision")
    return (owner if isinstance(owner, str) else "",
            revision if isinstance(revision, int) and not isinstance(revision, bool) else 0)


def _stamped_path(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """``folder/<stem>-<UTC time><suffix>``, with a counter if that name is taken."""
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target, n = folder / f"{stem}-{stamp}{suffix}", 1
    while target.exists():
        n += 1
        target = folder / f"{stem}-{stamp}-{n}{suffix}"
    return target


def set_aside(path: Path) -> Path:
    """Rename a bad save to ``<name>.bad-<UTC time>.json`` next to it (kept for inspection)."""
    target = _stamped_path(path.parent, f"{path.stem}.bad", path.suffix)
    os.replace(path, target)
    notify(REMOVE_HOOKS, path)
    notify(WRITE_HOOKS, target)
    return target


def atomic_write_text(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically: a temp file in the same folder, then
    ``os.replace``. The temp file never stays behind; errors propagate (OSError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    notify(WRITE_HOOKS, path)
    return path


#: the log lines a page's save keeps (the newest), and the most a save may bring
MAX_SAVED_LOG = 500
MAX_LOADED_LOG = 2 * MAX_SAVED_LOG
#: the keys of a page's save holding engine saves as strings (undo steps, the record's first position)
EMBEDDED_SAVES = frozenset({"engine_save", "before", "start"})


def parse_session_save(text: str | bytes) -> dict | None:
    """The session envelope in ``text`` (a dict), ``None`` for a bare engine save.

    Raises :class:`SaveFileError` for text that is not a JSON object at all.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError("this file is not a save file (it is not text)") from None
    if not text.strip():
        raise SaveFileError("the save file is empty")
    # SaveFileError for bad JSON, too deep, strings or numbers too long (the engine saves inside
    # are strings checked again when loaded)
    data = loads_save_json(text, embedded=EMBEDDED_SAVES)
    if not isinstance(data, dict):
        raise SaveFileError("this file is not a save file (expected a JSON object)")
    if data.get("format") != SAVE_FORMAT:
        return None
    return data
