import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBrand } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { fill, renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const brand = (id: number, name: string, visitCount: number, extra: Partial<AdminBrand> = {}): AdminBrand => ({
  id,
  name,
  active: true,
  mergedInto: null,
  visitCount,
  ...extra,
});

const fc70 = () => [
  brand(1, 'Lila', 4),
  brand(2, 'Noa Noa', 2, { active: false }),
  brand(3, 'Lilla', 3),
  brand(4, 'Oud merk', 0, { active: false, mergedInto: { id: 1, name: 'Lila' } }),
];

describe('Merken', () => {
  it('lists each FC70 brand with its status and visits, and the competitors on their own tab', async () => {
    const server = serveAdmin({ brands: fc70(), competitorBrands: [brand(20, 'Zara', 7)] });
    renderAdmin('/beheer/merken');
    expect(await screen.findByRole('tab', { name: 'FC70-merken', selected: true })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /^Lila / })).toHaveTextContent(/Lila\s*Actief\s*4/);
    expect(within(table).getByRole('row', { name: /Noa Noa/ })).toHaveTextContent('Gedeactiveerd');
    const merged = within(table).getByRole('row', { name: /Oud merk/ });
    expect(merged).toHaveTextContent('Samengevoegd met Lila');
    expect(within(merged).queryByRole('button')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/api/admin/competitor-brands')).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'Concurrerende merken' }));
    expect(await screen.findByRole('row', { name: /Zara/ })).toHaveTextContent('7');
    expect(server.calls.some((c) => c.path === '/api/admin/competitor-brands')).toBe(true);
  });

  it('adds a competitor brand; a name that exists already is refused on the field', async () => {
    const server = serveAdmin({ competitorBrands: [brand(20, 'Zara', 7)] });
    const { queryClient } = renderAdmin('/beheer/merken?soort=concurrenten', [[['reference', '/competitorbrands'], []]]);
    const field = await screen.findByRole('textbox', { name: 'Nieuw concurrerend merk' });
    await fill(field, 'Zara');
    server.refuseNext = { status: 409, code: 'brand_name_taken', field: 'name' };
    await userEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Er bestaat al een merk met deze naam.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await fill(field, 'Mango');
    await userEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Mango is toegevoegd.')).toBeVisible();
    expect(field).toHaveValue('');
    expect(await screen.findByRole('row', { name: /Mango/ })).toHaveTextContent('Actief');
    expect(server.calls.filter((c) => c.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/competitor-brands',
      body: { name: 'Mango' },
    });
    expect(queryClient.getQueryState(['reference', '/competitorbrands'])?.isInvalidated).toBe(true);
  });

  it('renames, and deactivates only after she confirms', async () => {
    const server = serveAdmin({ brands: fc70() });
    renderAdmin('/beheer/merken');
    await userEvent.click(await screen.findByRole('button', { name: 'Lilla hernoemen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lilla hernoemen' });
    const name = within(dialog).getByRole('textbox', { name: 'Naam' });
    await userEvent.clear(name);
    await fill(name, 'Lilla Paris');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await screen.findByText('Lilla heet nu Lilla Paris.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/admin/brands/3',
      body: { name: 'Lilla Paris' },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Lila deactiveren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lila deactiveren?' });
    expect(confirm).toHaveTextContent('Bezoeken die het al noemen, blijven het tonen.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactiveren' }));
    expect(await screen.findByText('Lila is gedeactiveerd.')).toBeVisible();
    expect(server.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ active: false });
  });

  it('merges into an active entry she picks, after reading that the visits move and it cannot be undone', async () => {
    const server = serveAdmin({ brands: fc70() });
    const { queryClient } = renderAdmin('/beheer/merken', [[['reference', '/brands'], []]]);
    await userEvent.click(await screen.findByRole('button', { name: 'Lilla samenvoegen met…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lilla samenvoegen' });
    const target = within(dialog).getByRole('combobox', { name: 'Samenvoegen met' });
    // Only active entries other than itself: not Noa Noa (deactivated), not Oud merk (merged).
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kies...', 'Lila']);
    expect(within(dialog).getByRole('button', { name: 'Samenvoegen' })).toBeDisabled();
    await userEvent.selectOptions(target, 'Lila');
    expect(dialog).toHaveTextContent('De 3 bezoeken met Lilla noemen voortaan Lila.');
    expect(dialog).toHaveTextContent('Dit kan niet ongedaan gemaakt worden.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Samenvoegen' }));
    expect(await screen.findByText('Lilla is samengevoegd met Lila.')).toBeVisible();
    expect(server.calls.find((c) => c.path.endsWith('/merge'))).toEqual({
      method: 'POST',
      path: '/api/admin/brands/3/merge',
      body: { intoId: 1 },
    });
    expect(await screen.findByRole('row', { name: /^Lilla / })).toHaveTextContent('Samengevoegd met Lila');
    expect(screen.getByRole('row', { name: /^Lila / })).toHaveTextContent(/Actief\s*7/);
    expect(queryClient.getQueryState(['reference', '/brands'])?.isInvalidated).toBe(true);
  });

  it('shows a refused merge inside the dialog, in Dutch', async () => {
    const server = serveAdmin({ brands: fc70() });
    renderAdmin('/beheer/merken');
    await userEvent.click(await screen.findByRole('button', { name: 'Lilla samenvoegen met…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'Lila');
    server.refuseNext = { status: 409, code: 'merge_into_inactive' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Samenvoegen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Voeg samen met een actief merk.');
  });
});
