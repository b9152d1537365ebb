import { describe, expect, it } from 'vitest';
import { scrollAction } from './scrollOnNavigation';

const saved = new Map([['back-key', 1158]]);

describe('where a screen opens', () => {
  it('opens a new screen at its top, wherever the previous one was scrolled to', () => {
    expect(scrollAction('/home', { pathname: '/mijn-overzicht', key: 'new' }, 'PUSH', saved)).toEqual({ kind: 'top' });
    expect(scrollAction('/shop/4/prospectie', { pathname: '/shop/4', key: 'new' }, 'REPLACE', saved)).toEqual({ kind: 'top' });
  });

  it('keeps the place when only the same screen’s filters in the address change', () => {
    expect(scrollAction('/overzicht', { pathname: '/overzicht', key: 'filtered' }, 'PUSH', saved)).toEqual({ kind: 'keep' });
  });

  it('brings the rep back where she was on Back', () => {
    expect(scrollAction('/mijn-overzicht', { pathname: '/home', key: 'back-key' }, 'POP', saved)).toEqual({ kind: 'restore', top: 1158 });
  });

  it('opens at the top on Back to a screen whose place it never saw (a reload in between)', () => {
    expect(scrollAction('/mijn-overzicht', { pathname: '/home', key: 'unknown' }, 'POP', saved)).toEqual({ kind: 'top' });
  });
});
