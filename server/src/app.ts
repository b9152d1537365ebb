// Builds the Fastify app (without listening), so tests drive the real thing through app.inject.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { health } from '@prospectie/contract/endpoints';
import { authPlugin, sessionCookieName } from './auth/plugin.js';
import { SessionStore } from './auth/sessions.js';
import { isHttps, tileOrigin, type Config } from './config.js';
import type { Database } from './db/client.js';
import { firstScreenCode, firstScreenLinks, readScreenChunks, type ScreenChunks } from './ops/firstScreen.js';
import { EMPTY_ROOT, firstScreenReader, writeFirstScreen } from './ops/firstScreenPage.js';
import { requestIdFrom } from './ops/logging.js';
import { opsPlugin } from './ops/plugin.js';
import { compression } from './plugins/compression.js';
import { responseSerializerCompiler } from './plugins/responseSerializer.js';
import { BODY_LIMIT, jsonBody } from './plugins/jsonBody.js';
import { securityHeaders, securityHeaderSetter } from './plugins/securityHeaders.js';
import { DomainError, errorResponses } from './errors.js';
import { frameworkErrors, registerErrorHandling, sendError } from './plugins/errors.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { route } from './routes/declared.js';
import { peopleRoutes } from './routes/people.js';
import { photoRoutes } from './routes/photos.js';
import { overviewRoutes } from './routes/overview.js';
import { planningRoutes } from './routes/planning.js';
import { pipelineRoutes } from './routes/pipeline.js';
import { prospectionRoutes } from './routes/prospections.js';
import { referenceRoutes } from './routes/reference.js';
import { reportRoutes } from './routes/reports.js';
import { shopRoutes } from './routes/shops.js';
import { todoRoutes } from './routes/todos.js';
import { sweepIdempotencyKeys } from './services/idempotency.js';
import { background, type Background, type BackgroundOptions } from './services/jobs/background.js';
import { sweepFinishedJobs } from './services/jobs/queue.js';
import { mailRoutes } from './routes/mail.js';
import { placeRoutes } from './routes/places.js';
import { photoStorageFor } from './services/photoStorage.js';
import { closeFileJobs, configureFileJobs } from './workers/fileJobs.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (main.ts: ops/logging.ts); wins over logger. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The background jobs' clock and mail hand-over, for tests; main.ts starts the queue (app.jobs) once listening. */
  background?: BackgroundOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's background work (services/jobs/background.ts): started by main.ts, stopped with the app. */
    jobs: Background;
  }
}

