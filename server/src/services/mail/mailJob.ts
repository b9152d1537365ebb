// The queue's 'mail' job (docs/decisions/069-mail-and-job-queue.md): reads the mail's row, checks that she still wants
// that kind and has an address, writes it (a to-do mail or a digest) and hands it to the SMTP server; what became of
// it is recorded with the job's end, in the same transaction.
import { sql } from 'drizzle-orm';
import type { MailKind } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { brusselsNow } from '../brusselsTime.js';
import type { JobHandler, JobOutcome } from '../jobs/queue.js';
import { digestMail } from './digest.js';
import { renderHtml, renderText } from './render.js';
import { recipient } from './settings.js';
import { SendError, sendMessage, type Message } from './smtp.js';
import { mailTexts } from './texts.js';
import { todoMail } from './todoMails.js';
import { unsubscribeUrl } from './unsubscribe.js';

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  publicUrl: string;
  /** The server's key: the unsubscribe tokens are derived from it (decision 070). */
  secret: string;
  dueAfterDays: number;
  /** The clock a digest's day is judged by (tests set it). */
  now?: () => Date;
  /** Hands the message over; tests may watch it. Default: SMTP. */
  send?: (smtpUrl: string, message: Message, pointOfNoReturn: () => Promise<void>) => Promise<void>;
}

const record = (id: number, outcome: string, address: string | null) => async (tx: Tx) =>
  tx.execute(sql`update mails set outcome = ${outcome}, address = ${address} where id = ${id}`);

export function mailJobHandler(db: Db, options: MailerOptions): JobHandler {
  const base = options.publicUrl;
  const links = {
    home: `${base}/home`,
    todo: (id: number) => `${base}/taken?taak=${id}`,
    visit: (shopId: number, prospectionId: number) => `${base}/shop/${shopId}/prospections/${prospectionId}`,
    shop: (shopId: number) => `${base}/shop/${shopId}`,
  };
  const send = options.send ?? sendMessage;
  const now = options.now ?? (() => new Date());

  return async (job, context): Promise<JobOutcome> => {
    const [mail] = await rowsOf<{ employee_id: number; kind: MailKind; refs: Record<string, unknown> }>(
      db,
      sql`select employee_id, kind, refs from mails where id = ${job.id}`,
    );
    if (!mail) return { state: 'failed', error: 'mail_missing' };
    const who = await recipient(db, mail.employee_id);
    if (!who || !who.active || !who.wants[mail.kind]) return { state: 'done', record: record(job.id, 'off', null) };
    if (!who.address) return { state: 'done', record: record(job.id, 'no_address', null) };
    const day = typeof mail.refs.day === 'string' ? mail.refs.day : null;
    if (mail.kind === 'digest' && day !== brusselsNow(now()).slice(0, 10))
      return { state: 'done', record: record(job.id, 'expired', who.address) };
    const content =
      mail.kind === 'digest'
        ? await digestMail(db, who.employeeId, day!, options.dueAfterDays, links)
        : await todoMail(db, who.employeeId, mail.refs as { todoIds: number[]; prospectionId: number | null }, links);
    if (!content) return { state: 'done', record: record(job.id, 'nothing', who.address) };
    const texts = mail.kind === 'digest' ? mailTexts.digest : mailTexts.todo;
    const unsubscribe = unsubscribeUrl(base, options.secret, who.employeeId, mail.kind);
    const document = {
      ...content.document(mailTexts.greeting(who.firstName)),
      why: texts.why,
      unsubscribe: { label: texts.stop, url: unsubscribe },
      settingsUrl: `${base}/instellingen`,
    };
    const message: Message = {
      from: options.from,
      to: who.address,
      subject: content.subject,
      text: renderText(document),
      html: renderHtml(document),
      unsubscribeUrl: unsubscribe,
    };
    try {
      await send(options.smtpUrl, message, context.pointOfNoReturn);
    } catch (err) {
      if (!(err instanceof SendError)) throw err;
      if (err.outcome === 'retry') return { state: 'retry', error: err.code };
      if (err.outcome === 'refused') return { state: 'failed', error: 'smtp_refused' };
      return { state: 'uncertain', error: err.code };
    }
    return { state: 'done', record: record(job.id, 'sent', who.address) };
  };
}
