// For the administration's component tests: a fetch that answers /api/me and /api/admin from lists in memory,
// records every call, and refuses what a test tells it to.
import { vi } from 'vitest';
import type { AdminBrand, AdminPerson, AuditEntry } from '@prospectie/contract';
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
}

export interface FakeAdmin {
  people: AdminPerson[];
  brands: AdminBrand[];
  competitorBrands: AdminBrand[];
  log: AuditEntry[];
  calls: Call[];
  /** The next write answers this instead (once). */
  refuseNext?: { status: number; code: string; field?: string };
}

export function serveAdmin(init: Partial<FakeAdmin> = {}, me: object = adminMe): FakeAdmin {
  const server: FakeAdmin = { people: [], brands: [], competitorBrands: [], log: [], calls: [], ...init };
  let nextId = 500;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      server.calls.push({ method, path: pathname + (searchParams.size ? `?${searchParams}` : ''), body });
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
      if (pathname === '/api/admin/log') {
        const before = Number(searchParams.get('before') ?? Infinity);
        const limit = Number(searchParams.get('limit') ?? 50);
        const older = server.log.filter((e) => e.id < before);
        const entries = older.slice(0, limit);
        return json(200, { entries, nextBefore: older.length > limit ? entries[entries.length - 1].id : null });
      }
      return json(404, { error: 'Not Found', code: 'route_not_found', message: 'no such route' });
    }),
  );
  return server;
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
  firstName,
  name,
  roles: [],
  active: true,
  linked: false,
  ...extra,
});
