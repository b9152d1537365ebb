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
      // Signed out in another tab before this one's app started (web/src/api/session.ts says it on this channel): the
      // answers in the page are no longer hers to see; the app asks the server, which says so.
      try {
        new BroadcastChannel('prospectie.session').onmessage = function (event) {
          if (event.data === 'signed-out') answers = {};
        };
      } catch {
        // No BroadcastChannel: the app learns it from its next refused call.
      }
      var fetchFromServer = window.fetch;
      window.fetch = function (input, init) {
        var method = (init && init.method) || 'GET';
        // Only while the app starts: an answer left over (a read it skipped) is never handed to a later fetch, which
        // may come after a change or for another person signed in on this tab.
        var starting = performance.now() < 30000;
        // An answer the API gives with another status than 200 (her sample report's 404) is named with it: '404 /api/…'.
        var key = [input, '404 ' + input].filter(function (k) {
          return Object.prototype.hasOwnProperty.call(answers, k);
        })[0];
        if (starting && typeof input === 'string' && method === 'GET' && key) {
          var body = JSON.stringify(answers[key]);
          delete answers[key];
          var status = key === input ? 200 : 404;
          return Promise.resolve(new Response(body, { status: status, headers: { 'content-type': 'application/json; charset=utf-8' } }));
        }
        return fetchFromServer.apply(this, arguments);
      };
      // The written page names the app's code here and not in its head: it runs once the style sheets are in, so
      // they downloaded alone, and it asks for the code once the page's first paint is on the screen (at once in a tab
      // nobody sees, which draws nothing), so the first paint never waits on it (decision 073). The screen's own
      // scripts are preloaded beside it.
      var code = JSON.parse(document.getElementById('first-code').textContent);
      // The entry first, the largest and the one everything waits for, then the screen's scripts a few per task: each
      // link starts a request, some 2 ms apiece on a slow phone, and a shop page names over thirty (decision 078).
      var preloadFrom = function (from) {
        var until = Math.min(from + 4, code.length);
        for (var i = from; i < until; i++) {
          var preload = document.createElement('link');
          preload.rel = 'modulepreload';
          preload.href = code[i];
          document.head.appendChild(preload);
        }
        if (until < code.length) setTimeout(preloadFrom, 0, until);
      };
      var start = function () {
        if (entry) return;
        entry = document.createElement('script');
        entry.type = 'module';
        entry.crossOrigin = '';
        entry.src = code[0];
        entry.addEventListener('error', drop);
        document.head.appendChild(entry);
        setTimeout(preloadFrom, 0, 1);
      };
      if (document.visibilityState === 'hidden') start();
      else if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0)
        // Once the first contentful paint is on the screen (its entry comes after the frame is shown).
        new PerformanceObserver(start).observe({ type: 'paint', buffered: true });
      else
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      // Whatever happens meanwhile, the app starts within a second.
      setTimeout(start, 1000);
      document.addEventListener('visibilitychange', start);
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
