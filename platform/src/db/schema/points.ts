import type { Generated } from 'kysely';

/* The points mall (migration 0055, docs/0113): settings and earn rates, balances with their append-only record, the rounds and deposits that earned, goods, orders and conversions. */

export interface PointsSettingsTable {
  merchant_id: number;
  exchange_points: number;
  exchange_minor: number;
  min_convert_points: number;
}
export interface PointsEarnRatesTable {
  merchant_id: number;
  source: 'live' | 'lott' | 'pvp' | 'rng' | 'sports' | 'deposit';
  points_per_100: number;
}
export interface PointsBalancesTable {
  member_id: number;
  merchant_id: number;
  balance: Generated<number>;
}
export interface PointsEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  type: 'live' | 'lott' | 'pvp' | 'rng' | 'sports' | 'deposit' | 'redeem' | 'convert' | 'refund' | 'ticket';
  points: number;
  balance_after: number;
  reference: string;
  remark: string | null;
  created_at: Generated<Date>;
}
export interface PointsRoundsTable {
  /** The seamless wallet's win row that settled the round (docs/0099). */
  win_id: number;
  entry_id: number | null;
}
export interface PointsDepositsTable {
  deposit_id: number;
  entry_id: number | null;
}
export interface PointsGoodsTable {
  id: Generated<number>;
  merchant_id: number;
  name_en: string;
  name_bn: string;
  description_en: string;
  description_bn: string;
  points: number;
  stock: number;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface PointsOrdersTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  goods_id: number;
  quantity: number;
  points: number;
  address: string;
  mobile: string;
  status: Generated<'pending' | 'shipped' | 'delivered' | 'rejected'>;
  entry_id: number;
  idempotency_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PointsConversionsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  points: number;
  amount_minor: number;
  entry_id: number;
  ledger_transaction_id: number;
  idempotency_key: string;
  created_at: Generated<Date>;
}

/** The points tables, by name (db/schema.ts composes them into DB). */
export interface PointsTables {
  points_settings: PointsSettingsTable;
  points_earn_rates: PointsEarnRatesTable;
  points_balances: PointsBalancesTable;
  points_entries: PointsEntriesTable;
  points_rounds: PointsRoundsTable;
  points_deposits: PointsDepositsTable;
  points_goods: PointsGoodsTable;
  points_orders: PointsOrdersTable;
  points_conversions: PointsConversionsTable;
}
