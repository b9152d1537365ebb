// The background work of one instance (docs/decisions/069-mail-and-job-queue.md): the job queue with its handlers,
// and the digest's schedule checked at each of its rounds. Without SMTP_URL there is no mail and nothing to run.
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { digestDay, queueDigests } from '../mail/digest.js';
import { geocodeJobHandler, queueGeocoding } from '../places/geocoder.js';
import { mailJobHandler, type MailerOptions } from '../mail/mailJob.js';
import type { TodoMails } from '../mail/todoMails.js';
import { JobQueue, type JobHandler } from './queue.js';

export interface Background {
  queue: JobQueue;
  /** Whether there is work to run at all (a handler configured). */
  runs: boolean;
  todoMails: TodoMails;
}

export interface BackgroundOptions {
  /** The clock the digest's time is judged by (tests set it). */
  now?: () => Date;
  /** Hands a mail over instead of SMTP (tests that watch it). */
  send?: MailerOptions['send'];
  pollMs?: number;
}

export function background(
  db: Db,
  config: Config,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: BackgroundOptions = {},
): Background {
  const now = options.now ?? (() => new Date());
  const handlers: Record<string, JobHandler> = {};
  let lastDigestDay: string | null = null;
  let lastGeocodeCheck = 0;
  if (config.geocoderUrl) {
    handlers.geocode = geocodeJobHandler(db, {
      geocoderUrl: config.geocoderUrl,
      userAgent: `Prospectie (${config.publicUrl})`,
      retrySeconds: config.jobs.retrySeconds,
    });
  }
  if (config.mail) {
    handlers.mail = mailJobHandler(db, {
      ...config.mail,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      dueAfterDays: config.dueAfterDays,
      now,
      send: options.send,
    });
  }
  const queue = new JobQueue(db, {
    handlers,
    leaseSeconds: config.jobs.leaseSeconds,
    retrySeconds: config.jobs.retrySeconds,
    log,
    pollMs: options.pollMs,
    everyRound: async () => {
      // Shops imported, registered or moved since: asked for at most a minute later (decision 071).
      if (config.geocoderUrl && Date.now() - lastGeocodeCheck >= 60_000) {
        lastGeocodeCheck = Date.now();
        await queueGeocoding(db);
      }
      if (!config.mail) return;
      const day = digestDay(now());
      // Once per day and instance; the jobs' keys keep it to once per person and day across instances.
      if (!day || day === lastDigestDay) return;
      const queued = await queueDigests(db, day);
      lastDigestDay = day;
      if (queued) log.info({ day, queued }, 'digests queued');
    },
  });
  return {
    queue,
    runs: Object.keys(handlers).length > 0,
    todoMails: { on: config.mail !== undefined, queued: () => queue.wake() },
  };
}
