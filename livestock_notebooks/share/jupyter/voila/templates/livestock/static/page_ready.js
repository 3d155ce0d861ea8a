/* Livestock Notebooks: a page that could not be made ready says so and tries again.
 *
 * Runs once the page's HTML has all arrived (a deferred script). The page failed when Voila
 * did not reach the end of the page (the kernel could not be started, the server stopped), when
 * a cell shows an error (a cell that timed out waiting for its output under load, or raised), or
 * when no code cell has any output (the output was lost: a blank page). Then a short message
 * replaces the page and it reloads itself after a while (10 s, then 30 s, then 60 s), three times
 * at most; after that a button tries again. A page that renders clears the count. The failed
 * page's kernel is shut down at once (the same beacon Voila sends when a page closes), so retries
 * on a busy server do not pile up kernels. Fetches nothing.
 */
(function () {
  'use strict';
  var KEY = 'lsnPageRetries:' + location.pathname + location.search;
  var TRIES = 3;
  var WAITS = [10, 30, 60];

  function problem() {
    var cells = document.getElementById('rendered_cells');
    if (!window.lsnPageComplete || !cells) {
      return 'the server could not start its part of the page';
    }
    if (cells.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')) {
      return 'the server was too busy to finish it';
    }
    if (cells.querySelector('.jp-CodeCell') && !cells.querySelector('.jp-OutputArea-child')) {
      return 'the server was too busy to send it';
    }
    return null;
  }

  function tries() {
    try { return parseInt(sessionStorage.getItem(KEY) || '0', 10) || 0; } catch (e) { return TRIES; }
  }

  function setTries(n) {
    try { if (n) { sessionStorage.setItem(KEY, String(n)); } else { sessionStorage.removeItem(KEY); } } catch (e) { /* private mode */ }
  }

  function freeKernel() {
    try {
      var config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
      if (config.kernelId && navigator.sendBeacon) {
        navigator.sendBeacon(config.baseUrl + 'voila/api/shutdown/' + config.kernelId);
      }
    } catch (e) { /* no kernel was started for this page */ }
  }

  function show(reason) {
    var done = tries();
    freeKernel();
    ['loading', 'rendered_cells'].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { el.style.display = 'none'; }
    });
    var box = document.createElement('div');
    box.className = 'lsn-page-retry';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'max-width:36em;margin:4em auto;padding:1em 1.5em;border:1px solid #c9a227;' +
      'border-radius:6px;background:#fff8e1;font:16px/1.5 sans-serif;color:#333';
    var text = document.createElement('p');
    var button = document.createElement('button');
    button.className = 'lsn-page-retry-now';
    button.type = 'button';
    button.textContent = 'Try again now';
    button.onclick = function () { setTries(done >= TRIES ? 0 : done + 1); location.reload(); };
    if (done < TRIES) {
      var seconds = WAITS[Math.min(done, WAITS.length - 1)];
      text.textContent = 'This page could not be made ready: ' + reason + '. Trying again in ' +
        seconds + ' s (try ' + (done + 1) + ' of ' + TRIES + ').';
      setTimeout(function () { setTries(done + 1); location.reload(); }, seconds * 1000);
    } else {
      text.textContent = 'This page could not be made ready after ' + TRIES + ' tries: ' + reason +
        '. The server may be overloaded; try again in a minute.';
    }
    box.appendChild(text);
    box.appendChild(button);
    document.body.appendChild(box);
    document.title = 'Not ready: ' + document.title;
  }

  var reason = problem();
  if (reason) {
    show(reason);
  } else {
    setTries(0);
  }
})();
