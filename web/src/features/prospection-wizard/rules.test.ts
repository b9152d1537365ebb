// The wizard's rules: contact confirmation, the step guards, the visit date and the field limits. To-dos:
// rulesTodos.test.ts; the submission: rulesSubmit.test.ts.
import { describe, expect, it } from 'vitest';
import { emptyVisit, LIMITS, REASON_MAX, selloutProblem, selloutValue, wizardSchema, type WizardValues } from './form';
import {
  confirmedAfterTyping,
  contactForType,
  contactInfoCode,
  guardFor,
  missingContactConfirmations,
  SEND,
  STEP,
  typedContactFields,
  visitDateProblem,
} from './rules';

const visit = (patch: Partial<WizardValues> = {}): WizardValues => ({ ...emptyVisit('2026-03-02'), ...patch });
const owner = { name: 'Els Peeters', email: 'els@winkel.be', phone: '0470 12 34 56' };
/** The guards' day: the visits above are dated 2026-03-02. */
const today = { today: '2026-03-02' };

describe('contact confirmation', () => {
  it('loads contact info only for owner (code 5) and buyer (code 6)', () => {
    expect([1, 2, 3, 4].map(contactInfoCode)).toEqual([5, 6, undefined, undefined]);
  });

  it('owner and buyer show the loaded info, every field unconfirmed', () => {
    expect(contactForType(1, owner)).toEqual({
      contactTypeId: 1,
      contactName: 'Els Peeters',
      contactEmail: 'els@winkel.be',
      contactPhone: '0470 12 34 56',
      confirmed: { name: false, email: false, phone: false },
      loadedContact: owner,
    });
  });

  it('seller and other clear the loaded info', () => {
    for (const type of [3, 4]) {
      expect(contactForType(type, owner)).toMatchObject({ contactName: '', contactEmail: '', contactPhone: '', loadedContact: null });
    }
  });

  it('typing confirms a field, clearing it unconfirms', () => {
    expect(confirmedAfterTyping('Jan')).toBe(true);
    expect(confirmedAfterTyping('   ')).toBe(false);
    expect(confirmedAfterTyping('')).toBe(false);
  });

  it('types 1 and 2 need name, e-mail and phone each confirmed; types 3 and 4 need nothing', () => {
    const v = visit({ ...contactForType(2, owner), confirmed: { name: true, email: false, phone: false } });
    expect(missingContactConfirmations(v)).toEqual(['email', 'phone']);
    expect(missingContactConfirmations({ ...v, confirmed: { name: true, email: true, phone: true } })).toEqual([]);
    expect(missingContactConfirmations(visit({ contactTypeId: 3 }))).toEqual([]);
    expect(missingContactConfirmations(visit({ contactTypeId: 4 }))).toEqual([]);
  });

  it('only text that differs from the known info counts as typed', () => {
    const v = visit({ ...contactForType(1, owner), contactPhone: '0499 99 99 99' });
    expect(typedContactFields(v)).toEqual(['phone']);
    expect(typedContactFields(visit({ contactName: 'Nieuwe Naam', contactEmail: '  ' }))).toEqual(['name']);
  });
});

