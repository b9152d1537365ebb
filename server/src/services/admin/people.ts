// The administration of people (decision 029): search, add, edit, deactivate and reactivate an account and its
// employee. Every write leaves one entry in the log, in its own transaction.
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPerson, adminPersonCreate, adminPersonUpdate } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { calendarFeeds, employees, users } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { writeAudit } from '../audit.js';
import { constraintOf } from '../../db/rows.js';

type AssignableRole = AdminPerson['roles'][number];
/** The store that ends or refreshes a user's sessions on every instance (auth/sessions.ts). */
export interface SessionEnder {
  endAllOf(tx: Db | Tx, userId: number): Promise<number>;
  refreshAllOf(tx: Db | Tx, userId: number): Promise<void>;
}

const ACCENTED_LOWER = 'áàâäãåāéèêëēėęíìîïīóòôöõøōúùûüūýÿçñš';
const PLAIN = 'aaaaaaaeeeeeeeiiiiiooooooouuuuuyycns';
// Upper case too: lower() leaves letters outside ASCII alone under the C locale (PGlite's).
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
/** Lower case without accents, the same in SQL and here, so 'celine' finds 'Céline' and 'ÉLODIE'. */
const foldSql = (column: SQL | typeof users.login) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN + PLAIN})`;
export const fold = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const personColumns = {
  userId: users.id,
  employeeId: employees.id,
  login: users.login,
  email: users.email,
  firstName: employees.firstName,
  name: employees.name,
  roles: users.roles,
  active: users.active,
  externalId: users.externalId,
};
const selectPeople = (db: Db | Tx) => db.select(personColumns).from(users).leftJoin(employees, eq(employees.userId, users.id));
type PersonRow = Awaited<ReturnType<typeof selectPeople>>[number];

const toPerson = (r: PersonRow): AdminPerson => ({
  userId: r.userId,
  employeeId: r.employeeId ?? null,
  login: r.login,
  email: r.email,
  firstName: r.firstName ?? null,
  name: r.name ?? null,
  roles: r.roles.filter((x): x is AssignableRole => x === 'manager' || x === 'beheerder'),
  active: r.active,
  linked: r.externalId !== null,
});

/** What the log keeps of a person: the administrator's own record (login, mail address, names, roles, active). */
const auditView = (p: AdminPerson) => ({
  login: p.login,
  email: p.email,
  firstName: p.firstName,
  name: p.name,
  roles: p.roles,
  active: p.active,
});

export async function listPeople(db: Db, query: { q?: string; status: 'active' | 'inactive' | 'all' }): Promise<AdminPerson[]> {
  const q = query.q?.trim() ? `%${fold(query.q.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await selectPeople(db)
    .where(
      and(
        query.status === 'all' ? undefined : eq(users.active, query.status === 'active'),
        q
          ? or(
              sql`${foldSql(users.login)} like ${q}`,
              sql`${foldSql(sql`${employees.firstName}`)} like ${q}`,
              sql`${foldSql(sql`${employees.name}`)} like ${q}`,
              sql`${foldSql(sql`${employees.firstName} || ' ' || ${employees.name}`)} like ${q}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(employees.name), asc(employees.firstName), asc(users.login));
  return rows.map(toPerson);
}

async function personById(db: Db | Tx, userId: number, lock = false): Promise<AdminPerson> {
  const select = selectPeople(db).where(eq(users.id, userId));
  const [row] = lock ? await select.for('update', { of: users }) : await select;
  if (!row) throw new DomainError('user_not_found', 'user not found');
  return toPerson(row);
}

async function assertLoginFree(tx: Tx, login: string, exceptUserId?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.login})`, login.toLowerCase()), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  if (taken) throw new DomainError('login_taken', 'another account has this login', 'body.login');
}

/** A unique violation on the login (two administrators at once) is the same refusal as the check's. */
async function loginUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (constraintOf(err) === 'users_login_lower_idx') throw new DomainError('login_taken', 'another account has this login', 'body.login');
    throw err;
  }
}

/**
 * Creates an account and its employee. `actorUserId` null: the sign-in itself (auto-provisioning) or the
 * command line. Inside `tx` when given (the sign-in's matching runs in its own).
 */
export async function createPerson(
  db: Db,
  actorUserId: number | null,
  input: z.output<typeof adminPersonCreate> & { externalId?: string },
  action: 'person.create' | 'person.provision' = 'person.create',
): Promise<AdminPerson> {
  return loginUnique(() =>
    db.transaction(async (tx) => {
      await assertLoginFree(tx, input.login);
      const [user] = await tx
        .insert(users)
        .values({ login: input.login, email: input.email ?? null, roles: [...new Set(input.roles)], externalId: input.externalId ?? null })
        .returning({ id: users.id });
      await tx.insert(employees).values({ userId: user.id, firstName: input.firstName, name: input.name });
      const person = await personById(tx, user.id);
      await writeAudit(tx, { actorUserId, action, entity: 'person', entityId: user.id, before: null, after: auditView(person) });
      return person;
    }),
  );
}

/**
 * Changes an account: login, names, roles; `active` false deactivates it (its sessions end at once on every
 * instance), true reactivates it. An administrator cannot deactivate herself or take her own beheerder role.
 */
export async function updatePerson(
  db: Db,
  sessions: SessionEnder,
  actorUserId: number | null,
  userId: number,
  input: z.output<typeof adminPersonUpdate>,
): Promise<AdminPerson> {
  if (actorUserId === userId && input.active === false) {
    throw new DomainError('cannot_deactivate_self', 'an administrator cannot deactivate her own account', 'body.active');
  }
  return loginUnique(() =>
    db.transaction(async (tx) => {
      const before = await personById(tx, userId, true);
      if (actorUserId === userId && input.roles && before.roles.includes('beheerder') && !input.roles.includes('beheerder')) {
        throw new DomainError('cannot_deactivate_self', 'an administrator cannot take her own beheerder role', 'body.roles');
      }
      if (input.login !== undefined && input.login.toLowerCase() !== before.login.toLowerCase())
        await assertLoginFree(tx, input.login, userId);
      const userChange = {
        ...(input.login !== undefined ? { login: input.login } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.roles !== undefined ? { roles: [...new Set(input.roles)] } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      if (Object.keys(userChange).length) await tx.update(users).set(userChange).where(eq(users.id, userId));
      if (input.firstName !== undefined || input.name !== undefined) {
        if (before.employeeId === null) {
          // An account without an employee gets one when it is given both names.
          if (input.firstName === undefined || input.name === undefined) {
            throw new DomainError('employee_not_found', 'this account has no employee: give both names to add one', 'body.name');
          }
          await tx.insert(employees).values({ userId, firstName: input.firstName, name: input.name });
        } else {
          await tx
            .update(employees)
            .set({
              ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
              ...(input.name !== undefined ? { name: input.name } : {}),
            })
            .where(eq(employees.id, before.employeeId));
        }
      }
      // Deactivated: her sessions end. Otherwise they are read afresh, so new names or roles count at her next request.
      // Deactivated: her calendar feed goes too (its address answers 404; reactivation makes no new one).
      if (input.active === false) {
        await sessions.endAllOf(tx, userId);
        if (before.employeeId !== null) await tx.delete(calendarFeeds).where(eq(calendarFeeds.employeeId, before.employeeId));
      } else await sessions.refreshAllOf(tx, userId);
      const after = await personById(tx, userId);
      const action =
        before.active && !after.active ? 'person.deactivate' : !before.active && after.active ? 'person.reactivate' : 'person.update';
      await writeAudit(tx, { actorUserId, action, entity: 'person', entityId: userId, before: auditView(before), after: auditView(after) });
      return after;
    }),
  );
}

/** The command line's way to the first administrator: gives a login the beheerder role in the app. */
export async function grantBeheerder(db: Db, login: string): Promise<AdminPerson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.login})`, login.trim().toLowerCase()));
    if (!row) throw new DomainError('user_not_found', 'no account with this login');
    const before = await personById(tx, row.id, true);
    if (before.roles.includes('beheerder') && before.active) return before;
    await tx
      .update(users)
      .set({ roles: [...new Set([...before.roles, 'beheerder'])], active: true })
      .where(eq(users.id, row.id));
    const after = await personById(tx, row.id);
    await writeAudit(tx, {
      actorUserId: null,
      action: before.active ? 'person.update' : 'person.reactivate',
      entity: 'person',
      entityId: row.id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
