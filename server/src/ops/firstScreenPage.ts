// The first screen written by the server for a signed-in request (docs/decisions/073-server-written-first-screen.md):
// the whole of Home, or the top of a shop's page, as the app draws them, so the page is drawn as soon as its HTML and
// styles are in, instead of after the app's code and then /api/me; and the answers the app's first render reads, inlined as JSON in a `<script type="application/json">` (it runs nothing: the CSP stays `'self'`),
// which public/first-paint.js hands to the app's own fetches. The answers are the API's own: the same service
// functions, serialised by the endpoint's response schema as its route does. The page holds a person's data: it is
// sent `no-store` and never kept by the service worker (which answers navigations from its precached shell).
import type { Appointment, DueShop, DueShops, FollowUp, Me, MyTodo, Shop } from '@prospectie/contract';
import * as endpoints from '@prospectie/contract/endpoints';
import type { Endpoint } from '@prospectie/contract/endpoint';
import { brusselsToday, formatDate, formatDateTime, formatTime } from '@prospectie/contract/dates';
import { PIPELINE_STATUS_LABELS, STATUS_VARIANT, darkTextOn } from '@prospectie/contract/pipeline';
import { seesTheTeam } from '@prospectie/contract/roles';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import {
  appTexts,
  calendarTexts,
  crumbTexts,
  greeting,
  homeTexts,
  navTexts,
  selectPlaceholder,
  shopSelectLabel,
  todoTexts,
} from '@prospectie/contract/first-screen';
import {
  DUE_SHOWN,
  dueTexts,
  followUpTexts,
  nearbyTexts,
  planTexts,
  startVisitPath,
  titleOf,
  todayItemTexts,
  todayTexts,
} from '@prospectie/contract/first-screen-today';
import { iconPaths } from '@prospectie/contract/header-icons';
import { whoAmIAnswer, type SessionUser } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import { escapeHtml } from '../lib/html.js';
import { errorBody } from '../plugins/errors.js';
import { responseSerializerCompiler } from '../plugins/responseSerializer.js';
import { dueShops, todaysAppointments } from '../services/appointments.js';
import { followUpsOf } from '../services/pipeline/statuses.js';
import { ownReport } from '../services/reports.js';
import { prepareGetShop } from '../services/shops.js';
import { countEmployeeTodos, listEmployeeTodos } from '../services/todos.js';

/** The app's empty root in its index.html: a page without it (a build of another kind) is sent as it is. */
export const EMPTY_ROOT = '<div id="root"></div>';
/** The longest answer written into a page (characters of JSON); a longer one the app asks for itself. */
const MAX_INLINED_ANSWER = 64 * 1024;
/**
 * Her to-dos are read for the page only up to this many (about what fits in MAX_INLINED_ANSWER); past it the header's
 * count comes from a count, and the app asks for the list itself: a page's work does not grow with years of to-dos.
 */
const MAX_INLINED_TODOS = 200;
/** The element the inlined answers are in; public/first-paint.js reads it. */
export const FIRST_ANSWERS_ID = 'first-answers';

/** The body a declared endpoint's route sends for `data`, written by the app's own serializer (decision 087). */
function serializerOf(declaration: Endpoint, config: Config) {
  const compile = responseSerializerCompiler({ checked: !config.production });
  return compile({ schema: declaration.responses[200], method: declaration.method, url: declaration.path });
}

/** One inlined answer: the path the app asks (under /api), the body the API sends for it, and its status if not 200. */
interface Answer {
  path: string;
  json: string;
  status?: 404;
}

export interface FirstScreen {
  /** The app root's markup (empty: the app's own empty root, only the answers written in). */
  html: string;
  answers: Answer[];
}

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

