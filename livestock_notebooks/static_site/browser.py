"""The static edition's side inside the browser's Python (Pyodide): the save folder kept in
the browser's IndexedDB.

Pages keep their autosaves and preferences as files in the save folder
(:func:`livestock_notebooks.core.session.save_dir`), exactly as under the served app. In the
browser that folder is :data:`STORE` in Pyodide's in-memory file system: :func:`prepare` (the
first cell of every page of the site) fills it from IndexedDB before the page's own cell runs,
and every file the pages write, move or delete there is then written to IndexedDB too (the
session module's write hooks), one record per file. A tab closed and opened again finds the
game it left; a save file is the same JSON in both editions.

Outside a browser (``sys.platform != "emscripten"``) :func:`prepare` does nothing.
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import ipywidgets  # noqa: F401  (first cell: the page's widget manager finds the widget comms open)

from ..core import session

__all__ = ["STORE", "prepare", "in_browser"]

#: the save folder inside the browser's Python
STORE = "/home/pyodide/livestock-saves"
#: the IndexedDB database and object store holding one record (path -> text) per file
DB_NAME = "livestock-notebooks"
DB_STORE = "files"

_JS = """
(() => {
  const open = () => new Promise((resolve, reject) => {
    const request = indexedDB.open(%(db)s, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(%(store)s);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const run = async (mode, work) => {
    const db = await open();
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(%(store)s, mode);
      const result = work(tx.objectStore(%(store)s));
      tx.oncomplete = () => { db.close(); resolve(result.value); };
      tx.onerror = () => { db.close(); reject(tx.error); };
    });
  };
  return {
    all: () => run("readonly", (store) => {
      const out = {value: []};
      store.openCursor().onsuccess = (event) => {
        const cursor = event.target.result;
        if (cursor) { out.value.push([cursor.key, cursor.value]); cursor.continue(); }
      };
      return out;
    }),
    put: (key, text) => run("readwrite", (store) => { store.put(text, key); return {value: true}; }),
    remove: (key) => run("readwrite", (store) => { store.delete(key); return {value: true}; }),
  };
})()
""" % {"db": repr(DB_NAME), "store": repr(DB_STORE)}

_db = None
_pending: set = set()


def in_browser() -> bool:
    """True inside Pyodide (the static edition)."""
    return sys.platform == "emscripten"


def _key(path: Path) -> str | None:
    try:
        return Path(path).resolve().relative_to(STORE).as_posix()
    except ValueError:
        return None


async def _settle(promise, what: str) -> None:
    try:
        await promise
    except Exception as exc:  # storage full or refused: the game goes on, unsaved in the browser
        print(f"livestock-notebooks: could not {what} in the browser's storage: {exc}", file=sys.__stderr__)


def _track(promise, what: str) -> None:
    # widget handlers run outside a coroutine; Pyodide's loop runs tasks all the same
    task = asyncio.get_event_loop().create_task(_settle(promise, what))
    _pending.add(task)
    task.add_done_callback(_pending.discard)


def _written(path: Path) -> None:
    key = _key(path)
    if key is not None and _db is not None:
        try:
            _track(_db.put(key, Path(path).read_text(encoding="utf-8")), f"keep {key}")
        except Exception as exc:
            print(f"livestock-notebooks: could not keep {key}: {exc}", file=sys.__stderr__)


def _removed(path: Path) -> None:
    key = _key(path)
    if key is not None and _db is not None:
        try:
            _track(_db.remove(key), f"remove {key}")
        except Exception as exc:
            print(f"livestock-notebooks: could not remove {key}: {exc}", file=sys.__stderr__)


async def flush() -> None:
    """Wait until every file written so far is in IndexedDB."""
    while _pending:
        await asyncio.gather(*list(_pending), return_exceptions=True)


def _nulls(value):
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    if value is None:
        return jsnull
    if isinstance(value, dict):
        return {k: _nulls(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulls(v) for v in value]
    return value


def keep_nulls() -> None:
    """Send ``None`` in widget messages as JSON ``null``.

    The Pyodide kernel hands each message to JavaScript with Pyodide's default conversion,
    which makes ``None`` ``undefined``; a layout trait set back to ``None`` (a part of the page
    shown again after ``display="none"``) then never reaches the page. Wrapping the kernel's
    ``send_comm`` turns every ``None`` into JavaScript's ``null`` first."""
    import pyodide_kernel  # type: ignore[import-not-found]
    shell = pyodide_kernel.kernel_instance.interpreter
    send = shell.send_comm
    if getattr(send, "lsn_keeps_nulls", False):
        return

    def send_comm(msg_type, content, metadata, ident, buffers):
        return send(msg_type, _nulls(content), metadata, ident, buffers)

    send_comm.lsn_keeps_nulls = True  # type: ignore[attr-defined]
    shell.send_comm = send_comm


async def prepare() -> None:
    """Fill the save folder from IndexedDB and write changes back (once per kernel); send
    ``None`` as ``null`` (:func:`keep_nulls`)."""
    global _db
    if not in_browser() or _db is not None:
        return
    from pyodide.code import run_js  # type: ignore[import-not-found]

    keep_nulls()

    db = run_js(_JS)
    folder = Path(STORE)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        records = (await db.all()).to_py()
    except Exception:  # storage refused (private window, quota): saves last as long as the tab
        records = []
    for key, text in records:
        target = (folder / key).resolve()
        if target.is_relative_to(folder) and isinstance(text, str):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    os.environ[session.SAVE_DIR_ENV] = STORE
    _db = db
    session.WRITE_HOOKS.append(_written)
    session.REMOVE_HOOKS.append(_removed)
    # the landing page lists the notebooks beside it: the site's copies ship in the package
    pages = Path(__file__).resolve().parent.parent / "notebooks"
    if (pages / "index.ipynb").is_file():
        os.chdir(pages)
