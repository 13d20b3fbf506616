/* global document, requestAnimationFrame, Image */
// Fetches and runs the page's scripts once its first screen is painted (its text and, when it has
// one, its first poster); why: apps/web/build/prerender.ts.
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
  var afterPaint = function () {
    // A hidden tab paints nothing (no animation frame comes).
    if (document.visibilityState === 'hidden') start();
    else
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
  };
  var first = document.querySelector('[data-first-poster]');
  var poster = first && first.getAttribute('poster');
  if (!poster) return afterPaint();
  // The page's largest paint: its scripts wait for it, up to 3 s on a slow network.
  var image = new Image();
  image.onload = image.onerror = afterPaint;
  image.src = poster;
  setTimeout(start, 3000);
})();
