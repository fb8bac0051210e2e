import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test starts a real platform and gateway; ceilings for a stuck test on one busy core, not speed goals.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
