"""widgets/tables: the "Play with friends" page (``notebooks/tables.ipynb``): make a table,
share its invite link, and play a game at it from several browsers, each seeing only its own
seat's view. ``page`` (the page, the seats a browser holds), ``lobby`` (invite link, seats,
joining, the host's controls), ``remote`` (the table's game on the shared game screen)."""
from .page import TablesPage, tables_page

__all__ = ["TablesPage", "tables_page"]
