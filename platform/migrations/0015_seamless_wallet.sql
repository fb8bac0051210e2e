-- Issue 9 item 1: the seamless wallet that game providers call (docs/0035). A provider signs each
-- call with its secret (HMAC-SHA256); its transaction ids are idempotency keys; a rollback that
-- arrives before its bet leaves a slot that refuses the late bet.
create table seamless_providers (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  code text not null check (code ~ '^[A-Z0-9_]{2,32}$'),
  name text not null,
  -- The HMAC key shared with the provider's game server (not a password: both sides must hold it).
  secret text not null check (length(secret) >= 32),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (merchant_id, code)
);

-- Every call that moved (or was recorded as moving) money, once per provider transaction id.
create table seamless_transactions (
  id bigserial primary key,
  provider_id integer not null references seamless_providers(id),
  transaction_id text not null check (length(transaction_id) between 1 and 100),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  member_id integer not null references members(id),
  round_id text not null check (length(round_id) between 1 and 100),
  game_code text not null check (length(game_code) between 1 and 64),
  ref_transaction_id text check (ref_transaction_id is null or length(ref_transaction_id) between 1 and 100),
  amount_minor bigint not null check (amount_minor >= 0),
  request_hash text not null,
  ledger_transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (provider_id, transaction_id)
);
create index seamless_transactions_round_idx on seamless_transactions (provider_id, round_id);

-- One row per bet id, locked by whichever of the bet and its rollback comes first: 'placed' (the bet
-- debited), 'rolled_back' (refunded), 'void' (rolled back before the bet arrived: the bet is refused).
create table seamless_bet_slots (
  provider_id integer not null references seamless_providers(id),
  bet_transaction_id text not null,
  state text not null check (state in ('placed', 'rolled_back', 'void')),
  primary key (provider_id, bet_transaction_id)
);