/** The shell's header and breadcrumbs (web/src/app/Shell.tsx) for an employee: on Home, or on a shop's page. */
function shell(me: Me, openTodos: number, shopName?: string) {
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
  const crumb = (to: string, label: string) => `<li class="breadcrumb-item"><a href="${to}">${label}</a></li>`;
  // On a phone the shop page's heading names the shop right below: the trail ends at 'Winkel' there.
  const trail =
    shopName === undefined
      ? `${crumb('/', crumbTexts.index)}<li class="breadcrumb-item active" aria-current="page">${crumbTexts.home}</li>`
      : `${crumb('/', crumbTexts.index)}${crumb('/home', crumbTexts.home)}<li class="breadcrumb-item">${crumbTexts.shop}</li>` +
        `<li class="breadcrumb-item active breadcrumb-named-below" aria-current="page">${escapeHtml(shopName)}</li>`;
  return (
    `<header class="app-header d-print-none"><nav class="container-lg d-flex align-items-center gap-1" aria-label="${navTexts.mainNav}">` +
    (shopName === undefined ? '' : headerButton(null, 'back', navTexts.back)) +
    `<a class="app-title text-white text-decoration-none me-auto" href="/home">${appTexts.appName}${demo}</a>${buttons}</nav></header>` +
    `<nav aria-label="${navTexts.breadcrumbs}" class="container-lg d-print-none"><ol class="breadcrumb my-2 small">${trail}</ol></nav>`
  );
}

/** web/src/features/planning/PlanningLists.tsx's TodayItem. */
function todayItem(a: Appointment, today: string) {
  const title = titleOf(a);
  const when = a.allDay ? calendarTexts.allDay : `${formatTime(a.startDate)}–${formatTime(a.endDate)}`;
  const shopLine =
    a.shopName && a.shopName !== title ? `<span class="d-block small text-body-secondary">${escapeHtml(a.shopName)}</span>` : '';
  let action: string;
  if (a.prospectionId !== null && a.shopId !== null) {
    action =
      `<a class="btn btn-outline-success action-button" href="/shop/${a.shopId}/prospections/${a.prospectionId}">` +
      `<span aria-hidden="true">${todayItemTexts.doneMark} </span>${todayItemTexts.done}</a>`;
  } else if (a.shopId !== null) {
    action = `<a class="btn btn-primary action-button" aria-label="${escapeHtml(todayItemTexts.startVisitAt(title))}" href="${escapeHtml(startVisitPath(a, today))}">${todayItemTexts.startVisit}</a>`;
  } else {
    action = `<span class="small text-body-secondary">${todayTexts.noShop}</span>`;
  }
  return (
    `<li class="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">` +
    `<span class="fw-semibold text-nowrap">${when}</span><span class="flex-grow-1 text-break">${escapeHtml(title)}${shopLine}</span>${action}</li>`
  );
}

/** Home as the app draws it (web/src/features/home/HomePage.tsx). */
function homeHtml(me: Me, open: number, today: Appointment[], followUps: FollowUp[], due: DueShops, hasReport: boolean) {
  const employee = me.employee!;
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
    shell(me, open) +
    `<main class="container-lg pb-5" id="main"><section class="home">` +
    `<div class="d-flex flex-wrap align-items-center justify-content-between column-gap-3 mb-3">` +
    `<h1 class="h3 mb-0">${escapeHtml(greeting(employee.firstName || me.user.login))}</h1>` +
    `<a class="action-button" href="/instellingen">${navTexts.settings}</a></div>` +
    todosNotice +
    `<div class="mb-4"><label id="shop-select-label" for="shop-select" class="form-label fw-semibold">${shopSelectLabel}</label>` +
    `<input id="shop-select" class="form-control shop-select-placeholder" placeholder="${selectPlaceholder}" disabled></div>` +
    `<section class="card card-body mb-3" aria-labelledby="today-plan-title" data-first="today"><h2 id="today-plan-title" class="h5">${todayTexts.title}</h2>${todayBody}</section>` +
    followUpsHtml(followUps, day) +
    // In de buurt before she asks: the app draws it from code of its own, and shows this meanwhile (HomePage.tsx).
    `<section class="card card-body mb-3" aria-labelledby="nearby-title" data-first="nearby"><h2 id="nearby-title" class="h5">${nearbyTexts.title}</h2>` +
    `<p class="small text-body-secondary">${nearbyTexts.why}</p><button type="button" class="btn btn-primary action-button align-self-start">${nearbyTexts.show}</button></section>` +
    nextStep('shop-not-found', homeTexts.shopNotFound, '/shop/new', homeTexts.newShop) +
    (hasReport ? '' : nextStep('no-report', homeTexts.noReportYet, '/prospectionreport/new', homeTexts.newReport)) +
    dueHtml(due) +
    (seesTheTeam(me.roles)
      ? nextStep('overview', homeTexts.teamOverview, '/overzicht', homeTexts.toTeamOverview)
      : nextStep('overview', homeTexts.ownOverview, '/overzicht', homeTexts.toOwnOverview)) +
    `</section></main>`
  );
}

