"""A regular install works without the checkout: the built wheel ships the notebooks and the
Voila template, installs into a fresh virtual environment, copies its notebooks for JupyterLab
and serves a rendered page (issue 16).

The wheel is built from a copy of the sources (so the checkout gets no ``build/`` folder), the
environment lives outside the checkout and every command runs from a folder that is neither, so
the checkout's editable install cannot be what gets imported.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from browser import _die_with_parent, free_port, wait_for_port

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "livestock_notebooks", "notebooks",
           "tests")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "*.egg-info")


def _run(cmd: list[str], cwd: Path, timeout: float = 120) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LIVESTOCK_NOTEBOOKS_DIR")}
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout}\n{out.stderr}"
    return out.stdout


def running_site_packages() -> list[str]:
    """The site-packages folders of the interpreter running the tests (a virtual environment's
    own when the tests run in one), never the base interpreter's behind it."""
    paths = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    return sorted(p for p in paths if p and Path(p).is_dir())


def share_site_packages(python: Path) -> Path:
    """Let the fresh environment of ``python`` import the dependencies installed for the tests,
    after its own packages: a ``.pth`` file naming the running interpreter's site-packages.

    Plain path lines only: ``.pth`` files inside those folders are not run, so the checkout's
    editable install stays invisible and the wheel installed into the fresh environment is what
    gets imported. (``venv --system-site-packages`` would share the *base* interpreter's
    packages, which inside a virtual environment are not the ones the tests installed.)"""
    own = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                         capture_output=True, text=True, check=True).stdout.strip()
    pth = Path(own) / "_livestock_test_shared_site.pth"
    pth.write_text("".join(f"{p}\n" for p in running_site_packages()), encoding="utf-8")
    return pth


def _stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("wheel")
    src = root / "src"
    src.mkdir()
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=IGNORE)
        else:
            shutil.copy2(path, src / name)
    dist = root / "dist"
    _run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist)], src)
    wheel = next(dist.glob("livestock_notebooks-*.whl"))
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], root)
    python = venv / "bin" / "python"
    share_site_packages(python)
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], root)
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    return {"root": root, "src": src, "wheel": wheel, "venv": venv, "python": python, "cwd": elsewhere}


def test_wheel_ships_the_notebooks_and_the_template(built) -> None:
    names = zipfile.ZipFile(built["wheel"]).namelist()
    shipped = {n.rsplit("/", 1)[-1] for n in names if n.startswith("livestock_notebooks/notebooks/")}
    assert {p.name for p in (REPO / "notebooks").glob("*.ipynb")} <= shipped
    template = "livestock_notebooks/share/jupyter/voila/templates/livestock/"
    assert any(n.startswith(template) and n.endswith("index.html.j2") for n in names)
    assert any(n.startswith(template + "static/fontawesome/") for n in names)


def test_the_installed_copy_is_imported_and_served(built) -> None:
    out = _run([str(built["python"]), "-c",
                "import livestock_notebooks, livestock_notebooks.cli as c;"
                "print(livestock_notebooks.__file__); print(c.find_notebooks_dir())"], built["cwd"])
    module, notebooks = out.split()
    assert module.startswith(str(built["venv"])), module
    assert Path(notebooks) == Path(module).parent / "notebooks"


