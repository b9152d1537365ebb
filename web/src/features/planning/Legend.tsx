// Who is which colour on the calendar.
import { nlCalendar } from '../../i18n/nlCalendar';
import type { CalendarOwner, EventColour } from './events';

export function ColourSwatch({ colour }: { colour: EventColour }) {
  return <span className="colour-swatch" style={{ backgroundColor: colour.background }} aria-hidden="true" />;
}

export function Legend({ owners }: { owners: readonly CalendarOwner[] }) {
  return (
    <ul className="calendar-legend list-unstyled d-flex flex-wrap my-2" aria-label={nlCalendar.legend}>
      {owners.map((owner) => (
        <li key={owner.employeeId} className="d-flex align-items-center gap-2">
          <ColourSwatch colour={owner.colour} />
          {owner.label}
        </li>
      ))}
    </ul>
  );
}
