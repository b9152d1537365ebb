// The breadcrumb trail of spec §2: Index, Home, then one crumb per path segment.
import { nl } from '../i18n/nl';
import { decodeSegment, routeId } from '../lib/routeId';

export interface Crumb {
  label: string;
  /** Where the crumb links to; absent for the active crumb and for 'Winkel'. */
  to?: string;
  active: boolean;
  /** The crumb that names a shop (it gives way first on a narrow screen). */
  shopName?: true;
}

const segmentLabels: Record<string, string> = {
  shop: nl.breadcrumbs.shop,
  prospections: nl.breadcrumbs.prospections,
  new: nl.breadcrumbs.new,
  agenda: nl.breadcrumbs.agenda,
  kaart: nl.breadcrumbs.kaart,
  home: nl.breadcrumbs.home,
  prospectionreport: nl.breadcrumbs.prospectionreport,
  taken: nl.breadcrumbs.taken,
  beheer: nl.breadcrumbs.beheer,
  overzicht: nl.breadcrumbs.overzicht,
  medewerkers: nl.breadcrumbs.medewerkers,
  merken: nl.breadcrumbs.merken,
  seizoenen: nl.breadcrumbs.seizoenen,
  importeren: nl.breadcrumbs.importeren,
  landen: nl.breadcrumbs.landen,
  liggingen: nl.breadcrumbs.liggingen,
  logboek: nl.breadcrumbs.logboek,
  'e-mails': nl.breadcrumbs['e-mails'],
  instellingen: nl.nav.settings,
};

/** Segments with no screen of their own: their crumb is a label, not a link to an error page. */
const withoutScreen = new Set(['shop', 'prospectionreport']);

/** What is known of the shop in the address while its name is not: still loading, not there, or not on this device offline. */
export type ShopNameState = 'loading' | 'notFound' | 'offline';

const shopCrumbLabels: Record<ShopNameState, string> = {
  loading: '…',
  notFound: nl.shop.notFound,
  offline: nl.breadcrumbs.notOnDevice,
};

export function breadcrumbs(pathname: string, shopName?: string, shopState: ShopNameState = 'loading'): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  // '/home' is Home itself: no second Home crumb.
  const rest = segments[0] === 'home' ? segments.slice(1) : segments;
  const crumbs: Crumb[] = [
    { label: nl.breadcrumbs.index, to: '/', active: false },
    { label: nl.breadcrumbs.home, to: '/home', active: false },
  ];
  rest.forEach((segment, i) => {
    const to = '/' + rest.slice(0, i + 1).join('/');
    let label = segmentLabels[segment] ?? decodeSegment(segment) ?? segment;
    const isId = routeId(segment) !== undefined;
    const isShopName = isId && rest[i - 1] === 'shop';
    if (isShopName) label = shopName ?? shopCrumbLabels[shopState];
    else if (isId && rest[i - 1] === 'prospections') label = nl.breadcrumbs.detail;
    crumbs.push({ label, to: withoutScreen.has(segment) ? undefined : to, active: false, ...(isShopName ? { shopName: true } : {}) });
  });
  const last = crumbs[crumbs.length - 1];
  last.active = true;
  last.to = undefined;
  return crumbs;
}
