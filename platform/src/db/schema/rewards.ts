import type { ColumnType, Generated } from 'kysely';

/* Rewards (migration 0038, docs/0091): VIP levels and their rebate rates, upgrade bonuses paid, rebate claims and the rounds each paid for. */

export interface RewardsSettingsTable {
  merchant_id: number;
  vip_period_days: number;
  rebate_payout: 'manual' | 'automatic';
}
export interface VipLevelsTable {
  merchant_id: number;
  level: number;
  name_en: string;
  name_bn: string;
  min_deposit_minor: number;
  min_turnover_minor: number;
  upgrade_bonus_minor: number;
  withdraw_limit_minor: number;
  withdraw_count: number;
}
export interface RebateRatesTable {
  merchant_id: number;
  level: number;
  game_type: string;
  rate_bp: number;
}
export interface VipUpgradeBonusesTable {
  member_id: number;
  level: number;
  ledger_transaction_id: number | null;
  created_at: Generated<Date>;
}
export interface RebateClaimsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  idempotency_key: string;
  source: 'member' | 'job';
  amount_minor: number;
  ledger_transaction_id: number | null;
  created_at: Generated<Date>;
}
export interface RebatedSettlementsTable {
  /** The seamless wallet's win row that settled the round (docs/0099). */
  win_id: number;
  claim_id: number;
}
export interface VipReviewsTable {
  member_id: number;
  /** A day, written as 'YYYY-MM-DD'. */
  reviewed_on: ColumnType<Date, string, string>;
  from_level: number;
  to_level: number;
}

/** The rewards tables, by name (db/schema.ts composes them into DB). */
export interface RewardTables {
  rewards_settings: RewardsSettingsTable;
  vip_levels: VipLevelsTable;
  rebate_rates: RebateRatesTable;
  vip_upgrade_bonuses: VipUpgradeBonusesTable;
  rebate_claims: RebateClaimsTable;
  rebated_settlements: RebatedSettlementsTable;
  vip_reviews: VipReviewsTable;
}
