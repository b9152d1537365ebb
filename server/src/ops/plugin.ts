// Operations: request id echo, readiness and draining, Prometheus metrics. Registered before the
// auth plugin, so a draining server refuses work before it looks a session up.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileJobStats } from '../workers/fileJobs.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sendError } from '../plugins/errors.js';
import { REQUEST_ID_HEADER } from './logging.js';

/** Drain state of one server: main.ts begins the drain on SIGTERM and waits until nothing runs. */
export class Lifecycle {
  draining = false;
  inFlight = 0;
  private waiters: (() => void)[] = [];

  beginDrain() {
    this.draining = true;
    this.settle();
  }

  started() {
    this.inFlight++;
  }

  finished() {
    this.inFlight--;
    this.settle();
  }

  /** Resolves when no request is in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private settle() {
    if (this.inFlight > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Answered even while draining: the load balancer's probes and the scraper. */
const PROBES = new Set(['/api/health', '/api/ready', '/api/metrics']);

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export const opsPlugin = fp(async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  /** A request in flight → marks its handler done; taken once, by the first onSend of its answer. */
  const answered = new WeakMap<object, () => void>();
  const handlerDone = (request: object) => {
    answered.get(request)?.();
    answered.delete(request);
  };

  // One registry per app: tests run several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'prospectie_' });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'prospectie_http_requests_total',
    help: 'HTTP requests answered, per route',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'prospectie_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'prospectie_http_requests_in_flight',
    help: 'Requests being handled right now',
    registers: [registry],
    collect() {
      this.set(lifecycle.inFlight);
    },
  });
  new Gauge({
    name: 'prospectie_draining',
    help: '1 from the moment shutdown begins',
    registers: [registry],
    collect() {
      this.set(lifecycle.draining ? 1 : 0);
    },
  });
  new Gauge({
    name: 'prospectie_file_jobs',
    help: 'Uploaded files read in file-work processes: running now, started and stopped at their deadline or memory limit',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = fileJobStats();
      this.set({ state: 'running' }, s.running);
      this.set({ state: 'started' }, s.started);
      this.set({ state: 'stopped' }, s.stopped);
    },
  });
  const { poolStats } = opts.database;
  if (poolStats) {
    new Gauge({
      name: 'prospectie_db_pool_connections',
      help: 'Database pool connections by state (total, idle, max) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The matched route's pattern, not the raw URL: /%61pi/ready is the same route.
    if (lifecycle.draining && !PROBES.has(request.routeOptions.url ?? '')) {
      // Nothing of this request runs, so sending it to another instance is safe.
      return sendError(
        reply.header('connection', 'close').header('retry-after', '1'),
        'server_stopping',
        'this instance is stopping; retry elsewhere',
      );
    }
    lifecycle.started();
    // Over when both are done: the connection ('close': the answer sent, or the client gone) and the handler (its
    // answer reaches onSend). A client that goes away fires 'close' while the handler still runs its statements, and
    // a drain that ended then would close the pool under them.
    let parts = 2;
    const partDone = () => {
      if (--parts === 0) lifecycle.finished();
    };
    reply.raw.once('close', partDone);
    answered.set(request, partDone);
  });

  // A client that went away while its request waited before its body was read (a session lookup behind a busy
  // database) leaves a body that can no longer be read, and Fastify's parser would wait for it for ever: the request
  // ends here, answered to nobody (as Fastify's authors advise: github.com/fastify/help/issues/753).
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.raw.destroyed) return payload;
    reply.hijack();
    handlerDone(request);
    return payload;
  });

  app.addHook('onSend', async (request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    handlerDone(request);
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    // Bounded labels: API routes by their pattern, every web asset as one.
    const route = !url ? '(unmatched)' : url.startsWith('/api') ? url : '(web)';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/api/ready',
    { config: { public: true }, schema: { tags: ['operations'], summary: 'Readiness: 503 from the moment shutdown begins' } },
    async (_request, reply) => {
      if (lifecycle.draining) return sendError(reply, 'server_stopping', 'this instance is stopping');
      return { status: 'ready' };
    },
  );

  const token = opts.config.metricsToken;
  app.get(
    '/api/metrics',
    {
      config: { public: true, errors: ['route_not_found', 'not_signed_in'] },
      schema: { tags: ['operations'], summary: 'Prometheus metrics; needs Authorization: Bearer METRICS_TOKEN' },
    },
    async (request, reply) => {
      // Without a token setting the route does not exist.
      if (!token) return sendError(reply, 'route_not_found', 'metrics are off (no METRICS_TOKEN)');
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(sha256(given), sha256(token))) {
        return sendError(reply.header('www-authenticate', 'Bearer realm="metrics"'), 'not_signed_in', 'invalid metrics token');
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
});
