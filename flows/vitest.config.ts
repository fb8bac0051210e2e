import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Pure machines and rules: files share a worker's module graph (xstate and @xstate/graph are
    // imported once, not per file; docs/0040).
    isolate: false,
  },
});
