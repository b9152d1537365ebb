import { describe, expect, it } from 'vitest';
import { apiQuery, periodAround, searchFromView, viewFromSearch } from './period';

describe('the overview period', () => {
  it('a week runs Monday to Sunday, also across a month and a year', () => {
    expect(periodAround('week', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodAround('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodAround('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('a month and a quarter run from their first to their last day', () => {
    expect(periodAround('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodAround('quarter', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('an address without a period shows this month; days picked by hand stay as picked', () => {
    expect(viewFromSearch(new URLSearchParams(), '2026-11-24')).toEqual({
      period: 'month',
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    const view = viewFromSearch(
      new URLSearchParams('period=custom&from=2026-01-05&to=2026-03-01&employeeId=7&postalCode=90'),
      '2026-11-24',
    );
    expect(view).toEqual({ period: 'custom', query: { from: '2026-01-05', to: '2026-03-01', employeeId: 7, postalCode: '90' } });
    expect(searchFromView(view).toString()).toBe('period=custom&from=2026-01-05&to=2026-03-01&employeeId=7&postalCode=90');
  });

  it('a broken address falls back to this month and drops filters that are no numbers', () => {
    const view = viewFromSearch(new URLSearchParams('period=custom&from=2026-05-01&to=2026-04-01&brandId=x'), '2026-11-24');
    expect(view).toEqual({ period: 'month', query: { from: '2026-11-01', to: '2026-11-30' } });
  });

  it('Mijn overzicht never sends a rep: the server takes her from the session', () => {
    expect(apiQuery({ from: '2026-11-01', to: '2026-11-30', employeeId: 7, brandId: 2 }, true)).toBe(
      'from=2026-11-01&to=2026-11-30&brandId=2',
    );
    expect(apiQuery({ from: '2026-11-01', to: '2026-11-30', employeeId: 7 }, false)).toBe('from=2026-11-01&to=2026-11-30&employeeId=7');
  });
});
