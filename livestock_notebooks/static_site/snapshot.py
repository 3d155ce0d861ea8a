"""The kernel's memory snapshot: a page of the static edition starts from Python already started.

Without it every visit (a repeat visit too: the browser caches files, not a running
interpreter) booted Pyodide, installed the wheels and imported IPython, the kernel and
ipywidgets again, about 5 s of the page's start. The build instead boots the site's own Pyodide
in Node (``make_snapshot.js``) exactly as the page's kernel worker does, with the same files in
site-packages and the same ``loadPyodideOptions``, runs the worker's start-up Python (piplite's
settings and ``import pyodide_kernel``, which starts IPython and runs ``PYTHONSTARTUP``), imports
the modules the site's pages import, and writes Pyodide's memory snapshot (``makeMemorySnapshot``,
experimental in Pyodide 0.29). The snapshot is taken before the page exists: the worker
connects the kernel to the page (its JavaScript callbacks) only after Python has started.

The site then ships one file, :data:`SNAPSHOT_NAME` (gzip): the site-packages files (the wheels'
contents, which no longer ship as wheels: the lock file still names them, marked installed)
and the memory. The site's ``pyodideUrl`` is :data:`BOOT_NAME`, whose ``loadPyodide`` writes
the files, boots from the memory and reseeds ``random`` (the snapshot holds the build's state);
if the memory cannot be used it boots Python afresh on the same files. Left out of the files:
the bytecode of modules the memory holds imported (never read again; their sources stay, for
tracebacks) and of third-party modules no page imported (Pygments' lexers of other languages,
mostly): the site stays under 60 MB.

Pyodide 0.29 snapshots assume no package was loaded and name only JavaScript objects reached
through ``globalThis``: the build empties Pyodide's package list for the moment of the snapshot
(the page marks the packages again), and writes the few functions of Pyodide's own API that
Python holds (micropip's, the kernel's ``loadPackagesFromImports``) as their names, which the
page finds again. The snapshot holds one build of Pyodide: it is made at every build, with
the site's own ``pyodide.asm.wasm``. Made in Node, restored in a browser: Node runs with
WebAssembly stack switching (:func:`node_stack_switching`) and the page puts back its own
choice of Python's call trampoline (``kernel_boot.js``).
"""
from __future__ import annotations

import ast
import gzip
import json
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Callable, Iterable, Mapping

HERE = Path(__file__).resolve().parent
#: the file the site ships (in ``static/pyodide/``) and the page's ``loadPyodide`` (the site's ``pyodideUrl``)
SNAPSHOT_NAME = "kernel-snapshot.gz"
BOOT_NAME = "kernel_boot.js"
#: what the browser's console says when a page's kernel started from the snapshot
RESTORED_MARK = "livestock-notebooks: kernel restored from its snapshot"
#: imported in the snapshot besides the pages' own imports: the first cell of every page
ALWAYS_IMPORTED = ("livestock_notebooks.static_site.browser",)
#: the Node run's limit (a busy 2-core machine boots and imports in 10 to 40 s)
NODE_TIMEOUT = 600


def site_files(wheels: Iterable[Path], site_packages: str) -> dict[str, bytes]:
    """Each wheel's files at their place in the browser's site-packages (what installing them
    writes, with the ``INSTALLER`` and ``PYODIDE_SOURCE`` notes Pyodide's installer adds)."""
    files: dict[str, bytes] = {}
    for whl in wheels:
        with zipfile.ZipFile(whl) as zf:
            for info in zf.infolist():
                top = info.filename.split("/")[0]
                if info.is_dir() or top.endswith(".data"):
                    continue  # .data: a man page of IPython's, no module
                files[f"{site_packages}/{info.filename}"] = zf.read(info)
                if top.endswith(".dist-info") and info.filename == f"{top}/METADATA":
                    files[f"{site_packages}/{top}/INSTALLER"] = b"pyodide.loadPackage\n"
                    files[f"{site_packages}/{top}/PYODIDE_SOURCE"] = b"pyodide\n"
    return files


