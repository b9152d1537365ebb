// Spec §2 "Calendar": the rep's own appointments, with chosen colleagues' side by side.
import { useCallback, useMemo, useState } from 'react';
import { Alert } from 'react-bootstrap';
import Select, { type StylesConfig } from 'react-select';
import type { Employee } from '@prospectie/contract';
import { useMe } from '../../api/session';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nl } from '../../i18n/nl';
import { selectTexts } from '../../lib/selectTexts';
import { useAppointments, useColleagues, type VisibleRange } from './api';
import { AppointmentCalendar } from './AppointmentCalendar';
import { AppointmentDialog } from './AppointmentDialog';
import { colleagueColour, OWN_COLOUR, toCalendarEvents, type AppointmentEventProps, type CalendarOwner } from './events';
import { Legend } from './Legend';
import './calendar.css';

const fullName = (e: Pick<Employee, 'firstName' | 'name'>) => `${e.firstName} ${e.name}`.trim();

// Each chosen colleague's chip wears their calendar colour; the placeholder is dark enough to read (axe).
const selectStyles: StylesConfig<Employee, true> = {
  placeholder: (base) => ({ ...base, color: '#595959' }),
  multiValue: (base, { index }) => ({ ...base, backgroundColor: colleagueColour(index).background }),
  multiValueLabel: (base, { index }) => ({ ...base, color: colleagueColour(index).text }),
  multiValueRemove: (base, { index }) => ({ ...base, color: colleagueColour(index).text }),
};

export function CalendarPage() {
  const me = useMe();
  const employee = me.data?.employee ?? null;
  const colleagues = useColleagues(employee?.id);
  const [selected, setSelected] = useState<readonly Employee[]>([]);
  const [range, setRange] = useState<VisibleRange>();
  const [shown, setShown] = useState<AppointmentEventProps | null>(null);

  const owners = useMemo<CalendarOwner[]>(
    () =>
      employee
        ? [
            { employeeId: employee.id, label: nl.calendar.own(fullName(employee)), colour: OWN_COLOUR },
            ...selected.map((c, i) => ({ employeeId: c.id, label: fullName(c), colour: colleagueColour(i) })),
          ]
        : [],
    [employee, selected],
  );
  const appointments = useAppointments(
    owners.map((o) => o.employeeId),
    range,
  );
  const events = useMemo(
    () => owners.flatMap((owner, i) => toCalendarEvents(appointments.data[i] ?? [], owner)),
    [owners, appointments.data],
  );

  const onRangeChange = useCallback((next: VisibleRange) => {
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
  }, []);

  if (!employee) return <Alert variant="warning">{nl.auth.userNotFound}</Alert>;

  const ownAppointments = appointments.data[0];
  const ownHasNone = ownAppointments !== undefined && ownAppointments.length === 0;

  return (
    <>
      <h1 className="h3">{nl.calendar.title}</h1>
      <div className="calendar-controls my-3">
        <label htmlFor="colleague-select" className="form-label">
          {ownHasNone ? nl.calendar.consultLabel : nl.calendar.compareLabel}
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
          {...selectTexts}
          classNamePrefix="app-select"
        />
        {colleagues.isError && <LoadError error={colleagues.error} onRetry={() => colleagues.refetch()} />}
        <Legend owners={owners} />
      </div>
      {ownHasNone && <Alert variant="info">{nl.calendar.noAppointments}</Alert>}
      {appointments.error !== null && <LoadError error={appointments.error} onRetry={appointments.retry} />}
      {appointments.loading && <Loading text={nl.calendar.loading} />}
      {appointments.notOnDevice && <NotOnDevice what={nl.offline.notOnDevice.appointments} />}
      <AppointmentCalendar events={events} onRangeChange={onRangeChange} onEventClick={setShown} />
      <AppointmentDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
