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

/**
 * The stored draft, or null when there is none or it cannot be read any more. Only the shape is
 * checked: a value over a limit (typed before the limit was in the input) comes back as typed, and
 * the form marks it.
 */
export function loadDraft(userId: number, shopId: number): WizardDraft | null {
  const raw = storage()?.getItem(storageKey(userId, shopId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<WizardDraft>;
    const values = visitValuesShape.safeParse(parsed.values);
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
