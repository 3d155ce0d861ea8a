"""The landing page and the game pictures, built in Python: what a newcomer sees first, that
every page is linked once with a relative link, and that the pictures come from real positions."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from livestock_notebooks import catalog
from livestock_notebooks.battlegoats.cards import standard_cards
from livestock_notebooks.widgets import landing, pictures

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SVG = "{http://www.w3.org/2000/svg}"


class Links(HTMLParser):
    """Every link as (href, text, inside .lsn-catalog)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, bool]] = []
        self._depth = 0  # open divs inside .lsn-catalog (0: outside)
        self._href: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div":
            if self._depth or "lsn-catalog" in (attrs.get("class") or "").split():
                self._depth += 1
        if tag == "a":
            self._href, self._text = attrs.get("href"), ""

    def handle_endtag(self, tag):
        if tag == "div" and self._depth:
            self._depth -= 1
        if tag == "a" and self._href is not None:
            self.links.append((self._href, self._text, self._depth > 0))
            self._href = None

    def handle_data(self, data):
        if self._href is not None:
            self._text += data


def links_of(html: str) -> list[tuple[str, str, bool]]:
    parser = Links()
    parser.feed(html)
    return parser.links


@pytest.fixture(scope="module")
def page() -> str:
    return landing.landing_html(NOTEBOOKS)


def test_every_page_is_linked_once_in_the_catalog_with_a_relative_link(page):
    inside = [(href, text) for href, text, in_catalog in links_of(page) if in_catalog]
    expected = [e.file for e in catalog.available(NOTEBOOKS)]
    assert sorted(href for href, _ in inside) == sorted(expected)
    for entry in catalog.available(NOTEBOOKS):
        assert (entry.file, entry.title) in inside  # the browser tests click links by title
    for href, _, _ in links_of(page):
        assert "/" not in href and ":" not in href, href


def test_start_here_comes_first_then_play_and_learn_then_the_explorers(page):
    first = links_of(page)[0]
    assert first == ("battlegoats_tutorial.ipynb", landing.START_HERE[1], False)
    assert "10 minutes" in first[1]
    order = [page.index(text) for text in ('class="lsn-start-here"', ">Play BattleGoats<", ">BattleGoats tutorial<",
                                           "Play Space Pigs", "Odds explorers", "Super Army 2d6 odds explorer",
                                           "House rules")]
    assert order == sorted(order)


def test_each_game_has_a_picture_and_its_play_and_learn_links(page):
    for card in landing.GAME_CARDS:
        start = page.index(f"lsn-game-{card.key}")
        block = page[start:page.index("lsn-game-card", start + 1) if "lsn-game-card" in page[start + 1:] else None]
        assert "<svg" in block and f'href="{card.play}"' in block and f'href="{card.learn}"' in block


def test_the_landing_notebook_does_not_send_players_to_a_terminal():
    nb = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(cell["source"]) for cell in nb["cells"])
    assert "jupyter lab" not in text.lower()
    assert "Landing()" in text


def test_values_are_escaped(monkeypatch, tmp_path):
    (tmp_path / "battlegoats_play.ipynb").write_text("{}")
    evil = catalog.Entry("battlegoats_play.ipynb", "<script>alert(1)</script>", 'a "quoted" <b>', "Play")
    monkeypatch.setattr(catalog, "NOTEBOOKS", (evil,))
    html = landing.landing_html(tmp_path)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert 'a "quoted"' not in html
    assert 'class="lsn-start-here"' not in html  # the tutorial is not there: no dead "start here" link


def test_no_notebooks_no_links(tmp_path):
    assert "No notebooks yet" in landing.landing_html(tmp_path)


# --- pictures -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def views():
    return pictures.sample_positions()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img" and root.get("aria-label")
    return root


def test_livestock_picture_draws_every_square_and_every_general_on_the_board(views):
    view = views["livestock_uprising"]
    root = parse(pictures.livestock_board_svg(view))
    assert len(root.findall(f"{SVG}rect")) == view.size ** 2
    on_board = [name for row in view.board for sq in row for name in sq.generals[:2]]
    assert on_board, "a real position has Generals on the farm"
    titles = [t.text for t in root.iter(f"{SVG}title")]
    for name in on_board:
        assert any(t.startswith(name + " (") for t in titles)
    # barns carry their owner's colour
    barns = [sq for row in view.board for sq in row if sq.barn_of is not None]
    svg = pictures.livestock_board_svg(view)
    from livestock_notebooks.livestock_uprising.game import FACTION_COLOURS
    for sq in barns:
        assert FACTION_COLOURS[view.factions[sq.barn_of]] in svg


def test_battlegoats_picture_shows_face_up_cards_by_name_and_the_rest_as_backs(views):
    view = views["battlegoats"]
    assert view.phase not in ("layout", "over")
    svg = pictures.battlegoats_battlefield_svg(view)
    player = max(range(len(view.boards)), key=lambda p: sum(1 for s in view.boards[p] if s and s.card))
    board = view.boards[player]
    face_up = [s.card for s in board if s is not None and s.card]
    assert len(face_up) >= 2
    cards = standard_cards()
    texts = [t.text for t in parse(svg).iter(f"{SVG}text")]
    names = [t for t in texts if t and t.rstrip("\u2026") and any(c.name.startswith(t.rstrip("\u2026")) for c in cards)]
    assert len(names) == len(face_up)
    backs = sum(1 for s in board if s is not None and not s.card)
    assert texts.count("\u2726") == backs


def test_battlegoats_picture_draws_only_the_spectator_view(views):
    """Nothing a seat may not know reaches the picture: it reads player_view(None) only."""
    view = views["battlegoats"]
    assert view.viewer is None
    assert all(s is None or s.card is None or s.face_up or s.known for b in view.boards for s in b)


def test_space_pigs_picture_draws_every_hex_and_the_troops(views):
    view = views["space_pigs"]
    root = parse(pictures.space_pigs_galaxy_svg(view))
    assert len(root.findall(f"{SVG}polygon")) >= len(view.hexes)
    counts = [t.text for g in root.iter(f"{SVG}g") for t in g.iter(f"{SVG}text")]
    occupied = [o for h in view.hexes for o in h.occupants[:2]]
    assert len(counts) == len(occupied) and occupied


def test_pictures_are_the_same_for_the_same_seed():
    a = pictures.sample_positions(3)
    pictures.sample_positions.cache_clear()
    b = pictures.sample_positions(3)
    assert pictures.space_pigs_galaxy_svg(a["space_pigs"]) == pictures.space_pigs_galaxy_svg(b["space_pigs"])
    assert pictures.livestock_board_svg(a["livestock_uprising"]) == pictures.livestock_board_svg(b["livestock_uprising"])
