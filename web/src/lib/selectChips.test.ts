import { describe, expect, it } from 'vitest';
import { rankByTyped } from './selectChips';

const people = ['Sofie Janssens (jij)', 'Pieter Jansen', 'Jan Maes', 'Els Peeters', 'Jana De Wit'];

describe('which person comes first as the rep types', () => {
  it('puts a first name that begins with what she typed before a surname that does', () => {
    expect(rankByTyped(people, 'Jan', (p) => p).slice(0, 4)).toEqual(['Jan Maes', 'Jana De Wit', 'Sofie Janssens (jij)', 'Pieter Jansen']);
  });

  it('ignores case and accents, and keeps the list as it is when nothing is typed', () => {
    expect(rankByTyped(['Élise Peeters', 'Els Éloi'], 'eli', (p) => p)[0]).toBe('Élise Peeters');
    expect(rankByTyped(people, '  ', (p) => p)).toEqual(people);
  });
});
