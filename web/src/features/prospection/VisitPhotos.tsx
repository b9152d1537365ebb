// The visit's pictures on its page: thumbnails that open full size (decision 035). Loaded after the page, in a chunk of its own.
import { useVisitPhotos } from '../../api/photos';
import { waitsForConnection } from '../../api/queryRules';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { PhotoThumb, PhotoViewer, useViewer } from '../../components/PhotoViewer';
import { nlPhotos } from '../../i18n/nlPhotos';

function PhotoGrid({ prospectionId }: { prospectionId: number }) {
  const photos = useVisitPhotos(prospectionId);
  const viewer = useViewer(photos.data?.length ?? 0);
  if (waitsForConnection(photos)) return <p className="text-body-secondary mb-0">{nlPhotos.visitOffline}</p>;
  if (photos.isPending) return <Loading text={nlPhotos.loading} />;
  if (!photos.data) return <LoadError error={photos.error} onRetry={() => photos.refetch()} />;
  if (photos.data.length === 0) return <p className="text-body-secondary mb-0">{nlPhotos.noVisitPhotos}</p>;
  return (
    <>
      {/* On paper the count, not the thumbnails: loaded lazily, they would print as empty boxes. */}
      <p className="d-none d-print-block mb-0">{nlPhotos.printed(photos.data.length)}</p>
      <ul className="photo-grid d-print-none">
        {photos.data.map((photo, i) => (
          <li key={photo.id}>
            <PhotoThumb photo={photo} n={i + 1} onOpen={() => viewer.open(i)} />
          </li>
        ))}
      </ul>
      <PhotoViewer photos={photos.data} viewer={viewer} />
    </>
  );
}

/** On paper the section says how many pictures the visit has and where to see them. */
export function VisitPhotos({ prospectionId }: { prospectionId: number }) {
  return (
    <section className="mb-4" aria-labelledby="visit-photos-title">
      <h2 id="visit-photos-title" className="h5 border-bottom pb-1">
        {nlPhotos.title}
      </h2>
      <PhotoGrid prospectionId={prospectionId} />
    </section>
  );
}
