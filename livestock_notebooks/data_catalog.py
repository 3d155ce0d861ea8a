"""Where every value in the data files comes from, and the house values and rule readings.

Data-file convention (``livestock_notebooks/data/<game>/*.json``):

- Each JSON object that carries a value has a ``"source"`` key valued ``"rulebook"`` (the
  rulebook in this project), ``"published"`` (public facts beyond the rulebook) or ``"house"``
  (chosen here: replace it with the printed value if you own the game). A field whose source
  differs from its object's says so in ``"<field>_source"`` (e.g. ``"value_source": "house"``).
- Rule readings live in a top-level list ``"readings"``, each
  ``{"rule": ..., "reading": ..., "reason": ..., "section": ..., "source": "house"}``; a reading
  behind the odds also names its topic in ``"odds_topic"`` (``odds.readings`` shows those).
- Prose keys such as ``"note"``, ``"about"`` and ``"source_note"`` explain; they carry no source.

This module walks every data file (pure Python, no widget import); ``notebooks/house_rules.ipynb``
shows what it finds with :class:`HouseRules`.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .catalog import HtmlPage
from .core.data_files import DATA_DIR, Reading, _rel, data_files, game_of, load, readings
from .games import GAMES as _GAMES

SOURCES: tuple[str, ...] = ("rulebook", "published", "house")
#: each game's title by its name, in the registry's order (:data:`livestock_notebooks.games.GAMES`)
GAMES: dict[str, str] = {name: info.title for name, info in _GAMES.items()}
READING_FIELDS: tuple[str, ...] = ("rule", "reading", "reason", "section", "source")
#: Keys holding prose about an object, shown as its note.
NOTE_KEYS: tuple[str, ...] = ("note", "source_note", "about", "text", "ability")
#: Keys naming an object, shown as its label.
LABEL_KEYS: tuple[str, ...] = ("name", "title", "id", "key", "rule")


def is_source_key(key: str) -> bool:
    """``source`` or ``<field>_source`` (``source_note`` and the like are prose)."""
    return key == "source" or key.endswith("_source")


@dataclass(frozen=True)
class SourceMark:
    """One ``source`` / ``<field>_source`` key found in a data file."""

    file: str
    path: str
    key: str
    value: Any


@dataclass(frozen=True)
class HouseValue:
    """A value chosen for the project (``source`` or ``<field>_source`` is ``house``)."""

    game: str
    file: str
    path: str
    label: str
    field: str | None
    value: Any
    note: str


def game_title(game: str) -> str:
    return GAMES.get(game, game.replace("_", " ").title())


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _walk(obj: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, dict) in a JSON value, depth first, parents before children."""
    if isinstance(obj, dict):
        yield path, obj
        for key, value in obj.items():
            yield from _walk(value, _join(path, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            yield from _walk(value, _join(path, index))


def source_marks(data_dir: str | os.PathLike[str] | None = None) -> list[SourceMark]:
    """Every ``source`` and ``<field>_source`` key in every data file."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    marks = []
    for file in data_files(root):
        for path, obj in _walk(load(file)):
            for key, value in obj.items():
                if is_source_key(key):
                    marks.append(SourceMark(_rel(file, root), path, key, value))
    return marks


def source_errors(data_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Problems with the convention: source values outside :data:`SOURCES`, incomplete readings."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    errors = [
        f"{m.file}: {m.path or '(top)'}.{m.key} = {m.value!r} (expected one of {', '.join(SOURCES)})"
        for m in source_marks(root)
        if m.value not in SOURCES
    ]
    for file in data_files(root):
        data = load(file)
        readings = data.get("readings") if isinstance(data, dict) else None
        if readings is None:
            continue
        if not isinstance(readings, list):
            errors.append(f"{_rel(file, root)}: readings must be a list")
            continue
        for index, item in enumerate(readings):
            missing = [f for f in READING_FIELDS if not isinstance(item, dict) or not item.get(f)]
            if missing:
                errors.append(f"{_rel(file, root)}: readings[{index}] lacks {', '.join(missing)}")
    return errors


def _label(obj: dict, path: str) -> str:
    for key in LABEL_KEYS:
        value = obj.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return str(value)
    return path.rsplit(".", 1)[-1] if path else "(file)"


def _note(obj: dict) -> str:
    """The object's prose (ability or text first, then notes), joined."""
    texts: list[str] = []
    for key in ("ability", "text", "note", "source_note", "about"):
        value = obj.get(key)
        if isinstance(value, str) and value and value not in texts:
            texts.append(value)
    return " \u2014 ".join(texts)


def _summary(obj: dict) -> dict:
    """The object's own values: scalars and lists of scalars, without sources, labels and prose."""
    skip = set(NOTE_KEYS) | {"name", "title", "id", "key"}
    out: dict[str, Any] = {}
    for key, value in obj.items():
        if is_source_key(key) or key in skip:
            continue
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[key] = value
        elif isinstance(value, list) and all(
            isinstance(v, (str, int, float, bool)) or v is None for v in value
        ):
            out[key] = value
        elif isinstance(value, dict) and not any(is_source_key(k) for k in value) and all(
            isinstance(v, (str, int, float, bool)) or v is None for v in value.values()
        ):
            out[key] = value
    return out


def house_values(data_dir: str | os.PathLike[str] | None = None) -> list[HouseValue]:
    """Every house value in every data file, in file order (rule readings excluded)."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    found = []
    for file in data_files(root):
        game = game_of(file, root)
        rel = _rel(file, root)
        for path, obj in _walk(load(file)):
            if path == "readings" or path.startswith("readings["):
                continue
            label = _label(obj, path)
            note = _note(obj)
            if obj.get("source") == "house":
                found.append(HouseValue(game, rel, path, label, None, _summary(obj), note))
            for key, value in obj.items():
                if key != "source" and is_source_key(key) and value == "house":
                    field = key[: -len("_source")]
                    found.append(
                        HouseValue(game, rel, path, label, field, obj.get(field), note)
                    )
    return found


def _value_text(value: Any, limit: int = 240) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, dict) and not value:
        return ""
    else:
        text = json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict):
            text = ", ".join(
                f"{k}: {v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}"
                for k, v in value.items()
            )
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _table(headers: list[str], rows: list[list[str]], css: str) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "\n".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>'


_STYLE = """<style>
.lsn-house table { border-collapse: collapse; margin: 0.5em 0 1.5em 0; font-size: 0.92em;
  table-layout: auto; }
.lsn-house table th, .lsn-house table td,
.jp-RenderedHTMLCommon .lsn-house table th, .jp-RenderedHTMLCommon .lsn-house table td {
  border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
.lsn-house table th { background: #f3efe6; }
.lsn-house tbody tr:nth-child(even) { background: #faf8f3; }
</style>"""


def house_rules_html(data_dir: str | os.PathLike[str] | None = None) -> str:
    """HTML tables, grouped by game: the rule readings, then the house values file by file."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    all_readings = readings(root)
    all_values = house_values(root)
    games = sorted(
        {r.game for r in all_readings} | {v.game for v in all_values},
        key=lambda g: (list(GAMES).index(g) if g in GAMES else len(GAMES), g),
    )
    parts = [_STYLE, '<div class="lsn-house">']
    if not games:
        parts.append("<p>No house values or rule readings in the data files yet.</p>")
    esc = html.escape
    for game in games:
        parts.append(f'<h2 class="lsn-house-game">{esc(game_title(game))}</h2>')
        game_readings = [r for r in all_readings if r.game == game]
        if game_readings:
            parts.append(f"<h3>Rule readings ({len(game_readings)})</h3>")
            parts.append(
                _table(
                    ["Rule", "Reading", "Why", "Rulebook section", "Source", "File"],
                    [[r.rule, r.reading, r.reason, r.section, r.source, r.file] for r in game_readings],
                    "lsn-house-readings",
                )
            )
        game_values = [v for v in all_values if v.game == game]
        for file in sorted({v.file for v in game_values}):
            rows = [
                [v.label, v.field or "(all)", _value_text(v.value), v.note, v.path or "(top)"]
                for v in game_values
                if v.file == file
            ]
            parts.append(f"<h3>House values in <code>{esc(file)}</code> ({len(rows)})</h3>")
            parts.append(
                _table(["What", "Field", "House value", "Note", "Where in the file"], rows, "lsn-house-values")
            )
    parts.append("</div>")
    return "\n".join(parts)


class HouseRules(HtmlPage):
    """Shows :func:`house_rules_html` in a notebook: ``HouseRules()`` (or ``HouseRules(data_dir)``)."""

    render = staticmethod(house_rules_html)
