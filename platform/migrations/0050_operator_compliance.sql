-- docs/0106: operator compliance controls. A member's account state set by an operator with a
-- reason (deposits, bets or withdrawals blocked, suspended, fully blocked), the operator's limits for
-- the whole merchant or one member (the member's effective limit is the lower of its own and these),
-- and switch-offs of all gaming, one vendor or one game with the reason new launches are refused.

-- One row per member with any state set; no row: nothing blocked. A row with every flag false is a
-- state lifted (kept for its reason and time; the protection log keeps every change).
create table member_account_states (
  member_id integer primary key references members(id),
  merchant_id integer not null references merchants(id),
  deposit_blocked boolean not null,
  bet_blocked boolean not null,
  withdraw_blocked boolean not null,
  suspended boolean not null,
  full_block boolean not null,
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer,
  set_at timestamptz not null
);

-- The operator's limits: member_id null is the merchant's limit for every member, else one member's.
-- Kinds and units as protection_limits (migration 0047).
create table protection_operator_limits (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  kind text not null check (kind in (
    'deposit_24h', 'deposit_7d', 'deposit_30d', 'loss_24h', 'loss_7d', 'loss_30d',
    'stake_24h', 'stake_7d', 'stake_30d', 'session_minutes')),
  value bigint not null check (value > 0),
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer,
  set_at timestamptz not null
);
create unique index protection_operator_limits_one on protection_operator_limits (merchant_id, coalesce(member_id, 0), kind);

-- Gaming switched off by an operator: all of it ('all', target ''), one vendor ('vendor', its
-- vassalage code) or one game ('game', its node id). Rounds in flight finish; new launches are refused.
create table gaming_switch_offs (
  merchant_id integer not null references merchants(id),
  scope text not null check (scope in ('all', 'vendor', 'game')),
  target text not null check (length(target) <= 64),
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer,
  set_at timestamptz not null,
  primary key (merchant_id, scope, target)
);
