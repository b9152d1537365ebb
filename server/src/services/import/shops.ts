// The shop import (decision 030): a file from the ERP, read by readFile.ts, mapped to the shop's fields, classified row by
// row (new, changed, unchanged, refused; shopsClassify.ts), and on apply written in ONE transaction, upserting by the
// customer number (shops.external_number), with one entry in the log. The API and `npm run import` both call importShops.
import { createHash } from 'node:crypto';
import { brusselsToday } from '@prospectie/contract/dates';
import { desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_SHOP_COLUMNS,
  SHOP_IMPORT_FIELDS,
  type ImportColumns,
  type ImportReport,
  type ShopImportMapping,
} from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { addresses, auditLog, contacts, shops } from '../../db/schema.js';
import { writeAudit } from '../audit.js';
import { readFileTable, type TableReader } from './fileTable.js';
import { columnIndex, fold, plan, resolveMapping, type Planned } from './shopsClassify.js';

const CHUNK = 500;

/** A place the file gives (decision 071): the ERP's word over a geocoder's, a rep's or a pin. */
const importedPlace = (c: { latitude: number; longitude: number } | undefined) =>
  c ? { latitude: c.latitude, longitude: c.longitude, coordinatesSource: 'import', coordinatesAt: sql`now()` } : {};

/** Writes the new and changed rows; inside the caller's transaction. */
async function write(tx: Tx, planned: Planned[], userId: number | null) {
  const fresh = planned.filter((p): p is Extract<Planned, { kind: 'new' }> => p.kind === 'new');
  for (let at = 0; at < fresh.length; at += CHUNK) {
    const chunk = fresh.slice(at, at + CHUNK);
    // RETURNING gives the rows in the order of VALUES for a single multi-row INSERT in PostgreSQL.
    const addressIds = await tx
      .insert(addresses)
      .values(
        chunk.map((p) => ({
          street1: p.values.street1 ?? null,
          cityId: p.values.cityId,
          postalCode: p.values.postalCode,
          userCreatedId: userId,
        })),
      )
      .returning({ id: addresses.id });
    const contactIds = await tx
      .insert(contacts)
      .values(chunk.map((p, i) => ({ name: p.values.name, addressId: addressIds[i].id, userCreatedId: userId })))
      .returning({ id: contacts.id });
    const shopIds = await tx
      .insert(shops)
      .values(
        chunk.map((p, i) => ({
          name: p.values.name,
          externalNumber: p.number,
          customerName: p.values.customerName ?? null,
          ownerName: p.values.ownerName ?? null,
          assignedEmployeeId: p.values.assignedEmployeeId ?? null,
          contactId: contactIds[i].id,
          userCreatedId: userId,
          ...importedPlace(p.values.coordinates),
        })),
      )
      .returning({ id: shops.id });
    chunk.forEach((p, i) => (p.row.shopId = shopIds[i].id));
  }
  for (const p of planned) {
    if (p.kind !== 'changed') continue;
    const { values, existing } = p;
    p.row.shopId = existing.shopId;
    await tx
      .update(shops)
      .set({
        name: values.name,
        ...(values.customerName !== undefined ? { customerName: values.customerName } : {}),
        ...(values.ownerName !== undefined ? { ownerName: values.ownerName } : {}),
        ...(values.assignedEmployeeId !== undefined ? { assignedEmployeeId: values.assignedEmployeeId } : {}),
        ...importedPlace(values.coordinates),
      })
      .where(eq(shops.id, existing.shopId));
    if (existing.addressId !== null) {
      // A place the geocoder found for the old address no longer holds when the file moves the shop without giving
      // its coordinates: it goes, and the geocoder is asked for the new address (decision 071). A place from the
      // file, a rep or a beheerder stays: they stood there or said so.
      if (!values.coordinates) {
        await tx.execute(sql`update shops s set latitude = null, longitude = null, coordinates_source = null, coordinates_at = null
          from addresses a
          where s.id = ${existing.shopId}::int and a.id = ${existing.addressId}::int and s.coordinates_source = 'geocoder'
            and (a.postal_code is distinct from ${values.postalCode} or a.city_id is distinct from ${values.cityId}::int
              ${values.street1 !== undefined ? sql`or a.street1 is distinct from ${values.street1}` : sql``})`);
      }
      await tx
        .update(addresses)
        .set({ ...(values.street1 !== undefined ? { street1: values.street1 } : {}), postalCode: values.postalCode, cityId: values.cityId })
        .where(eq(addresses.id, existing.addressId));
      if (existing.contactId !== null) await tx.update(contacts).set({ name: values.name }).where(eq(contacts.id, existing.contactId));
    } else {
      const [address] = await tx
        .insert(addresses)
        .values({ street1: values.street1 ?? null, cityId: values.cityId, postalCode: values.postalCode, userCreatedId: userId })
        .returning({ id: addresses.id });
      const [contact] = await tx
        .insert(contacts)
        .values({ name: values.name, addressId: address.id, userCreatedId: userId })
        .returning({ id: contacts.id });
      await tx.update(shops).set({ contactId: contact.id }).where(eq(shops.id, existing.shopId));
    }
  }
}

