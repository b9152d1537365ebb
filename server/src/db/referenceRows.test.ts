// A production database has no demo data: the reference rows the spec numbers come with the migrations.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from '../test/harness.js';
import * as t from './schema.js';

const referenceMigration = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/0004_reference_rows.sql');
const brusselsToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe.each(dbKinds)('a database started with SEED=none on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { seed: false, config: { seed: 'none' } });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const names = (table: string) =>
    queryRows<{ id: number; name: string }>(ctx.database, sql.raw(`select id, name from ${table} order by id`));

  it('has the contact, visit and to-do types and the to-do statuses of the spec, and nothing of the demo', async () => {
    expect(await names('contact_types')).toEqual([
      { id: 1, name: 'Eigenaar' },
      { id: 2, name: 'Koper' },
      { id: 3, name: 'Verkoper' },
      { id: 4, name: 'Overig' },
    ]);
    expect(await names('visit_types')).toEqual([
      { id: 1, name: 'Prospectie' },
      { id: 2, name: 'Swap' },
      { id: 3, name: 'Key account meeting' },
      { id: 4, name: 'Overig' },
    ]);
    expect(await names('todo_types')).toEqual([
      { id: 1, name: 'Nieuwe contactinformatie' },
      { id: 2, name: 'Nieuwe brands' },
      { id: 3, name: 'FC70 brand interesses' },
      { id: 4, name: 'Manueel toegevoegd' },
    ]);
    expect(await names('todo_statuses')).toEqual([
      { id: 1, name: 'Open' },
      { id: 2, name: 'Afgewerkt' },
    ]);
    const counts = await ctx.rowCounts();
    expect({ shops: counts.shops, users: counts.users, prospections: counts.prospections }).toEqual({
      shops: 0,
      users: 0,
      prospections: 0,
    });
  });

  it("saves a visit with the wizard's defaults (contact type 4, visit type 4, today) and its automatic to-dos", async () => {
    const db = ctx.database.db;
    // What an operator's first import and the directory would bring: one shop, one brand, one rep.
    const [country] = await db.insert(t.countries).values({ name: 'België' }).returning();
    const [city] = await db.insert(t.cities).values({ countryId: country.id, name: 'Gent', postalCode: '9000' }).returning();
    const [address] = await db.insert(t.addresses).values({ cityId: city.id, street1: 'Veldstraat 1' }).returning();
    const [contact] = await db.insert(t.contacts).values({ name: 'Boetiek Noord', addressId: address.id }).returning();
    const [shop] = await db.insert(t.shops).values({ name: 'Boetiek Noord', contactId: contact.id }).returning();
    const [brand] = await db.insert(t.brands).values({ name: 'Kade Denim' }).returning();
    const [user] = await db.insert(t.users).values({ login: 'rep@fc70.example' }).returning();
    const [rep] = await db.insert(t.employees).values({ userId: user.id, firstName: 'Lien', name: 'Claes' }).returning();
    const cookie = await ctx.signIn('rep@fc70.example');

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shop.id}/prospections`,
      headers: writeHeaders(cookie),
      payload: {
        visitDate: brusselsToday(),
        contactTypeId: 4,
        visitTypeId: 4,
        contactName: 'An Peeters',
        newBrands: 'Vila',
        trends: 'Meer duurzaamheid',
        extra: 'Tevreden',
        brandInterests: [{ brandId: brand.id, remark: 'wil stalen' }],
        todos: [1, 2, 3, 4].map((toDoTypeId) => ({ name: `Taak ${toDoTypeId}`, toDoTypeId, toDoStatusId: 1, employeeIds: [rep.id] })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const saved = (await ctx.app.inject({ url: `/api/prospections/${id}`, headers: { cookie } })).json();
    expect(saved).toMatchObject({ contactTypeId: 4, visitTypeId: 4, visitDate: brusselsToday(), employeeId: rep.id });
    const visits = (await ctx.app.inject({ url: `/api/shops/${shop.id}/prospections`, headers: { cookie } })).json();
    expect(visits).toEqual([expect.objectContaining({ id, visitTypeName: 'Overig', employeeName: 'Lien Claes' })]);
    const todos = (await ctx.app.inject({ url: `/api/prospections/${id}/todos`, headers: { cookie } })).json();
    expect(todos.map((todo: { toDoTypeId: number; toDoStatusId: number }) => [todo.toDoTypeId, todo.toDoStatusId])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
  });

  it('leaves the rows a database seeded earlier already has as they are', async () => {
    await ctx.database.db.execute(sql`update contact_types set name = 'Zaakvoerder' where id = 1`);
    // The migration as a database seeded by an earlier version meets it: its rows are there already.
    for (const statement of (await readFile(referenceMigration, 'utf8')).split('--> statement-breakpoint')) {
      await ctx.database.db.execute(sql.raw(statement));
    }
    const types = await names('contact_types');
    expect(types).toHaveLength(4);
    expect(types[0]).toEqual({ id: 1, name: 'Zaakvoerder' });
    expect(await names('todo_statuses')).toHaveLength(2);
  });
});