/** Trust the nearest `hops` proxies (Fastify's number form, which its types do not list). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp({ config, database, logger = false, loggerInstance, background: backgroundOptions }: AppOptions) {
  const setSecurityHeaders = securityHeaderSetter({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-select (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles (decision 071): their host only.
        imgSrc: ["'self'", 'data:', tileOrigin(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: isHttps(config) ? [] : null,
      },
    },
    hsts: isHttps(config) ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  /** Sends the single-page app's index.html; set once the built web app is found. */
  let serveApp: ((reply: FastifyReply) => FastifyReply) | null = null;
  let serveAppBeforeRouting: ((reply: FastifyReply) => FastifyReply) | null = null;
  let screenChunks: ScreenChunks = {};
  let appPage = '';
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    genReqId: requestIdFrom,
    // Off unless configured: a forged X-Forwarded-For must not choose the address the rate limit counts.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT.small,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // app.close() comes once no request of ours runs (ops/shutdown.ts), so the connections still open carry none: idle
    // keep-alive ones, and those a browser opened ahead and never used, which Node's closeIdleConnections would leave
    // open until their headers timeout.
    forceCloseConnections: true,
    // Node enforces the request timeout only with headersTimeout no longer than it, and checks it at
    // connectionsCheckingInterval (30 s by default, which would double the wait).
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs),
    },
    // A screen's address the router cannot decode (/shop/%E0%A4%A) still gets the app, which shows its Dutch
    // error page; an API path gets the JSON error.
    frameworkErrors: (err, request, reply) => {
      // No hook runs before routing: the security headers are set here.
      setSecurityHeaders(request.raw, reply.raw);
      return request.method === 'GET' && !request.url.startsWith('/api') && serveAppBeforeRouting
        ? serveAppBeforeRouting(reply)
        : frameworkErrors(err, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: !config.production }));
  registerErrorHandling(app);
  configureFileJobs(config.fileJobs);
  // A job still running (a file stuck in a library's loop) must not keep the process from stopping.
  app.addHook('onClose', async () => closeFileJobs());
  await app.register(jsonBody);

  const { db } = database;
  const jobs = background(db, config, app.log, backgroundOptions);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.queue.stop());
  const sessions = new SessionStore(db, config.sessionSecret, { adminLogins: config.adminLogins });
  await sessions.listenForEnded(database);
  // First of the hooks: request id, draining and metrics see every request, also refused ones.
  await app.register(opsPlugin, { config, database });

  await app.register(securityHeaders, { set: setSecurityHeaders });
  await app.register(compression);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prospectie API',
        version: '1.0.0',
        description: 'Every call of the Prospectie app. All need a session except health, docs and sign-in.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'prospectie_session' } } },
      security: [{ session: [] }],
    },
    // The error responses each route may answer are added for the document only (errors.ts: declaredErrors).
    transform: (args) =>
      jsonSchemaTransform({
        ...args,
        schema: args.url.startsWith('/api/')
          ? { ...args.schema, response: { ...errorResponses(args.route), ...(args.schema.response as object) } }
          : args.schema,
      }),
  });
  // The documentation is public: its routes (registered by the plugin, so no route options of ours) are marked
  // as they are added, by their pattern.
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, { config, sessions });

  await app.register(
    async (api) => {
      route(api, health, async () => {
        try {
          await db.execute(sql`select 1`);
        } catch {
          throw new DomainError('database_unavailable', 'the database does not answer');
        }
        return { status: 'ok' as const };
      });
      await api.register(authRoutes, { config, sessions, db });
      await api.register(referenceRoutes, { db });
      await api.register(peopleRoutes, { db, config });
      await api.register(shopRoutes, { database, todoMails: jobs.todoMails });
      await api.register(prospectionRoutes, { db });
      await api.register(todoRoutes, { db, todoMails: jobs.todoMails });
      await api.register(mailRoutes, { db, config });
      await api.register(placeRoutes, { db, config });
      await api.register(reportRoutes, { db });
      await api.register(planningRoutes, { database, config });
      await api.register(pipelineRoutes, { database });
      await api.register(adminRoutes, {
        db,
        importsIn: database.kind === 'postgres' ? database.url : undefined,
        sessions,
        heavyCallsPerMinute: config.heavyCallsPerMinute,
      });
      await api.register(overviewRoutes, { db, config });
      // A rep sends the photos of a visit at once, each retried on a bad connection: twice the other heavy calls.
      await api.register(photoRoutes, { db, storage: photoStorageFor(config, db), photosPerMinute: 2 * config.heavyCallsPerMinute });
    },
    { prefix: API_ROOT },
  );

  const readFirstScreen = firstScreenReader(db, config);
  const webDist = config.webDist ? path.resolve(config.webDist) : defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    screenChunks = readScreenChunks(webDist);
    serveApp = (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { maxAge: 0, immutable: false });
    // Before routing (framework errors) the reply has no sendFile: the page is read and sent as it is.
    const indexHtml = path.join(webDist, 'index.html');
    serveAppBeforeRouting = (reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexHtml));
    // The page a signed-in first screen is written into (ops/firstScreenPage.ts); read once, as the build does not change under a running server.
    appPage = readFileSync(indexHtml, 'utf8');
    // The build writes each script and style sheet brotli- and gzip-compressed beside it (web/vite.config.ts): sent as
    // they are, better compressed than on the fly and at no cost per request; other files go through `compression`.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1y', immutable: true, preCompressed: true });
    // Only the files under /assets/ have a content hash in their name. Every other file of the build (the service
    // worker and its manifest: docs/decisions/007-offline.md; public/first-paint.js: 040; the icons) is asked again
    // each time, or a new version would never arrive.
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.url.split('?')[0];
      const kept = String(reply.getHeader('cache-control') ?? '').includes('immutable');
      if (kept && !url.startsWith('/assets/') && !url.startsWith('/api/')) reply.header('cache-control', 'no-cache');
      return payload;
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || request.method !== 'GET') {
      return sendError(reply, 'route_not_found', `no route ${request.method} ${url}`);
    }
    // History fallback: every other path is a screen of the single-page app, and the page differs by session. A
    // signed-in browser gets Home's first screen written by the server, and Home's or a shop's first answers in the
    // page (ops/firstScreenPage.ts, decision 073), or else the screen's first API reads as preloads (ops/firstScreen.ts).
    reply.header('vary', 'Cookie');
    const token = request.cookies[sessionCookieName(config)];
    // Should the reads fail or be slow (a database busy with an import, or away), the app's own page opens at once and
    // asks for itself: the page never waits on the database longer than the deadline.
    const notWritten = (err: unknown) => (request.log.warn({ err }, 'first screen not written'), null);
    const deadline = Date.now() + FIRST_SCREEN_DEADLINE_MS;
    const user = token ? await beforeDeadline(sessions.find(token), deadline).catch(notWritten) : null;
    const written =
      user && appPage.includes(EMPTY_ROOT) ? await beforeDeadline(readFirstScreen(url, user), deadline).catch(notWritten) : null;
    const links = user ? firstScreenLinks(url, user, screenChunks, written !== null) : null;
    if (links) reply.header('link', links);
    // A person's data: kept by no cache, the browser's included (its back button asks again).
    if (written)
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(writeFirstScreen(appPage, written, firstScreenCode(url, screenChunks)));
    return serveApp!(reply);
  });

  const sweep = setInterval(
    () => {
      void sessions.sweep().catch((err) => app.log.warn({ err }, 'session sweep failed'));
      void sweepIdempotencyKeys(db).catch((err) => app.log.warn({ err }, 'idempotency key sweep failed'));
      void sweepFinishedJobs(db).catch((err) => app.log.warn({ err }, 'job sweep failed'));
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/** How long a page may wait for the reads of its first screen (decision 073); past it the app's own page goes. */
const FIRST_SCREEN_DEADLINE_MS = 800;

/** The work's answer, or null once the deadline (a time in ms) has passed; its error, if it fails first. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err: unknown) => (clearTimeout(timer), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}
