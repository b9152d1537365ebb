// Saving the rep's sample report: POST the first time, PUT afterwards (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProspectionReport } from '@prospectie/contract';
import { createReport, updateReport } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { reportKeys } from '../../api/reports';

export function useSaveReport(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, content }: { existing: ProspectionReport | null; content: string }) =>
      existing
        ? call(updateReport, { params: { id: existing.id }, body: { id: existing.id, employeeId, content } })
        : call(createReport, { body: { employeeId, content } }),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.own(employeeId), saved),
  });
}
