// What the administration reads and writes (/api/admin, decision 029). After every write the administration's own
// lists, its log and the lists other screens keep of people or brands are asked again.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPersonCreate, AdminPersonUpdate, BrandKind, Me, SeasonInput } from '@prospectie/contract';
import {
  adminBrands,
  adminCompetitorBrands,
  adminPeople,
  auditLog,
  createBrand,
  createCompetitorBrand,
  createPerson,
  createSeason,
  deleteSeason,
  mailLog,
  mergeBrand,
  mergeCompetitorBrand,
  updateBrand,
  updateCompetitorBrand,
  updatePerson,
  updateSeason,
} from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { refreshBrandList, refreshPeopleLists, refreshSeasons, seasonsQuery } from '../../api/reference';
import { meQueryKey } from '../../api/session';

export type PeopleStatus = 'active' | 'inactive' | 'all';

export const adminKeys = {
  all: ['admin'] as const,
  people: (q: string, status: PeopleStatus) => ['admin', 'people', { q, status }] as const,
  brands: (kind: BrandKind) => ['admin', kind] as const,
  log: ['admin', 'log'] as const,
  mails: ['admin', 'mails'] as const,
};

/** How many entries a page of the log, or of the mails, holds. */
export const LOG_PAGE_SIZE = 50;

/** Each kind of brand's endpoints: FC70's own brands and the competitors' are kept alike. */
const brandEndpoints = {
  brands: { list: adminBrands, create: createBrand, update: updateBrand, merge: mergeBrand },
  'competitor-brands': {
    list: adminCompetitorBrands,
    create: createCompetitorBrand,
    update: updateCompetitorBrand,
    merge: mergeCompetitorBrand,
  },
} satisfies Record<BrandKind, object>;

export function usePeople(q: string, status: PeopleStatus) {
  return useQuery({
    queryKey: adminKeys.people(q, status),
    queryFn: ({ signal }) => call(adminPeople, { query: { q, status }, signal }),
    // While the next search is on its way the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
}

/** `askAgain`: fetch anew even when the list is fresh (a merge dialog states the visits that move as they are now). */
export function useBrands(kind: BrandKind, { askAgain = false } = {}) {
  return useQuery({
    queryKey: adminKeys.brands(kind),
    queryFn: ({ signal }) => call(brandEndpoints[kind].list, { signal }),
    ...(askAgain ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** The query of one page: the newest, or those before the last one shown. */
const pageQuery = (before: number) => ({ limit: LOG_PAGE_SIZE, ...(before ? { before } : {}) });

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.log,
    queryFn: ({ pageParam, signal }) => call(auditLog, { query: pageQuery(pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** What was mailed to whom (decision 069), newest first, page by page. */
export function useMailLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.mails,
    queryFn: ({ pageParam, signal }) => call(mailLog, { query: pageQuery(pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Adds a person (`userId` absent) or changes one; `active` false deactivates, true reactivates. */
/**
 * Changes are not kept for later: without a connection they fail at once with the Dutch 'Geen verbinding'
 * instead of waiting unseen (TanStack Query would pause them until the device is online).
 */
export const noQueue = { networkMode: 'always' } as const;

export function useSavePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    ...noQueue,
    mutationFn: ({ userId, body }: { userId?: number; body: AdminPersonCreate | AdminPersonUpdate }) =>
      userId === undefined ? call(createPerson, { body: body as AdminPersonCreate }) : call(updatePerson, { params: { userId }, body }),
    onSuccess: async (_saved, { userId }) => {
      refreshPeopleLists(queryClient);
      // The administrator changed her own name or roles: the header and greeting follow.
      const me = queryClient.getQueryData<Me | null>(meQueryKey);
      if (userId !== undefined && me?.user.id === userId) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export type BrandChange =
  | { kind: 'create'; name: string }
  | { kind: 'update'; id: number; name?: string; active?: boolean }
  | { kind: 'merge'; id: number; intoId: number };

/** Adds, renames, deactivates, reactivates or merges a brand of `brandKind`. */
export function useChangeBrand(brandKind: BrandKind) {
  const queryClient = useQueryClient();
  return useMutation({
    ...noQueue,
    mutationFn: (change: BrandChange) => {
      const endpoints = brandEndpoints[brandKind];
      if (change.kind === 'create') return call(endpoints.create, { body: { name: change.name } });
      if (change.kind === 'merge') return call(endpoints.merge, { params: { id: change.id }, body: { intoId: change.intoId } });
      const { id, name, active } = change;
      return call(endpoints.update, { params: { id }, body: { name, active } });
    },
    onSuccess: async () => {
      refreshBrandList(queryClient, brandKind);
      // A merge moved visits: their detail pages name the other brand now.
      void queryClient.invalidateQueries({ queryKey: ['prospections'] });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** The seasons as the server has them now: the administration does not rely on the list kept for other screens. */
export function useSeasons() {
  return useQuery({ ...seasonsQuery, staleTime: 0 });
}

/** After a season's change: every screen's list of seasons, and the log, asked again. */
function useSeasonsRefreshed() {
  const queryClient = useQueryClient();
  return () => Promise.all([refreshSeasons(queryClient), queryClient.invalidateQueries({ queryKey: adminKeys.log })]);
}

/** Adds a season (`id` absent) or changes one. */
export function useSaveSeason() {
  const refreshed = useSeasonsRefreshed();
  return useMutation({
    ...noQueue,
    mutationFn: ({ id, body }: { id?: number; body: SeasonInput }) =>
      id === undefined ? call(createSeason, { body }) : call(updateSeason, { params: { id }, body }),
    onSuccess: refreshed,
  });
}

export function useDeleteSeason() {
  const refreshed = useSeasonsRefreshed();
  return useMutation({ ...noQueue, mutationFn: (id: number) => call(deleteSeason, { params: { id } }), onSuccess: refreshed });
}
