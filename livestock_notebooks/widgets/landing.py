"""The landing page (``notebooks/index.ipynb``): a "start here" line for a newcomer, then one
card per game with a picture drawn from a real position and its Play and Learn links, then the
odds explorers and the reference pages.

Every notebook of :data:`livestock_notebooks.catalog.NOTEBOOKS` whose file exists gets exactly
one link inside ``.lsn-catalog`` (the browser tests count them); the "start here" link sits
outside it. Links are relative (``battlegoats_play.ipynb``), so they resolve beside the page
under Voila (``/voila/render/``), on Binder and in JupyterLab. Every value that reaches the HTML
is escaped.

    >>> html = landing_html()
    >>> html.index("lsn-start-here") < html.index("Play BattleGoats") < html.index("Odds explorers")
    True
"""
from __future__ import annotations

import html
import os
from dataclasses import dataclass
from typing import Callable

from .. import catalog
from . import pictures
from .games import pages

__all__ = ["GAME_CARDS", "Landing", "START_HERE", "landing_html"]

esc = html.escape


@dataclass(frozen=True)
class GameCard:
    """One game on the landing page: its notebooks and how to draw it."""

    key: str
    title: str
    tagline: str
    play: str
    learn: str
    picture: Callable[[object], str]


#: The games in the registry's order (the quickest to learn first), from each game's pages.
GAME_CARDS: tuple[GameCard, ...] = tuple(
    GameCard(p.game, p.info.title, p.info.blurb, p.play_notebook, p.tutorial_notebook, p.picture) for p in pages())

#: the "Play with friends" page: one link right under the game cards
FRIENDS = "tables.ipynb"

#: (link, words) of the newcomer's first step.
START_HERE = ("battlegoats_tutorial.ipynb",
              "New to these games? Start with the BattleGoats tutorial: about 10 minutes, one move at a time.")

#: The section of code-first notebooks, and how to open them where their code can be changed.
NOTEBOOK_USERS = "For notebook users"
NOTEBOOK_USERS_NOTE = ("These pages show their results here; their code is the point. To read and change it, "
                       "run `livestock-notebooks copy-notebooks my-notebooks` and then `jupyter lab my-notebooks`.")

_STYLE = """<style>
.lsn-landing { max-width: 1100px; }
.lsn-landing .lsn-start-here { display: block; margin: 0.4em 0 1em 0; padding: 0.7em 1em; border-radius: 8px;
  background: #fff4d6; border: 2px solid #e0a800; font-size: 1.05em; line-height: 1.4; }
.lsn-landing .lsn-start-here a { font-weight: 700; }
.lsn-landing .lsn-games { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 14px; }
.lsn-landing .lsn-game-card { border: 1px solid #d7cfc2; border-radius: 10px; padding: 10px 12px 12px 12px;
  background: #fffdf8; display: flex; flex-direction: column; gap: 6px; }
.lsn-landing .lsn-game-card h3 { margin: 0.2em 0 0 0; }
.lsn-landing .lsn-game-picture { height: 190px; display: flex; align-items: center; justify-content: center; }
.lsn-landing .lsn-game-picture svg { max-height: 190px; width: auto; }
.lsn-landing .lsn-game-links { display: flex; flex-flow: row wrap; gap: 8px; margin-top: auto; }
.lsn-landing .lsn-game-links a { display: inline-block; padding: 0.45em 0.9em; border-radius: 6px;
  text-decoration: none; font-weight: 600; }
.lsn-landing a.lsn-play { background: #1f5fbf; color: #fff; }
.lsn-landing a.lsn-learn { background: #e8eef9; color: #1f3f7f; border: 1px solid #1f5fbf; }
.lsn-landing .lsn-game-card p { margin: 0; line-height: 1.35; }
.lsn-landing .lsn-play-friends { margin: 12px 0 0 0; line-height: 2; }
.lsn-landing .lsn-play-friends a.lsn-play { display: inline-block; padding: 0.3em 0.9em; border-radius: 6px;
  text-decoration: none; font-weight: 600; margin-right: 0.5em; }
.lsn-landing .lsn-catalog-list li { margin: 0.25em 0; line-height: 1.4; }
</style>"""


def _link(entry: catalog.Entry, css: str) -> str:
    return (f'<a class="{css}" href="{esc(catalog.page_href(entry.file))}" target="_self" '
            f'title="{esc(entry.description)}">{esc(entry.title)}</a>')


def _game_card(card: GameCard, entries: dict[str, catalog.Entry], view: object) -> str:
    links = [_link(entries[f], css) for f, css in ((card.play, "lsn-play"), (card.learn, "lsn-learn")) if f in entries]
    picture = card.picture(view) if view is not None else ""
    return (f'<div class="lsn-game-card lsn-game-{esc(card.key)}">'
            f'<div class="lsn-game-picture">{picture}</div>'
            f"<h3>{esc(card.title)}</h3><p>{esc(card.tagline)}</p>"
            f'<div class="lsn-game-links">{"".join(links)}</div></div>')


def landing_html(notebooks_dir: str | os.PathLike[str] | None = None) -> str:
    """The landing page's HTML: start here, the games (pictures, Play, Learn), the rest."""
    entries = {e.file: e for e in catalog.available(notebooks_dir)}
    if not entries:
        return '<p class="lsn-catalog-empty">No notebooks yet.</p>'
    views = pictures.sample_positions()
    parts = [_STYLE, '<div class="lsn-landing">']
    start_file, start_words = START_HERE
    if start_file in entries:
        parts.append(f'<p class="lsn-start-here"><a href="{esc(catalog.page_href(start_file))}" '
                     f'target="_self">{esc(start_words)}</a></p>')
    parts.append('<div class="lsn-catalog">')
    cards = [c for c in GAME_CARDS if c.play in entries or c.learn in entries]
    shown = {f for c in cards for f in (c.play, c.learn)}
    if cards:
        parts.append("<h2>Play and learn</h2>")
        parts.append('<div class="lsn-games">')
        parts.extend(_game_card(c, entries, views.get(c.key)) for c in cards)
        parts.append("</div>")
        if FRIENDS in entries:  # right under the games' Play links
            parts.append(f'<p class="lsn-play-friends">{_link(entries[FRIENDS], "lsn-play")} '
                         f"{esc(entries[FRIENDS].description)}</p>")
            shown.add(FRIENDS)
    for section in catalog.SECTIONS:
        rest = [e for e in entries.values() if e.section == section and e.file not in shown]
        if not rest:
            continue
        parts.append(f"<h2>{esc(section)}</h2>")
        if section == NOTEBOOK_USERS:
            parts.append(f'<p class="lsn-notebook-users">{esc(NOTEBOOK_USERS_NOTE)}</p>')
        parts.append('<ul class="lsn-catalog-list">')
        parts.extend(f'<li class="lsn-catalog-entry">{_link(e, "lsn-catalog-link")} &mdash; {esc(e.description)}</li>'
                     for e in rest)
        parts.append("</ul>")
    if catalog.STATIC_EDITION:
        parts.append(f'<p class="lsn-served-only">{esc(catalog.SERVED_ONLY_NOTE)} '
                     f'<a href="{esc(catalog.HOSTING_PAGE)}" target="_self">how to run it</a>.</p>')
    parts.append("</div></div>")
    return "\n".join(parts)


class Landing(catalog.HtmlPage):
    """Displays the landing page in a notebook: ``Landing()`` as a cell's last line."""

    render = staticmethod(landing_html)
