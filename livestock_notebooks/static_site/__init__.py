"""The static web edition: the single-player pages run in the visitor's browser on Pyodide.

- :mod:`.build` writes the site (``livestock-notebooks build-site DIR``): voici renders the same
  notebooks the served app shows, and everything the browser needs (Pyodide's core, the
  pure-Python wheels, this package, the widget front end) is copied into the site, so a page
  fetches nothing from any other host.
- :mod:`.browser` runs inside the browser's Python: it keeps the save folder in the browser's
  IndexedDB, so autosaves and page preferences outlive the tab.
"""
