"""The Space Pigs pages' style sheet (map, clan displays, bars, cards, combat and election
boxes): one ``<style>`` block the play page shows once (:mod:`.board` draws what it styles)."""

__all__ = ["SP_CSS"]

SP_CSS = """
<style>
.lsn-sp-view { gap: 6px; }
.lsn-sp-view .widget-html-content { line-height: 1.35; }
.lsn-sp-seq .lsn-sp-turnno { margin-right: 6px; }
.lsn-sp-mapstack { position: relative; margin: 0; flex: none; }
.lsn-sp-mapstack > .lsn-sp-faces { margin: 0 !important; width: 100%; }
.lsn-sp-hits > .widget-button.lsn-sp-hit.lsn-last-move { background: rgba(255,234,0,0.10); }
.lsn-sp-boardbars { gap: 2px; margin-bottom: 4px; }
.lsn-sp-lastmove { font-size: 0.88em; color: #555; }
.lsn-sp-standing { flex-flow: row wrap; align-items: center; gap: 4px; }
.lsn-sp-standing .widget-button { width: auto; }
.lsn-sp-legend { font-size: 0.8em; color: #555; }
.lsn-sp-mapstack > .lsn-sp-faces .widget-html-content { line-height: normal; height: auto; }
.lsn-sp-mapstack > .lsn-sp-faces.lsn-sp-pieces { position: absolute !important; top: 0; left: 0;
  pointer-events: none; }
/* the hex buttons' layer and its buttons are placed by where they sit (children of the map's
   stack), never by their own classes or Layout: ipywidgets puts a new view's element in the page
   first and gives it its classes and Layout styles a moment later (a frame later on a busy
   machine), so a button shown before them was drawn in the layer's corner and then moved; one
   with no position yet (its Layout's inline style) is not shown at all */
.lsn-sp-mapstack > .widget-box { position: absolute !important; top: 0; left: 0; width: 100% !important;
  height: 100% !important; margin: 0 !important; padding: 0 !important; background: transparent; overflow: visible; }
.lsn-sp-mapstack > .widget-box > .widget-button { position: absolute; margin: 0 !important; padding: 0; border: none;
  background: transparent; box-shadow: none; cursor: pointer; min-width: 0;
  clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%); }
.lsn-sp-mapstack > .widget-box > .widget-button:not([style*="top"]) { display: none !important; }
.lsn-sp-hits.lsn-sp-flat > .widget-button.lsn-sp-hit { clip-path: polygon(25% 0, 75% 0, 100% 50%, 75% 100%, 25% 100%, 0 50%); }
.lsn-sp-hits > .widget-button.lsn-sp-hit:hover { background: rgba(255,255,255,0.16); }
.lsn-sp-hits > .widget-button.lsn-sp-hit:focus-visible { background: rgba(255,255,255,0.3); outline: none; }
.lsn-sp-hits > .widget-button.lsn-sp-hit:focus { outline: none; }
.lsn-sp-panel { border: 1px solid #c9c3d9; border-radius: 6px; padding: 4px 8px; background: #fbfaff; }
.lsn-sp-panel-title { font-weight: 600; margin: 2px 0; }
.lsn-sp-chip { display: inline-block; width: 0.85em; height: 0.85em; border-radius: 50%; margin-right: 0.3em;
  vertical-align: -0.08em; border: 1px solid #333; }
.lsn-sp-dot { display: inline-block; min-width: 1.25em; height: 1.25em; line-height: 1.25em; border-radius: 50%;
  text-align: center; font-size: 0.8em; font-weight: 700; margin-right: 2px; border: 1px solid #555; }
.lsn-sp-badge { display: inline-block; border-radius: 8px; padding: 0 6px; font-size: 0.78em; font-weight: 700;
  background: #ffd54f; color: #4e342e; border: 1px solid #a1887f; margin-left: 3px; }
.lsn-sp-clans { overflow-x: auto; max-width: 100%; }
.lsn-sp-clans table { border-collapse: collapse; font-size: 0.88em; width: 100%; }
@media (max-width: 760px) { .lsn-sp-clans table { font-size: 0.78em; } .lsn-sp-clans td, .lsn-sp-clans th { padding: 1px 2px; } }
.lsn-sp-clans td, .lsn-sp-clans th { padding: 2px 4px; text-align: left; vertical-align: middle; border-bottom: 1px solid #e6e2f0; }
.lsn-sp-clans tr.lsn-sp-actor { background: #fff3cd; }
.lsn-sp-clans tr.lsn-sp-me td:first-child { font-weight: 700; }
.lsn-sp-clans tr.lsn-sp-out { opacity: 0.55; }
.lsn-sp-marker { display: inline-block; width: 1.2em; text-align: center; border: 1px solid #777; border-radius: 3px;
  margin-right: 1px; font-size: 0.8em; background: #eceff1; }
.lsn-sp-marker.lsn-sp-used { opacity: 0.3; text-decoration: line-through; }
.lsn-sp-order { display: flex; flex-flow: row wrap; gap: 4px; align-items: center; }
.lsn-sp-order { font-size: 0.85em; }
.lsn-sp-order .lsn-sp-slot { border: 2px solid #bbb; border-radius: 14px; padding: 0 7px; background: #fff; white-space: nowrap; }
.lsn-sp-order .lsn-sp-slot.lsn-sp-now { border-color: #ff6f00; background: #fff3e0; font-weight: 700; }
.lsn-sp-seq { display: flex; flex-flow: row wrap; gap: 3px; align-items: center; font-size: 0.82em; }
.lsn-sp-seq .lsn-sp-phase { border: 1px solid #bbb; border-radius: 4px; padding: 0 2px; background: #fafafa; white-space: nowrap; }
.lsn-sp-seq .lsn-sp-s { display: inline-block; padding: 0 4px; border-radius: 3px; color: #555; }
.lsn-sp-seq .lsn-sp-s.lsn-sp-now { background: #4527a0; color: #fff; font-weight: 700; }
.lsn-sp-seq .lsn-sp-s.lsn-sp-skip { color: #bbb; }
.lsn-sp-prompt { font-size: 1.02em; }
.lsn-sp-actions { display: flex; flex-flow: row wrap; gap: 4px; }
.lsn-sp-actions .widget-button, .lsn-sp-tools .widget-button { width: auto; }
.lsn-sp-hand { display: flex; flex-flow: row wrap; gap: 4px; }
.widget-button.lsn-sp-card { white-space: pre-line; line-height: 1.2; font-size: 11.5px; width: 132px !important;
  height: auto !important; min-height: 78px; padding: 3px 5px 4px; margin: 0; text-align: left; vertical-align: top;
  border: 1px solid #8d6e63; border-top: 7px solid #8d6e63; border-radius: 8px; overflow: visible;
  text-overflow: clip; background: #fffdf5; color: #222; box-shadow: 0 1px 2px rgba(0,0,0,0.2); }
.widget-button.lsn-sp-card::first-line { font-weight: 700; font-size: 12px; }
.widget-button.lsn-sp-card.lsn-sp-combatcard { background: #fff8e1; border-color: #e65100; }
.widget-button.lsn-sp-card.lsn-sp-eventcard { background: #e8f5e9; border-color: #2e7d32; }
.lsn-sp-hand { align-items: flex-start; }
/* the side column: your cards first, one height (a row that scrolls sideways), and the tools,
   combat and election boxes over the log under them: a combat's cards stay in view, and
   nothing moves as the boxes come and go */
.lsn-app .lsn-side .lsn-sp-handbox.lsn-hand { height: 13.4em; max-height: 13.4em; overflow: hidden !important; }
.lsn-app .lsn-sp-handbox .lsn-sp-hand { flex-wrap: nowrap; overflow-x: auto; overflow-y: hidden; padding-bottom: 4px; }
.lsn-app .lsn-sp-handbox .widget-button.lsn-sp-card { flex-shrink: 0; }
.lsn-app .lsn-side:has(> .lsn-sp-handbox) > .lsn-dialogs { top: calc(13.4em + 6px); }
.lsn-app .lsn-sp-boardbars { min-height: 3.1em; }
/* the side column and clan displays show once the map's picture is (after its hex buttons: on a
   phone the cards and log under it jumped down) */
.lsn-app .lsn-board-col:has(> .lsn-sp-board):not(:has(> .lsn-sp-board svg)) ~ .lsn-side,
.lsn-app .lsn-board-col:has(> .lsn-sp-board):not(:has(> .lsn-sp-board svg)) > .lsn-players { visibility: hidden; }
/* the clan displays and the map's legend show once the clans' table is drawn (a moment after the
   map): the legend under the table jumped down as it came */
.lsn-app .lsn-sp-players:not(:has(.lsn-sp-clans table)) { visibility: hidden; }
/* the prompt too, until the map is drawn: on a phone it slid down to the screen's bottom as the
   map came in (its Hint button moved with it) */
.lsn-app .lsn-board-col:has(> .lsn-sp-board):not(:has(> .lsn-sp-board svg)) ~ .lsn-prompt { visibility: hidden; }
@media (max-width: 760px) {  /* one line each on a phone too (they scroll sideways): the map under them stays put */
  .lsn-app .lsn-sp-boardbars .lsn-sp-seq, .lsn-app .lsn-sp-boardbars .lsn-sp-order { flex-wrap: nowrap; overflow-x: auto; }
  .lsn-app .lsn-sp-boardbars .lsn-sp-seq > *, .lsn-app .lsn-sp-boardbars .lsn-sp-order > * { flex-shrink: 0; } }
/* the map's column keeps the height of the tallest map that fits the window (GalaxyMap's
   RESERVED_HEIGHT): the clan displays under it stay put as maps of other shapes are drawn */
@media (min-width: 761px) { .lsn-app .lsn-board-col > .lsn-sp-board { min-height: calc(100vh - 166px + 3.1em + 6px); } }  /* the turn and order bars, drawn a moment after the page */
/* a tutorial on a phone (its card under the map): the map's room is that of the tallest map
   (as tall as the window is wide: GalaxyMap._layout), kept as galaxies of other shapes are drawn
   and while one is laid out */
@media (max-width: 760px) { .lsn-tutorial .lsn-app .lsn-board-col > .lsn-sp-board { min-height: calc(100vw - 24px + 3.1em); } }
.lsn-app .lsn-sp-handbox > .widget-html:first-child { height: 2.5em; overflow: hidden; }
.lsn-app .lsn-sp-handbox > .widget-html:first-child .widget-html-content > div { white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
@media (max-width: 760px) { .widget-button.lsn-sp-card { width: calc(50% - 4px) !important; font-size: 13px; } }
.widget-button.lsn-sp-card.lsn-sp-playable { box-shadow: 0 0 0 3px #4527a0; }
.widget-button.lsn-sp-card:focus { outline: 3px solid #0d47a1; outline-offset: 1px; }
.lsn-sp-combat table { border-collapse: collapse; }
.lsn-sp-combat td, .lsn-sp-combat th { padding: 1px 8px 1px 0; text-align: left; }
.lsn-sp-techbar { position: relative; height: 16px; width: 260px; border: 1px solid #555; border-radius: 3px;
  background: #f1f8e9; overflow: hidden; }
.lsn-sp-techbar .lsn-sp-techfill { position: absolute; left: 0; top: 0; bottom: 0; background: #ffb300; }
.lsn-sp-techbar .lsn-sp-techline { position: absolute; top: 0; bottom: 0; width: 3px; background: #b71c1c; }
.lsn-sp-oddsbar { display: flex; height: 14px; width: 260px; border: 1px solid #555; border-radius: 3px; overflow: hidden; }
.lsn-sp-rounds { margin: 2px 0; padding-left: 1.4em; }
.lsn-sp-rounds li { margin: 2px 0; }
.lsn-sp-rounds svg { vertical-align: middle; }
.lsn-sp-election table { border-collapse: collapse; }
.lsn-sp-election td, .lsn-sp-election th { padding: 1px 8px 1px 0; text-align: left; }
/* the combat box with nothing in it (no combat) takes no room: an empty white box lay over the
   log, and moved as the tools above it came and went */
.lsn-app .lsn-dialogs > .lsn-sp-combatbox:not(:has(> :not([style*="display: none"]))) { display: none !important; }
/* the combat box first, the tools under it: the troop type shown for the redeployment after a
   combat (or hidden at the next step) moved the combat's result under it */
.lsn-app .lsn-dialogs > .lsn-sp-combatbox { order: -1; }
@media (max-width: 760px) {
  /* the prompt keeps the room of its longest text (four lines, three of the last move) and of
     six buttons, two a row: a new decision moves nothing in it (it grows past that rather
     than cut a sentence) */
  .lsn-app .lsn-prompt > .lsn-view-prompt:has(> .lsn-sp-lastmove) { --lsn-prompt-text: 11.4em; }
  .lsn-app .lsn-prompt .lsn-sp-prompt { min-height: 5.8em; }
  /* rows of one height (two lines of a label): a button relabelled in place (a card discarded,
     a longer label) changes no row's height, so no button under it moves */
  .lsn-app .lsn-prompt .lsn-sp-actions { display: grid !important; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 4px;
    grid-auto-rows: 32px; min-height: calc(3 * 32px + 8px); align-content: start; width: 100%; }
  .lsn-app .lsn-prompt .lsn-sp-actions .widget-button { width: auto; min-width: 0; margin: 0; height: auto;
    min-height: 0; white-space: normal; line-height: 1.15; font-size: 12px; overflow: hidden; }
  /* the last move in three lines at most (the room kept for it; the log has it whole) */
  .lsn-app .lsn-prompt .lsn-sp-lastmove-text { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3;
    overflow: hidden; }
  .lsn-app .lsn-actions:has(> .lsn-sp-actions) { flex-wrap: nowrap; }
  .lsn-app .lsn-screen > .lsn-prompt:has(> .lsn-view-prompt > .lsn-sp-lastmove) { min-height: 24.5em; }
  /* the tutorial's prompt, stuck to the screen's bottom under its card: only as tall as what it
     shows (the turn line, the step's prompt, its buttons), all of it whole, none kept empty */
  /* (the turn line keeps three lines, as on a play page: the shell's tutorial CSS) */
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt:has(.lsn-sp-prompt) { height: auto; max-height: none;
    min-height: 0; overflow: visible !important; padding-bottom: 2px; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-view-prompt { min-height: 0; height: auto; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt .lsn-sp-prompt { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt .lsn-sp-actions { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-actions { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt > .lsn-status { min-height: 0; }
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt .lsn-sp-lastmove:not(:has(.lsn-sp-lastmove-text)) { display: none; }
  /* (a hex, card or button scrolled into view stops above the prompt: the shell's tutorial CSS) */
  /* hidden while a new step is set up (SpacePigsTutorial.go): its parts come in one by one */
  .lsn-tutorial .lsn-app .lsn-tut-column > .lsn-prompt.lsn-tut-switching { visibility: hidden !important; } }
</style>
"""
