// The overview's exports (decision 033): the filtered visits, their brands, interests and to-dos, read in batches of
// visits by keyset (visit date, id), one query per batch and sheet, and written as they come, so 200,000 visits never sit in memory; each export
// writes one entry to the administration's log (docs/decisions/033-reporting-exports.md).
import { OVERVIEW_EXPORT_SHEETS, type OverviewExportSheet, type OverviewQuery } from '@prospectie/contract';
import type { NotInterestedReason, PipelineSource, PipelineStatus } from '@prospectie/contract/pipeline';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, cities, countries, employees } from '../db/schema.js';
import { texts } from '../texts.js';
import { writeAudit } from './audit.js';
import { filteredVisits } from './overview.js';
import { customerSeason } from './seasons.js';
import { employeeName } from './people.js';
import { csvStream, xlsxStream, type Column, type Sheet } from '../lib/xlsx/sheetFormats.js';
import { rowsOf } from '../db/rows.js';

type Row = Record<string, unknown>;
/**
 * Visits per batch (two are in memory: one written while the next is read). At 2,000 the server of the bench
 * peaked at 350 MB exporting 200,000 visits, at 1,000 at 280 MB, at 500 at 230 MB (docs/decisions/033-reporting-exports.md).
 */
export const EXPORT_BATCH = 500;

/**
 * A sheet's rows, a batch of visits at a time: `rows` gets the batch as the subquery `v` (the visit's columns and its
 * shop's name, number, city, country id and postal code; the next EXPORT_BATCH filtered visits after the cursor by
 * visit date and id) and joins its own rows to it laterally (an index lookup per visit),
 * ordered by v.visit_date, v.id first; a visit without rows of the sheet answers one row with a null `row_key`,
 * which only moves the cursor. One query per batch, each a range of the (visit_date, id) index. A lateral subquery
 * that is ordered stays one (an index lookup per visit): unordered, PostgreSQL made it a hash join that read the whole
 * pipeline history for every batch, 8 s of the database's 23 s in an export (decision 081).
 */
async function* sheetBatches(db: Db, q: OverviewQuery, rows: (v: SQL) => SQL, size: number): AsyncGenerator<Row[]> {
  const fetch = (after: { date: string; id: number }) => {
    // The visit's own columns come with the batch: joining prospections again by id, PostgreSQL chose to scan it whole.
    const batch = sql`(select p.*, s.name as shop_name, s.external_number, ci.name as city, ci.country_id,
        coalesce(a.postal_code, ci.postal_code) as postal_code ${filteredVisits(q)}
      and (p.visit_date, p.id) > (${after.date}::date, ${after.id}::int)
      order by p.visit_date, p.id limit ${size}::int) v`;
    const pending = rowsOf(db, rows(batch));
    // Read while the previous batch is written; a download given up leaves this one unawaited, not unhandled.
    pending.catch(() => {});
    return pending;
  };
  let next: Promise<Row[]> | null = fetch({ date: '0001-01-01', id: 0 });
  while (next) {
    const found: Row[] = await next;
    if (!found.length) return;
    const last = found[found.length - 1];
    next = new Set(found.map((r) => r.id)).size < size ? null : fetch({ date: String(last.visit_date), id: Number(last.id) });
    yield found.filter((r) => r.row_key !== null);
  }
}

const c = texts.overviewExport.columns;
const text = (header: string, key: string): Column<Row> => ({ header, kind: 'text', value: (r) => (r[key] as string | null) ?? null });
/** Text columns from [header, row key] pairs. */
const textColumns = (pairs: [string, string][]) => pairs.map(([header, key]) => text(header, key));
const num = (header: string, key: string): Column<Row> => ({
  header,
  kind: 'number',
  value: (r) => (r[key] === null || r[key] === undefined ? null : Number(r[key])),
});
const day = (header: string, key: string): Column<Row> => ({ header, kind: 'date', value: (r) => (r[key] as string | null) ?? null });
const visitColumns = [num(c.visitId, 'id'), day(c.visitDate, 'visit_date'), text(c.shop, 'shop_name')];

