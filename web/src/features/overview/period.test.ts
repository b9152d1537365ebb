import { describe, expect, it } from 'vitest';
import { apiQuery, periodAround, searchFromView, stepPeriod, viewFromSearch } from './period';

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
    expect(searchFromView(view, '2026-11-24').toString()).toBe('period=custom&from=2026-01-05&to=2026-03-01&employeeId=7&postalCode=90');
  });

  it('Vorige and Volgende step a whole week, month or quarter, also across a year and into a short month', () => {
    expect(stepPeriod('week', '2026-12-28', 1)).toEqual({ from: '2027-01-04', to: '2027-01-10' });
    expect(stepPeriod('week', '2026-11-23', -1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(stepPeriod('month', '2026-01-01', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(stepPeriod('month', '2028-01-01', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(stepPeriod('quarter', '2026-10-01', 1)).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(stepPeriod('quarter', '2026-01-01', -1)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('the address keeps a stepped period by its first day, and this month without a day so it stays this month', () => {
    const today = '2026-11-24';
    const october = { period: 'month' as const, query: { from: '2026-10-01', to: '2026-10-31', brandId: 2 } };
    expect(searchFromView(october, today).toString()).toBe('period=month&from=2026-10-01&brandId=2');
    expect(viewFromSearch(new URLSearchParams('period=month&from=2026-10-01&brandId=2'), today)).toEqual(october);
    expect(searchFromView({ period: 'month', query: periodAround('month', today) }, today).toString()).toBe('period=month');
    // A day inside a week stands for that week.
    expect(viewFromSearch(new URLSearchParams('period=week&from=2026-10-07'), today).query).toEqual({
      from: '2026-10-05',
      to: '2026-10-11',
    });
  });

  it('the address keeps the funnel’s season beside the period, which the other figures keep counting', () => {
    const view = { period: 'quarter' as const, query: periodAround('quarter', '2026-11-24'), seasonId: 4 };
    expect(searchFromView(view, '2026-11-24').toString()).toBe('period=quarter&seasonId=4');
    expect(viewFromSearch(new URLSearchParams('period=quarter&seasonId=4'), '2026-11-24')).toEqual(view);
  });

  it('a broken address falls back to this month and drops filters that are no numbers', () => {
    const view = viewFromSearch(new URLSearchParams('period=custom&from=2026-05-01&to=2026-04-01&brandId=x&seasonId=SS27'), '2026-11-24');
    expect(view).toEqual({ period: 'month', query: { from: '2026-11-01', to: '2026-11-30' } });
  });

  it('Mijn overzicht never sends a rep: the server takes her from the session', () => {
    const apiSearch = (...args: Parameters<typeof apiQuery>) => new URLSearchParams(apiQuery(...args) as Record<string, string>).toString();
    expect(apiSearch({ from: '2026-11-01', to: '2026-11-30', employeeId: 7, brandId: 2 }, true)).toBe(
      'from=2026-11-01&to=2026-11-30&brandId=2',
    );
    expect(apiSearch({ from: '2026-11-01', to: '2026-11-30', employeeId: 7 }, false)).toBe('from=2026-11-01&to=2026-11-30&employeeId=7');
  });
});
