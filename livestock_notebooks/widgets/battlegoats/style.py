"""The looks of the BattleGoats pages: card and seat colours, CSS, and small text helpers.

CSS classes (``lsn-bg-...``) name every part for browser tests.
"""
from __future__ import annotations

import html
from typing import Any

from ...battlegoats.game import PLAYER_COLOURS

__all__ = ["BACK_COLOUR", "BG_CSS", "EMPTY_COLOUR", "PLAYER_COLOURS", "ROW_NAMES", "TYPE_COLOURS", "TYPE_MARKS",
           "esc", "player_colour", "player_name", "signed"]

#: Card colours by type, after the rulebook's icons (Heroes purple, Equipment blue, Goats
#: orange, Creatures green).
TYPE_COLOURS = {"hero": "#e3d1f5", "equipment": "#cfe0f7", "goat": "#fde0bd", "creature": "#d3efd0"}
TYPE_MARKS = {"hero": "\u2605 Hero", "equipment": "\u2699 Equipment", "goat": "Goat", "creature": "Creature"}
BACK_COLOUR = "#6d4c41"
EMPTY_COLOUR = "#f3efe9"
ROW_NAMES = ("Front", "Middle", "Back")

BG_CSS = """
<style>
.lsn-bg-view { gap: 6px; }
.lsn-bg-boards { display: flex; flex-flow: row wrap; gap: 14px; align-items: flex-start; }
.lsn-bg-board { border: 2px solid #bbb; border-radius: 8px; padding: 4px 10px 8px 6px; background: #fffdf8;
  width: max-content; overflow: visible; }
.lsn-bg-grid { overflow: visible; padding: 3px; }
.lsn-bg-board.lsn-bg-mine { border-color: #1f5fbf; background: #f5f9ff; }
.lsn-bg-board.lsn-bg-out { opacity: 0.55; }
.lsn-bg-board-head { font-weight: 600; }
.lsn-bg-chip { display: inline-block; width: 0.85em; height: 0.85em; border-radius: 50%; margin-right: 0.35em;
  vertical-align: -0.08em; border: 1px solid #333; }
.lsn-bg-rowlabel { font-size: 0.78em; color: #555; writing-mode: vertical-rl; transform: rotate(180deg);
  text-align: center; height: 100%; display: flex; align-items: center; justify-content: center; }
.widget-button.lsn-bg-slot, .widget-button.lsn-bg-hand-card {
  white-space: pre-line; line-height: 1.15; font-size: 12px; padding: 2px 3px; margin: 0;
  border: 1px solid #8d8170; border-radius: 6px; overflow: hidden; }
.widget-button.lsn-bg-slot:disabled { opacity: 1; cursor: default; }
.widget-button.lsn-bg-slot.lsn-bg-facedown { border: 2px dashed #3e2723; }
.widget-button.lsn-bg-slot.lsn-bg-faceup { border: 2px solid #000; box-shadow: 0 0 0 2px #ffd54f inset; }
.widget-button.lsn-bg-slot.lsn-bg-empty { border: 1px dashed #c8bfb2; color: #9e9384; }
.widget-button.lsn-bg-selectable { box-shadow: 0 0 0 3px #1976d2 !important; }
.widget-button.lsn-bg-selected { box-shadow: 0 0 0 4px #ff6f00 !important; font-weight: 700; }
.widget-button.lsn-bg-aimed { box-shadow: 0 0 0 4px #d50000 !important; font-weight: 700; }
.widget-button.lsn-bg-slot:focus, .widget-button.lsn-bg-hand-card:focus { outline: 2px solid #0d47a1; outline-offset: -5px; }
.widget-button.lsn-bg-unknown:focus { outline-color: #fff; }
.lsn-bg-compact .widget-button.lsn-bg-slot { font-size: 10.5px; line-height: 1.1; }
.lsn-bg-compact .lsn-bg-discard { max-width: 270px; }
.lsn-bg-discard { font-size: 0.85em; color: #333; max-width: 330px; }
.lsn-bg-discard .lsn-bg-mini { display: inline-block; border-radius: 4px; padding: 0 4px; margin: 1px; border: 1px solid #999; }
.lsn-bg-hint { font-size: 1.02em; padding: 4px 8px; border-left: 4px solid #1976d2; background: #eef4fb; }
.lsn-bg-hand { display: flex; flex-flow: row wrap; gap: 4px; }
.lsn-bg-odds table { border-collapse: collapse; }
.lsn-bg-odds td { padding: 1px 8px 1px 0; }
.lsn-bg-oddsbar { display: flex; height: 14px; width: 260px; border: 1px solid #555; border-radius: 3px; overflow: hidden; }
.lsn-bg-report { border: 1px solid #ccc; border-radius: 6px; padding: 4px 10px; background: #fcfcf7; }
.lsn-bg-report ol { margin: 2px 0; padding-left: 1.4em; }
.lsn-bg-report li { margin: 2px 0; }
.lsn-bg-report .lsn-bg-mod { color: #333; }
.lsn-bg-details { font-size: 0.92em; }
.lsn-bg-panel-title { font-weight: 600; margin-top: 4px; }
</style>
"""


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def player_name(p: int | None) -> str:
    return "nobody" if p is None else f"Player {p + 1}"


def player_colour(p: int | None) -> str:
    return "#999" if p is None else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
