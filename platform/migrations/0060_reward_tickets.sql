-- docs/0120: reward tickets (golden egg, red envelope, wheel). The operator sets rules that earn a
-- ticket (per credited deposit, per login day, per turnover step of settled rounds) and each rule's
-- prizes with their published odds (basis points summing to 10000, checked by the service) and
-- stock; one prize of a rule is its fallback (no stock limit), paid when the drawn prize is out of
-- stock. A ticket holds its server seed from the moment it is earned (its hash shown to the member,
-- the seed revealed once drawn); the draw sets drawn_at once (guarded update), so a ticket pays once.

create table ticket_rules (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  kind text not null check (kind in ('golden_egg', 'red_envelope', 'wheel')),
  earn text not null check (earn in ('deposit', 'login_day', 'turnover')),
  -- deposit: the least credited deposit that earns; turnover: the valid turnover of one step; login_day: 0.
  threshold_minor bigint not null check (threshold_minor >= 0),
  valid_hours integer not null check (valid_hours between 1 and 720),
  title_en text not null check (length(title_en) between 1 and 80),
  title_bn text not null check (length(title_bn) between 1 and 80),
  active boolean not null default true,
  -- Facts before this instant earn nothing (a new rule does not pay for the past).
  starts_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  check ((earn = 'login_day') = (threshold_minor = 0))
);
create index ticket_rules_merchant_idx on ticket_rules (merchant_id);

create table ticket_prizes (
  id serial primary key,
  rule_id integer not null references ticket_rules(id),
  position integer not null check (position between 0 and 19),
  kind text not null check (kind in ('cash', 'bonus', 'points')),
  -- cash and bonus: minor units; points: points.
  amount integer not null check (amount between 1 and 10000000),
  turnover_multiple integer check (turnover_multiple between 1 and 50),
  odds_bp integer not null check (odds_bp between 0 and 10000),
  -- null: no limit (the fallback always); else the prizes that may be given in all.
  stock integer check (stock >= 0),
  given integer not null default 0 check (given >= 0 and (stock is null or given <= stock)),
  fallback boolean not null default false,
  unique (rule_id, position),
  check ((kind = 'bonus') = (turnover_multiple is not null)),
  check (not fallback or stock is null)
);
create unique index ticket_prizes_one_fallback on ticket_prizes (rule_id) where fallback;

create table reward_tickets (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  rule_id integer not null references ticket_rules(id),
  -- What earned it: deposit:<id>, day:<yyyy-mm-dd>, turnover:<step>; one ticket per rule and fact.
  source_key text not null,
  server_seed text not null,
  server_seed_hash text not null,
  earned_at timestamptz not null default now(),
  expires_at timestamptz not null,
  drawn_at timestamptz,
  client_seed text,
  roll integer check (roll between 0 and 9999),
  drawn_prize_id integer references ticket_prizes(id),
  prize_id integer references ticket_prizes(id),
  transaction_id bigint references ledger_transactions(id),
  award_id bigint references bonus_awards(id),
  points_entry_id bigint references points_entries(id),
  unique (member_id, rule_id, source_key),
  check ((drawn_at is null) = (prize_id is null))
);
create index reward_tickets_member_idx on reward_tickets (member_id, expires_at) where drawn_at is null;

alter table points_entries drop constraint points_entries_type_check;
alter table points_entries add constraint points_entries_type_check
  check (type in ('live', 'lott', 'pvp', 'rng', 'sports', 'deposit', 'redeem', 'convert', 'refund', 'ticket'));

alter table bonus_awards drop constraint bonus_awards_source_check;
alter table bonus_awards add constraint bonus_awards_source_check
  check (source in ('deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral', 'operator', 'code', 'mission', 'ticket'));

-- Raffle promotions (docs/0120, SPEC §7 raffle claim): open from starts_at to ends_at; a member
-- whose credited deposits in the window reach min_deposit_minor claims its entry once, and the
-- entry is a ticket of the raffle's rule (key raffle:<id>, unique per member and rule), drawn as
-- every ticket is. The rule may be switched off so that it earns nothing by itself.
create table raffles (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  rule_id integer not null references ticket_rules(id),
  title_en text not null check (length(title_en) between 1 and 80),
  title_bn text not null check (length(title_bn) between 1 and 80),
  min_deposit_minor bigint not null check (min_deposit_minor >= 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_by integer not null references operators(id),
  created_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index raffles_merchant_idx on raffles (merchant_id, ends_at);
