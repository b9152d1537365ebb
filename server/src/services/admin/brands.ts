// The administration of FC70 brands and competitor brands (decision 029): add, rename, deactivate, reactivate and
// merge. A merged entry stays (inactive) and points at the one it went into, so a visit that arrives later from
// a device's outbox with its id is saved under the new one (brandIds.ts). Every write leaves one log entry.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminBrand, AuditAction, BrandKind } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { brands, competitorBrands } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { writeAudit } from '../audit.js';
import { changedRows, constraintOf } from '../../db/rows.js';

/** Per kind: its table, what the log calls it, and the tables of the visits that name it. */
const KINDS = {
  brands: {
    table: brands,
    entity: 'brand',
    // The tables of visits that name an entry (schema.ts: prospection_brands, prospection_brand_interests).
    references: [
      { table: 'prospection_brands', column: 'brand_id' },
      { table: 'prospection_brand_interests', column: 'brand_id' },
    ],
    unique: 'brands_name_unique',
  },
  'competitor-brands': {
    table: competitorBrands,
    entity: 'competitor-brand',
    // schema.ts: prospection_competitor_brands.
    references: [{ table: 'prospection_competitor_brands', column: 'competitor_brand_id' }],
    unique: 'competitor_brands_name_unique',
  },
} as const;

type Entity = (typeof KINDS)[BrandKind]['entity'];
const actionOf = (kind: BrandKind, verb: 'create' | 'update' | 'deactivate' | 'reactivate' | 'merge') =>
  `${KINDS[kind].entity as Entity}.${verb}` as AuditAction;

export async function listBrands(db: Db | Tx, kind: BrandKind, onlyId?: number): Promise<AdminBrand[]> {
  const { table, references } = KINDS[kind];
  const into = alias(table, 'merged_into');
  const counted = references.map(
    (r) => sql`select prospection_id from ${sql.identifier(r.table)} where ${sql.identifier(r.column)} = ${table.id}`,
  );
  const visitCount = sql<number>`(select count(distinct v.prospection_id)::int from (${sql.join(counted, sql` union all `)}) as v)`;
  const rows = await db
    .select({ id: table.id, name: table.name, active: table.active, intoId: into.id, intoName: into.name, visitCount })
    .from(table)
    .leftJoin(into, eq(into.id, table.mergedIntoId))
    .where(onlyId === undefined ? undefined : eq(table.id, onlyId))
    .orderBy(asc(table.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    active: r.active,
    mergedInto: r.intoId === null || r.intoName === null ? null : { id: r.intoId, name: r.intoName },
    visitCount: Number(r.visitCount),
  }));
}

async function brandById(tx: Db | Tx, kind: BrandKind, id: number): Promise<AdminBrand> {
  const [brand] = await listBrands(tx, kind, id);
  if (!brand) throw new DomainError('brand_not_found', 'no such entry', 'params.id');
  return brand;
}

