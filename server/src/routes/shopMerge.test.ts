// Merging a shop a rep made in the field into the imported one the import offered it for (decision 030), on PGlite and
// PostgreSQL: its visits and appointments move, it leaves the shop list, one log entry; every refusal changes nothing.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportReport } from '@prospectie/contract';
import { adminContext, dbKinds, queryRows, sampleVisit, writeHeaders } from '../test/harness.js';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/samples');
const sampleCsv = readFileSync(path.join(samples, 'winkels-erp.csv'));
const mapping = readFileSync(path.join(samples, 'winkels-erp.mapping.json'), 'utf8');

describe.each(dbKinds)('merging a field shop into an imported one on %s', (kind) => {
  const ctx = adminContext(kind);
  /** The rep's own Schoenen Déwitte in Gent, and the ERP's Schoenen Dewitte (C1001) the import offered it for. */
  let fieldShopId: number;
  let importedShopId: number;
  let visitIds: number[];
  let fieldPlace: { contact_id: number; address_id: number };

  const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: writeHeaders(cookie), payload });
  const merge = (cookie: string, id: number, intoId: number) => post(cookie, `/api/admin/shops/${id}/merge`, { intoId });
  const listed = async () => ((await get(ctx.rep, '/api/shops')).json() as { id: number }[]).map((s) => s.id);

  beforeAll(async () => {
    const [gent] = await queryRows<{ id: number; country_id: number }>(
      ctx.database,
      sql`select id, country_id from cities where name = 'Gent' and postal_code = '9000'`,
    );
    // Spelled with an accent the ERP leaves off: still the same shop to the import.
    const made = await post(ctx.rep, '/api/shops/register', {
      name: 'Schoenen Déwitte',
      countryId: gent.country_id,
      cityId: gent.id,
      street: 'Veldstraat',
      houseNumber: 12,
      postalCode: '9000',
    });
    expect(made.statusCode, made.body).toBe(201);
    fieldShopId = made.json().id;
    visitIds = [];
    for (const extra of ['eerste bezoek', 'tweede bezoek']) {
      const visit = await post(ctx.rep, `/api/shops/${fieldShopId}/prospections`, sampleVisit(extra));
      expect(visit.statusCode, visit.body).toBe(201);
      visitIds.push(visit.json().id);
    }
    for (const name of [undefined, 'Stalen tonen']) {
      const appointment = await post(ctx.rep, '/api/appointments', {
        clientId: randomUUID(),
        shopId: fieldShopId,
        ...(name ? { name } : {}),
        startDate: '2026-12-01T10:00',
        endDate: '2026-12-01T11:00',
      });
      expect(appointment.statusCode, appointment.body).toBe(201);
    }
    // The owner the rep noted in the field (the ERP's shop has no contact details of its own).
    await ctx.database.db.execute(
      sql`insert into shop_contact_info (shop_id, code, name, email) values (${fieldShopId}, 5, 'Marc Dewitte', 'marc@dewitte.example')`,
    );
    [fieldPlace] = await queryRows<{ contact_id: number; address_id: number }>(
      ctx.database,
      sql`select s.contact_id, c.address_id from shops s join contacts c on c.id = s.contact_id where s.id = ${fieldShopId}`,
    );

    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/shops?${new URLSearchParams({ fileName: 'winkels-erp.csv', dryRun: 'false', mapping })}`,
      headers: writeHeaders(ctx.admin, { 'content-type': 'text/csv' }),
      payload: sampleCsv,
    });
    const row = (imported.json() as ImportReport).rows.find((r) => r.externalNumber === 'C1001');
    expect(row?.mergeCandidate?.shopId).toBe(fieldShopId);
    importedShopId = row!.shopId!;
  }, 120_000);

  it('keeps offering the merge after the import: in the log, and for the field shop, until it is done', async () => {
    const importEntry = async () =>
      ((await get(ctx.admin, '/api/admin/log')).json() as { entries: { action: string; pendingMerges?: number[] }[] }).entries.find(
        (e) => e.action === 'shop.import',
      )!;
    expect((await importEntry()).pendingMerges).toEqual([fieldShopId]);
    const candidates = await get(ctx.admin, `/api/admin/shops/${fieldShopId}/merge-candidates`);
    expect(candidates.statusCode).toBe(200);
    expect(candidates.json()).toEqual([{ shopId: importedShopId, name: 'SCHOENEN DEWITTE', externalNumber: 'C1001' }]);
    // An imported shop is no field shop: nothing to merge it into.
    expect((await get(ctx.admin, `/api/admin/shops/${importedShopId}/merge-candidates`)).json()).toEqual([]);
    expect((await get(ctx.rep, `/api/admin/shops/${fieldShopId}/merge-candidates`)).statusCode).toBe(403);
  });

  it('refuses a rep and a manager, a shop into itself, an unknown shop and an imported shop, changing nothing', async () => {
    const before = await ctx.rowCounts();
    const answer = async (cookie: string, id: number, intoId: number) => {
      const res = await merge(cookie, id, intoId);
      return [res.statusCode, res.json().code, res.json().field];
    };
    expect(await answer(ctx.rep, fieldShopId, importedShopId)).toEqual([403, 'role_required', undefined]);
    expect(await answer(ctx.manager, fieldShopId, importedShopId)).toEqual([403, 'role_required', undefined]);
    expect(await answer(ctx.admin, fieldShopId, fieldShopId)).toEqual([400, 'merge_into_itself', 'body.intoId']);
    expect(await answer(ctx.admin, 999_999, importedShopId)).toEqual([404, 'shop_not_found', 'params.id']);
    expect(await answer(ctx.admin, fieldShopId, 999_999)).toEqual([404, 'shop_not_found', 'body.intoId']);
    // The ERP's shop has a customer number: merging it away would lose it, and the next import would make it again.
    expect(await answer(ctx.admin, importedShopId, fieldShopId)).toEqual([409, 'shop_merge_not_field', 'params.id']);
    expect((await post(ctx.admin, `/api/admin/shops/${fieldShopId}/merge`, { intoId: 'C1001' })).json().code).toBe('validation_failed');
    expect(await ctx.rowCounts()).toEqual(before);
  });

  it('moves the visits and appointments to the imported shop, takes the field shop off the list, and logs it once', async () => {
    // Read once before, so the list is kept under its current version.
    expect(await listed()).toEqual(expect.arrayContaining([fieldShopId, importedShopId]));
    const before = await ctx.rowCounts();

    const res = await merge(ctx.admin, fieldShopId, importedShopId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ shopId: importedShopId, movedVisits: 2, movedAppointments: 2 });

    const now = await listed();
    expect(now).toContain(importedShopId);
    expect(now).not.toContain(fieldShopId);
    expect((await get(ctx.rep, `/api/shops/${fieldShopId}`)).statusCode).toBe(404);
    const visits = (await get(ctx.rep, `/api/shops/${importedShopId}/prospections`)).json() as { id: number }[];
    expect(visits.map((v) => v.id).sort()).toEqual([...visitIds].sort());
    // The appointment titled after the field shop takes the imported shop's name; a title of the rep's own stays.
    // Both get a new SEQUENCE, so a subscribed calendar takes the change.
    const appointments = await queryRows<{ shop_id: number; name: string; sequence: number }>(
      ctx.database,
      sql`select shop_id, name, sequence from appointments where shop_id in (${fieldShopId}, ${importedShopId}) order by name`,
    );
    expect(appointments).toEqual([
      { shop_id: importedShopId, name: 'SCHOENEN DEWITTE', sequence: 1 },
      { shop_id: importedShopId, name: 'Stalen tonen', sequence: 1 },
    ]);
    // The owner the rep noted moves along; the field shop's own contact and address rows go.
    expect((await get(ctx.rep, `/api/contactinfo/${importedShopId}/5`)).json()).toMatchObject({ name: 'Marc Dewitte' });
    const [left] = await queryRows<{ contacts: number; addresses: number }>(
      ctx.database,
      sql`select (select count(*)::int from contacts where id = ${fieldPlace.contact_id}) as contacts,
                 (select count(*)::int from addresses where id = ${fieldPlace.address_id}) as addresses`,
    );
    expect(left).toEqual({ contacts: 0, addresses: 0 });
    expect(await ctx.rowCounts()).toMatchObject({
      shops: before.shops - 1,
      contacts: before.contacts - 1,
      addresses: before.addresses - 1,
      prospections: before.prospections,
      appointments: before.appointments,
      shop_contact_info: before.shop_contact_info,
      audit_log: before.audit_log + 1,
    });

    const entries = (await get(ctx.admin, '/api/admin/log?limit=200')).json().entries as {
      action: string;
      entity: string;
      entityId: number;
      before: object;
      after: object;
    }[];
    expect(entries.filter((e) => e.action === 'shop.merge')).toEqual([
      expect.objectContaining({
        entity: 'shop',
        entityId: fieldShopId,
        before: { id: fieldShopId, name: 'SCHOENEN DÉWITTE', postalCode: '9000' },
        after: { intoId: importedShopId, name: 'SCHOENEN DEWITTE', movedVisits: 2, movedAppointments: 2, movedContactDetails: 1 },
      }),
    ]);

    // Once merged, the field shop is gone: a second request (a double click) finds nothing and changes nothing.
    const counts = await ctx.rowCounts();
    expect((await merge(ctx.admin, fieldShopId, importedShopId)).json()).toMatchObject({ code: 'shop_not_found', field: 'params.id' });
    expect(await ctx.rowCounts()).toEqual(counts);
  });

  it('no longer offers a merge that is done', async () => {
    const log = (await get(ctx.admin, '/api/admin/log')).json() as { entries: { action: string; pendingMerges?: number[] }[] };
    expect(log.entries.find((e) => e.action === 'shop.import')!.pendingMerges).toEqual([]);
    expect((await get(ctx.admin, `/api/admin/shops/${fieldShopId}/merge-candidates`)).statusCode).toBe(404);
  });

  it('keeps a contact another shop shares with the field shop', async () => {
    // POST /api/shops makes a shop on an existing contact: two shops on one contact and address.
    const [shared] = await queryRows<{ contact_id: number; address_id: number }>(
      ctx.database,
      sql`select s.contact_id, c.address_id from shops s join contacts c on c.id = s.contact_id
          where s.external_number is null order by s.id limit 1`,
    );
    const twin = await post(ctx.rep, '/api/shops', { name: 'Tweede winkel op hetzelfde adres', contactId: shared.contact_id });
    expect(twin.statusCode, twin.body).toBe(201);
    const res = await merge(ctx.admin, twin.json().id, importedShopId);
    expect(res.json()).toEqual({ shopId: importedShopId, movedVisits: 0, movedAppointments: 0 });
    const [left] = await queryRows<{ contacts: number; addresses: number }>(
      ctx.database,
      sql`select (select count(*)::int from contacts where id = ${shared.contact_id}) as contacts,
                 (select count(*)::int from addresses where id = ${shared.address_id}) as addresses`,
    );
    expect(left).toEqual({ contacts: 1, addresses: 1 });
  });
});