def page_modules(notebooks: Mapping[str, bytes]) -> list[str]:
    """This package's modules the notebooks' code cells import, with :data:`ALWAYS_IMPORTED`."""
    found = set(ALWAYS_IMPORTED)
    for data in notebooks.values():
        for cell in json.loads(data)["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            try:
                tree = ast.parse(source)
            except SyntaxError:  # top-level await (the first cell), IPython's magics: their lines left out
                kept = (line for line in source.splitlines() if not line.lstrip().startswith(("await ", "%", "!")))
                try:
                    tree = ast.parse("\n".join(kept))
                except SyntaxError:
                    continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module)
                elif isinstance(node, ast.Import):
                    found.update(alias.name for alias in node.names)
    return sorted(name for name in found if name.split(".")[0] == "livestock_notebooks")


def _blob(files: Mapping[str, bytes], heap: bytes = b"") -> bytes:
    """The snapshot file's layout (unzipped): u32 header length, u32 where the memory starts (0:
    none), the header (JSON: ``[[path, size], ...]``), the files' bytes, then the memory at a
    multiple of 16 (Pyodide reads it as 32-bit words)."""
    head = json.dumps([[path, len(data)] for path, data in files.items()]).encode()
    size = 8 + len(head) + sum(len(data) for data in files.values())
    start = (size + 15) // 16 * 16 if heap else 0
    return b"".join([struct.pack("<II", len(head), start), head, *files.values(), b"\0" * (start - size if heap else 0), heap])


def _bytecode_kept(path: str, imported: set[str]) -> bool:
    """Whether the snapshot's files keep ``path``: every file but bytecode of a module the memory
    holds imported (never read again) and of a third-party module no page imported (the
    lexers of ~500 languages, mostly; compiled from source if ever imported)."""
    if "/__pycache__/" not in path or not path.endswith(".pyc"):
        return True
    folder, name = path.rsplit("/__pycache__/", 1)
    source = f"{folder}/{name.split('.')[0]}.py"
    return source not in imported and "/site-packages/livestock_notebooks/" in source


#: Node's switches for WebAssembly stack switching (JSPI), newest first; Pyodide uses either API
JSPI_FLAGS: tuple[tuple[str, ...], ...] = ((), ("--experimental-wasm-jspi",), ("--experimental-wasm-stack-switching",))


def node_stack_switching(node: str) -> list[str] | None:
    """The switches that give ``node`` WebAssembly stack switching, or None.

    Pyodide records at start whether the runtime has it (``run_sync``, which ``time.sleep``
    uses, is wired to the real one or to an error), and the snapshot keeps that record: made
    without it, every page in a browser with it (Chromium) would fail at its first
    ``time.sleep``. Made with it, a browser without it still never calls it (``can_run_sync()``
    asks the running page)."""
    probe = '"Suspending" in WebAssembly || "Suspender" in WebAssembly || process.exit(1)'
    for flags in JSPI_FLAGS:
        done = subprocess.run([node, *flags, "-e", probe], capture_output=True)
        if done.returncode == 0:
            return list(flags)
    return None


