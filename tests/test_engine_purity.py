"""Engines are pure Python: importing and playing one pulls in no widget library.

UI code depends on the engines, never the reverse; the pure session logic (seats, undo,
saves) and the tutorials' steps are held to the same rule so they can run in any front end.
"""
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("ipywidgets", "bqplot", "IPython", "traitlets", "numpy", "pandas")


@pytest.mark.parametrize(
    "module,setup",
    [
        ("livestock_notebooks.livestock_uprising", "m.new_game(players=2, seed=1)"),
        ("livestock_notebooks.battlegoats", "m.new_game(players=3, seed=1)"),
        ("livestock_notebooks.space_pigs", "m.new_game(players=3, seed=1)"),
        ("livestock_notebooks.core.session", "None"),
        ("livestock_notebooks.core.tutorial", "None"),
        ("livestock_notebooks.livestock_uprising.tutorial", "m.state_for(m.step_by_key('move'))"),
    ],
)
def test_engine_imports_no_widget_library(module, setup):
    code = (
        f"import importlib, sys; m = importlib.import_module({module!r}); s = {setup}\n"
        "if s is not None:\n"
        "    for _ in range(200):\n"
        "        if s.is_over: break\n"
        "        s.apply(s.legal_actions()[0])\n"
    )
    _assert_imports_none_of(code, FORBIDDEN)


def _assert_imports_none_of(code: str, forbidden) -> None:
    """Run ``code`` in a fresh interpreter, then fail if it imported a ``forbidden`` library."""
    code += (
        f"\nbad = sorted({{n.split('.')[0] for n in sys.modules}} & set({sorted(forbidden)!r}))\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _modules_of(*packages: str) -> list[str]:
    import importlib
    import pkgutil

    names = []
    for package in packages:
        names.append(package)
        path = importlib.import_module(package).__path__
        names += [info.name for info in pkgutil.walk_packages(path, prefix=package + ".")
                  if info.name.rsplit(".", 1)[-1] != "__main__"]
    return sorted(names)


PURE_PACKAGES = ("livestock_notebooks.core", "livestock_notebooks.odds", "livestock_notebooks.livestock_uprising",
                 "livestock_notebooks.battlegoats", "livestock_notebooks.space_pigs")


#: the Monte Carlo is vectorised with numpy on purpose (the exact odds never import it)
ALLOWED = {"livestock_notebooks.odds.montecarlo": {"numpy"}}


@pytest.mark.parametrize("module", _modules_of(*PURE_PACKAGES) + ["livestock_notebooks.data_catalog"])
def test_every_pure_module_imports_no_widget_library(module):
    """Each module of ``core/``, ``odds/`` and the engines, imported alone in a fresh interpreter."""
    forbidden = sorted(set(FORBIDDEN) - ALLOWED.get(module, set()))
    _assert_imports_none_of(f"import importlib, sys; importlib.import_module({module!r})", forbidden)
