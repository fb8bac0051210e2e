import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ZReferralTerms, type TPromotionTermsOf } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { settledRounds, VALID, vipFigures } from '../rewards/settled-rounds.ts';

type TDb = Kysely<DB> | Transaction<DB>;
const DAY_MS = 86_400_000;

/** The code alphabet: letters and digits without the look-alikes (0, O, 1, I), as REFERRAL_CODE_PATTERN. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A new random referral code (32^8 ≈ 10^12: not guessable by walking, and not the username). */
export const newReferralCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The member's referral code, created on first use (outside any transaction: a collision with another member's code draws again). */
export async function ensureReferralCode(db: Kysely<DB>, memberId: number): Promise<string> {
  for (;;) {
    const row = await db.selectFrom('members').select('referral_code').where('id', '=', memberId).executeTakeFirstOrThrow();
    if (row.referral_code !== null) return row.referral_code;
    try {
      await db.updateTable('members').set({ referral_code: newReferralCode() }).where('id', '=', memberId).where('referral_code', 'is', null).execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
}

/** The member of the merchant who owns a referral code, or undefined. */
export async function referrerByCode(db: TDb, merchantId: number, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('referral_code', '=', code.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

export type TReferralPromotion = { id: number; titleEn: string; titleBn: string; rulesEn: string; rulesBn: string; terms: TPromotionTermsOf<'referral'> };

/** The merchant's running referral promotion (active, started, not ended), the earliest if several. */
export async function runningReferralPromotion(db: TDb, merchantId: number, now: Date): Promise<TReferralPromotion | null> {
  const row = await db
    .selectFrom('promotions')
    .select(['id', 'title_en', 'title_bn', 'rules_en', 'rules_bn', 'terms'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'referral')
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, titleEn: row.title_en, titleBn: row.title_bn, rulesEn: row.rules_en, rulesBn: row.rules_bn, terms: ZReferralTerms.parse(row.terms) };
}

export type TFriendProgress = { mobileVerified: boolean; depositMinor: number; turnoverMinor: number; registeredAt: Date; windowEnd: Date };

/** What a friend has done within `windowDays` of registering: a proved mobile, approved deposits, valid turnover. */
export async function friendProgress(db: TDb, friendId: number, windowDays: number): Promise<TFriendProgress> {
  const friend = await db.selectFrom('members').select(['created_at', 'mobile_verified_at']).where('id', '=', friendId).executeTakeFirstOrThrow();
  const registeredAt = new Date(friend.created_at);
  const windowEnd = new Date(registeredAt.getTime() + windowDays * DAY_MS);
  const figures = await vipFigures(db, friendId, registeredAt, windowEnd);
  const verifiedAt = friend.mobile_verified_at === null ? null : new Date(friend.mobile_verified_at);
  return {
    mobileVerified: verifiedAt !== null && verifiedAt.getTime() <= windowEnd.getTime(),
    depositMinor: figures.depositMinor,
    turnoverMinor: figures.turnoverMinor,
    registeredAt,
    windowEnd,
  };
}

/** What a friend still lacks for the reward, in the order the page lists it. */
export function missingOf(p: TFriendProgress, terms: TPromotionTermsOf<'referral'>): ('mobile' | 'deposit' | 'turnover')[] {
  const missing: ('mobile' | 'deposit' | 'turnover')[] = [];
  if (!p.mobileVerified) missing.push('mobile');
  if (p.depositMinor < terms.minDepositMinor || p.depositMinor === 0) missing.push('deposit');
  if (p.turnoverMinor < terms.turnoverMinor) missing.push('turnover');
  return missing;
}

export type TFriendRow = {
  id: number;
  friendId: number;
  state: 'pending' | 'paid' | 'refused';
  rewardMinor: number;
  username: string;
  progress: TFriendProgress;
};

/**
 * A referrer's friends with each one's progress within `windowDays` of registering, in one query
 * (the figures are vipFigures' over the window, per friend): newest first, or only the pending ones
 * oldest first (what a settlement walks).
 */
export async function friendRows(db: TDb, referrerId: number, windowDays: number, o: { pendingOnly: boolean; limit: number }): Promise<TFriendRow[]> {
  const windowMs = windowDays * DAY_MS;
  const rows = await sql<{
    id: number;
    friend_id: number;
    state: 'pending' | 'paid' | 'refused';
    reward_minor: string | number | null;
    username: string;
    created_at: Date | string;
    mobile_verified_at: Date | string | null;
    deposit: string | number;
    turnover: string | number;
  }>`
    select r.id, r.friend_id, r.state, r.reward_minor, f.username, f.created_at, f.mobile_verified_at,
      (select coalesce(sum(d.amount_minor), 0) from deposits d
        where d.member_id = f.id and d.status = 'approved'
          and d.decided_at >= f.created_at and d.decided_at <= f.created_at + ${windowDays * 86_400}::int * interval '1 second') as deposit,
      (select coalesce(sum(${VALID}), 0) from ${settledRounds(
        sql`w.member_id = f.id and w.created_at >= f.created_at and w.created_at <= f.created_at + ${windowDays * 86_400}::int * interval '1 second'`,
      )} r) as turnover
    from referrals r
    join members f on f.id = r.friend_id
    where r.referrer_id = ${referrerId} ${o.pendingOnly ? sql`and r.state = 'pending'` : sql``}
    order by r.id ${o.pendingOnly ? sql`asc` : sql`desc`}
    limit ${o.limit}`.execute(db);
  return rows.rows.map((r) => {
    const registeredAt = new Date(r.created_at);
    const windowEnd = new Date(registeredAt.getTime() + windowMs);
    const verifiedAt = r.mobile_verified_at === null ? null : new Date(r.mobile_verified_at);
    return {
      id: Number(r.id),
      friendId: Number(r.friend_id),
      state: r.state,
      rewardMinor: Number(r.reward_minor ?? 0),
      username: r.username,
      progress: {
        mobileVerified: verifiedAt !== null && verifiedAt.getTime() <= windowEnd.getTime(),
        depositMinor: Number(r.deposit),
        turnoverMinor: Number(r.turnover),
        registeredAt,
        windowEnd,
      },
    };
  });
}
