// Yesterday's Home: what is kept of it, and what public/first-paint.js draws of it the next start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetHomeSnapshot,
  HOME_SNAPSHOT_KEY,
  homeSnapshotReplaced,
  keepHomeSnapshot,
  useHomeSnapshot,
  type HomeSnapshot,
} from './homeSnapshot';

const firstPaint = readFileSync(path.resolve(__dirname, '../../public/first-paint.js'), 'utf8');
const BUILD = '/assets/index-abc123.js';
const DAY = 24 * 60 * 60 * 1000;

/** The page as the server sends it: the build's script, an empty root. */
function page(build = BUILD) {
  document.head.innerHTML = `<script type="module" src="${build}"></script>`;
  document.body.innerHTML = '<div id="root"></div>';
  return document.getElementById('root')!;
}

const home = `<header><a href="/home">Prospectie</a></header>
  <div class="container-lg" data-not-kept=""><p>1 bezoek wacht om verzonden te worden.</p><div role="status">Geen verbinding</div></div>
  <div role="alert">De winkels konden niet geladen worden.</div>
  <main><h1>Welkom, Sofie!</h1><label for="shop-select">Zoek een winkel</label>
  <input id="shop-select" role="combobox" aria-expanded="false"><a href="/shop/new">Nieuwe winkel toevoegen</a></main>`;

const kept = () => JSON.parse(localStorage.getItem(HOME_SNAPSHOT_KEY)!) as HomeSnapshot;
const startAt = (pathname: string) => {
  window.history.replaceState(null, '', pathname);
  new Function(firstPaint)();
};

beforeEach(() => localStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('keeping Home', () => {
  it('keeps what Home shows with the build that drew it, without the notices of the moment', () => {
    const root = page();
    root.innerHTML = home;
    keepHomeSnapshot(root, localStorage, 1_000);
    const { v, build, at, until, html } = kept();
    expect({ v, build, at, until }).toEqual({ v: 1, build: BUILD, at: 1_000, until: 1_000 + 7 * DAY });
    expect(html).toContain('Welkom, Sofie!');
    expect(html).toContain('Nieuwe winkel toevoegen');
    expect(html).not.toContain('Geen verbinding');
    expect(html).not.toContain('wacht om verzonden');
    expect(html).not.toContain('niet geladen');
  });

  it('keeps nothing while Home loads or is in use: the last settled Home stays', () => {
    const root = page();
    root.innerHTML = home;
    keepHomeSnapshot(root, localStorage, 1_000);
    root.querySelector('input')!.setAttribute('aria-busy', 'true');
    keepHomeSnapshot(root, localStorage, 2_000);
    expect(kept().at).toBe(1_000);
    root.querySelector('input')!.removeAttribute('aria-busy');
    root.querySelector('input')!.setAttribute('aria-expanded', 'true');
    keepHomeSnapshot(root, localStorage, 3_000);
    expect(kept().at).toBe(1_000);
    root.querySelector('input')!.setAttribute('aria-expanded', 'false');
    root.querySelector('input')!.value = 'hazel';
    keepHomeSnapshot(root, localStorage, 4_000);
    expect(kept().at).toBe(1_000);
  });

  it('is forgotten once nobody is signed in', () => {
    const root = page();
    root.innerHTML = home;
    keepHomeSnapshot(root, localStorage);
    forgetHomeSnapshot(localStorage);
    expect(localStorage.getItem(HOME_SNAPSHOT_KEY)).toBeNull();
  });

  it('is not kept again by a Home still on screen as the signed-out page goes away, only once Home shows anew', () => {
    const goesHidden = () => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      vi.restoreAllMocks();
    };
    page().innerHTML = home;
    const shown = renderHook(() => useHomeSnapshot(true));
    goesHidden();
    expect(kept().html).toContain('Welkom, Sofie!');
    // Signed out: the page leaves for the issuer while Home is still drawn; unloading sends it to the background.
    forgetHomeSnapshot();
    goesHidden();
    expect(localStorage.getItem(HOME_SNAPSHOT_KEY)).toBeNull();
    shown.unmount();
    // Someone signed in again and Home shows: it is kept again.
    renderHook(() => useHomeSnapshot(true));
    goesHidden();
    expect(kept().html).toContain('Welkom, Sofie!');
  });
});

