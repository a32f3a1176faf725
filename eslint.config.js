// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Folders directly below `dir` (empty when `dir` does not exist yet). */
const subfolders = (dir) =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/**
 * Import boundaries (DESIGN.md "Direction of imports"; issue #29: features → shared → lib):
 * - a client feature never imports another feature; a server module never imports another module
 *   except its public.ts (what the owner of those tables offers the others);
 * - `common/` imports nothing of ours; `sw/` imports only `common/`;
 * - the client never imports `server/`, the server never imports `src/`;
 * - `server/lib` (shared helpers) and `server/db` (schema, `Database`) import no plugin, module or
 *   realtime file: those build on them, never the other way round (issue #29 item 6).
 */
const boundaryZones = [
  ...subfolders('src/features').map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature: compose them in routes.',
  })),
  ...subfolders('server/modules').map((m) => ({
    target: `./server/modules/${m}`,
    from: './server/modules',
    // Issue #29 item 6: a module's public.ts is what others may use of it (helpers over its tables).
    except: [`./${m}`, ...subfolders('server/modules').filter((o) => o !== m).map((o) => `./${o}/public.ts`)],
    message: "A server module imports only another module's public.ts: pass a service in, or export the helper there.",
  })),
  // Client layers (issue #29 item 2): features → shared → lib (and components/ui, the UI primitives).
  { target: './src/shared', from: ['./src/features', './src/routes'], message: 'src/shared/ (reads and widgets several features use) never imports a feature or a route.' },
  { target: ['./src/lib', './src/components', './src/i18n', './src/config'], from: ['./src/shared', './src/features', './src/routes'], message: 'src/lib/ and the UI primitives never import shared/, a feature or a route.' },
  { target: './common', from: ['./src', './server', './sw', './e2e'], message: 'common/ imports nothing of ours.' },
  { target: './sw', from: ['./src', './server'], message: 'sw/ imports only common/.' },
  { target: './src', from: ['./server', './sw'], message: 'The client never imports server/ or sw/.' },
  { target: './server', from: ['./src', './sw'], message: 'The server never imports src/ or sw/.' },
  {
    target: ['./server/lib', './server/db'],
    from: ['./server/plugins', './server/modules', './server/realtime'],
    message: 'server/lib and server/db import only server/db, server/lib and common/ (the Database type is in server/db/database.ts).',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'src/routeTree.gen.ts', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json', 'sw/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'alert', message: 'Use the in-app dialog (DESIGN.md).' }, { name: 'confirm', message: 'Use the in-app confirm dialog (DESIGN.md).' }],
      'no-restricted-properties': ['error', { object: 'window', property: 'alert' }, { object: 'window', property: 'confirm' }],
    },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.{ts,mjs}', 'soak/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    // Issue #29 item 6: a plugin names what it needs in fastify-plugin's `dependencies` (registration
    // fails when one is missing) instead of looking for a decorator at run time.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name=/^has(Request|Reply)?Decorator$/]", message: "Declare the plugin in fastify-plugin's `dependencies` (or pass the function in) instead of hasDecorator." },
      ],
    },
  },
  {
    // Configuration is read once: only server/config.ts touches process.env (STYLE.md habit 1).
    files: ['server/**/*.ts'],
    ignores: ['server/config.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from server/config.ts.' }] },
  },
);
