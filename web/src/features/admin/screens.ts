// The administration's screens for the router (app/router.tsx), all in one chunk: a lazy route of its own costs every
// rep's first download its import and preload list (some 60 bytes gzip each), one chunk costs a beheerder ~17 KB gzip
// once, on her first /beheer (decision 029).
export { AdminLayout } from './AdminLayout';
export { AuditLogPage } from './AuditLogPage';
export { BrandsPage } from './BrandsPage';
export { MailLogPage } from './MailLogPage';
export { PeoplePage } from './PeoplePage';
export { PlacesPage } from './PlacesPage';
export { SeasonsPage } from './SeasonsPage';
export { ShopImportPage } from './ShopImportPage';
export { ShopsWithoutPlacePage } from './ShopsWithoutPlacePage';
