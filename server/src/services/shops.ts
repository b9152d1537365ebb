// Shops: reads with their address, and the one-call registration of a new shop.
import { asc, eq, sql } from 'drizzle-orm';
import type { ShopRegistration } from '@prospectie/contract';
import type { Db, Tx } from '../db/client.js';
import { addresses, cities, contacts, countries, shops } from '../db/schema.js';
import { DomainError } from '../errors.js';

/** street1 as spec §3 builds it: street, ' {number}' unless 0, ' / {addition}' when given, upper-cased. */
export function formatStreet1(street?: string | null, houseNumber?: number | null, addition?: string | null): string {
  let line = (street ?? '').trim();
  if (houseNumber) line += ` ${houseNumber}`;
  if (addition && addition.trim()) line += ` / ${addition.trim()}`;
  return line.trim().toUpperCase();
}

const shopColumns = {
  id: shops.id,
  name: shops.name,
  customer: shops.customerName,
  owner: shops.ownerName,
  street1: addresses.street1,
  city: cities.name,
  country: countries.name,
};

function shopQuery(db: Db | Tx) {
  return db
    .select(shopColumns)
    .from(shops)
    .leftJoin(contacts, eq(contacts.id, shops.contactId))
    .leftJoin(addresses, eq(addresses.id, contacts.addressId))
    .leftJoin(cities, eq(cities.id, addresses.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId));
}

type ShopRow = Awaited<ReturnType<typeof shopQuery>>[number];
const toShop = (r: ShopRow) => ({
  id: r.id,
  name: r.name,
  city: r.city,
  customer: r.customer,
  owner: r.owner,
  address: r.street1 !== null || r.city !== null ? { street1: r.street1, city: r.city, country: r.country } : null,
});

export async function listShops(db: Db) {
  const rows = await db
    .select({ id: shops.id, name: shops.name, city: cities.name, customer: shops.customerName })
    .from(shops)
    .leftJoin(contacts, eq(contacts.id, shops.contactId))
    .leftJoin(addresses, eq(addresses.id, contacts.addressId))
    .leftJoin(cities, eq(cities.id, addresses.cityId))
    .orderBy(asc(shops.name), asc(shops.id));
  return rows;
}

/** The shop page's read, prepared once: no query building per request, and a named statement PostgreSQL plans once per connection. */
export function prepareGetShop(db: Db) {
  const byId = shopQuery(db)
    .where(eq(shops.id, sql.placeholder('id')))
    .prepare('shop_by_id');
  return async (id: number) => {
    const [row] = await byId.execute({ id });
    return row ? toShop(row) : null;
  };
}

export async function getShop(db: Db | Tx, id: number) {
  const [row] = await shopQuery(db).where(eq(shops.id, id));
  return row ? toShop(row) : null;
}

export async function registerShop(tx: Tx, userId: number, input: ShopRegistration) {
  const [city] = await tx
    .select({ id: cities.id, countryId: cities.countryId, postalCode: cities.postalCode })
    .from(cities)
    .where(eq(cities.id, input.cityId));
  if (!city || city.countryId !== input.countryId)
    throw new DomainError('invalid_city', 'the city is not one of the country', 'body.cityId');
  const [address] = await tx
    .insert(addresses)
    .values({
      street1: formatStreet1(input.street, input.houseNumber, input.addition) || null,
      cityId: city.id,
      postalCode: input.postalCode?.trim() || city.postalCode,
      userCreatedId: userId,
    })
    .returning({ id: addresses.id });
  const name = input.name.trim().toUpperCase();
  const [contact] = await tx.insert(contacts).values({ name, addressId: address.id, userCreatedId: userId }).returning({ id: contacts.id });
  const [shop] = await tx
    .insert(shops)
    .values({ name, shopTypeId: 6, isParallelSales: false, contactId: contact.id, userCreatedId: userId })
    .returning({ id: shops.id });
  return { id: shop.id };
}
