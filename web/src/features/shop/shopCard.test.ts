import { describe, expect, it } from 'vitest';
import { addressLine, shopTitle } from './shopCard';

describe('addressLine', () => {
  it('joins street, city and country with commas', () => {
    expect(addressLine({ street1: 'KORENMARKT 12', city: 'Gent', country: 'België' })).toBe('KORENMARKT 12, Gent, België');
  });
  it('skips blank and missing parts', () => {
    expect(addressLine({ street1: '  ', city: 'Gent', country: null })).toBe('Gent');
    expect(addressLine({ street1: null, city: null, country: 'België' })).toBe('België');
  });
  it('shows N/A when there is no address at all', () => {
    expect(addressLine(null)).toBe('N/A');
    expect(addressLine({ street1: '', city: null, country: ' ' })).toBe('N/A');
  });
});

describe('shopTitle', () => {
  it("shows the shop's name, or 'Winkel niet gevonden' when there is none", () => {
    expect(shopTitle({ name: 'BOETIEK LILA' })).toBe('BOETIEK LILA');
    expect(shopTitle({ name: ' ' })).toBe('Winkel niet gevonden');
    expect(shopTitle(null)).toBe('Winkel niet gevonden');
  });
});
