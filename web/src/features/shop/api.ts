// The shop page's own reads: the card's contact person, looked up by the owner code (spec §9: 5 owner, 6 buyer,
// 7 seller), and the sell-out per brand for its chart.
import { useQuery } from '@tanstack/react-query';
import type { ContactInfo } from '@prospectie/contract';
import { contactInfoOfShop, selloutOfShop } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

const OWNER_CODE = 5;

/** The owner's contact info, or null when the shop has none. */
export function useShopContact(shopId: number) {
  return useQuery({
    queryKey: ['contactinfo', shopId, OWNER_CODE],
    queryFn: async (): Promise<ContactInfo | null> => {
      try {
        return await call(contactInfoOfShop, { params: { shopId, code: OWNER_CODE } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** Every FC70 brand's sell-out recorded in the shop's visits, oldest first (the page's chart). */
export function useShopSellout(shopId: number) {
  return useQuery({ queryKey: ['shops', shopId, 'sellout'], queryFn: () => call(selloutOfShop, { params: { id: shopId } }) });
}
