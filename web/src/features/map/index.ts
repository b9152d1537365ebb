// What the map's feature gives the other screens (decision 071; STYLE.md: a feature's public index), each as code loaded
// when it is needed, so nothing of a map reaches Home's first download or the screens that do not show it.
/**
 * The map page, /kaart: the router reaches it through this index, which Home loads anyway, so the page's many files are
 * named here and not in the first download.
 */
export const mapPageCode = () => import('./MapPage');
/** Home's In de buurt, loaded after Home's first render. */
export const nearbyShopsCode = () => import('./NearbyShops');
/** Vandaag's 'Volgorde van de route' (Home, under planning's Vandaag): nothing when the day has fewer than two visits. */
export const todayRouteCode = () => import('./TodayRoute');
/** 'Ik sta in deze winkel' on the visit wizard. */
export const hereInShopCode = () => import('./HereInShop');
/** Beheer's map to pin a shop, with Leaflet (features/admin). */
export const pinMapCode = () => import('./PinMap');
