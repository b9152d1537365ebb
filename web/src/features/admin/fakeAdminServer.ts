// For the administration's component tests: a fetch that answers /api/me and /api/admin from lists in memory,
// records every call, and refuses what a test tells it to; an XMLHttpRequest (the imports' uploads) that goes
// through the same fetch, reporting its progress.
import { vi } from 'vitest';
import type {
  AdminBrand,
  AdminPerson,
  AuditEntry,
  ImportColumns,
  ImportReport,
  MailLogEntry,
  NamedItem,
  Season,
  SeasonInput,
  ShopMergeResult,
} from '@prospectie/contract';
import { json } from '../../test/renderPage';

export const adminMe = {
  user: { id: 1, login: 'beheer@example.com' },
  employee: { id: 100, firstName: 'Bea', name: 'Heer' },
  authMode: 'demo',
  roles: ['medewerker', 'beheerder'],
};

export interface Call {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** A file sent as the body: its name, and the headers it went with. */
  file?: string;
  headers?: Record<string, string>;
}

/** The import routes' answers. */
export interface FakeImports {
  columns?: ImportColumns;
  shops?: (dryRun: boolean) => ImportReport;
  cities?: (dryRun: boolean, country: string) => ImportReport;
  merge?: ShopMergeResult;
}

export interface FakeAdmin {
  people: AdminPerson[];
  brands: AdminBrand[];
  competitorBrands: AdminBrand[];
  log: AuditEntry[];
  /** Newest first, as the server answers them. */
  mails: MailLogEntry[];
  countries: NamedItem[];
  /** Newest first, as the server answers them. */
  seasons: Season[];
  imports: FakeImports;
  calls: Call[];
  /** The next write answers this instead (once). */
  refuseNext?: { status: number; code: string; field?: string };
  /** An upload waits for this after half the file is sent, and again before the server answers (a test's moments). */
  halfSent?: () => Promise<void>;
  beforeAnswer?: () => Promise<void>;
}

