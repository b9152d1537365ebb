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
