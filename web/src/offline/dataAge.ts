// How old the data on screen is, in the words of the offline indicator.
import { nl } from '../i18n/nl';

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** 'vandaag om 10:32' or '22 november om 17:05'. */
export function offlineAge(updatedAt: number, now: number = Date.now()): string {
  const date = new Date(updatedAt);
  const time = date.toLocaleTimeString('nl-BE', { hour: '2-digit', minute: '2-digit' });
  if (sameDay(date, new Date(now))) return nl.offline.today(time);
  return nl.offline.otherDay(date.toLocaleDateString('nl-BE', { day: 'numeric', month: 'long' }), time);
}

/**
 * When the data on screen was fetched: the oldest of the queries the current screen shows
 * (its weakest link), or, when none shows anything, the newest fetch at all. Undefined when there is nothing.
 */
export function dataUpdatedAt(queries: { updatedAt: number; onScreen: boolean }[]): number | undefined {
  const fetched = queries.filter((q) => q.updatedAt > 0);
  const shown = fetched.filter((q) => q.onScreen);
  if (shown.length) return Math.min(...shown.map((q) => q.updatedAt));
  if (fetched.length) return Math.max(...fetched.map((q) => q.updatedAt));
  return undefined;
}
