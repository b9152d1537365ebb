// The rep's own sample report: Home shows a button while there is none, the report page reads and writes it.
import { useQuery } from '@tanstack/react-query';
import type { ProspectionReport } from '@prospectie/contract';
import { reportOfEmployee } from '@prospectie/contract/endpoints/addresses';
import { call } from './call';
import { ApiError } from './client';

export const reportKeys = {
  own: (employeeId: number) => ['prospectionreport', employeeId] as const,
};

/** The report, or null when the rep has none yet (the server answers 404). */
export const ownReportQuery = (employeeId: number) => ({
  queryKey: reportKeys.own(employeeId),
  queryFn: async (): Promise<ProspectionReport | null> => {
    try {
      return await call(reportOfEmployee, { params: { employeeId } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  },
});

export function useOwnReport(employeeId: number | undefined) {
  return useQuery({ ...ownReportQuery(employeeId ?? 0), enabled: employeeId !== undefined });
}
