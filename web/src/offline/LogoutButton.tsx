// Signing out asks first when unsent items or a draft wait on this device, since signing out wipes them (a phone may be shared).
import { Suspense, useState, type ReactElement } from 'react';
import { useLogout } from '../api/session';
import { hasKeptDraft } from './keptDrafts';
import { useOutboxSnapshot } from './useOutbox';
import { lazyExtra } from '../lib/lazyNow';

// The question is asked rarely: its dialog's code is no part of the first download; the service worker
// keeps it for a sign-out without signal.
const LogoutDialog = lazyExtra(() => import('./LogoutDialog').then((m) => m.LogoutDialog));

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
      {asking && (
        <Suspense fallback={null}>
          <LogoutDialog draft={asking.draft} waiting={items.length} onCancel={() => setAsking(null)} onSignOut={signOut} />
        </Suspense>
      )}
    </>
  );
}
