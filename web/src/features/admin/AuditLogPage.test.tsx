import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@prospectie/contract';
import { serveAdmin } from './fakeAdminServer';
import { renderAdmin } from './renderAdmin';

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

  it('says so when there is nothing in the log yet', async () => {
    serveAdmin({ log: [] });
    renderAdmin('/beheer/logboek');
    expect(await screen.findByText('Nog geen wijzigingen.')).toBeVisible();
  });
});
