-- docs/0113: the points mall. Points are not money: a member's points balance with an append-only
-- record of every change; goods with stock redeemed for points; points converted to cash at the
-- operator's ratio through the ledger (the cash side is a ledger transfer, never a row here).

-- Per merchant: what points are worth. `exchange_points` points convert to `exchange_minor` minor
-- units (both 0: conversion closed); at least `min_convert_points` a conversion.
create table points_settings (
  merchant_id integer primary key references merchants(id),
  exchange_points integer not null check (exchange_points between 0 and 1000000),
  exchange_minor bigint not null check (exchange_minor between 0 and 100000000),
  min_convert_points bigint not null check (min_convert_points between 1 and 1000000000),
  check ((exchange_points = 0) = (exchange_minor = 0))
);

-- Points earned per 100 units of currency (10,000 minor units) of valid bet of a kind of game, or
-- of approved deposit (SPEC §3 types live, lott, pvp, rng, sports, deposit).
create table points_earn_rates (
  merchant_id integer not null references merchants(id),
  source text not null check (source in ('live', 'lott', 'pvp', 'rng', 'sports', 'deposit')),
  points_per_100 integer not null check (points_per_100 between 0 and 10000),
  primary key (merchant_id, source)
);

-- A member's points: changed only by guarded statements (never below zero), each change a row of
-- points_entries in the same transaction. Points never expire (SPEC §9).
create table points_balances (
  member_id integer primary key references members(id),
  merchant_id integer not null references merchants(id),
  balance bigint not null default 0 check (balance >= 0)
);

-- The record (SPEC §3 points record): one row a change, never updated or deleted.
create table points_entries (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  type text not null check (type in ('live', 'lott', 'pvp', 'rng', 'sports', 'deposit', 'redeem', 'convert', 'refund')),
  points bigint not null check (points <> 0),
  balance_after bigint not null check (balance_after >= 0),
  reference text not null check (length(reference) between 1 and 80),
  remark text check (length(remark) <= 200),
  created_at timestamptz not null default now()
);
create index points_entries_member_idx on points_entries (member_id, id desc);

create or replace function wl_points_entries_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'points_entries is append-only' using errcode = '55000';
end;
$$;
create trigger points_entries_append_only before update or delete on points_entries
  for each row execute function wl_points_entries_append_only();

-- Each settled round (the wallet's win row, docs/0099) earns points once: the primary key, written
-- in the transaction that credits them. A round of a source without a rate is marked with no entry
-- (it never earns); a round whose member's sum still earns 0 stays unmarked and adds up.
create table points_rounds (
  win_id bigint primary key references seamless_transactions(id),
  entry_id bigint references points_entries(id)
);

-- Each approved deposit earns points once, the same way.
create table points_deposits (
  deposit_id bigint primary key references deposits(id),
  entry_id bigint references points_entries(id)
);

-- The goods of the mall (content role); stock never below zero.
create table points_goods (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  name_en text not null check (length(name_en) between 1 and 80),
  name_bn text not null check (length(name_bn) between 1 and 80),
  description_en text not null check (length(description_en) <= 1000),
  description_bn text not null check (length(description_bn) <= 1000),
  points bigint not null check (points between 1 and 100000000),
  stock integer not null check (stock >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

-- A redeemed good: its points debited and its stock taken in the transaction that inserts it, once
-- per member and key.
create table points_orders (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  goods_id integer not null references points_goods(id),
  quantity integer not null check (quantity between 1 and 10),
  points bigint not null check (points > 0),
  address text not null check (length(address) between 1 and 140),
  mobile text not null check (length(mobile) between 1 and 16),
  status text not null default 'pending' check (status in ('pending', 'shipped', 'delivered', 'rejected')),
  entry_id bigint not null references points_entries(id),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (member_id, idempotency_key)
);
create index points_orders_member_idx on points_orders (member_id, id desc);
create index points_orders_merchant_idx on points_orders (merchant_id, id desc);

-- A conversion of points to cash: the points entry and the ledger transfer in one transaction,
-- once per member and key.
create table points_conversions (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  points bigint not null check (points > 0),
  amount_minor bigint not null check (amount_minor > 0),
  entry_id bigint not null references points_entries(id),
  ledger_transaction_id bigint not null references ledger_transactions(id),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  created_at timestamptz not null default now(),
  unique (member_id, idempotency_key)
);
