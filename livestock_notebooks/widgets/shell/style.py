"""The shell's style sheet: one ``<style>`` block shown once at the top of a game page.

Every control carries an ``lsn-...`` CSS class (browser tests locate them); the rules here
only style them.
"""

__all__ = ["APP_CSS"]

APP_CSS = """
<style>
.lsn-app { max-width: 1340px; }
/* Voila's page box (#rendered_cells, the box that scrolls, and the panel around it) has Lumino's
   `contain: strict`, which makes it the containing block of `position: fixed` parts: a dialog
   fixed to the top of a phone's screen (the BattleGoats battle report) sat at the top of the
   page instead and scrolled away with it. On a game page fixed means the screen. */
#rendered_cells:has(.lsn-app), #jp-main-content-panel:has(.lsn-app) { contain: none !important; }
.lsn-title h2 { margin: 0.1em 0; font-size: 1.35em; }
/* a widget that only carries a style sheet takes no room (one drawn at its first paint took
   300 px for a moment, and the board under it jumped up) */
.lsn-app .widget-html:has(> .widget-html-content > style:only-child) { height: 0; min-height: 0;
  margin: 0 !important; padding: 0; overflow: hidden; }
/* the slim top bar: title left, the page's buttons right */
.lsn-app .lsn-topbar { justify-content: space-between; align-items: center; flex-wrap: wrap;
  border-bottom: 1px solid #ddd; margin-bottom: 6px; }
.lsn-app .lsn-controls .widget-button, .lsn-app .lsn-controls .widget-toggle-button { width: auto; }
.lsn-confirm-new { border: 2px solid #f9a825; border-radius: 6px; padding: 4px 8px; background: #fffde7; }
.lsn-menu { border: 1px solid #ccc; border-radius: 6px; padding: 6px 8px; background: #fafafa; margin-bottom: 6px; }
.lsn-help { border: 1px solid #cfd8dc; border-radius: 6px; padding: 2px 12px; background: #f7fafc;
  margin-bottom: 6px; max-height: 60vh; overflow-y: auto; }
/* the game screen: board left (as big as it is), prompt / dialogs / hand / log in a fixed-width
   column right, so nothing moves sideways when the selection changes */
/* the board column takes what the right column leaves (not the board's own width): the right
   column never moves sideways as the board is drawn or grows; the prompt keeps a least height
   (most prompts fit) so the dialogs and log below do not jump with each new prompt */
.lsn-app .lsn-screen { display: grid !important; grid-template-columns: minmax(0, 1fr) minmax(300px, 440px);
  grid-template-rows: auto 1fr; grid-template-areas: "board prompt" "board side"; column-gap: 14px;
  row-gap: 6px; align-items: start; }
.lsn-app .lsn-board-col { grid-area: board; min-width: 0; max-width: 100%; }
.lsn-app .lsn-board { max-width: 100%; }
.lsn-app .lsn-prompt { grid-area: prompt; border: 1px solid #cfd8dc; border-left: 6px solid #90a4ae;
  border-radius: 6px; padding: 4px 8px; background: #fbfcfd; }
.lsn-app .lsn-screen > .lsn-prompt { height: 17em; overflow-y: auto !important; box-sizing: border-box; }
/* the message line under the actions: a message that comes or goes moves no button */
.lsn-app .lsn-prompt > .lsn-status { order: 5; }
.lsn-app .lsn-prompt > .lsn-bot-hint-text { order: 6; }
/* text on the game screen at a reading line height (an HTML widget's own is 28px a line) */
.lsn-app .lsn-screen .widget-html > .widget-html-content { line-height: 1.4; }
/* the Hint button in the prompt's top right corner: the actions row keeps fewer rows, and
   nothing under it moves when a longer action comes */
@media (min-width: 761px) { .lsn-app .lsn-screen .lsn-prompt { position: relative; } }  /* sticky on a phone */
.lsn-app .lsn-prompt > .lsn-actions { position: static !important; }
.lsn-app .lsn-prompt .lsn-actions > .lsn-bot-hint { position: absolute; top: 3px; right: 4px; z-index: 2; }
.lsn-app .lsn-prompt > .lsn-turn { padding-right: 5.2em; box-sizing: border-box; }
.lsn-app .lsn-prompt.lsn-prompt-mine { border-left-color: #2e7d32; background: #f1f8e9; }
.lsn-app .lsn-actions { flex-wrap: wrap; gap: 4px; align-items: center; min-height: 34px; }  /* kept: nothing jumps */
.lsn-app .lsn-actions .widget-button { width: auto; }
.lsn-app .lsn-side { grid-area: side; min-width: 0; position: relative; }
/* dialogs that come and go (battle, combat, vote...) lie over the top of the side column (the
   hand), never pushing the hand and log down */
.lsn-app .lsn-side > .lsn-dialogs { position: absolute; top: 0; left: 0; right: 0; z-index: 12;
  overflow: visible !important; }
.lsn-app .lsn-side > .lsn-dialogs > * { flex-shrink: 0; }
.lsn-app .lsn-dialogs > .lsn-dialog { background: #fff; box-shadow: 0 2px 10px rgba(0,0,0,0.22); border-radius: 6px; }
/* the prompt's text keeps one height (it scrolls inside): the actions under it never move */
.lsn-app .lsn-prompt > .lsn-view-prompt { height: 6.2em; overflow-y: auto !important; box-sizing: border-box; }
/* the hand keeps one height (it scrolls inside): the log under it stays put as it changes */
.lsn-app .lsn-side .lsn-hand { height: 42vh; max-height: 42vh; overflow-y: auto; box-sizing: border-box; }
/* an HTML widget's content may shrink to its box (a grid of cards wraps instead of overflowing) */
.lsn-app .widget-html > .widget-html-content { min-width: 0; }
/* dice roll for a moment when they show a new throw (a new SVG is drawn each time); nothing
   waits for it, and it is off for players who ask for reduced motion */
@keyframes lsn-roll { 0% { transform: rotate(-200deg) scale(0.6); opacity: 0.3; }
  70% { transform: rotate(12deg) scale(1.05); opacity: 1; } 100% { transform: none; } }
.lsn-app svg.lsn-die-rolled { animation: lsn-roll 0.5s ease-out; }
@media (prefers-reduced-motion: reduce) { .lsn-app svg.lsn-die-rolled { animation: none; } }
/* parts keep their own height: the hand scrolls rather than squeezing a row of it */
.lsn-app .lsn-side > *, .lsn-app .lsn-side .lsn-hand > *, .lsn-app .lsn-prompt > * { flex-shrink: 0; }
@media (max-width: 760px) {
  /* a flex column (not a grid: a grid area would hold the sticky prompt inside its own row) */
  .lsn-app .lsn-screen { display: flex !important; flex-direction: column; gap: 6px; }
  /* each part the screen's full width from the start (the grid's "start" made them as wide as
     their content, and they widened, moving their buttons sideways, as the content came in) */
  .lsn-app .lsn-screen { align-items: stretch; }
  /* the prompt comes last in the column, stuck to the bottom of the screen, with one fixed
     height: a new prompt moves nothing else on the page, and a long list of choices scrolls
     inside it (the board stays in sight) */
  .lsn-app .lsn-prompt { position: sticky; bottom: 0; z-index: 20; box-shadow: 0 -2px 6px rgba(0,0,0,0.15);
    order: 10; height: 34vh; max-height: 34vh; min-height: 0; overflow-y: auto !important; box-sizing: border-box; }
  .lsn-app .lsn-screen > .lsn-prompt { min-height: 0; }
  /* every sentence of the prompt whole, none scrolling in a box: the prompt and its text keep
     the room of the longest at this width (a view may reserve more: --lsn-prompt-text), and
     grow past it rather than cut a sentence */
  .lsn-app .lsn-screen > .lsn-prompt { height: auto; min-height: 17em; max-height: none; }
  .lsn-app .lsn-prompt > .lsn-view-prompt { height: auto; min-height: var(--lsn-prompt-text, 6.2em);
    overflow: visible !important; }
  /* the turn line: three lines of a smaller font (beside the Hint button two lines cut the
     longer ones: "Round 1: Player 2 attacks; Player 1 lets their face-down card fight...") */
  .lsn-app .lsn-screen > .lsn-prompt > .lsn-turn { font-size: 1em; height: 4.2em; }
  .lsn-app .lsn-prompt > .lsn-turn .lsn-turn-line { -webkit-line-clamp: 3; }
  /* the hand keeps one height here too (it scrolls inside): the log under it stays put */
  .lsn-app .lsn-side .lsn-hand { height: 46vh; max-height: 46vh; }
  /* the log keeps its height from its first line: the players strip under it stays put */
  .lsn-app .lsn-side .lsn-log-scroll { min-height: 7.5em; }
  /* the players strip after the hand and log (it grows as the panels are drawn, moving nothing) */
  .lsn-app .lsn-screen > .lsn-board-col { display: contents !important; }
  .lsn-app .lsn-board-col > .lsn-players { order: 8; }
  /* boxes scroll (overflow: auto) by default, which would hold the sticky prompt in place */
  .lsn-app, .lsn-app .lsn-game, .lsn-app .lsn-screen { max-width: 100vw; overflow: visible !important; }
  .jp-OutputArea:has(.lsn-app), .jp-OutputArea-child:has(.lsn-app), .jp-OutputArea-output:has(.lsn-app) {
    overflow: visible !important; }
}
/* hidden is hidden (the pass-the-device screen): the screen's display above is !important */
.lsn-app .lsn-screen[style*="display: none"] { display: none !important; }
.lsn-turn { font-size: 1.1em; font-weight: 600; }
/* the turn line keeps the height of two lines: a line that wrapped (a bot's turn) moved the prompt */
.lsn-turn .lsn-turn-line { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.lsn-app .lsn-prompt > .lsn-turn { height: 2.8em; overflow: hidden; }
/* the players strip and the side column show once the board is drawn (its buttons are there):
   drawn under an empty board, they jumped down the page as the board came in (a :has() may
   not hold another :has(), which would drop the whole rule: the side is the board column's sibling) */
.lsn-app .lsn-board-col:not(:has(> .lsn-board button)) > .lsn-players,
.lsn-app .lsn-board-col:not(:has(> .lsn-board button)) ~ .lsn-side { visibility: hidden; }
.lsn-turn .lsn-chip { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
  margin-right: 0.4em; vertical-align: -0.1em; border: 1px solid #333; }
.lsn-status { min-height: 1.6em; }
.lsn-status .lsn-msg-error { color: #b00020; font-weight: 600; }
.lsn-status .lsn-msg-info { color: #1b5e20; }
.lsn-status .lsn-msg-bot { color: #555; font-style: italic; }
.lsn-app .lsn-log .widget-html-content, .lsn-app .lsn-status .widget-html-content { line-height: 1.4; }
.lsn-log-scroll { max-height: 15em; overflow-y: auto; display: flex; flex-direction: column-reverse; box-sizing: border-box;
  border: 1px solid #ccc; border-radius: 4px; padding: 4px 10px; background: #fcfcfc; }
/* the log's boxes (log.py): the scrolling box fills the log's width, keeps its newest page at its
   foot (column-reverse) and holds one box of pages that neither scrolls nor spaces its pages */
.lsn-log.widget-box { margin: var(--jp-widgets-margin, 2px); align-self: stretch; min-width: 0; }
.lsn-log > .lsn-log-scroll.widget-box { flex: 1 1 auto; min-width: 0; flex-direction: column-reverse; overflow-y: auto; }
.lsn-log-scroll > .lsn-log-pages.widget-box { flex: 0 0 auto; overflow: visible; margin: 0; }
.lsn-log-pages > .lsn-log-page.widget-html { margin: 0; height: auto; }
.lsn-log-scroll ol { margin: 0; padding-left: 1.6em; }
.lsn-log-scroll li { margin: 1px 0; }
.lsn-log-dot { display: inline-block; width: 0.7em; height: 0.7em; border-radius: 50%;
  margin-right: 0.35em; }
.lsn-handoff-box { border: 3px dashed #888; border-radius: 8px; padding: 1.5em; text-align: center;
  background: #f4f4f4; }
.lsn-handoff-box .lsn-handoff-text { font-size: 1.3em; }
.lsn-resume-box { border: 2px solid #2e7d32; border-radius: 8px; padding: 0.8em; background: #f1f8e9; }
.lsn-section-title { font-weight: 600; margin-top: 0.6em; }
.lsn-save-anchor { display: inline-block; padding: 4px 12px; border: 1px solid #888; border-radius: 3px;
  background: #eee; color: #000; text-decoration: none; }
.lsn-save-anchor:focus, .lsn-save-anchor:hover { background: #ddd; outline: 2px solid #1976d2; }
.lsn-actions-list .widget-button { width: auto; }
/* keyboard focus: a clear ring on buttons, board cells and cards (mouse clicks show none) */
.lsn-app button:focus-visible, .lsn-app .lsn-board [tabindex]:focus-visible,
.lsn-app select:focus-visible, .lsn-app input:focus-visible, .lsn-app .lsn-save-anchor:focus-visible {
  outline: 3px solid #1565c0 !important; outline-offset: 2px; z-index: 5; }
</style>
"""