// kill -9 of the server while it sends a mail (decision 069), then a restart: killed before it connects to the SMTP
// server, the mail arrives once after the restart; killed after the SMTP server took it but before that was recorded,
// it is marked uncertain and not sent again; killed after it was recorded, it arrives once and stays sent. On the
// embedded database, and on PostgreSQL when TEST_DATABASE_URL is set. Runs in `npm run test:faults`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import type { Database } from '../db/client.js';
import { createTestDatabase, dbKinds, signInAt } from '../test/harness.js';
import { exited, spawnServer, waitReady, type ServerProcess } from '../test/serverProcess.js';
import { TestSmtpServer } from '../test/smtpServer.js';

const PORT = 3150;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Point = 'mail_before_connect' | 'mail_after_send' | 'job_recorded';

const startServer = (env: Record<string, string>) =>
  spawnServer({ PORT: String(PORT), LOG_LEVEL: 'info', JOB_LEASE_SECONDS: '5', JOB_RETRY_SECONDS: '1', ...env });

describe.each(dbKinds)('kill -9 while a mail is sent (%s)', (kind) => {
  const smtp = new TestSmtpServer();
  let current: ServerProcess | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    await smtp.start();
  });
  afterAll(async () => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGKILL');
      await exited(current.child, 10_000);
    }
    for (const cleanup of cleanups) await cleanup();
    await smtp.stop();
  });

  /** A database of its own for one case: a DATA_DIR, or a throwaway PostgreSQL database. */
  async function freshDatabase(): Promise<Record<string, string>> {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-mail-kill9-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return { DATA_DIR: dataDir };
    }
    const database: Database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    return { DATABASE_URL: database.url! };
  }

  async function mailStatus(admin: string, id: number) {
    const res = await fetch(`${base}/api/admin/mails`, { headers: { cookie: admin } });
    const { mails } = (await res.json()) as { mails: { id: number; status: string }[] };
    return mails.find((m) => m.id === id)?.status;
  }

  it.each<[Point, string]>([
    ['mail_before_connect', 'sent'],
    ['mail_after_send', 'uncertain'],
    ['job_recorded', 'sent'],
  ])(
    'killed at %s: after the restart the mail is %s and arrived exactly once',
    async (point, expected) => {
      const database = await freshDatabase();
      const env = { ...database, SMTP_URL: smtp.url, PUBLIC_URL: base };
      const subject = `Kill9 ${kind} ${point}`;
      current = startServer({ ...env, PROSPECTIE_FAULT: point });
      await waitReady(current, base, 90_000);
      const rep = await signInAt(base, 'demo@example.com');
      const colleague = await signInAt(base, 'collega@example.com');
      const colleagueId = (
        (await (await fetch(`${base}/api/me`, { headers: { cookie: colleague } })).json()) as { employee: { id: number } }
      ).employee.id;
      const handed = await fetch(`${base}/api/todos`, {
        method: 'POST',
        headers: { cookie: rep, [CLIENT_HEADER]: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ name: subject, employeeIds: [colleagueId] }),
      });
      expect(handed.status, await handed.clone().text()).toBeLessThan(300);
      // The queue takes it at once and the process ends itself at the point.
      expect(await exited(current.child, 30_000), current.output()).toBe('SIGKILL');
      const arrived = () => smtp.received.filter((m) => m.text.includes(subject)).length;
      expect(arrived()).toBe(point === 'mail_before_connect' ? 0 : 1);

      current = startServer(env);
      await waitReady(current, base, 90_000);
      const admin = await signInAt(base, 'beheer@example.com');
      const [{ id }] = (
        (await (await fetch(`${base}/api/admin/mails`, { headers: { cookie: admin } })).json()) as { mails: { id: number }[] }
      ).mails;
      // Past the lease (5 s) the abandoned job is recovered at the next round (every 2 s).
      const until = Date.now() + 30_000;
      while ((await mailStatus(admin, id)) !== expected && Date.now() < until) await sleep(250);
      expect(await mailStatus(admin, id), current.output()).toBe(expected);
      // A few more rounds: nothing is sent again.
      await sleep(4_500);
      expect(arrived()).toBe(1);
      expect(await mailStatus(admin, id)).toBe(expected);
      if (expected === 'uncertain') expect(current.output()).toContain('marked uncertain, not run again');
      current.child.kill('SIGTERM');
      await exited(current.child, 20_000);
    },
    180_000,
  );
});
