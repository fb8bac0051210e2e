-- Issue 9 item 2: the built-in crash game (docs/0042). One shared round at a time per game; its
-- server seed is committed by its hash when the round is created (before any bet) and revealed once
-- it crashed. Bets move money only through the seamless wallet (free play: the session's play money).

create table crash_rounds (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  game_id integer not null references games(id),
  round_no integer not null check (round_no > 0),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  crash_x100 integer not null check (crash_x100 >= 100),
  opens_at timestamptz not null,
  flies_at timestamptz not null,
  crashes_at timestamptz not null,
  ends_at timestamptz not null,
  check (opens_at < flies_at and flies_at <= crashes_at and crashes_at < ends_at),
  -- Every bet of the round is settled (paid, lost or rolled back).
  settled_at timestamptz,
  -- Whichever process creates round n+1 first wins; the others read it.
  unique (game_id, round_no)
);
create index crash_rounds_unsettled_idx on crash_rounds (crashes_at) where settled_at is null;

-- One bet per game session and round. State as the slot's rounds: open (the wallet's answer not yet
-- known), placed (stake taken), settled, refused, rolled_back. The decision (payout_minor, and
-- cash_out_x100 for a win) is written once, by the cash-out or by the settlement after the crash,
-- whichever comes first; the wallet's win (WLG-C<id>:win) then pays exactly that.
create table crash_bets (
  id bigserial primary key,
  round_id bigint not null references crash_rounds(id),
  session_id bigint not null references game_sessions(id),
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  game_id integer not null references games(id),
  mode text not null check (mode in ('real', 'fun')),
  stake_minor bigint not null check (stake_minor > 0),
  auto_cash_out_x100 integer check (auto_cash_out_x100 is null or auto_cash_out_x100 > 100),
  cash_out_x100 integer check (cash_out_x100 is null or cash_out_x100 >= 100),
  payout_minor bigint check (payout_minor is null or payout_minor >= 0),
  check (cash_out_x100 is null or payout_minor is not null),
  state text not null check (state in ('open', 'placed', 'settled', 'refused', 'rolled_back')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  settled_at timestamptz,
  unique (round_id, session_id)
);
create index crash_bets_round_idx on crash_bets (round_id, id);
create index crash_bets_unsettled_idx on crash_bets (round_id) where state in ('open', 'placed');
