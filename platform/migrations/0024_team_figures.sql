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

-- The same sums per (agent, UTC hour) over the agent's whole team (depth >= 1, through the closure
-- table at the time they were rolled; a subtree that moves is moved here by wl_team_figures_move).
-- What the team overview reads for a team of any size: hours, not members.
create table team_ancestor_hours (
  ancestor_id integer not null references members(id),
  hour timestamptz not null,
  bets integer not null default 0,
  bet_minor bigint not null default 0,
  valid_bet_minor bigint not null default 0,
  payout_minor bigint not null default 0,
  deposit_minor bigint not null default 0,
  withdraw_minor bigint not null default 0,
  primary key (ancestor_id, hour)
);

-- Per (member, UTC month) the hours with a bet, bit i for the month's hour i: the distinct active
-- members of a period are one row per member and month, not one per member and hour.
create table team_member_months (
  member_id integer not null references members(id),
  month timestamptz not null,
  hours bit(744) not null,
  primary key (member_id, month)
);

-- Every ledger entry with id <= rolled_to_entry_id is in the three tables above, and none above it.
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
insert into team_ancestor_hours (ancestor_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
select t.ancestor_id, f.hour, sum(f.bets), sum(f.bet_minor), sum(f.valid_bet_minor), sum(f.payout_minor), sum(f.deposit_minor), sum(f.withdraw_minor)
from team_member_hours f join member_tree t on t.descendant_id = f.member_id and t.depth >= 1
group by 1, 2;
insert into team_member_months (member_id, month, hours)
select f.member_id, date_trunc('month', f.hour at time zone 'UTC') at time zone 'UTC',
       bit_or(set_bit(B'0'::bit(744), (extract(epoch from (f.hour - (date_trunc('month', f.hour at time zone 'UTC') at time zone 'UTC'))) / 3600)::int, 1))
from team_member_hours f where f.bets > 0
group by 1, 2;
analyze team_member_hours;
analyze team_ancestor_hours;
analyze team_member_months;

-- A member that changes upline takes its subtree's rolled figures from the old agents above it to
-- the new ones (those above both get both and keep the sum). Under the rollup's state row, so a
-- rollup running meanwhile is either wholly before (its rows are moved) or wholly after (it rolls
-- through the new tree). Entries above the watermark are read through the tree of the moment anyway.
create or replace function wl_team_figures_move() returns trigger language plpgsql as $$
begin
  perform 1 from team_figures_state where id = 1 for update;
  insert into team_ancestor_hours (ancestor_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
  select c.ancestor_id, d.hour, sum(c.sign * d.bets), sum(c.sign * d.bet_minor), sum(c.sign * d.valid_bet_minor),
         sum(c.sign * d.payout_minor), sum(c.sign * d.deposit_minor), sum(c.sign * d.withdraw_minor)
  from (
    select t.ancestor_id, -1 as sign from member_tree t where old.upline_id is not null and t.descendant_id = old.upline_id
    union all
    select t.ancestor_id, 1 from member_tree t where new.upline_id is not null and t.descendant_id = new.upline_id
  ) c
  cross join (
    select f.hour, sum(f.bets) as bets, sum(f.bet_minor) as bet_minor, sum(f.valid_bet_minor) as valid_bet_minor,
           sum(f.payout_minor) as payout_minor, sum(f.deposit_minor) as deposit_minor, sum(f.withdraw_minor) as withdraw_minor
    from team_member_hours f join member_tree s on s.descendant_id = f.member_id and s.ancestor_id = new.id
    group by f.hour
  ) d
  group by 1, 2
  on conflict (ancestor_id, hour) do update set
    bets = team_ancestor_hours.bets + excluded.bets,
    bet_minor = team_ancestor_hours.bet_minor + excluded.bet_minor,
    valid_bet_minor = team_ancestor_hours.valid_bet_minor + excluded.valid_bet_minor,
    payout_minor = team_ancestor_hours.payout_minor + excluded.payout_minor,
    deposit_minor = team_ancestor_hours.deposit_minor + excluded.deposit_minor,
    withdraw_minor = team_ancestor_hours.withdraw_minor + excluded.withdraw_minor;
  return null;
end $$;
create trigger team_figures_move after update of upline_id on members
  for each row when (old.upline_id is distinct from new.upline_id) execute function wl_team_figures_move();
