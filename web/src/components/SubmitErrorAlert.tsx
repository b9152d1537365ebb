// A failed send: the message with a close button, and 'Later versturen' when the outbox can take it over.
import { Alert, Button } from 'react-bootstrap';
import { nl } from '../i18n/nl';

export function SubmitErrorAlert({
  message,
  closeLabel,
  onClose,
  sendLater,
  className,
}: {
  message: string;
  closeLabel: string;
  onClose: () => void;
  sendLater?: (() => void) | null;
  className?: string;
}) {
  return (
    <Alert variant="danger" dismissible closeLabel={closeLabel} onClose={onClose} className={className}>
      {message}
      {sendLater && (
        <div className="mt-2">
          <Button variant="outline-danger" size="sm" onClick={sendLater}>
            {nl.offline.sendLater}
          </Button>
        </div>
      )}
    </Alert>
  );
}
