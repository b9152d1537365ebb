import { nl } from '../../i18n/nl';

export function ShopPage() {
  return <h1 className="h3">{nl.shop.title}</h1>;
}
