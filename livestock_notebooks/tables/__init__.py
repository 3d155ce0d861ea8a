"""Tables that several browsers play at (issue 15): the store and the service. Pure Python.

- :mod:`.store`: :class:`TableStore` keeps each table (engine save, version, seats, action log)
  in SQLite or PostgreSQL, with a compare-and-set on the version; :func:`open_store`.
- :mod:`.service`: :class:`TableService` checks a seat's token and the rules, applies actions,
  plays the bots from their own view, and gives each seat what its screen may show.
"""
from .service import TableService, TableView, world_for
from .store import (
    BadToken, SeatRecord, SeatTaken, StaleVersion, TableError, TableNotFound, TableRecord, TableStore,
    default_url, open_store,
)

__all__ = [
    "BadToken", "SeatRecord", "SeatTaken", "StaleVersion", "TableError", "TableNotFound", "TableRecord",
    "TableService", "TableStore", "TableView", "default_url", "open_store", "world_for",
]
