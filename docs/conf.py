"""Sphinx configuration of the user guide and the API reference (built from the docstrings).

Build it with ``sphinx-build -b html docs docs/_build/html``; ``tests/test_docs_build.py``
builds it with warnings as errors. Only ``index.rst``, ``guide/*.rst`` and ``api/*.rst`` are
pages here; the Markdown files in ``docs/`` are read beside the code.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "Livestock Notebooks"
author = "Livestock Notebooks contributors"
copyright = "Livestock Notebooks contributors"

# no napoleon: the documented modules use reST docstrings, and napoleon read every ``#:``
# comment with a colon ("a barn was placed (data: square)") as "type: text"
extensions = [
    "sphinx.ext.autodoc",
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
# defaults as written in the code (``sys.prefix``), never as evaluated on the build machine
autodoc_preserve_defaults = True
# widget libraries are only needed by the pages, which the reference does not cover
autodoc_mock_imports = ["ipywidgets", "bqplot"]

html_theme = "alabaster"
html_title = "Livestock Notebooks"
