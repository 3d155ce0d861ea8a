"""The API reference (Sphinx, docs/) builds from the docstrings with warnings as errors, and
its pages document the public calls a notebook user reaches for (issue 16)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="sphinx is in the test extra: pip install -e '.[test]'")
    out = tmp_path / "html"
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
         str(REPO / "docs"), str(out), "-d", str(tmp_path / "doctrees")],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert run.returncode == 0, f"sphinx-build failed:\n{run.stdout}\n{run.stderr}"
    pages = {p.stem: p.read_text(encoding="utf-8") for p in (out / "api").glob("*.html")}
    expected = {
        "engines": ["livestock_notebooks.livestock_uprising.new_game", "livestock_notebooks.battlegoats.new_game",
                    "livestock_notebooks.space_pigs.new_game", "position_html"],
        "odds": ["livestock_battle", "space_pigs_combat", "tech_wipeout", "simulate_livestock_battle"],
        "tournament": ["play_games", "summary", "play_out"],
        "core": ["IllegalAction", "GameState", "Picture"],
        "command": ["copy_notebooks"],
    }
    for page, names in expected.items():
        assert page in pages, f"docs/api/{page}.rst was not built"
        missing = [n for n in names if n not in pages[page]]
        assert not missing, f"api/{page}.html does not document {missing}"
    assert (out / "index.html").is_file()
