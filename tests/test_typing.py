"""The type checker over core/, odds/ and the three engines (the list is in pyproject.toml)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean():
    pytest.importorskip("mypy")
    env = dict(os.environ, MYPY_CACHE_DIR=str(ROOT / ".mypy_cache"))
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, env=env,
                         timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


def test_package_is_marked_typed():
    assert (ROOT / "livestock_notebooks" / "py.typed").exists()
