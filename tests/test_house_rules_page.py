"""The House rules page built in Python: a tab per game, a filter that keeps matching rows,
and nothing from the data files reaching the HTML unescaped."""
from __future__ import annotations

import json
import re
from pathlib import Path

from livestock_notebooks import data_catalog as dc
from livestock_notebooks.widgets.house_rules import HouseRulesBrowser, matches


def rows_in(html: str) -> int:
    return html.count("<tr>") - html.count("<thead><tr>")


def test_one_tab_per_game_with_every_row():
    w = HouseRulesBrowser()
    games = {v.game for v in dc.house_values()} | {r.game for r in dc.readings()}
    assert set(w.games) == games
    assert [t.split(" (")[0] for t in w.tabs.titles] == [dc.game_title(g) for g in w.games]
    for game in w.games:
        total = sum(1 for r in dc.readings() if r.game == game) + sum(1 for v in dc.house_values() if v.game == game)
        assert rows_in(w.pages[game].value) == total
        assert f"({total})" in w.tabs.titles[w.games.index(game)]
    # a tab's tables are reachable from its top
    html = w.pages[w.games[0]].value
    assert "Jump to:" in html and 'href="#lsn-house-' in html


def test_filter_keeps_the_rows_that_match_and_counts_them():
    w = HouseRulesBrowser()
    value = next(v for v in dc.house_values() if v.game == "battlegoats")
    w.filter.value = value.label
    page = w.pages["battlegoats"].value
    assert value.label in page
    assert 0 < rows_in(page) < sum(1 for v in dc.house_values() if v.game == "battlegoats")
    assert "rows match" in w.count.value
    # every row shown holds the word
    body_rows = re.findall(r"<tr><td>.*?</tr>", page, re.S)
    assert len(body_rows) == rows_in(page)
    for row in body_rows:
        assert value.label.lower() in row.lower()
    w.filter.value = ""
    assert "rows match" not in w.count.value


def test_filter_opens_a_tab_that_has_matches():
    w = HouseRulesBrowser()
    w.tabs.selected_index = 0
    target = w.games[-1]
    label = next(v.label for v in dc.house_values() if v.game == target)
    w.filter.value = label
    assert w.shown_rows(w.games[w.tabs.selected_index]) > 0
    w.filter.value = "zzzz no such word"
    assert all(w.shown_rows(g) == 0 for g in w.games)
    assert "Nothing in" in w.pages[w.games[0]].value and "zzzz no such word" in w.pages[w.games[0]].value


def test_matches_every_word_in_any_column():
    assert matches(["Tower Goat", "2", "worth more in the back row"], "goat back")
    assert not matches(["Tower Goat"], "goat pig")
    assert matches(["anything"], "   ")


def test_values_and_the_query_are_escaped(tmp_path: Path):
    folder = tmp_path / "battlegoats"
    folder.mkdir()
    data = {
        "readings": [{"rule": "<b>rule</b>", "reading": "<script>alert(1)</script>", "reason": "x & y",
                      "section": "S", "source": "house"}],
        "cards": [{"name": "<img src=x onerror=alert(1)>", "value": 3, "source": "house"}],
    }
    (folder / "cards.json").write_text(json.dumps(data), encoding="utf-8")
    w = HouseRulesBrowser(tmp_path)
    html = w.pages["battlegoats"].value
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert "<img src=x" not in html and "<b>rule</b>" not in html
    w.filter.value = "<i>nothing</i>"
    assert "<i>nothing</i>" not in w.pages["battlegoats"].value


def test_no_data_no_tabs(tmp_path: Path):
    w = HouseRulesBrowser(tmp_path)
    assert w.games == [] and "No house values" in w.children[-1].value
