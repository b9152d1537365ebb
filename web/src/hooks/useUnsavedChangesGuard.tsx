// Spec §2: leaving a 'new' page with something typed asks first: an in-app dialog for in-app
// navigation, the browser's own prompt when the tab is closed or reloaded.
import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker } from 'react-router';
import { nlUnsaved } from '../i18n/nlUnsaved';

/** Returns the dialog to render; `dirty` says whether there is something typed to lose. */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = nlUnsaved.confirm;
      return nlUnsaved.confirm;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal show={blocker.state === 'blocked'} onHide={() => blocker.reset?.()} centered aria-labelledby="unsaved-title">
      <Modal.Header closeButton closeLabel={nlUnsaved.stay}>
        <Modal.Title id="unsaved-title" as="h2" className="h5">
          {nlUnsaved.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{nlUnsaved.confirm}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => blocker.reset?.()}>
          {nlUnsaved.stay}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {nlUnsaved.leave}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
