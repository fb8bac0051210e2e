import type { JobRunner } from '../jobs/job-runner.ts';
import { DEPOSIT_SETTLE_QUEUE, decideDepositIn, type TDepositSettleJob } from './deposit.service.ts';

/**
 * The simulated payment channel (issue 8 item 2): a deposit on a channel with auto_settle_seconds
 * is approved by this job, sent in the transaction that created the order with `startAfter` the
 * channel's seconds. The effect runs through `once` and approves only a deposit still pending (an
 * operator may have decided it first); its ledger key `deposit:<id>` is the operator's too, so the
 * wallet is credited once whatever runs twice.
 */
export async function defineDepositSettle(runner: JobRunner, hooks: { onSettled?: (depositId: number, changed: boolean) => void } = {}): Promise<void> {
  await runner.define<TDepositSettleJob>(
    DEPOSIT_SETTLE_QUEUE,
    async (job) => {
      const { merchantId, depositId } = job.data;
      const done = await job.once((trx) => decideDepositIn(trx, { merchantId, depositId, decision: 'approve', by: null }));
      hooks.onSettled?.(depositId, done.applied && done.value);
    },
    { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, batchSize: 25 },
  );
}
