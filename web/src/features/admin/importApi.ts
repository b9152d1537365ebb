// What the import pages send and read (/api/admin/imports, decision 030): the file goes as the raw body with its upload's
// progress; after an applied run the lists it changed are asked again (the shops, the countries, the log).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as address from '@prospectie/contract/endpoints/addresses';
import { appointmentKeys } from '../../api/appointments';
import { call } from '../../api/call';
import { upload } from '../../api/upload';
import { referenceQuery, refreshPlaceLists } from '../../api/reference';
import { shopKeys } from '../../api/shops';
import { adminKeys, noQueue } from './api';

/** The server takes the file as it is; it reads CSV or XLSX from the content. */
const FILE_TYPE = 'application/octet-stream';

type Progress = (fraction: number) => void;

/** The name the server reports the file by: its own, cut to what the server takes. */
const fileName = (file: File) => file.name.slice(0, 200);

/** The file's columns and the mapping to start from. */
export const readColumns = (file: File, onProgress: Progress) =>
  upload(address.importColumns, file, { contentType: FILE_TYPE, onProgress, query: { fileName: fileName(file) } });

/** A dry run (what would change) or the applied run of a shop file. */
export const importShops = (file: File, { dryRun, mapping }: { dryRun: boolean; mapping: string }, onProgress: Progress) =>
  upload(address.importShops, file, {
    contentType: FILE_TYPE,
    onProgress,
    query: { dryRun: dryRun ? 'true' : 'false', mapping, fileName: fileName(file) },
  });

/** A dry run or the applied run of a country's cities and postal codes; the country is made when new. */
export const importCities = (file: File, { dryRun, country }: { dryRun: boolean; country: string }, onProgress: Progress) =>
  upload(address.importCities, file, {
    contentType: FILE_TYPE,
    onProgress,
    query: { country, dryRun: dryRun ? 'true' : 'false', fileName: fileName(file) },
  });

/** After an applied run: what it may have changed. */
export function refreshAfterImport(queryClient: QueryClient, kind: 'shops' | 'cities') {
  if (kind === 'shops') void queryClient.invalidateQueries({ queryKey: shopKeys.all });
  else refreshPlaceLists(queryClient);
  void queryClient.invalidateQueries({ queryKey: adminKeys.log });
}

/** The countries (the reference list the new-shop wizard keeps too). */
export function useCountries() {
  // Not kept for long here: an import of places just made may have added one.
  return useQuery({ ...referenceQuery(address.countries), staleTime: 0 });
}

/** The imported shops a field shop may be a duplicate of (none for an imported shop). */
export function useMergeCandidates(shopId: number) {
  return useQuery({
    queryKey: [...adminKeys.all, 'merge-candidates', shopId],
    queryFn: ({ signal }) => call(address.shopMergeCandidates, { params: { id: shopId }, signal }),
  });
}

/** Merges a shop a rep made in the field (`id`) into the imported one (`intoId`): its visits and appointments move. */
export function useMergeShop() {
  const queryClient = useQueryClient();
  return useMutation({
    ...noQueue,
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) => call(address.mergeShop, { params: { id }, body: { intoId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['prospections'] });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.log });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'merge-candidates'] });
    },
  });
}
