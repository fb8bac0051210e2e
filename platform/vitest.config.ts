import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    maxWorkers: 2,
    // Each file builds its own database; PGlite start-up and argon2 need far more than the default 5 s
    // on one busy core. Ceilings for stuck tests, not speed goals (bench has those).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
