-- Issue 8 item 1: ledger accounts by purpose, idempotency keys scoped to their owner, entries that
-- carry the balance they left behind (for the account record), and a reference to what moved them.

-- Accounts by purpose instead of one house account (docs/0026).
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (
  'member_wallet',          -- a member's (or agent's) main wallet
  'member_withdrawal_hold', -- a member's money waiting for the operator to pay a withdrawal
  'member_merchant_wallet', -- a member's wallet with one merchant wallet (code), GCS_walletTransfer
  'agent_wallet',           -- an agent's own wallet for downline transfers and salaries
  'deposit_clearing',       -- money arriving from payment channels
  'withdrawal_payout',      -- money paid out to members' banks
  'bonus_expense',          -- bonuses, rebates and salaries given away
  'adjustment',             -- operator balance adjustments (with a reason, audited)
  'provider',               -- one per game vendor (code): bets in, wins out
  'house'                   -- the merchant's opening equity (seed credits)
));
alter table ledger_accounts add column code text not null default '';
-- Member-owned accounts never go negative; merchant-side accounts may (they mirror money outside).
alter table ledger_accounts drop constraint ledger_accounts_member_wallet_not_negative;
alter table ledger_accounts add constraint ledger_accounts_member_not_negative check (member_id is null or balance_minor >= 0);
alter table ledger_accounts drop constraint ledger_accounts_merchant_id_member_id_kind_key;
drop index ledger_accounts_house_idx;
create unique index ledger_accounts_purpose_idx on ledger_accounts (merchant_id, coalesce(member_id, 0), kind, code);

-- Idempotency keys belong to whoever sent them: one member's key can never collide with, or reveal,
-- another's transaction. request_hash tells a replay (same request) from a reuse (different one).
alter table ledger_transactions add column owner_kind text not null default 'system'
  check (owner_kind in ('member', 'operator', 'system', 'provider'));
alter table ledger_transactions add column owner_id integer not null default 0;
alter table ledger_transactions add column request_hash text not null default '';
alter table ledger_transactions add column meta jsonb not null default '{}';
alter table ledger_transactions drop constraint ledger_transactions_idempotency_key_key;
create unique index ledger_transactions_owner_key_idx on ledger_transactions (merchant_id, owner_kind, owner_id, idempotency_key);
create index ledger_transactions_kind_idx on ledger_transactions (merchant_id, kind, created_at);

-- The balance each entry left its account with, written inside the transfer (account record).
alter table ledger_entries add column balance_after_minor bigint;
create index ledger_entries_account_time_idx on ledger_entries (account_id, created_at, id);
