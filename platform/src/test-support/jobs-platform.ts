import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildPlatform } from '../app.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { jobsTestDatabase, type TJobsTestDatabase } from '../jobs/testing.ts';
import { TEST_GATEWAY_SECRET } from './http.ts';
import { testRsaKeyPair } from './shared-secrets.ts';

/**
 * Per test file, for jobs on the real runner: a seeded database with its pg-boss schema, the runner
 * that `start` defines and starts on it, and a platform built on both; closed after the file.
 */
export function useJobsPlatform(start: (jobs: TJobsTestDatabase) => Promise<JobRunner>) {
  const ctx = {} as { jobs: TJobsTestDatabase; runner: JobRunner; app: FastifyInstance };
  beforeAll(async () => {
    ctx.jobs = await jobsTestDatabase();
    ctx.runner = await start(ctx.jobs);
    ctx.app = await buildPlatform({ db: ctx.jobs.db, merchantCode: 'DEMO', gatewaySecret: TEST_GATEWAY_SECRET, jobs: ctx.runner, rsa: testRsaKeyPair() });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.runner?.stop();
    await ctx.jobs?.close();
  });
  return ctx;
}
