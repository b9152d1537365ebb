// Reopening a write the server refused after it waited in the outbox: the screen that made it shows it again as a draft.
import { useState } from 'react';
import { nlOutbox } from '../i18n/nlOutbox';
import type { OutboxItem } from './outbox';
import { useOutbox } from './useOutbox';

/**
 * The rep's item of `kind` (for this shop, if given) that the server refused, read once as the screen opens:
 * its draft, the line that says why, and `forget` for when the rep has taken it up again (sent, kept or started over).
 */
export function useRefusedDraft<Draft>(kind: OutboxItem['kind'], userId: number | undefined, shopId?: number) {
  const outbox = useOutbox();
  const [item] = useState(() => (userId === undefined ? undefined : outbox.refusedItem(kind, userId, shopId)));
  return {
    draft: item?.draft as Draft | undefined,
    message: item ? nlOutbox.refusedDraft(item.message ?? '') : null,
    forget: () => {
      if (item) void outbox.forget(item.id);
    },
  };
}
