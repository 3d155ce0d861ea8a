"""``livestock-notebooks build-site DIR``: write the static web edition into ``DIR``.

The site is a voici build (JupyterLite's Pyodide kernel; voici renders a notebook's outputs only,
as Voila does) of the same notebooks the served app shows, each with one cell put first that
keeps the save folder in the browser (:mod:`.browser`). Nothing in the site is fetched from
another host at run time:

- Pyodide's core comes from its npm package (``npm pack pyodide@<version>``, the version the
  installed Pyodide kernel was made for). That package holds the interpreter and the standard
  library only; the site's ``static/pyodide/pyodide-lock.json`` is rewritten to list exactly
  the wheels copied beside it, so ``loadPyodide`` installs all of them at boot from the site.
- Those wheels are pure-Python wheels from PyPI (``pip download``, pinned in :data:`WHEELS`:
  micropip, packaging, IPython and what it needs, comm, ipywidgets), the Pyodide kernel's own
  (piplite, pyodide_kernel, its ipykernel shim; from the installed jupyterlite-pyodide-kernel),
  and this package, zipped from its installed files together with the site's notebooks.
- The widget front end is JupyterLab's ipywidgets extension, which the build copies in.
- Pyodide's ``sqlite3`` module is built by Pyodide and published on its CDN only; the kernel
  asks for it at boot but runs without it (IPython keeps no history then). The lock lists
  ``sqlite3`` as an empty wheel written here, so nothing is requested from outside; ``jedi``
  likewise (:data:`LEFT_OUT`).

What makes a page start sooner: every wheel carries bytecode made by the site's own Pyodide
(:mod:`.bytecode`); the site has no service worker (``service-worker.js`` is left out), so the
kernel mounts no file drive whose every look-up was a request to the page; the kernel imports
ipywidgets as it starts (:mod:`.kernel_start`) and the front end waits for its answer on the
widget control channel (:data:`CONTROL_TIMEOUT`).

Pages in the static edition: :data:`STATIC_PAGES` (the odds explorers draw their charts as SVG
and simulate in plain Python there: :mod:`livestock_notebooks.widgets.common.charts`). Pages
left out need numpy, pandas or a server (:data:`SERVED_ONLY`); the landing page links them to
the hosting docs instead.

Downloads are kept in a cache folder (default ``~/.cache/livestock_notebooks/site``) so a second
build needs no network.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..games import GAMES
from .bytecode import compile_wheels
from .snapshot import add_snapshot, page_modules

PACKAGE_DIR = Path(__file__).resolve().parent.parent

#: the notebooks the static edition renders (the rest need numpy, pandas or a server)
STATIC_PAGES: tuple[str, ...] = (
    "index.ipynb",
    *(f"{game}_play.ipynb" for game in GAMES),  # every game of the registry: its play page and tutorial
    *(f"{game}_tutorial.ipynb" for game in GAMES),
    "house_rules.ipynb",
    "super_army_odds.ipynb", "space_pigs_odds.ipynb",  # SVG charts, plain-Python Monte Carlo
    "tables.ipynb",  # says that playing with friends needs a server, and how to host one
)
#: pages only the served app shows: they draw charts with bqplot and numpy, or use pandas
SERVED_ONLY: tuple[str, ...] = (
    "balance_lab.ipynb", "cookbook_engines.ipynb", "cookbook_odds.ipynb",
)

#: The cell put first in each notebook of the site: the browser's save folder, ready before
#: the page's own cell reads an autosave. Top-level ``await`` runs in the Pyodide kernel.
PRELUDE = "from livestock_notebooks.static_site.browser import prepare\nawait prepare()"

#: Pure-Python wheels from PyPI the browser's Python installs at boot (versions Pyodide's own
#: lock file lists where it has them; ipywidgets matches the front end the build copies).
WHEELS: tuple[str, ...] = (
    "micropip==0.11.0", "packaging==24.2",
    "ipython==9.0.2", "ipython-pygments-lexers==1.1.1",
    "traitlets==5.14.3", "decorator==5.2.1", "pygments==2.19.1", "prompt-toolkit==3.0.50",
    "wcwidth==0.2.13", "executing==2.2.0", "asttokens==3.0.0", "pure-eval==0.2.3",
    "stack-data==0.6.3", "matplotlib-inline==0.2.1", "six==1.17.0",
    "comm==0.2.3", "ipywidgets==8.1.9",
)
#: Packages the kernel asks for at boot that the site leaves out: the lock file names each an
#: empty wheel written here, so nothing is requested elsewhere. ``sqlite3`` is on Pyodide's CDN
#: only (IPython then keeps no history); ``jedi`` (and its ``parso``) serves code completion,
#: which no page asks for, and took a third of the kernel's start (IPython runs without it).
LEFT_OUT: tuple[str, ...] = ("sqlite3", "jedi")
#: the Pyodide kernel's own wheels (inside the installed jupyterlite-pyodide-kernel)
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
#: the files of the Pyodide npm package the site needs (the rest: docs, types, source maps)
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json", "package.json")
#: federated JupyterLab extensions the site needs: the widget manager and the Pyodide kernel
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")

Log = Callable[[str], None]


def default_cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "livestock_notebooks" / "site"


def pyodide_version() -> str:
    """The Pyodide version the installed Pyodide kernel was made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    return PYODIDE_VERSION


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------- fetching
def fetch_pyodide(cache: Path, log: Log = print) -> Path:
    """The unpacked Pyodide npm package (``npm pack``; kept in ``cache``)."""
    version = pyodide_version()
    target = cache / f"pyodide-{version}"
    if (target / "pyodide.asm.wasm").is_file():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch Pyodide's core (install Node.js)")
    cache.mkdir(parents=True, exist_ok=True)
    log(f"fetching pyodide@{version} with npm pack")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        subprocess.run([npm, "pack", f"pyodide@{version}", "--silent"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        (archive,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                name = member.name.removeprefix("package/")
                if member.isfile() and name in PYODIDE_FILES:
                    member.name = name
                    tar.extract(member, Path(tmp) / "out", filter="data")
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(Path(tmp) / "out"), target)
    return target


def fetch_wheels(cache: Path, log: Log = print) -> list[Path]:
    """The pinned pure-Python wheels of :data:`WHEELS` (``pip download``; kept in ``cache``)."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {_normal(spec.split("==")[0]): spec.split("==")[1] for spec in WHEELS}

    def found() -> dict[str, Path]:
        have = {}
        for whl in folder.glob("*.whl"):
            name, version = whl.name.split("-")[:2]
            if wanted.get(_normal(name)) == version:
                have[_normal(name)] = whl
        return have

    have = found()
    missing = [spec for spec in WHEELS if _normal(spec.split("==")[0]) not in have]
    if missing:
        log(f"fetching {len(missing)} wheels with pip download")
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
                        "--abi", "none", "--platform", "any", "-d", str(folder), *missing], check=True)
        have = found()
    return [have[name] for name in wanted]


def lab_extension_dir(name: str) -> Path:
    """The installed federated JupyterLab extension ``name``."""
    from jupyter_core.paths import jupyter_path
    for base in jupyter_path("labextensions"):
        path = Path(base) / name
        if (path / "package.json").is_file():
            return path
    raise RuntimeError(f"the JupyterLab extension {name} is not installed (pip install 'livestock-notebooks[site]')")


def kernel_wheels() -> list[Path]:
    pypi = lab_extension_dir("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    wheels = []
    for name in KERNEL_WHEELS:
        (whl,) = sorted(pypi.glob(f"{name}-*-py3-none-any.whl"))[-1:]
        wheels.append(whl)
    return wheels


# --------------------------------------------------------------------------- wheels written here
def _write_wheel(path: Path, name: str, version: str, files: Iterable[tuple[str, bytes]]) -> Path:
    """A minimal pure-Python wheel holding ``files`` (archive name, bytes), with its RECORD."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    entries = list(files)
    entries.append((f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()))
    entries.append((f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: livestock-notebooks\n"
                                     b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    entries.append((f"{dist}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return path


def package_wheel(folder: Path, notebooks: dict[str, bytes]) -> Path:
    """This package as a wheel (its Python files and data, without caches), with the site's
    notebooks in ``livestock_notebooks/notebooks/`` (the landing page lists what is there)."""
    from .. import __version__ as version

    def files():
        for path in sorted(PACKAGE_DIR.rglob("*")):
            rel = path.relative_to(PACKAGE_DIR)
            if not path.is_file() or "__pycache__" in rel.parts or rel.parts[0] == "notebooks":
                continue
            if rel.parts[0] == "share" or path.suffix in (".pyc",):
                continue  # the Voila template is not needed in the browser
            yield f"livestock_notebooks/{rel.as_posix()}", path.read_bytes()
        for name, data in notebooks.items():
            yield f"livestock_notebooks/notebooks/{name}", data

    return _write_wheel(folder / f"livestock_notebooks-{version}-py3-none-any.whl",
                        "livestock-notebooks", version, files())


def placeholder_wheel(folder: Path, name: str) -> Path:
    """An empty wheel the lock file names ``name`` (one of :data:`LEFT_OUT`)."""
    return _write_wheel(folder / f"lsn_{name}_absent-1.0-py3-none-any.whl", f"lsn-{name}-absent", "1.0", [])


def _wheel_imports(whl: Path) -> list[str]:
    with zipfile.ZipFile(whl) as zf:
        tops = {n.split("/")[0] for n in zf.namelist()}
    return sorted(t.removesuffix(".py") for t in tops
                  if not t.endswith((".dist-info", ".data")) and (t.endswith(".py") or "." not in t))


def write_lock(pyodide_dir: Path, target: Path, wheels: dict[str, Path]) -> None:
    """``pyodide-lock.json`` listing only ``wheels`` (name -> wheel file beside it)."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    packages = {}
    for name, whl in wheels.items():
        version = whl.name.split("-")[1]
        packages[name] = {
            "name": name, "version": version, "file_name": whl.name, "install_dir": "site",
            "sha256": _sha256(whl), "package_type": "package",
            "imports": [] if name in LEFT_OUT else _wheel_imports(whl),
            "depends": [], "unvendored_tests": False,
        }
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def compiled(pyodide_dir: Path, wheels: dict[str, Path], cache: Path, work: Path, log: Log) -> dict[str, Path]:
    """``wheels`` with bytecode added (:mod:`.bytecode`); third-party ones kept compiled in
    ``cache``, this package's compiled into ``work`` each build; unchanged without Node."""
    kept = cache / f"compiled-pyodide-{pyodide_version()}"
    targets = {name: (work if name == "livestock-notebooks" else kept) / whl.name
               for name, whl in wheels.items() if name not in LEFT_OUT}
    jobs = {wheels[name]: target for name, target in targets.items()
            if target.parent == work or not target.is_file()}
    if not compile_wheels(pyodide_dir, jobs, log):
        return wheels
    return {name: targets.get(name, whl) for name, whl in wheels.items()}


def kernel_start_path(pyodide_dir: Path) -> str:
    """Where :mod:`.kernel_start` is in the browser's Python (its site-packages)."""
    major, minor = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"]["python"].split(".")[:2]
    return f"/lib/python{major}.{minor}/site-packages/livestock_notebooks/static_site/kernel_start.py"


#: the widget manager's wait for the kernel's answer on the ``jupyter.widget.control`` comm, as
#: voici's front end ships it, and as the site has it. Four seconds suit a kernel already
#: running elsewhere; this kernel first starts in the page (5 s and more on a first visit) and
#: always answers (:mod:`.kernel_start`), so the page waits for it instead of giving up,
#: warning in the console and asking again widget by widget.
CONTROL_TIMEOUT = ('"Control comm did not respond in time")),4e3)', '"Control comm did not respond in time")),12e4)')


def patch_control_timeout(out: Path, log: Log) -> int:
    """Apply :data:`CONTROL_TIMEOUT` to the site's front-end files; how many were changed."""
    old, new = CONTROL_TIMEOUT
    changed = 0
    for js in [*(out / "voici" / "build").glob("*.js"), *(out / "extensions").rglob("*.js")]:
        text = js.read_text(encoding="utf-8")
        if old in text:
            js.write_text(text.replace(old, new), encoding="utf-8")
            changed += 1
    if not changed:
        log("note: the widget manager's control comm timeout was not found (another voici version?)")
    return changed


# --------------------------------------------------------------------------- notebooks
def notebooks_dir() -> Path:
    """The app's notebooks: the checkout's ``notebooks/`` (an editable install), else the copy a
    built wheel ships in the package (the same places ``livestock-notebooks`` looks)."""
    for folder in (PACKAGE_DIR.parent / "notebooks", PACKAGE_DIR / "notebooks"):
        if (folder / "index.ipynb").is_file():
            return folder
    raise FileNotFoundError("no notebooks found beside the package; pass --notebooks DIR")


def with_prelude(source: bytes) -> bytes:
    """The notebook with :data:`PRELUDE` as its first cell (its own cells unchanged)."""
    nb = json.loads(source)
    cell = {"cell_type": "code", "execution_count": None, "id": "lsn-static-prelude",
            "metadata": {"tags": ["lsn-static-prelude"]}, "outputs": [], "source": PRELUDE}
    nb["cells"] = [cell, *nb["cells"]]
    nb.setdefault("metadata", {})["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                                   "language": "python"}
    return (json.dumps(nb, indent=1) + "\n").encode()


# --------------------------------------------------------------------------- the build
def build_site(out: str | os.PathLike[str], *, cache: str | os.PathLike[str] | None = None,
               pages: Sequence[str] = STATIC_PAGES, notebooks: str | os.PathLike[str] | None = None,
               snapshot: bool = True, log: Log = print) -> Path:
    """Write the static site into ``out`` (replaced if it holds a previous build) and return it;
    ``snapshot=False``: no kernel snapshot (:mod:`.snapshot`), each page installs the wheels."""
    out = Path(out).expanduser().resolve()
    cache_dir = Path(cache).expanduser() if cache is not None else default_cache_dir()
    source = Path(notebooks) if notebooks is not None else notebooks_dir()
    pyodide_dir = fetch_pyodide(cache_dir, log)
    downloaded = fetch_wheels(cache_dir, log)
    with tempfile.TemporaryDirectory(prefix="lsn-site-") as tmp:
        work = Path(tmp)
        lite = work / "lite"
        static_pyodide = lite / "static" / "pyodide"
        static_pyodide.mkdir(parents=True)
        for name in PYODIDE_FILES:
            if name != "pyodide-lock.json":
                shutil.copy2(pyodide_dir / name, static_pyodide / name)
        contents = work / "contents"
        contents.mkdir()
        notebooks = {}
        for page in pages:
            data = with_prelude((source / page).read_bytes())
            (contents / page).write_bytes(data)
            notebooks[page] = data
        wheels: dict[str, Path] = {}
        for whl in [*downloaded, *kernel_wheels()]:
            wheels[_normal(whl.name.split("-")[0])] = whl
        wheels["livestock-notebooks"] = package_wheel(work, notebooks)
        for name in LEFT_OUT:
            wheels[name] = placeholder_wheel(work, name)
        wheels = compiled(pyodide_dir, wheels, cache_dir, work / "compiled", log)
        for whl in wheels.values():
            shutil.copy2(whl, static_pyodide / whl.name)
        write_lock(pyodide_dir, static_pyodide, wheels)
        options = {"packages": sorted(wheels), "env": {"PYTHONSTARTUP": kernel_start_path(pyodide_dir)}}
        settings = {"pyodideUrl": "./static/pyodide/pyodide.js", "disablePyPIFallback": True, "loadPyodideOptions": options}
        config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "appName": "Livestock Notebooks",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        }}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
        if out.exists():
            if not (out / "jupyter-lite.json").is_file() and any(out.iterdir()):
                raise FileExistsError(f"{out} is not empty and holds no earlier site; pick another folder")
            shutil.rmtree(out)
        run_voici(lite, contents, out, work / "cache", log)
        if snapshot:  # the pages start from Python already started (in place of the wheels)
            add_snapshot(out, [whl.name for whl in wheels.values()], options, page_modules(notebooks), log)
    copy_template_static(out)
    patch_control_timeout(out, log)
    # no service worker (see DISABLED_EXTENSIONS): its registration fails and the kernel mounts no drive
    (out / "service-worker.js").unlink(missing_ok=True)
    (out / "hosting.html").write_text(HOSTING_HTML, encoding="utf-8")
    # the site's address opens the front page (JupyterLite's own root page opens a file list)
    (out / "index.html").write_text(REDIRECT_HTML, encoding="utf-8")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve the files as they are
    log(f"site written to {out} ({site_size(out) / 1e6:.1f} MB)")
    return out


#: the package's Voila template (voici renders with Voila's templates), as the served app uses it
JUPYTER_DATA_DIR = PACKAGE_DIR / "share" / "jupyter"
TEMPLATE_NAME = "livestock"


def run_voici(lite: Path, contents: Path, out: Path, cache: Path, log: Log) -> None:
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA_DIR), *filter(None, env.get("JUPYTER_PATH", "").split(os.pathsep))])
    argv = [sys.executable, "-c", "import sys; from voici_core.app import main; sys.exit(main())", "build", f"--lite-dir={lite}", f"--contents={contents}",
            f"--output-dir={out}", f"--LiteBuildConfig.cache_dir={cache}", "--no-sourcemaps",
            f"--template={TEMPLATE_NAME}", "--ignore-sys-prefix"]
    for name in LAB_EXTENSIONS:
        argv.append(f"--LiteBuildConfig.federated_extensions={lab_extension_dir(name)}")
    log("running voici build")
    subprocess.run(argv, cwd=lite, env=env, check=True)


HOSTING_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Livestock Notebooks: the served app</title>
<style>body{font-family:system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5}
code,pre{background:#f4f1ea;padding:0.1em 0.3em;border-radius:4px}pre{padding:0.6em}</style></head><body>
<h1>Run the served app</h1>
<p>This site runs the games in your browser. Playing with friends at one table, the balance lab and
the cookbooks need the served app: a Python program that serves the same pages
(one Python kernel per open page).</p>
<p>On a machine with Python 3.10 or later:</p>
<pre>python -m pip install livestock-notebooks
livestock-notebooks</pre>
<p>It opens the app on <code>http://127.0.0.1:8866/</code>. To let friends join, run it where they can
reach it: <code>livestock-notebooks --ip 0.0.0.0 --allow-remote</code> (there is no password: put it
behind a proxy with TLS and a login). The project's <code>docs/hosting.md</code> (on your network,
behind a proxy, what one server holds) and its README say more.</p>
<p>Saves are the same files in both: <em>Menu, Save game</em> here downloads a file the served app
loads, and the other way round.</p>
<p><a href="voici/render/index.html">Back to the games</a></p>
</body></html>
"""


REDIRECT_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Livestock Notebooks</title>
<meta http-equiv="refresh" content="0; url=voici/render/index.html"></head>
<body><p><a href="voici/render/index.html">Livestock Notebooks: open the games</a></p></body></html>
"""


def copy_template_static(out: Path) -> None:
    """The Voila template's own files (Font Awesome, keyboard.js) where its pages link them."""
    target = out / "voila" / "templates" / TEMPLATE_NAME / "static"
    shutil.copytree(JUPYTER_DATA_DIR / "voila" / "templates" / TEMPLATE_NAME / "static", target, dirs_exist_ok=True)


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