/** A brand's open pre-order window (decision 068), in Opvolgen and Te bezoeken alike. */
function windowBadge(window: { daysLeft: number; season: string } | null) {
  return window
    ? `<span class="badge text-bg-warning fw-normal text-wrap">${escapeHtml(dueTexts.windowLeft(window.daysLeft, window.season))}</span>`
    : '';
}

/** FollowUps.tsx (Opvolgen): only when there is something to follow up. */
function followUpsHtml(followUps: FollowUp[], today: string) {
  if (followUps.length === 0) return '';
  const item = (f: FollowUp) => {
    const badge = `<span class="badge${darkTextOn(f.status) ? ' text-dark' : ''} bg-${STATUS_VARIANT[f.status]}">${PIPELINE_STATUS_LABELS[f.status]}</span>`;
    return (
      `<li class="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">` +
      `<a class="flex-grow-1 text-decoration-none prospection-link" href="/shop/${f.shopId}">` +
      `<span class="fw-semibold text-primary-emphasis text-break">${escapeHtml(f.shopName)}</span>` +
      (f.cityName ? `<span class="text-body-secondary"> · ${escapeHtml(f.cityName)}</span>` : '') +
      `<span class="d-flex flex-wrap align-items-center gap-2 small mt-1"><span class="fw-semibold">${escapeHtml(f.brandName)}</span>${badge}` +
      (f.nextStep ? `<span class="text-body">${escapeHtml(f.nextStep)}</span>` : '') +
      (f.nextStepDate < today ? `<span class="text-danger">${followUpTexts.overdue(formatDate(f.nextStepDate))}</span>` : '') +
      windowBadge(f.window) +
      `</span></a><button type="button" class="btn btn-outline-primary action-button" aria-label="${escapeHtml(planTexts.planVisitAt(f.shopName))}">${planTexts.planVisit}</button></li>`
    );
  };
  return (
    `<section class="card card-body mb-3" aria-labelledby="follow-ups-title" data-first="follow-ups"><h2 id="follow-ups-title" class="h5">${followUpTexts.title}</h2>` +
    `<ul class="list-group" aria-labelledby="follow-ups-title">${followUps.map(item).join('')}</ul></section>`
  );
}

/** HomePage.tsx's NextStep. */
function nextStep(id: string, title: string, to: string, action: string) {
  return (
    `<section class="card card-body mb-3" aria-labelledby="${id}"><h2 id="${id}" class="h5">${title}</h2>` +
    `<a class="btn btn-outline-primary action-button align-self-start" href="${to}">${action}</a></section>`
  );
}

