import { sql, type Kysely, type Transaction } from 'kysely';
import { GAME_TYPES, REWARD_MESSAGES, type TGameType, type TRebateClaimResult, type TRebateLine, type TRebateSummary } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, inTransaction, memberBalance, transfer } from '../wallet/ledger.service.ts';
import { isGameType, memberLevel, rebateRates, rewardsSettings, unrebatedRounds, type TMerchantRef } from './rewards.queries.ts';

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

/** What the member could claim now: the unrebated bets at the member's current level's rates. */
async function claimable(db: TDb, merchantId: number, memberId: number) {
  const [level, rates, rounds] = await Promise.all([memberLevel(db, memberId), rebateRates(db, merchantId), unrebatedRounds(db, memberId)]);
  const ofLevel = new Map(rates.filter((r) => r.level === level).map((r) => [r.game_type, r.rate_bp]));
  const lines = rebateLines(rounds, ofLevel);
  return { rounds, lines, totalMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0) };
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
 * Pays every claimable rebate of a member once (docs/0091). In one transaction, the member locked
 * first: the claim row (unique per member and key: a resend answers the first claim), each bet it
 * pays for marked in rebated_rounds (a bet's primary key there: never rebated twice, whichever of
 * claims, jobs and restarts comes first), then the ledger transfer from the merchant's bonus
 * expense, keyed by the claim. Null when nothing is claimable.
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
    const now = await claimable(trx, merchant.id, memberId);
    if (now.totalMinor <= 0) return null;
    const row = await trx
      .insertInto('rebate_claims')
      .values({
        merchant_id: merchant.id,
        member_id: memberId,
        idempotency_key: claim.key,
        source: claim.source,
        amount_minor: now.totalMinor,
        ledger_transaction_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claimId = Number(row.id);
    const ids = now.rounds.map((r) => r.id);
    await sql`insert into rebated_rounds (round_id, claim_id) select unnest(${`{${ids.join(',')}}`}::bigint[]), ${claimId}::bigint`.execute(trx);
    const paid = await transfer(trx, {
      from: await accountFor(trx, merchant, 'bonus_expense'),
      to: await accountFor(trx, merchant, 'member_wallet', { memberId }),
      amountMinor: now.totalMinor,
      owner: { kind: 'member', id: memberId },
      idempotencyKey: `rebate:${claimId}`,
      kind: 'rebate',
      meta: { claimId },
    });
    await trx.updateTable('rebate_claims').set({ ledger_transaction_id: paid.transactionId }).where('id', '=', claimId).execute();
    return { claimId, amountMinor: now.totalMinor, mainMinor: memberBalance(paid.toBalanceMinor) };
  });
}

/** The member's claim (manualRebate): nothing claimable is a clear refusal that changes nothing. */
export async function claimRebate(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, key: string): Promise<TRebateClaimResult> {
  const paid = await payRebate(db, merchant, memberId, { key: `member:${key}`, source: 'member' });
  if (!paid) throw new WpsError(409, REWARD_MESSAGES.nothingToClaim);
  return paid;
}
