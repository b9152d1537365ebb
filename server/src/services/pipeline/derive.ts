// Where a shop stands for each FC70 brand, derived from what its visits gather (docs/decisions/066-pipeline-per-shop-and-brand.md).
// Pure: the replay of every visit and the visit's own save both ask here, so both give the same statuses.

import { PIPELINE_STAGE as STAGE, type PipelineStatus } from '@prospectie/contract/pipeline';

export type { PipelineStatus };

/** A brand's status in a shop as it stands, and whether a rep set it (then a visit before that day leaves it alone). */
export interface StatusNow {
  status: PipelineStatus;
  /** The day it was set, 'YYYY-MM-DD'. */
  since: string;
  explicit: boolean;
}

/** What a visit says of the FC70 brands, by id. */
export interface VisitEvidence {
  visitDate: string;
  /** The brands the shop carries (listed with a sell-out, 0 included). */
  carried: readonly number[];
  /** The brands it showed an interest in. */
  interests: readonly number[];
  /** The FC70 brands picked as terminated. */
  terminated: readonly number[];
}

/** One change a visit makes. */
export interface DerivedChange {
  brandId: number;
  from: PipelineStatus | null;
  to: PipelineStatus;
}

/** What one piece of evidence makes of a brand's status, or null when it leaves it as it is. */
function next(current: PipelineStatus | null, evidence: PipelineStatus): PipelineStatus | null {
  if (current === evidence) return null;
  switch (evidence) {
    // Being seen moves only a prospect: a rep's 'not interested' or a stop outlives a visit that says nothing new.
    case 'visited':
      return current === null ? 'visited' : null;
    // An interest is new evidence after a 'no' or a stop, and forward from a visit; it never undoes a negotiation.
    case 'interested':
      return current === null || STAGE[current] < STAGE.interested ? 'interested' : null;
    // Carrying the brand makes the shop a customer, also again after a stop.
    case 'customer':
      return 'customer';
    case 'stopped':
      return 'stopped';
    default:
      return null;
  }
}

/**
 * The changes a visit makes to a shop's statuses: every FC70 brand at least visited, an interest interested, a brand
 * carried customer, a terminated one stopped (the strongest evidence for a brand counts). A status a rep set on a day
 * after the visit is left alone: what a rep sets counts, a visit sent later from the outbox does not overrule it.
 */
export function deriveFromVisit(now: ReadonlyMap<number, StatusNow>, visit: VisitEvidence, fc70Brands: readonly number[]): DerivedChange[] {
  const evidence = new Map<number, PipelineStatus>();
  for (const id of fc70Brands) evidence.set(id, 'visited');
  for (const id of visit.interests) evidence.set(id, 'interested');
  for (const id of visit.terminated) evidence.set(id, 'stopped');
  // Carried wins over terminated in the same visit: the shop still sells it.
  for (const id of visit.carried) evidence.set(id, 'customer');
  const changes: DerivedChange[] = [];
  for (const [brandId, seen] of evidence) {
    const current = now.get(brandId);
    if (current?.explicit && current.since > visit.visitDate) continue;
    const to = next(current?.status ?? null, seen);
    if (to) changes.push({ brandId, from: current?.status ?? null, to });
  }
  return changes.sort((a, b) => a.brandId - b.brandId);
}

/** What happens to a shop, as the replay takes it: a visit's evidence, or a status a rep (or the import) set. */
export type ShopEvent<V = unknown> =
  { kind: 'visit'; evidence: VisitEvidence; visit?: V } | { kind: 'explicit'; brandId: number; status: PipelineStatus; on: string };

/**
 * A shop's statuses after its visits, oldest first, and the explicit changes a rep made, each on its day (after that
 * day's visits). `onDerived` hears each change a visit makes, with the visit it came from.
 */
export function replayShop<V>(
  events: readonly ShopEvent<V>[],
  fc70Brands: readonly number[],
  onDerived?: (change: DerivedChange, visit: V | undefined, on: string) => void,
): Map<number, StatusNow> {
  const day = (e: ShopEvent<V>) => (e.kind === 'visit' ? e.evidence.visitDate : e.on);
  const now = new Map<number, StatusNow>();
  // On one day a rep's explicit change comes after the visit it followed (a stable sort keeps each kind's order).
  const ordered = [...events].sort((a, b) => day(a).localeCompare(day(b)) || (a.kind === b.kind ? 0 : a.kind === 'visit' ? -1 : 1));
  for (const event of ordered) {
    if (event.kind === 'explicit') now.set(event.brandId, { status: event.status, since: event.on, explicit: true });
    else
      for (const change of deriveFromVisit(now, event.evidence, fc70Brands)) {
        now.set(change.brandId, { status: change.to, since: event.evidence.visitDate, explicit: false });
        onDerived?.(change, event.visit, event.evidence.visitDate);
      }
  }
  return now;
}
