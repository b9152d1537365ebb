import { nl } from '../../i18n/nl';

export function NewShopPage() {
  return <h1 className="h3">{nl.newShop.title}</h1>;
}
