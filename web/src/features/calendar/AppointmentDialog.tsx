// The details of one clicked appointment; the overlay, Escape and the close button all dismiss it.
import { Modal } from 'react-bootstrap';
import { nl } from '../../i18n/nl';
import { eventTitle, formatDateTime, type AppointmentEventProps } from './events';
import { ColourSwatch } from './Legend';

export function AppointmentDialog({ shown, onClose }: { shown: AppointmentEventProps | null; onClose: () => void }) {
  const appointment = shown?.appointment;
  const title = appointment ? eventTitle(appointment) : '';
  // The remarks are worth a line of their own when the name already took the title.
  const extraRemarks = appointment?.name?.trim() && appointment.remarks?.trim() ? appointment.remarks : null;
  return (
    <Modal show={shown !== null} onHide={onClose} centered aria-labelledby="appointment-dialog-title">
      {shown && appointment && (
        <>
          <Modal.Header closeButton closeLabel={nl.calendar.close}>
            <Modal.Title as="h2" className="h5" id="appointment-dialog-title">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {extraRemarks && <p>{extraRemarks}</p>}
            <dl className="appointment-times mb-0">
              <dt>{nl.calendar.start}</dt>
              <dd>{formatDateTime(appointment.startDate)}</dd>
              <dt>{nl.calendar.end}</dt>
              <dd>{formatDateTime(appointment.endDate)}</dd>
              <dt>{nl.calendar.owner}</dt>
              <dd>
                <ColourSwatch colour={shown.owner.colour} /> {shown.owner.label}
              </dd>
            </dl>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
