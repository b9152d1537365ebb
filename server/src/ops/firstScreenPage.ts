// The first screen written by the server for a signed-in request (docs/decisions/073-server-written-first-screen.md):
// Home's header, greeting, open to-dos and Vandaag as the app's first render draws them, so the page is drawn as soon
// as its HTML and styles are in, instead of after the app's code and then /api/me; and the answers the app's first
// render reads, inlined as JSON in a `<script type="application/json">` (it runs nothing: the CSP stays `'self'`),
// which public/first-paint.js hands to the app's own fetches. The answers are the API's own: the same service
// functions, serialised by the endpoint's response schema as its route does. The page holds a person's data: it is
// sent `no-store` and never kept by the service worker (which answers navigations from its precached shell).
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Appointment, Me, MyTodo } from '@prospectie/contract';
import * as endpoints from '@prospectie/contract/endpoints';
import type { Endpoint } from '@prospectie/contract/endpoint';
import { brusselsToday } from '@prospectie/contract/dates';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import {
  appTexts,
  calendarTexts,
  crumbTexts,
  greeting,
  navTexts,
  selectPlaceholder,
  shopSelectLabel,
  todoTexts,
} from '@prospectie/contract/first-screen';
import { todayItemTexts, todayTexts } from '@prospectie/contract/first-screen-today';
import { iconPaths } from '@prospectie/contract/header-icons';
import { whoAmIAnswer, type SessionUser } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { dueShops, todaysAppointments } from '../services/appointments.js';
import { prepareGetShop } from '../services/shops.js';
import { listEmployeeTodos } from '../services/todos.js';

/** The app's empty root in its index.html: a page without it (a build of another kind) is sent as it is. */
export const EMPTY_ROOT = '<div id="root"></div>';
/** The longest answer written into a page (characters of JSON); a longer one the app asks for itself. */
const MAX_INLINED_ANSWER = 64 * 1024;
/** The element the inlined answers are in; public/first-paint.js reads it. */
export const FIRST_ANSWERS_ID = 'first-answers';

/** The body a declared endpoint's route sends for `data`: its response schema checks and shapes it, then JSON. */
function serializerOf(declaration: Endpoint) {
  return serializerCompiler({ schema: declaration.responses[200], method: declaration.method, url: declaration.path }) as (
    data: unknown,
  ) => string;
}

/** One inlined answer: the path the app asks (under /api) and the body the API sends for it. */
interface Answer {
  path: string;
  json: string;
}