describe('the next start (public/first-paint.js)', () => {
  function keptYesterday(build = BUILD) {
    const root = page(build);
    root.innerHTML = home;
    keepHomeSnapshot(root, localStorage, Date.now() - DAY);
  }

  it("draws yesterday's Home at once, not usable until the app takes over", () => {
    keptYesterday();
    const root = page();
    startAt('/');
    expect(root.querySelector('h1')?.textContent).toBe('Welkom, Sofie!');
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.getAttribute('aria-busy')).toBe('true');
    homeSnapshotReplaced(root);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
  });

  it('draws it on /home too, and nowhere else', () => {
    keptYesterday();
    let root = page();
    startAt('/home');
    expect(root.querySelector('h1')).not.toBeNull();
    root = page();
    startAt('/shop/12');
    expect(root.innerHTML).toBe('');
    expect(root.hasAttribute('inert')).toBe(false);
  });

  it('draws nothing kept by another build, a week old or unreadable', () => {
    keptYesterday('/assets/index-older.js');
    let root = page();
    startAt('/');
    expect(root.innerHTML).toBe('');

    const root2 = page();
    root2.innerHTML = home;
    keepHomeSnapshot(root2, localStorage, Date.now() - 7 * DAY - 1);
    root = page();
    startAt('/');
    expect(root.innerHTML).toBe('');

    localStorage.setItem(HOME_SNAPSHOT_KEY, '{not json');
    root = page();
    startAt('/');
    expect(root.innerHTML).toBe('');
  });

  it("takes it away again when the app's code fails to load", () => {
    keptYesterday();
    const root = page();
    startAt('/');
    expect(root.innerHTML).not.toBe('');
    document.querySelector('script[type="module"]')!.dispatchEvent(new Event('error'));
    expect(root.innerHTML).toBe('');
    expect(root.hasAttribute('inert')).toBe(false);
  });
});

describe('a page the server wrote (public/first-paint.js, decision 073)', () => {
  const fetchBefore = window.fetch;
  afterEach(() => {
    window.fetch = fetchBefore;
    document.head.innerHTML = '';
  });

  /** The page as the server writes it for a signed-in Home: its screen, its answers, its code named, no module script. */
  function written() {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<div id="root" inert aria-busy="true"><h1>Welkom, Sofie!</h1></div>' +
      '<script type="application/json" id="first-answers">{"/api/me":{"user":{"login":"sofie"}},"404 /api/prospectionreport/employee/1":{"code":"report_not_found"}}</script>' +
      `<script type="application/json" id="first-code">["${BUILD}","/assets/ShopSelect-x.js"]</script>`;
    return document.getElementById('root')!;
  }

  /** The frame after the page drew, and the task after it. */
  const drawn = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  it("starts the app's code once the page has drawn, the screen's own scripts preloaded beside it", async () => {
    written();
    startAt('/');
    // Not before: the first paint does not wait on the code's download.
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    await drawn();
    const entry = document.head.querySelector('script[type="module"]') as HTMLScriptElement;
    expect(entry.getAttribute('src')).toBe(BUILD);
    await vi.waitFor(() =>
      expect(Array.from(document.head.querySelectorAll('link[rel="modulepreload"]'), (l) => l.getAttribute('href'))).toEqual([
        '/assets/ShopSelect-x.js',
      ]),
    );
  });

  it('asks for the entry first and a long screen list a few links per task, every one in the end', async () => {
    written();
    const screen = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
    document.getElementById('first-code')!.textContent = JSON.stringify([BUILD, ...screen]);
    startAt('/shop/7');
    await drawn();
    const asked = () =>
      Array.from(
        document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]'),
        (l) => l.getAttribute('src') ?? l.getAttribute('href'),
      );
    expect(asked()[0]).toBe(BUILD);
    expect(asked().length).toBeLessThan(screen.length + 1);
    await vi.waitFor(() => expect(asked()).toEqual([BUILD, ...screen]));
  });

  it('hands each answer once to the app’s fetch, with the status the API gives it', async () => {
    written();
    const server = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    window.fetch = server;
    startAt('/');
    const me = await window.fetch('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user: { login: 'sofie' } });
    const report = await window.fetch('/api/prospectionreport/employee/1');
    expect(report.status).toBe(404);
    expect(await report.json()).toEqual({ code: 'report_not_found' });
    expect(server).not.toHaveBeenCalled();
    // Asked again: the server answers.
    await window.fetch('/api/me');
    expect(server).toHaveBeenCalledTimes(1);
    // The page's code asked for in its frame, so no later test meets it.
    await drawn();
  });

  it('drops the written screen when the app’s code fails to load', async () => {
    const root = written();
    startAt('/');
    await drawn();
    document.head.querySelector('script[type="module"]')!.dispatchEvent(new Event('error'));
    expect(root.innerHTML).toBe('');
    expect(root.hasAttribute('inert')).toBe(false);
  });
});