export function serveAdmin(init: Partial<FakeAdmin> = {}, me: object = adminMe): FakeAdmin {
  const server: FakeAdmin = {
    people: [],
    brands: [],
    competitorBrands: [],
    log: [],
    mails: [],
    countries: [],
    seasons: [],
    imports: {},
    calls: [],
    ...init,
  };
  let nextId = 500;
  vi.stubGlobal('XMLHttpRequest', fakeXhr(server));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const file = init?.body instanceof Blob ? init.body : undefined;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const path = pathname + (searchParams.size ? `?${searchParams}` : '');
      server.calls.push(
        file ? { method, path, file: (file as File).name, headers: init?.headers as Record<string, string> } : { method, path, body },
      );
      if (pathname === '/api/me') return json(200, me);
      if (method !== 'GET' && server.refuseNext) {
        const { status, code, field } = server.refuseNext;
        server.refuseNext = undefined;
        return json(status, { error: 'Refused', code, message: code, ...(field ? { field } : {}) });
      }
      if (pathname === '/api/admin/people') {
        if (method === 'POST') {
          const person = { userId: nextId++, employeeId: nextId++, active: true, linked: false, ...body } as AdminPerson;
          server.people.push(person);
          return json(201, person);
        }
        const q = (searchParams.get('q') ?? '').toLowerCase();
        const status = searchParams.get('status') ?? 'all';
        return json(
          200,
          server.people.filter(
            (p) =>
              (status === 'all' || p.active === (status === 'active')) && `${p.firstName} ${p.name} ${p.login}`.toLowerCase().includes(q),
          ),
        );
      }
      const person = /^\/api\/admin\/people\/(\d+)$/.exec(pathname);
      if (person && method === 'PATCH') {
        const found = server.people.find((p) => p.userId === Number(person[1]))!;
        Object.assign(found, body);
        return json(200, found);
      }
      const brands = /^\/api\/admin\/(brands|competitor-brands)(?:\/(\d+)(\/merge)?)?$/.exec(pathname);
      if (brands) {
        const list = brands[1] === 'brands' ? server.brands : server.competitorBrands;
        const id = Number(brands[2]);
        if (!brands[2] && method === 'GET') return json(200, list);
        if (!brands[2] && method === 'POST') {
          const brand = { id: nextId++, name: String(body!.name), active: true, mergedInto: null, visitCount: 0 };
          list.push(brand);
          return json(201, brand);
        }
        const brand = list.find((b) => b.id === id)!;
        if (brands[3]) {
          const into = list.find((b) => b.id === body!.intoId)!;
          into.visitCount += brand.visitCount;
          Object.assign(brand, { active: false, mergedInto: { id: into.id, name: into.name }, visitCount: 0 });
          return json(200, into);
        }
        Object.assign(brand, Object.fromEntries(Object.entries(body!).filter(([, v]) => v !== undefined)));
        return json(200, brand);
      }
      if (pathname === '/api/countries') return json(200, server.countries);
      if (pathname === '/api/seasons') return json(200, server.seasons);
      const season = /^\/api\/admin\/seasons(?:\/(\d+))?$/.exec(pathname);
      if (season) {
        const at = server.seasons.findIndex((s) => s.id === Number(season[1]));
        if (method === 'DELETE') {
          server.seasons.splice(at, 1);
          return new Response(null, { status: 204 });
        }
        const input = body as unknown as SeasonInput;
        const saved: Season = {
          id: season[1] ? Number(season[1]) : nextId++,
          name: input.name,
          startsOn: input.startsOn,
          endsOn: input.endsOn,
          brandWindows: (input.brandWindows ?? []).map((w) => {
            const brandId = Number(w.brandId);
            return { brandId, brandName: server.brands.find((b) => b.id === brandId)!.name, startsOn: w.startsOn, endsOn: w.endsOn };
          }),
        };
        if (season[1]) server.seasons[at] = saved;
        else server.seasons.push(saved);
        server.seasons.sort((a, b) => b.startsOn.localeCompare(a.startsOn));
        return json(season[1] ? 200 : 201, saved);
      }
      const imports = /^\/api\/admin\/imports\/(columns|shops|cities)$/.exec(pathname);
      if (imports && method === 'POST') {
        const dryRun = searchParams.get('dryRun') !== 'false';
        if (imports[1] === 'columns') return json(200, server.imports.columns);
        if (imports[1] === 'shops') return json(200, server.imports.shops!(dryRun));
        const country = searchParams.get('country') ?? '';
        if (!dryRun && !server.countries.some((c) => c.name === country)) server.countries.push({ id: nextId++, name: country });
        return json(200, server.imports.cities!(dryRun, country));
      }
      if (/^\/api\/admin\/shops\/\d+\/merge$/.test(pathname) && method === 'POST') return json(200, server.imports.merge);
      if (pathname === '/api/admin/log') {
        const { items: entries, nextBefore } = pageOf(server.log, searchParams);
        return json(200, { entries, nextBefore });
      }
      if (pathname === '/api/admin/mails') {
        const { items: mails, nextBefore } = pageOf(server.mails, searchParams);
        return json(200, { mails, nextBefore });
      }
      return json(404, { error: 'Not Found', code: 'route_not_found', message: 'no such route' });
    }),
  );
  return server;
}

/** One page of a list kept newest first, as the server pages it: `limit` entries before the id `before`. */
function pageOf<T extends { id: number }>(list: T[], searchParams: URLSearchParams) {
  const before = Number(searchParams.get('before') ?? Infinity);
  const limit = Number(searchParams.get('limit') ?? 50);
  const older = list.filter((e) => e.id < before);
  const items = older.slice(0, limit);
  return { items, nextBefore: older.length > limit ? items[items.length - 1].id : null };
}

/** XMLHttpRequest as the uploads use it, answered by the faked fetch: half the file sent, then all of it, then the answer. */
function fakeXhr(server: FakeAdmin) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: Blob) {
      const sent = (loaded: number) => this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      void (async () => {
        sent(50);
        await server.halfSent?.();
        sent(100);
        await server.beforeAnswer?.();
        let response: Response;
        try {
          response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        } catch {
          this.onerror?.();
          return;
        }
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      })();
    }
  };
}

/** Makes the window as narrow as a phone (390 px) or as wide as a desktop for useNarrowWindow. */
export function setWindowNarrow(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: narrow, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })),
  );
}

export const person = (userId: number, firstName: string, name: string, extra: Partial<AdminPerson> = {}): AdminPerson => ({
  userId,
  employeeId: userId + 100,
  login: `${firstName}.${name}@fc70.example`.toLowerCase(),
  email: null,
  firstName,
  name,
  roles: [],
  active: true,
  linked: false,
  ...extra,
});
