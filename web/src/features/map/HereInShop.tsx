// 'Ik sta in deze winkel' when a rep starts a visit of a shop the device knows no place of (decision 071): her phone's
// position, precise enough, becomes the shop's place on the server, which keeps a place the shop already has.
import { useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { HERE_ACCURACY_METRES } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { nlMap } from '../../i18n/nlMap';
import { useSaveHere, useShopPlaces } from './api';
import { useDeviceLocation } from './deviceLocation';
import { LocationNotice } from './LocationNotice';

type Outcome = { kind: 'saved' | 'already' | 'offline' } | { kind: 'inaccurate'; accuracy: number } | { kind: 'failed'; message: string };

/** Nothing while the device does not know whether the shop has a place, or knows it has one. */
export function HereInShop({ shopId }: { shopId: number }) {
  const t = nlMap.here;
  const places = useShopPlaces();
  const location = useDeviceLocation({ precise: true });
  const save = useSaveHere();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The answer stays on screen once the place is known (the places list learns it).
  const placed = places.data?.some(([id]) => id === shopId);
  if (!places.data || (placed && !outcome)) return null;

  const confirm = async () => {
    setOutcome(null);
    // Asked at the tap: offline, her position would go nowhere.
    if (!onlineManager.isOnline()) return setOutcome({ kind: 'offline' });
    const found = await location.ask();
    if (!found) return;
    if (found.accuracy > HERE_ACCURACY_METRES) return setOutcome({ kind: 'inaccurate', accuracy: found.accuracy });
    setSaving(true);
    try {
      const result = await save(shopId, found);
      setOutcome({ kind: result.placed ? 'saved' : 'already' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: apiErrorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const done = outcome?.kind === 'saved' || outcome?.kind === 'already';
  return (
    <section className="card card-body mb-3" aria-labelledby="here-title">
      <h2 id="here-title" className="h6">
        {t.title}
      </h2>
      {!done && (
        <>
          <p className="mb-1">{t.explanation}</p>
          <p className="small text-body-secondary">{t.why}</p>
        </>
      )}
      <LocationNotice location={location} />
      <div aria-live="polite">
        {outcome?.kind === 'saved' && <p className="alert alert-success py-2 mb-0">{t.saved}</p>}
        {outcome?.kind === 'already' && <p className="alert alert-info py-2 mb-0">{t.already}</p>}
        {outcome?.kind === 'offline' && <p className="alert alert-warning py-2 mb-2">{t.offline}</p>}
        {outcome?.kind === 'inaccurate' && (
          <p className="alert alert-warning py-2 mb-2">{t.inaccurate(outcome.accuracy, HERE_ACCURACY_METRES)}</p>
        )}
        {outcome?.kind === 'failed' && <p className="alert alert-danger py-2 mb-2">{outcome.message}</p>}
      </div>
      {!done && (
        <button
          type="button"
          className="btn btn-outline-primary action-button align-self-start"
          disabled={saving || location.state === 'asking'}
          onClick={() => void confirm()}
        >
          {saving ? t.saving : t.button}
        </button>
      )}
    </section>
  );
}
