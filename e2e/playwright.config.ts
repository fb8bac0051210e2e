import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_CAPTCHA_TEST_KEY } from './fixtures/captcha.ts';
import { E2E_MESSAGES_FILE_NAME } from './fixtures/messages.ts';
import { E2E_PROTECTION_CLOCK_FILE_NAME } from './fixtures/protection-clock.ts';
import { E2E_SERVERS, serverDataDir, serverFile, type TE2eServer } from './fixtures/servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const baseURL = (server: TE2eServer) => `http://127.0.0.1:${E2E_SERVERS[server].port}`;

/** Playwright 1.65's own --disable-features list (its chromiumSwitches), which CHROMIUM_ARGS must repeat. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Chromium's headless mode is the full browser: every new window (each journey's browser context)
  // preloads the address bar's WebUI popups, a hidden renderer that cost about 0.5 s of CPU per
  // context and half of a fresh context's first page load (docs/0130).
  // Chromium reads one --disable-features, the last: Playwright's own list comes first in its launch
  // and this one replaced it (paint holding, optimisation hints, media router back on), so this
  // list repeats it; a fresh context's home load 1.57 -> 1.43 s of CPU (docs/0137).
  // tests/chromium-flags.spec.ts fails when Playwright's list gains a feature this one lacks.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'].join(',')}`,
];

/**
 * Journeys that change state every other journey sees (whitelabel flags, maintenance, region,
 * operator settings) run one at a time on a server of their own (docs/0025, docs/0124), beside the
 * other journeys on the first server. So does the second factor journey: it reads SMS codes sent to
 * the demo member's mobile, as accounts-login does on the first server, and run side by side one
 * could take the other's code. A new journey that changes such state goes on this list.
 */
// Money journeys move the demo member's balance, which home.spec.ts reads (৳12,500.00) on the first
// server: they run on the second, unless they use an account of their own (the game journeys'
// demo_player1..4; agent-contracts.spec.ts's demo_agent2 and the downline it registers).
export const SHARED_STATE_JOURNEYS = ['**/operator-*.spec.ts', '**/accounts-second-factor.spec.ts', '**/money-*.spec.ts'];

/** The start command's last step (package.json `start`): serve the build the first server made. */
const serverCommand = `MALLOC_MMAP_THRESHOLD_=131072 node --v8-pool-size=1 --max-semi-space-size=8 ${path.join(root, 'gateway', 'dist', 'server.js')}`;

function server(name: TE2eServer, command: string) {
  const port = E2E_SERVERS[name].port;
  const dataDir = serverDataDir(name);
  return {
    // A fresh data folder per run, so journeys start from the seed and never from a previous run.
    command: `node ${path.join(root, 'scripts', 'rm-dir.mjs')} ${dataDir} && ${command}`,
    url: `${baseURL(name)}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PLATFORM_DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      RATE_LIMITS: 'freePlay.ip=100/1h,register.ip=100/1h,registerSms.ip=100/1h,smsDaily.ip=500/24h,captcha.ip=300/1m',
      CAPTCHA_TEST_KEY: E2E_CAPTCHA_TEST_KEY,
      // Journeys read the codes and links the site sends here (docs/0067); never set in production.
      MESSAGE_CAPTURE_FILE: serverFile(E2E_MESSAGES_FILE_NAME, name),
      // Real-time salary windows of 20 s instead of docs/rules/accounts.md#a-16's 5 minutes, so agent-contracts.spec.ts
      // watches a settlement without waiting minutes (docs/0049).
      REALTIME_SALARY_WINDOW_SECONDS: '20',
      // Protection decisions read the clock plus this file's offset, so protection-reality-check.spec.ts lets a
      // reality check fall due without waiting 15 minutes (docs/0104); never set in production.
      PROTECTION_CLOCK_FILE: serverFile(E2E_PROTECTION_CLOCK_FILE_NAME, name),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // Two journeys at a time: the shared-state project's one at a time on its own server, and the
  // others where they cannot see each other (own accounts, or read-only use of the demo accounts).
  // Two, not three: CI's two cores are shared with three other test streams (docs/0116).
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Ceilings for a stuck journey on one busy core (`taskset -c 0`), not speed goals: bench has those.
  // A saturated CI machine ran the longest journeys past 90 s, and the operator console past 15 s to
  // show its panels after a login; a CI run sharing its cores with another process ran a money journey
  // past 180 s (docs/0137).
  timeout: 300_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: baseURL('journeys'),
    // No trace recording: 'retain-on-failure' records one (DOM snapshots and screencast frames) for
    // every journey and cost ~36% of the suite's CPU (docs/0025). A failure keeps its screenshot and
    // Playwright's page snapshot; rerun one journey with `--trace on` to get a trace.
    trace: 'off',
    // The site's service worker (the lite app, docs/0048) would precache the shell in every fresh
    // context of every journey; only lite-app.spec.ts lets it run.
    serviceWorkers: 'block',
    // Pages ask for reduced motion, as many phone users do: the site then stops its endless
    // animations (marquee, winner board, banner autoplay). An idle home page with them running keeps
    // Chromium's software compositor at about 30% of a core, in every open page of every journey
    // (docs/0055). one-visit-audit.spec.ts checks the layout with motion on as well (docs/0059).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Signs the demo member and the demo operator in once per server through the real login forms and
    // keeps their session storage for journeys that are not about logging in (fixtures/signed-in.ts).
    { name: 'sign-in', testMatch: /signed-in\.setup\.ts$/ },
    { name: 'sign-in-shared', testMatch: /signed-in\.setup\.ts$/, use: { baseURL: baseURL('shared') } },
    // First in the queue, so its one-at-a-time chain starts at once on one worker while the other
    // worker takes the journeys (placed after it, they would fill both workers and leave it for last).
    { name: 'shared-state', testMatch: SHARED_STATE_JOURNEYS, dependencies: ['sign-in-shared'], workers: 1, use: { baseURL: baseURL('shared') } },
    { name: 'journeys', testIgnore: SHARED_STATE_JOURNEYS, dependencies: ['sign-in'] },
  ],
  // The first server is the real start command of README.md (it builds, then serves); the second,
  // started once the first answers, serves the same build (docs/0124). Each on its own port and data folder.
  webServer: [server('journeys', 'pnpm --dir ' + root + ' start'), server('shared', serverCommand)],
});
