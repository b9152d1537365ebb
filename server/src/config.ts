// Reads the environment once; every setting of docs/configuration.md lives here.
import path from 'node:path';
import { z } from 'zod';
import { texts } from './texts.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  AUTH_MODE: z.enum(['demo', 'oidc']).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** The values of the token's `roles` claim (Entra app roles) that mean our roles (decision 029). */
  OIDC_ROLE_MEDEWERKER: z.string().trim().min(1).default('Prospectie.Medewerker'),
  OIDC_ROLE_MANAGER: z.string().trim().min(1).default('Prospectie.Manager'),
  OIDC_ROLE_BEHEERDER: z.string().trim().min(1).default('Prospectie.Beheerder'),
  OIDC_AUTO_PROVISION: z.enum(['true', 'false']).default('false'),
  OIDC_AUTO_PROVISION_ROLE: z.string().trim().optional(),
  /** Comma-separated logins that are beheerder whatever the app's or the token's roles say. */
  ADMIN_LOGINS: z.string().optional(),
  /** Left out: http://localhost:{PORT}, so `PORT=3301 npm start` takes writes from the page it serves. */
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().optional(),
  DIRECTORY_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  NODE_ENV: z.string().default('development'),
  ALLOW_DEMO_LOGIN: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  METRICS_TOKEN: z.string().min(16, texts.config.minLength16).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, texts.config.trustProxyFormat)
    .default('false'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  DEV_WEB_ORIGINS: z.string().optional(),
  /** Te bezoeken (decision 028): a shop of the rep's portfolio is due when nobody visited it for this many days. */
  DUE_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Where the photos of visits are kept (decision 035): in the database, or in PHOTO_DIR (docs/decisions/035-photo-storage.md). */
  PHOTO_STORAGE: z.enum(['database', 'directory']).default('database'),
  PHOTO_DIR: z.string().trim().min(1).optional(),
  /** Reading one uploaded file (.ics, CSV, XLSX) in a file-work process: its deadline and heap (decision 041). */
  FILE_JOB_DEADLINE_MS: z.coerce.number().int().min(500).max(600_000).default(20_000),
  FILE_JOB_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
  /** Heavy calls (uploads, imports, exports) one person may make per minute, on this instance (decision 041). */
  HEAVY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Mail (decision 069): the SMTP server (smtp://user:password@host:587, smtps:// for TLS from the start); none: no mail. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, texts.config.smtpUrlFormat)
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default('Prospectie <prospectie@localhost>'),
  /** The map's tiles (decision 071): an address with {z}, {x} and {y} ({s} for a subdomain), and their attribution. */
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]*\{z\}[^\s]*$/, texts.config.mapTileUrlFormat)
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap-bijdragers'),
  /** Coordinates from addresses (decision 071): a geocoder with Nominatim's API (your own Nominatim or a paid one); none: off. */
  GEOCODER_URL: z.string().url().optional(),
  /** The background jobs (decision 069): how long an instance holds a job it took, and the first wait after a failed attempt. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  authMode: 'demo' | 'oidc';
  /** timeoutSeconds bounds every call to the issuer (discovery, token exchange). */
  oidc?: {
    issuer: string;
    clientId: string;
    clientSecret?: string;
    timeoutSeconds: number;
    /** The roles claim's values that mean our roles; a value not listed here means nothing to us. */
    roleClaims?: { medewerker: string; manager: string; beheerder: string };
    /** A first sign-in of an unknown account creates its user and employee from the token. */
    autoProvision?: boolean;
    /** With autoProvision: only when the token's roles claim holds this value. */
    autoProvisionRole?: string;
  };
  /** Logins (lower-cased) that are beheerder in effect, whatever the app's or the token's roles say. */
  adminLogins: string[];
  publicUrl: string;
  directoryUrl?: string;
  seed: 'demo' | 'none';
  production: boolean;
  webDist?: string;
  logLevel: string;
  /** On SIGTERM: how long requests in flight may still take before their connections are cut. */
  shutdownGraceMs: number;
  /** Bearer token for GET /api/metrics; without it that route does not exist. */
  metricsToken?: string;
  /** Connections per instance to PostgreSQL. */
  databasePoolSize: number;
  /** Key for hashing session tokens at rest. */
  sessionSecret: string;
  /** Which proxies' X-Forwarded-For to believe: none (false), a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** The whole request (headers and body) must arrive within this; a trickled body is cut off. */
  requestTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed. */
  connectionTimeoutMs: number;
  /** Besides PUBLIC_URL, the origins writes may come from: only the Vite dev server under `npm run dev`. */
  devWebOrigins: string[];
  /** Te bezoeken: days without a visit after which a shop of the rep's portfolio is due. */
  dueAfterDays: number;
  fileJobs: { deadlineMs: number; memoryMb: number };
  heavyCallsPerMinute: number;
  /** Mail over SMTP; absent: nothing is sent, nothing queued (decision 069). */
  mail?: { smtpUrl: string; from: string };
  /** The map's tiles and their attribution; the content security policy allows their host only (decision 071). */
  mapTiles: { url: string; attribution: string };
  /** The geocoder's address (decision 071); absent: shops get a place from the import, a rep or a beheerder only. */
  geocoderUrl?: string;
  /** Background jobs: a job's lease, and the first wait before a failed attempt is tried again (doubling, capped). */
  jobs: { leaseSeconds: number; retrySeconds: number };
  /** Where the photos of visits are kept: the database (photo_files), or a directory every instance mounts. */
  photoStorage: { kind: 'database' } | { kind: 'directory'; dir: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(texts.config.invalid(problems));
  }
  const e = parsed.data;
  const authMode = e.AUTH_MODE ?? (e.OIDC_ISSUER ? 'oidc' : 'demo');
  const production = e.NODE_ENV === 'production';
  if (authMode === 'oidc' && (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID)) {
    throw new Error(texts.config.oidcNeedsIssuer);
  }
  if (authMode === 'oidc' && e.OIDC_ISSUER && !isAllowedIssuerUrl(e.OIDC_ISSUER)) {
    throw new Error(texts.config.issuerHttps);
  }
  if (production && !e.SESSION_SECRET) {
    throw new Error(texts.config.sessionSecretInProduction);
  }
  if (authMode === 'demo' && production && e.ALLOW_DEMO_LOGIN !== 'true') {
    throw new Error(texts.config.demoOffInProduction);
  }
  // An https address is a deployed one, whatever NODE_ENV says: no demo sign-in and no development key there
  // unless the operator asks for the demo on purpose.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const deployed = publicUrl.startsWith('https://');
  if (deployed && e.ALLOW_DEMO_LOGIN !== 'true') {
    if (authMode === 'demo') {
      throw new Error(texts.config.demoOffOnHttps);
    }
    if (!e.SESSION_SECRET) throw new Error(texts.config.sessionSecretOnHttps);
  }
  if (production && e.DEV_WEB_ORIGINS) throw new Error(texts.config.devOriginsInProduction);
  if (e.PHOTO_STORAGE === 'directory' && !e.PHOTO_DIR) throw new Error(texts.config.photoDirMissing);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authMode,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            timeoutSeconds: e.OIDC_TIMEOUT_SECONDS,
            roleClaims: { medewerker: e.OIDC_ROLE_MEDEWERKER, manager: e.OIDC_ROLE_MANAGER, beheerder: e.OIDC_ROLE_BEHEERDER },
            autoProvision: e.OIDC_AUTO_PROVISION === 'true',
            autoProvisionRole: e.OIDC_AUTO_PROVISION_ROLE || undefined,
          }
        : undefined,
    adminLogins: (e.ADMIN_LOGINS ?? '')
      .split(',')
      .map((login) => login.trim().toLowerCase())
      .filter(Boolean),
    publicUrl,
    directoryUrl: e.DIRECTORY_URL,
    seed: e.SEED,
    production,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metricsToken: e.METRICS_TOKEN || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET || 'prospectie-dev-session-key',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    devWebOrigins: (e.DEV_WEB_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    dueAfterDays: e.DUE_AFTER_DAYS,
    fileJobs: { deadlineMs: e.FILE_JOB_DEADLINE_MS, memoryMb: e.FILE_JOB_MEMORY_MB },
    heavyCallsPerMinute: e.HEAVY_CALLS_PER_MINUTE,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    geocoderUrl: e.GEOCODER_URL,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    jobs: { leaseSeconds: e.JOB_LEASE_SECONDS, retrySeconds: e.JOB_RETRY_SECONDS },
    photoStorage: e.PHOTO_STORAGE === 'directory' ? { kind: 'directory', dir: path.resolve(e.PHOTO_DIR!) } : { kind: 'database' },
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(',').map((a) => a.trim());
}

/** An https public address: Secure cookies with the __Host- prefix, HSTS, upgrade of insecure requests. */
/** The origin the map's tiles come from, for the content security policy: {s} becomes any subdomain. */
export const tileOrigin = (config: Pick<Config, 'mapTiles'>) => {
  const { protocol, host } = new URL(config.mapTiles.url.replace('{s}.', 'sub.').replace(/\{[a-z]\}/gi, '0'));
  return `${protocol}//${config.mapTiles.url.includes('{s}.') ? host.replace(/^sub\./, '*.') : host}`;
};

export const isHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');

/** A plain-http issuer is only acceptable on this machine (a test provider on loopback). */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

function isAllowedIssuerUrl(url: string): boolean {
  return new URL(url).protocol === 'https:' || isLoopbackHttp(url);
}
