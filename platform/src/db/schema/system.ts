import type { Generated } from 'kysely';

/* The platform's own bookkeeping: applied migrations and the exactly-once effects of background jobs. */

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Generated<Date>;
}
/** Exactly-once effects of background jobs (migration 0006, docs/0011); written by jobs/job-effects.ts. */
export interface JobEffectsTable {
  queue: string;
  key: string;
  job_id: string;
  done_at: Generated<Date>;
}

/** The system tables, by name (db/schema.ts composes them into DB). */
export interface SystemTables {
  schema_migrations: SchemaMigrationsTable;
  job_effects: JobEffectsTable;
}
