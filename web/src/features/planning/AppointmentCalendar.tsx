// FullCalendar set up as spec §2 and §9 describe; wide windows start in the month grid, narrow ones in a list.
import type {
  CustomContentGenerator,
  DateSelectArg,
  DatesSetArg,
  DayCellMountArg,
  Duration,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
} from '@fullcalendar/core';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import type { createElement } from '@fullcalendar/core/preact';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { nlCalendar } from '../../i18n/nlCalendar';
import type { VisibleRange } from './api';
import { toWallClock } from './appointmentRules';
import { toIsoDay, type AppointmentEvent, type AppointmentEventProps } from './events';
import { useNarrowWindow } from '../../hooks/useNarrowWindow';
import { DayList, formatLongDay } from './DayList';
import { DAY_ROWS, eventsOnDay, isMoreEvent, monthDigest, moreLast } from './monthDigest';

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
/**
 * The whole title as a tooltip, for a month cell too narrow to show it all (it wraps; the dialog shows it too);
 * a day's "+n extra" is a button.
 */
const describeEvent = ({ el, event }: EventMountArg) => {
  if (isMoreEvent(event.extendedProps)) el.setAttribute('role', 'button');
  else el.title = event.title;
};
/**
 * A day's "+n extra" says to a screen reader what it opens; drawn by FullCalendar's own renderer (the element
 * maker it hands over), so its text follows the count when a colleague's appointments arrive.
 */
const eventContent: CustomContentGenerator<EventContentArg> = ({ event, view }, h: typeof createElement) => {
  const props: unknown = event.extendedProps;
  // A month cell on a phone is narrower than 'Kennismaking': each word stays whole on its line, and one too long for
  // the cell ends in '…' rather than breaking into 'Kennisma king' (the whole title is in the list, the day and on tap).
  if (!isMoreEvent(props) && view.type === 'dayGridMonth')
    return h(
      'div',
      { className: 'fc-event-title' },
      ...event.title.split(/\s+/).flatMap((word, i) => [i ? ' ' : '', h('span', { key: i, className: 'calendar-word' }, word)]),
    );
  if (!isMoreEvent(props)) return true;
  return h(
    'span',
    { className: 'fc-event-title' },
    event.title,
    h('span', { className: 'visually-hidden' }, `, ${nlCalendar.moreHint(formatLongDay(props.more.date))}`),
  );
};
/**
 * FullCalendar's own order, with a day's "+n extra" (monthDigest.ts) after its appointments. It takes functions and
 * field names mixed in one list (its docs, and parseFieldSpecs), which its types do not say.
 */
const eventOrder = [moreLast, 'start', '-duration', 'allDay', 'title'] as unknown as string[];

/** The list's day that is at the top of its scroller, and how far its top sits from the scroller's top. */
interface ListAnchor {
  date: string;
  offset: number;
}
const listScroller = (root: HTMLElement | null) => root?.querySelector<HTMLElement>('.fc-list .fc-scroller') ?? null;
const listDays = (scroller: HTMLElement) => [...scroller.querySelectorAll<HTMLElement>('.fc-list-day[data-date]')];

/**
 * The list view opens at today, not at the 1st of the month: today's day (or the next day with appointments)
 * becomes the anchor. Returns null when the list has no such day yet (still loading).
 */
function todayAnchor(root: HTMLElement | null): ListAnchor | null {
  const scroller = listScroller(root);
  if (!scroller) return null;
  const today = toIsoDay(new Date());
  const target = listDays(scroller).find((day) => (day.dataset.date ?? '') >= today);
  return target ? { date: target.dataset.date!, offset: 0 } : null;
}
/** The day the reader has at the top now (after her own scrolling). */
function currentAnchor(root: HTMLElement | null): ListAnchor | null {
  const scroller = listScroller(root);
  if (!scroller) return null;
  const top = scroller.getBoundingClientRect().top;
  const day = listDays(scroller).find((el) => el.getBoundingClientRect().bottom > top + 1);
  return day ? { date: day.dataset.date!, offset: day.getBoundingClientRect().top - top } : null;
}
/**
 * Scrolls so the anchor's day is where it was: appointments that arrive later (a colleague's, or days before
 * today) add rows above it, which would otherwise push the day the reader was looking at down.
 */
/** Below this the list shows too few days to read; a shorter screen scrolls the page a little instead. */
const LIST_MIN_HEIGHT_PX = 240;
/**
 * The list's own scroller ends on the first screen, whatever sits above the calendar: late in a month today cannot
 * reach the scroller's top, and must still be in sight without scrolling the page. Set on our own element, which
 * FullCalendar never redraws (calendar.css reads it).
 */
