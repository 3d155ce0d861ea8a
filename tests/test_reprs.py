"""Every state shows itself in a notebook as a picture of the whole position, views show what
their seat sees, and nothing hidden reaches a state's default picture or repr (issue 16)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from livestock_notebooks import battlegoats, livestock_uprising, space_pigs
from livestock_notebooks.battlegoats.cards import load_cards, standard_cards
from livestock_notebooks.battlegoats.pictures import face_up_count
from livestock_notebooks.core.pictures import Picture, html_table, svg_picture
from livestock_notebooks.odds import livestock_uprising as lu_odds
from livestock_notebooks.widgets.pictures import _play  # the front page's bot play to a position

SVG = "{http://www.w3.org/2000/svg}"


def _svgs(html: str) -> list[ET.Element]:
    """The pictures (outer ``<svg class="lsn-picture ...">``) in a state's HTML, which is well-formed."""
    root = ET.fromstring(f"<root>{html}</root>")
    return [e for e in root.iter(f"{SVG}svg") if "lsn-picture" in e.get("class", "")]


# --------------------------------------------------------------------------- Livestock Uprising
@pytest.fixture(scope="module")
def livestock():
    return _play(livestock_uprising.new_game(players=3, seed=5), livestock_uprising.GAME, "greedy", 120)


def test_livestock_state_shows_board_generals_units_strengths_and_resources(livestock) -> None:
    html = livestock._repr_html_()
    view = livestock.player_view(None)
    (board,) = _svgs(html)
    squares = [r for r in board.findall(f"{SVG}rect")]
    assert len(squares) == view.size * view.size
    assert any(g.units for g in view.generals), "the position should have raised some units"
    for g in view.generals:
        assert f"<td>{g.name}</td>" in html
        units = livestock_uprising.pictures._unit_names(g.units)
        assert units in html and f"<td>{g.attack}</td><td>{g.defense}</td>" in html
    for p in range(view.players):
        stock = "".join(f"{n}" for n in view.resources(p).values())
        cells = re.findall(r"<tr><td>.*?</tr>", html.split("<th>General</th>")[0])
        assert "".join(re.findall(r"</svg>(\d+)", cells[p])) == stock


def test_livestock_view_display_matches_the_state_picture(livestock) -> None:
    assert livestock.display()._repr_html_() == livestock.player_view(None)._repr_html_()
    assert isinstance(livestock.display(1), Picture)


# --------------------------------------------------------------------------- BattleGoats
def _battle_under_way(state) -> bool:
    return any(face_up_count(b) >= 2 and sum(s is not None for s in b) >= 8 for b in state.player_view(None).boards)


@pytest.fixture(scope="module")
def goats():
    state = _play(battlegoats.new_game(players=3, seed=7), battlegoats.GAME, "smart", 400, _battle_under_way)
    assert state.phase == "attack"
    return state


def _names_on(html: str, ids) -> set[str]:
    cards = standard_cards()
    return {cards[c].name for c in ids if f">{cards[c].name}<" in html or f">{cards[c].name[:12]}\u2026<" in html}


def test_battlegoats_state_picture_keeps_face_down_cards_hidden(goats) -> None:
    hidden = [c for b in goats.board for c in b if c is not None and c not in goats.face_up and c not in goats.revealed]
    assert hidden
    html = goats._repr_html_()
    assert not _names_on(html, hidden)
    assert html.count("a face-down card") == len(hidden)
    text = repr(goats)
    cards = standard_cards()
    assert not any(c in text or cards[c].name in text for b in goats.board for c in b if c)


def test_battlegoats_view_display_shows_the_seats_own_cards(goats) -> None:
    seat = 0
    own = [c for c in goats.board[seat] if c is not None]
    others_hidden = [c for p, b in enumerate(goats.board) if p != seat for c in b
                     if c is not None and c not in goats.face_up and c not in goats.seen[seat]]
    html = goats.player_view(seat).display()._repr_html_()
    assert _names_on(html, own) == {standard_cards()[c].name for c in own}
    assert not _names_on(html, others_hidden)
    assert "Player 1's hand:" in html


def test_battlegoats_reveal_shows_every_card_only_when_asked(goats) -> None:
    everything = [c for b in goats.board for c in b if c is not None]
    html = goats.display(reveal=True)._repr_html_()
    assert _names_on(html, everything) == {standard_cards()[c].name for c in everything}
    assert "a face-down card" not in html


def test_battlegoats_card_names_are_escaped() -> None:
    dealt = battlegoats.new_game(players=2, seed=1).hands[0][0]
    rows = [dict(r, name="<b>Sly</b> & co") if r["id"] == dealt else r for r in standard_cards().to_list()]
    state = battlegoats.new_game(players=2, seed=1, cards=load_cards(rows))
    html = state.display(reveal=True)._repr_html_()
    assert "<b>Sly</b>" not in html and "&lt;b&gt;Sly" in html
    for svg in _svgs(html):
        assert svg.tag == f"{SVG}svg"  # well-formed


# --------------------------------------------------------------------------- Space Pigs
@pytest.fixture(scope="module")
def pigs():
    return _play(space_pigs.new_game(players=4, seed=3), space_pigs.GAME, "greedy", 150)


def test_space_pigs_state_shows_galaxy_troops_aliens_and_acorns(pigs) -> None:
    view = pigs.player_view(None)
    html = pigs._repr_html_()
    (galaxy,) = _svgs(html)
    hexes = [p for p in galaxy.iter(f"{SVG}polygon") if p.find(f"{SVG}title") is not None]
    assert len(hexes) == len(view.hexes)
    tokens = [t.text for g in galaxy.iter(f"{SVG}g") for t in g.iter(f"{SVG}text")]
    assert len(tokens) == sum(len(h.occupants[:2]) for h in view.hexes) > 0
    for clan in view.clans:
        assert view.name(clan.player) in html
        row = html.split("<th>Clan</th>", 1)[1].split(view.name(clan.player), 1)[1]
        acorns = "".join(re.findall(r"\u25cf</span>(\d+)", row)[:3])
        assert acorns == "".join(str(n) for n in clan.acorns)
    aliens = sum(o.count for h in view.hexes for o in h.occupants if o.is_alien)
    assert ("Aliens on the map: none" in html) == (aliens == 0)


def test_space_pigs_spectator_picture_shows_no_hand(pigs) -> None:
    view = pigs.player_view(None)
    assert all(c.hand is None for c in view.clans)
    assert pigs._repr_html_() == view._repr_html_()
    assert "lsn-position-space-pigs" in pigs.display(2)._repr_html_()


# --------------------------------------------------------------------------- actions, events, odds
def test_events_and_actions_read_well(livestock) -> None:
    state = livestock_uprising.new_game(players=2, seed=1)
    action = state.legal_actions()[0]
    assert repr(action).startswith(type(action).__name__ + "(")
    (event,) = state.apply(action)
    assert repr(event) == f"<Event {event.kind} player 0: {event.text!r}>"


def test_odds_results_have_readable_reprs() -> None:
    result = lu_odds.livestock_battle(8, 5)
    assert "%" in repr(result) and "<" in result._repr_html_()


def test_markup_helpers_escape_text() -> None:
    assert "&lt;i&gt;" in html_table(["<i>"], [["x"]])
    assert "<i>" not in svg_picture(5, 5, "<i>", "", "c")
