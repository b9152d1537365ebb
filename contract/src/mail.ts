// E-mail to the people of the team (docs/decisions/069-mail-and-job-queue.md): a mail for a to-do handed to someone,
// and a morning digest, each switched on or off by the person; the administration's log of what was sent.
import { z } from 'zod';
import { TEXT_LIMITS } from './limits';

/** The kinds of mail; each person turns each one on or off. */
export const MAIL_KINDS = ['todo', 'digest'] as const;
export const mailKind = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof mailKind>;

/** Without a choice of her own: a mail for a to-do handed to her, no digest. */
export const MAIL_DEFAULTS: Record<MailKind, boolean> = { todo: true, digest: false };

/** The signed-in person's mail settings. */
export const mailSettings = z.object({
  /** Whether this installation sends mail at all (SMTP_URL is set). */
  sending: z.boolean(),
  /** Where her mail goes: the address the administration set, else her login when it is an address; null: nowhere. */
  address: z.string().nullable(),
  todo: z.boolean(),
  digest: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettings>;
export const mailSettingsInput = z.object({ todo: z.boolean(), digest: z.boolean() });
export type MailSettingsInput = z.infer<typeof mailSettingsInput>;

/** An address a person's mail may go to, as the administration types it. */
export const mailAddress = z.string().trim().toLowerCase().max(TEXT_LIMITS.login).pipe(z.email());

/**
 * What became of a mail: waiting (queued, or retried later while the mail server is unreachable); sent; not sent
 * because she turned that kind off, has no address, or there was nothing to say; refused by the mail server; failed
 * (the mail server stayed unreachable for two days); expired (a digest whose day had passed); uncertain (the process stopped after the mail server may have taken it: not sent
 * again, decision 069).
 */
export const MAIL_STATUSES = ['waiting', 'sent', 'off', 'no_address', 'nothing', 'refused', 'failed', 'expired', 'uncertain'] as const;
export const mailStatus = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatus>;

/** One mail in the administration's log: to whom, what kind, when and what became of it; never its contents. */
export const mailLogEntry = z.object({
  id: z.number().int(),
  kind: mailKind,
  recipient: z.object({ employeeId: z.number().int(), name: z.string() }),
  /** The address it went to (or was last tried at). */
  address: z.string().nullable(),
  status: mailStatus,
  attempts: z.number().int(),
  createdAt: z.string(),
  /** When it was sent or given up; null while waiting. */
  finishedAt: z.string().nullable(),
  /** While waiting after a failed attempt: when it is tried again. */
  nextAttemptAt: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntry>;
export const mailLogQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const mailLogPage = z.object({ mails: z.array(mailLogEntry), nextBefore: z.number().int().nullable() });
export type MailLogPage = z.infer<typeof mailLogPage>;
