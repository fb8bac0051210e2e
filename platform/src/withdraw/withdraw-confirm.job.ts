import type { JobRunner } from '../jobs/job-runner.ts';
import { autoReceive, CONFIRM_QUEUE } from './withdraw.service.ts';

/** Backstop queue: every minute, paid withdrawals past their window (paid while no runner was running). */
export const CONFIRM_SWEEP_QUEUE = 'withdraw.auto-receive-sweep';
export const CONFIRM_SWEEP_CRON = '* * * * *';

/** Thrown when a confirmation job runs before its withdrawal's window ends (another clock): retried. */
export class NotDueYet extends Error {
  constructor(withdrawalId: number) {
    super(`withdrawal ${withdrawalId} is not due yet`);
    this.name = 'NotDueYet';
  }
}

/**
 * The confirmation window (docs/rules/money.md#m-12, docs/0029): a job per paid withdrawal, sent by payWithdrawal in
 * its transaction with startAfter = confirm_due_at, turns it into auto_received exactly once
 * (job.once keyed `withdrawal:<id>:confirm`, and a conditional update that only a still-paid, due
 * withdrawal passes). An answered withdrawal makes the job a no-op. A sweep every minute catches
 * withdrawals paid while no runner ran (JOBS=off, a platform built without one).
 */
export async function defineWithdrawConfirm(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define<{ withdrawalId: number }>(
    CONFIRM_QUEUE,
    async (job) => {
      const id = job.data.withdrawalId;
      const w = await job.db.selectFrom('withdrawals').select(['status', 'confirm_due_at']).where('id', '=', id).executeTakeFirst();
      if (!w || w.status !== 'paid' || w.confirm_due_at === null) return;
      const now = deps.clock();
      if (new Date(w.confirm_due_at).getTime() > now.getTime()) throw new NotDueYet(id);
      await job.once((trx) => autoReceive(trx, id, now));
    },
    { retryLimit: 20, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 120 },
  );
  await runner.define(
    CONFIRM_SWEEP_QUEUE,
    async (job) => {
      const now = deps.clock();
      const due = await job.db
        .selectFrom('withdrawals')
        .select('id')
        .where('status', '=', 'paid')
        .where('confirm_due_at', '<=', now)
        .orderBy('confirm_due_at')
        .limit(500)
        .execute();
      // Each change is one conditional statement: a racing per-withdrawal job changes it at most once with it.
      for (const { id } of due) await job.db.transaction().execute((trx) => autoReceive(trx, Number(id), now));
    },
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
  );
}
