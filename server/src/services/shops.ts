// Shops: reads with their address, their brands and contact info, the spec's granular creation calls and the
// one-call registration of a new shop.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { addressCreate, contactCreate, shopCreate, ShopRegistration } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { addresses, brands, cities, contacts, countries, prospectionBrands, prospections, shopContactInfo, shops } from '../db/schema.js';
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

/** Every placed shop as [id, latitude, longitude], five decimals (a metre): small enough to keep on the phone. */
export async function listShopPlaces(db: Db): Promise<[number, number, number][]> {
  const rows = await db
    .select({ id: shops.id, latitude: shops.latitude, longitude: shops.longitude })
    .from(shops)
    .where(isNotNull(shops.latitude))
    .orderBy(asc(shops.id));
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return rows.map((r) => [r.id, round(r.latitude!), round(r.longitude!)]);
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

/** The FC70 brands recorded at a shop in any visit. */
export async function brandsSeenAt(db: Db, shopId: number) {
  if (!(await getShop(db, shopId))) throw new DomainError('shop_not_found', 'shop not found');
  return db
    .selectDistinct({ id: brands.id, name: brands.name })
    .from(prospectionBrands)
    .innerJoin(prospections, eq(prospections.id, prospectionBrands.prospectionId))
    .innerJoin(brands, eq(brands.id, prospectionBrands.brandId))
    .where(eq(prospections.shopId, shopId))
    .orderBy(asc(brands.name), asc(brands.id));
}

/** Every sell-out recorded at a shop, per visit and FC70 brand, oldest visit first (visits without one leave no row). */
export async function selloutAt(db: Db, shopId: number) {
  if (!(await getShop(db, shopId))) throw new DomainError('shop_not_found', 'shop not found');
  const rows = await db
    .select({
      prospectionId: prospections.id,
      visitDate: prospections.visitDate,
      brandId: brands.id,
      brandName: brands.name,
      sellout: prospectionBrands.sellout,
    })
    .from(prospectionBrands)
    .innerJoin(prospections, eq(prospections.id, prospectionBrands.prospectionId))
    .innerJoin(brands, eq(brands.id, prospectionBrands.brandId))
    .where(and(eq(prospections.shopId, shopId), isNotNull(prospectionBrands.sellout)))
    .orderBy(asc(prospections.visitDate), asc(prospections.id), asc(brands.name));
  return rows.map((r) => ({ ...r, sellout: Number(r.sellout) }));
}

/** A shop's contact info by role code (spec §9: 5 owner, 6 buyer, 7 seller). */
export async function shopContact(db: Db, shopId: number, code: number) {
  const [row] = await db
    .select({ name: shopContactInfo.name, email: shopContactInfo.email, phoneNumber: shopContactInfo.phoneNumber })
    .from(shopContactInfo)
    .where(and(eq(shopContactInfo.shopId, shopId), eq(shopContactInfo.code, code)));
  if (!row) throw new DomainError('contact_info_not_found', 'contact info not found');
  return row;
}

export async function createAddress(db: Db, userId: number, input: z.output<typeof addressCreate>) {
  const [row] = await db
    .insert(addresses)
    .values({ ...input, street1: input.street1 ?? null, postalCode: input.postalCode ?? null, userCreatedId: userId })
    .returning({ id: addresses.id });
  return row;
}

export async function createContact(db: Db, userId: number, input: z.output<typeof contactCreate>) {
  const [row] = await db
    .insert(contacts)
    .values({ ...input, userCreatedId: userId })
    .returning({ id: contacts.id });
  return row;
}

export async function createShop(db: Db, userId: number, input: z.output<typeof shopCreate>) {
  const [row] = await db
    .insert(shops)
    .values({ ...input, name: input.name.toUpperCase(), userCreatedId: userId })
    .returning({ id: shops.id });
  return row;
}
