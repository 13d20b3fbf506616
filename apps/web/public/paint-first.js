/* global document, requestAnimationFrame */
// Runs the page's entry after its first paint; why: apps/web/build/prerender.ts.
(function () {
  var s = document.createElement('script');
  s.type = 'module';
  s.crossOrigin = '';
  s.src = document.currentScript.getAttribute('data-entry');
  var start = function () {
    document.head.appendChild(s);
  };
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
