import { nl } from '../../i18n/nl';

export function CalendarPage() {
  return <h1 className="h3">{nl.calendar.title}</h1>;
}
