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
