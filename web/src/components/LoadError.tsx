// A failed load says so in Dutch and offers a retry (DESIGN.md difference 6).
import { Alert } from './Bare';
import { ApiError } from '../api/client';
import { nl } from '../i18n/nl';

export function LoadError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const offline = error instanceof ApiError && error.isNetwork;
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2 my-3">
      <span className="me-auto">{offline ? nl.errors.offline : nl.errors.loadFailed}</span>
      <button type="button" className="btn btn-danger btn-sm" onClick={onRetry}>
        {nl.errors.retry}
      </button>
    </Alert>
  );
}
