// What the import pages send and read (/api/admin/imports, issue 22): the file goes as the raw body with its upload's
// progress; after an applied run the lists it changed are asked again (the shops, the countries, the log).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImportColumns, ImportReport, NamedItem, ShopMergeCandidate, ShopMergeResult } from '@prospectie/contract';
import { appointmentKeys } from '../../api/appointments';
import { api } from '../../api/client';
import { referenceKey, referencePaths, refreshPlaceLists } from '../../api/reference';
import { shopKeys } from '../../api/shops';
import { uploadFile } from '../../api/upload';
import { adminKeys, noQueue } from './api';

/** The server takes the file as it is; it reads CSV or XLSX from the content. */
const FILE_TYPE = 'application/octet-stream';

type Progress = (fraction: number) => void;

const send = <T>(path: string, file: File, query: Record<string, string>, onProgress: Progress) =>
  uploadFile<T>(`${path}?${new URLSearchParams({ ...query, fileName: file.name.slice(0, 200) })}`, file, {
    contentType: FILE_TYPE,
    onProgress,
  });

/** The file's columns and the mapping to start from. */
export const readColumns = (file: File, onProgress: Progress) => send<ImportColumns>('/admin/imports/columns', file, {}, onProgress);

/** A dry run (what would change) or the applied run of a shop file. */
export const importShops = (file: File, { dryRun, mapping }: { dryRun: boolean; mapping: string }, onProgress: Progress) =>
  send<ImportReport>('/admin/imports/shops', file, { dryRun: String(dryRun), mapping }, onProgress);

/** A dry run or the applied run of a country's cities and postal codes; the country is made when new. */
export const importCities = (file: File, { dryRun, country }: { dryRun: boolean; country: string }, onProgress: Progress) =>
  send<ImportReport>('/admin/imports/cities', file, { country, dryRun: String(dryRun) }, onProgress);

/** After an applied run: what it may have changed. */
export function refreshAfterImport(queryClient: QueryClient, kind: 'shops' | 'cities') {
  if (kind === 'shops') void queryClient.invalidateQueries({ queryKey: shopKeys.all });
  else refreshPlaceLists(queryClient);
  void queryClient.invalidateQueries({ queryKey: adminKeys.log });
}

/** The countries (the reference list the new-shop wizard keeps too). */
export function useCountries() {
  return useQuery({
    queryKey: referenceKey(referencePaths.countries),
    queryFn: ({ signal }) => api<NamedItem[]>(referencePaths.countries, { signal }),
  });
}

/** The imported shops a field shop may be a duplicate of (none for an imported shop). */
export function useMergeCandidates(shopId: number) {
  return useQuery({
    queryKey: [...adminKeys.all, 'merge-candidates', shopId],
    queryFn: ({ signal }) => api<ShopMergeCandidate[]>(`/admin/shops/${shopId}/merge-candidates`, { signal }),
  });
}

/** Merges a shop a rep made in the field (`id`) into the imported one (`intoId`): its visits and appointments move. */
export function useMergeShop() {
  const queryClient = useQueryClient();
  return useMutation({
    ...noQueue,
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) =>
      api<ShopMergeResult>(`/admin/shops/${id}/merge`, { method: 'POST', body: { intoId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['prospections'] });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.log });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'merge-candidates'] });
    },
  });
}