/** The visit's columns every sheet starts with, as `sheetBatches`'s `v` gives them. */
const V_COLUMNS = sql`v.id, to_char(v.visit_date, 'YYYY-MM-DD') as visit_date, v.shop_name`;

/** Each sheet: its columns and the query of its rows for a batch of visits `v` (see sheetBatches). */
function sheetDefinitions(withContacts: boolean): Record<OverviewExportSheet, { columns: Column<Row>[]; rows: (v: SQL) => SQL }> {
  return {
    visits: {
      columns: [
        num(c.visitId, 'id'),
        day(c.visitDate, 'visit_date'),
        { header: c.rep, kind: 'text', value: (r) => employeeName({ firstName: r.first_name as string, name: r.last_name as string }) },
        num(c.shopId, 'shop_id'),
        ...textColumns([
          [c.shop, 'shop_name'],
          [c.customerNumber, 'external_number'],
          [c.city, 'city'],
          [c.postalCode, 'postal_code'],
          [c.country, 'country'],
          [c.visitType, 'visit_type'],
          [c.contactType, 'contact_type'],
          [c.contactName, 'contact_name'],
          ...(withContacts
            ? ([
                [c.contactEmail, 'contact_email'],
                [c.contactPhone, 'contact_phone'],
              ] as [string, string][])
            : []),
          [c.visitContext, 'visit_context'],
          [c.competitors, 'competitors'],
          [c.newBrands, 'new_brands'],
          [c.bestBrands, 'best_brands'],
          [c.worstBrands, 'worst_brands'],
          [c.terminatedBrands, 'terminated_brands'],
          [c.trends, 'trends'],
          [c.extra, 'extra'],
        ]),
      ],
      rows: (v) => sql`select ${V_COLUMNS}, v.id as row_key, e.first_name, e.name as last_name,
          v.shop_id, v.external_number, v.city, v.postal_code, co.name as country, vt.name as visit_type, cty.name as contact_type,
          v.contact_name, ${withContacts ? sql`v.contact_email, v.contact_phone,` : sql``}
          v.visit_context, v.new_brands, v.best_brands, v.worst_brands, v.terminated_brands, v.trends, v.extra,
          (select string_agg(cb.name, ', ' order by cb.name) from prospection_competitor_brands pc
            join competitor_brands cb on cb.id = pc.competitor_brand_id where pc.prospection_id = v.id) as competitors
        from ${v}
        left join countries co on co.id = v.country_id
        join employees e on e.id = v.employee_id
        join visit_types vt on vt.id = v.visit_type_id
        join contact_types cty on cty.id = v.contact_type_id
        order by v.visit_date, v.id`,
    },
    brands: {
      columns: [...visitColumns, text(c.brand, 'brand'), num(c.sellout, 'sellout'), text(c.selloutRemark, 'sellout_remark')],
      rows: (v) => sql`select ${V_COLUMNS}, pb.brand_id as row_key, b.name as brand, pb.sellout::float8 as sellout, pb.sellout_remark
        from ${v} left join lateral (select * from prospection_brands pb where pb.prospection_id = v.id) pb on true
        left join brands b on b.id = pb.brand_id
        order by v.visit_date, v.id, b.name`,
    },
    interests: {
      columns: [...visitColumns, text(c.brand, 'brand'), text(c.remark, 'remark')],
      rows: (v) => sql`select ${V_COLUMNS}, bi.brand_id as row_key, b.name as brand, bi.remark
        from ${v} left join lateral (select * from prospection_brand_interests bi where bi.prospection_id = v.id order by bi.brand_id) bi on true
        left join brands b on b.id = bi.brand_id
        order by v.visit_date, v.id, b.name`,
    },
    todos: {
      columns: [
        ...visitColumns,
        ...textColumns([
          [c.todo, 'todo'],
          [c.todoType, 'todo_type'],
          [c.todoStatus, 'todo_status'],
          [c.assignees, 'assignees'],
        ]),
        day(c.todoCreated, 'created'),
        text(c.todoRemarks, 'remarks'),
      ],
      rows: (v) => sql`select ${V_COLUMNS}, t.id as row_key, t.name as todo, tt.name as todo_type, ts.name as todo_status,
          (select string_agg(e.first_name || ' ' || e.name, ', ' order by e.name, e.first_name) from todo_employees te
            join employees e on e.id = te.employee_id where te.to_do_id = t.id) as assignees,
          to_char(t.date_created at time zone 'Europe/Brussels', 'YYYY-MM-DD') as created, t.remarks
        from ${v} left join lateral (select t.* from prospection_todos pt join todos t on t.id = pt.to_do_id
          where pt.prospection_id = v.id) t on true
        left join todo_types tt on tt.id = t.to_do_type_id left join todo_statuses ts on ts.id = t.to_do_status_id
        order by v.visit_date, v.id, t.id`,
    },
    // What each visit changed in the shop's status per brand, and what a rep said there (decision 066). 'Bezocht' is
    // left out here and in Stand per winkel: every visited shop is that for every brand, as Bezoeken shows (decision 068).
    pipeline: {
      columns: [
        ...visitColumns,
        text(c.brand, 'brand'),
        label(c.from, 'from_status', (v) => x.status[(v ?? 'prospect') as PipelineStatus | 'prospect']),
        label(c.to, 'to_status', (v) => x.status[v as PipelineStatus]),
        label(c.source, 'source', (v) => x.source[v as PipelineSource]),
        label(c.reason, 'reason', (v) => (v === null ? null : x.reason[v as NotInterestedReason])),
        text(c.reasonText, 'reason_text'),
      ],
      rows: (v) => sql`select ${V_COLUMNS}, h.id as row_key, b.name as brand, h.from_status, h.to_status, h.source, h.reason, h.reason_text
        from ${v} left join lateral (select * from pipeline_history h where h.prospection_id = v.id and h.to_status <> 'visited' order by h.id) h on true
        left join brands b on b.id = h.brand_id
        order by v.visit_date, v.id, h.id`,
    },
    statuses: { columns: statusColumns, rows: () => sql`` },
  };
}

