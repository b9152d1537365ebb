// What the shop card shows (spec §3): the address as one line, 'N/A' for gaps, the name or 'Winkel niet gevonden'.
import type { Shop } from '@prospectie/contract';
import { nl } from '../../i18n/nl';
import { orNotAvailable } from '../../lib/format';

/** street1, city and country joined with ', ', blanks skipped; 'N/A' when nothing is left. */
export function addressLine(address: Shop['address']): string {
  const parts = [address?.street1, address?.city, address?.country].map((p) => p?.trim() ?? '').filter((p) => p !== '');
  return orNotAvailable(parts.join(', '));
}

export function shopTitle(shop: Pick<Shop, 'name'> | null | undefined): string {
  return shop?.name?.trim() ? shop.name.trim() : nl.shop.notFound;
}
