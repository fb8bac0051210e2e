import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    maxWorkers: 2,
    // Each file builds its own database; PGlite start-up and argon2 need far more than the default 5 s
    // on one busy core. Ceilings for stuck tests, not speed goals (bench has those).
    // Files share a worker's module graph instead of importing everything again each (docs/0040): the
    // platform suite spent 79 s importing and 7 s without it. Every file still builds its own database,
    // platform and gateway; nothing else is shared between files.
    isolate: false,
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
