// The shop's Foto's: its pictures across visits, newest visit first, so the window of March sits next to the window
// of September (decision 035). Each visit's pictures under its date and rep, with a link to the visit; more pages on request.
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ShopPhoto } from '@prospectie/contract';
import { useShopPhotos } from '../../api/photos';
import { waitsForConnection } from '../../api/queryRules';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { PhotoThumb, PhotoViewer, photoTag, useViewer } from '../../components/PhotoViewer';
import { nlPhotos } from '../../i18n/nlPhotos';
import { formatDate } from '../../lib/format';

interface VisitGroup {
  visitId: number;
  visitDate: string;
  employeeName: string;
  /** Each picture with its place in the whole timeline, so the dialog moves across visits. */
  photos: { photo: ShopPhoto; index: number }[];
}

/** The timeline's pictures grouped by the visit they were taken in, in the server's order (newest visit first). */
export function byVisit(photos: ShopPhoto[]): VisitGroup[] {
  const groups: VisitGroup[] = [];
  photos.forEach((photo, index) => {
    const last = groups.at(-1);
    if (last?.visitId === photo.visitId) last.photos.push({ photo, index });
    else groups.push({ visitId: photo.visitId, visitDate: photo.visitDate, employeeName: photo.employeeName, photos: [{ photo, index }] });
  });
  return groups;
}

export function ShopPhotos({ shopId }: { shopId: number }) {
  const timeline = useShopPhotos(shopId);
  const photos = timeline.data?.pages.flatMap((p) => p.photos) ?? [];
  const viewer = useViewer(photos.length);
  let body;
  if (waitsForConnection(timeline)) body = <p className="text-body-secondary">{nlPhotos.timelineOffline}</p>;
  else if (timeline.isPending) body = <Loading text={nlPhotos.loading} />;
  else if (!timeline.data) body = <LoadError error={timeline.error} onRetry={() => timeline.refetch()} />;
  else if (photos.length === 0) body = <p className="text-body-secondary">{nlPhotos.timelineEmpty}</p>;
  else
    body = (
      <>
        {byVisit(photos).map((group) => (
          <section key={group.visitId} className="photo-visit" aria-labelledby={`photo-visit-${group.visitId}`}>
            <h3 id={`photo-visit-${group.visitId}`} className="h6 d-flex flex-wrap align-items-center column-gap-3 mb-2">
              <span>{nlPhotos.visitBy(formatDate(group.visitDate), group.employeeName)}</span>
              <Link to={`/shop/${shopId}/prospections/${group.visitId}`} className="fw-normal small photo-visit-link">
                {nlPhotos.toVisit}
              </Link>
            </h3>
            <ul className="photo-grid photo-grid-captioned">
              {group.photos.map(({ photo, index }) => {
                const tag = photoTag(photo);
                return (
                  <li key={photo.id}>
                    <figure className="mb-0">
                      <PhotoThumb photo={photo} n={index + 1} onOpen={() => viewer.open(index)} />
                      {(photo.caption || tag) && (
                        <figcaption className="small mt-1 text-break">
                          {photo.caption}
                          {tag && <span className="badge text-bg-secondary ms-1">{tag}</span>}
                        </figcaption>
                      )}
                    </figure>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
        {timeline.isError && <LoadError error={timeline.error} onRetry={() => timeline.fetchNextPage()} />}
        {timeline.hasNextPage && (
          <Button
            variant="outline-primary"
            className="action-button mt-3"
            disabled={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {timeline.isFetchingNextPage ? nlPhotos.loadingMore : nlPhotos.more}
          </Button>
        )}
        <PhotoViewer photos={photos} viewer={viewer} />
      </>
    );
  return (
    <section className="mt-4" aria-labelledby="shop-photos-title">
      <h2 id="shop-photos-title" className="h5">
        {nlPhotos.title}
      </h2>
      {body}
    </section>
  );
}
