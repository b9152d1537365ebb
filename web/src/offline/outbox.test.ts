import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import {
  AFTER_ID,
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  Outbox,
  failureHandling,
  itemAddress,
  retryDelay,
  type NewOutboxItem,
  type OutboxItem,
} from './outbox';

const REP = 7;

function memoryStorage(initial?: OutboxItem[]) {
  const store = { items: initial, saves: 0 };
  return {
    store,
    storage: {
      load: async () => store.items,
      save: async (items: OutboxItem[]) => {
        store.items = items;
        store.saves++;
      },
    },
  };
}

const visit = (id: string, userId = REP): NewOutboxItem => ({
  id,
  kind: 'visit',
  userId,
  endpoint: 'submitVisit',
  params: { id: 3 },
  body: { visitDate: '2025-11-23', id },
  shopId: 3,
  draft: { step: 6 },
});

/** An outbox whose server answers each attempt from `answers` (an Error to throw, or a result). */
function setup(answers: Record<string, (unknown | Error)[]> = {}, initial?: OutboxItem[]) {
  let clock = 1_000_000;
  const sent: string[] = [];
  const paths: string[] = [];
  const { store, storage } = memoryStorage(initial);
  const outbox = new Outbox({
    storage,
    now: () => clock,
    random: () => 0.5,
    send: async (item) => {
      sent.push(item.id);
      paths.push(`${itemAddress(item).method} ${itemAddress(item).path}`);
      const answer = answers[item.id]?.shift() ?? { id: 1 };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return { outbox, sent, paths, store, tick: (ms: number) => (clock += ms), now: () => clock };
}

const state = (outbox: Outbox) => outbox.getSnapshot().items.map((i) => `${i.id}:${i.state}`);

describe('failure handling', () => {
  it('retries network failures and 5xx, pauses on 401, refuses other 4xx, retries 408/409/429 unless a 409 names a refusal', () => {
    expect(failureHandling(new ApiError(0, 'network'))).toBe('retry');
    expect(failureHandling(new ApiError(500, 'boom'))).toBe('retry');
    expect(failureHandling(new ApiError(503, 'down'))).toBe('retry');
    expect(failureHandling(new ApiError(401, 'expired'))).toBe('pause');
    expect(failureHandling(new ApiError(400, 'bad'))).toBe('refuse');
    expect(failureHandling(new ApiError(404, 'gone'))).toBe('refuse');
    expect(failureHandling(new ApiError(422, 'invalid'))).toBe('refuse');
    expect(failureHandling(new ApiError(409, 'busy', '', 'request_in_progress'))).toBe('retry');
    expect(failureHandling(new ApiError(409, 'ten already', '', 'photo_limit_reached'))).toBe('refuse');
    expect(failureHandling(new ApiError(409, 'busy'))).toBe('retry');
    expect(failureHandling(new ApiError(429, 'slow down'))).toBe('retry');
    expect(failureHandling(new TypeError('Failed to fetch'))).toBe('retry');
  });

  it('backs off exponentially with jitter, up to five minutes', () => {
    expect(retryDelay(1, () => 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelay(1, () => 1)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(2, () => 1)).toBe(FIRST_RETRY_MS * 2);
    expect(retryDelay(3, () => 1)).toBe(FIRST_RETRY_MS * 4);
    expect(retryDelay(30, () => 1)).toBe(MAX_RETRY_MS);
    expect(retryDelay(30, () => 0)).toBe(MAX_RETRY_MS / 2);
  });
});

describe('Outbox', () => {
  it('sends waiting items in the order they were made and keeps them on the device until then', async () => {
    const { outbox, sent, store } = setup();
    await outbox.add(visit('a'));
    await outbox.add(visit('b'));
    await outbox.add(visit('c'));
    expect(store.items?.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    const delivered: string[] = [];
    outbox.onSent((item) => delivered.push(item.id));
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(delivered).toEqual(['a', 'b', 'c']);
    expect(outbox.getSnapshot().items).toEqual([]);
    expect(store.items).toEqual([]);
  });

  it('picks up what an earlier session left on the device', async () => {
    const first = setup();
    await first.outbox.add(visit('left-behind'));
    const { outbox, sent } = setup({}, first.store.items);
    await outbox.load();
    expect(state(outbox)).toEqual(['left-behind:waiting']);
    await outbox.flush(REP);
    expect(sent).toEqual(['left-behind']);
  });

  it('on a network failure keeps the item, holds back the ones behind it, and waits longer each time', async () => {
    const network = () => new ApiError(0, 'network');
    const { outbox, sent, tick, now } = setup({ a: [network(), network()] });
    await outbox.add(visit('a'));
    await outbox.add(visit('b'));

    await outbox.flush(REP);
    expect(sent).toEqual(['a']);
    const [a1] = outbox.getSnapshot().items;
    expect(a1).toMatchObject({ id: 'a', state: 'waiting', attempts: 1 });
    expect(a1.nextAttemptAt - now()).toBe(retryDelay(1, () => 0.5));

    // Not yet due: nothing is tried, and b does not overtake a.
    tick(1000);
    await outbox.flush(REP);
    expect(sent).toEqual(['a']);

    tick(a1.nextAttemptAt - now());
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'a']);
    const [a2] = outbox.getSnapshot().items;
    expect(a2.attempts).toBe(2);
    expect(a2.nextAttemptAt - now()).toBe(retryDelay(2, () => 0.5));
    expect(retryDelay(2, () => 0.5)).toBeGreaterThan(retryDelay(1, () => 0.5));

    // The connection comes back: a forced flush ignores the backoff, and both go in order.
    await outbox.flush(REP, { force: true });
    expect(sent).toEqual(['a', 'a', 'a', 'b']);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('retries after a server error (5xx) with the same item and key', async () => {
    const { outbox, sent, tick } = setup({ a: [new ApiError(503, 'Onderhoud')] });
    await outbox.add(visit('a'));
    await outbox.flush(REP);
    expect(state(outbox)).toEqual(['a:waiting']);
    tick(MAX_RETRY_MS);
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'a']);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('pauses on 401 until the rep has signed in again, then goes on in order', async () => {
    const { outbox, sent } = setup({ a: [new ApiError(401, 'Niet aangemeld')] });
    await outbox.add(visit('a'));
    await outbox.add(visit('b'));
    await outbox.flush(REP, { force: true });
    expect(sent).toEqual(['a']);
    expect(outbox.getSnapshot().paused).toBe(true);
    expect(state(outbox)).toEqual(['a:waiting', 'b:waiting']);
    expect(outbox.getSnapshot().items[0].attempts).toBe(0);

    await outbox.flush(REP, { force: true });
    expect(sent).toEqual(['a']);

    outbox.resume();
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'a', 'b']);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('hands a refused item (4xx) back with the Dutch text of the server’s code and goes on with the next', async () => {
    const { outbox, sent, store } = setup({
      a: [new ApiError(400, 'the city is not one of the country', 'Bad Request', 'invalid_city', 'body.cityId')],
    });
    await outbox.add(visit('a'));
    await outbox.add(visit('b'));
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'b']);
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({ id: 'a', state: 'refused', message: 'Geen geldige stad geselecteerd.', draft: { step: 6 } }),
    ]);
    expect(store.items?.[0].state).toBe('refused');
    // A refused item is never sent again by itself; the rep reopens it and it leaves the outbox.
    await outbox.flush(REP, { force: true });
    expect(sent).toEqual(['a', 'b']);
    await outbox.remove('a');
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it("sends only the signed-in rep's items", async () => {
    const { outbox, sent } = setup();
    await outbox.add(visit('mine'));
    await outbox.add(visit('colleague', REP + 1));
    await outbox.flush(REP);
    expect(sent).toEqual(['mine']);
    expect(state(outbox)).toEqual(['colleague:waiting']);
  });

  it('sends each item once when flushes overlap, and includes items added meanwhile', async () => {
    const { outbox, sent } = setup();
    await outbox.add(visit('a'));
    const first = outbox.flush(REP);
    const second = outbox.flush(REP);
    await outbox.add(visit('b'));
    void outbox.flush(REP);
    await Promise.all([first, second]);
    await outbox.flush(REP);
    expect(sent).toEqual(['a', 'b']);
  });

  it('adding the same key twice keeps one item; clear empties the outbox and the device', async () => {
    const { outbox, store } = setup();
    await outbox.add(visit('a'));
    await outbox.add(visit('a'));
    expect(outbox.getSnapshot().items).toHaveLength(1);
    await outbox.clear();
    expect(outbox.getSnapshot()).toEqual({ items: [], paused: false });
    expect(store.items).toEqual([]);
  });

  describe("a visit's pictures", () => {
    const picture = (id: string, visitKey: string): NewOutboxItem => ({
      id,
      kind: 'photo',
      userId: REP,
      endpoint: 'uploadPhoto',
      params: { prospectionId: AFTER_ID, photoId: id },
      body: undefined,
      shopId: 3,
      after: visitKey,
      draft: null,
    });

    it('are sent after their visit, to the id the server gave it', async () => {
      const { outbox, paths } = setup({ v: [{ id: 41 }] });
      await outbox.add(visit('v'));
      await outbox.add(picture('p1', 'v'));
      await outbox.add(picture('p2', 'v'));
      await outbox.flush(REP);
      expect(paths).toEqual(['POST /shops/3/prospections', 'PUT /prospections/41/photos/p1', 'PUT /prospections/41/photos/p2']);
      expect(outbox.getSnapshot().items).toEqual([]);
    });

    it('wait while their visit waits for the connection, and a dropped picture costs only itself', async () => {
      const { outbox, sent, tick } = setup({ v: [new ApiError(0, 'network'), { id: 41 }], p1: [new ApiError(0, 'network')] });
      await outbox.add(visit('v'));
      await outbox.add(picture('p1', 'v'));
      await outbox.add(picture('p2', 'v'));
      await outbox.flush(REP);
      expect(sent).toEqual(['v']);
      expect(state(outbox)).toEqual(['v:waiting', 'p1:waiting', 'p2:waiting']);
      await outbox.flush(REP, { force: true });
      expect(sent).toEqual(['v', 'v', 'p1']);
      // The visit is saved; the picture in flight waits with the visit's id, the next one behind it.
      expect(outbox.getSnapshot().items.map((i) => [i.id, itemAddress(i).path, i.after])).toEqual([
        ['p1', '/prospections/41/photos/p1', undefined],
        ['p2', '/prospections/41/photos/p2', undefined],
      ]);
      tick(FIRST_RETRY_MS);
      await outbox.flush(REP);
      expect(sent).toEqual(['v', 'v', 'p1', 'p1', 'p2']);
      expect(outbox.getSnapshot().items).toEqual([]);
    });

    it('stay unsent beside a refused visit, and go when the rep drops the visit', async () => {
      const { outbox, sent } = setup({ v: [new ApiError(422, 'invalid')] });
      await outbox.add(visit('v'));
      await outbox.add(picture('p1', 'v'));
      await outbox.add(visit('next'));
      await outbox.flush(REP);
      expect(sent).toEqual(['v', 'next']);
      expect(state(outbox)).toEqual(['v:refused', 'p1:waiting']);
      await outbox.remove('v');
      expect(outbox.getSnapshot().items).toEqual([]);
    });
  });
});

describe('what is on its way', () => {
  it('says which item is being sent and how much of it has gone, and nothing once it has arrived', async () => {
    const { storage } = memoryStorage();
    let finish: (value: unknown) => void = () => {};
    let report: (fraction: number) => void = () => {};
    const outbox = new Outbox({
      storage,
      send: (_item, onProgress) => {
        report = onProgress;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    await outbox.add(visit('v1'));
    const flushing = outbox.flush(REP);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outbox.getSnapshot().sending).toEqual({ id: 'v1', progress: null });
    report(0.45);
    expect(outbox.getSnapshot().sending).toEqual({ id: 'v1', progress: 0.45 });
    finish({ id: 1 });
    await flushing;
    expect(outbox.getSnapshot().sending).toBeUndefined();
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('is no longer on its way once a failed attempt waits for its next', async () => {
    const { outbox } = setup({ v1: [new ApiError(0, 'network')] });
    await outbox.add(visit('v1'));
    await outbox.flush(REP);
    expect(outbox.getSnapshot().sending).toBeUndefined();
    expect(state(outbox)).toEqual(['v1:waiting']);
  });
});

describe('items kept on a device before they named their endpoint', () => {
  /** Stored as the outbox stored them then: the path under /api, and a method when not POST. */
  const keptBefore = (item: Partial<OutboxItem> & { path: string; method?: 'PUT' | 'PATCH' | 'DELETE' }): OutboxItem => ({
    kind: 'visit',
    userId: REP,
    body: {},
    draft: null,
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'waiting',
    id: 'x',
    ...item,
  });

  it('are still sent, to the same address and with the same method, a picture with the id its visit was given', async () => {
    const initial = [
      keptBefore({ id: 'v', path: '/shops/3/prospections', shopId: 3 }),
      keptBefore({ id: 'p', kind: 'photo', method: 'PUT', path: `/prospections/${AFTER_ID}/photos/p?caption=Etalage`, after: 'v' }),
      keptBefore({ id: 'a', kind: 'appointment', method: 'PATCH', path: '/appointments/c-1', body: { notes: 'later' } }),
      keptBefore({ id: 's', kind: 'shop', path: '/shops/register' }),
    ];
    const { outbox, paths } = setup({ v: [{ id: 41 }] }, initial);
    await outbox.flush(REP);
    expect(paths).toEqual([
      'POST /shops/3/prospections',
      'PUT /prospections/41/photos/p?caption=Etalage',
      'PATCH /appointments/c-1',
      'POST /shops/register',
    ]);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('wait beside new ones in one list, in the order they were made', async () => {
    const { outbox, paths } = setup({}, [keptBefore({ id: 'old', path: '/shops/3/prospections', shopId: 3 })]);
    await outbox.add({ ...visit('new'), params: { id: 4 }, shopId: 4 });
    await outbox.flush(REP);
    expect(paths).toEqual(['POST /shops/3/prospections', 'POST /shops/4/prospections']);
  });
});
