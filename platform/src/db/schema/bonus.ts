import type { Generated } from 'kysely';
import type { TTurnoverWeights } from '@wl/schemas';
import type { Json, Timestamp } from './columns.ts';

/* The bonus wallet (migration 0039, docs/0094): each bonus awarded, with the terms it keeps. */

export interface BonusAwardsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  promotion_id: number | null;
  source: 'deposit_match' | 'sign_up' | 'manual_apply' | 'cashback' | 'referral' | 'operator' | 'code' | 'mission' | 'ticket';
  source_key: string;
  amount_minor: number;
  turnover_multiple: number;
  turnover_required_minor: number;
  turnover_done_minor: Generated<number>;
  weights: Json<TTurnoverWeights>;
  max_stake_minor: number | null;
  valid_days: number;
  claim_by: Timestamp;
  expires_at: Timestamp | null;
  state: 'offered' | 'active' | 'converted' | 'expired' | 'cancelled' | 'forfeited' | 'lapsed';
  created_at: Generated<Date>;
  activated_at: Timestamp | null;
  ended_at: Timestamp | null;
  award_transaction_id: number | null;
  end_transaction_id: number | null;
  /** Held for an operator's review (linked accounts, docs/0097): stays offered until decided. */
  held: Generated<boolean>;
}

/** A held activation waiting for a finance operator (migration 0042, docs/0097). */
export interface BonusReviewsTable {
  id: Generated<number>;
  merchant_id: number;
  award_id: number;
  member_id: number;
  reason: string;
  linked_member_ids: Json<number[]>;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
  operator_id: number | null;
}

/** A referred friend and what became of the referrer's reward (migration 0042, docs/0097). */
export interface ReferralsTable {
  id: Generated<number>;
  merchant_id: number;
  referrer_id: number;
  friend_id: number;
  state: Generated<'pending' | 'paid' | 'refused'>;
  reason: 'mobile' | 'email' | 'payee_name' | 'ip_range' | 'window_passed' | null;
  promotion_id: number | null;
  reward_minor: number | null;
  transaction_id: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
}

/** A member's application to a manual_apply promotion (migration 0043, docs/0098). */
export interface PromotionApplicationsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  promotion_id: number;
  comment: string;
  state: 'pending' | 'approved' | 'rejected';
  created_at: Generated<Date>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  amount_minor: number | null;
  reason: string | null;
  award_id: number | null;
}
/** An image of an application; a draft (application_id null) until the application is sent. */
export interface PromotionApplicationImagesTable {
  id: string;
  merchant_id: number;
  member_id: number;
  promotion_id: number;
  application_id: number | null;
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size_bytes: number;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}
/** A seamless bet placed while a bonus was active (migration 0040, docs/0095): its split and its turnover. */
export interface BonusStakesTable {
  provider_id: number;
  bet_transaction_id: string;
  award_id: number;
  member_id: number;
  stake_minor: number;
  cash_minor: number;
  bonus_minor: number;
  game_code: string;
  turnover_minor: number | null;
  settled_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** A code an operator created (migration 0058, docs/0118): a bonus or cash, once a member, `cap` members in all. */
export interface RewardCodesTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  kind: 'bonus' | 'cash';
  amount_minor: number;
  turnover_multiple: number | null;
  valid_days: number | null;
  cap: number;
  used: Generated<number>;
  expires_at: Timestamp;
  created_by: number;
  created_at: Generated<Date>;
}
/** A member's redemption of a code: the bonus awarded or the cash transfer. */
export interface RewardCodeUsesTable {
  id: Generated<number>;
  code_id: number;
  member_id: number;
  award_id: number | null;
  transaction_id: number | null;
  created_at: Generated<Date>;
}

/** The bonus tables, by name (db/schema.ts composes them into DB). */
export interface BonusTables {
  bonus_awards: BonusAwardsTable;
  bonus_reviews: BonusReviewsTable;
  referrals: ReferralsTable;
  promotion_applications: PromotionApplicationsTable;
  promotion_application_images: PromotionApplicationImagesTable;
  bonus_stakes: BonusStakesTable;
  reward_codes: RewardCodesTable;
  reward_code_uses: RewardCodeUsesTable;
}
