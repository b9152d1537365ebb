// What someone without the role beheerder sees at /beheer, or when the server answers role_required.
import { Alert } from 'react-bootstrap';
import { ApiError } from '../../api/client';
import { LoadError } from '../../components/LoadError';
import { NotFound } from '../../components/NotFound';
import { apiErrors } from '../../i18n/nlErrors';
import { nlAdmin } from '../../i18n/nlAdmin';

export function NoAccess() {
  return <NotFound title={nlAdmin.noAccessTitle} text={`${apiErrors.role_required} ${nlAdmin.noAccessText}`} />;
}

/** A failed read of the administration: no access (the role was taken away meanwhile, asking again will not help), else a retry. */
export function AdminLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'role_required') {
    return (
      <Alert variant="danger" className="my-3">
        {apiErrors.role_required} {nlAdmin.noAccessText}
      </Alert>
    );
  }
  return <LoadError error={error} onRetry={onRetry} />;
}
