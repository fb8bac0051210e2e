-- docs/0072: a bet's slot also records that its round was paid ('settled'): a second win, a win
-- after a rollback and a rollback after a win are refused under the slot's lock.
alter table seamless_bet_slots drop constraint seamless_bet_slots_state_check;
alter table seamless_bet_slots add constraint seamless_bet_slots_state_check check (state in ('placed', 'rolled_back', 'void', 'settled'));

-- docs/0072: every signed call's nonce, kept past the replay window; a copy of a call is refused.
create table seamless_nonces (
  provider_id integer not null references seamless_providers(id),
  nonce text not null check (length(nonce) between 16 and 64),
  seen_at timestamptz not null,
  primary key (provider_id, nonce)
);
create index seamless_nonces_seen_idx on seamless_nonces (seen_at);

-- docs/0073: a slot session's next server seed is drawn (and its hash shown) before the player picks
-- the client seed it will be used with. Rows from before have none; their next seed is drawn at the turn.
alter table game_seeds add column next_server_seed text check (next_server_seed ~ '^[0-9a-f]{64}$');

-- docs/0073: crash and lottery server seeds come from reverse hash chains committed in advance. A
-- chain's seeds are hashed down from a secret terminal seed; its anchor (the hash of the first seed)
-- is published before any of its rounds, and round k of a chain uses link k, whose hash is link k-1.
create table game_seed_chains (
  id serial primary key,
  game_id integer not null references games(id),
  generation integer not null check (generation > 0),
  length integer not null check (length between 1 and 1000000),
  terminal_seed text not null check (terminal_seed ~ '^[0-9a-f]{64}$'),
  anchor text not null check (anchor ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  unique (game_id, generation)
);

-- A round's link, and what was mixed in: the hash of its tickets (bets fixed after the chain was committed).
alter table crash_rounds add column chain_id integer references game_seed_chains(id);
alter table crash_rounds add column chain_index integer check (chain_index > 0);
alter table crash_rounds add column mix text check (mix ~ '^[0-9a-f]{64}$');
alter table crash_rounds add column mix_tickets jsonb;
create unique index crash_rounds_chain_link_idx on crash_rounds (chain_id, chain_index);
alter table lottery_draws add column chain_id integer references game_seed_chains(id);
alter table lottery_draws add column chain_index integer check (chain_index > 0);
alter table lottery_draws add column mix text check (mix ~ '^[0-9a-f]{64}$');
alter table lottery_draws add column mix_tickets jsonb;
create unique index lottery_draws_chain_link_idx on lottery_draws (chain_id, chain_index);
