// Spec §2 "Calendar": the rep's own appointments, with chosen colleagues' side by side; the rep plans, moves and
// removes her own (decision 028), also without signal, and takes her calendar along (feed) or brings Outlook's in (.ics).
import { useCallback, useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import Select, { type StylesConfig } from 'react-select';
import type { Employee } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { useMe } from '../../api/session';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nl } from '../../i18n/nl';
import { nlCalendar } from '../../i18n/nlCalendar';
import { nlPlanning } from '../../i18n/nlPlanning';
import { brusselsToday } from '@prospectie/contract/dates';
import {
  addMinutes,
  appointmentRef,
  DEFAULT_DURATION_MINUTES,
  minutesBetween,
  newPlan,
  planOf,
  toCreate,
  toUpdate,
  type AppointmentFormValues,
} from './appointmentRules';
import { randomKey } from '../../lib/randomKey';
import { chipRemoveStyle, DutchMultiValueRemove } from '../../lib/selectChips';
import { selectTexts } from '../../lib/selectTexts';
import { useAppointmentWrite, type AppointmentWriteOutcome } from './appointmentWrites';
import { outbox } from '../../offline/deviceOutbox';
import { waitingAppointmentChanges, withPendingChanges } from './pendingAppointments';
import { useOutboxSnapshot } from '../../offline/useOutbox';
import { useNarrowWindow } from '../../hooks/useNarrowWindow';
import { useAppointments, useColleagues, type VisibleRange } from './api';
import { AppointmentCalendar, type NewSlot, type Shift } from './AppointmentCalendar';
import { AppointmentDialog } from './AppointmentDialog';
import { AppointmentFormDialog } from './AppointmentFormDialog';
import { CalendarSubscription } from './CalendarSubscription';
import { colleagueColour, OWN_COLOUR, toCalendarEvents, type AppointmentEventProps, type CalendarOwner } from './events';
import { IcsImport } from './IcsImport';
import { Legend } from './Legend';
import './calendar.css';

const fullName = (e: Pick<Employee, 'firstName' | 'name'>) => `${e.firstName} ${e.name}`.trim();

// Each chosen colleague's chip wears their calendar colour; the placeholder is dark enough to read (axe).
const selectStyles: StylesConfig<Employee, true> = {
  placeholder: (base) => ({ ...base, color: '#595959' }),
  // Above the calendar's sticky day headers (FullCalendar gives them z-index 3), or they take the lower options' clicks.
  menu: (base) => ({ ...base, zIndex: 10 }),
  multiValue: (base, { index }) => ({ ...base, backgroundColor: colleagueColour(index).background }),
  multiValueLabel: (base, { index }) => ({ ...base, color: colleagueColour(index).text }),
  multiValueRemove: (base, { index }) => ({ ...chipRemoveStyle(base), color: colleagueColour(index).text }),
};

/** The form's start for a clicked slot: its day and time, an hour long unless a longer range was dragged over. */
function planForSlot(slot: NewSlot): AppointmentFormValues {
  const date = slot.start.slice(0, 10);
  if (slot.allDay) return newPlan({ date });
  const duration = slot.end ? minutesBetween(slot.start, slot.end) : DEFAULT_DURATION_MINUTES;
  // A single click on a half-hour slot selects that half hour: a plan lasts an hour unless more was dragged over.
  return newPlan({ date, start: slot.start.slice(11, 16), duration: duration > 30 ? duration : DEFAULT_DURATION_MINUTES });
}

interface Editing {
  initial: AppointmentFormValues;
  isNew: boolean;
  /** The appointment changed; absent for a new one. */
  shown?: AppointmentEventProps;
  /** A new appointment's id, made once on the device. */
  clientId: string;
}

interface Notice {
  variant: 'success' | 'info' | 'danger';
  text: string;
}

const outcomeNotice = (outcome: AppointmentWriteOutcome, sentText: string): Notice =>
  outcome === 'sent' ? { variant: 'success', text: sentText } : { variant: 'info', text: nlPlanning.kept };

