// Signing out with unsent items or a draft on this device: the question LogoutButton asks first, since signing out
// wipes them (a phone may be shared).
import { Button, Modal } from 'react-bootstrap';
import { nlOutbox } from '../i18n/nlOutbox';

export function LogoutDialog({
  waiting,
  draft,
  onCancel,
  onSignOut,
}: {
  /** How many items wait to be sent. */
  waiting: number;
  /** Whether a draft is kept. */
  draft: boolean;
  onCancel: () => void;
  onSignOut: () => void;
}) {
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="logout-title">
      <Modal.Header closeButton closeLabel={nlOutbox.cancel}>
        <Modal.Title id="logout-title" as="h2" className="h5">
          {nlOutbox.logoutTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {waiting > 0 && <p>{nlOutbox.logoutWarning(waiting)}</p>}
        {draft && <p>{nlOutbox.logoutDraftWarning}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {nlOutbox.cancel}
        </Button>
        <Button variant="danger" onClick={onSignOut}>
          {nlOutbox.logoutAnyway}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
