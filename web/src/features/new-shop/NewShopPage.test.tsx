import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage as renderAt } from '../../test/renderPage';
import { NewShopPage } from './NewShopPage';

const me = { user: { id: 1, login: 'demo@example.com' }, employee: { id: 7, firstName: 'Sofie', name: 'Janssens' }, authMode: 'demo' };

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/me') return json(200, me);
      if (url === '/api/countries') return json(200, [{ id: 1, name: 'België' }]);
      if (url === '/api/countries/1/cities') return json(200, [{ id: 10, name: 'Gent', postalCode: '9000' }]);
      return json(404, { error: 'Not Found', message: 'niet gevonden' });
    }),
  );
  renderAt('/shop/new', <NewShopPage />);
}

afterEach(() => vi.unstubAllGlobals());

const messages = ['Geen geldige naam.', 'Geen geldig land geselecteerd.', 'Geen geldige stad geselecteerd.'];
/** The message shown under a field (the page's summary repeats them above the form). */
const fieldMessage = (text: string) => screen.queryAllByText(text).find((el) => el.classList.contains('invalid-feedback'));

describe('New shop: checks on Verzenden', () => {
  it('shows every problem at once, each under its field, and marks those fields', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verzenden' }));
    for (const text of messages) expect(fieldMessage(text), text).toBeVisible();
    expect(
      within(screen.getByRole('alert')).getByText(/Geen geldige naam\. Geen geldig land geselecteerd\. Geen geldige stad geselecteerd\./),
    ).toBeVisible();
    const name = screen.getByRole('textbox', { name: /^Naam/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveClass('is-invalid');
    expect(name).toHaveAccessibleDescription('Geen geldige naam.');
    expect(screen.getByRole('combobox', { name: /^Land/ })).toHaveAttribute('aria-invalid', 'true');
    // Disabled until a country is chosen, but marked all the same.
    expect(document.getElementById('shop-city')).toHaveAttribute('aria-invalid', 'true');
  });

  it('drops Geen geldig land geselecteerd. once a country is chosen, and a field’s message once it changes', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verzenden' }));
    const country = screen.getByRole('combobox', { name: /^Land/ });
    await userEvent.type(country, 'Belg');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('België')).toBeVisible();
    expect(screen.queryAllByText(/Geen geldig land geselecteerd\./)).toEqual([]);
    expect(country).not.toHaveAttribute('aria-invalid');
    // The others stay until their own field changes.
    expect(fieldMessage('Geen geldige naam.')).toBeVisible();
    expect(fieldMessage('Geen geldige stad geselecteerd.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Boetiek Lila');
    expect(screen.queryAllByText('Geen geldige naam.')).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^Naam/ })).not.toHaveAttribute('aria-invalid');
    expect(within(screen.getByRole('alert')).getByText('Geen geldige stad geselecteerd.')).toBeVisible();
  });
});

describe('New shop: the countries an administrator imports', () => {
  const kept: [readonly unknown[], unknown][] = [[['reference', '/countries'], [{ id: 1, name: 'België' }]]];
  const open = (countriesAnswer: () => Response) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/me') return json(200, me);
        if (url === '/api/countries') return countriesAnswer();
        return json(404, { error: 'Not Found', code: 'route_not_found', message: 'niet gevonden' });
      }),
    );
    renderAt('/shop/new', <NewShopPage />, kept);
  };

  it('asks for the countries again when the form opens, though they are kept: a new country shows', async () => {
    open(() =>
      json(200, [
        { id: 1, name: 'België' },
        { id: 9, name: 'Duitsland' },
      ]),
    );
    const country = screen.getByRole('combobox', { name: /^Land/ });
    await userEvent.type(country, 'Duits');
    expect(await screen.findByRole('option', { name: 'Duitsland' })).toBeVisible();
  });

  it('keeps the kept countries when asking again fails, without an error', async () => {
    open(() => json(500, { error: 'Internal Server Error', code: 'internal', message: 'down' }));
    await userEvent.type(screen.getByRole('combobox', { name: /^Land/ }), 'Belg');
    expect(await screen.findByRole('option', { name: 'België' })).toBeVisible();
    expect(screen.queryByText('De gegevens konden niet geladen worden.')).not.toBeInTheDocument();
  });
});
