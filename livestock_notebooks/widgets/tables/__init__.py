"""widgets/tables: the "Play with friends" page (``notebooks/tables.ipynb``): make a table,
share its invite link, and play a game at it from several browsers, each seeing only its own
seat's view. ``page`` (the page, the seats a browser holds), ``lobby`` (invite link, seats,
joining, the host's controls), ``remote`` (the table's game on the shared game screen).
In the static web edition (no server, no table store) ``needs_server`` stands in for the page."""
from ...links import STATIC_EDITION

if STATIC_EDITION:
    from .needs_server import tables_page
else:
    from .page import TablesPage, tables_page

__all__ = ["tables_page"] if STATIC_EDITION else ["TablesPage", "tables_page"]
