import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/* Money: the double-entry ledger, deposits and their channels, withdrawals and payout accounts, operators' balance adjustments and four-eyes setting changes. */

export interface DepositChannelsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  min_minor: number;
  max_minor: number;
  quick_amounts_minor: ColumnType<number[], string | undefined, string>;
  auto_settle_seconds: number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}
export type TDepositStatus = 'pending' | 'approved' | 'rejected';
export interface DepositsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  reference: string;
  amount_minor: number;
  status: Generated<TDepositStatus>;
  idempotency_key: string;
  ledger_transaction_id: number | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  remark: Generated<string>;
  created_at: Generated<Date>;
  /** Migration 0028 (docs/0066): the first of two approvers of a deposit above the limit. */
  first_approved_by: number | null;
  first_approved_at: Timestamp | null;
}
export interface MemberBankAccountsTable {
  id: Generated<number>;
  member_id: number;
  bank_name: string;
  account_number: string;
  holder_name: string;
  created_at: Generated<Date>;
}
export type TWithdrawalStatus = 'pending' | 'rejected' | 'paid' | 'received' | 'partly_received' | 'not_received' | 'auto_received';
export interface WithdrawalsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_account_id: number;
  reference: string;
  amount_minor: number;
  status: Generated<TWithdrawalStatus>;
  idempotency_key: string;
  received_minor: number | null;
  remark: Generated<string>;
  decided_by: number | null;
  paid_at: Timestamp | null;
  confirm_due_at: Timestamp | null;
  answered_at: Timestamp | null;
  created_at: Generated<Date>;
}
export interface WithdrawalProofsTable {
  id: string;
  withdrawal_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size_bytes: number;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  amount_minor: number;
  reason: string;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  requested_by: number;
  approved_by: number | null;
  ledger_transaction_id: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
  /** Migration 0013: the requesting operator's key (unique per operator). */
  idempotency_key: string | null;
}
/** Migration 0028 (docs/0066): a change of the four-eyes limits or channels waiting for a second owner. */
export interface MoneySettingChangesTable {
  id: Generated<number>;
  merchant_id: number;
  change: Json<Record<string, unknown>>;
  before: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  requested_by: number;
  decided_by: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
}
export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  kind: TLedgerAccountKind;
  code: Generated<string>;
  currency: string;
  /** For an account kept in shards (member_id null, docs/0089), its balance before them: add its shards' (view ledger_balances). */
  balance_minor: Generated<number>;
}
/** The shard rows of an account with no floor (migration 0037, docs/0089): its balance is its row's plus theirs. */
export interface LedgerAccountShardsTable {
  account_id: number;
  shard: number;
  balance_minor: Generated<number>;
}
/** Ledger account purposes (migration 0010). */
export type TLedgerAccountKind =
  | 'member_wallet'
  | 'member_withdrawal_hold'
  | 'member_merchant_wallet'
  | 'agent_wallet'
  | 'member_bonus'
  | 'deposit_clearing'
  | 'withdrawal_payout'
  | 'bonus_expense'
  | 'adjustment'
  | 'provider'
  | 'house';
export interface LedgerTransactionsTable {
  id: Generated<number>;
  merchant_id: number;
  idempotency_key: string;
  kind: string;
  owner_kind: Generated<'member' | 'operator' | 'system' | 'provider'>;
  owner_id: Generated<number>;
  request_hash: Generated<string>;
  meta: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
}
export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount_minor: number;
  balance_after_minor: number | null;
  created_at: Generated<Date>;
  /** The writing transaction's xid (migration 0034, docs/0082): the team figures' watermark orders by it. */
  xact_id: Generated<number>;
}

/** The money tables, by name (db/schema.ts composes them into DB). */
export interface MoneyTables {
  deposit_channels: DepositChannelsTable;
  deposits: DepositsTable;
  member_bank_accounts: MemberBankAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  money_setting_changes: MoneySettingChangesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_account_shards: LedgerAccountShardsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
}
