// The bench data set: the demo seed (reference data, demo accounts) topped up with bulk INSERT ... SELECT
// generate_series to 20,000 shops, 500 employees, 200,000 visits with brands and to-dos and 250,000
// appointments. Every value derives from the row number, so each run makes the same data (dates are
// relative to the day of the run, like the demo seed, so the calendar opens on filled weeks).
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/src/db/client.js';
import { seedDemo } from '../server/src/db/seed.js';
import { replayPipeline } from '../server/src/services/pipeline/replay.js';
import { appointmentRemarks, appointmentTitles, extraTexts, trendsTexts, visitReasons } from '../server/src/db/seed-data/brands.js';
import { firstNames, lastNames, shopNameCores, shopNamePrefixes, streetNames } from '../server/src/db/seed-data/names.js';

/** Where the generated shops lie: around these (latitude, longitude). */
const BELGIAN_CENTRES: [number, number][] = [
  [50.85, 4.36],
  [51.22, 4.4],
  [51.05, 3.72],
  [50.88, 4.7],
  [50.93, 5.33],
  [51.21, 3.22],
  [50.83, 3.26],
  [51.03, 4.48],
  [50.94, 4.04],
  [50.63, 5.57],
  [50.46, 4.87],
  [50.41, 4.44],
  [50.45, 3.95],
];

export const SIZES = { shops: 20_000, employees: 500, prospections: 200_000, appointments: 250_000 } as const;

