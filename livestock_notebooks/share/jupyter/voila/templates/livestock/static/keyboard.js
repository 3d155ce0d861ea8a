/*
 * Livestock Notebooks: keyboard play on the game pages (loaded by the livestock Voila template;
 * it fetches nothing). Python widgets cannot move the browser's focus, so this script does:
 *
 * - a dialog takes focus: when an element with class "lsn-dialog-main" becomes visible (a battle
 *   box, a decision, a confirmation opens), focus moves to it, unless the player is typing in a
 *   text field (without scrolling: the page keeps still, and the screens place dialogs in view);
 * - Esc clicks the visible "lsn-dialog-cancel" button nearest the focus (Cancel, Clear choice,
 *   Keep playing, close the menu), then focus goes back where it was before the dialog opened;
 * - the board is one Tab stop: its cells are reached with the arrow keys (the last cell used
 *   keeps the Tab stop), so the prompt's action buttons are a few Tabs from the board;
 * - the prompt (turn line and the game's prompt) and the game log's new lines are announced to
 *   screen readers (aria-live; the log's box is a role="log"),
 *   and the page title starts with "● " while the decision is yours (class lsn-prompt-mine).
 */
(function () {
  "use strict";

  var MAIN = ".lsn-dialog-main";
  var CANCEL = ".lsn-dialog-cancel";
  var MINE_MARK = "\u25CF ";
  var TEXT_TYPES = ["text", "number", "search", "email", "password", "url", "tel"];

  var shownMain = new Set(); // main buttons visible at the last look
  var opener = null; // what had the focus when a dialog took it
  var restore = null; // {to: element, until: time}: after Esc, focus goes back here
  var scheduled = false;

  function visible(el) {
    if (!el || !el.isConnected) return false;
    if (!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)) return false;
    return window.getComputedStyle(el).visibility !== "hidden";
  }

  function usable(el) {
    return visible(el) && !el.disabled;
  }

  function typing() {
    var a = document.activeElement;
    if (!a || a === document.body) return false;
    if (a.isContentEditable || a.tagName === "TEXTAREA") return true;
    return a.tagName === "INPUT" && TEXT_TYPES.indexOf((a.type || "text").toLowerCase()) >= 0;
  }

  function focusLost() {
    var a = document.activeElement;
    return !a || a === document.body || !visible(a);
  }

  // -- a dialog takes focus -------------------------------------------------------------
  function focusNewDialogs() {
    var now = new Set();
    var fresh = null;
    document.querySelectorAll(MAIN).forEach(function (el) {
      if (usable(el)) {
        now.add(el);
        if (!shownMain.has(el) && fresh === null) fresh = el;
      }
    });
    shownMain = now;
    if (fresh !== null && !typing() && document.activeElement !== fresh) {
      var before = document.activeElement;
      if (before && before !== document.body && !before.classList.contains("lsn-dialog-main")) opener = before;
      fresh.focus({ preventScroll: true }); // the dialog is laid out on screen; a scroll jumped the page
      return true;
    }
    return false;
  }

  // -- after Esc: back to where the player was ----------------------------------------------
  function restoreFocus() {
    if (restore === null) return;
    if (Date.now() > restore.until) {
      restore = null;
      return;
    }
    if (focusLost() && usable(restore.to)) {
      restore.to.focus({ preventScroll: true });
      restore = null;
    }
  }

  // -- the board is one Tab stop --------------------------------------------------------------
  function boardCells(board) {
    return Array.prototype.filter.call(board.querySelectorAll("button"), usable);
  }

  function rove(board, keep) {
    var cells = boardCells(board);
    if (!cells.length) return;
    if (keep === undefined || cells.indexOf(keep) < 0) {
      keep = cells.filter(function (c) { return c.getAttribute("tabindex") === "0"; })[0] || cells[0];
    }
    board.querySelectorAll("button").forEach(function (c) {
      var want = c === keep ? "0" : "-1";
      if (c.getAttribute("tabindex") !== want) c.setAttribute("tabindex", want);
    });
  }

  function outerBoard(el) {
    var board = el.closest(".lsn-board");
    while (board && board.parentElement && board.parentElement.closest(".lsn-board")) {
      board = board.parentElement.closest(".lsn-board");
    }
    return board;
  }

  function centre(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  var DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function nextCell(board, from, key) {
    var d = DIRECTIONS[key];
    var c0 = centre(from);
    var best = null;
    var bestScore = Infinity;
    boardCells(board).forEach(function (cell) {
      if (cell === from) return;
      var c = centre(cell);
      var along = (c.x - c0.x) * d[0] + (c.y - c0.y) * d[1];
      var across = Math.abs((c.x - c0.x) * d[1] + (c.y - c0.y) * d[0]);
      if (along < 1) return;
      var score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = cell;
      }
    });
    return best;
  }

  // -- prompt announced, title marked ------------------------------------------------------------
  function announce() {
    document.querySelectorAll(".lsn-prompt .lsn-turn, .lsn-view-prompt").forEach(function (el) {
      if (el.getAttribute("aria-live") !== "polite") el.setAttribute("aria-live", "polite");
    });
    // the game log's scrolling box (a widget box: its pages are replaced, the box stays)
    document.querySelectorAll(".lsn-log-scroll").forEach(function (el) {
      if (el.getAttribute("role") !== "log") { el.setAttribute("role", "log"); el.setAttribute("aria-live", "polite"); }
    });
    var mine = Array.prototype.some.call(document.querySelectorAll(".lsn-prompt.lsn-prompt-mine"), visible);
    var title = document.title;
    var bare = title.indexOf(MINE_MARK) === 0 ? title.slice(MINE_MARK.length) : title;
    var want = mine ? MINE_MARK + bare : bare;
    if (want !== title) document.title = want;
  }

  // -- watching the page -------------------------------------------------------------------
  function look() {
    scheduled = false;
    document.querySelectorAll(".lsn-board").forEach(function (board) {
      if (!board.parentElement || !board.parentElement.closest(".lsn-board")) rove(board);
    });
    if (!focusNewDialogs()) restoreFocus();
    announce();
  }

  function schedule() {
    if (!scheduled) {
      scheduled = true;
      window.requestAnimationFrame(look);
      // a background tab (or a window the browser draws no frames for) gets no animation
      // frames, but its title must still say when the decision is yours (a table played from
      // several browsers): timers still run there
      setTimeout(function () { if (scheduled) look(); }, 400);
    }
  }

  function nearestCancel() {
    var all = Array.prototype.filter.call(document.querySelectorAll(CANCEL), usable);
    if (!all.length) return null;
    for (var el = document.activeElement; el && el !== document.body; el = el.parentElement) {
      for (var i = 0; i < all.length; i++) {
        if (el.contains(all[i])) return all[i];
      }
    }
    return all[0];
  }

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape" && !typing()) {
      var cancel = nearestCancel();
      if (cancel === null) return;
      var back = opener && usable(opener) ? opener : document.activeElement;
      restore = back && back !== document.body && back !== cancel ? { to: back, until: Date.now() + 4000 } : null;
      opener = null;
      cancel.click();
      event.preventDefault();
      schedule();
      return;
    }
    if (DIRECTIONS[event.key] && event.target && event.target.tagName === "BUTTON") {
      var board = outerBoard(event.target);
      if (!board) return;
      var next = nextCell(board, event.target, event.key);
      if (next !== null) {
        rove(board, next);
        next.focus();
      }
      event.preventDefault();
    }
  }

  function onFocusIn(event) {
    var t = event.target;
    if (t && t.tagName === "BUTTON") {
      var board = outerBoard(t);
      if (board) rove(board, t);
    }
  }

  function start() {
    new MutationObserver(schedule).observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["class", "style", "disabled"],
    });
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    schedule();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
