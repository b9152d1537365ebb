// Merging a shop a rep made in the field into the imported one it matches (decision 030): the import report offers the
// pair (mergeCandidate → shopId); the administration merges them. One transaction with its log entry: the field
// shop's visits and appointments move, the contact details the remaining shop lacks move too, and the field shop
// goes with its own contact and address rows.
import { and, asc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { ShopMergeCandidate, ShopMergeResult } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { addresses, appointments, contacts, prospections, shopContactInfo, shops } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { replayPipeline } from '../pipeline/replay.js';
import { writeAudit } from '../audit.js';
import { fold } from '../import/shopsClassify.js';

/** Both shops, locked in id order (two merges at once never wait on each other crosswise). */
async function lockShops(tx: Tx, id: number, intoId: number) {
  const rows = await tx
    .select({ id: shops.id, name: shops.name, externalNumber: shops.externalNumber, contactId: shops.contactId })
    .from(shops)
    .where(inArray(shops.id, [id, intoId]))
    .orderBy(asc(shops.id))
    .for('update');
  const source = rows.find((r) => r.id === id);
  if (!source) throw new DomainError('shop_not_found', 'no such shop', 'params.id');
  const target = rows.find((r) => r.id === intoId);
  if (!target) throw new DomainError('shop_not_found', 'no shop to merge into', 'body.intoId');
  return { source, target };
}

/**
 * The field shop's contact and address, locked too: a shop or contact made meanwhile on them (POST /api/shops,
 * /api/contacts) waits, and afterwards the check whether anything else uses them sees it.
 */
async function lockContact(tx: Tx, contactId: number | null): Promise<{ addressId: number | null; postalCode: string | null }> {
  if (contactId === null) return { addressId: null, postalCode: null };
  const [contact] = await tx.select({ addressId: contacts.addressId }).from(contacts).where(eq(contacts.id, contactId)).for('update');
  const addressId = contact?.addressId ?? null;
  if (addressId === null) return { addressId, postalCode: null };
  const [address] = await tx.select({ postalCode: addresses.postalCode }).from(addresses).where(eq(addresses.id, addressId)).for('update');
  return { addressId, postalCode: address?.postalCode ?? null };
}

/**
 * The imported shops a field shop may be a duplicate of, as the shop import finds them: the same name and postal code,
 * compared without case, accents and extra spaces. None for a shop that is not a field shop.
 */
export async function mergeCandidates(db: Db, id: number): Promise<ShopMergeCandidate[]> {
  const [field] = await db
    .select({ name: shops.name, externalNumber: shops.externalNumber, postalCode: addresses.postalCode })
    .from(shops)
    .leftJoin(contacts, eq(contacts.id, shops.contactId))
    .leftJoin(addresses, eq(addresses.id, contacts.addressId))
    .where(eq(shops.id, id));
  if (!field) throw new DomainError('shop_not_found', 'no such shop', 'params.id');
  if (field.externalNumber !== null || !field.postalCode) return [];
  const postal = fold(field.postalCode).replace(/ /g, '');
  const sameCode = await db
    .select({ shopId: shops.id, name: shops.name, externalNumber: shops.externalNumber })
    .from(shops)
    .innerJoin(contacts, eq(contacts.id, shops.contactId))
    .innerJoin(addresses, eq(addresses.id, contacts.addressId))
    .where(and(isNotNull(shops.externalNumber), sql`replace(lower(${addresses.postalCode}), ' ', '') = ${postal}`))
    .orderBy(asc(shops.id))
    .limit(200);
  return sameCode
    .filter((s) => fold(s.name) === fold(field.name))
    .map((s) => ({ shopId: s.shopId, name: s.name, externalNumber: s.externalNumber! }));
}

export async function mergeShop(db: Db, actorUserId: number, id: number, intoId: number): Promise<ShopMergeResult> {
  if (id === intoId) throw new DomainError('merge_into_itself', 'a shop cannot be merged into itself', 'body.intoId');
  return db.transaction(async (tx) => {
    // Locked first: a visit or appointment saved meanwhile for the field shop waits, then finds it gone.
    const { source, target } = await lockShops(tx, id, intoId);
    if (source.externalNumber !== null)
      throw new DomainError('shop_merge_not_field', 'only a shop made in the field (no customer number) can be merged away', 'params.id');
    const place = await lockContact(tx, source.contactId);

    const visits = await tx
      .update(prospections)
      .set({ shopId: intoId })
      .where(eq(prospections.shopId, id))
      .returning({ id: prospections.id });
    // A new SEQUENCE, so a subscribed calendar takes the new place; a title that was the shop's name follows it.
    const moved = await tx
      .update(appointments)
      .set({
        shopId: intoId,
        name: sql`case when ${appointments.name} = ${source.name} then ${target.name} else ${appointments.name} end`,
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(appointments.shopId, id))
      .returning({ id: appointments.id });
    // The owner, buyer and seller a rep noted in the field, where the imported shop has none of that kind.
    const details = await tx
      .insert(shopContactInfo)
      .select(
        tx
          .select({
            shopId: sql<number>`${intoId}::int`.as('shop_id'),
            code: shopContactInfo.code,
            name: shopContactInfo.name,
            email: shopContactInfo.email,
            phoneNumber: shopContactInfo.phoneNumber,
          })
          .from(shopContactInfo)
          .where(eq(shopContactInfo.shopId, id)),
      )
      .onConflictDoNothing()
      .returning({ code: shopContactInfo.code });

    // What reps said of the shop's brands goes along (decision 066), then the shop's statuses are worked out again from
    // the visits the two shops now share.
    await tx.execute(sql`update pipeline_history set shop_id = ${intoId}::int where shop_id = ${id}::int and source in ('rep', 'import')`);
    await tx.execute(sql`delete from pipeline_statuses where shop_id = ${id}::int`);
    await replayPipeline(tx, { shopIds: [intoId] });

    // The details that did not move go with the shop (on delete cascade); its contact and address when nothing else
    // uses them (a contact may serve two shops, an address two contacts).
    await tx.delete(shops).where(eq(shops.id, id));
    if (source.contactId !== null) {
      const contactId = source.contactId;
      const gone = await tx
        .delete(contacts)
        .where(and(eq(contacts.id, contactId), notExists(tx.select({ id: shops.id }).from(shops).where(eq(shops.contactId, contactId)))))
        .returning({ id: contacts.id });
      const { addressId } = place;
      if (gone.length && addressId !== null) {
        await tx
          .delete(addresses)
          .where(
            and(
              eq(addresses.id, addressId),
              notExists(tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.addressId, addressId))),
            ),
          );
      }
    }

    const result = { shopId: intoId, movedVisits: visits.length, movedAppointments: moved.length };
    await writeAudit(tx, {
      actorUserId,
      action: 'shop.merge',
      entity: 'shop',
      entityId: id,
      before: { id, name: source.name, postalCode: place.postalCode },
      after: {
        intoId,
        name: target.name,
        movedVisits: result.movedVisits,
        movedAppointments: result.movedAppointments,
        movedContactDetails: details.length,
      },
    });
    return result;
  });
}
