import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const bea = { userId: 1, name: 'Bea Heer' };
/** 60 entries, newest (highest id) first, as the server answers. */
const log = (): AuditEntry[] =>
  Array.from({ length: 60 }, (_, i) => {
    const id = 60 - i;
    return {
      id,
      at: new Date(Date.UTC(2026, 10, 23, 12, id)).toISOString(),
      actor: bea,
      action: 'brand.create',
      entity: 'brand',
      entityId: id,
      before: null,
      after: { name: `Merk ${id}` },
    };
  });

describe('Logboek', () => {
  it('shows the newest change first: what in Dutch, about whom, when, by whom, and each field before and after', async () => {
    const entries = log();
    entries[0] = {
      id: 60,
      at: '2026-11-23T23:45:00Z',
      actor: bea,
      action: 'person.update',
      entity: 'user',
      entityId: 9,
      before: { login: 'an@fc70.be', firstName: 'An', name: 'Peeters', roles: [] },
      after: { login: 'an@fc70.be', firstName: 'An', name: 'Peeters', roles: ['manager'] },
    };
    entries[1] = {
      ...entries[1],
      actor: null,
      action: 'person.provision',
      entity: 'user',
      after: { login: 'x@fc70.be', firstName: 'Xena', name: 'Bos' },
    };
    serveAdmin({ log: entries });
    renderAdmin('/beheer/logboek');
    const items = await screen.findAllByRole('heading', { level: 2 });
    expect(items[0]).toHaveTextContent('Medewerker gewijzigd: An Peeters');
    const first = items[0].closest('li')!;
    expect(first).toHaveTextContent('24/11/2026 om 00:45 · door Bea Heer');
    const change = within(first).getByRole('row', { name: /Rollen/ });
    expect(change).toHaveTextContent(/Rollen\s*Medewerker\s*Medewerker, Manager/);
    expect(within(first).getAllByRole('row')).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Medewerker aangemaakt bij de eerste aanmelding: Xena Bos');
    expect(items[1].closest('li')).toHaveTextContent('door Prospectie zelf');
  });

  it('loads the next page with Meer laden, until there is no more', async () => {
    const server = serveAdmin({ log: log() });
    renderAdmin('/beheer/logboek');
    expect(await screen.findByText('50 wijzigingen getoond')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'FC70-merk toegevoegd: Merk 10' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('60 wijzigingen getoond')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'FC70-merk toegevoegd: Merk 1' })).toBeVisible();
    expect(server.calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/admin/log?limit=50', '/api/admin/log?limit=50&before=11']),
    );
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    expect(screen.getByText('Dit zijn alle wijzigingen.')).toBeVisible();
  });

  it('shows an import run readably: its file, counts and fingerprint, and its rows when she opens them', async () => {
    const entries: AuditEntry[] = [
      {
        id: 2,
        at: '2026-11-23T09:00:00Z',
        actor: bea,
        action: 'shop.import',
        entity: 'import',
        entityId: null,
        before: null,
        after: {
          fileName: 'winkels-erp.csv',
          sha256: 'ab12cd',
          counts: { new: 1, changed: 1, unchanged: 4, refused: 1 },
          rows: [
            { row: 2, externalNumber: 'C1001', name: 'SCHOENEN DEWITTE', status: 'new', shopId: 900 },
            {
              row: 3,
              externalNumber: 'C1002',
              name: 'MODE HÉLÈNE',
              status: 'changed',
              changes: [{ field: 'repLogin', before: null, after: 'demo@example.com' }],
            },
            { row: 7, externalNumber: 'C1006', name: 'NERGENS MODE', status: 'refused', reason: 'city_unknown', field: 'city' },
          ],
        },
      },
      {
        id: 1,
        at: '2026-11-22T09:00:00Z',
        actor: null,
        action: 'city.import',
        entity: 'country',
        entityId: 7,
        before: null,
        after: {
          fileName: 'gemeenten-de.csv',
          sha256: 'ef56',
          country: 'Duitsland',
          countryCreated: true,
          counts: { new: 1, changed: 0, unchanged: 0, refused: 0 },
          rows: [{ row: 2, externalNumber: '50667', name: 'Köln', status: 'new' }],
        },
      },
    ];
    serveAdmin({ log: entries });
    renderAdmin('/beheer/logboek');
    const shops = (await screen.findByRole('heading', { name: 'Winkels geïmporteerd: winkels-erp.csv' })).closest('li')!;
    expect(shops).toHaveTextContent('Bestandwinkels-erp.csv');
    expect(shops).toHaveTextContent('Resultaat1 nieuw, 1 gewijzigd, 4 ongewijzigd, 1 geweigerd.');
    expect(shops).toHaveTextContent('Vingerafdruk (SHA-256)ab12cd');
    expect(within(shops).queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(shops).getByText('De 3 rijen bekijken'));
    const rows = await within(shops).findByRole('table');
    expect(within(rows).getByRole('row', { name: /^7 C1006/ })).toHaveTextContent('Geen gemeente met deze postcode en naam in dit land.');
    expect(within(rows).getByRole('row', { name: /^3 C1002/ })).toHaveTextContent('Vertegenwoordiger: (leeg) → demo@example.com');
    expect(within(rows).getByRole('row', { name: /^2 C1001/ })).toHaveTextContent('Nieuw');

    const cities = screen.getByRole('heading', { name: 'Steden en postcodes geïmporteerd: Duitsland' }).closest('li')!;
    expect(cities).toHaveTextContent('LandDuitsland (nieuw land)');
    expect(cities).toHaveTextContent('Bestandgemeenten-de.csv');
    expect(cities).toHaveTextContent('door Prospectie zelf');
  });

  it('says so when there is nothing in the log yet', async () => {
    serveAdmin({ log: [] });
    renderAdmin('/beheer/logboek');
    expect(await screen.findByText('Nog geen wijzigingen.')).toBeVisible();
  });
});

