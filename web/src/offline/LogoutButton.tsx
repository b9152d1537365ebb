// Signing out asks first when unsent items or a draft wait on this device, since signing out wipes them (a phone may be shared).
import { useState, type ReactElement } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useLogout } from '../api/session';
import { nl } from '../i18n/nl';
import { hasKeptDraft } from './keptDrafts';
import { useOutboxSnapshot } from './useOutbox';

/** `render` draws the header's button with the click handler; `onDone` runs after signing out. */
export function LogoutButton({ render, onDone }: { render: (onClick: () => void) => ReactElement; onDone: () => void }) {
  const logout = useLogout();
  const { items } = useOutboxSnapshot();
  // Whether a draft is kept is read at the click: drafts are written as the rep types, outside React.
  const [asking, setAsking] = useState<{ draft: boolean } | null>(null);
  const signOut = () => {
    setAsking(null);
    logout.mutate(undefined, { onSettled: onDone });
  };
  return (
    <>
      {render(() => {
        const draft = hasKeptDraft();
        if (items.length > 0 || draft) setAsking({ draft });
        else signOut();
      })}
      <Modal show={asking !== null} onHide={() => setAsking(null)} centered aria-labelledby="logout-title">
        <Modal.Header closeButton closeLabel={nl.offline.cancel}>
          <Modal.Title id="logout-title" as="h2" className="h5">
            {nl.offline.logoutTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {items.length > 0 && <p>{nl.offline.logoutWarning(items.length)}</p>}
          {asking?.draft && <p>{nl.offline.logoutDraftWarning}</p>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setAsking(null)}>
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
