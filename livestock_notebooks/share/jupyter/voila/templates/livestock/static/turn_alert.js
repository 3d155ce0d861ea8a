/* Livestock Notebooks: a sound and a tab alert when the decision becomes yours.
 *
 * Only while the page's root carries lsn-notify-on (the Menu's "Sound and tab alert when it is
 * my turn", off unless the player turns it on; the page remembers it for the browser). When the
 * prompt becomes yours (class lsn-prompt-mine appears) it plays a short tone (Web Audio, made
 * here: nothing is fetched) and, while the tab is in the background, the title alternates with
 * "Your turn!" until the tab is shown again. Each alert is counted on <html data-lsn-alerts>.
 */
(function () {
  'use strict';
  var mine = false;
  var blink = null;
  var saved = null;
  var audio = null;

  function on() { return document.querySelector('.lsn-notify-on') !== null; }

  function tone() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) { return; }
      audio = audio || new Ctx();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.4);
    } catch (e) { /* no sound: the tab alert still shows */ }
  }

  function stopBlink() {
    if (blink !== null) {
      clearInterval(blink);
      blink = null;
      if (saved !== null) { document.title = saved; }
      saved = null;
    }
  }

  function alertTurn() {
    var root = document.documentElement;
    root.setAttribute('data-lsn-alerts', String((parseInt(root.getAttribute('data-lsn-alerts') || '0', 10) || 0) + 1));
    tone();
    if (document.hidden && blink === null) {
      saved = document.title;
      var flip = false;
      blink = setInterval(function () {
        flip = !flip;
        document.title = flip ? 'Your turn!' : saved;
      }, 1000);
    }
  }

  function check() {
    var now = document.querySelector('.lsn-prompt.lsn-prompt-mine') !== null;
    if (now && !mine && on()) { alertTurn(); }
    if (!now) { stopBlink(); }
    mine = now;
  }

  document.addEventListener('visibilitychange', function () { if (!document.hidden) { stopBlink(); } });
  new MutationObserver(check).observe(document.documentElement,
                                      {subtree: true, attributes: true, attributeFilter: ['class'], childList: true});
})();