describe('Logboek: a possible duplicate of an import run', () => {
  const run = (pendingMerges: number[]): AuditEntry => ({
    id: 5,
    at: '2026-11-23T09:00:00Z',
    actor: bea,
    action: 'shop.import',
    entity: 'import',
    entityId: null,
    before: null,
    after: {
      fileName: 'winkels-erp.csv',
      sha256: 'ab12cd',
      counts: { new: 1, changed: 0, unchanged: 0, refused: 0 },
      rows: [
        {
          row: 2,
          externalNumber: 'C1001',
          name: 'SCHOENEN DEWITTE',
          status: 'new',
          shopId: 900,
          mergeCandidate: { shopId: 77, name: 'Schoenen Déwitte' },
        },
      ],
    },
    pendingMerges,
  });

  it('stays offered after the import screen was left, and merges from here', async () => {
    const server = serveAdmin({ log: [run([77])], imports: { merge: { shopId: 900, movedVisits: 2, movedAppointments: 1 } } });
    renderAdmin('/beheer/logboek');
    const entry = (await screen.findByRole('heading', { name: 'Winkels geïmporteerd: winkels-erp.csv' })).closest('li')!;
    expect(entry).toHaveTextContent('1 winkel uit het veld lijkt op een geïmporteerde winkel en is nog niet samengevoegd');
    const u = userEvent.setup();
    await u.click(within(entry).getByText('De rij bekijken'));
    await u.click(await within(entry).findByRole('button', { name: 'Schoenen Déwitte samenvoegen met SCHOENEN DEWITTE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Winkels samenvoegen?' });
    server.log = [run([])];
    await u.click(within(dialog).getByRole('button', { name: 'Samenvoegen' }));
    expect(await screen.findByText(/Schoenen Déwitte is samengevoegd met SCHOENEN DEWITTE/)).toBeInTheDocument();
    expect(server.calls).toContainEqual({ method: 'POST', path: '/api/admin/shops/77/merge', body: { intoId: 900 } });
  });

  it('is not offered once it is done', async () => {
    serveAdmin({ log: [run([])] });
    renderAdmin('/beheer/logboek');
    const entry = (await screen.findByRole('heading', { name: 'Winkels geïmporteerd: winkels-erp.csv' })).closest('li')!;
    await userEvent.setup().click(within(entry).getByText('De rij bekijken'));
    expect(await within(entry).findByText('Mogelijk dubbel')).toBeInTheDocument();
    expect(within(entry).queryByRole('button', { name: /samenvoegen met/ })).toBeNull();
  });
});
