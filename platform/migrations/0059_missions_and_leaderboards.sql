-- docs/0119: missions a member completes and claims, and leaderboards whose prizes a job pays at
-- each period's end. Content writes a mission's names, tasks, cadence and points; finance sets
-- what it pays (reward_kind, reward_minor, turnover_multiple): a mission pays nothing until finance
-- has set it. Progress is never stored: it is counted from the server's own records (settled rounds,
-- approved deposits, sessions) over the mission's period when read or claimed.

alter table bonus_awards drop constraint bonus_awards_source_check;
alter table bonus_awards add constraint bonus_awards_source_check
  check (source in ('deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral', 'operator', 'code', 'mission'));

create table missions (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  cadence text not null check (cadence in ('daily', 'weekly', 'once')),
  name_en text not null check (length(name_en) between 1 and 80),
  name_bn text not null check (length(name_bn) between 1 and 80),
  -- [{ kind: 'turnover' | 'deposit' | 'login_days' | 'rounds', gameType: string | null, target: int }], 1 to 4 (the schema checks each).
  tasks jsonb not null,
  -- Mission points a claim adds to the points leaderboards.
  points integer not null default 0 check (points between 0 and 100000),
  active boolean not null default false,
  sort integer not null default 0,
  reward_kind text check (reward_kind in ('cash', 'bonus')),
  reward_minor bigint check (reward_minor > 0),
  turnover_multiple integer check (turnover_multiple between 1 and 50),
  created_by integer not null references operators(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((reward_kind is null) = (reward_minor is null)),
  check ((reward_kind = 'bonus') = (turnover_multiple is not null))
);
create index missions_merchant_idx on missions (merchant_id, sort, id);

-- One claim per member, mission and period (a once mission's period starts at its creation).
create table mission_claims (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  mission_id integer not null references missions(id),
  member_id integer not null references members(id),
  period_start timestamptz not null,
  reward_kind text not null check (reward_kind in ('cash', 'bonus')),
  amount_minor bigint not null check (amount_minor > 0),
  points integer not null check (points >= 0),
  award_id bigint references bonus_awards(id),
  transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (mission_id, member_id, period_start),
  check ((award_id is null) <> (transaction_id is null))
);
create index mission_claims_member_idx on mission_claims (member_id, created_at);
create index mission_claims_points_idx on mission_claims (merchant_id, created_at) where points > 0;

create table leaderboards (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  name_en text not null check (length(name_en) between 1 and 80),
  name_bn text not null check (length(name_bn) between 1 and 80),
  metric text not null check (metric in ('turnover', 'points')),
  period text not null check (period in ('daily', 'weekly')),
  active boolean not null default false,
  created_by integer not null references operators(id),
  created_at timestamptz not null default now()
);

-- Finance's prize of each rank (1 = first).
create table leaderboard_prizes (
  leaderboard_id integer not null references leaderboards(id),
  rank integer not null check (rank between 1 and 20),
  amount_minor bigint not null check (amount_minor > 0),
  primary key (leaderboard_id, rank)
);

-- A period paid: written in the transaction that pays it, so a run, a rerun or a second process pays it once.
create table leaderboard_runs (
  leaderboard_id integer not null references leaderboards(id),
  period_start timestamptz not null,
  paid_at timestamptz not null default now(),
  primary key (leaderboard_id, period_start)
);

create table leaderboard_payouts (
  id bigserial primary key,
  leaderboard_id integer not null references leaderboards(id),
  period_start timestamptz not null,
  member_id integer not null references members(id),
  rank integer not null check (rank between 1 and 20),
  score bigint not null,
  amount_minor bigint not null check (amount_minor > 0),
  transaction_id bigint not null references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (leaderboard_id, period_start, member_id),
  unique (leaderboard_id, period_start, rank)
);
create index leaderboard_payouts_member_idx on leaderboard_payouts (member_id);
