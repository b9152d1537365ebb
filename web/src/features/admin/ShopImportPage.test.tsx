import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport, ImportRow } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow, type FakeAdmin } from './fakeAdminServer';
import { renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ applyAccept: false });
const csv = (name = 'winkels-erp.csv') => new File(['Klantnr;Firmanaam\nC1001;Dewitte'], name, { type: 'text/csv' });

const columns = {
  columns: ['Klantnr', 'Firmanaam', 'Straat', 'Nr', 'Postcode', 'Gemeente', 'Land'],
  rowCount: 11,
  mapping: { externalNumber: 'Klantnr', name: 'Firmanaam', street: 'Straat', postalCode: 'Postcode', city: 'Gemeente' },
};

const previewRows: ImportRow[] = [
  { row: 2, externalNumber: 'C1001', name: 'SCHOENEN DEWITTE', status: 'new' },
  {
    row: 3,
    externalNumber: 'C1002',
    name: 'MODE HÉLÈNE',
    status: 'changed',
    changes: [{ field: 'street1', before: 'MEIR 45', after: 'MEIR 45 BUS 2' }],
  },
  { row: 4, externalNumber: 'C1003', name: 'BOUTIQUE ÉLÉGANCE', status: 'unchanged' },
  {
    row: 5,
    externalNumber: 'C1004',
    name: 'LEUVENSE SCHOENHANDEL',
    status: 'new',
    mergeCandidate: { shopId: 77, name: 'Leuvense Schoenhandel' },
  },
  { row: 8, externalNumber: 'C1002', name: 'MODE HÉLÈNE (DUBBEL)', status: 'refused', reason: 'number_duplicate', field: 'externalNumber' },
  { row: 10, externalNumber: 'C1009', name: 'SCHUHHAUS KÖLN', status: 'refused', reason: 'country_unknown', field: 'country' },
];

const report = (rows: ImportRow[], applied: boolean): ImportReport => {
  const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const r of rows) counts[r.status]++;
  return { fileName: 'winkels-erp.csv', sha256: 'ab12', applied, counts, mapping: columns.mapping, rows };
};

/** The sample's run: the dry run, then the applied run naming the shops it made. */
const sampleImports = (): FakeAdmin['imports'] => ({
  columns,
  shops: (dryRun) =>
    report(
      dryRun ? previewRows : previewRows.map((r, i) => (r.status === 'new' || r.status === 'changed' ? { ...r, shopId: 900 + i } : r)),
      !dryRun,
    ),
  merge: { shopId: 903, movedVisits: 3, movedAppointments: 1 },
});

/** Chooses the file and reads its columns. */
async function chooseFile(file = csv()) {
  const u = user();
  await u.upload(await screen.findByLabelText('Bestand (CSV of Excel)'), file);
  await u.click(screen.getByRole('button', { name: 'Kolommen lezen' }));
  return u;
}

/** Through the mapping to the dry run's report. */
async function checkFile() {
  const u = await chooseFile();
  await u.click(await screen.findByRole('button', { name: 'Controleren' }));
  await screen.findByRole('heading', { name: 'Controle van winkels-erp.csv' });
  return u;
}

