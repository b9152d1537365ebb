// Yesterday's Home, drawn the moment the app opens again. While Home shows, what it shows is kept on the
// device, in local storage; the next start's page draws it before the app's code has run (public/first-paint.js),
// not yet usable (`inert`), and the app's first render replaces it with the live screen: the kept cache at once,
// then the server's answers (docs/decisions/040-yesterdays-home-first.md).
import { useEffect } from 'react';
import { onSignedOut } from '../api/session';
import { deviceStorage } from './keptDrafts';
import { OFFLINE_CACHE_MAX_AGE } from './persist';

/** The storage key public/first-paint.js reads; signing out clears local storage and so this too. */
export const HOME_SNAPSHOT_KEY = 'prospectie:home-snapshot';
/** A kept Home is drawn only by the build that kept it: another build's markup may not match its styles. */
export interface HomeSnapshot {
  v: 1;
  /** The page's own script (`<script type="module" src>`), which names the build. */
  build: string;
  at: number;
  /** Drawn until then: as long as the kept cache lives (first-paint.js knows no age of its own). */
  until: number;
  html: string;
}

/** Quiet this long after Home last changed, what it shows is kept. */
const SETTLE_MS = 1_000;

/**
 * False from the moment nobody is signed in until Home shows again: a Home still on screen while the sign-out
 * leaves for the issuer (the page going to the background as it unloads) must not be kept again.
 */
let keeping = true;

/** The page's own script, which names the build; null where there is none. */
const pageBuild = (doc: Document = document) => doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;

/**
 * What the app's root shows, as it can be drawn again tomorrow; null while Home is still loading or in use (a search
 * typed, a list open): the last settled Home stays kept then. Notices of the moment (offline, sent, errors, what waits
 * to be sent, a new version: `role="status"`, `role="alert"`, `data-not-kept`) are left out.
 */
export function homeSnapshotHtml(root: HTMLElement): string | null {
  if (root.querySelector('[aria-busy="true"], [aria-expanded="true"], .shop-select-placeholder, .spinner-border')) return null;
  if ([...root.querySelectorAll('input, textarea')].some((field) => (field as HTMLInputElement).value !== '')) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[role="status"], [role="alert"], [data-not-kept]').forEach((notice) => notice.remove());
  return copy.innerHTML;
}

/** Keeps what `root` shows now, if it is worth drawing again. */
export function keepHomeSnapshot(root: HTMLElement, storage = deviceStorage(), now = Date.now()) {
  const build = pageBuild(root.ownerDocument);
  const html = homeSnapshotHtml(root);
  if (!storage || !build || html === null) return;
  try {
    storage.setItem(
      HOME_SNAPSHOT_KEY,
      JSON.stringify({ v: 1, build, at: now, until: now + OFFLINE_CACHE_MAX_AGE, html } satisfies HomeSnapshot),
    );
  } catch {
    /* storage full or blocked: tomorrow's start draws Home itself */
  }
}

/** While Home shows: keeps it once it has settled after a change, and when the app goes to the background. */
export function useHomeSnapshot(shown: boolean) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root || !shown) return;
    keeping = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A keep already waiting for an idle moment must not take the next screen for Home.
    let onHome = true;
    const keep = () => onHome && keeping && keepHomeSnapshot(root);
    const later = () => {
      clearTimeout(timer);
      // Safari has no requestIdleCallback: it keeps at the settle time itself.
      const idle = typeof requestIdleCallback === 'function' ? () => requestIdleCallback(keep, { timeout: SETTLE_MS }) : keep;
      timer = setTimeout(idle, SETTLE_MS);
    };
    const hidden = () => document.visibilityState === 'hidden' && keep();
    const changes = new MutationObserver(later);
    changes.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('visibilitychange', hidden);
    later();
    return () => {
      onHome = false;
      clearTimeout(timer);
      changes.disconnect();
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [shown]);
}

/** Nobody is signed in any more (the server said so, or the rep signed out): the next start draws no one's Home. */
export function forgetHomeSnapshot(storage = deviceStorage()) {
  keeping = false;
  try {
    storage?.removeItem(HOME_SNAPSHOT_KEY);
  } catch {
    /* storage blocked: nothing was kept */
  }
}

onSignedOut(() => forgetHomeSnapshot());

/** The app's first render took over from the kept Home: the root is usable again. */
export function homeSnapshotReplaced(root: HTMLElement) {
  root.removeAttribute('inert');
  root.removeAttribute('aria-busy');
}
