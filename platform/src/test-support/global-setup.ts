import type { TestProject } from 'vitest/node';
import { platformEnv } from '../env.ts';
import { writeSeededSnapshot } from './seeded-snapshot.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded PGlite data dir (tarball) that each test file loads as its own fresh copy. */
    pgliteSnapshot: string;
  }
}

/**
 * One migrated, seeded database for the whole suite; every file starts from a copy of it
 * (seeded-snapshot.ts). Files that test migrations and the seed themselves still start from an empty
 * database. Not used with DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  if (platformEnv.databaseUrl) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const snapshot = await writeSeededSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return snapshot.remove;
}
