import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBrand, Season } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { fill, renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const brand = (id: number, name: string, extra: Partial<AdminBrand> = {}): AdminBrand => ({
  id,
  name,
  active: true,
  mergedInto: null,
  visitCount: 0,
  ...extra,
});
const fc70 = () => [brand(1, 'Kade Denim'), brand(2, 'Mira Mae'), brand(3, 'Oud merk', { active: false })];

const aw26 = (): Season => ({
  id: 7,
  name: 'AW26',
  startsOn: '2026-06-01',
  endsOn: '2026-08-31',
  brandWindows: [{ brandId: 2, brandName: 'Mira Mae', startsOn: '2026-06-15', endsOn: '2026-09-15' }],
});

/** The key other screens read the seasons under (api/reference.ts). */
const seasonsKey = ['reference', '/seasons'];

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Seizoen toevoegen' }));
  return screen.findByRole('dialog', { name: 'Seizoen toevoegen' });
}

async function fillSeason(dialog: HTMLElement, name: string, from: string, to: string) {
  await fill(within(dialog).getByRole('textbox', { name: /^Naam/ }), name);
  await fill(within(dialog).getByRole('textbox', { name: 'Eerste dag van het voorbestelvenster' }), from);
  await fill(within(dialog).getByRole('textbox', { name: 'Laatste dag van het voorbestelvenster' }), to);
}

describe('Seizoenen', () => {
  it('lists each season with its window and the brands with a window of their own', async () => {
    serveAdmin({ seasons: [aw26(), { id: 6, name: 'SS26', startsOn: '2025-12-01', endsOn: '2026-02-28', brandWindows: [] }] });
    renderAdmin('/beheer/seizoenen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seizoenen' })).toBeVisible();
    expect(screen.getByText(/^Een seizoen is het venster waarin winkels voorbestellen/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Seizoenen' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /^AW26/ })).toHaveTextContent('01/06/2026 – 31/08/2026');
    expect(within(table).getByRole('row', { name: /^AW26/ })).toHaveTextContent('Mira Mae: 15/06/2026 – 15/09/2026');
    expect(within(table).getByRole('row', { name: /^SS26/ })).toHaveTextContent(
      /01\/12\/2025 – 28\/02\/2026\s*Alle merken volgen het seizoen/,
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 seizoenen');
  });

  it('says there are none yet', async () => {
    serveAdmin({ seasons: [] });
    renderAdmin('/beheer/seizoenen');
    expect(await screen.findByText('Nog geen seizoenen. Voeg het eerste toe.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a card per season on a phone', async () => {
    setWindowNarrow(true);
    serveAdmin({ seasons: [aw26()] });
    renderAdmin('/beheer/seizoenen');
    const card = (await screen.findByRole('heading', { level: 2, name: 'AW26' })).closest('li')!;
    expect(card).toHaveTextContent('01/06/2026 – 31/08/2026');
    expect(card).toHaveTextContent('Mira Mae: 15/06/2026 – 15/09/2026');
    expect(within(card).getByRole('button', { name: 'AW26 bewerken' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds a season with a brand of its own window: the body sent, the list asked again', async () => {
    const server = serveAdmin({ brands: fc70(), seasons: [aw26()] });
    const { queryClient } = renderAdmin('/beheer/seizoenen');
    await screen.findByRole('row', { name: /^AW26/ });
    const dialog = await openAddDialog();
    await fillSeason(dialog, 'SS27', '05/01/2027', '31/03/2027');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Eigen venster toevoegen' }));
    const row = within(dialog).getByRole('group', { name: 'Eigen venster 1' });
    const pick = within(row).getByRole('combobox', { name: 'FC70-merk' });
    expect(pick).toHaveFocus();
    // Only active brands can be picked: not Oud merk.
    expect(
      within(pick)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kies...', 'Kade Denim', 'Mira Mae']);
    await userEvent.selectOptions(pick, 'Kade Denim');
    await fill(within(row).getByRole('textbox', { name: 'Eerste dag' }), '12/01/2027');
    await fill(within(row).getByRole('textbox', { name: 'Laatste dag' }), '28-02-2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText('SS27 is toegevoegd.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/seasons',
      body: {
        name: 'SS27',
        startsOn: '2027-01-05',
        endsOn: '2027-03-31',
        brandWindows: [{ brandId: 1, startsOn: '2027-01-12', endsOn: '2027-02-28' }],
      },
    });
    const added = await screen.findByRole('row', { name: /^SS27/ });
    expect(added).toHaveTextContent('05/01/2027 – 31/03/2027');
    expect(added).toHaveTextContent('Kade Denim: 12/01/2027 – 28/02/2027');
    expect(server.calls.filter((c) => c.path === '/api/seasons')).toHaveLength(2);
    expect(queryClient.getQueryData(seasonsKey)).toHaveLength(2);
  });

  it('refuses a window that ends before it starts, in Dutch, before asking the server', async () => {
    const server = serveAdmin({ brands: fc70() });
    renderAdmin('/beheer/seizoenen');
    const dialog = await openAddDialog();
    await fillSeason(dialog, 'SS27', '31/03/2027', '05/01/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    const end = within(dialog).getByRole('textbox', { name: 'Laatste dag van het voorbestelvenster' });
    expect(end).toHaveAccessibleDescription('Het begin van een periode ligt voor het einde.');
    expect(end).toHaveFocus();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says in Dutch on the name that a season of that name exists', async () => {
    const server = serveAdmin({ brands: fc70(), seasons: [aw26()] });
    renderAdmin('/beheer/seizoenen');
    const dialog = await openAddDialog();
    await fillSeason(dialog, 'AW26', '01/06/2026', '31/08/2026');
    server.refuseNext = { status: 409, code: 'season_name_taken', field: 'name' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    const name = within(dialog).getByRole('textbox', { name: /^Naam/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(/^Er is al een seizoen met deze naam\./));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toBeVisible();
  });

  it('changes a season in the same form, its brand window kept, and deletes one after she confirms', async () => {
    const server = serveAdmin({ brands: fc70(), seasons: [aw26()] });
    renderAdmin('/beheer/seizoenen');
    await userEvent.click(await screen.findByRole('button', { name: 'AW26 bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'AW26 bewerken' });
    const end = within(dialog).getByRole('textbox', { name: 'Laatste dag van het voorbestelvenster' });
    expect(end).toHaveValue('31/08/2026');
    await userEvent.clear(end);
    await fill(end, '15/09/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await screen.findByText('AW26 is bewaard.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/seasons/7',
      body: {
        name: 'AW26',
        startsOn: '2026-06-01',
        endsOn: '2026-09-15',
        brandWindows: [{ brandId: 2, startsOn: '2026-06-15', endsOn: '2026-09-15' }],
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'AW26 verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'AW26 verwijderen?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('AW26 is verwijderd.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'DELETE')).toEqual({ method: 'DELETE', path: '/api/admin/seasons/7', body: undefined });
    expect(await screen.findByText('Nog geen seizoenen. Voeg het eerste toe.')).toBeVisible();
  });
});