describe('step guards', () => {
  it("leaving Info without the confirmations returns to Info with 'Gelieve de nodige contact informatie af te vinken.' and marks the unticked fields", () => {
    const v = visit({ ...contactForType(1, owner), confirmed: { name: true, email: false, phone: false } });
    expect(guardFor(v, STEP.brandmix, today)).toEqual({
      step: STEP.info,
      message: 'Gelieve de nodige contact informatie af te vinken.',
      fields: ['contactEmail', 'contactPhone'],
    });
    expect(guardFor(v, STEP.info, today)).toBeNull();
  });

  it('typing or ticking every field lets the rep go on', () => {
    const v = visit({ ...contactForType(2, owner), confirmed: { name: true, email: true, phone: true } });
    expect(guardFor(v, STEP.brandmix, today)).toBeNull();
  });

  it("Opvolging needs trends and extra, both on Feedback: 'Gelieve de verplichte velden in te vullen.' with the blank ones marked", () => {
    expect(guardFor(visit({ extra: 'x' }), STEP.followUp, today)).toEqual({
      step: STEP.feedback,
      message: 'Gelieve de verplichte velden in te vullen.',
      fields: ['trends'],
    });
    expect(guardFor(visit({ trends: 'x', extra: '  ' }), STEP.followUp, today)).toMatchObject({ step: STEP.feedback, fields: ['extra'] });
    expect(guardFor(visit(), STEP.followUp, today)).toMatchObject({ step: STEP.feedback, fields: ['trends', 'extra'] });
    expect(guardFor(visit({ trends: 'x', extra: 'y' }), STEP.followUp, today)).toBeNull();
    expect(guardFor(visit(), STEP.feedback, today)).toBeNull();
  });

  it('a listed to-do without a title stops the send', () => {
    const v = visit({ trends: 'x', extra: 'y', manualTodos: [{ key: 'a', name: ' ', remarks: 'r', employeeIds: [1] }] });
    expect(guardFor(v, SEND, today)).toMatchObject({ step: STEP.followUp, message: 'Gelieve de verplichte velden in te vullen.' });
  });

  it('a to-do assigned to nobody stops the send, with a word on why', () => {
    const v = visit({ trends: 'x', extra: 'y', newBrands: 'Vila' });
    expect(guardFor(v, SEND, today)).toEqual({ step: STEP.followUp, message: 'Wijs elke taak toe aan minstens één persoon.', fields: [] });
    expect(guardFor(v, SEND, { ...today, self: 7 })).toBeNull();
  });

  it("a brand set to 'niet geïnteresseerd' without a reason stops the send on Opvolging, in Dutch, its reason marked", () => {
    const kade = { brandId: 1, brandName: 'Kade Denim', remark: '' };
    const choice = { brandId: 1, status: 'not_interested', reason: '', reasonText: 'te duur', nextStep: '', nextStepDate: '' } as const;
    const noted = { brandId: 2, status: 'negotiating', reason: '', reasonText: '', nextStep: 'Offerte', nextStepDate: '' } as const;
    const v = visit({ trends: 'x', extra: 'y', brandInterests: [kade], terminatedBrandIds: [2], pipeline: [noted, choice] });
    expect(guardFor(v, SEND, { ...today, self: 7 })).toEqual({
      step: STEP.followUp,
      message: 'Kies waarom de winkel niet geïnteresseerd is.',
      fields: ['pipeline.1.reason'],
    });
    // Only the send is stopped: the steps before it are not.
    expect(guardFor(v, STEP.followUp, today)).toBeNull();
    expect(guardFor({ ...v, pipeline: [noted, { ...choice, reason: 'price' }] }, SEND, { ...today, self: 7 })).toBeNull();
  });

  it('a choice left for a brand the visit no longer names does not stop the send', () => {
    const choice = { brandId: 1, status: 'not_interested', reason: '', reasonText: '', nextStep: '', nextStepDate: '' } as const;
    expect(guardFor(visit({ trends: 'x', extra: 'y', pipeline: [choice] }), SEND, today)).toBeNull();
  });
});

describe('the visit date', () => {
  it('is refused after today in Belgium, in Dutch, on Info', () => {
    expect(visitDateProblem('2026-03-03', '2026-03-02')).toBe('future');
    expect(guardFor(visit({ visitDate: '2031-05-05' }), STEP.brandmix, today)).toEqual({
      step: STEP.info,
      message: 'De datum van het bezoek kan niet na vandaag liggen.',
      fields: ['visitDate'],
    });
  });

  it('today and up to 30 days back pass without a question', () => {
    expect(visitDateProblem('2026-03-02', '2026-03-02')).toBeNull();
    expect(visitDateProblem('2026-01-31', '2026-03-02')).toBeNull();
    expect(guardFor(visit({ visitDate: '2026-01-31' }), STEP.brandmix, today)).toBeNull();
  });

  it('more than 30 days back asks for confirmation, and passes once that date is confirmed', () => {
    expect(visitDateProblem('2026-01-30', '2026-03-02')).toBe('old');
    const v = visit({ visitDate: '2026-01-30' });
    expect(guardFor(v, STEP.brandmix, today)).toMatchObject({
      step: STEP.info,
      confirm: 'oldDate',
      message: 'Het bezoek was op 30/01/2026, meer dan 30 dagen geleden. Klopt die datum?',
    });
    expect(guardFor(v, STEP.brandmix, { ...today, confirmedDate: '2026-01-30' })).toBeNull();
    expect(guardFor(visit({ visitDate: '2026-01-29' }), STEP.brandmix, { ...today, confirmedDate: '2026-01-30' })).toMatchObject({
      confirm: 'oldDate',
    });
  });

  it('an empty date is a required field', () => {
    expect(guardFor(visit({ visitDate: '' }), STEP.brandmix, today)).toMatchObject({
      message: 'Gelieve de verplichte velden in te vullen.',
      fields: ['visitDate'],
    });
  });
});

