-- docs/0082: the team figures' watermark comes from a transaction snapshot, not from a SHARE lock on
-- the ledger. Each entry records the transaction that wrote it (its 64-bit xid, as a bigint); the
-- entries are rolled in (xact_id, id) order, and only those whose writer is older than the oldest
-- transaction still running (pg_snapshot_xmin), so none can still commit below the watermark.
-- Rows written before this migration read 0 (a constant default adds no rewrite); the ALTER's lock
-- waits for any writer in flight, so all of them are committed, and the watermark starts at
-- (0, the old entry watermark): the old rolled set exactly.
alter table ledger_entries add column xact_id bigint not null default 0;
alter table ledger_entries alter column xact_id set default (pg_current_xact_id()::text)::bigint;
create index ledger_entries_xact_idx on ledger_entries (xact_id, id);
alter table team_figures_state add column rolled_xact bigint not null default 0;

-- Registrations per (agent, UTC hour of the member's registration) over the agent's whole team
-- (depth >= 1): the team size is their sum and the new members of whole hours are read here, not
-- from the team's 100,000 rows. Kept from the closure table's own rows, in the statement that
-- writes them (a registration, a subtree that moves), so it never disagrees with the tree.
create table team_joins (
  ancestor_id integer not null references members(id),
  hour timestamptz not null,
  joined integer not null,
  primary key (ancestor_id, hour)
);
insert into team_joins (ancestor_id, hour, joined)
select t.ancestor_id, date_bin('1 hour', m.created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)
from member_tree t join members m on m.id = t.descendant_id
where t.depth >= 1
group by 1, 2;

create or replace function wl_team_joins_add() returns trigger language plpgsql as $$
begin
  -- In key order, so two registrations under one agent lock its rows in the same order.
  insert into team_joins (ancestor_id, hour, joined)
  select n.ancestor_id, date_bin('1 hour', m.created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)
  from wl_new_paths n join members m on m.id = n.descendant_id
  where n.depth >= 1
  group by 1, 2 order by 1, 2
  on conflict (ancestor_id, hour) do update set joined = team_joins.joined + excluded.joined;
  return null;
end $$;
create or replace function wl_team_joins_remove() returns trigger language plpgsql as $$
begin
  insert into team_joins (ancestor_id, hour, joined)
  select o.ancestor_id, date_bin('1 hour', m.created_at, timestamptz '2000-01-01 00:00:00+00'), -count(*)
  from wl_old_paths o join members m on m.id = o.descendant_id
  where o.depth >= 1
  group by 1, 2 order by 1, 2
  on conflict (ancestor_id, hour) do update set joined = team_joins.joined + excluded.joined;
  return null;
end $$;
create trigger member_tree_joins_add after insert on member_tree
  referencing new table as wl_new_paths for each statement execute function wl_team_joins_add();
create trigger member_tree_joins_remove after delete on member_tree
  referencing old table as wl_old_paths for each statement execute function wl_team_joins_remove();

-- New members of a period's partial hours are read from the members themselves.
create index members_created_idx on members (merchant_id, created_at);

-- The active members (distinct downlines with a bet) of an agent over whole UTC hours
-- [from_hour, to_hour), exact as of the watermark (rolled_xact, rolled_id): made by the first read of
-- a period, then moved along by each rollup step (the step's new bettors in those hours that had no
-- rolled bet there yet), and dropped when stale, after an hour, or when the team changes.
create table team_active_memo (
  ancestor_id integer not null references members(id),
  from_hour timestamptz not null,
  to_hour timestamptz not null,
  rolled_xact bigint not null,
  rolled_id bigint not null,
  active integer not null,
  made_at timestamptz not null default now(),
  primary key (ancestor_id, from_hour, to_hour)
);

-- A subtree that moves also drops the active counts of the agents above its old and new places.
create or replace function wl_team_figures_move() returns trigger language plpgsql as $$
begin
  perform 1 from team_figures_state where id = 1 for update;
  delete from team_active_memo q
  where q.ancestor_id in (
    select t.ancestor_id from member_tree t where t.descendant_id in (old.upline_id, new.upline_id)
  );
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

-- The team betting page walks the ledger newest first and stops at its page, whatever the team's
-- size: the order's own index, (created_at, id), in place of (created_at) alone.
create index ledger_entries_time_id_idx on ledger_entries (created_at, id);
drop index ledger_entries_time_idx;
