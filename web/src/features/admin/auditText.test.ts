import { describe, expect, it } from 'vitest';
import { auditChanges, auditSubject, formatAuditTime, formatAuditValue, importRunOf } from './auditText';

describe('the log in Dutch', () => {
  it('tells the moment in Belgian time, also across midnight and in summer', () => {
    expect(formatAuditTime('2026-11-23T23:45:00Z')).toBe('24/11/2026 om 00:45');
    expect(formatAuditTime('2026-07-01T08:05:00Z')).toBe('01/07/2026 om 10:05');
  });

  it('shows only the fields that changed, named in Dutch, before and after', () => {
    const changes = auditChanges({
      before: { login: 'an@fc70.be', firstName: 'An', name: 'Peeters', roles: [], active: true },
      after: { login: 'an@fc70.be', firstName: 'Anneke', name: 'Peeters', roles: ['manager', 'beheerder'], active: true },
    });
    expect(changes).toEqual([
      { field: 'firstName', label: 'Voornaam', before: 'An', after: 'Anneke' },
      { field: 'roles', label: 'Rollen', before: 'Medewerker', after: 'Medewerker, Manager, Beheerder' },
    ]);
  });

  it('shows a new entry with nothing before, a deactivation as status, a merge by the name it went into', () => {
    expect(auditChanges({ before: null, after: { name: 'Zara' } })).toEqual([{ field: 'name', label: 'Naam', before: '–', after: 'Zara' }]);
    // A new person's fields come as the form asks them, whatever order the server stored them in.
    expect(
      auditChanges({ before: null, after: { name: 'Peeters', active: true, login: 'an@fc70.be', firstName: 'An' } }).map((c) => c.label),
    ).toEqual(['Login', 'Voornaam', 'Naam', 'Status']);
    expect(auditChanges({ before: { active: true }, after: { active: false } })).toEqual([
      { field: 'active', label: 'Status', before: 'actief', after: 'gedeactiveerd' },
    ]);
    expect(formatAuditValue('mergedInto', { id: 4, name: 'Mango' })).toBe('Mango');
    const merge = auditChanges({
      before: { name: 'Mang0', active: true, mergedInto: null },
      after: { name: 'Mang0', active: false, mergedInto: { id: 4, name: 'Mango' }, into: { id: 4, name: 'Mango' }, movedReferences: 3 },
    });
    expect(merge.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Status', 'actief', 'gedeactiveerd'],
      ['Samengevoegd met', '–', 'Mango'],
      ['Verplaatste vermeldingen in bezoeken', '–', '3'],
    ]);
    expect(formatAuditValue('somethingNew', true)).toBe('ja');
  });

  it('names whom the entry is about: a person by first name and name, a brand by its name', () => {
    const person = { entity: 'user', entityId: 9, before: null, after: { login: 'an@fc70.be', firstName: 'An', name: 'Peeters' } };
    expect(auditSubject(person)).toBe('An Peeters');
    expect(auditSubject({ entity: 'brand', entityId: 3, before: { name: 'Oud' }, after: { name: 'Nieuw' } })).toBe('Nieuw');
    expect(auditSubject({ entity: 'brand', entityId: 3, before: null, after: null })).toBe('brand 3');
  });

  it('reads an import run from its entry: the file, the counts, the rows, a city import’s country', () => {
    const after = {
      fileName: 'gemeenten.csv',
      sha256: 'ab',
      country: 'Duitsland',
      countryCreated: true,
      counts: { new: 2, refused: 1 },
      rows: [],
    };
    expect(importRunOf({ action: 'city.import', after })).toEqual({
      kind: 'cities',
      fileName: 'gemeenten.csv',
      sha256: 'ab',
      counts: { new: 2, changed: 0, unchanged: 0, refused: 1 },
      rows: [],
      country: 'Duitsland',
      countryCreated: true,
    });
    expect(auditSubject({ action: 'city.import', entity: 'country', entityId: 7, before: null, after })).toBe('Duitsland');
    expect(
      auditSubject({ action: 'shop.import', entity: 'import', entityId: null, before: null, after: { fileName: 'klanten.xlsx' } }),
    ).toBe('klanten.xlsx');
    expect(importRunOf({ action: 'brand.create', after: { name: 'Zara' } })).toBeNull();
  });

  it('names a shop merge by the field shop and the imported one, and lists what moved', () => {
    const merge = {
      action: 'shop.merge' as const,
      entity: 'shop',
      entityId: 5,
      before: { id: 5, name: 'BOUTIQUE ELEGANCE', postalCode: '8000' },
      after: { intoId: 301, name: 'BOUTIQUE ÉLÉGANCE', movedVisits: 1, movedAppointments: 0, movedContactDetails: 2 },
    };
    expect(auditSubject(merge)).toBe('BOUTIQUE ELEGANCE → BOUTIQUE ÉLÉGANCE');
    expect(auditChanges(merge).map((c) => [c.label, c.after])).toEqual([
      ['Verplaatste bezoeken', '1'],
      ['Verplaatste afspraken', '0'],
      ['Verplaatste contactgegevens', '2'],
    ]);
  });
});
