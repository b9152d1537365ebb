// Every visit of a shop, newest first, each linking to its detail.
import { Link } from 'react-router';
import { waitsForConnection } from '../../api/queryRules';
import { useShopProspections } from '../../api/shops';
import { useNumericParam } from '../../lib/NumericParams';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { ProspectionList } from '../../components/ProspectionList';
import { nlShop } from '../../i18n/nlShop';

export function ProspectionsPage() {
  const shopId = useNumericParam('shopId');
  const prospections = useShopProspections(shopId);
  return (
    <section>
      <h1 className="h3">{nlShop.prospections.overviewTitle}</h1>
      {waitsForConnection(prospections) ? (
        <NotOnDevice what={nlShop.notOnDevice.visits} />
      ) : prospections.isPending ? (
        <Loading text={nlShop.prospections.loading} />
      ) : (
        <>
          {/* A failed refresh keeps the list shown before (offline cache, weak connection), under the notice. */}
          {prospections.isError && <LoadError error={prospections.error} onRetry={() => prospections.refetch()} />}
          {prospections.data && <ProspectionList shopId={shopId} prospections={prospections.data} />}
        </>
      )}
      <Link to={`/shop/${shopId}`} className="btn btn-outline-primary action-button action-block">
        {nlShop.prospections.backToShop}
      </Link>
    </section>
  );
}