/** PlanningLists.tsx's DueShops, before 'Alle n tonen'. */
function dueHtml(due: DueShops) {
  const item = (shop: DueShop) => {
    const line =
      shop.lastVisitDate === null || shop.daysSince === null
        ? dueTexts.never
        : dueTexts.since(shop.daysSince, formatDate(shop.lastVisitDate), shop.lastVisitBy);
    const plan = shop.plannedAt
      ? `<span class="badge text-bg-light border fw-normal text-wrap">${escapeHtml(dueTexts.planned(formatDateTime(shop.plannedAt)))}</span>`
      : `<button type="button" class="btn btn-outline-primary action-button" aria-label="${escapeHtml(planTexts.planVisitAt(shop.shopName))}">${planTexts.planVisit}</button>`;
    return (
      `<li class="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">` +
      `<a class="flex-grow-1 text-break text-decoration-none prospection-link py-1" href="/shop/${shop.shopId}">` +
      `<span class="fw-semibold text-primary-emphasis">${escapeHtml(shop.shopName)}</span>` +
      (shop.city ? `<span class="text-body-secondary"> · ${escapeHtml(shop.city)}</span>` : '') +
      `<span class="d-block small text-body-secondary">${escapeHtml(line)}</span>${windowBadge(shop.window)}</a>${plan}</li>`
    );
  };
  const body =
    due.shops.length === 0
      ? `<p class="mb-0">${dueTexts.empty}</p>`
      : `<p class="small text-body-secondary">${dueTexts.explanation(due.dueAfterDays)}</p>` +
        `<ul class="list-group" aria-labelledby="due-shops-title">${due.shops.slice(0, DUE_SHOWN).map(item).join('')}</ul>` +
        (due.shops.length > DUE_SHOWN
          ? `<button type="button" class="btn btn-link align-self-start px-0">${dueTexts.showAll(due.shops.length)}</button>`
          : '');
  return `<section class="card card-body mb-3" aria-labelledby="due-shops-title" data-first="due"><h2 id="due-shops-title" class="h5">${dueTexts.title}</h2>${body}</section>`;
}

/** The top of a shop's page (web/src/app/ShopScreen.tsx): its name; the app draws the rest under it. */
function shopHtml(me: Me, openTodos: number, shop: Shop) {
  return `${shell(me, openTodos, shop.name)}<main class="container-lg pb-5" id="main"><section><h1 class="h3 text-break">${escapeHtml(shop.name)}</h1></section></main>`;
}

/**
 * Reads what the first screen at a path needs, for a signed-in session. Home (`/`, `/home`) for an employee: its
 * markup and the answers of /api/me, Vandaag, Te bezoeken, her to-dos, her sample report and Opvolgen; a shop's page
 * (`/shop/:id`): its top and the answers of /api/me, the shop and her to-dos (the header's count). Anything else, or an
 * account without an employee: null (the app's page as it is).
 */
