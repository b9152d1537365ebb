import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoSignInTried, meQuery } from '../api/session';
import { LogoutButton } from './LogoutButton';

// The device's IndexedDB outbox is out of reach in jsdom: empty here, and wiping it does nothing.
vi.mock('./useOutbox', () => ({ useOutboxSnapshot: () => ({ items: [] }) }));
vi.mock('./deviceOutbox', () => ({ clearOfflineData: async () => undefined }));

const draftKey = 'prospectie:wizard-draft:v1:1:10';

function renderButton() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LogoutButton onDone={onDone} render={(onClick) => <button onClick={onClick}>Afmelden</button>} />
    </QueryClientProvider>,
  );
  return { calls, onDone };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('with a visit draft kept on the device, asks first in Dutch that the draft will go; confirmed, it goes', async () => {
    localStorage.setItem(draftKey, JSON.stringify({ values: {}, step: 2, idempotencyKey: 'k' }));
    const { calls, onDone } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afmelden?' });
    expect(dialog).toHaveTextContent(
      'Er staat een niet-verzonden prospectie op dit toestel. Als je nu afmeldt, wordt ze van dit toestel gewist en gaat ze verloren.',
    );
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toch afmelden' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('cancelled, keeps the draft and the session', async () => {
    localStorage.setItem(draftKey, JSON.stringify({ values: {}, step: 2, idempotencyKey: 'k' }));
    const { calls } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: 'Annuleren' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(localStorage.getItem(draftKey)).not.toBeNull();
  });

  it('with nothing kept on the device, signs out at once', async () => {
    localStorage.setItem('some-other-setting', '1');
    const { calls, onDone } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('from the tap on, a call refused meanwhile shows the sign-in screen instead of starting a sign-in', async () => {
    let answer: (response: Response) => void = () => {};
    const ok = (body: object) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/api/me') ? Promise.resolve(ok({ user: { id: 1 } })) : new Promise<Response>((resolve) => (answer = resolve)),
      ),
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
    // ...also after an answer to "who is signed in" that left before the tap.
    await queryClient.fetchQuery(meQuery);
    expect(autoSignInTried()).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
    answer(ok({}));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(autoSignInTried()).toBe(true);
  });
});
