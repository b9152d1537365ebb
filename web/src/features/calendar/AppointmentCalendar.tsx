// FullCalendar set up as spec §2 and §9 describe; wide windows start in the month grid, narrow ones in a list.
import type { DatesSetArg, DayCellMountArg, EventClickArg, EventInput } from '@fullcalendar/core';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { nl } from '../../i18n/nl';
import type { VisibleRange } from './api';
import { toIsoDay, type AppointmentEventProps } from './events';
import { useNarrowWindow } from './useNarrowWindow';

const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
// Accessibility repairs FullCalendar's markup needs (axe and screen readers):
// - its day-name and day-number navigation links are <a> without href, so they are exposed as links by role;
// - it names each month-grid cell after its day number, which hides the cell's events from that name
//   (label-content-name-mismatch), so the cell is named by its content instead;
// - its more-link is an <a> without href carrying aria-expanded, which only a button may (aria-allowed-attr).
const exposeNavLinks = (el: HTMLElement) =>
  el.querySelectorAll('a[data-navlink][tabindex]').forEach((link) => link.setAttribute('role', 'link'));
const repairDayCell = ({ el }: DayCellMountArg) => {
  el.removeAttribute('aria-labelledby');
  exposeNavLinks(el);
};
const repairDayHeader = ({ el }: { el: HTMLElement }) => exposeNavLinks(el);
const moreLinkAsButton = ({ el }: { el: HTMLElement }) => el.setAttribute('role', 'button');
/** 07:00 rather than the locale's bare 07, in the time axis and on events alike. */
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const startView = (narrow: boolean) => (narrow ? 'listMonth' : 'dayGridMonth');
const toolbar = (narrow: boolean) => ({
  left: 'prev,next today',
  center: 'title',
  right: narrow ? 'dayGridMonth,listMonth,timeGridDay' : 'dayGridMonth,timeGridWeek,timeGridDay',
});

export function AppointmentCalendar({
  events,
  onRangeChange,
  onEventClick,
}: {
  events: EventInput[];
  onRangeChange: (range: VisibleRange) => void;
  onEventClick: (event: AppointmentEventProps) => void;
}) {
  const narrow = useNarrowWindow();
  const calendar = useRef<FullCalendar>(null);
  const shownNarrow = useRef(narrow);

  // Crossing the breakpoint switches to that width's starting view.
  useEffect(() => {
    if (shownNarrow.current === narrow) return;
    shownNarrow.current = narrow;
    calendar.current?.getApi().changeView(startView(narrow));
  }, [narrow]);

  const headerToolbar = useMemo(() => toolbar(narrow), [narrow]);
  // On a phone a month cell has room for the title or the time, not both.
  const views = useMemo(() => ({ dayGridMonth: { displayEventTime: !narrow } }), [narrow]);

  const datesSet = useCallback(
    ({ start, end }: DatesSetArg) => onRangeChange({ from: toIsoDay(start), to: toIsoDay(end) }),
    [onRangeChange],
  );
  const eventClick = useCallback(
    ({ el, event, jsEvent }: EventClickArg) => {
      jsEvent.preventDefault();
      // A mouse click does not focus the event; focusing it lets the dialog hand focus back here on close.
      el.focus();
      onEventClick(event.extendedProps as AppointmentEventProps);
    },
    [onEventClick],
  );

  return (
    <div className="appointment-calendar">
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        locale={nlLocale}
        initialView={startView(narrow)}
        headerToolbar={headerToolbar}
        buttonText={nl.calendar.buttons}
        allDayText={nl.calendar.allDay}
        moreLinkText={nl.calendar.moreLink}
        noEventsText={nl.calendar.noEvents}
        timeHint={nl.calendar.timeHint}
        eventHint={nl.calendar.eventHint}
        closeHint={nl.calendar.closeHint}
        weekends={false}
        navLinks
        firstDay={1}
        slotMinTime="07:00:00"
        slotDuration="00:30:00"
        slotLabelFormat={timeFormat}
        eventTimeFormat={timeFormat}
        views={views}
        aspectRatio={1.5}
        height="auto"
        progressiveEventRendering
        dayMaxEventRows={4}
        eventDisplay="block"
        eventInteractive
        dayCellDidMount={repairDayCell}
        dayHeaderDidMount={repairDayHeader}
        moreLinkDidMount={moreLinkAsButton}
        events={events}
        datesSet={datesSet}
        eventClick={eventClick}
      />
    </div>
  );
}
