/* global document, window, requestAnimationFrame, Image */
// Fetches and runs the page's scripts once its first screen is on screen (its text and, when it
// has one, its first poster); why: apps/web/build/prerender.ts.
(function () {
  var me = document.currentScript;
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    document.head.appendChild(script);
  };
  // A tap before the app answers on a control that has no native behaviour (the phone menu's
  // button, `data-early-action`) is kept, done once the app is ready (lib/early-actions.ts), and
  // starts the scripts at once: the person is waiting for them.
  document.addEventListener(
    'click',
    function (event) {
      var control = event.target.closest && event.target.closest('[data-early-action]');
      if (!control || document.documentElement.hasAttribute('data-app-ready')) return;
      (window.__earlyActions = window.__earlyActions || []).push(control.getAttribute('data-early-action'));
      start();
    },
    true,
  );
  // A hidden tab paints nothing; on a slow network the scripts wait at most 3 s.
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 3000);
  // Two things to wait for (the first paint, the banner's poster), then a frame after the one that
  // drew the last of them.
  var waiting = 2;
  var ready = function () {
    if (--waiting > 0) return;
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  };
  // The first paint as the browser reports it once it is on screen. An animation frame comes
  // before its paint, and on a busy phone the frame can take 100 ms more to show: scripts started
  // from the frame ran before the page was on screen (Lighthouse's first paint varied 0.7–1.7 s).
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      ready();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else ready();
  // The page's largest paint, its banner's poster: loaded before the scripts take the bandwidth.
  var first = document.querySelector('[data-first-poster]');
  var poster = first && first.getAttribute('poster');
  if (!poster) return ready();
  var image = new Image();
  image.onload = image.onerror = ready;
  image.src = poster;
})();
