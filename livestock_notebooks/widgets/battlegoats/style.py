"""The looks of the BattleGoats pages: card and seat colours, CSS, and small text helpers.

CSS classes (``lsn-bg-...``) name every part for browser tests.
"""
from __future__ import annotations

import html
from typing import Any

from ...battlegoats.game import PLAYER_COLOURS
from ...battlegoats.pictures import BACK_COLOUR, EMPTY_COLOUR, TYPE_COLOURS

__all__ = ["BACK_COLOUR", "BG_CSS", "EMPTY_COLOUR", "PLAYER_COLOURS", "PLAYER_SHAPES", "ROW_NAMES", "TYPE_COLOURS", "TYPE_MARKS",
           "esc", "player_colour", "player_name", "signed"]

TYPE_MARKS = {"hero": "\u2605 Hero", "equipment": "\u2699 Equipment", "goat": "Goat", "creature": "Creature"}
ROW_NAMES = ("Front", "Middle", "Back")
#: a shape per seat as well as a colour (colour-blind players)
PLAYER_SHAPES = ("\u25cf", "\u25a0", "\u25b2", "\u25c6", "\u2605", "\u2b1f")

BG_CSS = """
<style>
/* card sizes: one set of variables, smaller for 4+ players and on a phone */
.lsn-bg-board { --bg-w: 108px; --bg-h: 84px; }
.lsn-bg-board.lsn-bg-compact { --bg-w: 86px; --bg-h: 66px; }
@media (max-width: 760px) { .lsn-bg-board, .lsn-bg-board.lsn-bg-compact {
  --bg-w: min(108px, calc((100vw - 84px) / 3)); --bg-h: 78px; }
  .lsn-bg-board:not(.lsn-bg-mine) { --bg-h: 58px; }
  /* the battlefields one under another: their room kept from the start (an opponent's 3 rows of
     58px and yours of 78px, with head, gaps and borders), the hand and log under them stay put
     as they are drawn one after the other */
  .lsn-app .lsn-bg-field.lsn-bg-seats-2 { min-height: 502px; }
  .lsn-app .lsn-bg-field.lsn-bg-seats-3 { min-height: 733px; }
  .lsn-app .lsn-bg-field.lsn-bg-seats-4 { min-height: 964px; }
  .lsn-app .lsn-bg-field.lsn-bg-seats-5 { min-height: 1195px; }
  .lsn-app .lsn-bg-field.lsn-bg-seats-6 { min-height: 1426px; }
  /* the prompt keeps the room of its longest text (four lines of hint, three of "Last:") and
     two rows of buttons: a longer hint or a second row moves nothing in it */
  .lsn-app .lsn-prompt > .lsn-view-prompt:has(> .lsn-bg-hint) { --lsn-prompt-text: 9.8em; }
  .lsn-app .lsn-prompt .lsn-bg-actions { min-height: 62px; align-content: flex-start; }
  .lsn-app .lsn-prompt .lsn-bg-hint { min-height: 5.6em; }
  /* Clear first, the attack's button after it: Clear stays put as the attack is chosen */
  .lsn-app .lsn-bg-actions > .lsn-bg-confirm { order: 1; }
  .lsn-app .lsn-actions:has(> .lsn-bg-actions) > .lsn-end-turn { order: -1; }
  .lsn-app .lsn-bg-hand-panel > .widget-html:first-child { min-height: 1.4em; }
  .lsn-app .lsn-screen > .lsn-prompt:has(> .lsn-view-prompt > .lsn-bg-hint) { min-height: 21.5em; } }
/* a short window (a laptop's 768 px screen less the browser's own bars): the battlefields' cards
   shrink with the height so that two battlefields, one over the other, stay whole under the top
   bar (164 px: the bar, two battlefield heads and borders and the gaps); the hand keeps its card
   size and scrolls in its box */
@media (min-width: 761px) and (max-height: 719px) {
  .lsn-bg-board:not(.lsn-bg-compact) { --bg-h: max(60px, min(84px, calc((100vh - 164px) / 6))); }
  /* the battle report under the prompt: its steps scroll inside it, opening on the outcome (the
     list is anchored at its foot), so the whole report stays on the screen */
  .lsn-app .lsn-bg-report .lsn-bg-report-steps { max-height: max(120px, calc(100vh - 420px)); overflow-y: auto;
    display: flex; flex-direction: column-reverse; } }
.lsn-bg-boards { display: flex; flex-flow: row wrap; gap: 10px; align-items: flex-start; }
.lsn-bg-board { border: 2px solid #bbb; border-radius: 8px; padding: 2px 6px 6px 4px; background: #fffdf8;
  width: max-content; max-width: 100%; overflow: visible; }
.lsn-bg-grid { overflow: visible; padding: 2px; display: grid !important;
  grid-template-columns: 14px repeat(3, var(--bg-w)); grid-auto-rows: var(--bg-h); gap: 4px; }
.lsn-bg-board.lsn-bg-mine { border-color: #1f5fbf; background: #f5f9ff; }
.lsn-bg-board.lsn-bg-out { opacity: 0.55; }
.lsn-bg-board-head { font-weight: 600; }
.lsn-bg-board-head .widget-html-content { line-height: 1.3; }
.lsn-bg-chip { display: inline-block; width: 0.85em; height: 0.85em; border-radius: 50%; margin-right: 0.35em;
  vertical-align: -0.08em; border: 1px solid #333; }
.lsn-bg-shape { margin-right: 0.3em; text-shadow: 0 0 1px #000; }
.lsn-bg-rowlabel { font-size: 0.72em; color: #555; writing-mode: vertical-rl; transform: rotate(180deg);
  text-align: center; height: 100%; display: flex; align-items: center; justify-content: center; }
.lsn-bg-grid .widget-html { height: var(--bg-h); margin: 0; }
/* a card: a coloured header band with its name, then its value and type, then its ability */
.lsn-app .widget-button.lsn-bg-card {
  white-space: pre-line; line-height: 13px; font-size: 10.5px; padding: 1px 4px; margin: 0;
  display: flex; flex-direction: column; justify-content: flex-start; align-items: flex-start;
  text-align: left; overflow: hidden; text-overflow: clip;
  border: 1px solid #8d8170; border-radius: 7px; color: #111; }
.lsn-app .widget-button.lsn-bg-slot { width: var(--bg-w); height: var(--bg-h); }
.lsn-app .widget-button.lsn-bg-hand-card { width: calc(33.3% - 4px); min-width: 96px; height: 108px; font-size: 11px; }
.lsn-app .widget-button.lsn-bg-type-hero { background: linear-gradient(#b39ddb 0 15px, #e3d1f5 15px) !important; }
.lsn-app .widget-button.lsn-bg-type-equipment { background: linear-gradient(#90b4e6 0 15px, #cfe0f7 15px) !important; }
.lsn-app .widget-button.lsn-bg-type-goat { background: linear-gradient(#f5b26b 0 15px, #fde0bd 15px) !important; }
.lsn-app .widget-button.lsn-bg-type-creature { background: linear-gradient(#8fcf88 0 15px, #d3efd0 15px) !important; }
.lsn-app .widget-button.lsn-bg-slot.lsn-bg-empty { background: #f3efe9 !important; border: 1px dashed #c8bfb2;
  color: #9e9384; justify-content: center; align-items: center; }
/* every unknown card looks the same: a card back */
.lsn-app .widget-button.lsn-bg-slot.lsn-bg-unknown { color: #fff; justify-content: center; align-items: center; font-size: 18px;
  background: repeating-linear-gradient(45deg, #6d4c41 0 6px, #5d4037 6px 12px) !important;
  border: 3px solid #fff; outline: 1px solid #3e2723; outline-offset: -1px; }
.widget-button.lsn-bg-slot:disabled { opacity: 1; cursor: default; }
.widget-button.lsn-bg-slot.lsn-bg-facedown:not(.lsn-bg-unknown) { border: 2px dashed #3e2723; }
.widget-button.lsn-bg-slot.lsn-bg-faceup { border: 2px solid #000; box-shadow: 0 0 0 2px #ffd54f inset; }
.widget-button.lsn-bg-selectable { box-shadow: 0 0 0 3px #1976d2 !important; }
.widget-button.lsn-bg-selected { box-shadow: 0 0 0 4px #ff6f00 !important; font-weight: 700; }
.widget-button.lsn-bg-aimed { box-shadow: 0 0 0 4px #d50000 !important; font-weight: 700; }
.widget-button.lsn-bg-slot.lsn-last-move { outline: 3px solid #ab47bc; outline-offset: 1px; }
.widget-button.lsn-bg-card:focus { outline: 2px solid #0d47a1; outline-offset: -4px; }
.widget-button.lsn-bg-unknown:focus { outline-color: #fff; }
.lsn-bg-players { display: flex; flex-flow: row wrap; gap: 2px 14px; font-size: 0.88em; color: #333; }
.lsn-bg-player.lsn-bg-player-out { opacity: 0.55; }
.lsn-bg-mini { display: inline-block; border-radius: 4px; padding: 0 4px; margin: 1px; border: 1px solid #999; }
.lsn-bg-hint { font-size: 1.0em; }
.lsn-bg-recent { font-size: 0.9em; color: #4a148c; }
.lsn-bg-hand { display: flex; flex-flow: row wrap; gap: 4px; }
.lsn-bg-odds table { border-collapse: collapse; }
.lsn-bg-odds td { padding: 1px 8px 1px 0; }
.lsn-bg-odds:empty, .lsn-bg-odds .widget-html-content:empty { display: none; }
.lsn-bg-oddsbar { display: flex; height: 12px; width: 260px; max-width: 100%; border: 1px solid #555; border-radius: 3px; overflow: hidden; }
.lsn-bg-report { border: 1px solid #ccc; border-radius: 6px; padding: 2px 8px; background: #fcfcf7; }
.lsn-app .lsn-bg-report.lsn-bg-report-empty { display: none !important; }
/* every step of a report shows (a report that scrolled inside hid its outcome); on a phone the
   report lies over the top of the screen until OK, moving nothing under it */
.lsn-bg-report-steps { max-height: none; }
/* the report and the attack odds are the screen's dialogs: they lie over the hand and log
   (shell style: .lsn-dialogs), the report first, until OK; on a phone the report lies over the
   top of the screen, moving nothing under it */
/* the report covers the odds (one cell for both): the odds never slide down under a report */
.lsn-app .lsn-dialogs:has(> .lsn-bg-report) { display: grid !important; }
.lsn-app .lsn-dialogs > .lsn-bg-report, .lsn-app .lsn-dialogs > .lsn-bg-odds { grid-area: 1 / 1; align-self: start; }
.lsn-app .lsn-dialogs > .lsn-bg-report { z-index: 2; }
.lsn-app .lsn-dialogs > .lsn-bg-odds { padding: 0 6px; }
.lsn-app .lsn-dialogs > .lsn-bg-odds:has(.widget-html-content:empty) { box-shadow: none; padding: 0; }
@media (max-width: 760px) {
  /* one row of buttons (it scrolls sideways): the attack picker coming and going moves no step */
  .lsn-app .lsn-bg-report-buttons { flex-wrap: nowrap !important; overflow-x: auto; }
  .lsn-app .lsn-bg-report-buttons > * { flex-shrink: 0; }
  .lsn-app .lsn-dialogs > .lsn-bg-report { position: fixed; top: 0; left: 0; right: 0; z-index: 30;
    max-height: 64vh; overflow-y: auto; box-shadow: 0 2px 10px rgba(0,0,0,0.3); }
  /* until OK, then gone (the log keeps it): a report left over the top of the screen hid the
     opponents' cards the next attack needs */
  .lsn-app .lsn-dialogs > .lsn-bg-report:not(.lsn-bg-report-held) { display: none !important; }
}
.lsn-bg-report .widget-html-content { line-height: 1.3; }
.lsn-bg-report ol { margin: 2px 0; padding-left: 1.4em; }
.lsn-bg-report li { margin: 1px 0; }
.lsn-bg-report .lsn-bg-mod { color: #333; }
.lsn-bg-details { font-size: 0.92em; }
/* the chosen cards' details lie over the top of your army list (they come and go with each
   choice: in the list's flow they pushed it down and back) */
.lsn-app .lsn-bg-hand-panel { position: relative; }
.lsn-app .lsn-bg-hand-panel > .lsn-bg-details { position: absolute; top: 0; left: 0; right: 0; z-index: 3; }
.lsn-app .lsn-bg-hand-panel > .lsn-bg-details .lsn-bg-card-detail { box-shadow: 0 2px 6px rgba(0,0,0,0.25); }
.lsn-bg-army-list { list-style: none; margin: 2px 0; padding: 0; font-size: 0.88em; line-height: 1.3; }
.lsn-bg-army-list li { padding-left: 5px; margin: 2px 0; }
.lsn-bg-panel-title { font-weight: 600; margin-top: 2px; }
/* the tutorial on a wide screen: its prompts are a line or two and one row of buttons at most
   (in the card's wide column), so a lower prompt leaves the card its text and the pack's first
   row of cards (the draft steps) on the first screen at 1366x768 */
@media (min-width: 761px) {
  .lsn-tutorial .lsn-app { --lsn-bg-tut-prompt: 13.6em; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt { height: var(--lsn-bg-tut-prompt); }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-view-prompt { height: 4.7em; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions { min-height: 34px; } }
/* the tutorial in a short window: the report of the learner's own attack (held until OK: there is
   nothing else to do then) lies over the game's prompt (its height and the 8 px gap above the
   side), from its top, its steps scrolling inside */
@media (min-width: 761px) and (max-height: 719px) {
  .lsn-tutorial .lsn-app .lsn-side:has(> .lsn-dialogs > .lsn-bg-report-held) { overflow: visible !important; }
  .lsn-tutorial .lsn-app .lsn-dialogs > .lsn-bg-report.lsn-bg-report-held { transform: translateY(calc(-1 * var(--lsn-bg-tut-prompt) - 8px)); }
  .lsn-tutorial .lsn-app .lsn-bg-report.lsn-bg-report-held .lsn-bg-report-steps { max-height: max(60px, calc(100vh - 530px)); } }
/* on a phone, stuck to the screen's bottom: as tall as its longest step needs (a prompt of five
   lines at 390 px, step 8's, and a row of buttons), no more kept empty over the board; one
   height for every step, so the board's foot under it never moves */
@media (max-width: 760px) {
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-view-prompt { min-height: 7.5em; height: auto; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions { min-height: 0; } }
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
