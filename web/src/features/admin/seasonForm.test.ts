import { describe, expect, it } from 'vitest';
import { brandWindowField, checkSeason, seasonBody, seasonValues, type SeasonValues } from './seasonForm';

const ss27 = (extra: Partial<SeasonValues> = {}): SeasonValues => ({
  name: 'SS27',
  startsOn: '05/01/2027',
  endsOn: '31/03/2027',
  brandWindows: [],
  ...extra,
});
const row = (key: string, brandId: string, startsOn = '12/01/2027', endsOn = '28/02/2027') => ({ key, brandId, startsOn, endsOn });

describe('the season form', () => {
  it('lets a season through with its days typed the Flemish way, and sends them as YYYY-MM-DD', () => {
    const values = ss27({ name: ' SS27 ', brandWindows: [row('a', '3', '12-1-2027', '28.02.2027')] });
    expect(checkSeason(values)).toEqual({});
    expect(seasonBody(values)).toEqual({
      name: 'SS27',
      startsOn: '2027-01-05',
      endsOn: '2027-03-31',
      brandWindows: [{ brandId: 3, startsOn: '2027-01-12', endsOn: '2027-02-28' }],
    });
  });

  it('asks for a name the server takes, real days, and a last day not before the first', () => {
    expect(checkSeason(ss27({ name: '', startsOn: '', endsOn: '31/02/2027' }))).toEqual({
      name: 'Vul dit veld in.',
      startsOn: 'Vul dit veld in.',
      endsOn: 'Geef een datum als dd/mm/jjjj, bijvoorbeeld 05/01/2027.',
    });
    expect(checkSeason(ss27({ name: 'SS/27' })).name).toBe('Gebruik enkel letters, cijfers, spaties, _ en -.');
    expect(checkSeason(ss27({ startsOn: '01/04/2027' }))).toEqual({ endsOn: 'Het begin van een periode ligt voor het einde.' });
  });

  it('asks for a brand on each row, once per season, with its own window in order', () => {
    const errors = checkSeason(ss27({ brandWindows: [row('a', ''), row('b', '3'), row('c', '3', '28/02/2027', '12/01/2027')] }));
    expect(errors).toEqual({
      [brandWindowField('a', 'brandId')]: 'Kies een merk.',
      [brandWindowField('c', 'brandId')]: 'Dit merk heeft al een eigen venster in dit seizoen.',
      [brandWindowField('c', 'endsOn')]: 'Het begin van een periode ligt voor het einde.',
    });
  });

  it('opens a season to change with its days as dd/mm/jjjj', () => {
    const values = seasonValues({
      id: 1,
      name: 'AW26',
      startsOn: '2026-06-01',
      endsOn: '2026-08-31',
      brandWindows: [{ brandId: 2, brandName: 'Mira Mae', startsOn: '2026-06-15', endsOn: '2026-09-15' }],
    });
    expect(values).toMatchObject({
      name: 'AW26',
      startsOn: '01/06/2026',
      endsOn: '31/08/2026',
      brandWindows: [{ brandId: '2', startsOn: '15/06/2026', endsOn: '15/09/2026' }],
    });
  });
});
