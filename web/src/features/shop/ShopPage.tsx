// Shop detail (spec §2): name, card, a new visit, the 3 most recent visits and the way to all of them; the sell-out
// per FC70 brand across its visits (decision 033).
import { Suspense } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { isNotFound, waitsForConnection } from '../../api/queryRules';
import { useShop, useShopProspections } from '../../api/shops';
import { useNumericParam } from '../../lib/NumericParams';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotFound } from '../../components/NotFound';
import { NotOnDevice } from '../../components/NotOnDevice';
import { NotOnDevicePage } from '../../components/NotOnDevicePage';
import { ProspectionList } from '../../components/ProspectionList';
import { nl } from '../../i18n/nl';
import { nlShop } from '../../i18n/nlShop';
import { orNotAvailable } from '../../lib/format';
import { WaitingVisits } from '../../offline/WaitingVisits';
import { useShopContact } from './api';
import { addressLine, shopTitle } from './shopCard';
import { SelloutChart } from './SelloutChart';
import { ShopPipeline } from '../pipeline';
import { ShopPlan } from '../planning';
import { lazyExtra } from '../../lib/lazyNow';

const RECENT_COUNT = 3;

// the timeline of pictures below the fold, in a chunk of its own.
const ShopPhotos = lazyExtra(() => import('./ShopPhotos').then((m) => m.ShopPhotos));

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="col-12 col-sm-6">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-2 text-break">{value}</dd>
    </div>
  );
}

function RecentProspections({ shopId }: { shopId: number }) {
  const recent = useShopProspections(shopId, RECENT_COUNT);
  if (waitsForConnection(recent)) return <NotOnDevice what={nlShop.notOnDevice.visits} />;
  if (recent.isPending) return <Loading text={nlShop.prospections.loading} />;
  // A failed refresh keeps what was shown before (offline cache, weak connection), under the notice.
  const failed = recent.isError && <LoadError error={recent.error} onRetry={() => recent.refetch()} />;
  if (!recent.data) return failed;
  return (
    <>
      {failed}
      <ProspectionList shopId={shopId} prospections={recent.data} />
    </>
  );
}

/** `beheer`: what the administration adds for a beheerder (app/router.tsx composes it), given the shop's name. */
export function ShopPage({ beheer }: { beheer?: (shopName: string) => React.ReactNode }) {
  const shopId = useNumericParam('shopId');
  const shop = useShop(shopId);
  const contact = useShopContact(shopId);

  if (waitsForConnection(shop)) return <NotOnDevicePage what={nlShop.notOnDevice.shop} />;
  if (shop.isPending) return <Loading text={nlShop.shop.loading} />;
  if (isNotFound(shop.error)) return <NotFound title={nl.shop.notFound} text={nlShop.shop.notFoundText} />;
  const failed = shop.isError && <LoadError error={shop.error} onRetry={() => shop.refetch()} />;
  if (!shop.data) return failed;
  const data = shop.data;
  const person = contact.data;

  return (
    <section>
      {failed}
      <h1 className="h3 text-break">{shopTitle(data)}</h1>
      {beheer?.(data.name)}
      <Card className="mb-3">
        <Card.Body>
          <dl className="row mb-0">
            <Field label={nlShop.shop.customer} value={orNotAvailable(data.customer)} />
            <Field label={nlShop.shop.owner} value={orNotAvailable(data.owner)} />
            <Field label={nlShop.shop.address} value={addressLine(data.address)} />
            <Field label={nlShop.shop.contact} value={orNotAvailable(person?.name)} />
            <Field label={nlShop.shop.email} value={orNotAvailable(person?.email)} />
            <Field label={nlShop.shop.phone} value={orNotAvailable(person?.phoneNumber)} />
          </dl>
          {contact.isError && <LoadError error={contact.error} onRetry={() => contact.refetch()} />}
        </Card.Body>
      </Card>
      <Link to={`/shop/${shopId}/prospections/new`} className="btn btn-primary btn-lg mb-4 action-button action-block">
        {nlShop.shop.newProspection}
      </Link>
      <ShopPlan shop={{ id: shopId, name: data.name }} />
      <ShopPipeline shopId={shopId} />
      <h2 className="h5">{nlShop.shop.recentProspections}</h2>
      <WaitingVisits shopId={shopId} />
      <RecentProspections shopId={shopId} />
      <Link to={`/shop/${shopId}/prospections`} className="btn btn-outline-primary action-button action-block">
        {nlShop.shop.allProspections}
      </Link>
      <SelloutChart shopId={shopId} />
      <Suspense fallback={<Loading />}>
        <ShopPhotos shopId={shopId} />
      </Suspense>
    </section>
  );
}
