// The wizard's draft on the device (DESIGN.md difference 5): form values, step and idempotency key
// per user and shop, so a reload, a crashed tab or a lost connection never loses a visit.
import { DRAFT_KEY_PREFIX, deviceStorage as storage } from '../../offline/keptDrafts';
import { visitValuesShape, type WizardValues } from './form';

export interface WizardDraft {
  values: WizardValues;
  step: number;
  /** The furthest step reached, so the step circles can jump back to it (absent in older drafts). */
  furthest?: number;
  /** Sent with the submit; reused by every retry so the visit is saved once. */
  idempotencyKey: string;
  /** ISO date-time of the last save. */
  savedAt: string;
  /** The rep's appointment the visit was started from (Start bezoek, decision 028): its id or the device's id for it. */
  appointmentId?: string;
}

const VERSION = 1;
const storageKey = (userId: number, shopId: number) => `${DRAFT_KEY_PREFIX}v${VERSION}:${userId}:${shopId}`;

/** The form's shape, with what a draft kept before the brand statuses (decision 066) lacks starting as a new visit's. */
const storedValues = visitValuesShape.extend({
  terminatedBrandIds: visitValuesShape.shape.terminatedBrandIds.default([]),
  pipeline: visitValuesShape.shape.pipeline.default([]),
});

/**
 * A draft as it was kept (on the device, or with a visit in the outbox), or null when it cannot be read any more. Only
 * the shape is checked: a value over a limit (typed before the limit was in the input) comes back as typed, and the
 * form marks it.
 */
export function readDraft(stored: unknown): WizardDraft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const parsed = stored as Partial<WizardDraft>;
  const values = storedValues.safeParse(parsed.values);
  if (!values.success || typeof parsed.step !== 'number' || typeof parsed.idempotencyKey !== 'string') return null;
  const furthest = typeof parsed.furthest === 'number' ? { furthest: parsed.furthest } : {};
  const appointment = typeof parsed.appointmentId === 'string' ? { appointmentId: parsed.appointmentId } : {};
  return {
    values: values.data,
    step: parsed.step,
    ...furthest,
    ...appointment,
    idempotencyKey: parsed.idempotencyKey,
    savedAt: String(parsed.savedAt ?? ''),
  };
}

/** The draft kept on this device for the user and shop, or null when there is none or it cannot be read any more. */
export function loadDraft(userId: number, shopId: number): WizardDraft | null {
  const raw = storage()?.getItem(storageKey(userId, shopId));
  if (!raw) return null;
  try {
    return readDraft(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, shopId: number, draft: Omit<WizardDraft, 'savedAt'>, now = new Date()) {
  try {
    storage()?.setItem(storageKey(userId, shopId), JSON.stringify({ ...draft, savedAt: now.toISOString() }));
  } catch {
    // A full or blocked storage must not stop the rep; the form still holds everything.
  }
}

export function clearDraft(userId: number, shopId: number) {
  storage()?.removeItem(storageKey(userId, shopId));
}
