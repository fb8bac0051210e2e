import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Every file starts a real platform and gateway; pinned to one busy core that takes far longer
    // than vitest's 5 s default. These are ceilings for stuck tests, not speed goals (bench has those).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
