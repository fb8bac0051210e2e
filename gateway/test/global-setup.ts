import type { TestProject } from 'vitest/node';
import { writeSeededSnapshot } from '@wl/platform/test-support/seeded-snapshot';
import { testEnv } from './env.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded PGlite data dir that every harness platform starts from ('' on PostgreSQL). */
    platformSnapshot: string;
  }
}

/**
 * The gateway suite starts ~70 embedded platforms; each made its database from nothing (initdb in
 * WASM, migrations, the seed's argon2 hashes: ~3 s of CPU). Made once here instead (docs/0044).
 */
export default async function setup(project: TestProject) {
  if (testEnv.databaseUrl) {
    project.provide('platformSnapshot', '');
    return;
  }
  const snapshot = await writeSeededSnapshot();
  project.provide('platformSnapshot', snapshot.file);
  return snapshot.remove;
}
