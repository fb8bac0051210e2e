import { sql, type Kysely } from 'kysely';
import { beforeAll } from 'vitest';
import type { DB } from '../db/schema.ts';
import { accountFor, houseAccountId, transfer } from '../wallet/ledger.service.ts';

/** A played bet's ledger transactions and the instant they are dated to. */
export type TDatedBet = { ids: number[]; at: number };

/**
 * Bets through the ledger as the built-in games write them (a `bet` from the member's wallet to the
 * WLG provider account, a `win` back), for tests of what is computed from bets (contracts, team
 * figures). Registers a beforeAll, after usePlatform's, that finds the merchant's accounts. Keys are
 * `<prefix>-fund|bet|win-<n>`, one n per bet.
 */
export function useLedgerBets(ctx: { db: Kysely<DB> }, prefix: string) {
  const accounts = {} as { merchant: { id: number; currency: string }; provider: number; house: number };
  let n = 0;
  beforeAll(async () => {
    accounts.merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).orderBy('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    accounts.provider = await accountFor(ctx.db, accounts.merchant, 'provider', { code: 'WLG' });
    accounts.house = (await houseAccountId(ctx.db, accounts.merchant.id))!;
  });

  /** Credits the member's wallet from the house; answers the wallet. */
  async function fund(memberId: number, amountMinor: number): Promise<number> {
    const wallet = await accountFor(ctx.db, accounts.merchant, 'member_wallet', { memberId });
    const owner = { kind: 'system', id: 0 } as const;
    await transfer(ctx.db, { from: accounts.house, to: wallet, amountMinor, owner, idempotencyKey: `${prefix}-fund-${n}`, kind: 'seed_credit' });
    return wallet;
  }

  /** One bet from a funded wallet and its win when `win` > 0, dated now: answers their transactions. */
  async function play(wallet: number, stake: number, win: number): Promise<number[]> {
    const owner = { kind: 'provider', id: 1 } as const;
    const meta = { code: 'WLG' };
    const move = async (from: number, to: number, amountMinor: number, kind: 'bet' | 'win') =>
      (await transfer(ctx.db, { from, to, amountMinor, owner, idempotencyKey: `${prefix}-${kind}-${n}`, kind, meta })).transactionId;
    const ids = [await move(wallet, accounts.provider, stake, 'bet')];
    if (win > 0) ids.push(await move(accounts.provider, wallet, win, 'win'));
    n += 1;
    return ids;
  }

  /** Dates played bets, in one statement per table (the ledger writes them now). */
  async function date(bets: TDatedBet[]): Promise<void> {
    const when = sql.join(bets.flatMap((b) => b.ids.map((i) => sql`(${i}::bigint, ${new Date(b.at).toISOString()}::timestamptz)`)));
    await sql`update ledger_transactions t set created_at = v.at from (values ${when}) as v(id, at) where t.id = v.id`.execute(ctx.db);
    await sql`update ledger_entries e set created_at = v.at from (values ${when}) as v(id, at) where e.transaction_id = v.id`.execute(ctx.db);
  }

  /** A bet (and its win) of `memberId`, its stake funded first, dated `at`. */
  async function bet(memberId: number, at: number, stake: number, win = 0): Promise<void> {
    const wallet = await fund(memberId, stake);
    await date([{ ids: await play(wallet, stake, win), at }]);
  }

  return { accounts, fund, play, date, bet };
}
