-- Issue 10 (scale, docs/0058): the team figures of the agent centre from a rollup instead of every
-- ledger entry of the period. One row per (member, UTC hour) with the member's own figures in that
-- hour, summed from the append-only ledger entries up to a watermark (`team_figures_state`); the
-- team overview and the team betting totals add the rows of the team's members (through the closure
-- table, so a move of a subtree needs no rewrite) and read the entries after the watermark, and the
-- parts of the period that do not cover whole hours of one bucket, straight from the ledger.
-- `bets` > 0 makes the member active in that hour: distinct members are counted over these rows.
create table team_member_hours (
  member_id integer not null references members(id),
  hour timestamptz not null,
  -- Count and stake of `bet` transactions on the member's main wallet.
  bets integer not null default 0,
  bet_minor bigint not null default 0,
  -- Bets less rollbacks, wins, deposits (main wallet) and paid withdrawals (out of the withdrawal hold).
  valid_bet_minor bigint not null default 0,
  payout_minor bigint not null default 0,
  deposit_minor bigint not null default 0,
  withdraw_minor bigint not null default 0,
  primary key (member_id, hour)
);
create index team_member_hours_hour_idx on team_member_hours (hour, member_id);

-- Every ledger entry with id <= rolled_to_entry_id is in team_member_hours, and none above it.
create table team_figures_state (
  id integer primary key default 1 check (id = 1),
  rolled_to_entry_id bigint not null,
  rolled_at timestamptz not null default now()
);

-- The backfill: existing history, with writers that are still in flight waited for first, so every
-- entry up to the watermark is committed and counted.
lock table ledger_entries in share mode;
insert into team_member_hours (member_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
select a.member_id,
       date_bin('1 hour', e.created_at, timestamptz '2000-01-01 00:00:00+00'),
       count(*) filter (where x.kind = 'bet' and a.kind = 'member_wallet'),
       coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and a.kind = 'member_wallet'), 0),
       coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback') and a.kind = 'member_wallet'), 0),
       coalesce(sum(e.amount_minor) filter (where x.kind = 'win' and a.kind = 'member_wallet'), 0),
       coalesce(sum(e.amount_minor) filter (where x.kind = 'deposit' and a.kind = 'member_wallet'), 0),
       coalesce(sum(-e.amount_minor) filter (where x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold'), 0)
from ledger_entries e
join ledger_accounts a on a.id = e.account_id
join ledger_transactions x on x.id = e.transaction_id
where a.member_id is not null
  and a.kind in ('member_wallet', 'member_withdrawal_hold')
  and x.kind in ('deposit', 'withdraw_payout', 'bet', 'rollback', 'win')
group by 1, 2;
insert into team_figures_state (id, rolled_to_entry_id) select 1, coalesce(max(id), 0) from ledger_entries;
analyze team_member_hours;
