-- Issue 9 item 2: the built-in lottery (docs/0041). A shared 3-digit draw every N seconds (the
-- operator's interval), drawn from a server seed committed when the draw opens; bets move money
-- through the seamless wallet like the slot's rounds, but wait for their draw, so they have their
-- own table (the games sweep of game_rounds never sees them) and are settled by the draw's job.

-- The operator's settings per lottery game; no row means the defaults (180 s, the seeded table).
create table lottery_settings (
  game_id integer primary key references games(id),
  interval_seconds integer not null check (interval_seconds between 30 and 3600),
  -- Hundredths of the stake a winning bet returns, per row of the payout table.
  payouts jsonb not null,
  updated_at timestamptz not null default now()
);

-- One row per draw: open (bets taken until closes_at), drawn (result fixed, seed revealed),
-- settled (every bet paid or returned). The unique close time is what racing processes agree on.
create table lottery_draws (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  game_id integer not null references games(id),
  numero text not null,
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null,
  result text check (result is null or result ~ '^[0-9]{3}$'),
  state text not null check (state in ('open', 'drawn', 'settled')),
  check ((state = 'open') = (result is null)),
  drawn_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (game_id, closes_at)
);
create index lottery_draws_unsettled_idx on lottery_draws (closes_at) where state <> 'settled';
create index lottery_draws_game_idx on lottery_draws (game_id, closes_at desc);

-- One row per bet: open (taken, the wallet not yet answered), placed (the stake debited), then
-- settled (its win credited, 0 closes a loss); refused (nothing moved) or rolled back (stake returned).
create table lottery_bets (
  id bigserial primary key,
  draw_id bigint not null references lottery_draws(id),
  session_id bigint not null references game_sessions(id),
  merchant_id integer not null references merchants(id),
  -- null: a visitor's free play
  member_id integer references members(id),
  game_id integer not null references games(id),
  mode text not null check (mode in ('real', 'fun')),
  bet_type text not null check (bet_type in ('exact3', 'last2', 'last1', 'big', 'small', 'odd', 'even')),
  pick text check (pick is null or pick ~ '^[0-9]{1,3}$'),
  stake_minor bigint not null check (stake_minor > 0),
  -- The payout of the table when the bet was taken: a later change of the table does not touch it.
  payout_x100 integer not null check (payout_x100 > 100),
  win_minor bigint check (win_minor is null or win_minor >= 0),
  state text not null check (state in ('open', 'placed', 'settled', 'refused', 'rolled_back')),
  check ((state = 'settled') = (win_minor is not null)),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index lottery_bets_draw_idx on lottery_bets (draw_id, state);
create index lottery_bets_member_idx on lottery_bets (member_id, game_id, id desc);
create index lottery_bets_session_idx on lottery_bets (session_id, id desc);
