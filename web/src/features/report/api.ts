// Saving the rep's sample report: POST the first time, PUT afterwards (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProspectionReport } from '@prospectie/contract';
import { api } from '../../api/client';
import { reportKeys } from '../../api/reports';

export function useSaveReport(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, content }: { existing: ProspectionReport | null; content: string }) =>
      existing
        ? api<ProspectionReport>(`/prospectionreport/${existing.id}`, { method: 'PUT', body: { id: existing.id, employeeId, content } })
        : api<ProspectionReport>('/prospectionreport', { method: 'POST', body: { employeeId, content } }),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.own(employeeId), saved),
  });
}
