"""Sphinx configuration of the API reference (built from the docstrings).

Build it with ``sphinx-build -b html docs docs/_build/html``; ``tests/test_docs_build.py``
builds it with warnings as errors. Only ``index.rst`` and ``api/*.rst`` are pages here; the
Markdown files in ``docs/`` are read on GitHub.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "Livestock Notebooks"
author = "Livestock Notebooks contributors"
copyright = "Livestock Notebooks contributors"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "screenshots", "*.md", "*.png"]

autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# widget libraries are only needed by the pages, which the reference does not cover
autodoc_mock_imports = ["ipywidgets", "bqplot"]
napoleon_google_docstring = True
napoleon_numpy_docstring = True

html_theme = "alabaster"
html_title = "Livestock Notebooks API"
