import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

export default defineConfig({
  plugins: [
    react(),
    compileHints(['ShopSelect']),
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
  },
});
