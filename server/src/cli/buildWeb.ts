// `npm start`'s first step: builds the web app into web/dist, only when its sources changed (ops/webBuild.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfChanged } from '../ops/webBuild.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

try {
  await buildWebIfChanged({
    root,
    distDir: path.join(root, 'web', 'dist'),
    log: (message) => console.log(message),
    build: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (exit code ${code})`))));
      }),
  });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
