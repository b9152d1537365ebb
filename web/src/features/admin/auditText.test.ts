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

  it('shows a season change by its days and the windows of its brands, without its id', () => {
    const before = { id: 5, name: 'SS27', startsOn: '2027-01-05', endsOn: '2027-03-31', brandWindows: [] };
    const after = {
      ...before,
      endsOn: '2027-04-15',
      brandWindows: [{ brandId: 1, brandName: 'Kade Denim', startsOn: '2027-01-12', endsOn: '2027-02-28' }],
    };
    expect(auditChanges({ action: 'season.update', before, after }).map((c) => [c.label, c.before, c.after])).toEqual([
      ['Laatste dag van het voorbestelvenster', '31/03/2027', '15/04/2027'],
      ['Eigen venster per merk', 'Alle merken volgen het seizoen.', 'Kade Denim: 12/01/2027 – 28/02/2027'],
    ]);
    expect(auditSubject({ action: 'season.delete', entity: 'season', entityId: 5, before, after: null })).toBe('SS27');
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

  it('says what an overview export held: format, whose figures, the period in dd/mm/jjjj and the filters', () => {
    const exported = (after: Record<string, unknown>) => ({
      action: 'overview.export' as const,
      entity: 'overview',
      entityId: null,
      before: null,
      after,
    });
    const team = exported({
      format: 'xlsx',
      scope: 'team',
      filter: { from: '2026-06-01', to: '2026-11-30', employeeId: 12, postalCode: '90', brandId: 3 },
      rowCount: 120,
      withContacts: true,
    });
    expect(auditSubject(team)).toBe(
      'Excel (XLSX) van het team, 01/06/2026 t/m 30/11/2026, medewerker nr. 12, FC70-merk nr. 3, postcode begint met 90',
    );
    // What the heading says is not listed again below it; the count and the contact details are.
    expect(auditChanges(team).map((c) => [c.label, c.after])).toEqual([
      ['Bezoeken in de export', '120'],
      ['Met e-mail en telefoon van contactpersonen', 'ja'],
    ]);
    // The names the entry kept, instead of the ids (an older entry kept only these).
    const named = exported({
      format: 'xlsx',
      scope: 'team',
      filter: { from: '2026-06-01', to: '2026-11-30', employeeId: 12, brandId: 3 },
      filterNames: { employeeId: 'Jan Maes', brandId: 'Atelier Seventy' },
      rowCount: 4,
      withContacts: false,
    });
    expect(auditSubject(named)).toBe(
      'Excel (XLSX) van het team, 01/06/2026 t/m 30/11/2026, medewerker Jan Maes, FC70-merk Atelier Seventy',
    );
    expect(auditChanges(named).map((c) => c.label)).toEqual(['Bezoeken in de export', 'Met e-mail en telefoon van contactpersonen']);
    // A rep's own CSV of one sheet: her own rep filter goes without saying.
    const own = exported({ format: 'csv', scope: 'own', sheet: 'todos', filter: { from: '2026-01-01', to: '2026-03-31', employeeId: 7 } });
    expect(auditSubject(own)).toBe('CSV (to-dos) uit Mijn overzicht, 01/01/2026 t/m 31/03/2026, zonder filters');
    expect(
      auditSubject(
        exported({
          format: 'csv',
          scope: 'team',
          sheet: 'visits',
          filter: { from: '2026-01-01', to: '2026-01-07', countryId: 1, cityId: 4 },
        }),
      ),
    ).toBe('CSV (bezoeken) van het team, 01/01/2026 t/m 07/01/2026, land nr. 1, gemeente nr. 4');
    // An entry without a period reads as any other.
    expect(auditSubject(exported({ format: 'xlsx' }))).toBe('overview');
  });
});
