// Where shops are (decision 071), on both databases: the import's coordinates (bad ones refused per row with their
// reason), a geocoder of the test's own on loopback that fills the rest one request a second and is never asked twice
// for an address, a rep's 'Ik sta in deze winkel' that places only a shop without a place, and a beheerder's pin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@prospectie/contract';
import { queueGeocoding } from './geocoder.js';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from '../../test/harness.js';

const FILE = [
  'klantnummer;naam;straat;huisnummer;postcode;gemeente;breedtegraad;lengtegraad',
  'G1;Plaats Een;Veldstraat;1;9000;Gent;51,0543;3,7174',
  'G2;Plaats Twee;Meir;10;2000;Antwerpen;;',
  'G3;Plaats Drie;Steenstraat;5;8000;Brugge;;',
  'G4;Plaats Vier;Meir;10;2000;Antwerpen;;',
  'G5;Omgewisseld;Kouter;2;9000;Gent;3.72;51.05',
  'G6;Geen getal;Kouter;3;9000;Gent;vijftig;3.7',
  'G7;Half;Kouter;4;9000;Gent;51.05;',
  'G8;Te ver;Kouter;5;9000;Gent;95;3.7',
].join('\r\n');

/** A geocoder with Nominatim's answer shape; every request's query and time kept. */
function startGeocoder() {
  const asked: { q: string; at: number; agent: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const q = url.searchParams.get('q') ?? '';
    asked.push({ q, at: Date.now(), agent: req.headers['user-agent'] });
    const answer = q.includes('antwerpen') ? [{ lat: '51.2175', lon: '4.4070', display_name: 'Meir' }] : [];
    res.writeHead(url.pathname === '/search' ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  return new Promise<{ url: string; asked: typeof asked; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        asked,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe.each(dbKinds)('where shops are on %s', (kind) => {
  let ctx: TestContext;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  let admin: string;
  let rep: string;
  let report: ImportReport;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    geocoder = await startGeocoder();
    ctx = await createTestContext(kind, { config: { geocoderUrl: geocoder.url, publicUrl: 'https://prospectie.fc70.example' } });
    admin = await ctx.signIn('beheer@example.com');
    rep = await ctx.signIn('demo@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/shops?dryRun=false&fileName=liggingen.csv',
      headers: writeHeaders(admin, { 'content-type': 'application/octet-stream' }),
      payload: Buffer.from(FILE, 'utf8'),
    });
    expect(res.statusCode, res.body).toBe(200);
    report = res.json();
    for (const r of await queryRows<{ id: number; external_number: string }>(
      ctx.database,
      sql`select id, external_number from shops where external_number like 'G%'`,
    ))
      ids[r.external_number] = r.id;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await geocoder?.close();
  });

  const place = async (number: string) =>
    (
      await queryRows<{ latitude: number | null; longitude: number | null; source: string | null }>(
        ctx.database,
        sql`select latitude, longitude, coordinates_source as source from shops where id = ${ids[number]}`,
      )
    )[0];

  it('imports coordinates with the shop and refuses bad ones per row with their reason', async () => {
    const byNumber = Object.fromEntries(report.rows.map((r) => [r.externalNumber, r]));
    expect(byNumber.G1).toMatchObject({ status: 'new' });
    expect(byNumber.G5).toMatchObject({ status: 'refused', reason: 'coordinates_swapped', field: 'latitude' });
    expect(byNumber.G6).toMatchObject({ status: 'refused', reason: 'coordinates_invalid', field: 'latitude' });
    expect(byNumber.G7).toMatchObject({ status: 'refused', reason: 'coordinates_invalid' });
    expect(byNumber.G8).toMatchObject({ status: 'refused', reason: 'coordinates_invalid' });
    expect(await place('G1')).toEqual({ latitude: 51.0543, longitude: 3.7174, source: 'import' });
    expect(await place('G2')).toEqual({ latitude: null, longitude: null, source: null });

    // The same file again changes nothing; a moved shop is a change with its place before and after.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/shops?dryRun=true&fileName=liggingen.csv',
      headers: writeHeaders(admin, { 'content-type': 'application/octet-stream' }),
      payload: Buffer.from(FILE.replace('51,0543;3,7174', '51.0550;3.7200'), 'utf8'),
    });
    const rows = (again.json() as ImportReport).rows;
    expect(rows.find((r) => r.externalNumber === 'G1')).toMatchObject({
      status: 'changed',
      changes: [{ field: 'coordinates', before: '51.0543, 3.7174', after: '51.055, 3.72' }],
    });
    expect(rows.find((r) => r.externalNumber === 'G2')).toMatchObject({ status: 'unchanged' });
  });

  it('asks the geocoder for the addresses without a place, one request a second, each address once', async () => {
    const round = () => ctx.app.jobs.queue.runRound();
    const queued = async () =>
      (
        await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from jobs where kind = 'geocode' and state = 'queued'`)
      )[0].n;
    // The demo shops have a place already: only this file's are asked for.
    await ctx.database.db.execute(
      sql`update shops set latitude = 50.9, longitude = 4.1, coordinates_source = 'import' where latitude is null and coalesce(external_number, '') not like 'G%'`,
    );
    await round();
    for (let i = 0; i < 10 && (await queued()) > 0; i++) await round();
    expect(await queued()).toBe(0);
    // G2 and G4 share an address: asked once; Brugge is not found.
    const antwerpen = geocoder.asked.filter((a) => a.q === 'meir 10, 2000 antwerpen, belgië');
    expect(antwerpen).toHaveLength(1);
    expect(geocoder.asked.filter((a) => a.q === 'steenstraat 5, 8000 brugge, belgië')).toHaveLength(1);
    expect(geocoder.asked).toHaveLength(2);
    expect(geocoder.asked[0].agent).toBe('Prospectie (https://prospectie.fc70.example)');
    const gaps = geocoder.asked.slice(1).map((a, i) => a.at - geocoder.asked[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(990);
    expect(await place('G2')).toEqual({ latitude: 51.2175, longitude: 4.407, source: 'geocoder' });
    expect(await place('G4')).toEqual({ latitude: 51.2175, longitude: 4.407, source: 'geocoder' });
    expect(await place('G3')).toEqual({ latitude: null, longitude: null, source: null });
    expect(await place('G1')).toMatchObject({ source: 'import' });

    // A second run asks nothing again.
    const asked = geocoder.asked.length;
    ctx.app.jobs.queue.wake();
    await round();
    await round();
    expect(geocoder.asked).toHaveLength(asked);

    // The ERP moves G4 to another street: its geocoded place goes and the new address is asked; G2, at the old one,
    // keeps the answer; G1's place came with the file and stays where the file says.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/shops?dryRun=false&fileName=liggingen.csv',
      headers: writeHeaders(admin, { 'content-type': 'application/octet-stream' }),
      payload: Buffer.from(FILE.replace('G4;Plaats Vier;Meir;10;2000', 'G4;Plaats Vier;Lange Nieuwstraat;7;2000'), 'utf8'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await place('G4')).toEqual({ latitude: null, longitude: null, source: null });
    ctx.app.jobs.queue.wake();
    await queueGeocoding(ctx.database.db);
    for (let i = 0; i < 10 && (await queued()) > 0; i++) await round();
    expect(geocoder.asked.slice(asked).map((a) => a.q)).toEqual(['lange nieuwstraat 7, 2000 antwerpen, belgië']);
    expect(await place('G4')).toMatchObject({ source: 'geocoder' });
    expect(await place('G2')).toEqual({ latitude: 51.2175, longitude: 4.407, source: 'geocoder' });
    expect(await place('G1')).toMatchObject({ source: 'import' });
  });

  it('places a shop without a place where the rep stands, and leaves a placed shop as it is', async () => {
    const here = (shopId: number, body: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/shops/${shopId}/here`, headers: writeHeaders(rep), payload: body });
    const first = await here(ids.G3, { latitude: 51.2093, longitude: 3.2247, accuracy: 12 });
    expect(first.json()).toEqual({ placed: true, place: { latitude: 51.2093, longitude: 3.2247, source: 'rep' } });
    const second = await here(ids.G3, { latitude: 50, longitude: 4, accuracy: 5 });
    expect(second.json()).toEqual({ placed: false, place: { latitude: 51.2093, longitude: 3.2247, source: 'rep' } });
    expect((await here(ids.G1, { latitude: 50, longitude: 4, accuracy: 5 })).json().place.source).toBe('import');
    const vague = await here(ids.G3, { latitude: 50, longitude: 4, accuracy: 900 });
    expect([vague.statusCode, vague.json().code]).toEqual([400, 'validation_failed']);
    expect((await here(999999, { latitude: 50, longitude: 4, accuracy: 5 })).json().code).toBe('shop_not_found');
  });

  it('sends every placed shop as [id, latitude, longitude] for the phone to keep, anew once a place changes', async () => {
    const first = await ctx.app.inject({ url: '/api/shops/places', headers: { cookie: rep } });
    expect(first.statusCode).toBe(200);
    const places = first.json() as [number, number, number][];
    expect(places).toContainEqual([ids.G1, 51.0543, 3.7174]);
    expect(places.map(([id]) => id)).toEqual([...places.map(([id]) => id)].sort((a, b) => a - b));
    const unchanged = await ctx.app.inject({
      url: '/api/shops/places',
      headers: { cookie: rep, 'if-none-match': first.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/shops/${ids.G1}/place`,
      headers: writeHeaders(admin),
      payload: { latitude: 51.05431234, longitude: 3.71749876 },
    });
    const moved = await ctx.app.inject({
      url: '/api/shops/places',
      headers: { cookie: rep, 'if-none-match': first.headers.etag as string },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toContainEqual([ids.G1, 51.05431, 3.7175]);
  });

  it("gives the map every placed shop's furthest status, or one brand's, and its rep", async () => {
    const [brand] = await queryRows<{ id: number }>(ctx.database, sql`select id from brands where active order by id limit 1`);
    const [other] = await queryRows<{ id: number }>(
      ctx.database,
      sql`select id from brands where active and id <> ${brand.id} order by id limit 1`,
    );
    await ctx.database.db.execute(
      sql`insert into pipeline_statuses (shop_id, brand_id, status, since, explicit) values
            (${ids.G1}, ${brand.id}, 'interested', '2026-11-01', true), (${ids.G1}, ${other.id}, 'customer', '2026-11-01', true)
          on conflict (shop_id, brand_id) do update set status = excluded.status`,
    );
    const rows = (await ctx.app.inject({ url: '/api/map/shops', headers: { cookie: rep } })).json() as [
      number,
      string | null,
      number | null,
    ][];
    expect(rows.find(([id]) => id === ids.G1)).toEqual([ids.G1, 'customer', null]);
    expect(rows.find(([id]) => id === ids.G2)).toEqual([ids.G2, null, null]);
    const filtered = (await ctx.app.inject({ url: `/api/map/shops?brandId=${brand.id}`, headers: { cookie: rep } })).json();
    expect(filtered.find(([id]: [number]) => id === ids.G1)).toEqual([ids.G1, 'interested', null]);

    // Kept per version: unchanged, the phone is told so; a status the rep sets shows at once, in the whole map and the brand's.
    const whole = await ctx.app.inject({ url: '/api/map/shops', headers: { cookie: rep } });
    const again = await ctx.app.inject({ url: '/api/map/shops', headers: { cookie: rep, 'if-none-match': whole.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${ids.G2}/pipeline/${brand.id}`,
      headers: writeHeaders(rep),
      payload: { status: 'negotiating' },
    });
    expect(set.statusCode).toBe(200);
    const changed = await ctx.app.inject({
      url: '/api/map/shops',
      headers: { cookie: rep, 'if-none-match': whole.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as [number][]).find(([id]) => id === ids.G2)).toEqual([ids.G2, 'negotiating', null]);
    const brandMap = (await ctx.app.inject({ url: `/api/map/shops?brandId=${brand.id}`, headers: { cookie: rep } })).json();
    expect(brandMap.find(([id]: [number]) => id === ids.G2)).toEqual([ids.G2, 'negotiating', null]);
  });

  it("gives the map's tile address, and the content security policy allows its host's images", async () => {
    const settings = await ctx.app.inject({ url: '/api/map/settings', headers: { cookie: rep } });
    expect(settings.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap-bijdragers',
    });
    expect(String(settings.headers['content-security-policy'])).toMatch(/img-src 'self' data: https:\/\/tile\.openstreetmap\.org[;\s]/);
  });

  it('lists the shops without a place to the beheerder, who pins one, logged', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/shops/without-place', headers: { cookie: rep } })).statusCode).toBe(403);
    // Brugge's shop was placed by the rep meanwhile: take it back to none.
    await ctx.database.db.execute(sql`update shops set latitude = null, longitude = null, coordinates_source = null where id = ${ids.G3}`);
    const page = (await ctx.app.inject({ url: '/api/admin/shops/without-place?limit=200', headers: { cookie: admin } })).json();
    expect(page.shops.map((s: { shopId: number }) => s.shopId)).not.toContain(ids.G1);
    expect(page.total).toBeGreaterThan(0);
    const target = page.shops[0].shopId as number;
    const pinned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/shops/${target}/place`,
      headers: writeHeaders(admin),
      payload: { latitude: 50.8466, longitude: 4.3528 },
    });
    expect(pinned.json()).toEqual({ latitude: 50.8466, longitude: 4.3528, source: 'beheerder' });
    const after = (await ctx.app.inject({ url: '/api/admin/shops/without-place?limit=200', headers: { cookie: admin } })).json();
    expect(after.total).toBe(page.total - 1);
    const log = (await ctx.app.inject({ url: '/api/admin/log?limit=1', headers: { cookie: admin } })).json();
    expect(log.entries[0]).toMatchObject({ action: 'shop.place', entityId: target, after: { source: 'beheerder' } });
  });
});
