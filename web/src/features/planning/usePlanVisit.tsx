// Bezoek plannen from a list of shops (Te bezoeken, Opvolgen): one dialog for the shop chosen, and the word on what
// became of the plan. Its code loads when the page is idle (PlanVisitDialogLater.tsx).
import { useCallback, useEffect, useState } from 'react';
import type { AppointmentWriteOutcome } from './appointmentWrites';
import { PlannedNotice } from './PlannedNotice';
import { loadPlanVisitDialogSoon, PlanVisitDialog } from './PlanVisitDialogLater';

export interface VisitToPlan {
  shop: { id: number; name: string };
  /** The day it starts on (today when none or past), and the appointment's name to start with. */
  date?: string;
  title?: string;
}

export function usePlanVisit() {
  // The plan last chosen stays while its dialog closes, so focus goes back to its button.
  const [chosen, setChosen] = useState<VisitToPlan | null>(null);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<AppointmentWriteOutcome | null>(null);
  useEffect(loadPlanVisitDialogSoon, []);
  const plan = useCallback((visit: VisitToPlan) => {
    setChosen(visit);
    setOpen(true);
  }, []);
  const notice = <PlannedNotice outcome={outcome} onClose={() => setOutcome(null)} />;
  const dialog = chosen && (
    <PlanVisitDialog
      key={`${chosen.shop.id}|${chosen.date ?? ''}|${chosen.title ?? ''}`}
      shop={chosen.shop}
      date={chosen.date}
      title={chosen.title}
      show={open}
      onClose={() => setOpen(false)}
      onDone={(result) => {
        setOpen(false);
        setOutcome(result);
      }}
    />
  );
  return { plan, notice, dialog };
}
