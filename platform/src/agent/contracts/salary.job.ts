import type { JobRunner } from '../../jobs/job-runner.ts';
import { realtimeWindowSeconds, settleDueContracts, SETTLEMENT_GRACE_MS } from './contract-settlement.ts';

/** One queue settles every kind: each run pays every period that closed (docs/0049). */
export const SALARY_QUEUE = 'agent.salary.settle';
/** The net under the chain: once a minute across processes, whatever happened to the chain. */
export const SALARY_CRON = '* * * * *';

/** When the run after `now` is due: just after the next real-time window closes (hours and days close on window ends too). */
export function nextSalaryRun(now: Date, windowSeconds = realtimeWindowSeconds()): Date {
  const w = windowSeconds * 1000;
  return new Date((Math.floor(now.getTime() / w) + 1) * w + SETTLEMENT_GRACE_MS);
}

/**
 * The salary settlement job (docs/0049, docs/rules/agent.md#ag-12): real-time salary every window, hourly
 * salary each hour, daily wage the next day, dividends per period — one handler settles whatever
 * closed. Each run sends the next for just after the next window closes (job id from that instant,
 * so racing processes send one), and a cron each minute catches a broken chain. The payments are
 * exactly once by themselves (contract row lock + cursor + ledger key), so overlapping runs are safe.
 */
export async function defineSalarySettlement(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  const chain = async () => {
    const at = nextSalaryRun(deps.clock());
    await runner.send(SALARY_QUEUE, {}, { idempotencyKey: `tick:${at.toISOString()}`, startAfter: at });
  };
  await runner.define(
    SALARY_QUEUE,
    async (job) => {
      await settleDueContracts(job.db, { now: deps.clock() });
      await chain();
    },
    { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 300 },
  );
}

/** Starts the chain once the runner runs (a duplicate from another process is dropped by its id). */
export async function startSalaryChain(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  const at = nextSalaryRun(deps.clock());
  await runner.send(SALARY_QUEUE, {}, { idempotencyKey: `tick:${at.toISOString()}`, startAfter: at });
  await runner.schedule(SALARY_QUEUE, SALARY_CRON);
}
