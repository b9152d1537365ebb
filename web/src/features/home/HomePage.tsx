// Home (spec §2): the greeting, the shop search, the way to a new shop and, while there is none, to the sample report.
import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { waitsForConnection } from '../../api/queryRules';
import { useOwnReport } from '../../api/reports';
import { useMe } from '../../api/session';
import { seesTheTeam } from '@prospectie/contract/roles';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { useHomeSnapshot } from '../../offline/homeSnapshot';
import { OpenTodosNotice } from '../../components/OpenTodosNotice';
import { nl } from '../../i18n/nl';
import { lazyExtra, loadable } from '../../lib/lazyNow';
import { followUpsCode } from '../pipeline';
import { planningListsCode } from '../planning';
import { useShopList } from './api';

// The combobox and the virtual list load next to the first download, not in it, when Home starts (app/router.tsx:
// the first render waits a moment for them), not on every screen (docs/decisions/022-web-first-load.md,
// 012-home-shop-combobox.md). Vandaag and Te bezoeken (decision 028) have code of their own, which Home's first render
// does not wait for: what the page showed there stands in for them meanwhile (Written, decision 073).
const shopSelectCode = loadable(() => import('./ShopSelect'));
// Offline before the service worker kept its code: the placeholder stays until the connection is back.
const ShopSelect = shopSelectCode.component('ShopSelect', ShopSelectPlaceholder);
const planningCode = loadable(planningListsCode);
const TodayPlan = planningCode.component('TodayPlan');
const DueShops = planningCode.component('DueShops');
/** Home's code beside the first download: what Home's route starts before its first render. */
export const homeChunks = () => shopSelectCode.start();
// Opvolgen (decision 066) comes after the first render, as its own read does: it is shown only when there is
// something to follow up, under Vandaag.
const FollowUps = lazyExtra(() => followUpsCode().then((m) => m.FollowUps));
// In de buurt and Vandaag's order of the route (decision 071) likewise, the map's index with them: nothing of the map is
// in Home's first download.
const NearbyShops = lazyExtra(() => import('../map').then((map) => map.nearbyShopsCode().then((m) => m.NearbyShops)));
const TodayRoute = lazyExtra(() => import('../map').then((map) => map.todayRouteCode().then((m) => m.TodayRoute)));

/** A card that offers one next step: a heading saying why, and a link to go there. */
function NextStep({ id, title, to, action }: { id: string; title: string; to: string; action: string }) {
  return (
    <section className="card card-body mb-3" aria-labelledby={id}>
      <h2 id={id} className="h5">
        {title}
      </h2>
      <Link to={to} className="btn btn-outline-primary action-button align-self-start">
        {action}
      </Link>
    </section>
  );
}

/**
 * Stands in for a part of Home while its code loads: what the page the server wrote (or yesterday's Home) showed there,
 * same place, same size, not yet usable (decision 073), so nothing under it moves up and back.
 */
function Written({ part }: { part: string }) {
  const html = document.querySelector(`[data-first="${part}"]`)?.outerHTML;
  return html ? <div inert dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/** Stands in for the select while its code loads: same place, same size, not yet usable. */
function ShopSelectPlaceholder() {
  return <input id="shop-select" className="form-control shop-select-placeholder" placeholder={nl.select.placeholder} disabled />;
}

export function HomePage() {
  const me = useMe();
  const employee = me.data?.employee;
  const shops = useShopList();
  const report = useOwnReport(employee?.id);
  const navigate = useNavigate();
  useHomeSnapshot(!!employee);

  if (!employee) {
    return (
      <section>
        <p className="alert alert-warning" role="alert">
          {nl.auth.userNotFound}
        </p>
      </section>
    );
  }
  return (
    <section className="home">
      {/* Her own settings beside her name: the header has no room left on a phone. */}
      <div className="d-flex flex-wrap align-items-center justify-content-between column-gap-3 mb-3">
        <h1 className="h3 mb-0">{nl.home.greeting(employee.firstName || me.data!.user.login)}</h1>
        <Link to="/instellingen" className="action-button">
          {nl.nav.settings}
        </Link>
      </div>
      <OpenTodosNotice />
      <div className="mb-4">
        <label id="shop-select-label" htmlFor="shop-select" className="form-label fw-semibold">
          {nl.home.shopSelectLabel}
        </label>
        {/* A failed refresh keeps the shops from before (offline cache) searchable, under the notice. */}
        {shops.isError && <LoadError error={shops.error} onRetry={() => shops.refetch()} />}
        {/* Offline before the list was ever loaded: say so instead of 'Laden...' for good. */}
        {waitsForConnection(shops) && <NotOnDevice what={nl.offline.notOnDevice.shops} />}
        {(shops.isError && !shops.data) || waitsForConnection(shops) ? null : (
          <Suspense fallback={<ShopSelectPlaceholder />}>
            <ShopSelect
              inputId="shop-select"
              labelId="shop-select-label"
              shops={shops.data ?? []}
              isLoading={shops.isPending}
              onChoose={(shop) => navigate(`/shop/${shop.id}`)}
            />
          </Suspense>
        )}
      </div>
      <Suspense fallback={<Written part="today" />}>
        <TodayPlan
          after={(appointments) => (
            <Suspense fallback={null}>
              <TodayRoute appointments={appointments} />
            </Suspense>
          )}
        />
      </Suspense>
      <Suspense fallback={<Written part="follow-ups" />}>
        <FollowUps pending={<Written part="follow-ups" />} />
      </Suspense>
      <Suspense fallback={<Written part="nearby" />}>
        <NearbyShops />
      </Suspense>
      <NextStep id="shop-not-found" title={nl.home.shopNotFound} to="/shop/new" action={nl.home.newShop} />
      {report.isSuccess && report.data === null && (
        <NextStep id="no-report" title={nl.home.noReportYet} to="/prospectionreport/new" action={nl.home.newReport} />
      )}
      <Suspense fallback={<Written part="due" />}>
        <DueShops />
      </Suspense>
      {seesTheTeam(me.data?.roles) ? (
        <NextStep id="overview" title={nl.home.teamOverview} to="/overzicht" action={nl.home.toTeamOverview} />
      ) : (
        <NextStep id="overview" title={nl.home.ownOverview} to="/overzicht" action={nl.home.toOwnOverview} />
      )}
    </section>
  );
}
