// Demo data a rep recognises: real cities, ~300 shops, colleagues, visits and calendars. Deterministic.
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import * as t from './schema.js';
import {
  appointmentRemarks,
  appointmentTitles,
  competitorBrands,
  extraTexts,
  fc70Brands,
  todoTexts,
  trendsTexts,
  visitReasons,
} from './seed-data/brands.js';
import { belgianCities, dutchCities, frenchCities } from './seed-data/cities.js';
import { demoPlace } from './seed-data/places.js';
import { customerNameSuffixes, firstNames, lastNames, shopNameCores, shopNamePrefixes, streetNames } from './seed-data/names.js';

/** The accounts the README lists (Demo accounts). The first is the one to try the app with. */
export const demoAccounts = [
  { login: 'demo@example.com', firstName: 'Sofie', name: 'Janssens' },
  { login: 'collega@example.com', firstName: 'Jan', name: 'Maes' },
] as const;
/** The accounts with a role (decision 029), each with an employee; added to a demo database seeded before them too. */
export const roleAccounts = [
  { login: 'beheer@example.com', firstName: 'Katrien', name: 'Peeters', roles: ['beheerder'] },
  { login: 'manager@example.com', firstName: 'Luc', name: 'Wouters', roles: ['manager'] },
] as const;
/** An account with no employee, to see the spec's 'Gebruiker niet gevonden' screen. */
export const accountWithoutEmployee = 'geen.medewerker@example.com';

/** mulberry32: a small seeded generator, so every seed run makes the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, int, pick, chance, sample };
}

async function insertChunked<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(table).values(rows.slice(i, i + 1000) as never);
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
const isWeekday = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;
const at = (d: Date, hour: number, minute: number) => `${isoDay(d)}T${pad(hour)}:${pad(minute)}:00`;

export async function seedIfEmpty(db: Db, today = new Date()): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(t.countries);
  if (n > 0) return false;
  await seedDemo(db, today);
  return true;
}

/**
 * Adds the demo accounts a demo database lacks (the role accounts came later than the first seeds), each with its
 * employee; an account that exists is left as it is. Returns how many it added.
 */
export async function topUpDemoAccounts(db: Db): Promise<number> {
  let added = 0;
  for (const account of roleAccounts) {
    const [existing] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(sql`lower(${t.users.login})`, account.login));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(t.users)
        .values({ login: account.login, roles: [...account.roles] })
        .returning({ id: t.users.id });
      await tx.insert(t.employees).values({ userId: user.id, firstName: account.firstName, name: account.name });
    });
    added++;
  }
  return added;
}

