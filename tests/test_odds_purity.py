"""The exact odds are pure Python: importing them pulls in no widget library (nor numpy)."""
import subprocess
import sys
from pathlib import Path


def test_odds_import_no_widgets_and_no_numpy():
    code = (
        "import sys, livestock_notebooks.odds as o; o.livestock_battle(3, 4); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'bqplot', 'numpy', 'traitlets')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1]
    )
    assert done.returncode == 0, done.stdout + done.stderr
