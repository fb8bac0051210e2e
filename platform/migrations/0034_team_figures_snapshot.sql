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

-- One function for both triggers: each names its transition table wl_paths; a delete subtracts.
create or replace function wl_team_joins_change() returns trigger language plpgsql as $$
begin
  -- In key order, so two registrations under one agent lock its rows in the same order.
  insert into team_joins (ancestor_id, hour, joined)
  select p.ancestor_id, date_bin('1 hour', m.created_at, timestamptz '2000-01-01 00:00:00+00'),
         case when tg_op = 'DELETE' then -count(*) else count(*) end
  from wl_paths p join members m on m.id = p.descendant_id
  where p.depth >= 1
  group by 1, 2 order by 1, 2
  on conflict (ancestor_id, hour) do update set joined = team_joins.joined + excluded.joined;
  return null;
end $$;
create trigger member_tree_joins_add after insert on member_tree
  referencing new table as wl_paths for each statement execute function wl_team_joins_change();
create trigger member_tree_joins_remove after delete on member_tree
  referencing old table as wl_paths for each statement execute function wl_team_joins_change();

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

-- A subtree that moves drops the active counts of the agents above its old and new places (under
-- the rollup's state row, as wl_team_figures_move, so no rollup step is moving them meanwhile).
create or replace function wl_team_active_forget() returns trigger language plpgsql as $$
begin
  perform 1 from team_figures_state where id = 1 for update;
  delete from team_active_memo q
  where q.ancestor_id in (select t.ancestor_id from member_tree t where t.descendant_id in (old.upline_id, new.upline_id));
  return null;
end $$;
create trigger team_active_forget after update of upline_id on members
  for each row when (old.upline_id is distinct from new.upline_id) execute function wl_team_active_forget();

-- The team betting page walks the ledger newest first and stops at its page, whatever the team's
-- size: the order's own index, (created_at, id), in place of (created_at) alone.
create index ledger_entries_time_id_idx on ledger_entries (created_at, id);
drop index ledger_entries_time_idx;
