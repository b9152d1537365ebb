// Home's shop search: which shops the select lists and how typing filters them (name, city, customer).
import type { ShopListItem } from '@prospectie/contract';

export interface IndexedShop {
  shop: ShopListItem;
  /** name, city and customer in lower case, built once so each keystroke only compares strings. */
  haystack: string;
}

/** Only shops with an id and a name are listed (spec §2). */
export function buildShopIndex(shops: ShopListItem[]): IndexedShop[] {
  return shops
    .filter((s) => Number.isInteger(s.id) && s.id > 0 && s.name?.trim())
    .map((shop) => ({ shop, haystack: [shop.name, shop.city, shop.customer].filter(Boolean).join(' ').toLowerCase() }));
}

/** Shops whose name, city or customer contain every typed word; all shops when nothing is typed. */
export function filterShops(index: IndexedShop[], query: string): ShopListItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((i) => i.shop);
  const found: ShopListItem[] = [];
  for (const entry of index) {
    if (words.every((w) => entry.haystack.includes(w))) found.push(entry.shop);
  }
  return found;
}