/** A Postgres text[] literal of the given strings, quotes escaped. */
const textArray = (items: readonly string[]) => sql.raw(`array[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);
/** 1-based pick from an array literal by an integer expression. */
const pick = (items: readonly string[], expr: string) => sql`(${textArray(items)})[1 + ((${sql.raw(expr)}) % ${items.length})]`;

async function count(db: Db, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

async function maxId(db: Db, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`select coalesce(max(id), 0)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

export interface DataSetCounts {
  shops: number;
  employees: number;
  prospections: number;
  prospectionBrands: number;
  todos: number;
  appointments: number;
  seconds: number;
  /** The pipeline's replay over every visit (decision 066), as `npm run pipeline:replay` runs it. */
  replaySeconds: number;
  pipelineStatuses: number;
}

export async function generateDataSet(db: Db, log: (line: string) => void = () => {}): Promise<DataSetCounts> {
  const started = performance.now();
  const step = (what: string) => log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await seedDemo(db, new Date(), { shops: 300 });

  step('demo seed');
  // Employees: each with a user, named from the seed's name lists.
  const extraEmployees = SIZES.employees - (await count(db, 'employees'));
  const userBase = await maxId(db, 'users');
  await db.execute(sql`insert into users (login)
    select 'medewerker' || i || '@bench.example' from generate_series(1, ${extraEmployees}) i order by i`);
  await db.execute(sql`insert into employees (user_id, first_name, name)
    select u.id, ${pick(firstNames, 'u.id * 7')}, ${pick(lastNames, 'u.id * 13')}
    from users u where u.id > ${userBase} order by u.id`);

  step('employees');
  // Shops with an address and a contact, like a registered shop.
  const extraShops = SIZES.shops - (await count(db, 'shops'));
  const addressBase = await maxId(db, 'addresses');
  await db.execute(sql`insert into addresses (street1, city_id, postal_code, user_created_id)
    select upper(${pick(streetNames, 'i * 31')}) || ' ' || (1 + i % 180), c.id, c.postal_code, 1
    from generate_series(1, ${extraShops}) i
    join (select id, postal_code, row_number() over (order by id) - 1 as k from cities) c
      on c.k = (i * 17) % ${await count(db, 'cities')}
    order by i`);
  const contactBase = await maxId(db, 'contacts');
  await db.execute(sql`insert into contacts (name, address_id, user_created_id)
    select upper(${pick(shopNamePrefixes, 'a.id * 7')} || ' ' || ${pick(shopNameCores, 'a.id * 11')}) || ' ' || (a.id - ${addressBase}), a.id, 1
    from addresses a where a.id > ${addressBase} order by a.id`);
  await db.execute(sql`insert into shops (name, customer_name, owner_name, contact_id, user_created_id)
    select c.name,
      case when c.id % 10 = 0 then null else upper(${pick(shopNameCores, 'c.id * 3')}) || ' BV' end,
      case when c.id % 7 = 0 then null else ${pick(firstNames, 'c.id * 5')} || ' ' || ${pick(lastNames, 'c.id * 3')} end,
      c.id, 1
    from contacts c where c.id > ${contactBase} order by c.id`);

  // A place for each of them (decision 071), deterministic from the id: thirteen Belgian centres, each shop within about
  // 20 km of one, as crowded as a map of the country's shops is where the towns are.
  await db.execute(sql`with centres(k, lat, lon) as (values ${sql.raw(
    BELGIAN_CENTRES.map(([lat, lon], k) => `(${k}, ${lat}, ${lon})`).join(', '),
  )})
    update shops s set latitude = round((c.lat + ((s.id * 7919) % 10007 / 10007.0 - 0.5) * 0.36)::numeric, 6),
      longitude = round((c.lon + ((s.id * 104729) % 10009 / 10009.0 - 0.5) * 0.56)::numeric, 6),
      coordinates_source = 'import', coordinates_at = now()
    from centres c where c.k = s.id % ${BELGIAN_CENTRES.length} and s.latitude is null`);
  step('shops');
  // Visits spread over every shop and rep over the past two years.
  const extraVisits = SIZES.prospections - (await count(db, 'prospections'));
  const visitBase = await maxId(db, 'prospections');
  await db.execute(sql`insert into prospections (shop_id, user_created_id, employee_id, visit_date, contact_type_id, contact_name,
      visit_type_id, visit_context, best_brands, trends, extra)
    select s.id, e.user_id, e.id, current_date - ((i * 13) % 720)::int, 1 + i % 4,
      ${pick(firstNames, 'i * 3')} || ' ' || ${pick(lastNames, 'i * 7')},
      1 + (i / 7) % 4, ${pick(visitReasons, 'i')}, 'Mayerline, Dame Blanche', ${pick(trendsTexts, 'i * 3')}, ${pick(extraTexts, 'i * 5')}
    from generate_series(1, ${extraVisits}) i
    join (select id, row_number() over (order by id) - 1 as k from shops) s on s.k = (i * 7919) % ${SIZES.shops}
    join (select id, user_id, row_number() over (order by id) - 1 as k from employees) e on e.k = (i * 31) % ${SIZES.employees}
    order by i`);
  step('visits');
  // One to three FC70 brands per visit.
  await db.execute(sql`insert into prospection_brands (prospection_id, brand_id, sellout, sellout_remark)
    select p.id, b.id, 5 + (p.id * 7 + k) % 90, case when p.id % 3 = 0 then 'Goed verkocht in het seizoen' end
    from prospections p
    cross join generate_series(0, 2) k
    join (select id, row_number() over (order by id) - 1 as r from brands) b on b.r = (p.id * 5 + k * 3) % ${await count(db, 'brands')}
    where p.id > ${visitBase} and k <= p.id % 3
    on conflict do nothing`);
  step('visit brands');
  // What the overview's brand insight reads (decision 033): competitor brands seen on every other visit, an interest in
  // an FC70 brand on one visit in five (a remark on a third of those), a terminated brand on one in twenty.
  await db.execute(sql`insert into prospection_competitor_brands (prospection_id, competitor_brand_id)
    select p.id, c.id
    from prospections p
    cross join generate_series(0, 1) k
    join (select id, row_number() over (order by id) - 1 as r from competitor_brands) c
      on c.r = (p.id * 3 + k * 7) % ${await count(db, 'competitor_brands')}
    where p.id > ${visitBase} and p.id % 2 = 0 and k <= p.id % 4 / 2
    on conflict do nothing`);
  await db.execute(sql`insert into prospection_brand_interests (prospection_id, brand_id, remark)
    select p.id, b.id, case when p.id % 3 = 0 then 'Wil de nieuwe collectie zien' end
    from prospections p
    join (select id, row_number() over (order by id) - 1 as r from brands) b on b.r = (p.id * 11) % ${await count(db, 'brands')}
    where p.id > ${visitBase} and p.id % 5 = 1
    on conflict do nothing`);
  await db.execute(sql`update prospections set terminated_brands = 'Stopgezet: ' || ${pick(shopNameCores, 'id')}
    where id > ${visitBase} and id % 20 = 3`);
  // The reps' portfolios as the ERP's import assigns them: three shops in four have a rep.
  await db.execute(sql`update shops s set assigned_employee_id = e.id
    from (select id, row_number() over (order by id) - 1 as k from employees) e
    where e.k = (s.id * 13) % ${SIZES.employees} and s.id % 4 <> 0`);
  step('competitors, interests, portfolios');
  // A follow-up to-do on two visits in five, assigned to a colleague.
  const todoBase = await maxId(db, 'todos');
  // Made on the day of their visit, so the overview's to-dos of a past period have some.
  await db.execute(sql`insert into todos (name, remarks, to_do_status_id, to_do_type_id, user_created_id, date_created)
    select 'Stalen opsturen', 'Afspraak gemaakt tijdens het bezoek', 1 + p.id % 2, 4, p.user_created_id, p.visit_date
    from prospections p where p.id > ${visitBase} and p.id % 5 < 2 order by p.id`);
  await db.execute(sql`insert into prospection_todos (prospection_id, to_do_id)
    select p.id, ${todoBase} + row_number() over (order by p.id)
    from prospections p where p.id > ${visitBase} and p.id % 5 < 2`);
  await db.execute(sql`insert into todo_employees (to_do_id, employee_id)
    select t.id, e.id from todos t
    join (select id, row_number() over (order by id) - 1 as k from employees) e on e.k = (t.id * 17) % ${SIZES.employees}
    where t.id > ${todoBase}`);

  step('to-dos');
  // Appointments: every rep six a weekday, in the weeks around today (about 1,000 in a month for 7 reps).
  const extraAppointments = SIZES.appointments - (await count(db, 'appointments'));
  await db.execute(sql`insert into appointments (employee_id, name, remarks, start_date, end_date)
    select e.id, ${pick(appointmentTitles, 'i')}, case when i % 2 = 0 then ${pick(appointmentRemarks, 'i')} end,
      d.day + make_interval(mins => 480 + (j % 6) * 90),
      d.day + make_interval(mins => 480 + (j % 6) * 90 + 60 + (i % 2) * 30)
    from generate_series(0, ${extraAppointments - 1}) i
    cross join lateral (select i / ${SIZES.employees} as j) jj
    join (select id, row_number() over (order by id) - 1 as k from employees) e on e.k = i % ${SIZES.employees}
    cross join lateral (
      select (date_trunc('week', current_date) - interval '6 weeks'
        + make_interval(days => ((j / 6) / 5) * 7 + (j / 6) % 5))::timestamp as day
    ) d
    order by i`);
  step('appointments');
  await db.execute(sql`analyze`);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  // The pipeline's statuses from those visits (decision 066): what the first start after the pipeline's migration does,
  // and `npm run pipeline:replay`.
  const replayStarted = performance.now();
  await replayPipeline(db);
  const replaySeconds = Math.round((performance.now() - replayStarted) / 100) / 10;

  return {
    shops: await count(db, 'shops'),
    employees: await count(db, 'employees'),
    prospections: await count(db, 'prospections'),
    prospectionBrands: await count(db, 'prospection_brands'),
    todos: await count(db, 'todos'),
    appointments: await count(db, 'appointments'),
    seconds,
    replaySeconds,
    pipelineStatuses: await count(db, 'pipeline_statuses'),
  };
}

/** Opens the database at `target`, fills it with the data set and closes it again; logs the counts. */
export async function loadDataSet(
  target: { databaseUrl: string } | { dataDir: string },
  label: string,
  log: (line: string) => void,
): Promise<DataSetCounts> {
  log(`Data set (${label})`);
  const database = await openDatabase(target);
  try {
    const counts = await generateDataSet(database.db, log);
    log(
      `  ${counts.shops} shops, ${counts.employees} employees, ${counts.prospections} visits (${counts.prospectionBrands} brands, ${counts.todos} to-dos), ${counts.appointments} appointments in ${counts.seconds} s`,
    );
    log(`  pipeline replayed: ${counts.pipelineStatuses} statuses of shop and brand in ${counts.replaySeconds} s`);
    if ('databaseUrl' in target) {
      // Settled as a database in use is: else PostgreSQL's autovacuum takes up these million fresh rows a minute
      // later, during the API load, and the figures are its (docs/decisions/088-bench-postgres-settled.md). PGlite has
      // no autovacuum.
      const started = performance.now();
      await database.db.execute(sql`vacuum (analyze)`);
      log(`  vacuumed and analyzed in ${Math.round((performance.now() - started) / 100) / 10} s`);
    }
    return counts;
  } finally {
    await database.close();
  }
}
