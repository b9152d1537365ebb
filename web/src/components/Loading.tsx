import { Spinner } from './Bare';
import { nl } from '../i18n/nl';

export function Loading({ text = nl.auth.loading }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 my-4" role="status">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
