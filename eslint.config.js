import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's imports flow one way, shared → features → app (STYLE.md, bulletproof-react): a piece two
// features need moves to a shared folder. The features are flat folders, so '../name/' from a feature is another feature.
const sharedWebFolders = ['components', 'lib', 'hooks', 'api', 'i18n', 'offline', 'test'];
const importsOf = (folders, message) => ({ regex: `^\\.{1,2}/(.*/)?(${folders})(/|$)`, message });

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
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf('app', 'A feature does not import app/: move what it needs to a shared folder (lib/, hooks/, components/).'),
            { regex: '^\\.\\./[^./]', message: 'A feature does not import another feature: move the shared piece to a shared folder.' },
            importsOf('features', 'A feature does not import another feature: move the shared piece to a shared folder.'),
          ],
        },
      ],
    },
  },
  {
    files: sharedWebFolders.map((folder) => `web/src/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf('features|app', 'Shared code does not import a feature or app/: the import direction is shared → features → app.'),
          ],
        },
      ],
    },
  },
);
