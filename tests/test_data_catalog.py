"""The data-file convention: every source is rulebook, published or house; readings are complete."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from livestock_notebooks import data_catalog as dc

DATA_FILES = dc.data_files()


@pytest.mark.parametrize("path", DATA_FILES, ids=[p.relative_to(dc.DATA_DIR).as_posix() for p in DATA_FILES])
def test_every_source_value_is_known(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    bad = [
        (where, key, value)
        for where, obj in dc._walk(data)
        for key, value in obj.items()
        if dc.is_source_key(key) and value not in dc.SOURCES
    ]
    assert not bad, f"source values must be one of {dc.SOURCES}: {bad}"


def test_convention_holds_in_every_data_file() -> None:
    assert dc.source_errors() == []


def test_data_files_are_in_a_game_folder() -> None:
    for path in DATA_FILES:
        assert dc.game_of(path) in dc.GAMES, f"{path}: put data files under data/<game>/"


def _write(root: Path, rel: str, data) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_walker_finds_house_values_and_readings(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "space_pigs/cards.json",
        {
            "source": "rulebook",
            "count": 2,
            "cards": [
                {"name": "Laser Snout", "attack": 2, "tech": 3, "source": "house", "note": "guess"},
                {"name": "Mud", "attack": 0, "source": "rulebook", "tech": 1, "tech_source": "house"},
            ],
            "deck": {"value": 30, "source": "published"},
            "readings": [
                {"rule": "Wipeout", "reading": "6 or more", "reason": "GUIDE", "section": "Combat",
                 "source": "house"}
            ],
        },
    )
    values = dc.house_values(tmp_path)
    assert [(v.label, v.field, v.value) for v in values] == [
        ("Laser Snout", None, {"attack": 2, "tech": 3}),
        ("Mud", "tech", 1),
    ]
    assert values[0].game == "space_pigs" and values[0].path == "cards[0]"
    assert values[0].note == "guess"
    (reading,) = dc.readings(tmp_path)
    assert (reading.rule, reading.section, reading.source) == ("Wipeout", "Combat", "house")
    assert dc.source_errors(tmp_path) == []
    page = dc.house_rules_html(tmp_path)
    assert "Space Pigs" in page and "Laser Snout" in page and "6 or more" in page


def test_walker_reports_bad_sources_and_incomplete_readings(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "battlegoats/x.json",
        {"a": {"source": "guess"}, "b_source": "House", "readings": [{"rule": "r", "source": "house"}]},
    )
    errors = dc.source_errors(tmp_path)
    assert len(errors) == 3
    assert any("'guess'" in e for e in errors) and any("'House'" in e for e in errors)
    assert "readings[0] lacks reading, reason, section" in errors[-1]


def test_source_note_is_prose_not_a_source() -> None:
    assert not dc.is_source_key("source_note")
    assert dc.is_source_key("value_source") and dc.is_source_key("source")


def test_the_real_data_has_house_values() -> None:
    if not DATA_FILES:
        pytest.skip("no data files yet")
    assert dc.house_values() or dc.readings()


def test_odds_readings_come_from_the_data_files() -> None:
    """The readings behind the odds (``odds.READINGS``) and the combat model's readings live in
    the data files, so the House rules page lists them."""
    from livestock_notebooks.odds import READINGS

    listed = {(r.game, r.reading, r.topic) for r in dc.readings()}
    page = dc.house_rules_html()
    games = {"livestock_battle": "livestock_uprising", "super_army": "livestock_uprising",
             "space_pigs_combat": "space_pigs", "retreat": "space_pigs", "tech_wipeout": "space_pigs"}
    assert set(READINGS) == set(games)
    for topic, lines in READINGS.items():
        assert lines
        for line in lines:
            assert (games[topic], line, topic) in listed
            assert html.escape(line) in page
    model = [r for r in dc.readings() if r.rule.endswith("(combat model)")]
    assert {r.rule for r in model} >= {"Porcophage pack growth (combat model)", "Negative card bonus (combat model)"}
    assert all(r.game == "space_pigs" and r.source == "house" for r in model)
    assert all(r.source == "house" for r in dc.readings() if r.topic)
    assert any(r.reason == "project reading" for r in dc.readings() if r.topic)  # GUIDE section 3