export function firstScreenReader(db: Db, config: Config) {
  const getShop = prepareGetShop(db);
  const asMe = serializerOf(endpoints.whoAmI, config);
  const asToday = serializerOf(endpoints.todaysAppointments, config);
  const asDue = serializerOf(endpoints.dueShopsOfMine, config);
  const asTodos = serializerOf(endpoints.todosOfEmployee, config);
  const asShop = serializerOf(endpoints.shopById, config);
  const asReport = serializerOf(endpoints.reportOfEmployee, config);
  const asFollowUps = serializerOf(endpoints.myFollowUps, config);
  /** Her sample report's answer: the report, or the 404 its route sends while she has none. */
  const reportAnswer = async (employeeId: number): Promise<Answer> => {
    const path = `/api/prospectionreport/employee/${employeeId}`;
    try {
      return { path, json: asReport(await ownReport(db, employeeId, employeeId)) };
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'report_not_found')) throw err;
      return { path, json: JSON.stringify(errorBody(err.code, err.message)), status: 404 };
    }
  };
  return async (pathname: string, user: SessionUser): Promise<FirstScreen | null> => {
    const employee = user.employee;
    if (!employee) return null;
    const me = whoAmIAnswer(user, config.authMode);
    const meAnswer = { path: '/api/me', json: asMe(me) };
    /** Her to-dos' answer when it is small enough to write in (else null), and how many are open (the header's count). */
    const todosOf = async (): Promise<{ answer: Answer | null; open: number }> => {
      const count = await countEmployeeTodos(db, employee.id, TODO_STATUS.open);
      if (count.all > MAX_INLINED_TODOS) return { answer: null, open: count.open };
      const answer = { path: `/api/employees/${employee.id}/todos`, json: asTodos(await listEmployeeTodos(db, employee.id, undefined)) };
      return { answer, open: sent<MyTodo[]>(answer).filter((t) => t.toDoStatusId === TODO_STATUS.open).length };
    };
    // Drawn from the answers as sent, so the page shows exactly what the app reads; a long answer is left to the app's
    // own fetch: the page stays small.
    const sent = <T>(answer: Answer) => JSON.parse(answer.json) as T;
    const inlined = (answers: (Answer | null)[]) => answers.filter((a): a is Answer => a !== null && a.json.length <= MAX_INLINED_ANSWER);
    if (pathname === '/' || pathname === '/home') {
      const [today, due, todos, report, followUps] = await Promise.all([
        todaysAppointments(db, employee.id),
        dueShops(db, employee.id, config.dueAfterDays),
        todosOf(),
        reportAnswer(employee.id),
        followUpsOf(db, employee.id),
      ]);
      const [todayAnswer, dueAnswer, followUpsAnswer] = [
        { path: '/api/me/today', json: asToday(today) },
        { path: '/api/me/due-shops', json: asDue(due) },
        { path: '/api/pipeline/follow-ups', json: asFollowUps(followUps) },
      ];
      const answers = [meAnswer, todayAnswer, dueAnswer, todos.answer, report, followUpsAnswer];
      const html = homeHtml(
        sent<Me>(meAnswer),
        todos.open,
        sent<Appointment[]>(todayAnswer),
        sent<FollowUp[]>(followUpsAnswer),
        sent<DueShops>(dueAnswer),
        report.status === undefined,
      );
      return { html, answers: inlined(answers) };
    }
    const shop = /^\/shop\/([1-9]\d{0,8})$/.exec(pathname);
    if (shop) {
      const [found, todos] = await Promise.all([getShop(Number(shop[1])), todosOf()]);
      // A shop that is not there: the app asks and says so itself.
      if (!found) return null;
      const shopAnswer = { path: `/api/shops/${shop[1]}`, json: asShop(found) };
      return {
        html: shopHtml(sent<Me>(meAnswer), todos.open, sent<Shop>(shopAnswer)),
        answers: inlined([meAnswer, shopAnswer, todos.answer]),
      };
    }
    return null;
  };
}

/** The element public/first-paint.js starts the app's code from, on a written page. */
export const FIRST_CODE_ID = 'first-code';

/**
 * The app's index.html with the first screen written in: its markup in the root (`inert` and `aria-busy` until the
 * app's first render replaces it, as yesterday's Home, decision 040) and the answers after it. The page's preload of
 * /api/me goes: the answer is in the page. So does its module script: the page draws with its styles alone, and
 * public/first-paint.js, which runs once they are in, starts the entry and preloads `code` (the screen's own scripts),
 * so the style sheet has the connection to itself and the app's code follows it (decision 073).
 */
export function writeFirstScreen(indexHtml: string, screen: FirstScreen, code: string[] = []): string {
  // `<` never reaches the HTML parser inside the script element: a value holding `</script>` stays a value.
  const answers =
    `{${screen.answers.map((a) => `${JSON.stringify(a.status ? `${a.status} ${a.path}` : a.path)}:${a.json}`).join(',')}}`.replace(
      /</g,
      '\\u003c',
    );
  const root = screen.html ? `<div id="root" inert aria-busy="true">${screen.html}</div>` : EMPTY_ROOT;
  let entry: string | null = null;
  const page = indexHtml.replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/, (_, src: string) => {
    entry = src;
    return '';
  });
  // A build whose entry is not where it is looked for keeps its script as it is: the page draws no sooner, but works.
  const started = entry ? `<script type="application/json" id="${FIRST_CODE_ID}">${JSON.stringify([entry, ...code])}</script>` : '';
  // Replaced by a function: a replacement string would read `$'`, `$&` or `$\`` in a rep's text as patterns.
  return page
    .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/me"[^>]*>/, () => '')
    .replace(EMPTY_ROOT, () => `${root}<script type="application/json" id="${FIRST_ANSWERS_ID}">${answers}</script>${started}`);
}