describe('Winkels importeren', () => {
  it('sends the chosen file as it is for its columns, then offers them per field, prefilled, the required ones marked', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    expect(await screen.findByRole('heading', { level: 1, name: 'Winkels importeren' })).toBeVisible();
    await chooseFile();

    const heading = await screen.findByRole('heading', { name: 'Kolommen koppelen' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('winkels-erp.csv: 11 rijen onder de titels.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Klantnummer (verplicht)' })).toHaveValue('Klantnr');
    expect(screen.getByRole('combobox', { name: 'Naam (verplicht)' })).toHaveValue('Firmanaam');
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('');
    expect(
      within(screen.getByRole('combobox', { name: 'Land' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['(geen kolom)', ...columns.columns]);
    expect(screen.getByRole('list', { name: 'Stappen van het importeren' }).querySelector('[aria-current="step"]')).toHaveTextContent(
      'Kolommen koppelen',
    );
    const upload = server.calls.find((c) => c.file)!;
    expect(upload).toMatchObject({ method: 'POST', path: '/api/admin/imports/columns?fileName=winkels-erp.csv', file: 'winkels-erp.csv' });
    expect(upload.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'x-prospectie-client': '1' });
  });

  it('refuses a file that is not CSV or Excel before sending it, and says in Dutch why the server refused one', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Kolommen lezen' }));
    const field = screen.getByLabelText('Bestand (CSV of Excel)');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Kies eerst een bestand.'));
    await u.upload(field, new File(['x'], 'foto.png', { type: 'image/png' }));
    await u.click(screen.getByRole('button', { name: 'Kolommen lezen' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Dit is geen CSV- of Excel-bestand (.csv of .xlsx).'));
    expect(server.calls.filter((c) => c.file)).toEqual([]);

    await u.upload(field, csv());
    server.refuseNext = { status: 400, code: 'import_file_unreadable' };
    await u.click(screen.getByRole('button', { name: 'Kolommen lezen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Dit bestand kon niet gelezen worden')));
    server.refuseNext = { status: 413, code: 'body_too_large' };
    await u.click(screen.getByRole('button', { name: 'Kolommen lezen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Dit bestand is te groot: hoogstens 10 MB.')));
    expect(screen.queryByRole('heading', { name: 'Kolommen koppelen' })).not.toBeInTheDocument();
  });

  it('asks for a column for every required field before checking', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    const u = await chooseFile();
    const number = await screen.findByRole('combobox', { name: 'Klantnummer (verplicht)' });
    await u.selectOptions(number, '(geen kolom)');
    await u.click(screen.getByRole('button', { name: 'Controleren' }));
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Kies een kolom voor Klantnummer.');
    expect(number).toHaveFocus();
    expect(server.calls.filter((c) => c.path.startsWith('/api/admin/imports/shops'))).toEqual([]);
  });

  it('checks first: counts, refused rows with their row and reason, changes before and after, possible doubles; filters by status', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    const u = await chooseFile();
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Land' }), 'Land');
    await u.click(screen.getByRole('button', { name: 'Controleren' }));

    expect(await screen.findByRole('heading', { name: 'Controle van winkels-erp.csv' })).toHaveFocus();
    const check = server.calls.find((c) => c.path.startsWith('/api/admin/imports/shops'))!;
    const query = new URL(check.path, 'http://localhost').searchParams;
    expect(query.get('dryRun')).toBe('true');
    expect(query.get('fileName')).toBe('winkels-erp.csv');
    // Every field: the columns chosen, null for those left without one.
    const unmapped = {
      houseNumber: null,
      customerName: null,
      ownerName: null,
      repLogin: null,
      brands: null,
      latitude: null,
      longitude: null,
    };
    expect(JSON.parse(query.get('mapping')!)).toEqual({ ...columns.mapping, country: 'Land', ...unmapped });
    expect(screen.getByText('2 nieuw, 1 gewijzigd, 1 ongewijzigd, 2 geweigerd.')).toBeVisible();
    expect(screen.getByText(/Er is nog niets gewijzigd/)).toBeVisible();

    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /^8 C1002/ })).toHaveTextContent(
      'Dit klantnummer staat al op een eerdere rij van het bestand.',
    );
    expect(within(table).getByRole('row', { name: /^10 C1009/ })).toHaveTextContent('Onbekend land.');
    expect(within(table).getByRole('row', { name: /^3 C1002/ })).toHaveTextContent('Straat en nummer: MEIR 45 → MEIR 45 BUS 2');
    expect(within(table).getByRole('row', { name: /^5 C1004/ })).toHaveTextContent(
      'Mogelijk dubbelLijkt op Leuvense Schoenhandel, een winkel die in het veld werd toegevoegd.',
    );
    // Merging comes after applying: the imported shop does not exist yet.
    expect(screen.queryByRole('button', { name: /samenvoegen/ })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Geweigerd (2)' }));
    expect(screen.getByRole('button', { name: 'Geweigerd (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 rijen')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Alle (6)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(7);
  });

  it('applies with the upload’s progress, then says it is busy, then shows the result and asks for the shops again', async () => {
    let sendRest!: () => void;
    let answer!: () => void;
    const server = serveAdmin({ imports: sampleImports() });
    const { queryClient } = renderAdmin('/beheer/importeren', [[['shops', 'list'], []]]);
    const u = await checkFile();

    server.halfSent = () => new Promise((resolve) => (sendRest = resolve));
    server.beforeAnswer = () => new Promise((resolve) => (answer = resolve));
    await u.click(screen.getByRole('button', { name: 'Toepassen' }));
    const bar = await screen.findByRole('progressbar', { name: 'Het bestand wordt verzonden' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Toepassen' })).toBeDisabled();
    sendRest();
    await waitFor(() => expect(screen.getByText('Bezig met toepassen...')).toBeVisible());
    expect(screen.getByText('Bezig met toepassen...').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    answer();

    expect(await screen.findByRole('heading', { name: 'winkels-erp.csv is toegepast' })).toHaveFocus();
    expect(screen.getByText('Toegepast: 2 nieuw, 1 gewijzigd, 1 ongewijzigd, 2 geweigerd.')).toBeVisible();
    const apply = server.calls.filter((c) => c.path.startsWith('/api/admin/imports/shops')).at(-1)!;
    expect(new URL(apply.path, 'http://localhost').searchParams.get('dryRun')).toBe('false');
    expect(queryClient.getQueryState(['shops', 'list'])?.isInvalidated).toBe(true);
  });

  it('has nothing to apply when the file changes nothing (the same file again)', async () => {
    const unchanged = previewRows.map((r) => ({
      ...r,
      status: 'unchanged' as const,
      reason: undefined,
      changes: undefined,
      mergeCandidate: undefined,
    }));
    serveAdmin({ imports: { columns, shops: (dryRun) => report(unchanged, !dryRun) } });
    renderAdmin('/beheer/importeren');
    await checkFile();
    expect(screen.getByText('0 nieuw, 0 gewijzigd, 6 ongewijzigd, 0 geweigerd.')).toBeVisible();
    expect(screen.getByText('Er is niets toe te passen: het bestand brengt geen nieuwe of gewijzigde winkels.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Toepassen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nog een bestand importeren' })).toBeVisible();
  });

  it('says in Dutch that applying failed, and keeps the check so she can try again', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    const u = await checkFile();
    server.refuseNext = { status: 400, code: 'import_mapping_incomplete', field: 'city' };
    await u.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet alle verplichte kolommen zijn gekoppeld');
    expect(screen.getByRole('heading', { name: 'Controle van winkels-erp.csv' })).toBeVisible();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await u.click(screen.getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Geen verbinding met de server.'));
    expect(screen.getByRole('button', { name: 'Toepassen' })).toBeEnabled();
  });

  it('after applying offers to merge the field shop into the imported one, saying that its visits move, and merges', async () => {
    const server = serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    const u = await checkFile();
    await u.click(screen.getByRole('button', { name: 'Toepassen' }));
    await screen.findByRole('heading', { name: 'winkels-erp.csv is toegepast' });

    await u.click(screen.getByRole('button', { name: 'Leuvense Schoenhandel samenvoegen met LEUVENSE SCHOENHANDEL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Winkels samenvoegen?' });
    expect(dialog).toHaveTextContent(
      'gaan de bezoeken en afspraken van de winkel uit het veld naar de geïmporteerde winkel met klantnummer C1004',
    );
    expect(dialog).toHaveTextContent('klantnummer C1004');
    server.refuseNext = { status: 409, code: 'shop_merge_not_field' };
    await u.click(within(dialog).getByRole('button', { name: 'Samenvoegen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alleen een winkel die in het veld werd toegevoegd');

    await u.click(within(dialog).getByRole('button', { name: 'Samenvoegen' }));
    expect(
      await screen.findByText('Leuvense Schoenhandel is samengevoegd met LEUVENSE SCHOENHANDEL: 3 bezoeken en 1 afspraak verplaatst.'),
    ).toBeVisible();
    expect(server.calls.filter((c) => c.path === '/api/admin/shops/77/merge')).toEqual([
      { method: 'POST', path: '/api/admin/shops/77/merge', body: { intoId: 903 } },
      { method: 'POST', path: '/api/admin/shops/77/merge', body: { intoId: 903 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('row', { name: /^5 C1004/ });
    expect(within(row).getByText('Samengevoegd')).toBeVisible();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows 200 rows of a large file at a time, with ‘meer tonen’ for the next ones', async () => {
    const many: ImportRow[] = Array.from({ length: 20_000 }, (_, i) => ({
      row: i + 2,
      externalNumber: `K${i}`,
      name: `WINKEL ${i}`,
      status: i % 100 === 0 ? 'refused' : 'new',
      ...(i % 100 === 0 ? { reason: 'city_unknown' as const, field: 'city' as const } : {}),
    }));
    serveAdmin({ imports: { columns, shops: (dryRun) => report(many, !dryRun) } });
    renderAdmin('/beheer/importeren');
    const u = await checkFile();
    expect(screen.getByText('19800 nieuw, 0 gewijzigd, 0 ongewijzigd, 200 geweigerd.')).toBeVisible();
    expect(screen.getByText('200 van 20000 rijen getoond')).toBeVisible();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(201);
    await u.click(screen.getByRole('button', { name: '200 meer tonen' }));
    expect(screen.getByText('400 van 20000 rijen getoond')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Geweigerd (200)' }));
    expect(screen.getByText('200 rijen')).toBeVisible();
    expect(screen.queryByRole('button', { name: /meer tonen/ })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the rows as cards on a phone', async () => {
    setWindowNarrow(true);
    serveAdmin({ imports: sampleImports() });
    renderAdmin('/beheer/importeren');
    await checkFile();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Rij 10 · SCHUHHAUS KÖLN' }).closest('li')!;
    expect(card).toHaveTextContent('Geweigerd');
    expect(card).toHaveTextContent('Klantnummer: C1009');
    expect(card).toHaveTextContent('Onbekend land.');
  });
});
