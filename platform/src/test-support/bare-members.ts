import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';

/**
 * `count` members of the seeded merchant named `<prefix><i>`, with no password and no profile: the
 * accounts of ledger loads (property test, crash test, `pnpm bench`). Answers the merchant and the
 * member ids in order.
 */
export async function insertBareMembers(db: Kysely<DB>, count: number, prefix: string): Promise<{ merchant: { id: number; currency: string }; ids: number[] }> {
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('members')
    .values(
      Array.from({ length: count }, (_, i) => ({
        merchant_id: merchant.id,
        username: `${prefix}${i}`,
        nickname: `${prefix.slice(0, 1)}${i}`,
        password_hash: '-',
        type: 0,
      })),
    )
    .returning('id')
    .execute();
  return { merchant, ids: rows.map((r) => r.id) };
}

/**
 * insertBareMembers with the accounts a ledger load moves money between: each member's wallet and
 * withdrawal hold and its upline (the member before it, in chains of `chain`), and the merchant's
 * deposit clearing and withdrawal payout.
 */
export async function bareMemberAccounts(db: Kysely<DB>, count: number, prefix: string, chain: number) {
  const { merchant, ids } = await insertBareMembers(db, count, prefix);
  const members: { id: number; wallet: number; hold: number; upline: number | null }[] = [];
  for (const [i, id] of ids.entries()) {
    const wallet = await accountFor(db, merchant, 'member_wallet', { memberId: id });
    members.push({
      id,
      wallet,
      hold: await accountFor(db, merchant, 'member_withdrawal_hold', { memberId: id }),
      upline: i % chain === 0 ? null : ids[i - 1]!,
    });
  }
  return { merchant, members, clearing: await accountFor(db, merchant, 'deposit_clearing'), payout: await accountFor(db, merchant, 'withdrawal_payout') };
}

/** Puts `amountMinor` in a member's main wallet from the merchant's deposit clearing, once per `key`: money to withdraw in a test. */
export async function fundWallet(
  db: Kysely<DB>,
  merchant: { id: number; currency: string },
  memberId: number,
  amountMinor: number,
  key: string,
): Promise<void> {
  await transfer(db, {
    from: await accountFor(db, merchant, 'deposit_clearing'),
    to: await accountFor(db, merchant, 'member_wallet', { memberId }),
    amountMinor,
    owner: { kind: 'system', id: 0 },
    idempotencyKey: key,
    kind: 'deposit',
  });
}
