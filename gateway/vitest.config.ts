import { configDefaults, defineConfig } from 'vitest/config';

/**
 * With CI_POSTGRES_URL set (.ci/run), the procedure fuzz runs once, on PostgreSQL, as the `fuzz` part of
 * scripts/test-on-postgres.mjs (which sets DATABASE_URL and names the same file), and not here on PGlite:
 * what it checks is the gateway's answers, the same on either engine, and its ~10,000 calls cost half the
 * CPU there (docs/0137).
 */
const FUZZ_ON_POSTGRES_ONLY = Boolean(process.env.CI_POSTGRES_URL) && !process.env.DATABASE_URL;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: FUZZ_ON_POSTGRES_ONLY ? [...configDefaults.exclude, 'test/fuzz-procedures.test.ts'] : configDefaults.exclude,
    // One migrated, seeded platform database for the suite, made as the platform suite makes its own;
    // harness platforms start from copies (docs/0044).
    globalSetup: ['../platform/src/test-support/global-setup.ts'],
    // Every file starts a real platform and gateway; pinned to one busy core that takes far longer
    // than vitest's 5 s default. These are ceilings for stuck tests, not speed goals (bench has those).
    // Files share a worker's module graph instead of importing everything again each (docs/0040): the
    // platform suite spent 79 s importing and 7 s without it. Every file still builds its own database,
    // platform and gateway; nothing else is shared between files.
    isolate: false,
    // Two files at a time, as the platform suite runs: vitest's default on a two-core machine is one
    // (cores - 1), and much of a file's time is spent waiting on its platform, its jobs and its sockets.
    maxWorkers: 2,
    // One ceiling for every test and hook, no per-test ceilings: a CI machine under load started an
    // embedded platform in 70 s and failed a 60 s ceiling that an idle machine meets in 10 s. A stuck
    // test still ends, and the suite stays independent of how fast the machine is (docs/0085).
    // The built-in games' wallet calls wait up to 60 s instead of 5 (platform/src/env.ts): a test
    // about what a game does must not turn into a busy answer because the machine is saturated.
    // Tests of a slow or lost wallet use wallets that fail on purpose.
    env: { WALLET_TIMEOUT_MS: '60000' },
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
