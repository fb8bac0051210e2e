#!/usr/bin/env node
/**
 * The PostgreSQL and Redis runs of CI (docs/0040), `pnpm test`'s third stream beside the unit and
 * Playwright streams (docs/0085): their work waits on the database server, so they use the CPU the
 * other two leave idle. Does nothing unless
 * CI_POSTGRES_URL is set (.ci/run sets it, with CI_REDIS_URL): on a machine with only Node and npm,
 * `pnpm test` stays what README.md says. Runs, one after the other: the whole platform suite on
 * PostgreSQL, the gateway files whose behaviour depends on the database under the embedded platform
 * (docs/0025 says why each is in or out), and the shared rate limits on Redis (with REDIS_URL set
 * they fail, never skip, when Redis is away). Plain Node: nothing to install. `pnpm test` runs the
 * platform part as its third stream, the gateway part beside the journeys, after the web suite and lint (docs/0124),
 * and the gateway's procedure fuzz after the gateway suite on PGlite, which then leaves it out (docs/0137).
 */
import { spawnSync } from 'node:child_process';

const pg = process.env.CI_POSTGRES_URL;
const redis = process.env.CI_REDIS_URL;
// No argument: everything, one run after the other. `platform`, `gateway` or `fuzz`: that part alone.
const part = process.argv[2] ?? 'all';
if (part !== 'platform' && part !== 'gateway' && part !== 'fuzz' && part !== 'all') {
  console.error('usage: node scripts/test-on-postgres.mjs [platform|gateway|fuzz]');
  process.exit(2);
}
if (!pg) process.exit(0);

// The platform's heavy suites on PostgreSQL: larger than the PGlite run in CI (.ci/run), a quarter to
// half the size a developer's `pnpm test` runs without these variables (the files' defaults): CI's two
// cores are saturated by four streams, where a 1,000-play games run took 464 s instead of 15 (docs/0116).
const FULL_SIZE = {
  LEDGER_PROPERTY_RUNS: '2',
  LEDGER_PROPERTY_OPS: '1000',
  LEDGER_CRASH_ROUNDS: '10',
  GAME_PROPERTY_ROUNDS: '500',
  AGENT_ACCESS_STRIDE: '4',
  CONTRACT_CHAIN_TRIALS: '12',
};

// The gateway files whose behaviour changes with the database under the embedded platform: config
// news by LISTEN/NOTIFY between processes, the start lock, row locks under 50 parallel requests, and
// the games' wallet path on a pool of real connections. The rest of the gateway suite runs on PGlite
// in `pnpm test`, and every platform query underneath it runs on PostgreSQL in the platform suite
// (docs/0025 lists what was in before the budget narrowed it, docs/0040).
const GATEWAY_PG_FILES = [
  'test/live-config.test.ts',
  'test/start-together.test.ts',
  'test/atomic-counters.test.ts',
  'test/hostile-input.test.ts',
  'test/games.test.ts',
];
// Not engine-dependent, but its ~10,000 calls cost half the CPU on PostgreSQL: CI runs it there only,
// after the gateway suite on PGlite in the fourth stream, which it balances (docs/0137).
const FUZZ_FILE = 'test/fuzz-procedures.test.ts';

const platformRuns = [{ what: 'platform suite on PostgreSQL', env: { DATABASE_URL: pg, ...FULL_SIZE }, args: ['--filter', '@wl/platform', 'test'] }];
const gatewayRuns = [
  { what: 'gateway files on PostgreSQL', env: { DATABASE_URL: pg }, args: ['--filter', '@wl/gateway', 'exec', 'vitest', 'run', ...GATEWAY_PG_FILES] },
  ...(redis
    ? [
        {
          what: 'rate limits on Redis',
          env: { REDIS_URL: redis },
          args: ['--filter', '@wl/gateway', 'exec', 'vitest', 'run', 'src/rate-limit', 'test/rate-limit.test.ts'],
        },
      ]
    : []),
];
const fuzzRuns = [{ what: 'gateway fuzz on PostgreSQL', env: { DATABASE_URL: pg }, args: ['--filter', '@wl/gateway', 'exec', 'vitest', 'run', FUZZ_FILE] }];
const byPart = { platform: platformRuns, gateway: gatewayRuns, fuzz: fuzzRuns, all: [...platformRuns, ...gatewayRuns, ...fuzzRuns] };
const runs = byPart[part];

for (const run of runs) {
  const started = Date.now();
  console.log(`\n== ${run.what}`);
  const result = spawnSync('pnpm', run.args, { stdio: 'inherit', env: { ...process.env, ...run.env } });
  console.log(`== ${run.what}: ${result.status === 0 ? 'passed' : 'FAILED'} after ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
