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
        f"bad = sorted({{n.split('.')[0] for n in sys.modules}} & set({FORBIDDEN!r}))\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 0, done.stdout + done.stderr
