// Home's reads: every shop for the shop select, and what Home asks for before it first renders.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ownReportQuery } from '../../api/reports';
import { meQuery } from '../../api/session';
import { shopListQuery } from '../../api/shops';

export { shopListQuery };

/** Asks for what Home shows before it renders, as soon as the rep is known: the shops and the sample report. */
export function prefetchHome(queryClient: QueryClient) {
  void queryClient.fetchQuery(meQuery).then(
    (me) => {
      if (!me) return;
      void queryClient.prefetchQuery(shopListQuery);
      if (me.employee) void queryClient.prefetchQuery(ownReportQuery(me.employee.id));
    },
    () => undefined,
  );
}

export function useShopList() {
  return useQuery(shopListQuery);
}
