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


def _track(awaitable) -> None:
    task = asyncio.ensure_future(awaitable)
    _pending.add(task)
    task.add_done_callback(_pending.discard)


def _written(path: Path) -> None:
    key = _key(path)
    if key is not None and _db is not None:
        _track(_db.put(key, Path(path).read_text(encoding="utf-8")))


def _removed(path: Path) -> None:
    key = _key(path)
    if key is not None and _db is not None:
        _track(_db.remove(key))


async def flush() -> None:
    """Wait until every file written so far is in IndexedDB."""
    while _pending:
        await asyncio.gather(*list(_pending), return_exceptions=True)


async def prepare() -> None:
    """Fill the save folder from IndexedDB and write changes back (once per kernel)."""
    global _db
    if not in_browser() or _db is not None:
        return
    from pyodide.code import run_js  # type: ignore[import-not-found]

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
