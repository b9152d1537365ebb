// The calendar's reads: the colleagues to compare with, and appointments one visible range at a time.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@prospectie/contract';
import { employees } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { appointmentKeys, type VisibleRange } from '../../api/appointments';
import { appointmentsOfRange } from './queries';
import { waitsForConnection } from '../../api/queryRules';
import { colleaguesKey } from '../../api/reference';
import { colleaguesOf } from './events';

export type { VisibleRange };

export const calendarKeys = {
  employees: colleaguesKey,
  appointments: appointmentKeys.range,
};

/** Everyone but the signed-in rep, only those with an id and a name, sorted by name. */
export function useColleagues(ownEmployeeId: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.employees,
    queryFn: () => call(employees),
    staleTime: 10 * 60 * 1000,
    select: (employees) => colleaguesOf(employees, ownEmployeeId),
  });
}

interface AppointmentQueryResult {
  data: Appointment[] | undefined;
  isLoading: boolean;
  isPending: boolean;
  fetchStatus: string;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Per employee the appointments once loaded; `data` keeps its identity until some data changes. */
function combineAppointments(results: AppointmentQueryResult[]) {
  const failed = results.filter((r) => r.isError);
  return {
    data: results.map((r) => r.data),
    loading: results.some((r) => r.isLoading),
    /** Offline, and some of the range is not on this device. */
    notOnDevice: results.some(waitsForConnection),
    error: failed[0]?.error ?? null,
    retry: () => failed.forEach((r) => r.refetch()),
  };
}

/** One cached query per employee per visible range, so paging back costs nothing. */
export function useAppointments(employeeIds: readonly number[], range: VisibleRange | undefined) {
  return useQueries({
    queries: employeeIds.map((employeeId) => ({
      queryKey: calendarKeys.appointments(employeeId, range ?? { from: '', to: '' }),
      queryFn: ({ signal }: { signal: AbortSignal }) => appointmentsOfRange(employeeId, range!, signal),
      enabled: range !== undefined,
      staleTime: 5 * 60 * 1000,
    })),
    combine: combineAppointments,
  });
}
