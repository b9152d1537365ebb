import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

beforeEach(() => localStorage.clear());
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
});
