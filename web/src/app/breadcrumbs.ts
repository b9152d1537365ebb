// The breadcrumb trail of spec §2: Index, Home, then one crumb per path segment.
import { nl } from '../i18n/nl';
import { routeId } from '../lib/routeId';

export interface Crumb {
  label: string;
  /** Where the crumb links to; absent for the active crumb and for 'Winkel'. */
  to?: string;
  active: boolean;
}

const segmentLabels: Record<string, string> = {
  shop: nl.breadcrumbs.shop,
  prospections: nl.breadcrumbs.prospections,
  new: nl.breadcrumbs.new,
  agenda: nl.breadcrumbs.agenda,
  home: nl.breadcrumbs.home,
  prospectionreport: nl.breadcrumbs.prospectionreport,
  taken: nl.breadcrumbs.taken,
};

export function breadcrumbs(pathname: string, shopName?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  // '/home' is Home itself: no second Home crumb.
  const rest = segments[0] === 'home' ? segments.slice(1) : segments;
  const crumbs: Crumb[] = [
    { label: nl.breadcrumbs.index, to: '/', active: false },
    { label: nl.breadcrumbs.home, to: '/home', active: false },
  ];
  rest.forEach((segment, i) => {
    const to = '/' + rest.slice(0, i + 1).join('/');
    let label = segmentLabels[segment] ?? decodeURIComponent(segment);
    const isId = routeId(segment) !== undefined;
    if (isId && rest[i - 1] === 'shop') label = shopName ?? '…';
    else if (isId && rest[i - 1] === 'prospections') label = nl.breadcrumbs.detail;
    crumbs.push({ label, to: segment === 'shop' ? undefined : to, active: false });
  });
  const last = crumbs[crumbs.length - 1];
  last.active = true;
  last.to = undefined;
  return crumbs;
}
