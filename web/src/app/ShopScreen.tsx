// A shop's page as the router shows it: the shop feature's page, and for a beheerder the administration's part of it
// (a field shop's possible duplicate to merge), whose code only she loads. Composed here: features do not import
// each other.
import { Suspense } from 'react';
import { hasRole, useMe } from '../api/session';
import { ShopPage } from '../features/shop/ShopPage';
import { lazyExtra } from '../lib/lazyNow';

const FieldShopMerge = lazyExtra(() => import('../features/admin/FieldShopMerge').then((m) => m.FieldShopMerge));

export function ShopScreen() {
  const beheerder = hasRole(useMe().data, 'beheerder');
  return (
    <ShopPage
      beheer={
        beheerder
          ? (shopName) => (
              <Suspense fallback={null}>
                <FieldShopMerge shopName={shopName} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
