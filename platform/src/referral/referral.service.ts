import type { Kysely, Transaction } from 'kysely';
import type { TLanguage, TReferralFriend, TReferralSummary } from '@wl/schemas';
import { recordMemberAudit } from '../audit/member-audit.ts';
import type { DB } from '../db/schema.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, inTransaction, transfer } from '../wallet/ledger.service.ts';
import { linkedByNetwork, sharedIdentity } from '../bonus/identity.ts';
import { ensureReferralCode, friendProgress, friendRows, missingOf, runningReferralPromotion, type TReferralPromotion } from './referral.queries.ts';

/*
 * Member referral (docs/0097): a friend registers with the member's code; the referrer is paid a
 * cash reward from the merchant's bonus expense, once per friend, when the friend has within the
 * promotion's window proved a mobile, deposited and played enough; a friend who is the referrer
 * under another name (shared mobile, e-mail, payee name or network) is refused and never paid.
 */

type TMerchantRef = { id: number; currency: string };
export type TReferralOutcome = 'pending' | 'paid' | 'refused';

/** Records the referrer of a new member, in the registration's transaction. */
export async function recordReferral(trx: Transaction<DB>, merchantId: number, referrerId: number, friendId: number): Promise<void> {
  await trx.insertInto('referrals').values({ merchant_id: merchantId, referrer_id: referrerId, friend_id: friendId }).execute();
}

/**
 * Decides one pending referral at `now`: refused for a shared identity or a window passed without
 * the conditions; paid when they are met and the promotion's budget allows; else it stays pending.
 * The referrer is locked first (docs/0080), the row re-read under the lock, and the payment moves
 * under the key `referral:<id>` in the transaction that marks the row paid: exactly once.
 */
export async function settleReferral(
  db: Kysely<DB>,
  merchant: TMerchantRef,
  referralId: number,
  promotion: TReferralPromotion | null,
  now: Date,
): Promise<TReferralOutcome> {
  return inTransaction(db, async (trx) => {
    const head = await trx
      .selectFrom('referrals')
      .select(['referrer_id'])
      .where('id', '=', referralId)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    await lockMembers(trx, [head.referrer_id], merchant.id);
    const r = await trx.selectFrom('referrals').selectAll().where('id', '=', referralId).forNoKeyUpdate().executeTakeFirstOrThrow();
    if (r.state !== 'pending') return r.state;
    const refuse = async (reason: 'mobile' | 'email' | 'payee_name' | 'ip_range' | 'window_passed') => {
      await trx.updateTable('referrals').set({ state: 'refused', reason, decided_at: now }).where('id', '=', r.id).execute();
      return 'refused' as const;
    };
    const shared = await sharedIdentity(trx, r.referrer_id, r.friend_id);
    if (shared) return refuse(shared);
    if ((await linkedByNetwork(trx, merchant.id, r.friend_id, now, r.referrer_id)).length > 0) return refuse('ip_range');
    if (!promotion) return 'pending';
    const progress = await friendProgress(trx, r.friend_id, promotion.terms.windowDays);
    if (missingOf(progress, promotion.terms).length > 0) return now.getTime() > progress.windowEnd.getTime() ? refuse('window_passed') : 'pending';
    // A closed referrer is paid nothing while closed (docs/rules/protection.md#p-25): the referral waits.
    if (!(await mayMarket(trx, r.referrer_id, now))) return 'pending';
    const rewardMinor = promotion.terms.rewardMinor;
    if (!(await chargeReferralPromotion(trx, promotion.id, r.referrer_id, rewardMinor))) return 'pending';
    const paid = await transfer(trx, {
      from: await accountFor(trx, merchant, 'bonus_expense'),
      to: await accountFor(trx, merchant, 'member_wallet', { memberId: r.referrer_id }),
      amountMinor: rewardMinor,
      owner: { kind: 'member', id: r.referrer_id },
      idempotencyKey: `referral:${r.id}`,
      kind: 'referral_reward',
      meta: { referralId: r.id },
    });
    await trx
      .updateTable('referrals')
      .set({ state: 'paid', promotion_id: promotion.id, reward_minor: rewardMinor, transaction_id: paid.transactionId, decided_at: now })
      .where('id', '=', r.id)
      .execute();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: r.referrer_id, action: 'referral_paid', detail: `${r.id} ${rewardMinor}`, ip: 'system' });
    return 'paid';
  });
}

