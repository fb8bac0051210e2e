import type { TestProject } from 'vitest/node';
import { platformEnv } from '../env.ts';
import { writeSeededSnapshot } from './seeded-snapshot.ts';

/**
 * One migrated, seeded database for the whole suite (the platform's, and the gateway's, whose ~70
 * harness platforms start from it too); every file starts from a copy of it (seeded-snapshot.ts).
 * Files that test migrations and the seed themselves still start from an empty database. Not used
 * with DATABASE_URL.
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
