// The word on the page a rep lands on after sending a visit or a new shop: sent, or kept for later (dismissible).
import { useState } from 'react';
import { Alert } from './Bare';
import { useLocation } from 'react-router';
import { nl } from '../i18n/nl';

export type SentNoticeKind = 'visit' | 'shop' | 'visitQueued' | 'shopQueued';

/** The navigation state that makes the landing page show the notice. */
export const sentNoticeState = (kind: SentNoticeKind) => ({ sentNotice: kind });

export function SentNotice() {
  const location = useLocation();
  const kind = (location.state as { sentNotice?: SentNoticeKind } | null)?.sentNotice;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!kind || !(kind in nl.sent) || dismissed === location.key) return null;
  const queued = kind.endsWith('Queued');
  return (
    <Alert
      variant={queued ? 'info' : 'success'}
      closeLabel={nl.sent.close}
      onClose={() => setDismissed(location.key)}
      role="status"
      className="mt-2"
    >
      {nl.sent[kind]}
    </Alert>
  );
}