export async function seedDemo(db: Db, today = new Date(), options = { shops: 300 }) {
  const rnd = random(70);
  // Contact, visit and to-do types and the to-do statuses come with the migrations (drizzle/0004_reference_rows.sql).
  const brandRows = await db
    .insert(t.brands)
    .values(fc70Brands.map((name) => ({ name })))
    .returning();
  const competitorRows = await db
    .insert(t.competitorBrands)
    .values(competitorBrands.map((name) => ({ name })))
    .returning();

  const countryRows = await db
    .insert(t.countries)
    .values(['België', 'Nederland', 'Frankrijk', 'Luxemburg'].map((name) => ({ name })))
    .returning();
  const [be, nl, fr] = countryRows;
  const cityRows = [
    ...(await db
      .insert(t.cities)
      .values(belgianCities.map((c) => ({ ...c, countryId: be.id })))
      .returning()),
    ...(await db
      .insert(t.cities)
      .values(dutchCities.map((c) => ({ ...c, countryId: nl.id })))
      .returning()),
    ...(await db
      .insert(t.cities)
      .values(frenchCities.map((c) => ({ ...c, countryId: fr.id })))
      .returning()),
  ];
  const belgian = cityRows.filter((c) => c.countryId === be.id);

  // Colleagues: the demo accounts first, then a team with plausible names.
  const people: { login: string; firstName: string; name: string }[] = [...demoAccounts];
  const usedNames = new Set(people.map((p) => `${p.firstName} ${p.name}`));
  while (people.length < 14) {
    const firstName = rnd.pick(firstNames);
    const name = rnd.pick(lastNames);
    if (usedNames.has(`${firstName} ${name}`)) continue;
    usedNames.add(`${firstName} ${name}`);
    const login =
      `${firstName}.${name}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z.]/g, '') + '@fc70.example';
    people.push({ login, firstName, name });
  }
  const userRows = await db
    .insert(t.users)
    .values([...people.map((p) => ({ login: p.login })), { login: accountWithoutEmployee }])
    .returning();
  const employeeRows = await db
    .insert(t.employees)
    .values(people.map((p, i) => ({ userId: userRows[i].id, firstName: p.firstName, name: p.name })))
    .returning();

  // Sample reports for every other colleague, never for the demo account, so its 'new report' button shows.
  await db.insert(t.prospectionReports).values(
    employeeRows
      .filter((_, i) => i > 1 && i % 2 === 0)
      .map((e) => ({
        employeeId: e.id,
        content: `Bezoek: ${rnd.pick(visitReasons)}.\nBrandmix: welke FC70 brands, sellout en concurrenten.\nTrends: ${rnd.pick(trendsTexts)}\nOpvolging: wie doet wat tegen wanneer.`,
      })),
  );

  // Shops with an address, a customer, an owner and (often) contact info per role.
  const shopNames = new Set<string>();
  const shopSeeds: { name: string; city: (typeof cityRows)[number]; owner: string; customer: string; street: string }[] = [];
  while (shopSeeds.length < options.shops) {
    const name = `${rnd.pick(shopNamePrefixes)} ${rnd.pick(shopNameCores)}`;
    if (shopNames.has(name)) continue;
    shopNames.add(name);
    const owner = `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}`;
    shopSeeds.push({
      name,
      city: rnd.chance(0.75) ? rnd.pick(belgian) : rnd.pick(cityRows),
      owner,
      customer: `${name.split(' ').slice(-1)[0]} ${rnd.pick(customerNameSuffixes)}`,
      street: `${rnd.pick(streetNames)} ${rnd.int(1, 180)}`.toUpperCase(),
    });
  }
  const addressRows = await db
    .insert(t.addresses)
    .values(shopSeeds.map((s) => ({ street1: s.street, cityId: s.city.id, postalCode: s.city.postalCode, userCreatedId: userRows[0].id })))
    .returning({ id: t.addresses.id });
  const contactRows = await db
    .insert(t.contacts)
    .values(shopSeeds.map((s, i) => ({ name: s.name.toUpperCase(), addressId: addressRows[i].id, userCreatedId: userRows[0].id })))
    .returning({ id: t.contacts.id });
  const shopRows = await db
    .insert(t.shops)
    .values(
      shopSeeds.map((s, i) => ({
        name: s.name.toUpperCase(),
        customerName: rnd.chance(0.9) ? s.customer.toUpperCase() : null,
        ownerName: rnd.chance(0.85) ? s.owner : null,
        contactId: contactRows[i].id,
        userCreatedId: userRows[0].id,
      })),
    )
    .returning({ id: t.shops.id });
  // Their places (decision 071), from a generator of their own so the rest of the demo stays as it was.
  const places = random(71);
  const placed = shopRows.flatMap((shop, i) => {
    const at = shopSeeds[i].city.countryId === be.id ? demoPlace(shopSeeds[i].city.postalCode, places.next) : null;
    return at ? [{ id: shop.id, ...at }] : [];
  });
  if (placed.length)
    await db.execute(sql`update shops set latitude = x.latitude, longitude = x.longitude, coordinates_source = 'import', coordinates_at = now()
      from jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) as x(id int, latitude float8, longitude float8) where shops.id = x.id`);

  const contactInfoRows: (typeof t.shopContactInfo.$inferInsert)[] = [];
  shopRows.forEach((shop, i) => {
    if (!rnd.chance(0.75)) return;
    for (const code of [5, 6, 7]) {
      if (code !== 5 && !rnd.chance(0.6)) continue;
      const [first, last] = code === 5 ? shopSeeds[i].owner.split(' ') : [rnd.pick(firstNames), rnd.pick(lastNames)];
      contactInfoRows.push({
        shopId: shop.id,
        code,
        name: `${first} ${last}`,
        email:
          `${first}.${last}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.]/g, '') + '@winkel.example',
        phoneNumber: `+32 4${rnd.int(70, 99)} ${rnd.int(10, 99)} ${rnd.int(10, 99)} ${rnd.int(10, 99)}`,
      });
    }
  });
  await insertChunked(db, t.shopContactInfo, contactInfoRows);

  // Earlier visits: most shops 2-10, some none; with brands, competitors, interests and to-dos.
  type Visit = typeof t.prospections.$inferInsert;
  const visits: Visit[] = [];
  for (const shop of shopRows) {
    if (rnd.chance(0.12)) continue;
    const n = rnd.int(2, 10);
    for (let k = 0; k < n; k++) {
      const employee = rnd.pick(employeeRows);
      const contactTypeId = rnd.int(1, 4);
      visits.push({
        shopId: shop.id,
        employeeId: employee.id,
        userCreatedId: employee.userId,
        visitDate: isoDay(addDays(today, -rnd.int(1, 720))),
        contactTypeId,
        contactName: contactTypeId === 4 ? null : `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}`,
        visitTypeId: rnd.int(1, 4),
        visitContext: rnd.pick(visitReasons),
        newBrands: rnd.chance(0.3) ? rnd.sample(competitorBrands, 1)[0] : null,
        bestBrands: rnd.sample(fc70Brands, 2).join(', '),
        worstBrands: rnd.chance(0.6) ? rnd.pick(competitorBrands) : null,
        terminatedBrands: rnd.chance(0.2) ? rnd.pick(competitorBrands) : null,
        trends: rnd.pick(trendsTexts),
        extra: rnd.pick(extraTexts),
      });
    }
  }
  const visitRows: { id: number; userCreatedId: number; employeeId: number }[] = [];
  for (let i = 0; i < visits.length; i += 1000) {
    visitRows.push(
      ...(await db
        .insert(t.prospections)
        .values(visits.slice(i, i + 1000))
        .returning({ id: t.prospections.id, userCreatedId: t.prospections.userCreatedId, employeeId: t.prospections.employeeId })),
    );
  }
  const pBrands: (typeof t.prospectionBrands.$inferInsert)[] = [];
  const pCompetitors: (typeof t.prospectionCompetitorBrands.$inferInsert)[] = [];
  const pInterests: (typeof t.prospectionBrandInterests.$inferInsert)[] = [];
  const todoSeeds: { visit: number; userCreatedId: number; assignees: number[]; text: (typeof todoTexts)[number]; done: boolean }[] = [];
  for (const v of visitRows) {
    for (const b of rnd.sample(brandRows, rnd.int(1, 4))) {
      pBrands.push({
        prospectionId: v.id,
        brandId: b.id,
        sellout: rnd.int(5, 95),
        selloutRemark: rnd.chance(0.3) ? 'Goed verkocht in het seizoen' : null,
      });
    }
    for (const c of rnd.sample(competitorRows, rnd.int(0, 3))) pCompetitors.push({ prospectionId: v.id, competitorBrandId: c.id });
    for (const b of rnd.sample(brandRows, rnd.int(0, 2)))
      pInterests.push({ prospectionId: v.id, brandId: b.id, remark: rnd.chance(0.5) ? 'Wil stalen zien' : null });
    if (rnd.chance(0.4)) {
      const colleagues = employeeRows.filter((e) => e.id !== v.employeeId);
      todoSeeds.push({
        visit: v.id,
        userCreatedId: v.userCreatedId,
        assignees: rnd.sample(colleagues, rnd.int(1, 2)).map((e) => e.id),
        text: rnd.pick(todoTexts),
        done: rnd.chance(0.5),
      });
    }
  }
  await insertChunked(db, t.prospectionBrands, pBrands);
  await insertChunked(db, t.prospectionCompetitorBrands, pCompetitors);
  await insertChunked(db, t.prospectionBrandInterests, pInterests);
  for (let i = 0; i < todoSeeds.length; i += 1000) {
    const chunk = todoSeeds.slice(i, i + 1000);
    const rows = await db
      .insert(t.todos)
      .values(
        chunk.map((s) => ({
          name: s.text.name,
          remarks: s.text.remarks,
          toDoStatusId: s.done ? 2 : 1,
          toDoTypeId: 4,
          userCreatedId: s.userCreatedId,
        })),
      )
      .returning({ id: t.todos.id });
    await db.insert(t.prospectionTodos).values(chunk.map((s, k) => ({ prospectionId: s.visit, toDoId: rows[k].id })));
    await db.insert(t.todoEmployees).values(chunk.flatMap((s, k) => s.assignees.map((employeeId) => ({ toDoId: rows[k].id, employeeId }))));
  }

  // Calendars: working days over the past and next two months; some all-day, most one or two hours.
  const appointmentRows: (typeof t.appointments.$inferInsert)[] = [];
  for (const e of employeeRows) {
    for (let day = -61; day <= 61; day++) {
      const d = addDays(today, day);
      if (!isWeekday(d)) continue;
      if (rnd.chance(0.08)) {
        appointmentRows.push({
          employeeId: e.id,
          name: rnd.pick(['Beurs', 'Opleiding', 'Showroomdag', 'Verlof']),
          remarks: null,
          startDate: at(d, 8, 30),
          endDate: at(d, 18, 0),
        });
        continue;
      }
      let hour = 8 + rnd.int(0, 1);
      for (let k = rnd.int(0, 3); k > 0 && hour < 17; k--) {
        const duration = rnd.pick([60, 60, 90, 120]);
        const start = at(d, hour, rnd.pick([0, 30]));
        const endMinutes = hour * 60 + (start.endsWith('30:00') ? 30 : 0) + duration;
        appointmentRows.push({
          employeeId: e.id,
          name: rnd.chance(0.9) ? rnd.pick(appointmentTitles) : null,
          remarks: rnd.chance(0.5) ? rnd.pick(appointmentRemarks) : null,
          startDate: start,
          endDate: at(d, Math.floor(endMinutes / 60), endMinutes % 60),
        });
        hour = Math.floor(endMinutes / 60) + rnd.int(0, 2);
      }
    }
  }
  await insertChunked(db, t.appointments, appointmentRows);
  // The shops' reps (in production the administration's import fills them; decision 028): a shop belongs to
  // the rep who visited it first; every third shop has none. Home's Te bezoeken lists a rep's shops from these.
  await db.execute(sql`update shops s set assigned_employee_id = (
      select p.employee_id from prospections p where p.shop_id = s.id order by p.visit_date, p.id limit 1)
    where s.id % 3 <> 0`);
  await topUpDemoAccounts(db);
  return {
    users: userRows.length,
    employees: employeeRows.length,
    shops: shopRows.length,
    prospections: visitRows.length,
    appointments: appointmentRows.length,
  };
}
