import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../../test/renderPage';
import { UnsubscribePage } from './UnsubscribePage';

beforeEach(() => onlineManager.setOnline(true));
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/** /api/mail/unsubscribe/:token as the server answers it: a known token names its kind; every call recorded. */
function serveUnsubscribe(tokens: Record<string, 'todo' | 'digest'>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${pathname}`);
      const kind = tokens[pathname.replace('/api/mail/unsubscribe/', '')];
      if (!kind) return json(404, { error: 'Not Found', code: 'unsubscribe_not_found', message: 'unknown' });
      return json(200, { kind });
    }),
  );
  return calls;
}

const open = (token: string) =>
  renderRoutes(
    [
      { path: '/afmelden/:token', element: <UnsubscribePage /> },
      { path: '/instellingen', element: <h1>Instellingenscherm</h1> },
    ],
    [`/afmelden/${token}`],
  );

describe('Afmelden from a mail', () => {
  it('asks first and changes nothing until she taps Afmelden', async () => {
    const calls = serveUnsubscribe({ 'digest.7.abc': 'digest' });
    open('digest.7.abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen ochtendoverzicht meer?' })).toBeVisible();
    expect(screen.getByText('Prospectie stuurt je elke werkdag om 7.30 uur een overzicht van je dag.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Afmelden' })).toBeVisible();
    // A way out without changing anything.
    expect(screen.getByRole('link', { name: 'Naar Prospectie' })).toHaveAttribute('href', '/');
    expect(calls).toEqual(['GET /api/mail/unsubscribe/digest.7.abc']);
  });

  it('turns that mail off, says so with the way back under Instellingen, and moves the focus there', async () => {
    const calls = serveUnsubscribe({ 'todo.7.abc': 'todo' });
    open('todo.7.abc');
    expect(await screen.findByRole('heading', { name: 'Geen e-mail meer bij een nieuwe taak?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    const done = await screen.findByRole('heading', { name: 'Afgemeld' });
    expect(done).toHaveFocus();
    expect(done).toHaveAccessibleDescription(
      /^Je krijgt geen e-mail meer bij een nieuwe taak\. Je kunt dit weer aanzetten bij Instellingen/,
    );
    expect(calls).toContain('POST /api/mail/unsubscribe/todo.7.abc');
    expect(screen.getByRole('link', { name: 'Naar Prospectie' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Instellingen' }));
    expect(await screen.findByRole('heading', { name: 'Instellingenscherm' })).toBeVisible();
  });

  it('says a link that is not (or no longer) valid in Dutch, without a button', async () => {
    serveUnsubscribe({});
    open('todo.7.forged');
    expect(
      await screen.findByText('Deze afmeldlink is niet (meer) geldig. Je kunt je e-mails aan- of uitzetten bij Instellingen.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Afmelden' })).not.toBeInTheDocument();
  });

  it('says offline that unsubscribing needs a connection', async () => {
    serveUnsubscribe({ 'todo.7.abc': 'todo' });
    onlineManager.setOnline(false);
    open('todo.7.abc');
    expect(await screen.findByText('Geen verbinding: afmelden kan pas weer met verbinding.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Afmelden' })).not.toBeInTheDocument();
  });
});
