// What became of a plan made with Bezoek plannen (PlanVisitDialog.tsx).
import { Alert } from '../../components/Bare';
import { nlPlanning } from '../../i18n/nlPlanning';
import type { AppointmentWriteOutcome } from './appointmentWrites';

/** What became of a plan: saved, or kept on the device until there is a connection (dismissible). */
export function PlannedNotice({ outcome, onClose }: { outcome: AppointmentWriteOutcome | null; onClose: () => void }) {
  if (!outcome) return null;
  return (
    <Alert variant={outcome === 'sent' ? 'success' : 'info'} role="status" closeLabel={nlPlanning.close} onClose={onClose} className="py-2">
      {outcome === 'sent' ? nlPlanning.saved : nlPlanning.kept}
    </Alert>
  );
}
