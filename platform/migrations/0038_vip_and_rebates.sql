-- docs/0091: the operator's VIP levels and rebates. Money moves only through the ledger; the rows
-- here say what was paid and make each payment once: an upgrade bonus per (member, level), ever, and
-- a rebate per bet (game round), across claims, jobs and restarts.

-- Per merchant: the period the VIP thresholds are measured over, and who pays rebates (the member
-- by a claim, or also the daily job).
create table rewards_settings (
  merchant_id integer primary key references merchants(id),
  vip_period_days integer not null check (vip_period_days between 1 and 366),
  rebate_payout text not null check (rebate_payout in ('manual', 'automatic'))
);

-- A VIP level: reached when the member's approved deposits and valid turnover over the period are
-- both at least its thresholds. Level 0 is where every member starts.
create table vip_levels (
  merchant_id integer not null references merchants(id),
  level integer not null check (level between 0 and 50),
  name_en text not null check (length(name_en) between 1 and 40),
  name_bn text not null check (length(name_bn) between 1 and 40),
  min_deposit_minor bigint not null check (min_deposit_minor >= 0),
  min_turnover_minor bigint not null check (min_turnover_minor >= 0),
  upgrade_bonus_minor bigint not null check (upgrade_bonus_minor >= 0),
  withdraw_limit_minor bigint not null check (withdraw_limit_minor >= 0),
  withdraw_count integer not null check (withdraw_count between 0 and 1000),
  primary key (merchant_id, level)
);

-- Rebate rate by game type and VIP level, in basis points of the valid bet (at most 10 %).
create table rebate_rates (
  merchant_id integer not null,
  level integer not null,
  game_type text not null check (length(game_type) between 1 and 16),
  rate_bp integer not null check (rate_bp between 0 and 1000),
  primary key (merchant_id, level, game_type),
  foreign key (merchant_id, level) references vip_levels (merchant_id, level) on delete cascade
);

-- An upgrade bonus is paid once per level per member, ever (the primary key), whatever the
-- downgrades and upgrades in between.
create table vip_upgrade_bonuses (
  member_id integer not null references members(id),
  level integer not null,
  ledger_transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  primary key (member_id, level)
);

-- A rebate payment: the member's claim (with the member's key) or the daily job's.
create table rebate_claims (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  source text not null check (source in ('member', 'job')),
  amount_minor bigint not null check (amount_minor > 0),
  ledger_transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (member_id, idempotency_key)
);

-- Each bet rebated once: a round joins at most one claim (the primary key), written in the
-- transaction that pays the claim.
create table rebated_rounds (
  round_id bigint primary key references game_rounds(id),
  claim_id bigint not null references rebate_claims(id)
);

-- The rounds of a member not yet rebated are found from the member's settled real rounds.
create index game_rounds_member_settled_idx on game_rounds (member_id, settled_at) where state = 'settled' and mode = 'real';

-- The periodic review lowers a level at most once per member and day, however often it runs.
create table vip_reviews (
  member_id integer not null references members(id),
  reviewed_on date not null,
  from_level integer not null,
  to_level integer not null,
  primary key (member_id, reviewed_on)
);
