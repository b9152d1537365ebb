// The details of one clicked appointment; the overlay, Escape and the close button all dismiss it. The rep's own
// appointment also offers Start bezoek (with a shop), Bewerken and Verwijderen; a done one links to its visit (decision 028).
import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { nlCalendar } from '../../i18n/nlCalendar';
import { nlPlanning } from '../../i18n/nlPlanning';
import { startVisitPath } from './appointmentRules';
import { eventTitle, formatDateTime, type AppointmentEventProps } from './events';
import { ColourSwatch } from './Legend';

export function AppointmentDialog({
  shown,
  onClose,
  onEdit,
  onDelete,
}: {
  shown: AppointmentEventProps | null;
  onClose: () => void;
  onEdit: (shown: AppointmentEventProps) => void;
  /** Resolves once removed (or kept for later). */
  onDelete: (shown: AppointmentEventProps) => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const appointment = shown?.appointment;
  const title = appointment ? eventTitle(appointment) : '';
  // The remarks are worth a line of their own when the name already took the title.
  const extraRemarks = appointment?.name?.trim() && appointment.remarks?.trim() ? appointment.remarks : null;
  const done = appointment?.prospectionId != null;
  const canStart = appointment?.mine && appointment.shopId !== null && !done;

  return (
    <Modal show={shown !== null} onHide={onClose} onExited={() => setConfirming(false)} centered aria-labelledby="appointment-dialog-title">
      {shown && appointment && (
        <>
          <Modal.Header closeButton closeLabel={nlCalendar.close}>
            <Modal.Title as="h2" className="h5" id="appointment-dialog-title">
              {done && (
                <span className="badge text-bg-success me-2 align-middle">
                  <span aria-hidden="true">{nlPlanning.doneMark} </span>
                  {nlPlanning.done}
                </span>
              )}
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {appointment.pending && (
              <p className="small mb-2">
                <span className="badge text-bg-warning">{nlPlanning.pending}</span> {nlPlanning.pendingLabel}
              </p>
            )}
            {extraRemarks && <p>{extraRemarks}</p>}
            <dl className="appointment-times mb-0">
              <dt>{nlCalendar.start}</dt>
              <dd>{formatDateTime(appointment.startDate)}</dd>
              <dt>{nlCalendar.end}</dt>
              <dd>{formatDateTime(appointment.endDate)}</dd>
              {appointment.shopId !== null && (
                <>
                  <dt>{nlPlanning.shop}</dt>
                  <dd>
                    <Link to={`/shop/${appointment.shopId}`}>{appointment.shopName ?? appointment.shopId}</Link>
                  </dd>
                </>
              )}
              <dt>{nlCalendar.owner}</dt>
              <dd>
                <ColourSwatch colour={shown.owner.colour} /> {shown.owner.label}
              </dd>
            </dl>
            {done && appointment.shopId !== null && (
              <Link
                to={`/shop/${appointment.shopId}/prospections/${appointment.prospectionId}`}
                className="btn btn-outline-success action-button mt-3"
              >
                {nlPlanning.openVisit}
              </Link>
            )}
            {!appointment.mine && <p className="small text-body-secondary mt-3 mb-0">{nlPlanning.readOnly}</p>}
            {confirming && (
              <Alert variant="warning" className="mt-3 mb-0" role="alert" aria-labelledby="delete-question">
                <p className="fw-semibold mb-1">{nlPlanning.deleteTitle}</p>
                <p id="delete-question">{nlPlanning.deleteQuestion(title)}</p>
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    className="action-button"
                    variant="danger"
                    disabled={busy}
                    onClick={async () => {
                      setBusy(true);
                      try {
                        await onDelete(shown);
                      } finally {
                        setBusy(false);
                      }
                    }}
                  >
                    {nlPlanning.deleteConfirm}
                  </Button>
                  <Button className="action-button" variant="outline-secondary" disabled={busy} onClick={() => setConfirming(false)}>
                    {nlPlanning.cancel}
                  </Button>
                </div>
              </Alert>
            )}
          </Modal.Body>
          {appointment.mine && !confirming && (
            <Modal.Footer className="justify-content-start">
              {canStart && (
                <Link to={startVisitPath(appointment)} className="btn btn-primary action-button">
                  {nlPlanning.startVisit}
                </Link>
              )}
              <Button className="action-button" variant="outline-primary" onClick={() => onEdit(shown)}>
                {nlPlanning.edit}
              </Button>
              <Button className="action-button" variant="outline-danger" onClick={() => setConfirming(true)}>
                {nlPlanning.delete}
              </Button>
            </Modal.Footer>
          )}
        </>
      )}
    </Modal>
  );
}