const x = texts.overviewExport;
/** A code's Dutch label. */
const label = (header: string, key: string, say: (value: string | null) => string | null): Column<Row> => ({
  header,
  kind: 'text',
  value: (r) => say((r[key] as string | null) ?? null),
});
const statusColumns: Column<Row>[] = [
  num(c.shopId, 'shop_id'),
  text(c.shop, 'shop_name'),
  text(c.city, 'city'),
  text(c.brand, 'brand'),
  label(c.status, 'status', (v) => x.status[v as PipelineStatus]),
  day(c.since, 'since'),
  text(c.season, 'season'),
  label(c.reason, 'reason', (v) => (v === null ? null : x.reason[v as NotInterestedReason])),
  text(c.nextStep, 'next_step'),
  day(c.nextStepDate, 'next_step_date'),
];

/**
 * The current status per shop and brand of the shops the filtered visits went to: their ids read once (20,000 at most),
 * then their statuses a few hundred shops at a time. Asking for the next shops of the visits each time sorted every
 * visit again, some 40 times for the bench's 200,000.
 */
async function* statusBatches(db: Db, q: OverviewQuery, size: number): AsyncGenerator<Row[]> {
  const shopIds = (
    await rowsOf<{ shop_id: number }>(db, sql`select distinct p.shop_id ${filteredVisits(q, 'visit')} order by p.shop_id`)
  ).map((r) => r.shop_id);
  for (let at = 0; at < shopIds.length; at += size) {
    yield await rowsOf<Row>(
      db,
      sql`select s.id as shop_id, s.name as shop_name, ci.name as city, b.name as brand, ps.status, ps.since::text as since,
            ${customerSeason('ps')} as season,
            ps.reason, ps.next_step, ps.next_step_date::text as next_step_date
          from pipeline_statuses ps join shops s on s.id = ps.shop_id join brands b on b.id = ps.brand_id
          left join contacts ct on ct.id = s.contact_id left join addresses a on a.id = ct.address_id left join cities ci on ci.id = a.city_id
          where ps.shop_id = any(${`{${shopIds.slice(at, at + size).join(',')}}`}::int[]) and ps.status <> 'visited'
          order by s.id, b.name`,
    );
  }
}

