// Signing out asks first when unsent items wait on this device, since signing out wipes them.
import { useState, type ReactElement } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useLogout } from '../api/session';
import { nl } from '../i18n/nl';
import { useOutboxSnapshot } from './useOutbox';

/** `render` draws the header's button with the click handler; `onDone` runs after signing out. */
export function LogoutButton({ render, onDone }: { render: (onClick: () => void) => ReactElement; onDone: () => void }) {
  const logout = useLogout();
  const { items } = useOutboxSnapshot();
  const [asking, setAsking] = useState(false);
  const signOut = () => {
    setAsking(false);
    logout.mutate(undefined, { onSettled: onDone });
  };
  return (
    <>
      {render(() => (items.length > 0 ? setAsking(true) : signOut()))}
      <Modal show={asking} onHide={() => setAsking(false)} centered aria-labelledby="logout-title">
        <Modal.Header closeButton closeLabel={nl.offline.cancel}>
          <Modal.Title id="logout-title" as="h2" className="h5">
            {nl.offline.logoutTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{nl.offline.logoutWarning(items.length)}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setAsking(false)}>
            {nl.offline.cancel}
          </Button>
          <Button variant="danger" onClick={signOut}>
            {nl.offline.logoutAnyway}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