describe('field limits', () => {
  it('sellout is empty or a percentage 0-100 with at most one decimal, with a comma or a point', () => {
    for (const ok of ['', '0', '55', '100', ' 7 ', '12,5', '12.5', '0,0', '100.0', '99,9']) expect(selloutProblem(ok)).toBeNull();
    expect(selloutValue('12,5')).toBe(12.5);
    expect(selloutValue(' 30.5 ')).toBe(30.5);
    expect(selloutValue('')).toBeNull();
  });

  it('a refused sellout says what is wrong', () => {
    expect(selloutProblem('150')).toBe('De sellout kan niet hoger zijn dan 100.');
    expect(selloutProblem('100,5')).toBe('De sellout kan niet hoger zijn dan 100.');
    expect(selloutProblem('12,55')).toBe('Geef de sellout met hoogstens één cijfer na de komma, bijvoorbeeld 12,5.');
    expect(selloutProblem('-1')).toBe('De sellout kan niet negatief zijn.');
    for (const bad of ['abc', '1e2', '12,', ',5', '1,2,3'])
      expect(selloutProblem(bad)).toBe('Geef de sellout als getal, bijvoorbeeld 12,5.');
  });

  it("every text field's limit is the server's", () => {
    expect(LIMITS).toEqual({
      contactName: 200,
      contactEmail: 320,
      contactPhone: 50,
      visitContext: 500,
      newBrands: 2000,
      bestBrands: 2000,
      worstBrands: 2000,
      terminatedBrands: 2000,
      trends: 4000,
      extra: 4000,
      selloutRemark: 500,
      interestRemark: 500,
      todoName: 200,
      todoRemarks: 2000,
      nextStep: 200,
      reasonText: 500,
    });
  });

  it('a text over its limit gets a Dutch message on its own field, saying how long it is and may be', () => {
    const result = wizardSchema.safeParse(
      visit({
        contactPhone: '0'.repeat(51),
        trends: 't'.repeat(4001),
        brandInterests: [{ brandId: 2, brandName: 'Bries', remark: 'r'.repeat(501) }],
        pipeline: [{ brandId: 2, status: '', reason: '', reasonText: '', nextStep: 's'.repeat(201), nextStepDate: '' }],
      }),
    );
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contactPhone', 'Te lang: 51 tekens, maximaal 50.'],
      ['trends', 'Te lang: 4001 tekens, maximaal 4000.'],
      ['brandInterests.0.remark', 'Te lang: 501 tekens, maximaal 500.'],
      ['pipeline.0.nextStep', 'Te lang: 201 tekens, maximaal 200.'],
    ]);
  });

  it('the visit reason holds at most 500 characters', () => {
    const ok = wizardSchema.safeParse(visit({ visitContext: 'a'.repeat(REASON_MAX) }));
    const tooLong = wizardSchema.safeParse(visit({ visitContext: 'a'.repeat(REASON_MAX + 1) }));
    expect(ok.success).toBe(true);
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0].message).toBe('De reden mag maximaal 500 tekens bevatten.');
  });

  it('a sellout outside 0-100 fails the form check with a Dutch message', () => {
    const result = wizardSchema.safeParse(visit({ brands: [{ brandId: 1, brandName: 'Kade Denim', sellout: '120', selloutRemark: '' }] }));
    expect(result.error?.issues[0]).toMatchObject({ path: ['brands', 0, 'sellout'], message: 'De sellout kan niet hoger zijn dan 100.' });
  });
});