export interface FirstScreen {
  /** The app root's markup; empty where only the answers are inlined (the shop page). */
  html: string;
  answers: Answer[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function icon(name: keyof typeof iconPaths) {
  return `<svg width="20" height="20" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false"><path d="${iconPaths[name]}"></path></svg>`;
}

/** web/src/app/Shell.tsx's HeaderButton. */
function headerButton(to: string | null, name: keyof typeof iconPaths, label: string, badge = 0) {
  const inner = `${icon(name)}<span class="header-label">${escapeHtml(label)}</span>${
    badge ? `<span class="header-badge badge rounded-pill bg-danger" aria-hidden="true">${badge}</span>` : ''
  }`;
  const attributes = `class="btn btn-link text-white header-button position-relative" title="${escapeHtml(label)}"`;
  return to ? `<a ${attributes} href="${to}">${inner}</a>` : `<button type="button" ${attributes}>${inner}</button>`;
}

/** The shell's header and breadcrumbs on Home (web/src/app/Shell.tsx), for an employee. */
function shellOnHome(me: Me, openTodos: number) {
  const demo = me.authMode === 'demo' ? `<span class="badge bg-warning text-dark ms-2 align-middle">${appTexts.demoLabel}</span>` : '';
  const buttons = [
    headerButton('/home', 'home', navTexts.home),
    headerButton('/agenda', 'calendar', navTexts.agenda),
    headerButton('/kaart', 'map', navTexts.map),
    headerButton('/prospectionreport/new', 'report', navTexts.report),
    headerButton('/taken', 'tasks', todoTexts.headerLabel(openTodos), openTodos),
    me.roles.includes('beheerder') ? headerButton('/beheer', 'admin', navTexts.admin) : '',
    headerButton(null, 'logout', navTexts.logout),
  ].join('');
  return (
    `<header class="app-header d-print-none"><nav class="container-lg d-flex align-items-center gap-1" aria-label="${navTexts.mainNav}">` +
    `<a class="app-title text-white text-decoration-none me-auto" href="/home">${appTexts.appName}${demo}</a>${buttons}</nav></header>` +
    `<nav aria-label="${navTexts.breadcrumbs}" class="container-lg d-print-none"><ol class="breadcrumb my-2 small">` +
    `<li class="breadcrumb-item"><a href="/">${crumbTexts.index}</a></li><li class="breadcrumb-item active" aria-current="page">${crumbTexts.home}</li></ol></nav>`
  );
}

/** web/src/features/planning/PlanningLists.tsx's TodayItem. */
function todayItem(a: Appointment, today: string) {
  const title = a.name?.trim() || a.shopName || a.remarks?.trim() || calendarTexts.noDetails;
  const when = a.allDay ? calendarTexts.allDay : `${a.startDate.slice(11, 16)}–${a.endDate.slice(11, 16)}`;
  const shopLine =
    a.shopName && a.shopName !== title ? `<span class="d-block small text-body-secondary">${escapeHtml(a.shopName)}</span>` : '';
  let action: string;
  if (a.prospectionId !== null && a.shopId !== null) {
    action =
      `<a class="btn btn-outline-success action-button" href="/shop/${a.shopId}/prospections/${a.prospectionId}">` +
      `<span aria-hidden="true">${todayItemTexts.doneMark} </span>${todayItemTexts.done}</a>`;
  } else if (a.shopId !== null) {
    const day = a.startDate.slice(0, 10) <= today ? a.startDate.slice(0, 10) : today;
    const query = new URLSearchParams({ afspraak: a.id > 0 ? String(a.id) : (a.clientId ?? String(a.id)), datum: day });
    action = `<a class="btn btn-primary action-button" aria-label="${escapeHtml(todayItemTexts.startVisitAt(title))}" href="/shop/${a.shopId}/prospections/new?${escapeHtml(String(query))}">${todayItemTexts.startVisit}</a>`;
  } else {
    action = `<span class="small text-body-secondary">${todayTexts.noShop}</span>`;
  }
  return (
    `<li class="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">` +
    `<span class="fw-semibold text-nowrap">${when}</span><span class="flex-grow-1 text-break">${escapeHtml(title)}${shopLine}</span>${action}</li>`
  );
}

/** Home's top as the app's first render draws it (web/src/features/home/HomePage.tsx), down to Vandaag. */
function homeHtml(me: Me, todos: MyTodo[], today: Appointment[]) {
  const employee = me.employee!;
  const open = todos.filter((t) => t.toDoStatusId === TODO_STATUS.open).length;
  const todosNotice = open
    ? `<p class="alert alert-info d-flex flex-wrap align-items-center gap-2"><span class="me-auto">${todoTexts.openCount(open)}</span>` +
      `<a class="btn btn-sm btn-primary action-button" href="/taken">${todoTexts.title}</a></p>`
    : '';
  const day = brusselsToday();
  const todayBody =
    today.length === 0
      ? `<p class="mb-0">${todayTexts.empty}</p>`
      : `<ul class="list-group" aria-labelledby="today-plan-title">${today.map((a) => todayItem(a, day)).join('')}</ul>`;
  return (
    shellOnHome(me, open) +
    `<main class="container-lg pb-5" id="main"><section class="home">` +
    `<div class="d-flex flex-wrap align-items-center justify-content-between column-gap-3 mb-3">` +
    `<h1 class="h3 mb-0">${escapeHtml(greeting(employee.firstName || me.user.login))}</h1>` +
    `<a class="action-button" href="/instellingen">${navTexts.settings}</a></div>` +
    todosNotice +
    `<div class="mb-4"><label id="shop-select-label" for="shop-select" class="form-label fw-semibold">${shopSelectLabel}</label>` +
    `<input id="shop-select" class="form-control shop-select-placeholder" placeholder="${selectPlaceholder}" disabled></div>` +
    `<section class="card card-body mb-3" aria-labelledby="today-plan-title"><h2 id="today-plan-title" class="h5">${todayTexts.title}</h2>${todayBody}</section>` +
    `</section></main>`
  );
}

/**
 * Reads what the first screen at a path needs, for a signed-in session. Home (`/`, `/home`) for an employee: its
 * markup and the answers of /api/me, her to-dos, Vandaag and Te bezoeken; a shop's page (`/shop/:id`): the answers of
 * /api/me and the shop (its markup is the app's). Anything else, or an account without an employee: null (the app's
 * page as it is).
 */
export function firstScreenReader(db: Db, config: Config) {
  const getShop = prepareGetShop(db);
  const asMe = serializerOf(endpoints.whoAmI);
  const asToday = serializerOf(endpoints.todaysAppointments);
  const asDue = serializerOf(endpoints.dueShopsOfMine);
  const asTodos = serializerOf(endpoints.todosOfEmployee);
  const asShop = serializerOf(endpoints.shopById);
  return async (pathname: string, user: SessionUser): Promise<FirstScreen | null> => {
    const employee = user.employee;
    if (!employee) return null;
    const me = whoAmIAnswer(user, config.authMode);
    const meAnswer = { path: '/api/me', json: asMe(me) };
    if (pathname === '/' || pathname === '/home') {
      const [today, due, todos] = await Promise.all([
        todaysAppointments(db, employee.id),
        dueShops(db, employee.id, config.dueAfterDays),
        listEmployeeTodos(db, employee.id, undefined),
      ]);
      const answers = [
        meAnswer,
        { path: '/api/me/today', json: asToday(today) },
        { path: '/api/me/due-shops', json: asDue(due) },
        { path: `/api/employees/${employee.id}/todos`, json: asTodos(todos) },
      ];
      // Drawn from the answers as sent, so the page shows exactly what the app reads (Te bezoeken is not drawn).
      const [sentMe, sentToday, sentTodos] = [answers[0], answers[1], answers[3]].map((a) => JSON.parse(a.json) as unknown);
      // A long answer (years of to-dos) is left to the app's own fetch: the page stays small.
      const inlined = answers.filter((a) => a.json.length <= MAX_INLINED_ANSWER);
      return { html: homeHtml(sentMe as Me, sentTodos as MyTodo[], sentToday as Appointment[]), answers: inlined };
    }
    const shop = /^\/shop\/([1-9]\d{0,8})$/.exec(pathname);
    if (shop) {
      const found = await getShop(Number(shop[1]));
      // A shop that is not there: the app asks and says so itself.
      return found ? { html: '', answers: [meAnswer, { path: `/api/shops/${shop[1]}`, json: asShop(found) }] } : null;
    }
    return null;
  };
}

/**
 * The app's index.html with the first screen written in: its markup in the root (`inert` and `aria-busy` until the
 * app's first render replaces it, as yesterday's Home, decision 040) and the answers after it. The page's preload of
 * /api/me goes: the answer is in the page.
 */
export function writeFirstScreen(indexHtml: string, screen: FirstScreen): string {
  // `<` never reaches the HTML parser inside the script element: a value holding `</script>` stays a value.
  const answers = `{${screen.answers.map((a) => `${JSON.stringify(a.path)}:${a.json}`).join(',')}}`.replace(/</g, '\\u003c');
  const root = screen.html ? `<div id="root" inert aria-busy="true">${screen.html}</div>` : EMPTY_ROOT;
  // Replaced by a function: a replacement string would read `$'`, `$&` or `$\`` in a rep's text as patterns.
  return indexHtml
    .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/me"[^>]*>/, () => '')
    .replace(EMPTY_ROOT, () => `${root}<script type="application/json" id="${FIRST_ANSWERS_ID}">${answers}</script>`);
}
