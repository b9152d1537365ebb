import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const offlineFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** Offline (the server out of reach, as the app counts it) while `during` runs; back online after. */
async function offlineThenOnline(during: () => Promise<void>) {
  onlineManager.setOnline(false);
  await during();
  act(() => onlineManager.setOnline(true));
}

afterEach(() => onlineManager.setOnline(true));

describe('a part whose code could not load offline', () => {
  it('draws what stands in for it, no error, and itself once the device is back online', async () => {
    const load = vi
      .fn<() => Promise<{ Select: () => React.ReactNode }>>()
      .mockImplementationOnce(offlineFailure)
      .mockResolvedValue({ Select: () => <p>De winkelkeuze</p> });
    const Select = loadable(load).component('Select', () => <p>Nog niet te gebruiken</p>);
    await offlineThenOnline(async () => {
      render(
        <Suspense fallback={<p>Laden</p>}>
          <Select />
        </Suspense>,
      );
      expect(await screen.findByText('Nog niet te gebruiken')).toBeVisible();
      expect(load).toHaveBeenCalledTimes(1);
    });
    expect(await screen.findByText('De winkelkeuze')).toBeVisible();
    expect(screen.queryByText('Nog niet te gebruiken')).toBeNull();

    // Opened again later: the component at once, not its stand-in first.
    cleanup();
    render(
      <Suspense fallback={<p>Laden</p>}>
        <Select />
      </Suspense>,
    );
    expect(screen.getByText('De winkelkeuze')).toBeVisible();
    expect(screen.queryByText('Nog niet te gebruiken')).toBeNull();
  });

  it('an extra draws nothing meanwhile, and itself once back online', async () => {
    const load = vi
      .fn<() => Promise<({ name }: { name: string }) => React.ReactNode>>()
      .mockImplementationOnce(offlineFailure)
      .mockResolvedValue(({ name }) => <p>Opvolgen voor {name}</p>);
    const Extra = lazyExtra(load);
    let container!: HTMLElement;
    await offlineThenOnline(async () => {
      ({ container } = render(
        <>
          <p>Het scherm</p>
          <Suspense fallback={<p>Laden</p>}>
            <Extra name="Sofie" />
          </Suspense>
        </>,
      ));
      await waitFor(() => expect(container).toHaveTextContent(/^Het scherm$/));
    });
    expect(await screen.findByText('Opvolgen voor Sofie')).toBeVisible();
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
