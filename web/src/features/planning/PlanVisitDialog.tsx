// Bezoek plannen (decision 028): a dialog with the appointment form for one shop, titled after the shop unless the rep
// types another title. Sent at once, or kept on the device without a connection. Loaded when first opened
// (PlanVisitDialogLater.tsx), not with the screens that offer it.
import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { apiErrorText } from '../../api/errorText';
import { nlPlanning } from '../../i18n/nlPlanning';
import { brusselsToday } from '@prospectie/contract/dates';
import { newPlan, toCreate } from './appointmentRules';
import { randomKey } from '../../lib/randomKey';
import { useAppointmentWrite, type AppointmentWriteOutcome } from './appointmentWrites';
import { AppointmentForm } from './AppointmentForm';

export function PlanVisitDialog({
  shop,
  date,
  title,
  show,
  onClose,
  onDone,
}: {
  shop: { id: number; name: string };
  /** The day the plan starts on (today when none or past): a follow-up's day (decision 066). */
  date?: string;
  /** What the appointment is called to start with: a follow-up's next step. */
  title?: string;
  show: boolean;
  onClose: () => void;
  onDone: (outcome: AppointmentWriteOutcome) => void;
}) {
  const write = useAppointmentWrite();
  const [error, setError] = useState<string | null>(null);
  // One id per plan, made on the device: a second press after a lost answer is the same plan; the next opening a new one.
  const [clientId, setClientId] = useState(randomKey);
  const titleId = `plan-visit-${shop.id}`;

  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      onExited={() => {
        setError(null);
        setClientId(randomKey());
      }}
    >
      <Modal.Header closeButton closeLabel={nlPlanning.close}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {nlPlanning.planVisitAt(shop.name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <AppointmentForm
          // Made when the dialog opens (the modal mounts its body only then), not on every render of the page:
          // the first time-zone formatter costs a mid-tier phone ~130 ms.
          initial={() => {
            const today = brusselsToday();
            const plan = newPlan({ date: date && date > today ? date : today, shop });
            return title ? { ...plan, title } : plan;
          }}
          submitError={error}
          onCancel={onClose}
          onSubmit={async (values) => {
            setError(null);
            try {
              onDone(await write({ op: 'create', body: toCreate(values, clientId), shopName: shop.name }));
            } catch (failure) {
              setError(apiErrorText(failure));
              throw failure;
            }
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
