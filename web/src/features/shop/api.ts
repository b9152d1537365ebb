// The shop card's contact person, looked up by the owner code (spec §9: 5 owner, 6 buyer, 7 seller).
import { useQuery } from '@tanstack/react-query';
import type { ContactInfo } from '@prospectie/contract';
import { api, ApiError } from '../../api/client';

const OWNER_CODE = 5;

/** The owner's contact info, or null when the shop has none. */
export function useShopContact(shopId: number) {
  return useQuery({
    queryKey: ['contactinfo', shopId, OWNER_CODE],
    queryFn: async (): Promise<ContactInfo | null> => {
      try {
        return await api<ContactInfo>(`/contactinfo/${shopId}/${OWNER_CODE}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}
