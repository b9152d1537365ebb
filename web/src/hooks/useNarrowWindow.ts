// Whether the window is at most 700 px wide (spec §9 mobile breakpoint), following it as it changes: the calendar
// and the administration's tables turn into lists below it.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 700px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
