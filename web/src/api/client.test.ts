import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, retryWhileInProgress } from './client';

describe('a write sent again while the server is still busy with its key (409)', () => {
  it('is asked again after a moment, and the answer of the first attempt comes through', async () => {
    let calls = 0;
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: async () => {
        calls++;
        if (calls === 1) throw new ApiError(409, 'Dit verzoek wordt al verwerkt; probeer het zo opnieuw.');
        return { id: 42 };
      },
      ...retryWhileInProgress,
    });
    await expect(observer.mutate()).resolves.toEqual({ id: 42 });
    expect(calls).toBe(2);
  });

  it('is not repeated for any other refusal', async () => {
    let calls = 0;
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: async () => {
        calls++;
        throw new ApiError(422, 'Deze Idempotency-Key werd al gebruikt voor een ander verzoek.');
      },
      ...retryWhileInProgress,
    });
    await expect(observer.mutate()).rejects.toThrow('Idempotency-Key');
    expect(calls).toBe(1);
  });
});