export function CalendarPage() {
  const me = useMe();
  const employee = me.data?.employee ?? null;
  const userId = me.data?.user.id;
  const narrow = useNarrowWindow();
  const colleagues = useColleagues(employee?.id);
  const [selected, setSelected] = useState<readonly Employee[]>([]);
  const [range, setRange] = useState<VisibleRange>();
  const [shown, setShown] = useState<AppointmentEventProps | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const write = useAppointmentWrite();
  const { items } = useOutboxSnapshot();

  const owners = useMemo<CalendarOwner[]>(
    () =>
      employee
        ? [
            { employeeId: employee.id, label: nlCalendar.own(fullName(employee)), colour: OWN_COLOUR },
            ...selected.map((c, i) => ({ employeeId: c.id, label: fullName(c), colour: colleagueColour(i) })),
          ]
        : [],
    [employee, selected],
  );
  const appointments = useAppointments(
    owners.map((o) => o.employeeId),
    range,
  );
  // The rep's changes that wait for a connection show at once, over what the server said last.
  const waiting = useMemo(() => waitingAppointmentChanges(items, userId), [items, userId]);
  const refused = items.filter((i) => i.kind === 'appointment' && i.userId === userId && i.state === 'refused');
  const events = useMemo(
    () =>
      owners.flatMap((owner, i) => {
        const own = i === 0;
        const list = appointments.data[i] ?? [];
        return toCalendarEvents(own ? withPendingChanges(list, waiting, owner.employeeId) : list, owner, own && !narrow);
      }),
    [owners, appointments.data, waiting, narrow],
  );

  const onRangeChange = useCallback((next: VisibleRange) => {
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
  }, []);

  const onCreate = useCallback((slot: NewSlot) => {
    setNotice(null);
    setFormError(null);
    setEditing({ initial: planForSlot(slot), isNew: true, clientId: randomKey() });
  }, []);

  const onMove = useCallback(
    (moved: AppointmentEventProps, shift: Shift, revert: () => void) => {
      const { appointment } = moved;
      setNotice(null);
      write({
        op: 'update',
        ref: appointmentRef(appointment),
        body: {
          startDate: addMinutes(appointment.startDate, shift.startMinutes),
          endDate: addMinutes(appointment.endDate, shift.endMinutes),
        },
      }).then(
        (outcome) => setNotice(outcomeNotice(outcome, nlPlanning.saved)),
        (error: unknown) => {
          revert();
          setNotice({ variant: 'danger', text: `${nlPlanning.moveFailed} ${apiErrorText(error)}` });
        },
      );
    },
    [write],
  );

  const submit = async (values: AppointmentFormValues) => {
    if (!editing) return;
    setFormError(null);
    try {
      const outcome = editing.shown
        ? await write({ op: 'update', ref: appointmentRef(editing.shown.appointment), body: toUpdate(values), shopName: values.shopName })
        : await write({ op: 'create', body: toCreate(values, editing.clientId), shopName: values.shopName });
      setEditing(null);
      setNotice(outcomeNotice(outcome, nlPlanning.saved));
    } catch (error) {
      setFormError(apiErrorText(error));
      throw error;
    }
  };

  const remove = async (removed: AppointmentEventProps) => {
    try {
      const outcome = await write({ op: 'delete', ref: appointmentRef(removed.appointment) });
      setShown(null);
      setNotice(outcomeNotice(outcome, nlPlanning.deleted));
    } catch (error) {
      setShown(null);
      setNotice({ variant: 'danger', text: apiErrorText(error) });
    }
  };

  if (!employee) return <Alert variant="warning">{nl.auth.userNotFound}</Alert>;

  const ownAppointments = appointments.data[0];
  const ownHasNone = ownAppointments !== undefined && ownAppointments.length === 0 && waiting.length === 0;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h3 me-auto mb-0">{nlCalendar.title}</h1>
        <Button
          variant="primary"
          className="action-button"
          onClick={() => onCreate({ start: `${brusselsToday()}T09:00`, end: null, allDay: false })}
        >
          {nlPlanning.newAppointment}
        </Button>
      </div>
      <div className="calendar-controls my-3">
        <label htmlFor="colleague-select" className="form-label">
          {ownHasNone ? nlCalendar.consultLabel : nlCalendar.compareLabel}
        </label>
        <Select<Employee, true>
          inputId="colleague-select"
          instanceId="colleague-select"
          isMulti
          options={colleagues.data ?? []}
          isLoading={colleagues.isLoading}
          value={selected}
          onChange={(value) => setSelected(value)}
          getOptionValue={(e) => String(e.id)}
          getOptionLabel={fullName}
          styles={selectStyles}
          components={{ MultiValueRemove: DutchMultiValueRemove }}
          {...selectTexts}
          classNamePrefix="app-select"
        />
        {colleagues.isError && <LoadError error={colleagues.error} onRetry={() => colleagues.refetch()} />}
        <Legend owners={owners} />
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <Alert variant={notice.variant} dismissible closeLabel={nlPlanning.close} onClose={() => setNotice(null)} className="py-2">
            {notice.text}
          </Alert>
        )}
      </div>
      {refused.map((item) => (
        <Alert key={item.id} variant="danger" className="py-2 d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{nlPlanning.refused(item.message ?? '')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void outbox.remove(item.id)}>
            {nlPlanning.forget}
          </Button>
        </Alert>
      ))}
      {ownHasNone && <Alert variant="info">{nlCalendar.noAppointments}</Alert>}
      {appointments.error !== null && <LoadError error={appointments.error} onRetry={appointments.retry} />}
      {appointments.loading && <Loading text={nlCalendar.loading} />}
      {appointments.notOnDevice && <NotOnDevice what={nlCalendar.notOnDevice} />}
      <AppointmentCalendar events={events} onRangeChange={onRangeChange} onEventClick={setShown} onCreate={onCreate} onMove={onMove} />
      <AppointmentDialog
        shown={shown}
        onClose={() => setShown(null)}
        onEdit={(chosen) => {
          setShown(null);
          setFormError(null);
          setEditing({ initial: planOf(chosen.appointment), isNew: false, shown: chosen, clientId: randomKey() });
        }}
        onDelete={remove}
      />
      <AppointmentFormDialog editing={editing} onClose={() => setEditing(null)} onSubmit={submit} error={formError} />
      <div className="row g-3 mt-2">
        <div className="col-12 col-lg-6">
          <CalendarSubscription />
        </div>
        <div className="col-12 col-lg-6">
          <IcsImport />
        </div>
      </div>
    </>
  );
}
