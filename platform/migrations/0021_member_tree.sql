-- Issue 10 item 1 (docs/0046): the agent tree as a closure table. One row per (ancestor, descendant)
-- pair with the number of steps between them, including each member with itself at depth 0, so an
-- agent's whole subtree is one indexed lookup at any depth (`where ancestor_id = agent`), and "is X in
-- my subtree" is one primary-key probe. members.upline_id stays the single source of truth; the rows
-- below are derived from it by triggers, inside the transaction that writes the member (a
-- registration through an invitation code, an agent registering a downline, an upline change), so the
-- two can never disagree.
create table member_tree (
  ancestor_id integer not null references members(id),
  descendant_id integer not null references members(id),
  depth integer not null check (depth >= 0),
  primary key (ancestor_id, descendant_id)
);
create index member_tree_descendant_idx on member_tree (descendant_id, depth);
create index members_upline_idx on members (upline_id) where upline_id is not null;
-- The team queries go from the tree to each downline's accounts: by member, not by the merchant-first
-- purpose index of 0010 (which also leaves accountFor's member lookups without an index).
create index ledger_accounts_member_idx on ledger_accounts (member_id, kind) where member_id is not null;

-- A new member: itself at depth 0, and every ancestor of its upline one step further away.
create or replace function wl_member_tree_insert() returns trigger language plpgsql as $$
begin
  if new.upline_id is not null then
    perform 1 from members where id = new.upline_id and merchant_id = new.merchant_id;
    if not found then
      raise exception 'upline % is not a member of merchant %', new.upline_id, new.merchant_id using errcode = '23514';
    end if;
  end if;
  insert into member_tree (ancestor_id, descendant_id, depth) values (new.id, new.id, 0);
  if new.upline_id is not null then
    insert into member_tree (ancestor_id, descendant_id, depth)
      select ancestor_id, new.id, depth + 1 from member_tree where descendant_id = new.upline_id;
  end if;
  return null;
end
$$;

-- A moved member takes its whole subtree along: the paths from its old ancestors into the subtree go,
-- the paths from the new upline's ancestors come. An upline inside its own subtree (a cycle) or of
-- another merchant is refused (23514, like the ledger's checks).
create or replace function wl_member_tree_move() returns trigger language plpgsql as $$
begin
  if new.upline_id is not null then
    perform 1 from members where id = new.upline_id and merchant_id = new.merchant_id;
    if not found then
      raise exception 'upline % is not a member of merchant %', new.upline_id, new.merchant_id using errcode = '23514';
    end if;
    perform 1 from member_tree where ancestor_id = new.id and descendant_id = new.upline_id;
    if found then
      raise exception 'upline % is inside the subtree of %', new.upline_id, new.id using errcode = '23514';
    end if;
  end if;
  delete from member_tree t
    using member_tree up, member_tree down
    where up.descendant_id = new.id and up.ancestor_id <> new.id
      and down.ancestor_id = new.id
      and t.ancestor_id = up.ancestor_id and t.descendant_id = down.descendant_id;
  if new.upline_id is not null then
    insert into member_tree (ancestor_id, descendant_id, depth)
      select up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
      from member_tree up, member_tree down
      where up.descendant_id = new.upline_id and down.ancestor_id = new.id;
  end if;
  return null;
end
$$;

create trigger members_tree_insert after insert on members for each row execute function wl_member_tree_insert();
create trigger members_tree_move after update of upline_id on members for each row
  when (new.upline_id is distinct from old.upline_id) execute function wl_member_tree_move();

-- Backfill from upline_id (members that exist before this migration).
insert into member_tree (ancestor_id, descendant_id, depth)
with recursive paths (ancestor_id, descendant_id, depth) as (
  select id, id, 0 from members
  union all
  select m.upline_id, p.descendant_id, p.depth + 1
  from paths p join members m on m.id = p.ancestor_id
  where m.upline_id is not null and p.depth < 10000
)
select ancestor_id, descendant_id, depth from paths;
