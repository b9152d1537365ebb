// A new version of the app waits until the rep chooses to reload, instead of swapping under their hands.
import { Alert } from '../components/Bare';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { nl } from '../i18n/nl';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2 my-2">
      <span className="me-auto">{nl.offline.updateAvailable}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void updateServiceWorker(true)}>
        {nl.offline.reload}
      </button>
    </Alert>
  );
}
