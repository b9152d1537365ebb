// On the page of a shop a rep made in the field, for a beheerder: the imported shop it may be a duplicate of, and the
// merge, until it is done (a merge offered by an import stays on offer after the import's screen is left).
import { Alert } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useMergeCandidates } from './importApi';
import { RowButton } from './parts';
import { useShopMergeOffer } from './ShopMergeOffer';

const t = nlAdmin.imports;

export function FieldShopMerge({ shopName }: { shopName: string }) {
  const shopId = Number(useParams().shopId);
  const candidates = useMergeCandidates(shopId);
  const navigate = useNavigate();
  // Merged: the field shop is gone; its visits are on the imported shop's page now.
  const { offer, dialog } = useShopMergeOffer((pair) => navigate(`/shop/${pair.intoId}`, { replace: true }));
  if (!candidates.data?.length) return null;
  return (
    <Alert variant="warning" className="mb-3">
      <p className="fw-semibold mb-1">{t.duplicateBadge}</p>
      {candidates.data.map((into) => (
        <div key={into.shopId} className="d-flex flex-wrap align-items-center column-gap-3 row-gap-2">
          <span className="flex-grow-1">{t.fieldShopDuplicate(into.name, into.externalNumber)}</span>
          <RowButton
            label={t.merge}
            name={t.mergeLabel(shopName, into.name)}
            variant="primary"
            onClick={() =>
              offer({ fromId: shopId, fromName: shopName, intoId: into.shopId, intoName: into.name, intoNumber: into.externalNumber })
            }
          />
        </div>
      ))}
      {dialog}
    </Alert>
  );
}
