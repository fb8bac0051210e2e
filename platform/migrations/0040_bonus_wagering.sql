-- docs/0095: the bonus wagering engine. Every seamless bet placed while its member has an active
-- bonus is recorded here, keyed by the bet's seamless transaction, with the award it was placed
-- under and how the stake was split (cash first, then bonus money). The row is the bet's one
-- turnover credit: `turnover_minor` is written once, when the bet's round settles.

create table bonus_stakes (
  provider_id integer not null references seamless_providers(id),
  bet_transaction_id text not null,
  award_id bigint not null references bonus_awards(id),
  member_id integer not null references members(id),
  stake_minor bigint not null check (stake_minor > 0),
  cash_minor bigint not null check (cash_minor >= 0),
  bonus_minor bigint not null check (bonus_minor >= 0),
  game_code text not null,
  -- Valid amount × the game type's weight, rounded down; null until the bet's round settles.
  turnover_minor bigint check (turnover_minor is null or turnover_minor >= 0),
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (provider_id, bet_transaction_id),
  check (cash_minor + bonus_minor = stake_minor),
  check ((turnover_minor is null) = (settled_at is null))
);
create index bonus_stakes_award_idx on bonus_stakes (award_id);
-- The expiry job's sweep: active bonuses by their end, offers by their claim date.
create index bonus_awards_expires_idx on bonus_awards (expires_at) where state = 'active';
create index bonus_awards_claim_by_idx on bonus_awards (claim_by) where state = 'offered';
