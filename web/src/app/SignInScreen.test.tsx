// The sign-in screen while the rep signs out: a call refused meanwhile (the session ends with the logout) lands here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoSignInTried, meQuery, onSignedOut, useMe } from '../api/session';
import { LogoutButton } from '../offline/LogoutButton';
import { SignInScreen } from './SignInScreen';

// The device's IndexedDB outbox is out of reach in jsdom: empty here, and wiping it does nothing.
vi.mock('../offline/useOutbox', () => ({ useOutboxSnapshot: () => ({ items: [] }) }));
vi.mock('../offline/deviceOutbox', () => ({ clearOfflineData: async () => undefined }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out with single sign-on', () => {
  it('from the tap on, a call refused meanwhile says it is signing out instead of offering or starting a sign-in', async () => {
    let answer: (response: Response) => void = () => {};
    const ok = (body: object) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.endsWith('/api/me')) return Promise.resolve(ok({ user: { id: 1 } }));
        if (url.endsWith('/api/auth/config')) return Promise.resolve(ok({ authMode: 'oidc' }));
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const queryClient = new QueryClient();
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <LogoutButton onDone={onDone} render={(onClick) => <button onClick={onClick}>Afmelden</button>} />
      </QueryClientProvider>,
    );
    expect(autoSignInTried()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    // The logout is still on its way: the sign-in screen (SignInScreen.tsx) reads this to stay put...
    await waitFor(() => expect(autoSignInTried()).toBe(true));
    // A call refused meanwhile: the shell shows the sign-in screen.
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignInScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig met afmelden...');
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument();
    // ...also after an answer to "who is signed in" that left before the tap.
    await queryClient.fetchQuery(meQuery);
    expect(autoSignInTried()).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
    answer(ok({}));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(autoSignInTried()).toBe(true);
    // Signed out (here without an issuer to leave for): the sign-in screen, which does not start a sign-in by itself.
    expect(await screen.findByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  });
});

describe('signing out, once the server has ended the session', () => {
  it('keeps saying it is signing out, not offering Inloggen, while the device is wiped before the page leaves', async () => {
    const ok = (body: object) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url.endsWith('/api/auth/config') ? ok({ authMode: 'oidc' }) : ok({}))),
    );
    // The device's cache and outbox take a moment to wipe.
    let wiped: () => void = () => {};
    const wiping = vi.fn(() => new Promise<void>((resolve) => (wiped = resolve)));
    const stopWiping = onSignedOut(wiping);
    const queryClient = new QueryClient();
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <LogoutButton onDone={onDone} render={(onClick) => <button onClick={onClick}>Afmelden</button>} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(wiping).toHaveBeenCalled());
    // Nobody is signed in now: the shell shows the sign-in screen until the page leaves for the issuer.
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignInScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Bezig met afmelden...');
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument();
    wiped();
    stopWiping();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeVisible();
  });
});

describe('signing out in another tab', () => {
  it('this tab drops what it shows and offers Inloggen instead of starting a sign-in of its own', async () => {
    const ok = (body: object) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.endsWith('/api/me')) return Promise.resolve(ok({ user: { id: 1, login: 'rita@fc70.example' } }));
        if (url.endsWith('/api/auth/config')) return Promise.resolve(ok({ authMode: 'oidc' }));
        return Promise.resolve(new Response(null, { status: 401 }));
      }),
    );
    sessionStorage.setItem('left.behind', 'by the last rep');
    function Shell() {
      const me = useMe();
      if (me.isPending) return null;
      return me.data ? <p>Ingelogd als {me.data.user.login}</p> : <SignInScreen />;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Shell />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ingelogd als rita@fc70.example')).toBeVisible();
    // The rep taps Afmelden in her other tab.
    const otherTab = new BroadcastChannel('prospectie.session');
    otherTab.postMessage('signed-out');
    otherTab.close();
    expect(await screen.findByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible();
    expect(screen.queryByText('Ingelogd als rita@fc70.example')).not.toBeInTheDocument();
    expect(autoSignInTried()).toBe(true);
    expect(sessionStorage.getItem('left.behind')).toBeNull();
  });
});
