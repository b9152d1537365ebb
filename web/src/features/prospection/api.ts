// Reads for the visit detail: the visit, its brands, competitors, interests and to-dos, and the type names.
import { useQuery } from '@tanstack/react-query';
import type { NamedItem, Prospection, ProspectionBrand, ProspectionBrandInterest, Todo } from '@prospectie/contract';
import { api } from '../../api/client';
import { retryOnMountUnlessNotFound } from '../../api/queryRules';

export interface CompetitorBrand {
  competitorBrandId: number;
  competitorBrandName: string;
}

const referenceList = (path: string) => ({
  queryKey: ['reference', path],
  queryFn: () => api<NamedItem[]>(path),
  staleTime: Infinity,
});

export function useProspection(id: number) {
  const queryKey = ['prospections', id];
  return useQuery({ queryKey, queryFn: () => api<Prospection>(`/prospections/${id}`), retryOnMount: retryOnMountUnlessNotFound });
}

function usePart<T>(id: number, part: string) {
  return useQuery({ queryKey: ['prospections', id, part], queryFn: () => api<T[]>(`/prospections/${id}/${part}`) });
}

/** Everything the detail page shows besides the visit itself. */
export function useProspectionParts(id: number) {
  return {
    brands: usePart<Required<ProspectionBrand>>(id, 'brands'),
    competitorBrands: usePart<CompetitorBrand>(id, 'competitorbrands'),
    interests: usePart<Required<ProspectionBrandInterest>>(id, 'brandinterests'),
    todos: usePart<Todo>(id, 'todos'),
    contactTypes: useQuery(referenceList('/contacttypes')),
    visitTypes: useQuery(referenceList('/visittypes')),
  };
}
