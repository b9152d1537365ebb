import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nlOverview as t } from '../../i18n/nlOverview';

/** A figure's query: its content, or what stands in for it (loading, offline, an error with a retry). */
export function Figure<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (waitsForConnection(query)) return <NotOnDevice what={t.notOnDevice} />;
  if (query.isPending) return <Loading text={t.loading} />;
  const failed = query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <>
      {failed}
      {query.data !== undefined && children(query.data)}
    </>
  );
}
