import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's imports flow one way, shared → features → app (STYLE.md, bulletproof-react), checked on the resolved
// file (import-x's no-restricted-paths), not on the import's text. Shared folders import neither a feature nor app/;
// a feature does not import app/, and reaches another feature only through that feature's public index
// (features/<name>/index.ts: '../planning', '../planning/index'), never a file inside it; app/ imports anything.
const sharedWebFolders = ['components', 'lib', 'hooks', 'api', 'i18n', 'offline', 'test'];
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const TO_SHARED = 'Move the shared piece to a shared folder (lib/, hooks/, components/).';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain scripts the page runs as they are (not bundled), before the app's code.
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import cycles in the three packages' code. A dynamic import() counts too (the rule's default): loading
    // later does not make two modules that need each other one-way. An `import type` is not followed (erased by tsc).
    files: ['{contract,server,web}/src/**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Nothing under node_modules imports our code back: not parsing it keeps the cycle search short.
      'import-x/ignore': ['node_modules'],
      // Resolves as tsc does with each package's tsconfig: './client.js' to client.ts, '@prospectie/contract' and
      // its subpaths through contract/package.json's exports.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['contract', 'server', 'web'].map((pkg) => `${import.meta.dirname}/${pkg}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: sharedWebFolders.map((folder) => `web/src/${folder}`),
              from: ['web/src/features', 'web/src/app'],
              message: `Shared code does not import a feature or app/: the import direction is shared → features → app. ${TO_SHARED}`,
            },
            {
              target: 'web/src/features',
              from: 'web/src/app',
              message: `A feature does not import app/. ${TO_SHARED}`,
            },
            ...webFeatures.map((feature) => ({
              target: `web/src/features/${feature}`,
              from: webFeatures.filter((other) => other !== feature).map((other) => `web/src/features/${other}`),
              except: ['index.ts'],
              message: `A feature imports another feature only through its public index ('../name'): export the piece there, or move it to a shared folder.`,
            })),
          ],
        },
      ],
    },
  },
);
