/* Livestock Notebooks: "connection lost, reconnecting" when the server goes away.
 *
 * Once the page has rendered, it asks the server for this small file every PROBE_MS (a HEAD
 * request to the same origin, never cached). After two failed asks in a row (the server gone,
 * the network down, or no answer within TIMEOUT_MS) a banner says the connection is lost and
 * that the page is reconnecting; it keeps asking, and when the server answers again the page
 * reloads itself: a new kernel, and the game comes back from its autosave or its table.
 */
(function () {
  'use strict';
  var PROBE_MS = 1500;
  var TIMEOUT_MS = 3000;
  var me = document.currentScript ? document.currentScript.src : '';
  var failures = 0;
  var lost = false;
  var banner = null;

  function showBanner() {
    banner = document.createElement('div');
    banner.className = 'lsn-connection-lost';
    banner.setAttribute('role', 'alert');
    banner.style.cssText = 'position:fixed;top:0;left:0;right:0;z-index:10000;padding:0.6em 1em;' +
      'background:#b3261e;color:#fff;font:600 16px/1.4 sans-serif;text-align:center';
    banner.textContent = 'Connection to the server lost: reconnecting\u2026 ' +
      'The page comes back by itself when the server answers again.';
    document.body.appendChild(banner);
  }

  function probe() {
    var controller = typeof AbortController === 'function' ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT_MS) : null;
    fetch(me, {method: 'HEAD', cache: 'no-store', credentials: 'same-origin',
               signal: controller ? controller.signal : undefined})
      .then(function (response) { return response.ok || response.status < 500; })
      .catch(function () { return false; })
      .then(function (ok) {
        if (timer) { clearTimeout(timer); }
        if (ok) {
          failures = 0;
          if (lost) {
            banner.textContent = 'Connected again: reloading the page\u2026';
            location.reload();
            return;
          }
        } else {
          failures += 1;
          if (failures >= 2 && !lost) {
            lost = true;
            showBanner();
          }
        }
        setTimeout(probe, PROBE_MS);
      });
  }

  if (me && window.lsnPageComplete && window.fetch) {
    setTimeout(probe, PROBE_MS);
  }
})();
