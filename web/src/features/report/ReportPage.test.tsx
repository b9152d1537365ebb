import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage as renderAt } from '../../test/renderPage';
import { ReportPage } from './ReportPage';

const me = { user: { id: 1, login: 'demo@example.com' }, employee: { id: 7, firstName: 'Sofie', name: 'Janssens' }, authMode: 'demo' };

/** A fake server: the report starts as given; `failWrites` makes every save fail with a 500. */
function serve(initial: { id: number; employeeId: number; content: string } | null, failWrites = false) {
  let report = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/me') return json(200, me);
      if (method === 'GET') return report ? json(200, report) : json(404, { error: 'Not Found', message: 'Rapport niet gevonden' });
      if (failWrites) return json(500, { error: 'Internal Server Error', message: 'kapot' });
      const body = JSON.parse(String(init?.body));
      report = { id: report?.id ?? 3, employeeId: 7, content: body.content };
      return json(method === 'POST' ? 201 : 200, report);
    }),
  );
  return calls;
}

const renderPage = () => renderAt('/prospectionreport/new', <ReportPage />);

afterEach(() => vi.unstubAllGlobals());

describe('ReportPage', () => {
  it('writes a first report with POST and says so in a notice on the page', async () => {
    const calls = serve(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByText('Nog geen rapport beschikbaar.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nieuw rapport' }));
    await userEvent.type(screen.getByPlaceholderText('Typ hier je prospectierapport...'), 'Mijn voorbeeld');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieuw rapport aangemaakt!');
    expect(screen.getByText('Mijn voorbeeld')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bewerk rapport' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/prospectionreport');
    expect(alert).not.toHaveBeenCalled();
  });

  it('updates an existing report with PUT, and a failed update keeps the text and says what failed', async () => {
    const calls = serve({ id: 3, employeeId: 7, content: 'Oud' }, true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Bewerk rapport' }));
    const text = screen.getByPlaceholderText('Typ hier je prospectierapport...');
    expect(text).toHaveValue('Oud');
    await userEvent.type(text, ' en nieuw');
    await userEvent.click(screen.getByRole('button', { name: 'Bijwerken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fout bij updaten van rapport');
    expect(text).toHaveValue('Oud en nieuw');
    expect(calls).toContain('PUT /api/prospectionreport/3');
    await userEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses to save an empty report with a Dutch message on the field, and the message goes once she types', async () => {
    const calls = serve(null);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nieuw rapport' }));
    const text = screen.getByPlaceholderText('Typ hier je prospectierapport...');
    await userEvent.type(text, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Schrijf eerst je voorbeeldrapport: een leeg rapport kan niet bewaard worden.')).toBeVisible();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('Schrijf eerst je voorbeeldrapport: een leeg rapport kan niet bewaard worden.');
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    await userEvent.type(text, 'Mijn voorbeeld');
    expect(screen.queryByText('Schrijf eerst je voorbeeldrapport: een leeg rapport kan niet bewaard worden.')).not.toBeInTheDocument();
    expect(text).not.toHaveAttribute('aria-invalid', 'true');
  });
});
