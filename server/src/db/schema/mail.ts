// Background work and the mail it sends (docs/decisions/069-mail-and-job-queue.md): a queue any instance works with
// SELECT … FOR UPDATE SKIP LOCKED, each person's mail settings, and the log of every mail without its contents.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { employees } from './people.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do: the handler's name ('mail'). */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** A second job with the same key is not queued (a person's digest of a day, whichever instance asks first). */
    key: varchar('key', { length: 200 }).unique(),
    /** What the handler needs (a mail's own row holds its details: the job's id is the mail's). */
    payload: jsonb('payload').notNull().default({}),
    /** queued → running → done | failed | uncertain; back to queued when an attempt fails and may be tried again. */
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** While running: the instance that took it holds it until then; after it, the job was abandoned (a crash). */
    lockedUntil: at('locked_until'),
    /**
     * Set, and committed, right before the step that cannot be taken back (handing a mail to the SMTP server): a job
     * abandoned after it is marked uncertain, never run again.
     */
    committedAt: at('committed_at'),
    /** Why the last attempt failed, as a code (never a message with an address in it). */
    lastError: varchar('last_error', { length: 60 }),
    dateCreated: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'uncertain')`),
  ],
);

/** A person's choice per kind of mail; no row: the defaults (MAIL_DEFAULTS, contract/src/mail.ts). */
export const mailSettings = pgTable('mail_settings', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  todo: boolean('todo').notNull(),
  digest: boolean('digest').notNull(),
});

/** Every mail: to whom, of what kind and about what (ids, never text), what became of it. Sent by its job. */
export const mails = pgTable(
  'mails',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    /** What it is about: the to-dos and visit of a to-do mail, the day of a digest. */
    refs: jsonb('refs').notNull(),
    /** Null while waiting; else MAIL_STATUSES but 'waiting'. */
    outcome: varchar('outcome', { length: 12 }),
    /** The address it was sent (or last tried) to. */
    address: varchar('address', { length: 320 }),
    dateCreated: createdAt(),
  },
  (t) => [index('mails_employee_idx').on(t.employeeId), check('mails_kind_check', sql`${t.kind} in ('todo', 'digest')`)],
);
