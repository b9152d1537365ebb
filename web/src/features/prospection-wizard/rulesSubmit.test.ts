// The wizard's rules for sending a visit: the submission built from the form, and the message when it fails.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { emptyVisit, type WizardValues } from './form';
import { buildSubmission, submitErrorMessage } from './rules';

const visit = (patch: Partial<WizardValues> = {}): WizardValues => ({ ...emptyVisit('2026-03-02'), ...patch });

describe('the submission', () => {
  it('carries every value, blanks as null, sellout as a number and to-dos with status 1', () => {
    const v = visit({
      contactName: 'Jan Maes',
      visitContext: ' Nieuwe collectie ',
      brands: [
        { brandId: 3, brandName: 'Atelier Seventy', sellout: '60', selloutRemark: 'loopt goed' },
        { brandId: 5, brandName: 'Kade Denim', sellout: '', selloutRemark: '' },
        { brandId: 6, brandName: 'Noord', sellout: '12,5', selloutRemark: '' },
      ],
      competitorBrandIds: [2],
      brandInterests: [{ brandId: 9, brandName: 'Bries Outdoor', remark: '' }],
      trends: 'Duurzaam',
      extra: 'Koffie',
      manualTodos: [{ key: 'a', name: 'Stalen', remarks: 'Maart', employeeIds: [1, 2] }],
    });
    const body = buildSubmission(v);
    expect(body).toMatchObject({
      visitDate: '2026-03-02',
      visitTypeId: 4,
      contactTypeId: 4,
      contactName: 'Jan Maes',
      contactEmail: null,
      visitContext: 'Nieuwe collectie',
      newBrands: null,
      brands: [
        { brandId: 3, sellout: 60, selloutRemark: 'loopt goed' },
        { brandId: 5, sellout: null, selloutRemark: null },
        { brandId: 6, sellout: 12.5, selloutRemark: null },
      ],
      competitorBrandIds: [2],
      brandInterests: [{ brandId: 9, remark: null }],
      trends: 'Duurzaam',
      extra: 'Koffie',
    });
    expect(body.todos).toEqual([
      { name: 'Nieuwe contactinformatie', remarks: 'Jan Maes – Naam: Jan Maes', toDoTypeId: 1, toDoStatusId: 1, employeeIds: [] },
      { name: 'FC70 brand interesses', remarks: 'Bries Outdoor', toDoTypeId: 3, toDoStatusId: 1, employeeIds: [] },
      { name: 'Stalen', remarks: 'Maart', toDoTypeId: 4, toDoStatusId: 1, employeeIds: [1, 2] },
    ]);
  });
});

describe('the submission’s FC70 brands (decision 066)', () => {
  const none = { status: '', reason: '', reasonText: '', nextStep: '', nextStepDate: '' } as const;

  it('carries the FC70 brands picked as stopped beside the free text, which goes as typed', () => {
    const body = buildSubmission(visit({ terminatedBrandIds: [4, 6], terminatedBrands: 'Esprit, Vila' }));
    expect(body).toMatchObject({ terminatedBrandIds: [4, 6], terminatedBrands: 'Esprit, Vila' });
    expect(buildSubmission(visit())).toMatchObject({ terminatedBrandIds: [], pipeline: [] });
  });

  it('carries only what the rep entered per brand: no row left untouched or emptied, no key left empty', () => {
    const body = buildSubmission(
      visit({
        brands: [{ brandId: 3, brandName: 'Atelier Seventy', sellout: '60', selloutRemark: '' }],
        brandInterests: [{ brandId: 5, brandName: 'Kade Denim', remark: '' }],
        terminatedBrandIds: [6, 7],
        pipeline: [
          { ...none, brandId: 5, status: 'negotiating', nextStep: ' Offerte sturen ', nextStepDate: '2026-03-10' },
          { ...none, brandId: 6, status: 'not_interested', reason: 'competitor', reasonText: 'Werkt met Vila' },
          // Typed and wiped again: nothing to send.
          { ...none, brandId: 3, nextStep: '  ' },
          { ...none, brandId: 7, nextStepDate: '2026-04-01' },
        ],
      }),
    );
    expect(body.pipeline).toEqual([
      { brandId: 5, status: 'negotiating', nextStep: 'Offerte sturen', nextStepDate: '2026-03-10' },
      { brandId: 6, status: 'not_interested', reason: 'competitor', reasonText: 'Werkt met Vila' },
      { brandId: 7, nextStepDate: '2026-04-01' },
    ]);
  });

  it('sends a reason only with ‘niet geïnteresseerd’, and no choice for a brand the visit no longer names', () => {
    const body = buildSubmission(
      visit({
        brandInterests: [{ brandId: 5, brandName: 'Kade Denim', remark: '' }],
        pipeline: [
          // First 'niet geïnteresseerd' with a reason, then changed to 'geïnteresseerd': the hidden reason stays home.
          { ...none, brandId: 5, status: 'interested', reason: 'price', reasonText: 'te duur' },
          // Its interest was taken away again.
          { ...none, brandId: 9, status: 'customer' },
        ],
      }),
    );
    expect(body.pipeline).toEqual([{ brandId: 5, status: 'interested' }]);
  });
});

describe('submit failure message', () => {
  it('says what the server said when it is about the user (the spec’s text of the no_employee code)', () => {
    expect(submitErrorMessage(new ApiError(403, 'the signed-in account has no employee', 'Forbidden', 'no_employee'))).toBe(
      'Geen geldige gebruiker. Probeer opnieuw in te loggen.',
    );
  });

  it('decides by the code, never by the words of the message', () => {
    expect(submitErrorMessage(new ApiError(404, 'gebruiker', 'Not Found', 'shop_not_found'))).toBe(
      'Er ging iets mis bij het verzenden. Probeer het later opnieuw.',
    );
  });

  it('says plainly that the connection is gone', () => {
    expect(submitErrorMessage(new ApiError(0, 'network'))).toMatch(/^Geen verbinding met de server\./);
  });

  it('falls back to the general message', () => {
    expect(submitErrorMessage(new ApiError(500, 'Internal Server Error'))).toBe(
      'Er ging iets mis bij het verzenden. Probeer het later opnieuw.',
    );
  });
});
