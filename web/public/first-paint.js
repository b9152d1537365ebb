// Yesterday's Home, drawn before the app's code has run (web/src/offline/homeSnapshot.ts keeps it).
// Only on Home, only by the build that kept it, only until the time it was kept for (the kept cache's age). Not
// usable until the app's first render replaces it: `inert` keeps taps, typing and screen readers off it meanwhile.
// Should the app's code fail to load or start, it goes: a screen that never answers is worse than an empty one.
(function () {
  try {
    var path = location.pathname;
    if (path !== '/' && path !== '/home') return;
    var raw = localStorage.getItem('prospectie:home-snapshot');
    if (!raw) return;
    var kept = JSON.parse(raw);
    var entry = document.querySelector('script[type="module"][src]');
    var now = Date.now();
    if (kept.v !== 1 || !entry || kept.build !== entry.getAttribute('src') || !(kept.at <= now && now < kept.until)) return;
    var root = document.getElementById('root');
    var drop = function () {
      if (!root.hasAttribute('inert')) return;
      root.innerHTML = '';
      root.removeAttribute('inert');
      root.removeAttribute('aria-busy');
    };
    entry.addEventListener('error', drop);
    window.addEventListener('error', drop);
    root.setAttribute('inert', '');
    root.setAttribute('aria-busy', 'true');
    root.innerHTML = kept.html;
  } catch {
    // Nothing kept that can be drawn: the app draws Home itself.
  }
})();
