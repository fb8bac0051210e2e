-- Issue 9 item 2: the built-in provider's games (docs/0039). A launch of one of them opens a game
-- session (its own token, one open real-money session per member: UPSTREAM-NOTES 734); rounds are
-- drawn from a committed server seed (provably fair) and move money only through the seamless wallet.

-- Which games the built-in provider runs, and with what engine.
alter table games add column engine text check (engine is null or engine in ('slot', 'crash', 'lottery'));

create table game_sessions (
  id bigserial primary key,
  token_hash text not null unique,
  merchant_id integer not null references merchants(id),
  -- null: a visitor's free play
  member_id integer references members(id),
  game_id integer not null references games(id),
  mode text not null check (mode in ('real', 'fun')),
  -- Play money of a free-play session (no cash value); null for real money.
  play_balance_minor bigint check (play_balance_minor is null or play_balance_minor >= 0),
  check ((mode = 'fun') = (play_balance_minor is not null)),
  last_seen_at timestamptz not null,
  closed_at timestamptz,
  created_at timestamptz not null default now()
);
-- One open real-money game per member; a second launch answers 734 until it is closed or idle.
create unique index game_sessions_one_open_idx on game_sessions (member_id) where closed_at is null and mode = 'real';

-- A server seed committed by its hash; revealed when the player turns to a new one or the session ends.
create table game_seeds (
  id bigserial primary key,
  session_id bigint not null references game_sessions(id),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  next_nonce integer not null default 0 check (next_nonce >= 0),
  revealed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index game_seeds_current_idx on game_seeds (session_id) where revealed_at is null;

-- One row per round: drawn (open) before money moves, placed once the wallet took the bet, then
-- settled; refused (the wallet said no, nothing moved) or rolled back (the stake returned).
create table game_rounds (
  id bigserial primary key,
  session_id bigint not null references game_sessions(id),
  seed_id bigint not null references game_seeds(id),
  nonce integer not null,
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  game_id integer not null references games(id),
  mode text not null check (mode in ('real', 'fun')),
  stake_minor bigint not null check (stake_minor > 0),
  payout_minor bigint not null check (payout_minor >= 0),
  outcome jsonb not null,
  state text not null check (state in ('open', 'placed', 'settled', 'refused', 'rolled_back')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (seed_id, nonce)
);
create index game_rounds_open_idx on game_rounds (created_at) where state = 'open';
create index game_rounds_game_idx on game_rounds (game_id, created_at desc);
create index game_rounds_session_idx on game_rounds (session_id, id desc);