function fitListToScreen(root: HTMLElement | null): void {
  const scroller = listScroller(root);
  if (!root || !scroller) return;
  const top = scroller.getBoundingClientRect().top + window.scrollY;
  root.style.setProperty('--list-max-height', `${Math.max(LIST_MIN_HEIGHT_PX, Math.floor(window.innerHeight - top - 8))}px`);
}
function keepAnchor(root: HTMLElement | null, anchor: ListAnchor): void {
  const scroller = listScroller(root);
  const day = scroller && listDays(scroller).find((el) => el.dataset.date === anchor.date);
  if (!scroller || !day) return;
  scroller.scrollTop += day.getBoundingClientRect().top - scroller.getBoundingClientRect().top - anchor.offset;
}
/** 07:00 rather than the locale's bare 07, in the time axis and on events alike. */
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** A drag's or resize's shift in minutes (a month grid moves whole days, a time grid minutes). */
const minutesOf = (delta: Duration) => delta.days * 24 * 60 + Math.round(delta.milliseconds / 60_000);

/** Where a new appointment goes: a clicked slot or day, or a range dragged over on a wide screen. */
export interface NewSlot {
  start: string;
  end: string | null;
  allDay: boolean;
}
/** How far an appointment moved: its start and its end shift by these minutes. */
export interface Shift {
  startMinutes: number;
  endMinutes: number;
}

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
  onCreate,
  onMove,
}: {
  events: AppointmentEvent[];
  onRangeChange: (range: VisibleRange) => void;
  onEventClick: (event: AppointmentEventProps) => void;
  /** A free slot was clicked (or, on a wide screen, a range selected). */
  onCreate: (slot: NewSlot) => void;
  /** One of the rep's appointments was dragged or resized (wide screens only); `revert` puts it back. */
  onMove: (event: AppointmentEventProps, shift: Shift, revert: () => void) => void;
}) {
  const narrow = useNarrowWindow();
  const calendar = useRef<FullCalendar>(null);
  const root = useRef<HTMLDivElement>(null);
  const shownNarrow = useRef(narrow);
  // The list range already opened at today, and the day kept at its top since (today's, or where she scrolled to).
  const anchor = useRef<{ range: string; at: ListAnchor } | null>(null);
  const [listRange, setListRange] = useState<string | null>(null);
  const [viewType, setViewType] = useState(() => startView(narrow));
  // The month grid draws each day's first appointments and a "+n extra" for the rest; the other views all of them.
  const shownEvents = useMemo(() => (viewType === 'dayGridMonth' ? monthDigest(events) : events), [viewType, events]);
  // The day whose "+n extra" was chosen, and its appointments.
  const [day, setDay] = useState<string | null>(null);
  const dayEvents = useMemo(() => (day ? eventsOnDay(events, day) : []), [day, events]);
  // The appointment chosen in that list: its details open once the list has closed and focus is back on "+n extra",
  // so closing the details brings focus there again (opened side by side, the details took the list's button).
  const chosen = useRef<AppointmentEventProps | null>(null);

  // Crossing the breakpoint switches to that width's starting view.
  useEffect(() => {
    if (shownNarrow.current === narrow) return;
    shownNarrow.current = narrow;
    calendar.current?.getApi().changeView(startView(narrow));
  }, [narrow]);

  const headerToolbar = useMemo(() => toolbar(narrow), [narrow]);
  // On a phone a month cell has room for the title or the time, not both.
  // The list's day headers scroll with their rows: stuck at the top they slid over one another ('25 november' under
  // '26 november'), a day's header standing over the next day's rows.
  const views = useMemo(() => ({ dayGridMonth: { displayEventTime: !narrow }, listMonth: { stickyHeaderDates: false } }), [narrow]);

  const datesSet = useCallback(
    ({ start, end, view }: Pick<DatesSetArg, 'start' | 'end' | 'view'>) => {
      setListRange(view.type.startsWith('list') ? `${view.type}:${toIsoDay(start)}` : null);
      setViewType(view.type);
      onRangeChange({ from: toIsoDay(start), to: toIsoDay(end) });
    },
    [onRangeChange],
  );
  // FullCalendar draws a new month with the events it has and says which dates it shows only after drawing
  // (datesSet), so each step drew twice: once with the last month's events, again with this one's. Vorige,
  // Volgende and Vandaag step here instead, handing this month's events (from the cache when it has them) over
  // before FullCalendar draws: one drawing per step.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const step = (event: MouseEvent) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('.fc-prev-button, .fc-next-button, .fc-today-button');
      const api = calendar.current?.getApi();
      if (!button || button.disabled || !api) return;
      event.stopPropagation();
      api.batchRendering(() => {
        if (button.classList.contains('fc-prev-button')) api.prev();
        else if (button.classList.contains('fc-next-button')) api.next();
        else api.today();
        const { view } = api;
        flushSync(() => datesSet({ start: view.activeStart, end: view.activeEnd, view }));
      });
    };
    element.addEventListener('click', step, { capture: true });
    return () => element.removeEventListener('click', step, { capture: true });
  }, [datesSet]);
  // Once the list shows its days (they come with the appointments), it opens at today; when more arrive later
  // (a colleague's), the day at the top stays there.
  useEffect(() => {
    if (!listRange) return;
    const frame = requestAnimationFrame(() => {
      if (anchor.current?.range === listRange) return keepAnchor(root.current, anchor.current.at);
      const at = todayAnchor(root.current);
      if (!at) return;
      fitListToScreen(root.current);
      anchor.current = { range: listRange, at };
      keepAnchor(root.current, at);
    });
    return () => cancelAnimationFrame(frame);
  }, [events, listRange]);
  // Her own scrolling moves the anchor. Scroll events do not bubble, so this listens while capturing; a scroll
  // counts as hers only right after her wheel, touch or key (rows added above also change the scroll position).
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // Never, until her first input: performance.now() starts at the page's load, and a list opened within a second of
    // it took FullCalendar's own scrolling for hers (and kept that place instead of today's).
    let lastInput = -Infinity;
    const onInput = () => {
      lastInput = performance.now();
    };
    const onScroll = () => {
      if (!anchor.current || performance.now() - lastInput > 1000) return;
      const at = currentAnchor(element);
      if (at) anchor.current = { ...anchor.current, at };
    };
    const inputs = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    inputs.forEach((type) => element.addEventListener(type, onInput, { capture: true, passive: true }));
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      inputs.forEach((type) => element.removeEventListener(type, onInput, { capture: true }));
      element.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, []);
  const eventClick = useCallback(
    ({ el, event, jsEvent }: EventClickArg) => {
      jsEvent.preventDefault();
      // A mouse click does not focus the event; focusing it lets the dialog hand focus back here on close.
      el.focus();
      const props: unknown = event.extendedProps;
      if (isMoreEvent(props)) setDay(props.more.date);
      else onEventClick(props as AppointmentEventProps);
    },
    [onEventClick],
  );

  // On a wide screen a click or a drag over free time selects it; on a phone a tap on a day or slot is enough.
  const select = useCallback(
    ({ start, end, allDay, view }: DateSelectArg) => {
      view.calendar.unselect();
      onCreate({ start: toWallClock(start), end: allDay ? null : toWallClock(end), allDay });
    },
    [onCreate],
  );
  const dateClick = useCallback(({ date, allDay }: DateClickArg) => onCreate({ start: toWallClock(date), end: null, allDay }), [onCreate]);
  const eventDrop = useCallback(
    ({ event, oldEvent, delta, revert }: EventDropArg) => {
      // Between the all-day row and the hours an appointment would change its nature, not its time.
      if (event.allDay !== oldEvent.allDay) return revert();
      const minutes = minutesOf(delta);
      onMove(event.extendedProps as AppointmentEventProps, { startMinutes: minutes, endMinutes: minutes }, revert);
    },
    [onMove],
  );
  const eventResize = useCallback(
    ({ event, startDelta, endDelta, revert }: EventResizeDoneArg) =>
      onMove(
        event.extendedProps as AppointmentEventProps,
        { startMinutes: minutesOf(startDelta), endMinutes: minutesOf(endDelta) },
        revert,
      ),
    [onMove],
  );

  return (
    <div className="appointment-calendar" ref={root}>
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        locale={nlLocale}
        initialView={startView(narrow)}
        headerToolbar={headerToolbar}
        buttonText={nlCalendar.buttons}
        allDayText={nlCalendar.allDay}
        moreLinkText={nlCalendar.moreLink}
        noEventsText={nlCalendar.noEvents}
        timeHint={nlCalendar.timeHint}
        eventHint={nlCalendar.eventHint}
        closeHint={nlCalendar.closeHint}
        weekends={false}
        navLinks
        firstDay={1}
        slotMinTime="07:00:00"
        slotDuration="00:30:00"
        // On a phone a short appointment in the day grid is still a thumb's height to tap (44 px, like every target).
        eventMinHeight={narrow ? 44 : 15}
        slotLabelFormat={timeFormat}
        eventTimeFormat={timeFormat}
        views={views}
        aspectRatio={1.5}
        height="auto"
        progressiveEventRendering
        dayMaxEventRows={DAY_ROWS}
        eventOrder={eventOrder}
        eventDisplay="block"
        eventInteractive
        dayCellDidMount={repairDayCell}
        dayHeaderDidMount={repairDayHeader}
        moreLinkDidMount={moreLinkAsButton}
        eventDidMount={describeEvent}
        eventContent={eventContent}
        events={shownEvents}
        datesSet={datesSet}
        eventClick={eventClick}
        selectable={!narrow}
        selectMirror
        select={select}
        dateClick={narrow ? dateClick : undefined}
        eventDrop={eventDrop}
        eventResize={eventResize}
        eventStartEditable={!narrow}
        eventDurationEditable={!narrow}
        snapDuration="00:15:00"
      />
      <DayList
        date={day}
        events={dayEvents}
        onClose={() => setDay(null)}
        onChoose={(event) => {
          chosen.current = event;
          setDay(null);
        }}
        onExited={() => {
          const event = chosen.current;
          chosen.current = null;
          if (event) onEventClick(event);
        }}
      />
    </div>
  );
}
