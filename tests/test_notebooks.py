"""Every notebook in ``notebooks/`` runs headless, top to bottom, without an error.

Parametrised over a glob, so a new notebook is tested as soon as its file exists.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
#: Seconds a single cell may run.
CELL_TIMEOUT = 300


def error_outputs(nb) -> list[str]:
    """Every error output in an executed notebook, as 'cell N: Name: message'.

    Cells tagged ``raises-exception`` (nbclient's convention) may show an error on purpose."""
    found = []
    for index, cell in enumerate(nb.cells):
        if "raises-exception" in cell.get("metadata", {}).get("tags", []):
            continue  # the notebook shows this error on purpose
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"cell {index}: {output.get('ename')}: {output.get('evalue')}")
            elif output.get("output_type") == "stream" and output.get("name") == "stderr":
                text = output.get("text", "")
                if "Traceback (most recent call last)" in text:
                    found.append(f"cell {index}: traceback on stderr:\n{text}")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_without_error(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS_DIR)}},
        allow_errors=True,
    )
    client.execute()
    errors = error_outputs(nb)
    assert not errors, f"{path.name} raised:\n" + "\n".join(errors)


def test_there_are_notebooks() -> None:
    assert (NOTEBOOKS_DIR / "index.ipynb") in NOTEBOOKS
