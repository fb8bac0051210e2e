import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS, PROTECTION_PATHS } from '@wl/schemas';
import { createJobRunner } from '../jobs/job-runner.ts';
import { deferred } from '../jobs/testing.ts';
import { useJobsPlatform } from '../test-support/jobs-platform.ts';
import { operatorToken } from '../test-support/operators.ts';
import { loginToken } from '../test-support/http.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { defineDepositSettle } from './deposit-settle.job.ts';
import { DEPOSIT_SETTLE_QUEUE } from './deposit.service.ts';
import { demoMemberRow, demoMerchantId } from '../test-support/demo-merchant.ts';

// The simulated channel settles by a job on the real runner (pg-boss on PGlite or PostgreSQL):
// sent in the order's transaction, run after the channel's seconds, effect once. The test waits
// on the handler telling it that it ran, never on time.

const settled = new Map<number, ReturnType<typeof deferred<boolean>>>();
const settledOf = (id: number) => settled.get(id) ?? settled.set(id, deferred<boolean>()).get(id)!;
let token = '';
let memberId = 0;
let instant = 0;
let merchantId = 0;

const ctx = useJobsPlatform(async (jobs) => {
  const runner = createJobRunner({ db: jobs.db, schema: jobs.schema, pollingIntervalSeconds: 0.5 });
  await defineDepositSettle(runner, { production: false, onSettled: (id, changed) => settledOf(id).resolve(changed) });
  await runner.start();
  return runner;
});

beforeAll(async () => {
  token = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  merchantId = (await ctx.jobs.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
  memberId = (await demoMemberRow(ctx.jobs.db, 'demo_member').select('id').executeTakeFirstOrThrow()).id;
  // Settle at once: the test is about the job, not the delay (the delay is pg-boss's startAfter).
  instant = (
    await ctx.jobs.db
      .updateTable('deposit_channels')
      .set({ auto_settle_seconds: 0 })
      .where('merchant_id', '=', demoMerchantId(ctx.jobs.db))
      .where('code', '=', 'demo_instant')
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const order = async (key: string, amountMinor = 50_000) =>
  (
    await ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.deposit, headers: { authorization: token }, payload: { channelId: instant, amountMinor, key } })
  ).json().value as {
    id: number;
    status: string;
  };

describe('the simulated channel settles by a job', () => {
  it('credits the wallet once, by itself, and the order shows approved', async () => {
    const before = await walletBalance(ctx.jobs.db, memberId);
    const d = await order('settle-key-001');
    expect(d.status).toBe('pending');
    expect(await settledOf(d.id).promise).toBe(true);
    expect(await walletBalance(ctx.jobs.db, memberId)).toBe(before + 50_000);
    const row = await ctx.jobs.db.selectFrom('deposits').select(['status', 'decided_by']).where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', decided_by: null });
  });

  it('a duplicate send of the job, or a run after the operator decided, changes nothing', async () => {
    const d = await order('settle-key-002', 30_000);
    expect(await settledOf(d.id).promise).toBe(true);
    const before = await walletBalance(ctx.jobs.db, memberId);
    // The same idempotency key is dropped by the queue; a job with another key meets a decided deposit.
    expect(await ctx.runner.send(DEPOSIT_SETTLE_QUEUE, { merchantId, depositId: d.id }, { idempotencyKey: `deposit:${d.id}:settle` })).toBeNull();
    settled.delete(d.id);
    await ctx.runner.send(DEPOSIT_SETTLE_QUEUE, { merchantId, depositId: d.id }, { idempotencyKey: `deposit:${d.id}:settle:again` });
    expect(await settledOf(d.id).promise).toBe(false);
    expect(await walletBalance(ctx.jobs.db, memberId)).toBe(before);
  });

  it('an order an operator rejected first is not credited by its job', async () => {
    // A channel with a long delay: the operator decides before the job is due; then the job is run now.
    await ctx.jobs.db.updateTable('deposit_channels').set({ auto_settle_seconds: 3_600 }).where('id', '=', instant).execute();
    const d = await order('settle-key-003', 40_000);
    const op = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
    const res = await ctx.app.inject({
      method: 'POST',
      url: DEPOSIT_PATHS.operatorDepositReject,
      headers: { authorization: op },
      payload: { depositId: d.id, remark: 'test' },
    });
    expect(res.json().value.status).toBe('rejected');
    const before = await walletBalance(ctx.jobs.db, memberId);
    await ctx.runner.send(DEPOSIT_SETTLE_QUEUE, { merchantId, depositId: d.id }, { idempotencyKey: `deposit:${d.id}:settle:now` });
    expect(await settledOf(d.id).promise).toBe(false);
    expect(await walletBalance(ctx.jobs.db, memberId)).toBe(before);
    expect((await ctx.jobs.db.selectFrom('deposits').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status).toBe('rejected');
  });

  it('outside demo mode nothing settles by itself: the order sends no job, and a job sent anyway credits nothing (docs/0065)', async () => {
    await ctx.jobs.db.updateTable('deposit_channels').set({ auto_settle_seconds: 0 }).where('id', '=', instant).execute();
    // A real merchant: made by `pnpm merchant:create`, not by the demo seed.
    await ctx.jobs.db.updateTable('merchants').set({ demo: false }).where('id', '=', merchantId).execute();
    try {
      // The member's page is not told it settles by itself.
      const listed = (await ctx.app.inject({ url: DEPOSIT_PATHS.depositChannels, headers: { authorization: token } })).json().value.channels as {
        id: number;
        autoSettleSeconds: number | null;
      }[];
      expect(listed.find((c) => c.id === instant)?.autoSettleSeconds).toBeNull();
      const before = await walletBalance(ctx.jobs.db, memberId);
      const d = await order('settle-key-004', 60_000);
      expect(d.status).toBe('pending');
      // The order's own key is free: the order sent no settle job (a duplicate would be dropped, null).
      expect(await ctx.runner.send(DEPOSIT_SETTLE_QUEUE, { merchantId, depositId: d.id }, { idempotencyKey: `deposit:${d.id}:settle` })).not.toBeNull();
      expect(await settledOf(d.id).promise).toBe(false);
      expect(await walletBalance(ctx.jobs.db, memberId)).toBe(before);
      expect((await ctx.jobs.db.selectFrom('deposits').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status).toBe('pending');
    } finally {
      await ctx.jobs.db.updateTable('merchants').set({ demo: true }).where('id', '=', merchantId).execute();
    }
  });

  it('an order the member’s deposit limit refuses stays pending for an operator, the job done without a retry (docs/0102)', async () => {
    await ctx.jobs.db.updateTable('deposit_channels').set({ auto_settle_seconds: 3_600 }).where('id', '=', instant).execute();
    const d = await order('settle-key-005', 70_000);
    const limit = { kind: 'deposit_24h', value: 100 };
    const set = await ctx.app.inject({ method: 'POST', url: PROTECTION_PATHS.set, headers: { authorization: token }, payload: limit });
    expect(set.json().success).toBe(true);
    const before = await walletBalance(ctx.jobs.db, memberId);
    await ctx.runner.send(DEPOSIT_SETTLE_QUEUE, { merchantId, depositId: d.id }, { idempotencyKey: `deposit:${d.id}:settle:limit` });
    // The handler ended (a thrown refusal would be retried and never tell): nothing credited.
    expect(await settledOf(d.id).promise).toBe(false);
    expect(await walletBalance(ctx.jobs.db, memberId)).toBe(before);
    expect((await ctx.jobs.db.selectFrom('deposits').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status).toBe('pending');
  });
});
