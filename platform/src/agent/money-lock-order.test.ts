import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { LogEvent } from 'kysely';
import type { TDatabase } from '../db/database.ts';
import { sqlState } from '../db/errors.ts';
import type { TMerchant, TSessionMember, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import type { TSessionAgent } from '../access/actor.ts';
import { seededDatabase } from '../test-support/db.ts';
import { fundWallet } from '../test-support/bare-members.ts';
import { hashPassword } from '../session/password.service.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { requestWithdrawal } from '../withdraw/withdraw.service.ts';
import { rejectWithdrawal } from '../withdraw/withdraw-operator.service.ts';
import { requestAdjustment } from '../deposit/adjustment.service.ts';
import { mainWalletTransfer } from '../transfer/transfer.service.ts';
import { transferToDownline } from './agent.service.ts';
import { decideDeposit } from '../deposit/deposit.service.ts';
import { insertPendingDeposit } from '../test-support/promo.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * The one lock order of the money paths (docs/0080): a member's withdrawal, the member's transfer to
 * its upline, the upline agent's transfer back down, the agent's own withdrawal, an operator's
 * rejection of a pending withdrawal, an operator's adjustment and approvals of the member's pending
deposits (the deposit row, then the member: an approval that also locked the merchant row FOR UPDATE
deadlocked with the member's withdrawal, whose insert waits on the merchant's key), all at once on the same two members,
 * round after round. Every call must succeed and the database must report no deadlock: the retry of
 * inTransaction would hide one, so every query error is counted from Kysely's log. On PGlite (one
 * connection) the calls still interleave; the locks are proven on PostgreSQL (DATABASE_URL).
 * MONEY_LOCK_ROUNDS makes it longer.
 */
const ROUNDS = Number(process.env.MONEY_LOCK_ROUNDS ?? 12);
const COPIES = 3;

const errors: string[] = [];
const log = (event: LogEvent) => {
  if (event.level === 'error') errors.push(sqlState(event.error) ?? String(event.error));
};

let database: TDatabase;
let deps: TPlatformDeps;
let merchant: TMerchant;
let member: TSessionMember;
let agent: TSessionAgent;
let finance: TSessionOperator;
let bankOf: Record<'member' | 'agent', number>;

const session = (m: { id: number; username: string; type: number }): TSessionMember => ({
  memberId: m.id,
  sessionId: 0,
  type: m.type,
  username: m.username,
  mustChangePassword: false,
});

