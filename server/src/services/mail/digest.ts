// The morning digest (docs/decisions/069-mail-and-job-queue.md): at 07:30 in Brussels, Monday to Friday, for each
// person who turned it on: today's appointments, her open to-dos (the oldest first), her follow-ups and the shops due.
// Queued once per person and day whichever instance sees the time first (the job's key); none when nothing is there.
import { sql } from 'drizzle-orm';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { dueShops, todaysAppointments } from '../appointments.js';
import { brusselsNow } from '../brusselsTime.js';
import { followUpsOf } from '../pipeline/statuses.js';
import { listEmployeeTodos } from '../todos.js';
import type { MailDocument, MailSection } from './render.js';
import { mailTexts } from './texts.js';

/** From this time in Brussels on; until DIGEST_UNTIL a server that was down at 07:30 still sends it. */
export const DIGEST_AT = '07:30';
const DIGEST_UNTIL = '12:00';
/** Lines per section; the rest is counted. */
const SECTION_LINES = 8;

/** The day whose digest is due at `now` (YYYY-MM-DD), or null: a weekend, or outside the morning. */
export function digestDay(now: Date): string | null {
  const wall = brusselsNow(now);
  const day = wall.slice(0, 10);
  const time = wall.slice(11, 16);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return null;
  return time >= DIGEST_AT && time < DIGEST_UNTIL ? day : null;
}

/** Queues the digest of `day` for everyone who wants it and has none queued for that day yet. Returns how many. */
export async function queueDigests(db: Db, day: string): Promise<number> {
  const rows = await rowsOf(
    db,
    sql`with who as materialized (
          select e.id as employee_id, nextval(pg_get_serial_sequence('jobs', 'id')) as id
          from mail_settings s join employees e on e.id = s.employee_id join users u on u.id = e.user_id
          where s.digest and u.active
            and not exists (select 1 from jobs j where j.key = 'digest:' || ${day}::text || ':' || e.id)
        ),
        queued as (
          insert into jobs (id, kind, key, payload)
          select id, 'mail', 'digest:' || ${day}::text || ':' || employee_id, '{}'::jsonb from who
          on conflict (key) do nothing returning id
        )
        insert into mails (id, employee_id, kind, refs)
        select who.id, who.employee_id, 'digest', jsonb_build_object('day', ${day}::text) from who join queued on queued.id = who.id
        returning id`,
  );
  return rows.length;
}

export interface DigestLinks {
  home: string;
  shop: (shopId: number) => string;
  todo: (id: number) => string;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);
const hhmm = (wall: string) => wall.slice(11, 16).replace(':', '.');

function section(title: string, lines: MailSection['lines']): MailSection[] {
  if (!lines.length) return [];
  const shown = lines.slice(0, SECTION_LINES);
  if (lines.length > SECTION_LINES) shown.push({ text: mailTexts.digest.more(lines.length - SECTION_LINES) });
  return [{ title, lines: shown }];
}

/** The digest of `day` for `employeeId`, or null when it would say nothing. */
export async function digestMail(db: Db, employeeId: number, day: string, dueAfterDays: number, links: DigestLinks) {
  // 07:00 or 08:00 in Brussels on that day, summer or winter: the services read the day from it.
  const morning = new Date(`${day}T06:00:00Z`);
  const [appointments, todos, followUps, due] = await Promise.all([
    todaysAppointments(db, employeeId, morning),
    listEmployeeTodos(db, employeeId, TODO_STATUS.open),
    followUpsOf(db, employeeId, day),
    dueShops(db, employeeId, dueAfterDays, morning),
  ]);
  const t = mailTexts.digest;
  const sections: MailSection[] = [
    ...section(
      t.appointments,
      appointments.map((a) => ({
        text: [a.allDay ? t.allDay : `${hhmm(a.startDate)}–${hhmm(a.endDate)}`, a.shopName ?? a.name ?? a.remarks ?? '']
          .filter(Boolean)
          .join(' '),
        ...(a.shopName && a.name ? { detail: a.name } : {}),
        ...(a.shopId ? { link: links.shop(a.shopId) } : {}),
      })),
    ),
    ...section(
      t.todos,
      [...todos]
        .sort((a, b) => a.dateCreated.localeCompare(b.dateCreated) || a.toDoId - b.toDoId)
        .map((todo) => ({
          text: todo.name,
          detail: [todo.shop?.name, t.todoSince(daysBetween(todo.dateCreated, day))].filter(Boolean).join(' · '),
          link: links.todo(todo.toDoId),
        })),
    ),
    ...section(
      t.followUps,
      followUps.map((f) => ({
        text: `${f.shopName} · ${f.brandName}${f.nextStep ? `: ${f.nextStep}` : ''}`,
        detail: [
          f.nextStepDate < day ? t.overdue(f.nextStepDate) : null,
          f.window ? t.windowLeft(f.window.daysLeft, f.window.season) : null,
        ]
          .filter(Boolean)
          .join(' · '),
        link: links.shop(f.shopId),
      })),
    ),
    ...section(
      t.dueShops,
      due.shops.map((s) => ({
        text: [s.shopName, s.city].filter(Boolean).join(', '),
        detail: s.window
          ? t.windowLeft(s.window.daysLeft, s.window.season)
          : s.daysSince === null
            ? t.neverVisited
            : t.daysSince(s.daysSince),
        link: links.shop(s.shopId),
      })),
    ),
  ];
  if (!sections.length) return null;
  return {
    subject: t.subject(day),
    document: (greeting: string): Omit<MailDocument, 'why' | 'unsubscribe' | 'settingsUrl'> => ({
      greeting,
      intro: t.intro(day),
      sections,
      actions: [{ label: t.open, url: links.home }],
    }),
  };
}
