// Starts the real server (tsx server/src/main.ts) as a child process on a bench database, and signs in.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  base: string;
  cookie: string;
  /** The session token alone, for a browser cookie. */
  token: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The variables `npm start` sets before tsx (server/package.json's start script, e.g. MALLOC_ARENA_MAX, decision 075):
 * the bench's servers get them too, so they run as `npm start` runs the server.
 */
export function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'server/package.json'), 'utf8')) as { scripts: { start: string } };
  const env: Record<string, string> = {};
  for (const word of pkg.scripts.start.split(/\s+/)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1]] = assignment[2];
  }
  return env;
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

export async function signIn(base: string, email = 'demo@example.com') {
  const res = await fetch(`${base}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-prospectie-client': '1' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 204) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const match = /prospectie_session=([^;]+)/.exec(setCookie);
  if (!match) throw new Error('no session cookie');
  return { token: match[1], cookie: `prospectie_session=${match[1]}` };
}

export async function startServer(opts: { port: number; env: Record<string, string>; webDist?: string }): Promise<RunningServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  // A server already answering there (another bench's, or one a crashed run left) would be measured instead of ours.
  const stale = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${opts.port} already answers: stop what listens there (or set BENCH_PORT) and run again`);
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      // A fresh key per run: production mode requires one, and none belongs in the repository.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ALLOW_DEMO_LOGIN: 'true',
      AUTH_MODE: 'demo',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...startScriptEnv(),
      ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
      // The allocator the Dockerfile gives the server (jemalloc), for the servers only: never for the bench's own
      // process or its Chromium.
      ...(process.env.BENCH_SERVER_PRELOAD ? { LD_PRELOAD: process.env.BENCH_SERVER_PRELOAD } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(base, child);
  const session = await signIn(base);
  return {
    base,
    ...session,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
