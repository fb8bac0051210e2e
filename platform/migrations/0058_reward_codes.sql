-- docs/0118: codes an operator creates and members redeem on the reward centre. A code pays a
-- bonus (with turnover terms, through the bonus wallet) or cash (from the merchant's bonus
-- expense); each member once, all members at most `cap` times, until it expires. `used` is raised
-- by one guarded update (used < cap), the use row is unique per code and member, and the award is
-- made in the same transaction, so a cap cannot be passed nor a member paid twice, whatever races.

alter table bonus_awards drop constraint bonus_awards_source_check;
alter table bonus_awards add constraint bonus_awards_source_check
  check (source in ('deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral', 'operator', 'code'));

create table reward_codes (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  -- Stored upper-case; a member may type it in either case.
  code text not null check (code ~ '^[A-Z0-9]{4,32}$'),
  kind text not null check (kind in ('bonus', 'cash')),
  amount_minor bigint not null check (amount_minor > 0),
  -- A bonus code's turnover multiple and days to meet it (the other terms are the defaults).
  turnover_multiple integer check (turnover_multiple between 1 and 50),
  valid_days integer check (valid_days between 1 and 90),
  cap integer not null check (cap > 0),
  used integer not null default 0 check (used >= 0 and used <= cap),
  expires_at timestamptz not null,
  created_by integer not null references operators(id),
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  check ((kind = 'bonus') = (turnover_multiple is not null and valid_days is not null))
);

create table reward_code_uses (
  id bigserial primary key,
  code_id integer not null references reward_codes(id),
  member_id integer not null references members(id),
  award_id bigint references bonus_awards(id),
  transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (code_id, member_id),
  check ((award_id is null) <> (transaction_id is null))
);
create index reward_code_uses_member_idx on reward_code_uses (member_id);
