// Home drawn before the app's code has run: today's, when the server wrote it into the page for a signed-in request
// (server/src/ops/firstScreenPage.ts, decision 073), or else yesterday's, kept on this device
// (web/src/offline/homeSnapshot.ts, decision 040): only on Home, only by the build that kept it, only until the time
// it was kept for (the kept cache's age). Not usable until the app's first render replaces it: `inert` keeps taps,
// typing and screen readers off it meanwhile. Should the app's code fail to load or start, it goes: a screen that never
// answers is worse than an empty one.
// A page the server wrote also holds the answers of the app's first reads (`#first-answers`, JSON that runs nothing):
// each is handed to the app's own fetch of that address once, in place of a round trip; later fetches go to the server.
// Here and not in the app's code, which has no room left in Home's first download (decision 039).
(function () {
  var root = document.getElementById('root');
  var entry = document.querySelector('script[type="module"][src]');
  var drop = function () {
    if (!root || !root.hasAttribute('inert')) return;
    root.innerHTML = '';
    root.removeAttribute('inert');
    root.removeAttribute('aria-busy');
  };
  // Watched before anything here can fail: a page the server wrote arrives inert, and must not stay so.
  if (entry) entry.addEventListener('error', drop);
  window.addEventListener('error', drop);
  window.addEventListener('unhandledrejection', drop);
  try {
    var inlined = document.getElementById('first-answers');
    if (inlined) {
      var answers = JSON.parse(inlined.textContent);
      var fetchFromServer = window.fetch;
      window.fetch = function (input, init) {
        var method = (init && init.method) || 'GET';
        // Only while the app starts: an answer left over (a read it skipped) is never handed to a later fetch, which
        // may come after a change or for another person signed in on this tab.
        var starting = performance.now() < 30000;
        if (starting && typeof input === 'string' && method === 'GET' && Object.prototype.hasOwnProperty.call(answers, input)) {
          var body = JSON.stringify(answers[input]);
          delete answers[input];
          return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }));
        }
        return fetchFromServer.apply(this, arguments);
      };
    } else {
      var path = location.pathname;
      if (path !== '/' && path !== '/home') return;
      var raw = localStorage.getItem('prospectie:home-snapshot');
      if (!raw) return;
      var kept = JSON.parse(raw);
      var now = Date.now();
      if (kept.v !== 1 || !entry || kept.build !== entry.getAttribute('src') || !(kept.at <= now && now < kept.until)) return;
      root.setAttribute('inert', '');
      root.setAttribute('aria-busy', 'true');
      root.innerHTML = kept.html;
    }
  } catch {
    // Nothing that can be drawn or handed over: the app draws Home and asks for itself; a written page is dropped.
    drop();
  }
})();
