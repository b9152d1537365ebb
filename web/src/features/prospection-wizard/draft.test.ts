import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, readDraft, saveDraft } from './draft';
import { emptyVisit } from './form';

afterEach(() => localStorage.clear());

describe('the wizard draft on the device', () => {
  const values = { ...emptyVisit('2026-03-02'), trends: 'Duurzaam', competitorBrandIds: [4] };

  it('keeps values, step and idempotency key per user and shop', () => {
    saveDraft(1, 10, { values, step: 3, idempotencyKey: 'key-1' }, new Date('2026-03-02T10:00:00Z'));
    expect(loadDraft(1, 10)).toEqual({ values, step: 3, idempotencyKey: 'key-1', savedAt: '2026-03-02T10:00:00.000Z' });
    expect(loadDraft(1, 11)).toBeNull();
    expect(loadDraft(2, 10)).toBeNull();
  });

  it('is gone once cleared', () => {
    saveDraft(1, 10, { values, step: 0, idempotencyKey: 'k' });
    clearDraft(1, 10);
    expect(loadDraft(1, 10)).toBeNull();
  });

  it('ignores a stored draft it cannot read', () => {
    localStorage.setItem('prospectie:wizard-draft:v1:1:10', '{not json');
    expect(loadDraft(1, 10)).toBeNull();
    localStorage.setItem('prospectie:wizard-draft:v1:1:10', JSON.stringify({ values: { visitDate: 3 }, step: 1, idempotencyKey: 'k' }));
    expect(loadDraft(1, 10)).toBeNull();
  });

  it('brings back a draft an older version kept with values the form now refuses, as typed', () => {
    const typed = {
      ...values,
      contactPhone: '0'.repeat(60),
      brands: [
        { brandId: 1, brandName: 'Kade Denim', sellout: '150', selloutRemark: 'r'.repeat(600) },
        { brandId: 2, brandName: 'Noord', sellout: '12,5', selloutRemark: '' },
      ],
    };
    // As version 1 stored it: no furthest step.
    localStorage.setItem(
      'prospectie:wizard-draft:v1:1:10',
      JSON.stringify({ values: typed, step: 1, idempotencyKey: 'k', savedAt: '2026-03-02T10:00:00.000Z' }),
    );
    expect(loadDraft(1, 10)).toEqual({ values: typed, step: 1, idempotencyKey: 'k', savedAt: '2026-03-02T10:00:00.000Z' });
  });

  it('opens a draft kept before the brand statuses, with no FC70 brands stopped and no choices made', () => {
    const { terminatedBrandIds, pipeline, ...older } = values;
    expect([terminatedBrandIds, pipeline]).toEqual([[], []]);
    const kept = { values: older, step: 6, idempotencyKey: 'k', savedAt: '2026-03-02T10:00:00.000Z' };
    localStorage.setItem('prospectie:wizard-draft:v1:1:10', JSON.stringify(kept));
    expect(loadDraft(1, 10)).toEqual({ ...kept, values });
    // The same draft kept with a visit in the outbox, reopened after the server refused it.
    expect(readDraft(kept)).toEqual({ ...kept, values });
  });

  it('keeps the FC70 brands stopped and the choices per brand', () => {
    const chosen = {
      ...values,
      terminatedBrandIds: [2],
      pipeline: [{ brandId: 2, status: 'not_interested', reason: 'price', reasonText: '', nextStep: 'Bellen', nextStepDate: '2026-04-01' }],
    } satisfies typeof values;
    saveDraft(1, 10, { values: chosen, step: 6, idempotencyKey: 'k' });
    expect(loadDraft(1, 10)?.values).toEqual(chosen);
  });
});
