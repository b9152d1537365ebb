import { describe, expect, it } from 'vitest';
import { nameById } from './nameById';

describe('nameById', () => {
  const visitTypes = [
    { id: 1, name: 'Prospectie' },
    { id: 4, name: 'Overig' },
  ];
  it('finds the name of the type the visit refers to', () => {
    expect(nameById(visitTypes, 4)).toBe('Overig');
  });
  it('gives nothing for an id the list does not hold, so the screen shows N/A', () => {
    expect(nameById(visitTypes, 9)).toBeUndefined();
  });
});
