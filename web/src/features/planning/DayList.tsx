// What a month cell's "+n extra" opens: every appointment of that day, the rep's and her colleagues', in the
// grid's order; choosing one opens its details as a click on the grid does (monthDigest.ts).
import { Modal } from 'react-bootstrap';
import { nlCalendar } from '../../i18n/nlCalendar';
import { formatTime } from '../../lib/format';
import type { AppointmentEvent, AppointmentEventProps } from './events';
import { ColourSwatch } from './Legend';

let dayFormat: Intl.DateTimeFormat | undefined;
/** 'maandag 12 oktober 2026'. */
export const formatLongDay = (date: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('nl-BE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(`${date}T00:00:00Z`));
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The time an appointment shows in the list: the day's hours, or 'Hele dag'. */
function timeOf(event: AppointmentEvent, date: string): string {
  if (event.allDay || event.start.slice(0, 10) < date) return nlCalendar.allDay;
  const end = event.end.slice(0, 10) === date ? `–${formatTime(event.end)}` : '';
  return `${formatTime(event.start)}${end}`;
}

export function DayList({
  date,
  events,
  onClose,
  onChoose,
  onExited,
}: {
  /** The day shown, 'YYYY-MM-DD'; null when closed. */
  date: string | null;
  /** That day's appointments, in order. */
  events: readonly AppointmentEvent[];
  onClose: () => void;
  onChoose: (event: AppointmentEventProps) => void;
  /** The list has closed and handed focus back ("+n extra"). */
  onExited?: () => void;
}) {
  return (
    <Modal show={date !== null} onHide={onClose} onExited={onExited} centered scrollable aria-labelledby="day-list-title">
      {date && (
        <>
          <Modal.Header closeButton closeLabel={nlCalendar.close}>
            <Modal.Title as="h2" className="h5" id="day-list-title">
              {capitalised(formatLongDay(date))}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="p-0">
            <p className="visually-hidden">{nlCalendar.dayCount(events.length)}</p>
            <ul className="list-group list-group-flush day-list">
              {events.map((event) => (
                <li key={event.id} className="list-group-item p-0">
                  <button
                    type="button"
                    className="day-list-item btn btn-link text-start text-body text-decoration-none w-100 d-flex align-items-center gap-2"
                    onClick={() => onChoose(event.extendedProps)}
                  >
                    <ColourSwatch colour={event.extendedProps.owner.colour} />
                    <span className="day-list-time">{timeOf(event, date)}</span>
                    <span className="flex-grow-1">
                      {event.title}
                      <span className="d-block small text-body-secondary">{event.extendedProps.owner.label}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
