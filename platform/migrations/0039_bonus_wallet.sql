-- docs/0094: the bonus wallet's foundation. A member's bonus money is a ledger account of its own
-- ('member_bonus', never negative like every member account); each bonus awarded is a row that
-- keeps its terms as they were when it was given, and moves through its states exactly once.

alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (
  'member_wallet', 'member_withdrawal_hold', 'member_merchant_wallet', 'agent_wallet',
  'member_bonus',           -- a member's bonus money, staked after the cash (docs/0094)
  'deposit_clearing', 'withdrawal_payout', 'bonus_expense', 'adjustment', 'provider', 'house'
));

-- What a promotion pays (its kind and terms, checked by ZPromotionTerms), whether it runs, and its
-- limits: a budget and a number of recipients that the awards count against, in the award's
-- transaction (the checks make overspending impossible, whatever races).
alter table promotions add column kind text not null default 'info'
  check (kind in ('info', 'deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral'));
alter table promotions add column status text not null default 'active'
  check (status in ('draft', 'active', 'paused', 'ended'));
alter table promotions add column terms jsonb not null default '{"kind":"info"}';
alter table promotions add constraint promotions_terms_kind check (terms->>'kind' = kind);
alter table promotions add column budget_minor bigint check (budget_minor is null or budget_minor > 0);
alter table promotions add column max_recipients integer check (max_recipients is null or max_recipients > 0);
alter table promotions add column spent_minor bigint not null default 0
  check (spent_minor >= 0 and (budget_minor is null or spent_minor <= budget_minor));
alter table promotions add column recipients integer not null default 0
  check (recipients >= 0 and (max_recipients is null or recipients <= max_recipients));

create table bonus_awards (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  promotion_id integer references promotions(id),
  source text not null check (source in ('deposit_match', 'sign_up', 'manual_apply', 'cashback', 'referral', 'operator')),
  -- What the award is for, unique per member and source: a deposit, an application, a period.
  source_key text not null check (length(source_key) between 1 and 200),
  amount_minor bigint not null check (amount_minor > 0),
  turnover_multiple integer not null check (turnover_multiple between 1 and 50),
  turnover_required_minor bigint not null check (turnover_required_minor >= 0),
  turnover_done_minor bigint not null default 0 check (turnover_done_minor >= 0),
  -- Percent of a valid bet that counts, by game type (ZTurnoverWeights).
  weights jsonb not null,
  max_stake_minor bigint check (max_stake_minor is null or max_stake_minor > 0),
  valid_days integer not null check (valid_days between 1 and 90),
  claim_by timestamptz not null,
  -- Set when the bonus becomes active: activation + valid_days.
  expires_at timestamptz,
  state text not null check (state in ('offered', 'active', 'converted', 'expired', 'cancelled', 'forfeited', 'lapsed')),
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  ended_at timestamptz,
  award_transaction_id bigint references ledger_transactions(id),
  end_transaction_id bigint references ledger_transactions(id),
  unique (member_id, source, source_key),
  check ((state in ('offered', 'lapsed')) = (activated_at is null)),
  check (state not in ('active', 'converted', 'expired', 'cancelled', 'forfeited') or (expires_at is not null and award_transaction_id is not null))
);
-- One active bonus a member at a time: which money is bonus money is then never in doubt.
create unique index bonus_awards_one_active_idx on bonus_awards (member_id) where state = 'active';
create index bonus_awards_member_idx on bonus_awards (member_id, id desc);
create index bonus_awards_promotion_idx on bonus_awards (promotion_id) where promotion_id is not null;
-- Older rows are information pages ('info'); every new row says its kind and terms.
alter table promotions alter column kind drop default;
alter table promotions alter column terms drop default;
