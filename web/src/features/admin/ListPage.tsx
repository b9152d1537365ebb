// The frame of an administration page that lists entries (Medewerkers, Seizoenen, E-mails; Merken, under its tabs, takes
// the list): the heading with the button that adds one, the list as it loads, a table on a wide screen, cards on a phone,
// and the end of a list read page by page.
import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { NotOnDevice } from '../../components/NotOnDevice';
import { useNarrowWindow } from '../../hooks/useNarrowWindow';
import { nlAdmin } from '../../i18n/nlAdmin';
import { AdminLoadError } from './NoAccess';

/** The page, named by its heading (`titleId`), with the button that adds an entry beside it (a log has none). */
export function ListPage({
  titleId,
  title,
  addLabel,
  onAdd,
  children,
}: {
  titleId: string;
  title: string;
  addLabel?: string;
  onAdd?: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="h3 mb-0" id={titleId}>
          {title}
        </h1>
        {onAdd && (
          <Button className="action-button" onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * The entries once loaded, under a line that says how many (`status`, read out when it changes); until then what
 * every page says offline, while loading or when refused. A list read page by page keeps what it shows when a next
 * page fails (LoadMore offers that retry).
 */
export function LoadedList({
  query,
  count,
  loadingText,
  status,
  cards,
  table,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetchNextPageError?: boolean;
    error: unknown;
    fetchStatus: string;
    refetch: () => unknown;
  };
  count: number;
  loadingText: string;
  status: string;
  cards: ReactNode;
  table: ReactNode;
}) {
  const narrow = useNarrowWindow();
  if (waitsForConnection(query)) return <NotOnDevice what={nlAdmin.offline} />;
  if (query.isPending) return <Loading text={loadingText} />;
  if (query.isError && !query.isFetchNextPageError) return <AdminLoadError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <>
      <p role="status" className="small text-body-secondary mb-2">
        {status}
      </p>
      {count > 0 && (narrow ? cards : table)}
    </>
  );
}

/** Under a list read page by page: 'Meer laden' while there is more, a retry when the next page failed, else `allText`. */
export function LoadMore({
  query,
  count,
  allText,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
  count: number;
  allText: string;
}) {
  return (
    <>
      {query.isFetchNextPageError && <AdminLoadError error={query.error} onRetry={() => query.fetchNextPage()} />}
      {query.hasNextPage ? (
        <Button
          variant="outline-primary"
          className="action-button"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {query.isFetchingNextPage ? nlAdmin.loadingMore : nlAdmin.more}
        </Button>
      ) : (
        count > 0 && <p className="small text-body-secondary">{allText}</p>
      )}
    </>
  );
}