export interface ExportRequest {
  query: OverviewQuery;
  /** Contact persons' e-mail and phone: only for manager and beheerder. */
  withContacts: boolean;
  actorUserId: number;
  /** Which routes asked: the team's or Mijn overzicht. */
  scope: 'team' | 'own';
  /** Visits per batch; EXPORT_BATCH unless a test asks for small ones. */
  batchSize?: number;
}

/** The names of the person, brand, country and city an export's filter names by id. */
async function filterNamesOf(db: Db, query: OverviewQuery): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  if (query.employeeId !== undefined) {
    const [e] = await db
      .select({ firstName: employees.firstName, name: employees.name })
      .from(employees)
      .where(eq(employees.id, query.employeeId));
    if (e) names.employeeId = employeeName(e);
  }
  for (const [key, table, id] of [
    ['brandId', brands, query.brandId],
    ['countryId', countries, query.countryId],
    ['cityId', cities, query.cityId],
  ] as const) {
    if (id === undefined) continue;
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
    if (row) names[key] = row.name;
  }
  return names;
}

/** Counts the visits, writes the log entry, and returns the export's sheets to stream. */
async function prepareExport(db: Db, request: ExportRequest, format: 'xlsx' | 'csv', only?: OverviewExportSheet) {
  const [{ n }] = await rowsOf(db, sql`select count(*)::int as n ${filteredVisits(request.query, 'visit')}`);
  const rowCount = Number(n);
  await writeAudit(db, {
    actorUserId: request.actorUserId,
    action: 'overview.export',
    entity: 'overview',
    entityId: null,
    before: null,
    after: {
      format,
      scope: request.scope,
      ...(only ? { sheet: only } : {}),
      filter: request.query,
      // The filters' names as they were, so the log reads 'medewerker Jan Maes' rather than an id.
      filterNames: await filterNamesOf(db, request.query),
      rowCount,
      withContacts: request.withContacts,
    },
  });
  const definitions = sheetDefinitions(request.withContacts);
  const sheet = (name: OverviewExportSheet): Sheet<Row> => ({
    name: texts.overviewExport.sheets[name],
    columns: definitions[name].columns,
    batches: () =>
      name === 'statuses'
        ? statusBatches(db, request.query, request.batchSize ?? EXPORT_BATCH)
        : sheetBatches(db, request.query, definitions[name].rows, request.batchSize ?? EXPORT_BATCH),
  });
  return { rowCount, sheet };
}

/** The XLSX export: sheets Bezoeken, Merken, Interesses, To-dos, Standwijzigingen and Stand per winkel. */
export async function exportXlsx(db: Db, request: ExportRequest) {
  const { rowCount, sheet } = await prepareExport(db, request, 'xlsx');
  return { rowCount, body: xlsxStream(OVERVIEW_EXPORT_SHEETS.map(sheet)) };
}

/** The CSV export of one sheet. */
export async function exportCsv(db: Db, request: ExportRequest, only: OverviewExportSheet) {
  const { rowCount, sheet } = await prepareExport(db, request, 'csv', only);
  return { rowCount, body: csvStream(sheet(only)) };
}
