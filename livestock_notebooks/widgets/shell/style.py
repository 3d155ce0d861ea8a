"""The shell's style sheet: one ``<style>`` block shown once at the top of a game page.

Every control carries an ``lsn-...`` CSS class (browser tests locate them); the rules here
only style them.
"""

__all__ = ["APP_CSS"]

APP_CSS = """
<style>
.lsn-app { max-width: 1100px; }
.lsn-title h2 { margin: 0.2em 0; }
.lsn-turn { font-size: 1.1em; font-weight: 600; }
.lsn-turn .lsn-chip { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
  margin-right: 0.4em; vertical-align: -0.1em; border: 1px solid #333; }
.lsn-status { min-height: 1.6em; }
.lsn-status .lsn-msg-error { color: #b00020; font-weight: 600; }
.lsn-status .lsn-msg-info { color: #1b5e20; }
.lsn-status .lsn-msg-bot { color: #555; font-style: italic; }
.lsn-app .lsn-log .widget-html-content, .lsn-app .lsn-status .widget-html-content { line-height: 1.4; }
.lsn-log-scroll { max-height: 15em; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid #ccc; border-radius: 4px; padding: 4px 10px; background: #fcfcfc; }
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
</style>
"""