// What became of asking for the phone's position, said the same way wherever it is asked: a polite line while
// asking, a clear reason when there is none.
import { nlMap } from '../../i18n/nlMap';
import type { LocationState } from './deviceLocation';

export function LocationNotice({ location }: { location: LocationState }) {
  if (location.state === 'asking') {
    return (
      <p className="small text-body-secondary mb-2" role="status">
        {nlMap.location.asking}
      </p>
    );
  }
  if (location.state === 'failed') {
    return (
      <p className="alert alert-warning py-2 mb-2" role="alert">
        {nlMap.location.failed[location.failure]}
      </p>
    );
  }
  return null;
}
