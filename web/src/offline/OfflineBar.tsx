// Under the header: runs the outbox, says politely when the app is offline and how old the data is,
// what waits to be sent, what has been sent, and when a new version is ready.
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert } from '../components/Bare';
import { Link } from 'react-router';
import type { ShopRegistration } from '@prospectie/contract';
import { appointmentKeys } from '../api/appointments';
import { useMe } from '../api/session';
import { shopKeys } from '../api/shops';
import { todosKey } from '../api/todos';
import { nl } from '../i18n/nl';
import { dataUpdatedAt, offlineAge } from './dataAge';
import { outbox } from './deviceOutbox';
import type { OutboxItem } from './outbox';
import { useOnline, useOutboxSnapshot } from './useOutbox';
import { lazyExtra } from '../lib/lazyNow';

// The service worker's registration and its update prompt load right after the first screen, not in its download
//: a new version is found on a later check anyway.
const UpdatePrompt = lazyExtra(() => import('./UpdatePrompt').then((m) => m.UpdatePrompt));

/** How often due retries are looked for; the backoff itself decides when an item is due. */
const TICK_MS = 5_000;
const NOTICE_MS = 10_000;

interface Notice {
  id: string;
  text: string;
}

const shopName = (item: OutboxItem) => (item.body as ShopRegistration).name;
const sentText = (item: OutboxItem) =>
  item.kind === 'visit'
    ? nl.offline.visitSent
    : item.kind === 'shop'
      ? nl.offline.shopSent(shopName(item))
      : item.kind === 'pipeline'
        ? nl.offline.pipelineSent
        : nl.offline.appointmentSent;

/** Sends what waits: at start, when signed in again, when the connection returns, and as retries fall due. */
function useOutboxRunner(userId: number | undefined, onNotice: (notice: Notice) => void) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      outbox.onSent((item) => {
        // A visit or a status set moves the shop's statuses per brand (decision 066) and Opvolgen.
        if ((item.kind === 'visit' || item.kind === 'pipeline') && item.shopId !== undefined) {
          void queryClient.invalidateQueries({ queryKey: shopKeys.detail(item.shopId) });
          void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
        }
        if (item.kind === 'visit') void queryClient.invalidateQueries({ queryKey: todosKey });
        if (item.kind === 'shop') void queryClient.invalidateQueries({ queryKey: shopKeys.list });
        // A picture's follow-up comes with the chunk that sends pictures.
        if (item.kind === 'photo') return void import('./photoOutbox').then((m) => m.afterPhotoSent(item, queryClient, onNotice));
        // A plan changed, or a visit that may close one (decision 028): every planning read asks again.
        if (item.kind !== 'shop') void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
        onNotice({ id: item.id, text: sentText(item) });
      }),
    [queryClient, onNotice],
  );
  useEffect(() => {
    if (userId === undefined) return;
    outbox.resume();
    const run = (force: boolean) => {
      if (onlineManager.isOnline()) void outbox.flush(userId, { force });
    };
    run(true);
    const timer = setInterval(() => run(false), TICK_MS);
    const stop = onlineManager.subscribe((online) => online && run(true));
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [userId]);
}

/** When the data on screen was fetched, re-read as the cache changes; only while offline. */
function useDataUpdatedAt(queryClient: QueryClient, enabled: boolean) {
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((listener: () => void) => (enabled ? cache.subscribe(listener) : () => {}), [cache, enabled]);
  return useSyncExternalStore(subscribe, () =>
    enabled
      ? dataUpdatedAt(cache.getAll().map((q) => ({ updatedAt: q.state.dataUpdatedAt, onScreen: q.getObserversCount() > 0 })))
      : undefined,
  );
}

export function OfflineBar() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const userId = useMe().data?.user.id;
  const { items, paused, sending } = useOutboxSnapshot();
  const [notices, setNotices] = useState<Notice[]>([]);
  const dismiss = useCallback((id: string) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const addNotice = useCallback(
    (notice: Notice) => {
      setNotices((all) => [...all.filter((n) => n.id !== notice.id), notice]);
      setTimeout(() => dismiss(notice.id), NOTICE_MS);
    },
    [dismiss],
  );
  useOutboxRunner(userId, addNotice);
  const updatedAt = useDataUpdatedAt(queryClient, !online);

  const mine = items.filter((i) => i.userId === userId);
  const waiting = mine.filter((i) => i.state === 'waiting').length;
  // Online, what waits is on its way unless an attempt already failed (then it waits for the connection to work).
  const onItsWay = !!sending || !mine.some((i) => i.state === 'waiting' && i.attempts > 0);
  // Refused visits show on their shop's page; a refused new shop has no page yet, so it shows here.
  const refusedShops = mine.filter((i) => i.state === 'refused' && i.kind === 'shop');

  return (
    // All of it is of the moment: not in the Home kept for the next start (homeSnapshot.ts).
    <div className="container-lg d-print-none" data-not-kept="">
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      {!online && (
        <Alert variant="secondary" className="py-2 my-2 small" role="status">
          {updatedAt === undefined ? nl.offline.bannerNoData : nl.offline.banner(offlineAge(updatedAt))}
          {waiting > 0 && <> {nl.offline.waitingCount(waiting)}</>}
        </Alert>
      )}
      {online && waiting > 0 && (
        <p className="small text-body-secondary my-2">{onItsWay ? nl.offline.sendingCount(waiting) : nl.offline.waitingCount(waiting)}</p>
      )}
      {paused && waiting > 0 && (
        <Alert variant="warning" className="py-2 my-2 small">
          {nl.offline.paused}
        </Alert>
      )}
      {refusedShops.map((item) => (
        <Alert key={item.id} variant="danger" className="py-2 my-2 small">
          {nl.offline.refusedShop(shopName(item), item.message ?? '')} <Link to="/shop/new">{nl.offline.edit}</Link>
        </Alert>
      ))}
      <div role="status" aria-live="polite">
        {notices.map((n) => (
          <Alert key={n.id} variant="success" className="py-2 my-2 small" closeLabel={nl.offline.close} onClose={() => dismiss(n.id)}>
            {n.text}
          </Alert>
        ))}
      </div>
    </div>
  );
}
