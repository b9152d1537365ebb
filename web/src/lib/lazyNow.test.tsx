import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyExtra, loadable } from './lazyNow';

describe('loadable', () => {
  it('loads once, and asks again after a failed load instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<{ Dialog: () => null }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Dialog: () => null });
    const code = loadable(load);
    await expect(code.start()).rejects.toThrow('Failed to fetch');
    const module = await code.start();
    expect(module.Dialog).toBeTypeOf('function');
    await code.start();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('an extra loaded later', () => {
  it('draws when its code loads', async () => {
    const Extra = lazyExtra(async () => ({ name }: { name: string }) => <p>Hallo {name}</p>);
    render(
      <Suspense fallback={null}>
        <Extra name="Sofie" />
      </Suspense>,
    );
    expect(await screen.findByText('Hallo Sofie')).toBeVisible();
  });

  it('draws nothing, and no error, when its code cannot load (offline)', async () => {
    const Extra = lazyExtra<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { container } = render(
      <>
        <p>Het scherm</p>
        <Suspense fallback={<p>Laden</p>}>
          <Extra />
        </Suspense>
      </>,
    );
    await waitFor(() => expect(container).toHaveTextContent(/^Het scherm$/));
  });
});
