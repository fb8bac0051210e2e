import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    maxWorkers: 2,
    // Each file builds its own database; PGlite start-up and argon2 need more than the default 5 s under load.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
