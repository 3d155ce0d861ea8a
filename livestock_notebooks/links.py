"""Links between the pages, as the edition serving them needs: the served app's ``<name>.ipynb``
or the static edition's ``<name>.html``. Kept apart from :mod:`livestock_notebooks.catalog`
(which lists every page from the registry of games) so that a page linking to another loads no
other game. Pure Python: no widget import.
"""
from __future__ import annotations

import sys

__all__ = ["HOSTING_PAGE", "SERVED_ONLY_NOTE", "STATIC_EDITION", "page_href"]

#: the static web edition (``livestock-notebooks build-site``) runs the pages in the browser's
#: Python (Pyodide), where voici renders ``<name>.ipynb`` at ``<name>.html``
STATIC_EDITION = sys.platform == "emscripten"
#: in the static edition: the site's page on how to run the served app (beside ``voici/``)
HOSTING_PAGE = "../../hosting.html"
#: in the static edition: what is left out, said on the front page
SERVED_ONLY_NOTE = ("This edition runs in your browser, with no server. The balance lab, "
                    "the cookbooks and playing with friends need the served app:")


def page_href(file: str) -> str:
    """The link to notebook ``file`` from a page beside it: the file itself, or its ``.html``
    page in the static edition."""
    return file[: -len(".ipynb")] + ".html" if STATIC_EDITION and file.endswith(".ipynb") else file
