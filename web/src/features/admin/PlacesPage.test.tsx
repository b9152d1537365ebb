import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport, ImportRow } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { fill, renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const countries = [
  { id: 1, name: 'België' },
  { id: 2, name: 'Nederland' },
];
const rows: ImportRow[] = [
  { row: 2, externalNumber: '50667', name: 'Köln', status: 'new' },
  { row: 3, externalNumber: '10115', name: 'Berlin', status: 'new' },
  { row: 4, externalNumber: null, name: 'Nergens', status: 'refused', reason: 'postal_code_missing', field: 'postalCode' },
];
const cityReport = (dryRun: boolean, country: string): ImportReport => ({
  fileName: 'gemeenten-de.csv',
  sha256: 'cd34',
  applied: !dryRun,
  counts: { new: 2, changed: 0, unchanged: 0, refused: 1 },
  mapping: { postalCode: 'postcode', city: 'gemeente', country },
  rows,
});
const file = () => new File(['postcode;gemeente\n50667;Köln'], 'gemeenten-de.csv', { type: 'text/csv' });

describe('Landen en steden', () => {
  it('lists the countries, and says that a country she types anew is made when applied', async () => {
    serveAdmin({ countries });
    renderAdmin('/beheer/landen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Landen en steden' })).toBeVisible();
    const list = within(screen.getByRole('region', { name: 'Landen' }));
    expect(await list.findByText('2 landen')).toBeVisible();
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['België', 'Nederland']);
    const country = screen.getByRole('combobox', { name: 'Land' });
    await fill(country, 'belgie');
    expect(country).toHaveAccessibleDescription('Kies een land uit de lijst of typ de naam van een nieuw land.');
    await userEvent.clear(country);
    await fill(country, 'Duitsland');
    expect(country).toHaveAccessibleDescription('Duitsland is een nieuw land: het wordt aangemaakt bij het toepassen.');
  });

  it('asks for a country and a file before sending anything', async () => {
    const server = serveAdmin({ countries });
    renderAdmin('/beheer/landen');
    await userEvent.click(await screen.findByRole('button', { name: 'Controleren' }));
    const country = screen.getByRole('combobox', { name: 'Land' });
    expect(country).toHaveAccessibleDescription(expect.stringContaining('Kies of typ een land.'));
    expect(country).toHaveFocus();
    expect(screen.getByLabelText('Bestand (CSV of Excel)')).toHaveAccessibleDescription(expect.stringContaining('Kies eerst een bestand.'));
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks the file for the new country, shows the refused rows, applies, and the country joins the list', async () => {
    const server = serveAdmin({ countries: [...countries], imports: { cities: cityReport } });
    const { queryClient } = renderAdmin('/beheer/landen', [[['reference', '/countries', 1, 'cities'], []]]);
    await fill(await screen.findByRole('combobox', { name: 'Land' }), 'Duitsland');
    await userEvent.upload(screen.getByLabelText('Bestand (CSV of Excel)'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Controleren' }));

    expect(await screen.findByRole('heading', { name: 'Controle van gemeenten-de.csv' })).toHaveFocus();
    expect(screen.getByText('2 nieuw, 0 gewijzigd, 0 ongewijzigd, 1 geweigerd.')).toBeVisible();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Rij', 'Postcode', 'Gemeente', 'Status', 'Wat']);
    expect(within(table).getByRole('row', { name: /^4/ })).toHaveTextContent('Geen postcode.');
    expect(within(table).getByRole('row', { name: /^2 50667 Köln/ })).toHaveTextContent('Nieuw');
    const check = server.calls.find((c) => c.file)!;
    expect(check.path).toBe('/api/admin/imports/cities?country=Duitsland&dryRun=true&fileName=gemeenten-de.csv');
    expect(server.countries).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByRole('heading', { name: 'gemeenten-de.csv is toegepast' })).toBeVisible();
    expect(screen.getByText('Toegepast: 2 nieuw, 0 gewijzigd, 0 ongewijzigd, 1 geweigerd.')).toBeVisible();
    expect(server.calls.filter((c) => c.file).at(-1)?.path).toBe(
      '/api/admin/imports/cities?country=Duitsland&dryRun=false&fileName=gemeenten-de.csv',
    );
    expect(await within(screen.getByRole('region', { name: 'Landen' })).findByText('Duitsland')).toBeVisible();
    // The new-shop wizard's cities of every country are asked again.
    expect(queryClient.getQueryState(['reference', '/countries', 1, 'cities'])?.isInvalidated).toBe(true);
  });

  it('says in Dutch why the server refused the file, and forgets an earlier check when the file changes', async () => {
    const server = serveAdmin({ countries, imports: { cities: cityReport } });
    renderAdmin('/beheer/landen');
    await fill(await screen.findByRole('combobox', { name: 'Land' }), 'Nederland');
    await userEvent.upload(screen.getByLabelText('Bestand (CSV of Excel)'), file());
    server.refuseNext = { status: 400, code: 'import_mapping_incomplete' };
    await userEvent.click(screen.getByRole('button', { name: 'Controleren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet alle verplichte kolommen zijn gekoppeld');

    await userEvent.click(screen.getByRole('button', { name: 'Controleren' }));
    await screen.findByRole('heading', { name: 'Controle van gemeenten-de.csv' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Bestand (CSV of Excel)'), file());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Controle van gemeenten-de.csv' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Toepassen' })).not.toBeInTheDocument();
  });
});
