import type { TestProject } from 'vitest/node';
import { platformEnv } from '../env.ts';
import { createSeededTemplate } from './pg-template.ts';
import { writeSeededSnapshot } from './seeded-snapshot.ts';

/**
 * One migrated, seeded database for the whole suite (the platform's, and the gateway's, whose ~70
 * harness platforms start from it too); every file starts from a copy of it (seeded-snapshot.ts).
 * Files that test migrations and the seed themselves still start from an empty database. With
 * DATABASE_URL it is a template database on that PostgreSQL, copied per file (pg-template.ts).
 */
export default async function setup(project: TestProject) {
  if (platformEnv.databaseUrl) {
    project.provide('pgliteSnapshot', '');
    const template = await createSeededTemplate(platformEnv.databaseUrl);
    project.provide('pgTemplate', template.name);
    return template.drop;
  }
  project.provide('pgTemplate', '');
  const snapshot = await writeSeededSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return snapshot.remove;
}
