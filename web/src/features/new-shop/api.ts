// The new-shop wizard's reads (countries, a country's cities) and its one registration call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopRegistration } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { citiesOfCountry, countries, registerShop } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { retryWhileInProgress } from '../../api/client';
import { countryCitiesKey, referenceQuery } from '../../api/reference';
import { shopKeys } from '../../api/shops';

/**
 * Kept on the device for good (a shop can be added with no signal), and asked again each time the form opens online:
 * a country or cities the administration imported since then show at once (decision 030).
 */
const askAgainOnOpen = { staleTime: Infinity, refetchOnMount: 'always' } as const;

export function useCountries() {
  return useQuery({ ...referenceQuery(countries), ...askAgainOnOpen });
}

export function useCities(countryId: number | undefined) {
  return useQuery({
    queryKey: countryCitiesKey(countryId),
    queryFn: () => call(citiesOfCountry, { params: { id: countryId! } }),
    enabled: countryId !== undefined,
    ...askAgainOnOpen,
  });
}

/** Creates address, contact and shop in one call; the key makes a double click or retry create one shop. */
export function useRegisterShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ShopRegistration; idempotencyKey: string }) =>
      call(registerShop, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.list }),
    ...retryWhileInProgress,
  });
}
