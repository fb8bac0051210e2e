// Lint enforces the house rules of DESIGN.md: dependencies point one way, process.env is read only
// in each package's env.ts, and flows/ stays pure (no timers, no fetch).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Three folders up or more is a path that breaks when either end moves: import through the
// package's name, or keep the modules closer (docs/0075).
const DEEP_RELATIVE = { group: ['../../../*'], message: 'No imports three folders up or more: use the package name (@wl/...) or move the module closer.' };

// An AsyncLocalStorage or an async hook turns on promise hooks for the whole process on Node 20, and
// every promise pays for them (x1.3-1.4 measured): carry call state explicitly (docs/0078).
const NO_ASYNC_HOOKS = {
  group: ['node:async_hooks', 'async_hooks'],
  message: 'No async hooks or AsyncLocalStorage: they slow every promise of the process (docs/0078).',
};

const forbid = (...pkgs) => [
  ...pkgs.flatMap((p) => [
    { group: [`@wl/${p}`, `@wl/${p}/*`], message: `This package may not import @wl/${p} (see its README).` },
    { group: [`../../${p}/*`, `../${p}/*`, `../../../${p}/*`], message: `No relative imports across packages.` },
  ]),
  DEEP_RELATIVE,
  NO_ASYNC_HOOKS,
];

const restrict = (files, pkgs, extra = {}) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbid(...pkgs) }],
    ...extra,
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tsbuild/**', '**/.data/**', '**/playwright-report/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The rules of hooks (docs/0075); missing effect dependencies warn: each needs a look at the effect.
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read process.env only in env.ts.' },
      ],
    },
  },
  { rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE, NO_ASYNC_HOOKS] }] } },
  { files: ['**/env.ts', 'bench/**', 'e2e/**', 'scripts/**', '**/*.config.ts', '**/*.test.ts'], rules: { 'no-restricted-syntax': 'off' } },
  restrict(['schemas/**'], ['flows', 'platform', 'gateway', 'web', 'e2e']),
  restrict(['flows/**'], ['platform', 'gateway', 'web', 'e2e'], {
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: 'flows/ is pure: pass side effects in as actors.' },
      { name: 'setTimeout', message: 'flows/ is pure: use XState delays (after) instead.' },
      { name: 'setInterval', message: 'flows/ is pure: use XState delays (after) instead.' },
      { name: 'window', message: 'flows/ is pure: no DOM.' },
      { name: 'document', message: 'flows/ is pure: no DOM.' },
    ],
  }),
  restrict(['platform/**'], ['flows', 'gateway', 'web', 'e2e']),
  // The gateway talks to the platform over HTTP only. Its process entry alone may start the
  // embedded platform in-process (docs/0002-embedded-platform.md).
  restrict(['gateway/**'], ['flows', 'platform', 'web', 'e2e']),
  {
    files: ['gateway/src/server.ts', 'gateway/src/embedded.ts', 'gateway/test/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbid('flows', 'web', 'e2e') }] },
  },
  // The demo traffic script is a client of a running site: the gateway router's type, never its code
  // or the platform's (its test alone starts both in-process, as gateway tests do).
  {
    files: ['demo/**'],
    ignores: ['demo/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbid('flows', 'web', 'e2e', 'platform'),
            { group: ['@wl/gateway/*', '!@wl/gateway/router'], message: 'The demo script imports only the gateway router type (@wl/gateway/router).' },
          ],
          paths: [{ name: '@wl/gateway', message: 'The demo script imports only the gateway router type (@wl/gateway/router).' }],
        },
      ],
    },
  },
  { files: ['demo/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: forbid('flows', 'web', 'e2e') }] } },
  // The web app imports only the gateway router's type.
  {
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbid('platform', 'e2e'),
            { group: ['@wl/gateway/*', '!@wl/gateway/router'], message: 'The web app imports only the gateway router type (@wl/gateway/router).' },
          ],
          paths: [{ name: '@wl/gateway', message: 'The web app imports only the gateway router type (@wl/gateway/router).' }],
        },
      ],
    },
  },
  // Journeys run axe through fixtures/axe.ts: its legacy mode is 2–3 times faster than the default (docs/0116).
  {
    files: ['e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [DEEP_RELATIVE, NO_ASYNC_HOOKS],
          paths: [{ name: '@axe-core/playwright', message: 'Run axe with axeOn() of fixtures/axe.ts (docs/0116).' }],
        },
      ],
    },
  },
  // The lite app's service worker (docs/0048): plain JS in the worker's scope; the build prepends VERSION and SHELL.
  {
    files: ['web/src/lite/service-worker.js'],
    languageOptions: { globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', VERSION: 'readonly', SHELL: 'readonly' } },
  },
);
