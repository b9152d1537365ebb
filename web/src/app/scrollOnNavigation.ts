// Where a screen opens on the page: a new screen (another path) at its top, a change of the same screen's address (its
// filters) where the rep was, and Back or Forward where she left that screen. The browser's own restoration is off: it
// would restore before the screen's data has drawn the page long enough.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type NavigationType } from 'react-router';

export type ScrollAction = { kind: 'top' } | { kind: 'keep' } | { kind: 'restore'; top: number };

/** What a navigation does to the scroll position (a pure rule: the hook below only applies it). */
export function scrollAction(
  previousPath: string | null,
  next: { pathname: string; key: string },
  navigationType: `${NavigationType}`,
  saved: ReadonlyMap<string, number>,
): ScrollAction {
  if (navigationType === 'POP') {
    const top = saved.get(next.key);
    if (top !== undefined) return { kind: 'restore', top };
  }
  return previousPath === null || previousPath === next.pathname ? { kind: 'keep' } : { kind: 'top' };
}

/** How long a restore waits for the screen to grow tall enough (its data arriving from the cache or the network). */
const RESTORE_FOR_MS = 2_000;

export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const saved = useRef(new Map<string, number>());
  const previousPath = useRef<string | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const remember = () => saved.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const action = scrollAction(previousPath.current, location, navigationType, saved.current);
    previousPath.current = location.pathname;
    currentKey.current = location.key;
    // 'instant': Bootstrap makes the page's scrolling smooth, which would glide a new screen up from the old place.
    if (action.kind === 'top') window.scrollTo({ top: 0, behavior: 'instant' });
    if (action.kind !== 'restore') return;
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const restore = () => {
      window.scrollTo({ top: action.top, behavior: 'instant' });
      if (Math.abs(window.scrollY - action.top) > 1 && performance.now() < until) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);
}
