import { describe, expect, it } from 'vitest';
import { deriveFromVisit, replayShop, type PipelineStatus, type StatusNow, type VisitEvidence } from './derive.js';

const FC70 = [1, 2, 3];
const visit = (visitDate: string, e: Partial<Omit<VisitEvidence, 'visitDate'>> = {}) => ({
  kind: 'visit' as const,
  evidence: { visitDate, carried: [], interests: [], terminated: [], ...e },
});
const explicit = (on: string, brandId: number, status: PipelineStatus) => ({ kind: 'explicit' as const, brandId, status, on });

/** Ten visits over four shops, with rep's own changes, and the statuses they must give, written out. */
const SHOPS = {
  // Seen, then interested in B, then a customer of B.
  10: [visit('2026-01-10'), visit('2026-02-10', { interests: [2] }), visit('2026-04-01', { carried: [2] })],
  // Interested in A, then the rep says not interested: a later visit without an interest leaves that.
  20: [visit('2026-01-05', { interests: [1] }), explicit('2026-01-20', 1, 'not_interested'), visit('2026-03-01')],
  // A customer of A and C, stops C, then shows an interest in C again.
  30: [visit('2026-02-01', { carried: [1, 3] }), visit('2026-05-01', { terminated: [3] }), visit('2026-06-01', { interests: [3] })],
  // In talks for B (the rep's word): an interest does not set it back, carrying it makes a customer even when also
  // picked as terminated in the same visit.
  40: [
    explicit('2026-01-15', 2, 'negotiating'),
    visit('2026-02-01', { interests: [2] }),
    visit('2026-03-01', { carried: [2], terminated: [2] }),
  ],
};
const EXPECTED: Record<keyof typeof SHOPS, Record<number, StatusNow>> = {
  10: {
    1: { status: 'visited', since: '2026-01-10', explicit: false },
    2: { status: 'customer', since: '2026-04-01', explicit: false },
    3: { status: 'visited', since: '2026-01-10', explicit: false },
  },
  20: {
    1: { status: 'not_interested', since: '2026-01-20', explicit: true },
    2: { status: 'visited', since: '2026-01-05', explicit: false },
    3: { status: 'visited', since: '2026-01-05', explicit: false },
  },
  30: {
    1: { status: 'customer', since: '2026-02-01', explicit: false },
    2: { status: 'visited', since: '2026-02-01', explicit: false },
    3: { status: 'interested', since: '2026-06-01', explicit: false },
  },
  40: {
    1: { status: 'visited', since: '2026-02-01', explicit: false },
    2: { status: 'customer', since: '2026-03-01', explicit: false },
    3: { status: 'visited', since: '2026-02-01', explicit: false },
  },
};

describe('the pipeline derived from the visits', () => {
  it('gives every shop the statuses written out, by a replay and by taking each visit as it comes', () => {
    for (const [shop, events] of Object.entries(SHOPS)) {
      const expected = EXPECTED[Number(shop) as keyof typeof SHOPS];
      expect(Object.fromEntries(replayShop(events, FC70))).toEqual(expected);
      // One by one, in the order they were made, as the visits' own saves do.
      const now = new Map<number, StatusNow>();
      for (const event of events) {
        if (event.kind === 'explicit') now.set(event.brandId, { status: event.status, since: event.on, explicit: true });
        else
          for (const change of deriveFromVisit(now, event.evidence, FC70))
            now.set(change.brandId, { status: change.to, since: event.evidence.visitDate, explicit: false });
      }
      expect(Object.fromEntries(now)).toEqual(expected);
    }
  });

  it('leaves alone a status a rep set after the day of a visit that arrives later (sent from the outbox)', () => {
    const now = new Map<number, StatusNow>([[2, { status: 'not_interested', since: '2026-03-10', explicit: true }]]);
    const late = visit('2026-03-05', { interests: [2] }).evidence;
    expect(deriveFromVisit(now, late, FC70)).toEqual([
      { brandId: 1, from: null, to: 'visited' },
      { brandId: 3, from: null, to: 'visited' },
    ]);
  });

  it('names what each change was before', () => {
    const now = new Map<number, StatusNow>([[1, { status: 'interested', since: '2026-01-01', explicit: false }]]);
    expect(deriveFromVisit(now, visit('2026-02-01', { carried: [1] }).evidence, [1])).toEqual([
      { brandId: 1, from: 'interested', to: 'customer' },
    ]);
  });
});
