// Opvolging's 'Merken opvolgen': which FC70 brands are listed, and a row's change. What is sent: rulesSubmit.test.ts.
import { describe, expect, it } from 'vitest';
import { emptyVisit, type WizardValues } from './form';
import { changeChoice, choiceFor, pipelineBrands } from './pipelineChoices';

const visit = (patch: Partial<WizardValues> = {}): WizardValues => ({ ...emptyVisit('2026-03-02'), ...patch });
const fc70 = [
  { id: 1, name: 'Atelier Seventy' },
  { id: 2, name: 'Bries Outdoor' },
  { id: 3, name: 'Kade Denim' },
  { id: 4, name: 'Noord' },
];

describe('the brands to follow up', () => {
  it('lists each FC70 brand the visit names once, carried, of interest or stopped, in the order of the FC70 list', () => {
    const v = visit({
      brands: [{ brandId: 4, brandName: 'Noord', sellout: '', selloutRemark: '' }],
      brandInterests: [
        { brandId: 3, brandName: 'Kade Denim', remark: '' },
        { brandId: 4, brandName: 'Noord', remark: '' },
      ],
      terminatedBrandIds: [1],
    });
    expect(pipelineBrands(v, fc70).map((b) => b.name)).toEqual(['Atelier Seventy', 'Kade Denim', 'Noord']);
  });

  it('lists none for a visit that names no FC70 brand', () => {
    expect(pipelineBrands(visit(), fc70)).toEqual([]);
  });

  it('keeps the name the visit gave a brand taken off the list since', () => {
    const v = visit({ brandInterests: [{ brandId: 8, brandName: 'Oud Merk', remark: '' }] });
    expect(pipelineBrands(v, fc70)).toEqual([{ id: 8, name: 'Oud Merk' }]);
  });
});

describe('a brand’s row', () => {
  it('starts with nothing chosen, and a change keeps the rows already touched in their place', () => {
    expect(choiceFor([], 3)).toEqual({ brandId: 3, status: '', reason: '', reasonText: '', nextStep: '', nextStepDate: '' });
    const first = changeChoice([], 3, { status: 'not_interested' });
    const both = changeChoice(first, 4, { nextStep: 'Bellen' });
    expect(changeChoice(both, 3, { reason: 'price' })).toEqual([
      { brandId: 3, status: 'not_interested', reason: 'price', reasonText: '', nextStep: '', nextStepDate: '' },
      { brandId: 4, status: '', reason: '', reasonText: '', nextStep: 'Bellen', nextStepDate: '' },
    ]);
  });
});