def make_snapshot(static_pyodide: Path, wheels: Mapping[str, Path], options: dict, modules: list[str],
                  log: Callable[[str], None] = print) -> bool:
    """Write :data:`SNAPSHOT_NAME` and :data:`BOOT_NAME` into the site's ``static/pyodide/``
    (which holds Pyodide, its lock file and ``wheels``); False, with a note, when it cannot
    (no Node, or Node failed): the site then installs the wheels as before."""
    node = shutil.which("node")
    if node is None:
        log("note: node not found: no kernel snapshot (each page installs the wheels and imports IPython)")
        return False
    jspi = node_stack_switching(node)
    if jspi is None:
        log("note: this Node has no WebAssembly stack switching: no kernel snapshot (one made without it "
            "would break time.sleep in browsers that have it)")
        return False
    lock = json.loads((static_pyodide / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    files = site_files(wheels.values(), f"/lib/python{major}.{minor}/site-packages")
    log(f"making the kernel's memory snapshot with Pyodide in Node ({len(modules)} page modules)")
    with tempfile.TemporaryDirectory(prefix="lsn-snapshot-") as tmp:
        temp = Path(tmp)
        (temp / "files.bin").write_bytes(_blob(files))
        job = {"indexURL": f"{static_pyodide.resolve()}/", "files": str(temp / "files.bin"),
               "options": options, "modules": modules, "heap": str(temp / "heap.bin"),
               "imported": str(temp / "imported.json")}
        (temp / "job.json").write_text(json.dumps(job))
        try:
            done = subprocess.run([node, *jspi, str(HERE / "make_snapshot.js"), str(temp / "job.json")],
                                  capture_output=True, text=True, timeout=NODE_TIMEOUT)
        except subprocess.TimeoutExpired:
            log(f"note: making the kernel snapshot took over {NODE_TIMEOUT} s: no snapshot")
            return False
        for line in done.stderr.splitlines():
            if line.startswith("not in the snapshot:"):
                log(f"note: {line}")
        if done.returncode != 0:
            log(f"note: making the kernel snapshot failed, the site installs the wheels: {done.stderr.strip()[-600:]}")
            return False
        imported = set(json.loads((temp / "imported.json").read_text()))
        kept = {path: data for path, data in files.items() if _bytecode_kept(path, imported)}
        archive = _blob(kept, (temp / "heap.bin").read_bytes())
    (static_pyodide / SNAPSHOT_NAME).write_bytes(gzip.compress(archive, compresslevel=6, mtime=0))
    shutil.copy2(HERE / BOOT_NAME, static_pyodide / BOOT_NAME)
    return True


def read_snapshot(path: Path) -> tuple[dict[str, int], int]:
    """The files (path -> size) a snapshot file holds and its memory's size (0: files only)."""
    data = gzip.decompress(path.read_bytes())
    length, start = struct.unpack("<II", data[:8])
    return {p: size for p, size in json.loads(data[8:8 + length])}, (len(data) - start) if start else 0


#: the kernel's ``pyodideUrl`` as the site's configuration and each page's embedded copy have it
PYODIDE_URL = re.compile(r'("pyodideUrl":\s*"[^"]*static/pyodide/)pyodide\.js"')


def add_snapshot(out: Path, wheel_names: Iterable[str], options: dict, modules: list[str],
                 log: Callable[[str], None] = print) -> bool:
    """Give the built site ``out`` the kernel snapshot: make it (:func:`make_snapshot`), point
    the kernel's ``pyodideUrl`` at :data:`BOOT_NAME` in ``jupyter-lite.json`` and in each page
    (voici embeds the settings in every page), and leave out the wheels, whose files the
    snapshot holds. Without the snapshot, or when a page's ``pyodideUrl`` is not found, the
    site stays as built (the wheels, Pyodide's own ``loadPyodide``), with a note."""
    static = out / "static" / "pyodide"
    names = list(wheel_names)
    if not make_snapshot(static, {name: static / name for name in names}, options, modules, log):
        return False
    configs = [out / "jupyter-lite.json", *sorted((out / "voici").rglob("*.html"))]
    texts = {path: path.read_text(encoding="utf-8") for path in configs}
    found = {path: PYODIDE_URL.subn(rf'\g<1>{BOOT_NAME}"', text) for path, text in texts.items()}
    missing = [path.relative_to(out).as_posix() for path in configs[:1] + sorted((out / "voici" / "render").glob("*.html"))
               if found[path][1] == 0]
    if missing:
        log(f"note: no kernel snapshot: the kernel's pyodideUrl was not found in {', '.join(missing)} (another voici?)")
        (static / SNAPSHOT_NAME).unlink()
        (static / BOOT_NAME).unlink()
        return False
    for path, (text, count) in found.items():
        if count:
            path.write_text(text, encoding="utf-8")
    for name in names:  # their files are in the snapshot
        (static / name).unlink()
    return True
