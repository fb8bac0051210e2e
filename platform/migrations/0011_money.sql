-- Issue 8: the money pages' tables. Every balance change is still a ledger transaction (0010);
-- these rows are the business objects the transactions belong to (ledger_transactions.meta holds
-- their ids). Amounts in minor units (bigint), never floats.

-- Merchant money settings (operator-set, finance permission).
alter table merchants add column withdraw_min_minor bigint not null default 50000;        -- ৳500.00
alter table merchants add column withdraw_max_minor bigint not null default 5000000;      -- ৳50,000.00
alter table merchants add column withdraw_daily_count integer not null default 3;
alter table merchants add column withdraw_confirm_minutes integer not null default 30;     -- SPEC §4: unconfirmed → received
alter table merchants add column bank_accounts_max integer not null default 3;
alter table merchants add column adjustment_four_eyes_minor bigint not null default 1000000; -- above ৳10,000.00 a second operator approves
alter table merchants add column merchant_wallet_single boolean not null default true;     -- GCS_merchantWallet isSingle

-- Withdraw (payment) password, argon2 like login passwords; null until set in the security centre.
alter table members add column withdraw_password_hash text;

-- Deposit channels with their limits (SPEC §2 depositv2).
create table deposit_channels (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  code text not null,
  name text not null,
  min_minor bigint not null check (min_minor > 0),
  max_minor bigint not null,
  quick_amounts_minor jsonb not null default '[]',
  -- The embedded platform's simulated payment channel settles by itself after this many seconds
  -- (a job); null: an operator approves or rejects.
  auto_settle_seconds integer check (auto_settle_seconds is null or auto_settle_seconds >= 0),
  enabled boolean not null default true,
  sort integer not null default 0,
  check (max_minor >= min_minor),
  unique (merchant_id, code)
);

-- A member's deposit order: pending until approved (credits the wallet exactly once) or rejected.
create table deposits (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  channel_id integer not null references deposit_channels(id),
  reference text not null,
  amount_minor bigint not null check (amount_minor > 0),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  idempotency_key text not null,
  ledger_transaction_id bigint references ledger_transactions(id),
  decided_by integer references operators(id),
  decided_at timestamptz,
  remark text not null default '',
  created_at timestamptz not null default now(),
  unique (merchant_id, reference),
  unique (member_id, idempotency_key)
);
create index deposits_pending_idx on deposits (merchant_id, created_at) where status = 'pending';
create index deposits_member_idx on deposits (member_id, created_at);

-- Bank accounts bound in the security centre (holder name must match the member's).
create table member_bank_accounts (
  id serial primary key,
  member_id integer not null references members(id),
  bank_name text not null,
  account_number text not null,
  holder_name text not null,
  created_at timestamptz not null default now(),
  unique (member_id, account_number)
);

-- A withdrawal (SPEC §4): the amount moves to the member's withdrawal hold at request time; the
-- operator pays (hold → payout) or rejects (hold → wallet); after payment the member confirms.
create table withdrawals (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  bank_account_id integer not null references member_bank_accounts(id),
  reference text not null,
  amount_minor bigint not null check (amount_minor > 0),
  status text not null default 'pending' check (status in (
    'pending',            -- held, waiting for the operator
    'rejected',           -- hold returned
    'paid',               -- paid out, waiting for the member's answer until confirm_due_at
    'received',           -- the member said so
    'partly_received',    -- the member said so, with received_minor
    'not_received',       -- the member disputes, with proof
    'auto_received'       -- no answer within the window: counted as received by the job
  )),
  idempotency_key text not null,
  received_minor bigint check (received_minor is null or received_minor >= 0),
  remark text not null default '',
  decided_by integer references operators(id),
  paid_at timestamptz,
  confirm_due_at timestamptz,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  unique (merchant_id, reference),
  unique (member_id, idempotency_key)
);
create index withdrawals_pending_idx on withdrawals (merchant_id, created_at) where status = 'pending';
create index withdrawals_due_idx on withdrawals (confirm_due_at) where status = 'paid';
create index withdrawals_member_idx on withdrawals (member_id, created_at);

-- Proof files of a 'not received' answer (png or jpg, ≤ 5 MB, ≤ 3): bytes in the database,
-- reached only through an authorised call by a random id, never a guessable URL.
create table withdrawal_proofs (
  id text primary key,
  withdrawal_id bigint not null references withdrawals(id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index withdrawal_proofs_withdrawal_idx on withdrawal_proofs (withdrawal_id);

-- Operator balance adjustments: a reason always; above the merchant's threshold a second operator
-- approves before the ledger moves (four eyes).
create table balance_adjustments (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  amount_minor bigint not null check (amount_minor <> 0),  -- positive credits, negative debits
  reason text not null check (length(reason) between 1 and 500),
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
  requested_by integer not null references operators(id),
  approved_by integer references operators(id),
  ledger_transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check (approved_by is null or approved_by <> requested_by)
);
