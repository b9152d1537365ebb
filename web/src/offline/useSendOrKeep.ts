// Send now, or keep it in the outbox for later: the one way a screen sends its one write (docs/decisions/007-offline.md).
import { useState } from 'react';
import { randomKey } from '../lib/randomKey';
import { isNetworkFailure, useOutbox } from './useOutbox';

/** One write: posting it now (a mutation's mutate), keeping it in the outbox, both under the same key, and what follows each. */
export interface SendOrKeepWrite<Result> {
  send: (idempotencyKey: string, outcome: { onSuccess: (result: Result) => void; onError: (error: unknown) => void }) => void;
  keep: (idempotencyKey: string) => Promise<unknown>;
  onSent: (result: Result) => void;
  onKept: () => void;
}

/**
 * Sends a write, or keeps it in the outbox: at once when the device is offline or the connection dropped during
 * the send. A send that failed on the network while the browser still says online shows `error` and offers
 * `sendLater`; any other failure shows `error` (in `errorText`'s words). `idempotencyKey` is the write's own key
 * when a draft kept one; otherwise a fresh key, made once (without randomUUID outside a secure context).
 */
export function useSendOrKeep({
  idempotencyKey,
  errorText,
  initialError = null,
}: {
  idempotencyKey?: string;
  errorText: (error: unknown) => string;
  initialError?: string | null;
}) {
  const { offline } = useOutbox();
  const [freshKey] = useState(randomKey);
  const key = idempotencyKey ?? freshKey;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [sendLater, setSendLater] = useState<(() => void) | null>(null);

  const sendOrKeep = <Result>(write: SendOrKeepWrite<Result>) => {
    setError(null);
    setSendLater(null);
    setSending(true);
    const keep = () => {
      setSending(true);
      void write.keep(key).then(write.onKept);
    };
    if (offline) return keep();
    write.send(key, {
      onSuccess: write.onSent,
      onError: (failure) => {
        if (isNetworkFailure(failure) && !navigator.onLine) return keep();
        setSending(false);
        setError(errorText(failure));
        if (isNetworkFailure(failure)) setSendLater(() => keep);
      },
    });
  };

  return { sendOrKeep, sending, error, dismissError: () => setError(null), sendLater };
}