/**
 * The FC70 brands each new or changed shop becomes a customer of (the file's brands column, decision 066): its status
 * 'customer' from today, set by the import as a rep's word is (a later visit does not undo it), with its history.
 */
async function writeCustomers(tx: Tx, planned: Planned[]) {
  const pairs = planned.flatMap((p) =>
    p.kind === 'new' || p.kind === 'changed' ? (p.values.customerOf ?? []).map((brand_id) => ({ shop_id: p.row.shopId!, brand_id })) : [],
  );
  for (let at = 0; at < pairs.length; at += CHUNK * 10) {
    await tx.execute(sql`
      with x as (select * from jsonb_to_recordset(${JSON.stringify(pairs.slice(at, at + CHUNK * 10))}::jsonb) as x(shop_id int, brand_id int)),
      was as (select x.shop_id, x.brand_id, s.status from x left join pipeline_statuses s on s.shop_id = x.shop_id and s.brand_id = x.brand_id),
      now as (
        insert into pipeline_statuses (shop_id, brand_id, status, since, explicit)
        select shop_id, brand_id, 'customer', ${brusselsToday()}::date, true from x
        on conflict (shop_id, brand_id) do update set status = 'customer', since = excluded.since, explicit = true, reason = null,
          reason_text = null
      )
      insert into pipeline_history (shop_id, brand_id, from_status, to_status, "on", source)
      select shop_id, brand_id, status, 'customer', ${brusselsToday()}::date, 'import' from was`);
  }
}

export interface ShopImportInput {
  bytes: Buffer;
  fileName: string;
  mapping?: ShopImportMapping;
  dryRun: boolean;
  /** Who imports; null on the command line. */
  actorUserId: number | null;
}

/**
 * Reads, maps and classifies the file; with dryRun false also applies it, in one transaction with its log entry
 * (a refused row does not stop the others: it is reported and left out). A whole-file problem (not CSV/XLSX, empty,
 * unreadable, a mapping that misses a required column) throws its DomainError before anything is written.
 */
export async function importShops(db: Db, input: ShopImportInput, read: TableReader = readFileTable): Promise<ImportReport> {
  // The file is read in a file-work process (or by the one this runs in); a file or mapping that cannot be imported is
  // refused before the database is asked anything.
  const table = await read(input.bytes, true);
  const { columns, used } = resolveMapping(table.header, input.mapping ?? {});
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const report = (planned: Planned[], applied: boolean): ImportReport => {
    const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
    for (const p of planned) counts[p.kind]++;
    return { fileName: input.fileName, sha256, applied, counts, mapping: used, rows: planned.map((p) => p.row) };
  };
  if (input.dryRun) return report(await plan(db, table.rows, columns), false);
  return db.transaction(async (tx) => {
    // Planned again inside the transaction, so what is written matches the database it is written to.
    const planned = await plan(tx, table.rows, columns);
    await write(tx, planned, input.actorUserId);
    await writeCustomers(tx, planned);
    const result = report(planned, true);
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'shop.import',
      entity: 'import',
      entityId: null,
      before: null,
      after: {
        fileName: input.fileName,
        sha256,
        // The columns as used (field → title): the next file's first step starts from them (shopImportColumns).
        mapping: used,
        counts: result.counts,
        // The rows that changed something, and the refused ones with their reason: the run can be read back from here.
        rows: result.rows.filter((r) => r.status !== 'unchanged'),
      },
    });
    return result;
  });
}

/**
 * The first step of an import: the file's columns and the mapping to start from. For each field, the column the
 * last applied import used when this file has one of that title (an ERP exports the same titles every time), else
 * the column of the field's default title, else none.
 */
export async function shopImportColumns(db: Db, bytes: Buffer): Promise<ImportColumns> {
  const { header, rowCount } = await readFileTable(bytes, false);
  // Only the mapping of the entry: its rows may be thousands.
  const [last] = await db
    .select({ mapping: sql<Record<string, unknown> | null>`${auditLog.after} -> 'mapping'` })
    .from(auditLog)
    .where(eq(auditLog.action, 'shop.import'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  // An entry written before the mapping was kept has none: the defaults then.
  const lastUsed = last?.mapping ?? {};
  const index = columnIndex(header);
  const mapping: ShopImportMapping = {};
  for (const field of SHOP_IMPORT_FIELDS) {
    const at = [lastUsed[field], DEFAULT_SHOP_COLUMNS[field]]
      .filter((title): title is string => typeof title === 'string')
      .map((title) => index.get(fold(title)))
      .find((i) => i !== undefined);
    if (at !== undefined) mapping[field] = header[at];
  }
  return { columns: header, rowCount, mapping };
}
