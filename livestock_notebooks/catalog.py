"""The list of the project's notebooks, shown on the front page (``notebooks/index.ipynb``).

Add a line here when you add a notebook: ``tests/test_app.py`` fails for any notebook in
``notebooks/`` that is missing from :data:`NOTEBOOKS`. Each game's play page and tutorial
(``<game>_play.ipynb``, ``<game>_tutorial.ipynb``) are listed from the registry of games
(:data:`livestock_notebooks.games.GAMES`: its title and blurb). The front page lists only the entries
whose file exists, so planned notebooks can be listed before they are written.

Pure Python: no widget import.
"""

from __future__ import annotations

import html
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .games import GAMES
from .links import HOSTING_PAGE, SERVED_ONLY_NOTE, STATIC_EDITION, page_href  # noqa: F401 - part of the catalog's API


@dataclass(frozen=True)
class Entry:
    """One notebook on the front page."""

    file: str
    title: str
    description: str
    section: str


#: Sections in the order the front page shows them.
SECTIONS: tuple[str, ...] = ("Odds explorers", "Play", "Learn the rules", "Reference", "For notebook users")

NOTEBOOKS: tuple[Entry, ...] = (
    Entry(
        "super_army_odds.ipynb",
        "Super Army 2d6 odds explorer",
        "Livestock Uprising battles: ordinary and Super Army odds side by side, a heatmap over "
        "attack and defense totals, and what the natural 12 and natural 2 change.",
        "Odds explorers",
    ),
    Entry(
        "space_pigs_odds.ipynb",
        "Space Pigs combat odds and technology-index wipeout",
        "Who is left standing when pigs meet pirates, porcophages or the acorn worm, and the "
        "chance that the combat cards played wipe out the hex.",
        "Odds explorers",
    ),
    Entry(
        "balance_lab.ipynb",
        "Balance lab: thousands of bot games",
        "Which faction wins more often, whether going first matters, the BattleGoats cards that carry "
        "an army, Space Pigs recipes and the turn of victory: bot games on a Dask cluster, charted "
        "with 95% intervals.",
        "Odds explorers",
    ),
    *(Entry(f"{name}_play.ipynb", f"Play {g.title}", g.blurb, "Play") for name, g in GAMES.items()),
    Entry(
        "tables.ipynb",
        "Play with friends",
        "Make a table for any of the games and send its link: each friend plays from their own "
        "browser and sees only their own cards; bots can take seats too.",
        "Play",
    ),
    *(Entry(f"{name}_tutorial.ipynb", f"{g.title} tutorial",
            f"Learn {g.title} one short step at a time, making the moves yourself on the real board.",
            "Learn the rules") for name, g in GAMES.items()),
    Entry(
        "house_rules.ipynb",
        "House rules",
        "Every house value and rule reading in play: where the rulebooks are silent or "
        "ambiguous, what these notebooks assume instead.",
        "Reference",
    ),
    Entry(
        "cookbook_odds.ipynb",
        "Cookbook: dice odds in code",
        "For JupyterLab: single battles, whole tables as pandas DataFrames, the natural 12 and 2, "
        "Space Pigs combats with aliens and flee thresholds, wipeout chances for your own cards, "
        "exact odds against Monte Carlo.",
        "For notebook users",
    ),
    Entry(
        "cookbook_engines.ipynb",
        "Cookbook: the game engines in code",
        "For JupyterLab: set up a position from notation, play moves, see illegal ones explained, "
        "run bots and a small tournament, save and replay.",
        "For notebook users",
    ),
)


def default_notebooks_dir() -> Path:
    """The notebooks folder: the current directory when it holds ``index.ipynb`` (a kernel
    started by Voila, JupyterLab or the tests runs there), else ``notebooks/`` beside the package."""
    cwd = Path.cwd()
    if (cwd / "index.ipynb").is_file():
        return cwd
    return Path(__file__).resolve().parent.parent / "notebooks"


def available(notebooks_dir: str | os.PathLike[str] | None = None) -> list[Entry]:
    """The catalog entries whose notebook file exists, in catalog order."""
    folder = Path(notebooks_dir) if notebooks_dir is not None else default_notebooks_dir()
    return [entry for entry in NOTEBOOKS if (folder / entry.file).is_file()]


def missing_from_catalog(notebooks_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Notebook files in the folder that the catalog does not list (the index excluded)."""
    folder = Path(notebooks_dir) if notebooks_dir is not None else default_notebooks_dir()
    listed = {entry.file for entry in NOTEBOOKS}
    return sorted(
        p.name for p in folder.glob("*.ipynb") if p.name != "index.ipynb" and p.name not in listed
    )


def index_html(notebooks_dir: str | os.PathLike[str] | None = None) -> str:
    """The front page's list of notebooks as HTML, one link and one line per notebook.

    Links are relative (``super_army_odds.ipynb``), so they resolve beside the index page: to
    ``/voila/render/<name>.ipynb`` under ``livestock-notebooks``, to
    ``/voila/render/notebooks/<name>.ipynb`` on Binder, and to the file in JupyterLab.
    ``target="_self"`` keeps the page in the same tab (JupyterLab's renderer gives links
    without a target ``_blank``).
    """
    entries = available(notebooks_dir)
    if not entries:
        return '<p class="lsn-catalog-empty">No notebooks yet.</p>'
    parts = ['<div class="lsn-catalog">']
    for section in SECTIONS:
        in_section = [e for e in entries if e.section == section]
        if not in_section:
            continue
        parts.append(f"<h3>{html.escape(section)}</h3>")
        parts.append('<ul class="lsn-catalog-list">')
        for e in in_section:
            parts.append(
                f'<li class="lsn-catalog-entry"><a href="{html.escape(page_href(e.file))}" target="_self">'
                f"{html.escape(e.title)}</a> &mdash; {html.escape(e.description)}</li>"
            )
        parts.append("</ul>")
    parts.append("</div>")
    return "\n".join(parts)


class HtmlPage:
    """A part of a page shown as HTML in a notebook (``display(page)``, or the last line of a
    cell): what the class's ``render(folder)`` returns."""

    render: Callable[[str | os.PathLike[str] | None], str]

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = folder

    def _repr_html_(self) -> str:
        return type(self).render(self.folder)


class Index(HtmlPage):
    """Displays the front page's list in a notebook (``display(Index())``)."""

    render = staticmethod(index_html)
