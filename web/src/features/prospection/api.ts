// Reads for the visit detail: the visit, its brands, competitors, interests and to-dos, and the type names.
import { useQuery } from '@tanstack/react-query';
import {
  brandInterestsOfProspection,
  brandsOfProspection,
  competitorBrandsOfProspection,
  contactTypes,
  prospectionById,
  todosOfProspection,
  visitTypes,
} from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { retryOnMountUnlessNotFound } from '../../api/queryRules';
import { referenceQuery } from '../../api/reference';

export function useProspection(id: number) {
  const queryKey = ['prospections', id];
  return useQuery({ queryKey, queryFn: () => call(prospectionById, { params: { id } }), retryOnMount: retryOnMountUnlessNotFound });
}

/** A visit's part, read on its own (its key names the part as its path does). */
const partKey = (id: number, part: string) => ['prospections', id, part];

/** Everything the detail page shows besides the visit itself. */
export function useProspectionParts(id: number) {
  return {
    brands: useQuery({ queryKey: partKey(id, 'brands'), queryFn: () => call(brandsOfProspection, { params: { id } }) }),
    competitorBrands: useQuery({
      queryKey: partKey(id, 'competitorbrands'),
      queryFn: () => call(competitorBrandsOfProspection, { params: { id } }),
    }),
    interests: useQuery({ queryKey: partKey(id, 'brandinterests'), queryFn: () => call(brandInterestsOfProspection, { params: { id } }) }),
    todos: useQuery({ queryKey: partKey(id, 'todos'), queryFn: () => call(todosOfProspection, { params: { id } }) }),
    contactTypes: useQuery(referenceQuery(contactTypes)),
    visitTypes: useQuery(referenceQuery(visitTypes)),
  };
}
