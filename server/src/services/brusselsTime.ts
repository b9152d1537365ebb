// Brussels wall-clock time, the time every appointment and visit is kept in: one home for the server and its threads.
const BRUSSELS = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Brussels at `now`: YYYY-MM-DDTHH:mm:ss. */
export const brusselsNow = (now = new Date()) => BRUSSELS.format(now).replace(' ', 'T');

/** YYYY-MM-DD plus `days`. */
export const addDays = (date: string, days: number) => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
