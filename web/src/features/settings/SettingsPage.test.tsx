import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailSettings } from '@prospectie/contract';
import { json, renderPage } from '../../test/renderPage';
import { SettingsPage } from './SettingsPage';

beforeEach(() => onlineManager.setOnline(true));
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

interface Served {
  settings: MailSettings;
  puts: unknown[];
  /** The next PUT answers this instead (once). */
  refuseNext?: { status: number; code: string };
}

/** /api/me/mail-settings as the server answers it; every PUT recorded. */
function serveSettings(settings: Partial<MailSettings> = {}): Served {
  const served: Served = {
    settings: { sending: true, address: 'sofie@fc70.be', todo: true, digest: false, ...settings },
    puts: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname !== '/api/me/mail-settings') return json(404, { code: 'route_not_found' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { todo: boolean; digest: boolean };
        served.puts.push(body);
        if (served.refuseNext) {
          const { status, code } = served.refuseNext;
          served.refuseNext = undefined;
          return json(status, { error: 'Refused', code, message: code });
        }
        served.settings = { ...served.settings, ...body };
      }
      return json(200, served.settings);
    }),
  );
  return served;
}

describe('Instellingen', () => {
  it('says where her mail goes and shows each kind of mail as a switch with what it means', async () => {
    serveSettings();
    renderPage('/instellingen', <SettingsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'E-mail' })).toBeVisible();
    expect(screen.getByText(/Je e-mails gaan naar/)).toHaveTextContent('Je e-mails gaan naar sofie@fc70.be.');
    const todo = screen.getByRole('switch', { name: 'E-mail bij een nieuwe taak' });
    expect(todo).toBeChecked();
    expect(todo).toHaveAccessibleDescription('Wanneer een collega je een taak geeft.');
    const digest = screen.getByRole('switch', { name: 'Ochtendoverzicht' });
    expect(digest).not.toBeChecked();
    expect(digest).toHaveAccessibleDescription(/Elke werkdag om 7.30 uur/);
    expect(screen.queryByText(/verstuurt geen e-mails/)).not.toBeInTheDocument();
  });

  it('saves a switch at once with both choices, and says so', async () => {
    const served = serveSettings();
    renderPage('/instellingen', <SettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Ochtendoverzicht' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Opgeslagen');
    expect(screen.getByRole('switch', { name: 'Ochtendoverzicht' })).toBeChecked();
    expect(served.puts).toEqual([{ todo: true, digest: true }]);
    await userEvent.click(screen.getByRole('switch', { name: 'E-mail bij een nieuwe taak' }));
    await vi.waitFor(() =>
      expect(served.puts).toEqual([
        { todo: true, digest: true },
        { todo: false, digest: true },
      ]),
    );
    expect(screen.getByRole('switch', { name: 'E-mail bij een nieuwe taak' })).not.toBeChecked();
  });

  it('puts the switch back and says why when the server refuses', async () => {
    const served = serveSettings();
    served.refuseNext = { status: 403, code: 'no_employee' };
    renderPage('/instellingen', <SettingsPage />);
    const digest = await screen.findByRole('switch', { name: 'Ochtendoverzicht' });
    await userEvent.click(digest);
    expect(await screen.findByRole('alert')).toHaveTextContent('Geen geldige gebruiker. Probeer opnieuw in te loggen.');
    expect(digest).not.toBeChecked();
    expect(screen.getByRole('status')).not.toHaveTextContent('Opgeslagen');
  });

  it('says when no address is known and when this installation sends no mail, and still lets her choose', async () => {
    serveSettings({ address: null, sending: false });
    renderPage('/instellingen', <SettingsPage />);
    expect(await screen.findByText(/Er is geen e-mailadres van je gekend/)).toHaveTextContent(
      'Een beheerder van Prospectie kan er een instellen.',
    );
    expect(screen.getByText(/verstuurt geen e-mails/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Ochtendoverzicht' })).toBeEnabled();
  });

  it('keeps the switches shut offline and says a connection is needed', async () => {
    serveSettings();
    renderPage('/instellingen', <SettingsPage />);
    await screen.findByRole('switch', { name: 'Ochtendoverzicht' });
    onlineManager.setOnline(false);
    expect(await screen.findByText(/je keuzes wijzigen kan pas weer met verbinding/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Ochtendoverzicht' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'E-mail bij een nieuwe taak' })).toBeDisabled();
  });

  it('says offline that her settings are not on this device, instead of loading for good', async () => {
    serveSettings();
    onlineManager.setOnline(false);
    renderPage('/instellingen', <SettingsPage />);
    expect(await screen.findByText('Je instellingen staan niet op dit toestel.')).toBeVisible();
  });

  it('offers a retry when the settings could not be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { code: 'internal', message: 'boom' })),
    );
    renderPage('/instellingen', <SettingsPage />);
    expect(await screen.findByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
    serveSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('switch', { name: 'Ochtendoverzicht' })).toBeVisible();
  });
});
