import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_PATHS } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { startPlatformJobs } from '../jobs/platform-jobs.ts';
import { steppedUpToken } from '../test-support/http.ts';
import { useJobsPlatform } from '../test-support/jobs-platform.ts';
import { operatorToken } from '../test-support/operators.ts';
import { CONFIRM_SWEEP_QUEUE } from './withdraw-confirm.job.ts';
import { CONFIRM_QUEUE } from './withdraw.service.ts';

// docs/rules/money.md#m-12 confirmation window on the real job runner (docs/0029): no timers in tests; the test
// moves the due time and the job's start into the past and waits on database state.
const WAIT = { timeout: 240_000, interval: 100 };

let db: Kysely<DB>;
let schema: string;
let member: string;
let finance: string;
let bankAccountId: number;

const ctx = useJobsPlatform((jobs) => startPlatformJobs({ db: jobs.db, schema: jobs.schema, pollingIntervalSeconds: 0.5 }));

beforeAll(async () => {
  ({ db, schema } = ctx.jobs);
  await db.updateTable('merchants').set({ withdraw_daily_count: 100 }).execute();
  member = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  // New payout accounts cool off (docs/0068); this file tests the confirmation window.
  await db.updateTable('merchants').set({ payout_cooling_minutes: 0 }).execute();
  finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  const h = { authorization: member };
  await ctx.app.inject({
    method: 'POST',
    url: WITHDRAW_PATHS.withdrawPassword,
    headers: h,
    payload: { newPassword: 'Money5678', confirmNewPassword: 'Money5678' },
  });
  bankAccountId = (
    await ctx.app.inject({
      method: 'POST',
      url: WITHDRAW_PATHS.bankAccount,
      headers: h,
      payload: { bankName: 'City', accountNumber: '12345678', holderName: 'Demo Member' },
    })
  ).json().value.id;
});

let n = 0;
async function paidWithdrawal(): Promise<number> {
  n += 1;
  const w = await ctx.app.inject({
    method: 'POST',
    url: WITHDRAW_PATHS.withdraw,
    headers: { authorization: member },
    payload: { bankAccountId, amountMinor: 50_000, withdrawPassword: 'Money5678', idempotencyKey: `job-test-${n}-0000` },
  });
  const id = w.json().value.id as number;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: WITHDRAW_PATHS.operatorWithdrawalPay,
    headers: { authorization: finance },
    payload: { withdrawalId: id },
  });
  expect(paid.json().value.status).toBe('paid');
  return id;
}

const status = async (id: number) => (await db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const confirmJobs = async (id: number) =>
  (
    await sql<{
      state: string;
      start_after: Date;
    }>`select state, start_after from ${sql.id(schema, 'job')} where name = ${CONFIRM_QUEUE} and data->'payload'->>'withdrawalId' = ${String(id)}`.execute(db)
  ).rows;
/** The window ends now: the due time and the job's start move into the past. */
async function endWindow(id: number) {
  await db
    .updateTable('withdrawals')
    .set({ confirm_due_at: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute();
  await sql`update ${sql.id(schema, 'job')} set start_after = now() where name = ${CONFIRM_QUEUE} and data->'payload'->>'withdrawalId' = ${String(id)}`.execute(
    db,
  );
}

describe('withdrawal confirmation window (SPEC §4)', () => {
  it('pay enqueues one job that starts when the window ends', async () => {
    const id = await paidWithdrawal();
    const row = await db.selectFrom('withdrawals').select('confirm_due_at').where('id', '=', id).executeTakeFirstOrThrow();
    const queued = await confirmJobs(id);
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.start_after).getTime()).toBe(new Date(row.confirm_due_at!).getTime());
    expect(queued[0]!.state).toBe('created');
  });

  it('an unanswered withdrawal becomes auto_received exactly once; a late answer is refused', async () => {
    const id = await paidWithdrawal();
    await endWindow(id);
    await expect.poll(() => status(id), WAIT).toBe('auto_received');
    await expect.poll(async () => (await confirmJobs(id)).map((j) => j.state), WAIT).toEqual(['completed']);
    // A duplicate send of the same key is dropped; the effect key was recorded once.
    expect(await ctx.runner.send(CONFIRM_QUEUE, { withdrawalId: id }, { idempotencyKey: `withdrawal:${id}:confirm` })).toBeNull();
    const effects = await sql<{ n: number }>`select count(*)::int as n from job_effects where key = ${`withdrawal:${id}:confirm`}`.execute(db);
    expect(effects.rows[0]!.n).toBe(1);
    const late = await ctx.app.inject({
      method: 'POST',
      url: WITHDRAW_PATHS.withdrawConfirm,
      headers: { authorization: member },
      payload: { withdrawalId: id, answer: 'not_received' },
    });
    expect(late.json().message).toBe('withdrawal_auto_received');
    // No money moved back (docs/0029: a forced 'received' is not refunded).
    const kinds = await db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where(sql`meta->>'withdrawalId'`, '=', String(id))
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['withdraw_hold', 'withdraw_payout']);
  });

  it('an answered withdrawal is left as answered when its job runs', async () => {
    const id = await paidWithdrawal();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: WITHDRAW_PATHS.withdrawConfirm,
      headers: { authorization: member },
      payload: { withdrawalId: id, answer: 'received' },
    });
    expect(answer.json().value.status).toBe('received');
    await endWindow(id);
    await expect.poll(async () => (await confirmJobs(id)).map((j) => j.state), WAIT).toEqual(['completed']);
    expect(await status(id)).toBe('received');
  });

  it('the sweep catches a paid withdrawal that has no job (paid while jobs were off)', async () => {
    const id = await paidWithdrawal();
    await sql`delete from ${sql.id(schema, 'job')} where name = ${CONFIRM_QUEUE} and data->'payload'->>'withdrawalId' = ${String(id)}`.execute(db);
    await db
      .updateTable('withdrawals')
      .set({ confirm_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await ctx.runner.send(CONFIRM_SWEEP_QUEUE, null);
    await expect.poll(() => status(id), WAIT).toBe('auto_received');
  });
});
