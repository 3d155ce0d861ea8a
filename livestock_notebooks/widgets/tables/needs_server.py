"""The "Play with friends" page of the static web edition: tables live in a store on a server,
which a site running in the browser does not have, so the page says so and where to read how
to run the served app."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ... import catalog

__all__ = ["NEEDS_SERVER", "tables_page"]

NEEDS_SERVER = ("Playing with friends needs a server: the tables, their seats and moves live in a store "
                "the served app keeps. This edition runs in your browser only, so it has no tables. "
                "Hot-seat games on one device and games against bots work here.")


def tables_page(**_kwargs: Any) -> w.HTML:
    """The note the static edition shows in place of the tables page."""
    return w.HTML(
        f'<div class="lsn-tables-page lsn-needs-server"><h2>Play with friends</h2>'
        f"<p>{html.escape(NEEDS_SERVER)}</p>"
        f'<p><a href="{html.escape(catalog.HOSTING_PAGE)}" target="_self">How to run the served app</a> '
        f'&middot; <a href="{html.escape(catalog.page_href("index.ipynb"))}" target="_self">Back to the games</a></p></div>')
