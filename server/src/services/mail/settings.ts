// Each person's mail: the address it goes to and which kinds she wants (defaults: MAIL_DEFAULTS).
import { sql } from 'drizzle-orm';
import { MAIL_DEFAULTS, mailAddress, type MailKind, type MailSettings, type MailSettingsInput } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** The address the administration set, else her login when it is an e-mail address, else none. */
export function mailAddressOf(user: { login: string; email: string | null }): string | null {
  if (user.email) return user.email;
  const login = mailAddress.safeParse(user.login);
  return login.success ? login.data : null;
}

interface Recipient {
  employeeId: number;
  firstName: string;
  address: string | null;
  active: boolean;
  wants: Record<MailKind, boolean>;
}

/** A person as her mail needs her: first name, address, whether she is active, what she wants; null if unknown. */
export async function recipient(db: Db | Tx, employeeId: number): Promise<Recipient | null> {
  const [row] = await rowsOf<{
    first_name: string;
    login: string;
    email: string | null;
    active: boolean;
    todo: boolean | null;
    digest: boolean | null;
  }>(
    db,
    sql`select e.first_name, u.login, u.email, u.active, s.todo, s.digest
        from employees e join users u on u.id = e.user_id left join mail_settings s on s.employee_id = e.id
        where e.id = ${employeeId}::int`,
  );
  if (!row) return null;
  return {
    employeeId,
    firstName: row.first_name,
    address: mailAddressOf(row),
    active: row.active,
    wants: { todo: row.todo ?? MAIL_DEFAULTS.todo, digest: row.digest ?? MAIL_DEFAULTS.digest },
  };
}

export async function mailSettingsOf(db: Db, employeeId: number, sending: boolean): Promise<MailSettings> {
  const who = await recipient(db, employeeId);
  return { sending, address: who?.address ?? null, ...(who?.wants ?? MAIL_DEFAULTS) };
}

export async function setMailSettings(db: Db | Tx, employeeId: number, input: MailSettingsInput) {
  await db.execute(
    sql`insert into mail_settings (employee_id, todo, digest) values (${employeeId}::int, ${input.todo}, ${input.digest})
        on conflict (employee_id) do update set todo = excluded.todo, digest = excluded.digest`,
  );
}

/** Turns one kind off (the unsubscribe link), keeping her other choice. */
export async function turnOff(db: Db, employeeId: number, kind: MailKind) {
  const settings = { ...MAIL_DEFAULTS, [kind]: false };
  await db.execute(
    sql`insert into mail_settings (employee_id, todo, digest) select id, ${settings.todo}, ${settings.digest} from employees where id = ${employeeId}::int
        on conflict (employee_id) do update set ${sql.raw(kind === 'todo' ? 'todo' : 'digest')} = false`,
  );
}
