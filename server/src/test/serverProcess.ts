// The server as `npm start` runs it, in a child process of a test: `node --import tsx server/src/main.ts` without npx
// in between, so a SIGKILL reaches the server itself. For the suites that kill it, stop it or read its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/** A port nobody listens on now, for a server a test starts. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts a server on 127.0.0.1 with the demo data and no web app; `env` (PORT at least) goes over these defaults. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      SEED: 'demo',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** Waits until its /api/ready answers 200; throws with its output when it exits or takes longer than timeoutMs. */
export async function waitReady(server: ServerProcess, base: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`server not ready:\n${server.output()}`);
    await sleep(50);
  }
}

/** Resolves with the signal that ended it (null after a plain exit), or 'still running' after `timeoutMs`. */
export const exited = (child: ChildProcess, timeoutMs = 60_000) =>
  new Promise<NodeJS.Signals | null | 'still running'>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.signalCode);
    const timer = setTimeout(() => resolve('still running'), timeoutMs);
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal);
    });
  });
