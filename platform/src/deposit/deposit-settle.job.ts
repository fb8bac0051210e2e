import type { JobRunner } from '../jobs/job-runner.ts';
import { isDemoMode } from '../system/demo-mode.ts';
import { isDepositLimitRefusal } from '../protection/deposit-room.ts';
import { DEPOSIT_SETTLE_QUEUE, decideDepositIn, type TDepositSettleJob } from './deposit.service.ts';

/**
 * The simulated payment channel (docs/0028): a deposit on a channel with auto_settle_seconds
 * is approved by this job, sent in the transaction that created the order with `startAfter` the
 * channel's seconds. The effect runs through `once` and approves only a deposit still pending (an
 * operator may have decided it first); its ledger key `deposit:<id>` is the operator's too, so the
 * wallet is credited once whatever runs twice. Auto-settle exists only in demo mode (docs/0065):
 * outside it, or for a deposit whose channel no longer settles by itself, the job approves nothing
 * and the order waits for an operator, as it does when the member's deposit limit refuses it.
 */
export async function defineDepositSettle(
  runner: JobRunner,
  opts: { production: boolean; onSettled?: (depositId: number, changed: boolean) => void },
): Promise<void> {
  await runner.define<TDepositSettleJob>(
    DEPOSIT_SETTLE_QUEUE,
    async (job) => {
      const { merchantId, depositId } = job.data;
      const done = await job.once(async (trx) => {
        if (!(await isDemoMode(trx, merchantId, opts))) return false;
        const channel = await trx
          .selectFrom('deposits')
          .innerJoin('deposit_channels', 'deposit_channels.id', 'deposits.channel_id')
          .select('deposit_channels.auto_settle_seconds')
          .where('deposits.merchant_id', '=', merchantId)
          .where('deposits.id', '=', depositId)
          .executeTakeFirst();
        if (channel?.auto_settle_seconds == null) return false;
        try {
          return await decideDepositIn(trx, { merchantId, depositId, decision: 'approve', by: null });
        } catch (error) {
          // The member's deposit limit refuses it (docs/0102): no retry, the order waits for an operator.
          if (isDepositLimitRefusal(error)) return false;
          throw error;
        }
      });
      opts.onSettled?.(depositId, done.applied && done.value);
    },
    { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, batchSize: 25 },
  );
}