/** Counts a reward against the promotion's budget and recipients (a referrer paid before is not counted again); false when it would pass them. */
async function chargeReferralPromotion(trx: Transaction<DB>, promotionId: number, referrerId: number, amountMinor: number): Promise<boolean> {
  const seen = await trx
    .selectFrom('referrals')
    .select('id')
    .where('promotion_id', '=', promotionId)
    .where('referrer_id', '=', referrerId)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  const added = seen ? 0 : 1;
  const charged = await trx
    .updateTable('promotions')
    .set((eb) => ({ spent_minor: eb('spent_minor', '+', amountMinor), recipients: eb('recipients', '+', added) }))
    .where('id', '=', promotionId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('budget_minor', 'is', null), eb(eb('spent_minor', '+', amountMinor), '<=', eb.ref('budget_minor'))]))
    .where((eb) => eb.or([eb('max_recipients', 'is', null), eb(eb('recipients', '+', added), '<=', eb.ref('max_recipients'))]))
    .returning('id')
    .executeTakeFirst();
  return charged !== undefined;
}

/** Settles a friend's referral if there is one pending (after a deposit approval, say); nothing otherwise. */
export async function settleFriend(db: Kysely<DB>, merchant: TMerchantRef, friendId: number, now: Date): Promise<TReferralOutcome | null> {
  const r = await db.selectFrom('referrals').select('id').where('friend_id', '=', friendId).where('state', '=', 'pending').executeTakeFirst();
  if (!r) return null;
  return settleReferral(db, merchant, r.id, await runningReferralPromotion(db, merchant.id, now), now);
}

/** A friend's name as the referrer sees it: first and last characters, the rest starred. */
export const maskName = (name: string) =>
  name.length <= 2 ? `${name.slice(0, 1)}*` : `${name.slice(0, 1)}${'*'.repeat(Math.min(name.length - 2, 6))}${name.slice(-1)}`;

const FRIENDS_SHOWN = 200;

/**
 * Settles each of the member's pending friends found qualified (paid, or refused when it is the
 * referrer under another name): the referral page sends it when it opens, so the member who looks is
 * paid at once, the others at the job's next run. Reading the page moves no money (docs/0100).
 */
export async function settleQualifiedFriends(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, now: Date): Promise<{ paid: number }> {
  const promotion = await runningReferralPromotion(db, merchant.id, now);
  if (!promotion) return { paid: 0 };
  const pending = await friendRows(db, memberId, promotion.terms.windowDays, { pendingOnly: true, limit: FRIENDS_SHOWN });
  let paid = 0;
  for (const r of pending) {
    if (missingOf(r.progress, promotion.terms).length > 0) continue;
    if ((await settleReferral(db, merchant, r.id, promotion, now)) === 'paid') paid += 1;
  }
  return { paid };
}

/** The member's referral page: code, rules, friends (newest first, with their progress in one query) with their state, and the total paid. */
export async function referralSummary(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, language: TLanguage, now: Date): Promise<TReferralSummary> {
  const code = await ensureReferralCode(db, memberId);
  const promotion = await runningReferralPromotion(db, merchant.id, now);
  const rows = await friendRows(db, memberId, promotion?.terms.windowDays ?? 0, { pendingOnly: false, limit: FRIENDS_SHOWN });
  const totals = await db
    .selectFrom('referrals')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.sum<string | null>(eb.case().when('state', '=', 'paid').then(eb.ref('reward_minor')).else(0).end()).as('paid'),
    ])
    .where('referrer_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const friends: TReferralFriend[] = rows.map((r) => {
    const base = { name: maskName(r.username), registeredAt: r.progress.registeredAt.toISOString(), rewardMinor: r.rewardMinor };
    if (r.state === 'paid') return { ...base, state: 'paid', missing: [] };
    if (r.state === 'refused') return { ...base, state: 'not_eligible', missing: [] };
    if (!promotion) return { ...base, state: 'pending', missing: [] };
    const missing = missingOf(r.progress, promotion.terms);
    return { ...base, state: missing.length === 0 ? 'qualified' : 'pending', missing };
  });
  const bn = language === 'bn';
  return {
    enabled: promotion !== null,
    code,
    promotion: promotion && {
      title: bn ? promotion.titleBn : promotion.titleEn,
      rules: bn ? promotion.rulesBn : promotion.rulesEn,
      rewardMinor: promotion.terms.rewardMinor,
      minDepositMinor: promotion.terms.minDepositMinor,
      turnoverMinor: promotion.terms.turnoverMinor,
      windowDays: promotion.terms.windowDays,
    },
    friends,
    friendCount: Number(totals.n),
    totalPaidMinor: Number(totals.paid ?? 0),
  };
}
