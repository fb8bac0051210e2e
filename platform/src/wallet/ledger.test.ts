import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { countStatements } from '../test-support/statement-count.ts';
import { accountFor, houseAccountId, LedgerError, memberWalletId, transfer } from './ledger.service.ts';
import { accountBalance } from './wallet.queries.ts';
import { ledgerTotal } from './ledger-invariants.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

const ctx = usePlatform();
const SYSTEM = { kind: 'system', id: 0 } as const;

async function wallets() {
  const db = ctx.db;
  const m = await db.selectFrom('members').select(['id', 'username', 'merchant_id']).where('username', 'in', ['demo_member', 'demo_down1']).execute();
  const member = m.find((r) => r.username === 'demo_member')!;
  const down = m.find((r) => r.username === 'demo_down1')!;
  return {
    member: (await memberWalletId(db, member.id))!,
    down: (await memberWalletId(db, down.id))!,
    house: (await houseAccountId(db, member.merchant_id))!,
  };
}

async function balanceOf(id: number) {
  return accountBalance(ctx.db, id);
}

describe('ledger', () => {
  it('makes the same idempotency key one transaction', async () => {
    const w = await wallets();
    const before = await balanceOf(w.down);
    const args = { from: w.member, to: w.down, amountMinor: 1_000, owner: SYSTEM, idempotencyKey: 'test:idem:1', kind: 'transfer' };
    const [a, b] = await Promise.all([transfer(ctx.db, args), transfer(ctx.db, args)]);
    expect(a.transactionId).toBe(b.transactionId);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const again = await transfer(ctx.db, args);
    expect(again).toMatchObject({ transactionId: a.transactionId, created: false, toBalanceMinor: before + 1_000 });
    expect(await balanceOf(w.down)).toBe(before + 1_000);
    const entries = await ctx.db.selectFrom('ledger_entries').select('amount_minor').where('transaction_id', '=', a.transactionId).execute();
    expect(entries.map((e) => e.amount_minor).sort((x, y) => x - y)).toEqual([-1_000, 1_000]);
  });

  it('refuses a key reused for another kind of movement', async () => {
    const w = await wallets();
    await expect(
      transfer(ctx.db, { from: w.member, to: w.down, amountMinor: 1, owner: SYSTEM, idempotencyKey: 'test:idem:1', kind: 'bonus' }),
    ).rejects.toMatchObject({ reason: 'key_reused' });
  });

  it('never lets a member wallet go negative, and a refused transfer writes nothing', async () => {
    const w = await wallets();
    const tables = ['ledger_transactions', 'ledger_entries'] as const;
    const before = await rowCounts(ctx.db, [...tables]);
    const down = await balanceOf(w.down);
    const err = await transfer(ctx.db, {
      from: w.down,
      to: w.member,
      amountMinor: down + 1,
      owner: SYSTEM,
      idempotencyKey: 'test:overdraft',
      kind: 'transfer',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as LedgerError).reason).toBe('insufficient_funds');
    expect(await rowCounts(ctx.db, [...tables])).toEqual(before);
    expect(await balanceOf(w.down)).toBe(down);
    // The key is still free: the refused attempt left no transaction behind.
    await expect(
      transfer(ctx.db, { from: w.down, to: w.member, amountMinor: down, owner: SYSTEM, idempotencyKey: 'test:overdraft', kind: 'transfer' }),
    ).resolves.toMatchObject({ created: true });
    expect(await balanceOf(w.down)).toBe(0);
  });

  it('refuses bad amounts and same-account transfers', async () => {
    const w = await wallets();
    for (const amountMinor of [0, -5, 1.5, Number.NaN]) {
      await expect(
        transfer(ctx.db, { from: w.member, to: w.down, amountMinor, owner: SYSTEM, idempotencyKey: `bad:${amountMinor}`, kind: 'transfer' }),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    await expect(
      transfer(ctx.db, { from: w.member, to: w.member, amountMinor: 1, owner: SYSTEM, idempotencyKey: 'same', kind: 'transfer' }),
    ).rejects.toMatchObject({ reason: 'same_account' });
    await expect(
      transfer(ctx.db, { from: w.member, to: 999_999, amountMinor: 1, owner: SYSTEM, idempotencyKey: 'unknown', kind: 'transfer' }),
    ).rejects.toMatchObject({ reason: 'unknown_account' });
  });

  it('keeps every balance equal to the sum of its entries and every transaction balanced', async () => {
    const w = await wallets();
    await transfer(ctx.db, { from: w.house, to: w.down, amountMinor: 777, owner: SYSTEM, idempotencyKey: 'test:credit', kind: 'credit' });
    const mismatched = await sql<{ id: number }>`
      select a.account_id as id from ledger_balances a
      left join ledger_entries e on e.account_id = a.account_id
      group by a.account_id, a.balance_minor
      having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(ctx.db);
    expect(mismatched.rows).toEqual([]);
    const unbalanced = await sql<{ id: number }>`
      select transaction_id as id from ledger_entries group by transaction_id having sum(amount_minor) <> 0`.execute(ctx.db);
    expect(unbalanced.rows).toEqual([]);
    expect(await balanceOf(w.house)).toBeLessThan(0);
  });

  it('scopes keys to their owner: the same key from two members is two transactions, never an answer for the other', async () => {
    const w = await wallets();
    const credit = (to: number, amountMinor: number, ownerId: number) =>
      transfer(ctx.db, { from: w.house, to, amountMinor, owner: { kind: 'member', id: ownerId }, idempotencyKey: 'shared-key', kind: 'credit' });
    const a = await credit(w.member, 5, 1);
    const b = await credit(w.down, 7, 2);
    expect(a.created && b.created).toBe(true);
    expect(a.transactionId).not.toBe(b.transactionId);
    // The same owner and key with another amount is a reuse, not a replay.
    await expect(credit(w.member, 6, 1)).rejects.toMatchObject({ reason: 'key_reused' });
  });

  it('refuses empty, NUL-bearing and over-long keys', async () => {
    const w = await wallets();
    for (const idempotencyKey of ['', 'a\u0000b', 'k'.repeat(201)]) {
      await expect(transfer(ctx.db, { from: w.house, to: w.member, amountMinor: 1, owner: SYSTEM, idempotencyKey, kind: 'credit' })).rejects.toMatchObject({
        reason: 'invalid_key',
      });
    }
  });

  it('writes the balance each entry left behind', async () => {
    const w = await wallets();
    const before = await balanceOf(w.down);
    const { transactionId } = await transfer(ctx.db, {
      from: w.house,
      to: w.down,
      amountMinor: 300,
      owner: SYSTEM,
      idempotencyKey: 'test:after',
      kind: 'credit',
    });
    const entry = await ctx.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('transaction_id', '=', transactionId)
      .where('account_id', '=', w.down)
      .executeTakeFirstOrThrow();
    expect(entry.balance_after_minor).toBe(before + 300);
  });

  it('moves money in one statement, which answers both balances after it (docs/0080)', async () => {
    const w = await wallets();
    const counted = countStatements(ctx.db);
    const args = { from: w.member, to: w.down, amountMinor: 250, owner: SYSTEM, idempotencyKey: 'test:one-statement', kind: 'transfer' };
    const moved = await transfer(counted.db, args);
    expect(counted.count()).toBe(1);
    expect(moved).toMatchObject({ created: true, fromBalanceMinor: await balanceOf(w.member), toBalanceMinor: await balanceOf(w.down) });
    counted.reset();
    expect(await transfer(counted.db, args)).toEqual({ ...moved, created: false });
    expect(counted.count()).toBe(1);
  });

  it('keeps keys and remarks with quotes, backslashes and Bengali exactly as sent (its values are literals, docs/0089)', async () => {
    const w = await wallets();
    const keys = ["test:'); drop table ledger_entries; --", "test:\\'\\", "test:E'\\x00'", 'test:$$ $q$', 'test:জমা'];
    for (const [i, key] of keys.entries()) {
      const meta = { remark: `${key} \\n "q" ${i}`, n: i };
      const args = { from: w.member, to: w.down, amountMinor: 1 + i, owner: SYSTEM, idempotencyKey: key, kind: "it's", meta };
      const moved = await transfer(ctx.db, args);
      expect(await transfer(ctx.db, args)).toEqual({ ...moved, created: false });
      const row = await ctx.db
        .selectFrom('ledger_transactions')
        .select(['idempotency_key', 'kind', 'meta'])
        .where('id', '=', moved.transactionId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ idempotency_key: key, kind: "it's", meta });
    }
    const before = await rowCounts(ctx.db, ['ledger_transactions', 'ledger_entries']);
    await expect(
      transfer(ctx.db, { from: w.member, to: w.down, amountMinor: 1, owner: SYSTEM, idempotencyKey: 'test:nul', kind: 'a\u0000b' }),
    ).rejects.toMatchObject({
      reason: 'invalid_key',
    });
    expect(await rowCounts(ctx.db, ['ledger_transactions', 'ledger_entries'])).toEqual(before);
  });

  it('keeps an account with no member in shards, whose sum is its balance (docs/0089)', async () => {
    const w = await wallets();
    const houseBefore = await balanceOf(w.house);
    const downBefore = await balanceOf(w.down);
    const credits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer(ctx.db, { from: w.house, to: w.down, amountMinor: 100 + i, owner: SYSTEM, idempotencyKey: `test:shards:${i}`, kind: 'credit' }),
      ),
    );
    // The house answers no balance (other transfers move its other shards meanwhile); the member's wallet does.
    expect(credits.every((c) => c.created && c.fromBalanceMinor === null && c.toBalanceMinor !== null)).toBe(true);
    const moved = 20 * 100 + (19 * 20) / 2;
    expect(await balanceOf(w.house)).toBe(houseBefore - moved);
    expect(await balanceOf(w.down)).toBe(downBefore + moved);
    const shards = await ctx.db.selectFrom('ledger_account_shards').select(['shard']).where('account_id', '=', w.house).execute();
    expect(shards.length).toBeGreaterThan(1);
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('account_id', '=', w.house)
      .where('transaction_id', '=', credits[0]!.transactionId)
      .executeTakeFirstOrThrow();
    expect(entries.balance_after_minor).toBeNull();
    // No shard of a member's account: its CHECK (never below zero) needs its whole balance in one row.
    const memberShards = await ctx.db.selectFrom('ledger_account_shards').select('account_id').where('account_id', 'in', [w.member, w.down]).execute();
    expect(memberShards).toEqual([]);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('moves money both ways between two accounts at once without a deadlock', async () => {
    const w = await wallets();
    await transfer(ctx.db, { from: w.house, to: w.down, amountMinor: 10_000, owner: SYSTEM, idempotencyKey: 'test:fund-down', kind: 'credit' });
    const total = (await balanceOf(w.member)) + (await balanceOf(w.down));
    const sends = Array.from({ length: 40 }, (_, i) =>
      transfer(ctx.db, {
        from: i % 2 === 0 ? w.member : w.down,
        to: i % 2 === 0 ? w.down : w.member,
        amountMinor: 10 + i,
        owner: SYSTEM,
        idempotencyKey: `test:both-ways:${i}`,
        kind: 'transfer',
      }),
    );
    const results = await Promise.all(sends);
    expect(results.every((r) => r.created)).toBe(true);
    expect((await balanceOf(w.member)) + (await balanceOf(w.down))).toBe(total);
  });

  it('makes one account per purpose, created once even when asked at the same moment', async () => {
    const merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const ids = await Promise.all(Array.from({ length: 10 }, () => accountFor(ctx.db, merchant, 'provider', { code: 'TEST_VENDOR' })));
    expect(new Set(ids).size).toBe(1);
    const member = await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow();
    const hold = await accountFor(ctx.db, merchant, 'member_withdrawal_hold', { memberId: member.id });
    expect(hold).not.toBe(await accountFor(ctx.db, merchant, 'member_wallet', { memberId: member.id }));
    expect(await accountFor(ctx.db, merchant, 'member_wallet', { memberId: member.id })).toBe(await memberWalletId(ctx.db, member.id));
    await expect(accountFor(ctx.db, merchant, 'deposit_clearing', { memberId: member.id })).rejects.toThrow();
  });
});
