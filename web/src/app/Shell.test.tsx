import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { meQueryKey } from '../api/session';
import { json } from '../test/renderPage';
import { Shell } from './Shell';

// The device's outbox and cache (IndexedDB) are out of reach in jsdom; the shell's gate is what is tested here.
vi.mock('../offline/OfflineBar', () => ({ OfflineBar: () => null }));
vi.mock('../offline/LogoutButton', () => ({ LogoutButton: () => <button type="button">Afmelden</button> }));
vi.mock('./useOfflineWarmUp', () => ({ useOfflineWarmUp: () => undefined }));

afterEach(() => vi.unstubAllGlobals());

const account = (roles: string[], employee: object | null) => ({
  user: { id: 1, login: 'eerste@fc70.example' },
  employee,
  authMode: 'demo',
  roles: ['medewerker', ...roles],
});

function renderShell(path: string, me: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, [])),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'home', element: <h1>Home-scherm</h1> },
          { path: 'beheer/medewerkers', element: <h1>Beheerscherm</h1> },
          { path: 'afmelden/:token', element: <h1>Afmeldscherm</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the shell and the role beheerder', () => {
  it('shows Beheer in the header of a beheerder, and not of a rep', () => {
    renderShell('/home', account(['beheerder'], { id: 5, firstName: 'Katrien', name: 'Peeters' }));
    expect(screen.getByRole('link', { name: 'Beheer' })).toHaveAttribute('href', '/beheer');
    expect(screen.getByRole('heading', { name: 'Home-scherm' })).toBeVisible();
  });

  it('does not show Beheer to a rep or a manager', () => {
    renderShell('/home', account(['manager'], { id: 6, firstName: 'Luc', name: 'Wouters' }));
    expect(screen.getByRole('heading', { name: 'Home-scherm' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Beheer' })).not.toBeInTheDocument();
  });

  it('lets the first administrator, who has no employee yet, into the administration only', () => {
    renderShell('/beheer/medewerkers', account(['beheerder'], null));
    expect(screen.getByRole('heading', { name: 'Beheerscherm' })).toBeVisible();
  });

  it('gives an administrator without an employee the spec message on the other screens', () => {
    renderShell('/home', account(['beheerder'], null));
    expect(screen.getByRole('alert')).toHaveTextContent('Gebruiker niet gevonden');
    expect(screen.queryByRole('heading', { name: 'Home-scherm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beheer' })).toBeVisible();
  });

  it('gives an account without an employee and without the role the spec message on /beheer too', () => {
    renderShell('/beheer/medewerkers', account([], null));
    expect(screen.getByRole('alert')).toHaveTextContent('Gebruiker niet gevonden');
    expect(screen.queryByRole('heading', { name: 'Beheerscherm' })).not.toBeInTheDocument();
  });
});

describe('the shell when the rep signs out in another tab', () => {
  it('shows the sign-in screen and no longer the shop she had open, without asking the server for it again', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/api/shops/1') ? json(200, { id: 1, name: 'COLLECTIE AMBER' }) : json(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [{ path: '/', element: <Shell />, children: [{ path: 'shop/:shopId', element: <h1>Winkelscherm</h1> }] }],
      { initialEntries: ['/shop/1'] },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(meQueryKey, account([], { id: 5, firstName: 'Katrien', name: 'Peeters' }));
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(await within(crumbs).findByText('COLLECTIE AMBER')).toBeVisible();
    const asked = fetchMock.mock.calls.length;
    const otherTab = new BroadcastChannel('prospectie.session');
    otherTab.postMessage('signed-out');
    otherTab.close();
    expect(await screen.findByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
    expect(within(crumbs).queryByText('COLLECTIE AMBER')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Winkelscherm' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.slice(asked).map(([url]) => url)).not.toContain('/api/shops/1');
  });
});

describe("the page of a mail's unsubscribe link", () => {
  it('opens signed out, without the sign-in screen or a trail of its token', () => {
    renderShell('/afmelden/todo.5.abc', null);
    expect(screen.getByRole('heading', { name: 'Afmeldscherm' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /ingelogd/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Kruimelpad' })).not.toBeInTheDocument();
  });

  it('opens for an account without an employee too', () => {
    renderShell('/afmelden/todo.5.abc', account([], null));
    expect(screen.getByRole('heading', { name: 'Afmeldscherm' })).toBeVisible();
  });
});
