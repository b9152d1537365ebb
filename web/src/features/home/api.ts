// Home's reads: every shop for the shop select, and what Home asks for before it first renders.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ownReportQuery } from '../../api/reports';
import { meQuery } from '../../api/session';
import { shopListQuery } from '../../api/shops';
import { dueShopsQuery, todayAppointmentsQuery } from '../planning';
import { myTodosQuery } from '../../api/todos';

export { shopListQuery };

/**
 * Asks for what Home shows as soon as the rep is known. Resolves once what its first paint shows is here (the open
 * to-dos, today's plans, the shops to visit, whether there is a sample report), so that the first paint has them and
 * nothing moves when they arrive (the cards below jumped three times). The 20,000 shops are asked for too,
 * but not waited for: the select shows that it is loading, in the same place and size.
 */
export function prefetchHome(queryClient: QueryClient): Promise<unknown> {
  // Not about the rep: asked next to /api/me, not after it.
  const planning = [queryClient.prefetchQuery(todayAppointmentsQuery), queryClient.prefetchQuery(dueShopsQuery)];
  const own = queryClient.fetchQuery(meQuery).then(
    (me) => {
      if (!me) return;
      void queryClient.prefetchQuery(shopListQuery);
      if (!me.employee) return;
      return Promise.all([
        queryClient.prefetchQuery(ownReportQuery(me.employee.id)),
        queryClient.prefetchQuery(myTodosQuery(me.employee.id)),
      ]);
    },
    () => undefined,
  );
  return Promise.all([own, ...planning]);
}

export function useShopList() {
  return useQuery(shopListQuery);
}