beforeAll(async () => {
  database = await seededDatabase({ log });
  const db = database.db;
  // Only what these services read: the database and the clock.
  deps = { db, clock: () => new Date() } as unknown as TPlatformDeps;
  // The whole row: a superset of what a request resolves.
  merchant = await db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  await db
    .updateTable('merchants')
    .set({ withdraw_daily_count: 100_000, payout_cooling_minutes: 0, withdraw_min_minor: 1, adjustment_four_eyes_minor: 1_000_000_000 })
    .set({ adjustment_daily_operator_minor: 1_000_000_000, adjustment_daily_member_minor: 1_000_000_000, deposit_four_eyes_minor: 1_000_000_000 })
    .where('id', '=', merchant.id)
    .execute();
  // The VIP levels' own limits a day (docs/0100) lifted too: 0 is no limit of the level.
  await db.updateTable('vip_levels').set({ withdraw_count: 0, withdraw_limit_minor: 0 }).where('merchant_id', '=', merchant.id).execute();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'upline_id'])
    .where('merchant_id', '=', demoMerchantId(db))
    .where('username', 'in', ['demo_member', 'demo_agent'])
    .execute();
  const m = rows.find((r) => r.username === 'demo_member')!;
  const a = rows.find((r) => r.username === 'demo_agent')!;
  expect(m.upline_id).toBe(a.id);
  member = session(m);
  agent = { ...session(a), agent: true };
  const op = await db.selectFrom('operators').select(['id', 'username', 'name', 'role']).where('username', '=', 'demo_finance').executeTakeFirstOrThrow();
  finance = { operatorId: op.id, sessionId: 0, username: op.username, name: op.name, role: op.role };
  const hash = await hashPassword('Money5678');
  await db.updateTable('members').set({ withdraw_password_hash: hash }).where('id', 'in', [m.id, a.id]).execute();
  const bank = async (memberId: number) =>
    (
      await db
        .insertInto('member_bank_accounts')
        .values({ member_id: memberId, bank_name: 'Lock Bank', account_number: `99${memberId}`, holder_name: 'Lock Order' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  bankOf = { member: await bank(m.id), agent: await bank(a.id) };
  for (const id of [m.id, a.id]) await fundWallet(db, merchant, id, 100_000_000, `lock-fund:${id}`);
});

afterAll(async () => {
  await database?.close();
});

/** One round: every money path on the two members at the same moment, COPIES of each. */
function round(r: number, pendingOfMember: number[], depositsOfMember: number[]): Promise<unknown>[] {
  const calls: Promise<unknown>[] = [];
  const withdraw = (who: TSessionMember, bank: number, k: string) =>
    requestWithdrawal(deps, merchant, who, { bankAccountId: bank, amountMinor: 100, withdrawPassword: 'Money5678', idempotencyKey: k });
  for (let c = 0; c < COPIES; c += 1) {
    const k = `lock:${r}:${c}`;
    calls.push(
      withdraw(member, bankOf.member, `m-${k}`),
      withdraw(agent, bankOf.agent, `a-${k}`),
      // transferUpline after its checks: the member's main wallet to its upline's.
      mainWalletTransfer(deps, merchant, {
        senderId: member.memberId,
        receiverId: agent.memberId,
        direction: 'upline',
        amountMinor: 100,
        key: k,
        remark: '',
        ip: '',
      }),
      transferToDownline(deps, merchant, agent, { memberId: member.memberId, amountMinor: 100, key: k, remark: '' }, ''),
      requestAdjustment(deps, merchant, finance, '', { username: 'demo_member', amountMinor: 100, reason: 'lock order', key: k }),
    );
  }
  for (const id of pendingOfMember) calls.push(rejectWithdrawal(deps, merchant, finance, '', { withdrawalId: id, remark: '' }));
  for (const id of depositsOfMember) calls.push(decideDeposit(deps, merchant, finance, '', { depositId: id, decision: 'approve' }));
  return calls;
}

describe('the lock order of the money paths (docs/0080)', () => {
  it(`runs ${ROUNDS} rounds of withdrawals, transfers both ways, rejections, adjustments and deposit approvals on one member and its agent without a deadlock`, async () => {
    const errorsBefore = errors.length;
    let pending: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const deposits = await Promise.all(Array.from({ length: COPIES }, () => insertPendingDeposit(database.db, member.memberId, 100)));
      const outcomes = await Promise.allSettled(round(r, pending, deposits));
      const failed = outcomes.flatMap((o, i) =>
        o.status === 'rejected' ? [`${i}: ${String(o.reason)} ${(o.reason as { detail?: string }).detail ?? ''}`] : [],
      );
      expect(failed, `round ${r}`).toEqual([]);
      pending = outcomes
        .slice(0, COPIES * 5)
        .filter((_, i) => i % 5 === 0)
        .map((o) => (o as PromiseFulfilledResult<{ id: number }>).value.id);
    }
    // A deadlock (40P01) or any other query error, even one a retry then passed, fails the run.
    expect(errors.slice(errorsBefore)).toEqual([]);
    expect(await ledgerViolations(database.db)).toEqual(NO_VIOLATIONS);
    const withdrawals = await database.db.selectFrom('withdrawals').select('status').where('member_id', 'in', [member.memberId, agent.memberId]).execute();
    expect(withdrawals.length).toBe(ROUNDS * COPIES * 2);
    expect(withdrawals.filter((w) => w.status === 'rejected').length).toBe((ROUNDS - 1) * COPIES);
    const deposits = await database.db
      .selectFrom('deposits')
      .select('status')
      .where('member_id', '=', member.memberId)
      .where('status', '=', 'approved')
      .execute();
    expect(deposits.length).toBe(ROUNDS * COPIES);
  }, 300_000);

  // The interleaving itself, forced (it needs two connections: PostgreSQL). A money call holds the
  // member's lock; an approval of the member's deposit locks its deposit row and waits for that
  // member; the money call then inserts a row of the merchant, whose foreign key check needs a
  // key-share lock on the merchant row. An approval that had locked its joined merchant row
  // FOR UPDATE made that insert wait for it: a deadlock, every time.
  it.runIf(process.env.DATABASE_URL)(
    'lets a member-locked money call insert while an approval waits for that member',
    async () => {
      const errorsBefore = errors.length;
      const depositId = await insertPendingDeposit(database.db, member.memberId, 100);
      let approval: Promise<unknown> | undefined;
      await database.db.transaction().execute(async (trx) => {
        await lockMembers(trx, [member.memberId], merchant.id);
        approval = decideDeposit(deps, merchant, finance, '', { depositId, decision: 'approve' });
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
            expect(rows[0]!.n).toBe(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        await insertPendingDeposit(trx, member.memberId, 100);
      });
      await approval;
      expect(errors.slice(errorsBefore)).toEqual([]);
      const approved = await database.db.selectFrom('deposits').select('status').where('id', '=', depositId).executeTakeFirstOrThrow();
      expect(approved.status).toBe('approved');
    },
    60_000,
  );
});
