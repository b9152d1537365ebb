import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows } from '../test/harness.js';
import type { Database } from './client.js';
import { seedIfEmpty } from './seed.js';

describe.each(dbKinds)('migrations and seed on %s', (kind) => {
  let database: Database;
  afterAll(async () => database?.close());

  it('build every table from an empty database, with the CHECKs that guard the data', async () => {
    database = await createTestDatabase(kind, { fresh: true });
    const tables = await queryRows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = tables.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'shops',
        'addresses',
        'contacts',
        'countries',
        'cities',
        'brands',
        'competitor_brands',
        'contact_types',
        'visit_types',
        'prospections',
        'prospection_brands',
        'prospection_competitor_brands',
        'prospection_brand_interests',
        'prospection_todos',
        'todos',
        'todo_types',
        'todo_statuses',
        'todo_employees',
        'users',
        'employees',
        'appointments',
        'prospection_reports',
        'shop_contact_info',
        'sessions',
        'idempotency_keys',
      ]),
    );
  });

  it('seed the demo data once, deterministically, and never twice', async () => {
    expect(await seedIfEmpty(database.db, new Date(2026, 10, 23))).toBe(true);
    expect(await seedIfEmpty(database.db, new Date(2026, 10, 23))).toBe(false);
    const count = async (table: string) =>
      (await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;
    expect(await count('shops')).toBe(300);
    expect(await count('employees')).toBeGreaterThanOrEqual(12);
    expect(await count('brands')).toBeGreaterThanOrEqual(8);
    expect(await count('competitor_brands')).toBeGreaterThanOrEqual(20);
    expect(await count('cities')).toBeGreaterThanOrEqual(200);
    const [lux] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from cities c join countries k on k.id = c.country_id where k.name = 'Luxemburg'`,
    );
    expect(lux.n).toBe(0);
    const types = await queryRows(database, sql`select id, name from contact_types order by id`);
    expect(types).toEqual([
      { id: 1, name: 'Eigenaar' },
      { id: 2, name: 'Koper' },
      { id: 3, name: 'Verkoper' },
      { id: 4, name: 'Overig' },
    ]);
  });

  it('let autovacuum take up the visits after 1 % new rows, not 20 % (decision 092)', async () => {
    const options = await queryRows<{ relname: string; reloptions: string[] | null }>(
      database,
      sql`select relname, reloptions from pg_class where relname in ('prospections', 'prospection_brands') order by relname`,
    );
    expect(options).toEqual([
      { relname: 'prospection_brands', reloptions: ['autovacuum_vacuum_insert_scale_factor=0.01'] },
      { relname: 'prospections', reloptions: ['autovacuum_vacuum_insert_scale_factor=0.01'] },
    ]);
  });

  it('refuse a sellout outside 0-100 and a second sample report for one employee', async () => {
    const [p] = await queryRows<{ id: number }>(database, sql`select id from prospections limit 1`);
    await expect(
      database.db.execute(
        sql`insert into prospection_brands (prospection_id, brand_id, sellout) values (${p.id}, 1, 101) on conflict do nothing`,
      ),
    ).rejects.toThrow();
    const [e] = await queryRows<{ employee_id: number }>(database, sql`select employee_id from prospection_reports limit 1`);
    await expect(
      database.db.execute(sql`insert into prospection_reports (employee_id, content) values (${e.employee_id}, 'x')`),
    ).rejects.toThrow();
  });
});
