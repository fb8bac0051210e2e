import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Promotion kinds for members (migration 0041, docs/0096): deposit-match opt-ins and cashback payments. */

export interface PromotionJoinsTable {
  member_id: number;
  promotion_id: number;
  joined_at: Generated<Date>;
}
export interface CashbackPayoutsTable {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  period_start: Timestamp;
  period_end: Timestamp;
  net_loss_minor: number;
  amount_minor: number;
  state: 'pending' | 'paid' | 'rejected';
  ledger_transaction_id: number | null;
  decided_by: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
}

/** The promo tables, by name (db/schema.ts composes them into DB). */
export interface PromoTables {
  promotion_joins: PromotionJoinsTable;
  cashback_payouts: CashbackPayoutsTable;
}
