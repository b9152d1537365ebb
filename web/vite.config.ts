import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * V8's explicit compile hint: every function of the entry and of the Home shop search is compiled with the script
 * (off the main thread while it streams) instead of on its first call. The first key typed in the shop search ran
 * React's and Downshift's keyboard and input code for the first time: compiled on the spot it took ~44 ms (median,
 * 4x CPU) against ~25 ms for the next keys (docs/decisions/023-compile-hints.md).
 */
function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'prospectie:compile-hints',
    apply: 'build',
    // On the written files: Vite still prepends to the entry in its own last steps.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunkNames.includes(chunk.name))) continue;
        const file = path.join(options.dir!, chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

/**
 * Every hashed script and style sheet also as `.br` (brotli's best, quality 11) and `.gz` beside it, which the
 * server sends as they are (@fastify/static's preCompressed). Compressed per request the server used quality 5 to
 * keep it fast: the entry went out as 143 KB instead of 130 KB, the styles as 29 KB instead of 24 KB, and every
 * first visit cost the server tens of milliseconds of CPU (issue 25). After the compile hints: they change the files.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'prospectie:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
        await Promise.all(
          files.map(async (name) => {
            const file = path.join(options.dir!, name);
            const bytes = readFileSync(file);
            if (bytes.length < 1024) return;
            const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
            await writeFile(`${file}.br`, await brotli(bytes, { params }));
            await writeFile(`${file}.gz`, await gzipped(bytes, { level: 9 }));
          }),
        );
      },
    },
  };
}

/**
 * The files each first screen's code is in, beside the entry: `screen-chunks.json`, `{ screen: ["/assets/…"] }`,
 * and the entry's own (`shell`).
 * The server sends them as preload links with that screen's page (server/src/ops/firstScreen.ts), so they download
 * with the entry instead of after it has run (a mid-tier phone: 0.5 s and a round trip later; issue 25). A listed
 * module that is no chunk of its own fails the build: the list would silently preload nothing.
 */
function screenChunks(screens: Record<string, string[]>): Plugin {
  return {
    name: 'prospectie:screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const files: Record<string, string[]> = {};
      for (const [screen, modules] of Object.entries(screens)) {
        const found = new Set<string>();
        const add = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || chunk.isEntry || found.has(fileName)) return;
          found.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
          chunk.imports.forEach(add);
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(__dirname, module));
          if (!chunk) throw new Error(`screen-chunks: ${module} (${screen}) is no chunk of its own`);
          add(chunk.fileName);
        }
        files[screen] = [...found].map((f) => `/${f}`);
      }
      // The page's own script and styles, which the page names too: first, as a preload ahead of them waits for a
      // connection of its own (a browser opens six per server over HTTP/1.1).
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === path.resolve(__dirname, 'index.html'));
      if (!entry) throw new Error('screen-chunks: no entry chunk for index.html');
      files.shell = [entry.fileName, ...(entry.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`);
      this.emitFile({ type: 'asset', fileName: 'screen-chunks.json', source: JSON.stringify(files) });
    },
  };
}

/**
 * React Router's package exports name only its development build (remix-run/react-router#12532, #14102): a
 * production bundle got its dev warnings and checks too. The build takes the production files beside them.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction },
            { find: /^prop-types$/, replacement: fileURLToPath(new URL('./src/lib/propTypesInProduction.ts', import.meta.url)) },
          ],
        }
      : {},
  plugins: [
    react(),
    compileHints(['ShopSelect']),
    precompress(),
    screenChunks({
      home: ['src/features/home/ShopSelect.tsx'],
      shop: ['src/app/ShopScreen.tsx'],
    }),
    // Installable app and offline shell (docs/decisions/007-offline.md). 'prompt': a new version
    // waits for the rep's "Herladen"; the first one controls the page only from the next load.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Prospectie',
        short_name: 'Prospectie',
        description: 'Winkelbezoeken, winkels en agenda voor de FC70-vertegenwoordigers',
        lang: 'nl-BE',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1f3a5f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // The API (and its docs, and the sign-in round trip) is never answered by the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A timeout guards against a hang, not a slow machine: a busy machine takes a screen's test past Vitest's 5 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
}));
