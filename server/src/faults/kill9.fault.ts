// kill -9 in the middle of a stream of visits, 20 times over, on the embedded database (PGlite, DATA_DIR):
// the database opens every time, every visit that got a 2xx is there exactly once, and no visit is
// half-written (each has all its brands, competitor brands, interests and to-dos as sent).
// Over a minute: runs in `npm run test:faults` (vitest.faults.config.ts), which .ci/run runs after `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { openDatabase } from '../db/client.js';
import { queryRows, UNHANDLED_REJECTION } from '../test/harness.js';
import { exited, spawnServer, waitReady, type ServerProcess } from '../test/serverProcess.js';

const PORT = 3140;
const base = `http://127.0.0.1:${PORT}`;
const CYCLES = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startServer = (dataDir: string) => spawnServer({ PORT: String(PORT), DATA_DIR: dataDir });
const killed = (child: ServerProcess['child']) => exited(child);

describe('kill -9 while visits stream in (PGlite)', () => {
  let dataDir: string;
  let current: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-kill9-'));
  });
  afterAll(async () => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGKILL');
      await killed(current.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `${CYCLES} cycles: opens every time, every acknowledged visit saved once, nothing half-written`,
    async () => {
      const acknowledged = new Map<string, number>(); // extra → id the server answered
      let sent = 0;
      let employeeId = 0;

      for (let cycle = 0; cycle < CYCLES; cycle++) {
        current = startServer(dataDir);
        await waitReady(current, base, 60_000);
        const signIn = await fetch(`${base}/api/auth/demo`, {
          method: 'POST',
          headers: { [CLIENT_HEADER]: '1', 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com' }),
        });
        expect(signIn.status).toBe(204);
        const cookie = signIn.headers.getSetCookie()[0].split(';')[0];
        if (!employeeId)
          employeeId = ((await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { employee: { id: number } }).employee
            .id;
        const shops = (await (await fetch(`${base}/api/shops`, { headers: { cookie } })).json()) as { id: number }[];

        let running = true;
        const worker = async (w: number) => {
          for (let n = 0; running; n++) {
            const extra = `k9-${cycle}-${w}-${n}`;
            sent++;
            const body = {
              visitDate: '2026-11-23',
              contactTypeId: 1,
              visitTypeId: 1,
              extra,
              brands: [
                { brandId: 1, sellout: 10 },
                { brandId: 2, sellout: 20 },
              ],
              competitorBrandIds: [1, 2],
              brandInterests: [{ brandId: 3, remark: 'stalen' }],
              todos: [{ name: `Taak ${extra}`, toDoTypeId: 1, employeeIds: [employeeId] }],
            };
            try {
              const res = await fetch(`${base}/api/shops/${shops[(w + n) % shops.length].id}/prospections`, {
                method: 'POST',
                headers: { cookie, [CLIENT_HEADER]: '1', 'content-type': 'application/json', 'idempotency-key': extra },
                body: JSON.stringify(body),
              });
              if (res.status >= 200 && res.status < 300) acknowledged.set(extra, ((await res.json()) as { id: number }).id);
              else expect(res.status, extra).toBe(201);
            } catch {
              return; // the server is gone; whether this one was saved is unknown, and either is fine
            }
          }
        };
        const workers = [0, 1, 2, 3].map(worker);
        // Let the stream run a varying while, then pull the plug without warning.
        await sleep(300 + ((cycle * 7919) % 1200));
        current.child.kill('SIGKILL');
        await killed(current.child);
        running = false;
        await Promise.all(workers);
      }

      // One more start: the database opens after the last kill too; then look at what is on disk.
      current = startServer(dataDir);
      await waitReady(current, base, 60_000);
      current.child.kill('SIGTERM');
      await killed(current.child);
      expect(current.child.exitCode, current.output()).toBe(0);
      expect(current.output()).not.toMatch(UNHANDLED_REJECTION);

      expect(acknowledged.size).toBeGreaterThan(CYCLES * 5);
      const database = await openDatabase({ dataDir });
      try {
        const rows = await queryRows<{
          id: number;
          extra: string;
          brands: number;
          competitors: number;
          interests: number;
          todos: number;
          assignees: number;
        }>(
          database,
          sql`select p.id, p.extra,
              (select count(*)::int from prospection_brands b where b.prospection_id = p.id) as brands,
              (select count(*)::int from prospection_competitor_brands c where c.prospection_id = p.id) as competitors,
              (select count(*)::int from prospection_brand_interests i where i.prospection_id = p.id) as interests,
              (select count(*)::int from prospection_todos t where t.prospection_id = p.id) as todos,
              (select count(*)::int from prospection_todos t join todo_employees e on e.to_do_id = t.to_do_id where t.prospection_id = p.id) as assignees
            from prospections p where p.extra like 'k9-%'`,
        );
        const byExtra = new Map<string, typeof rows>();
        for (const row of rows) byExtra.set(row.extra, [...(byExtra.get(row.extra) ?? []), row]);
        // Acknowledged: there, once, with the id the server answered.
        const missing = [...acknowledged].filter(([extra, id]) => byExtra.get(extra)?.length !== 1 || byExtra.get(extra)![0].id !== id);
        expect(missing).toEqual([]);
        // Every saved visit (acknowledged or cut off before its answer) is whole and single.
        expect([...byExtra].filter(([, list]) => list.length !== 1).map(([extra]) => extra)).toEqual([]);
        expect(
          rows.filter((r) => r.brands !== 2 || r.competitors !== 2 || r.interests !== 1 || r.todos !== 1 || r.assignees !== 1),
        ).toEqual([]);
        // To-dos are not left without their visit either.
        const [{ orphans }] = await queryRows<{ orphans: number }>(
          database,
          sql`select count(*)::int as orphans from todos t where t.name like 'Taak k9-%' and not exists (select 1 from prospection_todos pt where pt.to_do_id = t.id)`,
        );
        expect(orphans).toBe(0);
        console.info(`kill -9: ${CYCLES} cycles, ${sent} sent, ${acknowledged.size} acknowledged, ${rows.length} saved`);
      } finally {
        await database.close();
      }
    },
    15 * 60_000,
  );
});
