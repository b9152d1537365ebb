// What the map's feature gives the other screens (decision 071; STYLE.md: a feature's public index), each as code loaded
// when it is needed, so nothing of a map reaches Home's first download or the screens that do not show it. The map page
// itself is a route of its own (app/router.tsx).
/** Home's In de buurt, loaded after Home's first render. */
export const nearbyShopsCode = () => import('./NearbyShops');
/** Vandaag's 'Volgorde van de route' (features/planning): nothing when the day has fewer than two visits to order. */
export const todayRouteCode = () => import('./TodayRoute');
/** 'Ik sta in deze winkel' on the visit wizard. */
export const hereInShopCode = () => import('./HereInShop');