/** Locks the rows (in id order, so two merges never wait on each other crosswise); missing ones are refused. */
async function lockRows(tx: Tx, kind: BrandKind, ids: number[]) {
  const { table } = KINDS[kind];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.id} in (${sql.join(ids, sql`, `)})`)
    .orderBy(asc(table.id))
    .for('update');
  for (const id of ids) {
    if (!rows.some((r) => r.id === id))
      throw new DomainError('brand_not_found', 'no such entry', id === ids[0] ? 'params.id' : 'body.intoId');
  }
}

async function assertNameFree(tx: Tx, kind: BrandKind, name: string, exceptId?: number) {
  const { table } = KINDS[kind];
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(sql`lower(${table.name})`, name.toLowerCase()), exceptId ? ne(table.id, exceptId) : undefined));
  if (taken) throw new DomainError('brand_name_taken', 'another entry has this name', 'body.name');
}

/** A unique violation on the name (two administrators at once) is the same refusal as the check's. */
async function nameUnique<T>(kind: BrandKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (constraintOf(err) === KINDS[kind].unique) throw new DomainError('brand_name_taken', 'another entry has this name', 'body.name');
    throw err;
  }
}

const auditView = (b: AdminBrand) => ({ name: b.name, active: b.active, mergedInto: b.mergedInto });

export async function createBrand(db: Db, actorUserId: number, kind: BrandKind, input: { name: string }): Promise<AdminBrand> {
  const { table, entity } = KINDS[kind];
  return nameUnique(kind, () =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, kind, input.name);
      const [row] = await tx.insert(table).values({ name: input.name }).returning({ id: table.id });
      const brand = await brandById(tx, kind, row.id);
      await writeAudit(tx, {
        actorUserId,
        action: actionOf(kind, 'create'),
        entity,
        entityId: row.id,
        before: null,
        after: auditView(brand),
      });
      return brand;
    }),
  );
}

/** Renames, deactivates or reactivates an entry. Reactivating a merged one makes it an entry of its own again. */
export async function updateBrand(
  db: Db,
  actorUserId: number,
  kind: BrandKind,
  id: number,
  input: { name?: string; active?: boolean },
): Promise<AdminBrand> {
  const { table, entity } = KINDS[kind];
  return nameUnique(kind, () =>
    db.transaction(async (tx) => {
      await lockRows(tx, kind, [id]);
      const before = await brandById(tx, kind, id);
      if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase())
        await assertNameFree(tx, kind, input.name, id);
      const change = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.active === true ? { mergedIntoId: null } : {}),
      };
      if (Object.keys(change).length) await tx.update(table).set(change).where(eq(table.id, id));
      const after = await brandById(tx, kind, id);
      const verb = before.active && !after.active ? 'deactivate' : !before.active && after.active ? 'reactivate' : 'update';
      await writeAudit(tx, {
        actorUserId,
        action: actionOf(kind, verb),
        entity,
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    }),
  );
}

/**
 * Merges entry `id` into `intoId` in one transaction: every visit's reference moves to `intoId` (a visit that
 * names both keeps one row, the target's), the source becomes inactive and points at the target, and entries
 * merged into the source before now point at the target too, so a merged id is always one step from a live one.
 */
export async function mergeBrand(db: Db, actorUserId: number, kind: BrandKind, id: number, intoId: number): Promise<AdminBrand> {
  if (id === intoId) throw new DomainError('merge_into_itself', 'an entry cannot be merged into itself', 'body.intoId');
  const { table, entity, references } = KINDS[kind];
  return db.transaction(async (tx) => {
    await lockRows(
      tx,
      kind,
      [id, intoId].sort((a, b) => a - b),
    );
    const source = await brandById(tx, kind, id);
    const target = await brandById(tx, kind, intoId);
    if (!target.active) throw new DomainError('merge_into_inactive', 'the entry to merge into is inactive', 'body.intoId');
    // First the source row (it is locked): a visit being saved meanwhile waits for it and then reads the new target.
    await tx.update(table).set({ active: false, mergedIntoId: intoId }).where(eq(table.id, id));
    await tx.update(table).set({ mergedIntoId: intoId }).where(eq(table.mergedIntoId, id));
    let moved = 0;
    for (const { table: refTable, column } of references) {
      const t = sql.identifier(refTable);
      const c = sql.identifier(column);
      // A visit naming both keeps the target's row; the source's goes.
      await tx.execute(
        sql`delete from ${t} as s where s.${c} = ${id} and exists (select 1 from ${t} as x where x.prospection_id = s.prospection_id and x.${c} = ${intoId})`,
      );
      moved += changedRows(await tx.execute(sql`update ${t} set ${c} = ${intoId} where ${c} = ${id}`));
    }
    const after = await brandById(tx, kind, id);
    await writeAudit(tx, {
      actorUserId,
      action: actionOf(kind, 'merge'),
      entity,
      entityId: id,
      before: auditView(source),
      after: { ...auditView(after), into: { id: target.id, name: target.name }, movedReferences: moved },
    });
    return after;
  });
}
