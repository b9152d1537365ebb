// A shop's status per FC70 brand (decision 066): read with its history, and set by the rep. A status set without a
// connection waits in the outbox and is sent later, once, with its own Idempotency-Key (docs/decisions/007-offline.md).
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PipelineSet } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { myFollowUps, setShopPipelineStatus, shopPipelineOf } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { useMe } from '../../api/session';
import { randomKey } from '../../lib/randomKey';
import { outbox } from '../../offline/deviceOutbox';
import { isNetworkFailure } from '../../offline/useOutbox';

export const pipelineKeys = {
  shop: (shopId: number) => ['shops', shopId, 'pipeline'] as const,
  followUps: ['pipeline', 'follow-ups'] as const,
};

export function useShopPipeline(shopId: number) {
  return useQuery({ queryKey: pipelineKeys.shop(shopId), queryFn: () => call(shopPipelineOf, { params: { id: shopId } }) });
}

/** Opvolgen on Home: the next steps the rep planned for today or before. */
export function useFollowUps() {
  return useQuery({ queryKey: pipelineKeys.followUps, queryFn: () => call(myFollowUps) });
}

/** Sent: the server has it. Kept: it waits in the outbox for a connection. */
export type PipelineWriteOutcome = 'sent' | 'kept';

/** Sets a brand's status; refreshes the shop's statuses and Opvolgen once the server has it. */
export function usePipelineWrite(shopId: number) {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id;
  return useCallback(
    async (brandId: number, body: PipelineSet): Promise<PipelineWriteOutcome> => {
      if (userId === undefined) throw new Error('not signed in');
      const idempotencyKey = randomKey();
      const params = { id: shopId, brandId };
      const keep = async (): Promise<PipelineWriteOutcome> => {
        await outbox.add({
          id: idempotencyKey,
          kind: 'pipeline',
          userId,
          shopId,
          endpoint: 'setShopPipelineStatus',
          params,
          body,
          draft: { brandId, body },
        });
        if (onlineManager.isOnline()) void outbox.flush(userId, { force: true });
        return 'kept';
      };
      await outbox.load();
      if (!onlineManager.isOnline()) return keep();
      try {
        await call(setShopPipelineStatus, { params, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
      } catch (error) {
        // The server never answered: the outbox tries again with the same key, so it is saved once.
        if (isNetworkFailure(error)) return keep();
        throw error;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pipelineKeys.shop(shopId) }),
        queryClient.invalidateQueries({ queryKey: pipelineKeys.followUps }),
      ]);
      return 'sent';
    },
    [queryClient, shopId, userId],
  );
}