def test_copy_notebooks_writes_editable_copies(built) -> None:
    target = built["root"] / "mine"
    script = built["venv"] / "bin" / "livestock-notebooks"
    out = _run([str(script), "copy-notebooks", str(target)], built["cwd"])
    assert "jupyter lab" in out
    assert (target / "index.ipynb").is_file() and (target / "super_army_odds.ipynb").is_file()
    (target / "index.ipynb").write_text("{}", encoding="utf-8")  # the user's edits
    again = subprocess.run([str(script), "copy-notebooks", str(target)], cwd=built["cwd"],
                           capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "--overwrite" in again.stderr
    assert (target / "index.ipynb").read_text(encoding="utf-8") == "{}"


def test_installed_app_renders_the_front_page(built) -> None:
    port = free_port()
    log = built["root"] / "server.log"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LIVESTOCK_NOTEBOOKS_DIR")}
    with open(log, "w") as handle:
        server = subprocess.Popen(
            [str(built["venv"] / "bin" / "livestock-notebooks"), "--port", str(port), "--no-browser",
             "--Voila.port_retries=0"],
            cwd=built["cwd"], stdout=handle, stderr=subprocess.STDOUT, env=env,
            start_new_session=True, preexec_fn=_die_with_parent)
    try:
        wait_for_port(port, timeout=60, process=server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
            page = response.read().decode("utf-8")
            url = response.geturl()
        assert url.endswith("/voila/render/index.ipynb")
        assert "lsn-landing" in page and "Play BattleGoats" in page, page[-2000:]
        assert "fontawesome" in page  # the package's offline template
        # a cookbook (code-first) renders as a page too: its tables, no error
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/cookbook_odds.ipynb", timeout=60) as response:
            cookbook = response.read().decode("utf-8")
        assert "Cookbook: dice odds in code" in cookbook and "gap in standard errors" in cookbook
        assert "Traceback" not in cookbook  # the last cell's table is there: every cell ran
    finally:
        _stop(server)
    served = log.read_text(encoding="utf-8")
    assert str(built["venv"]) in served or "Traceback" not in served, served[-3000:]


def test_sdist_carries_the_notebooks(built) -> None:
    dist = built["root"] / "sdist"
    _run([sys.executable, "setup.py", "-q", "sdist", "--formats=gztar", "-d", str(dist)], built["src"], timeout=120)
    with tarfile.open(next(dist.glob("*.tar.gz"))) as tar:
        names = tar.getnames()
    assert any(n.endswith("/notebooks/index.ipynb") for n in names)
    assert any(n.endswith("/setup.py") for n in names)
    assert any("templates/livestock/index.html.j2" in n for n in names)


# --- the base install: the engines and the app, without the extras (issue 30) ----------------

EXTRAS_ONLY = {"dask", "distributed", "pyarrow", "jupyterlab", "psycopg", "tqdm"}


def _name(text: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", text).lower()


def base_closure(wheel: Path) -> dict[str, object]:
    """The installed distributions a plain ``pip install`` of ``wheel`` would bring: its
    requirements without extras, and theirs, as installed for the tests (markers evaluated here)."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode("utf-8").splitlines()
    todo = [(Requirement(line.split(":", 1)[1].strip()), "") for line in lines if line.startswith("Requires-Dist:")]
    found: dict[str, object] = {}
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = _name(requirement.name)
        extras = sorted(requirement.extras)
        key = name + "".join(f"[{e}]" for e in extras)
        if key in found:
            continue
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue  # an optional requirement of a requirement, not installed for the tests either
        found[key] = dist
        found.setdefault(name, dist)
        for line in dist.requires or []:
            for wanted in ["", *extras]:
                todo.append((Requirement(line), wanted))
    return {key: dist for key, dist in found.items() if "[" not in key}


@pytest.fixture(scope="module")
def base_env(built) -> dict[str, Path]:
    """A fresh venv holding the wheel and, shared from the tests' environment by symbolic links,
    only the distributions its base requirements bring (no extra)."""
    root = built["root"] / "base"
    prefix = root / "deps"  # laid out like a prefix, so data files (Voila's templates) resolve too
    site = prefix / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    site.mkdir(parents=True)
    (prefix / "share").symlink_to(Path(sys.prefix) / "share")
    closure = base_closure(built["wheel"])
    for dist in closure.values():
        tops = {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}  # type: ignore[attr-defined]
        for top in tops:
            source = Path(str(dist.locate_file(top)))  # type: ignore[attr-defined]
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], root)
    python = venv / "bin" / "python"
    own = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                         capture_output=True, text=True, check=True).stdout.strip()
    (Path(own) / "_livestock_base_deps.pth").write_text(f"{site}\n", encoding="utf-8")
    # the wheel itself, unpacked as pip would (its scripts made by hand: the venv has no pip)
    with zipfile.ZipFile(built["wheel"]) as archive:
        archive.extractall(own)
    script = venv / "bin" / "livestock-notebooks"
    script.write_text(f"#!{python}\nimport sys\nfrom livestock_notebooks.cli import main\nsys.exit(main())\n")
    script.chmod(0o755)
    return {"root": root, "venv": venv, "python": python, "script": script, "closure": set(closure),
            "cwd": built["cwd"]}


def test_the_base_install_brings_no_extra(base_env) -> None:
    assert {"voila", "ipywidgets", "bqplot", "numpy", "ipykernel"} <= base_env["closure"]
    assert not EXTRAS_ONLY & base_env["closure"]
    out = subprocess.run([str(base_env["python"]), "-c", "import dask"], capture_output=True, text=True,
                         cwd=base_env["cwd"], timeout=60)
    assert out.returncode != 0 and "No module named 'dask'" in out.stderr


def test_the_base_install_refuses_the_lab_in_one_line(base_env) -> None:
    out = subprocess.run([str(base_env["script"]), "lab", "--game", "battlegoats", "--seats", "random,random",
                          "--games", "2", "--out", str(base_env["root"] / "out")],
                         capture_output=True, text=True, cwd=base_env["cwd"], timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().splitlines() == [
        "livestock-notebooks lab: error: the balance lab needs pyarrow, dask, distributed, tqdm: "
        "pip install 'livestock-notebooks[lab]'"]
    assert not (base_env["root"] / "out").exists()


def test_the_base_install_serves_the_app(base_env) -> None:
    port = free_port()
    log = base_env["root"] / "server.log"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LIVESTOCK_NOTEBOOKS_DIR")}
    with open(log, "w") as handle:
        server = subprocess.Popen([str(base_env["script"]), "--port", str(port), "--no-browser",
                                   "--Voila.port_retries=0"], cwd=base_env["cwd"], stdout=handle,
                                  stderr=subprocess.STDOUT, env=env, start_new_session=True,
                                  preexec_fn=_die_with_parent)
    try:
        wait_for_port(port, timeout=60, process=server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
            page = response.read().decode("utf-8")
        assert "lsn-landing" in page and "Play BattleGoats" in page, page[-2000:]
    finally:
        _stop(server)
    assert "Traceback" not in log.read_text(encoding="utf-8")


def test_wheel_and_sdist_carry_the_licence_and_metadata(built) -> None:
    with zipfile.ZipFile(built["wheel"]) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode("utf-8")
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in metadata and "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata
    for extra in ("lab", "postgres", "jupyterlab", "test"):
        assert f"Provides-Extra: {extra}" in metadata
    dist = built["root"] / "sdist-licence"
    _run([sys.executable, "setup.py", "-q", "sdist", "--formats=gztar", "-d", str(dist)], built["src"], timeout=120)
    with tarfile.open(next(dist.glob("*.tar.gz"))) as tar:
        names = tar.getnames()
    assert any(n.endswith("/LICENSE") and n.count("/") == 1 for n in names)
    # no tests without what they need: the sdist carries none (they run from a checkout)
    assert not [n for n in names if "/tests/" in n], [n for n in names if "/tests/" in n][:5]
