import { sql, type Kysely, type Transaction } from 'kysely';
import { GAME_TYPES, REWARD_MESSAGES, type TGameType, type TRebateClaimResult, type TRebateLine, type TRebateSummary } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { isGameType, memberLevel, rebateRates, rewardsSettings, type TMerchantRef } from './rewards.queries.ts';
import { insertRebateClaims, unrebatedByGameType } from './settled-rounds.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/**
 * The rebate of bets by game type at the member's level (docs/0091): the valid bets summed per game
 * type, times the rate in basis points, rounded down to a minor unit per game type.
 */
function rebateLines(rounds: readonly { gameType: string; validMinor: number }[], rates: ReadonlyMap<string, number>): TRebateLine[] {
  const valid = new Map<string, number>();
  for (const r of rounds) valid.set(r.gameType, (valid.get(r.gameType) ?? 0) + r.validMinor);
  return [...valid]
    .filter((entry): entry is [TGameType, number] => isGameType(entry[0]))
    .map(([gameType, validBetMinor]) => {
      const rateBp = rates.get(gameType) ?? 0;
      return { gameType, validBetMinor, rateBp, amountMinor: Math.floor((validBetMinor * rateBp) / 10_000) };
    })
    .sort((a, b) => GAME_TYPES.indexOf(a.gameType) - GAME_TYPES.indexOf(b.gameType));
}

/** What the member could claim now: the unrebated settled rounds at the member's current level's rates. */
async function claimable(db: TDb, merchantId: number, memberId: number) {
  const [level, rates, valid] = await Promise.all([memberLevel(db, memberId), rebateRates(db, merchantId), unrebatedByGameType(db, memberId)]);
  const ofLevel = new Map(rates.filter((r) => r.level === level).map((r) => [r.game_type, r.rate_bp]));
  const lines = rebateLines(valid, ofLevel);
  return { lines, totalMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0) };
}

/** The manualRebate page and the header's rebate prompt: the claimable rebate by game type. */
export async function rebateSummary(db: Kysely<DB>, merchant: TMerchantRef, memberId: number): Promise<TRebateSummary> {
  const [settings, now] = await Promise.all([rewardsSettings(db, merchant.id), claimable(db, merchant.id, memberId)]);
  return { payout: settings.payout, lines: now.lines, totalMinor: now.totalMinor };
}

/** A claim already made with this key: the same answer again, with the balance as it is now. */
async function replay(trx: Transaction<DB>, merchant: TMerchantRef, memberId: number, key: string): Promise<TRebateClaimResult | null> {
  const earlier = await trx
    .selectFrom('rebate_claims')
    .select(['id', 'amount_minor'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!earlier) return null;
  const wallet = await trx
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', await accountFor(trx, merchant, 'member_wallet', { memberId }))
    .executeTakeFirstOrThrow();
  return { claimId: Number(earlier.id), amountMinor: Number(earlier.amount_minor), mainMinor: Number(wallet.balance_minor) };
}

/**
 * Pays the claimable rebates of many members, each once (docs/0091, docs/0099). The caller's
 * transaction holds the members' locks (docs/0080 order). One statement inserts the claim rows
 * (unique per member and key: a member with a claim under the key gets none) and marks every round
 * each pays (rebated_settlements: a round joins one claim, ever, whichever of claims, jobs and
 * restarts comes first); then per claim one ledger transfer from the merchant's bonus expense, keyed
 * by the claim; then one update records the transfers. A crash leaves all of it or none.
 */
export async function payRebates(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  memberIds: readonly number[],
  claim: { key: string; source: 'member' | 'job' },
): Promise<{ claimId: number; memberId: number; amountMinor: number; mainMinor: number }[]> {
  // A closed account is paid no rebate (docs/rules/protection.md#p-25); its rounds stay unrebated.
  const open = await marketableMembers(trx, memberIds, new Date());
  const claims = await insertRebateClaims(
    trx,
    merchant.id,
    memberIds.filter((id) => open.has(id)),
    claim,
  );
  if (claims.length === 0) return [];
  const moved = await payFromBonusExpense(
    trx,
    merchant,
    claims.map((c) => ({ memberId: c.memberId, amountMinor: c.amountMinor, key: `rebate:${c.id}`, kind: 'rebate', meta: { claimId: c.id } })),
  );
  const paid = claims.map((c, i) => ({
    claimId: c.id,
    memberId: c.memberId,
    amountMinor: c.amountMinor,
    mainMinor: moved[i]!.walletMinor,
    tx: moved[i]!.transactionId,
  }));
  await sql`
    update rebate_claims c set ledger_transaction_id = v.tx
    from (select unnest(${`{${paid.map((p) => p.claimId).join(',')}}`}::bigint[]) as id, unnest(${`{${paid.map((p) => p.tx).join(',')}}`}::bigint[]) as tx) v
    where c.id = v.id`.execute(trx);
  return paid.map(({ tx: _tx, ...p }) => p);
}

/**
 * Pays every claimable rebate of a member once, in one transaction with the member locked first: a
 * resend of the key answers the first claim. Null when nothing is claimable.
 */
export async function payRebate(
  db: Kysely<DB>,
  merchant: TMerchantRef,
  memberId: number,
  claim: { key: string; source: 'member' | 'job' },
): Promise<TRebateClaimResult | null> {
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const earlier = await replay(trx, merchant, memberId, claim.key);
    if (earlier) return earlier;
    const [paid] = await payRebates(trx, merchant, [memberId], claim);
    return paid ? { claimId: paid.claimId, amountMinor: paid.amountMinor, mainMinor: paid.mainMinor } : null;
  });
}

/** The member's claim (manualRebate): nothing claimable is a clear refusal that changes nothing. */
export async function claimRebate(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, key: string): Promise<TRebateClaimResult> {
  const paid = await payRebate(db, merchant, memberId, { key: `member:${key}`, source: 'member' });
  if (!paid) throw new WpsError(409, REWARD_MESSAGES.nothingToClaim);
  return paid;
}
